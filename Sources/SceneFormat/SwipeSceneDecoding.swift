import Geometry
import LayerTree
import Models

/// Keys of a `swipe` scene (see docs/swipe-scene.md).
let swipeKeys = [
    "kind", "canvas", "viewport", "framesPerSecond", "list", "rightToLeft", "metrics", "chrome", "emails",
    "leading", "trailing", "timeline", "showsTouches",
]
let swipeMetricsKeys = [
    "listTop", "rowHeight", "rowInset", "rowInsetTrailing", "cornerRadius", "rowSpacing", "textInset", "titleBaseline", "titleX",
    "titleSize", "senderSize", "textSize",
]
let swipeChromeKeys = ["title", "backTitle", "editTitle", "time", "today", "bars"]
let emailKeys = ["sender", "subject", "body", "date", "unread"]
let swipeConfigurationKeys = [
    "actions", "transitionStyle", "expansionStyle", "backgroundColor", "minimumButtonWidth", "maximumButtonWidth",
    "buttonPadding", "buttonSpacing", "buttonVerticalAlignment", "buttonDisplayMode", "buttonStyle",
]
let swipeActionKeys = [
    "title", "icon", "backgroundColor", "textColor", "highlightedBackgroundColor", "highlightedTextColor", "style",
    "transition", "effect",
]
let transitionKeys = ["kind", "duration", "initialScale", "threshold"]
let expansionKeys = [
    "target", "triggers", "elasticOverscroll", "completion", "minimumTargetOverscroll", "targetOverscrollElasticity",
    "minimumExpansionTranslation",
]
let swipeGestureKeys = ["touchDown", "drag", "release", "wait", "tap"]

enum ExpansionPreset: String, CaseIterable { case none, selection, fill, fillDelete, fillReverse }
enum CompletionName: String, CaseIterable { case bounce, fill, fillDelete, fillReverse }
enum EmailSet: String, CaseIterable { case demo, demoArabic }

extension SceneDecoder {
    func swipeScene(_ value: JSONValue) throws -> SwipeScene {
        var canvas = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: Color(hex: "#F2F2F7")!)
        var viewportTop = 0.0
        var fps = 30.0
        var list = InboxListStyle.plain
        var rtl = false
        var metrics = InboxMetrics()
        var chrome = InboxChrome()
        var emails: [InboxEmail]?
        var leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?
        var gestures: [SwipeGesture] = []
        var duration = 0.0
        var touches = true
        var metricsValue: JSONValue?
        for member in try object(value, "") {
            let p = member.key, v = member.value
            switch member.key {
            case "kind": break
            case "canvas": canvas = try self.canvas(v, p)
            case "viewport":
                let n = try numbers(v, p, [.nonNegative, .positive])
                viewportTop = n[0]
                canvas.height = n[1]
            case "framesPerSecond": fps = try number(v, p, .positive)
            case "list": list = try choice(v, p, InboxListStyle.self)
            case "rightToLeft": rtl = try bool(v, p)
            case "metrics": metricsValue = v
            case "chrome": chrome = try swipeChrome(v, p)
            case "emails":
                if case .string = v.kind {
                    emails = try choice(v, p, EmailSet.self) == .demo ? InboxEmail.demo : InboxEmail.demoArabic
                } else {
                    emails = try array(v, p).enumerated().map { i, e in try email(e, p + "[\(i)]") }
                }
            case "leading": leading = try optional(v) { try configuration(v, p) }
            case "trailing": trailing = try optional(v) { try configuration(v, p) }
            case "timeline":
                for (i, step) in try array(v, p).enumerated() {
                    let g = try swipeGesture(step, p + "[\(i)]")
                    gestures.append(g)
                    switch g {
                    case .wait(let s): duration += s
                    case .drag(_, _, let d, _), .tap(_, let d): duration += d
                    default: break
                    }
                }
            case "showsTouches": touches = try bool(v, p)
            default: throw unknownKey(member, "", known: swipeKeys)
            }
        }
        // List defaults, then the scene's own numbers.
        switch list {
        case .plain: break
        case .insetGrouped:
            // As the inset-grouped references frame the first row (its trailing inset is the smaller one there).
            metrics.rowInset = 31.7; metrics.rowInsetTrailing = 16.3; metrics.cornerRadius = 10; metrics.textInset = 21.1
            metrics.listTop = 58.5
        case .cards:
            metrics.rowInset = 20; metrics.cornerRadius = 10; metrics.rowSpacing = 24.2; metrics.textInset = 16
            metrics.listTop = 142.6; metrics.rowHeight = 94
        }
        if let metricsValue { metrics = try swipeMetrics(metricsValue, "metrics", base: metrics) }
        if duration * fps > 3600 {
            throw error(value, "timeline", "the timeline makes \(Int(duration * fps)) frames; at most 3600 are allowed")
        }
        if leading == nil && trailing == nil {
            throw error(value, "", "expected actions on at least one side: add 'leading' or 'trailing'")
        }
        var mailbox = emails ?? (rtl ? InboxEmail.demoArabic : InboxEmail.demo)
        if let today = chrome.today {
            let demoToday = InboxEmail.demo[0].date
            for i in mailbox.indices where mailbox[i].date == demoToday { mailbox[i].date = today }
        }
        return SwipeScene(canvas: canvas, framesPerSecond: fps, viewportTop: viewportTop, listStyle: list, rightToLeft: rtl,
                          metrics: metrics, chrome: chrome, emails: mailbox,
                          leading: leading, trailing: trailing, gestures: gestures, showsTouches: touches)
    }

    func swipeMetrics(_ value: JSONValue, _ path: String, base: InboxMetrics) throws -> InboxMetrics {
        var m = base
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "listTop": m.listTop = try number(v, p, .nonNegative)
            case "rowHeight": m.rowHeight = try number(v, p, .positive)
            case "rowInset": m.rowInset = try number(v, p, .nonNegative)
            case "rowInsetTrailing": m.rowInsetTrailing = try number(v, p, .nonNegative)
            case "cornerRadius": m.cornerRadius = try number(v, p, .nonNegative)
            case "rowSpacing": m.rowSpacing = try number(v, p, .nonNegative)
            case "textInset": m.textInset = try number(v, p, .nonNegative)
            case "titleBaseline": m.titleBaseline = try number(v, p)
            case "titleX": m.titleX = try number(v, p, .nonNegative)
            case "titleSize": m.titleSize = try number(v, p, .positive)
            case "senderSize": m.senderSize = try number(v, p, .positive)
            case "textSize": m.textSize = try number(v, p, .positive)
            default: throw unknownKey(member, path, known: swipeMetricsKeys)
            }
        }
        return m
    }

    func swipeChrome(_ value: JSONValue, _ path: String) throws -> InboxChrome {
        var c = InboxChrome()
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "title": c.title = try string(v, p)
            case "backTitle": c.backTitle = try string(v, p)
            case "editTitle": c.editTitle = try string(v, p)
            case "time": c.time = try string(v, p)
            case "today": c.today = try string(v, p)
            case "bars": c.showsBars = try bool(v, p)
            default: throw unknownKey(member, path, known: swipeChromeKeys)
            }
        }
        return c
    }

    func email(_ value: JSONValue, _ path: String) throws -> InboxEmail {
        var sender: String?, subject = "", body = "", date = "", unread = false
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "sender": sender = try string(v, p)
            case "subject": subject = try string(v, p)
            case "body": body = try string(v, p)
            case "date": date = try string(v, p)
            case "unread": unread = try bool(v, p)
            default: throw unknownKey(member, path, known: emailKeys)
            }
        }
        guard let sender else { throw error(value, path, "missing required key 'sender'") }
        return InboxEmail(sender: sender, subject: subject, body: body, date: date, unread: unread)
    }

    func configuration(_ value: JSONValue, _ path: String) throws -> SwipeActionsConfiguration {
        var config = SwipeActionsConfiguration(actions: [])
        var sawActions = false
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "actions":
                config.actions = try array(v, p).enumerated().map { i, a in try swipeAction(a, p + "[\(i)]") }
                guard !config.actions.isEmpty else { throw error(v, p, "expected at least one action, found an empty array") }
                sawActions = true
            case "transitionStyle": config.transitionStyle = try choice(v, p, SwipeTransitionStyle.self)
            case "expansionStyle": config.expansionStyle = try expansion(v, p)
            case "backgroundColor": config.backgroundColor = try color(v, p)
            case "minimumButtonWidth": config.minimumButtonWidth = try number(v, p, .positive)
            case "maximumButtonWidth": config.maximumButtonWidth = try number(v, p, .positive)
            case "buttonPadding": config.buttonPadding = try number(v, p, .nonNegative)
            case "buttonSpacing": config.buttonSpacing = try number(v, p, .nonNegative)
            case "buttonVerticalAlignment": config.buttonVerticalAlignment = try choice(v, p, SwipeVerticalAlignment.self)
            case "buttonDisplayMode": config.buttonDisplayMode = try choice(v, p, SwipeButtonDisplayMode.self)
            case "buttonStyle": config.buttonStyle = try choice(v, p, SwipeButtonStyle.self)
            default: throw unknownKey(member, path, known: swipeConfigurationKeys)
            }
        }
        guard sawActions else { throw error(value, path, "missing required key 'actions'") }
        if let min = config.minimumButtonWidth, let max = config.maximumButtonWidth, min > max {
            throw error(value, path, "expected minimumButtonWidth <= maximumButtonWidth, found \(formatNumber(min)) > \(formatNumber(max))")
        }
        return config
    }

    func swipeAction(_ value: JSONValue, _ path: String) throws -> SwipeAction {
        var action = SwipeAction(title: nil, icon: nil)
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "title": action.title = try string(v, p)
            case "icon": action.icon = try choice(v, p, Icon.self)
            case "backgroundColor": action.backgroundColor = try color(v, p)
            case "textColor": action.textColor = try color(v, p)
            case "highlightedBackgroundColor": action.highlightedBackgroundColor = try color(v, p)
            case "highlightedTextColor": action.highlightedTextColor = try color(v, p)
            case "style": action.style = try choice(v, p, SwipeActionStyle.self)
            case "transition": action.transition = try transition(v, p)
            case "effect": action.effect = try choice(v, p, SwipeActionEffect.self)
            default: throw unknownKey(member, path, known: swipeActionKeys)
            }
        }
        if action.title == nil && action.icon == nil {
            throw error(value, path, "expected a 'title' or an 'icon' (or both)")
        }
        return action
    }

    func transition(_ value: JSONValue, _ path: String) throws -> SwipeTransitionAnimation {
        if case .string = value.kind { return SwipeTransitionAnimation(try choice(value, path, SwipeTransitionAnimationKind.self)) }
        var t = SwipeTransitionAnimation(.default)
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "kind": t.kind = try choice(v, p, SwipeTransitionAnimationKind.self)
            case "duration": t.duration = try number(v, p, .positive)
            case "initialScale": t.initialScale = try number(v, p, .unit)
            case "threshold": t.threshold = try number(v, p, .unit)
            default: throw unknownKey(member, path, known: transitionKeys)
            }
        }
        return t
    }

    func expansion(_ value: JSONValue, _ path: String) throws -> SwipeExpansionStyle? {
        if case .string = value.kind {
            switch try choice(value, path, ExpansionPreset.self) {
            case .none: return nil
            case .selection: return .selection
            case .fill: return .fill
            case .fillDelete: return .fillDelete
            case .fillReverse: return .fillReverse
            }
        }
        var style = SwipeExpansionStyle(target: .percentage(0.5))
        var sawTarget = false
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "target":
                style.target = try expansionTarget(v, p)
                sawTarget = true
            case "triggers":
                style.triggers = try array(v, p).enumerated().map { i, t in try trigger(t, p + "[\(i)]") }
            case "elasticOverscroll": style.elasticOverscroll = try bool(v, p)
            case "completion":
                switch try choice(v, p, CompletionName.self) {
                case .bounce: style.completion = .bounce
                case .fill: style.completion = .fill(delete: false, reverse: false)
                case .fillDelete: style.completion = .fill(delete: true, reverse: false)
                case .fillReverse: style.completion = .fill(delete: false, reverse: true)
                }
            case "minimumTargetOverscroll": style.minimumTargetOverscroll = try number(v, p, .nonNegative)
            case "targetOverscrollElasticity": style.targetOverscrollElasticity = try number(v, p, .unit)
            case "minimumExpansionTranslation": style.minimumExpansionTranslation = try number(v, p, .nonNegative)
            default: throw unknownKey(member, path, known: expansionKeys)
            }
        }
        guard sawTarget else { throw error(value, path, "missing required key 'target'") }
        return style
    }

    func expansionTarget(_ value: JSONValue, _ path: String) throws -> SwipeExpansionStyle.Target {
        let m = try onlyMember(value, path, expected: "one of {\"percentage\": 0...1} or {\"edgeInset\": points}")
        let p = child(path, m.key)
        switch m.key {
        case "percentage": return .percentage(try number(m.value, p, .unit))
        case "edgeInset": return .edgeInset(try number(m.value, p, .nonNegative))
        default: throw unknownKey(m, path, known: ["percentage", "edgeInset"])
        }
    }

    func trigger(_ value: JSONValue, _ path: String) throws -> SwipeExpansionStyle.Trigger {
        let m = try onlyMember(value, path, expected: "one of {\"touchThreshold\": 0...1} or {\"overscroll\": points}")
        let p = child(path, m.key)
        switch m.key {
        case "touchThreshold": return .touchThreshold(try number(m.value, p, .unit))
        case "overscroll": return .overscroll(try number(m.value, p, .nonNegative))
        default: throw unknownKey(m, path, known: ["touchThreshold", "overscroll"])
        }
    }

    func swipeGesture(_ value: JSONValue, _ path: String) throws -> SwipeGesture {
        let member = try onlyMember(value, path, expected: "one step: \"touchDown\", \"drag\", \"release\", \"wait\" or \"tap\"")
        let p = child(path, member.key), v = member.value
        switch member.key {
        case "touchDown": return .touchDown(try point(v, p))
        case "wait": return .wait(try number(v, p, .nonNegative))
        case "drag":
            let d = try dragStep(v, p)
            return .drag(from: d.from, to: d.to, duration: d.duration, curve: d.curve)
        case "release": return .release(velocity: try releaseStep(v, p))
        case "tap":
            let t = try tapStep(v, p)
            return .tap(at: t.at, duration: t.duration)
        default:
            throw unknownKey(member, path, known: swipeGestureKeys)
        }
    }
}
