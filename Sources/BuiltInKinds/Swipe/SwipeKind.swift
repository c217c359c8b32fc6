import RenderPreviewsKindKit

extension SwipeGesture: ScriptStep {
    public init(_ finger: FingerStep) {
        switch finger {
        case .wait(let s): self = .wait(s)
        case .drag(let d): self = .drag(d)
        case .release(let r): self = .release(velocity: r.velocity)
        case .tap(let t): self = .tap(t)
        case .path(let p): self = .path(p)
        }
    }

    public var finger: FingerStep? {
        switch self {
        case .wait(let s): .wait(s)
        case .drag(let d): .drag(d)
        case .release(let v): .release(FingerRelease(velocity: v))
        case .tap(let t): .tap(t)
        case .path(let p): .path(p)
        case .touchDown: nil
        }
    }

    static let forms = [
        Form<SwipeGesture>("touchDown", .point(), doc: "a finger goes down on the row it will swipe",
                           make: { .touchDown($0) }, match: { if case .touchDown(let p) = $0 { p } else { nil } }),
    ] + fingerForms(
        wait: "time passes",
        drag: "the finger moves; the cell follows with SwipeCellKit's elastic resistance",
        release: "the finger lifts; the cell springs open, closed or performs the expansion",
        tap: "a button performs its action; the content of an open cell closes it")
}

/// The list style's metrics as a scene overrides them: nil keeps the style's own value.
public struct InboxMetricOverrides: Equatable, Sendable {
    public var listTop, rowHeight, rowInset, rowInsetTrailing, cornerRadius, rowSpacing: Double?
    public var textInset, accessoryInset, titleBaseline, titleX, titleSize, senderSize, textSize: Double?

    public init() {}

    func applied(to base: InboxMetrics) -> InboxMetrics {
        var m = base
        let pairs: [(KeyPath<InboxMetricOverrides, Double?>, WritableKeyPath<InboxMetrics, Double>)] = [
            (\.listTop, \.listTop), (\.rowHeight, \.rowHeight), (\.rowInset, \.rowInset), (\.cornerRadius, \.cornerRadius),
            (\.rowSpacing, \.rowSpacing), (\.textInset, \.textInset), (\.accessoryInset, \.accessoryInset),
            (\.titleBaseline, \.titleBaseline), (\.titleX, \.titleX),
            (\.titleSize, \.titleSize), (\.senderSize, \.senderSize), (\.textSize, \.textSize),
        ]
        for (from, to) in pairs { if let v = self[keyPath: from] { m[keyPath: to] = v } }
        if let v = rowInsetTrailing { m.rowInsetTrailing = v }
        return m
    }
}

extension InboxListStyle {
    /// Where the demo's list puts its rows in each style, measured from the references.
    public var metrics: InboxMetrics {
        var m = InboxMetrics()
        switch self {
        case .plain: break
        case .insetGrouped:
            // As the inset-grouped references frame the first row (its trailing inset is the smaller one there).
            // The chevron's ink ends 31.6 pt inside the row in TableView_Demo, 30.8 in TransitionStyle_Border.
            m.rowInset = 31.7; m.rowInsetTrailing = 16.3; m.cornerRadius = 10; m.textInset = 21.1
            m.listTop = 58.5; m.accessoryInset = 31.2
        case .cards:
            // A collection cell's margins are 8 pt: the chevron ends 19.5 pt inside the card in CollectionView_Demo.
            m.rowInset = 20; m.cornerRadius = 10; m.rowSpacing = 24.2; m.textInset = 16
            m.listTop = 142.6; m.rowHeight = 94; m.accessoryInset = 19.5
        }
        return m
    }
}

extension SwipeAction {
    /// The demo's buttons, by the names scenes use for them.
    public static let demo: [(String, SwipeAction)] = {
        let trash = SwipeAction(title: "Trash", icon: .trash, backgroundColor: .systemRed, style: .destructive)
        let flag = SwipeAction(title: "Flag", icon: .flag, backgroundColor: .systemOrange)
        let more = SwipeAction(title: "More", icon: .ellipsis, backgroundColor: .systemGray3)
        var unread = SwipeAction(title: "Unread", icon: .envelopeBadge, backgroundColor: .systemBlue)
        unread.effect = .toggleUnread
        var trashArabic = trash
        trashArabic.title = "حذف"
        var flagArabic = flag
        flagArabic.title = "علَم"
        var moreArabic = more
        moreArabic.title = "المزيد"
        var unreadArabic = unread
        unreadArabic.title = "غير مقروء"
        return [("trash", trash), ("flag", flag), ("more", more), ("unread", unread),
                ("trashArabic", trashArabic), ("flagArabic", flagArabic), ("moreArabic", moreArabic),
                ("unreadArabic", unreadArabic)]
    }()

    static func demo(_ name: String) -> SwipeAction { demo.first { $0.0 == name }!.1 }

    /// The demo's sets of buttons: the mail actions of the trailing side, Unread on the leading side.
    public static let demoSets: [(String, [SwipeAction])] = [
        ("mail", ["trash", "flag", "more"].map(demo)),
        ("mailArabic", ["trashArabic", "flagArabic", "moreArabic"].map(demo)),
        ("unread", [demo("unread")]),
        ("unreadArabic", [demo("unreadArabic")]),
    ]
}

/// `"kind": "swipe"`: the SwipeCellKit demo's Inbox swiped by a script (docs/swipe-scene.md).
public enum SwipeKind: PreviewKind {
    public static let name = "swipe"
    public static let summary = "MGUSwipeTableViewCell / MGUSwipeCollectionViewCell in the demo Inbox, swiped by a script"

    public struct Settings: PreviewSettings {
        /// The screen the canvas shows; `viewport` crops its height.
        public var screen = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: Color(hex: "#F2F2F7")!)
        /// The screen's y at the top of the canvas and the canvas height (the references crop the screen).
        public var viewport: [Double]?
        public var framesPerSecond = 30.0
        public var list = InboxListStyle.plain
        public var rightToLeft = false
        public var metrics = InboxMetricOverrides()
        public var chrome = InboxChrome()
        public var emails: [InboxEmail]?
        public var leading: SwipeActionsConfiguration?
        public var trailing: SwipeActionsConfiguration?
        public var rowActions: [RowActions] = []
        public var intro: NavigationIntro?
        public var timeline: [Timed<SwipeGesture>] = []
        public var duration: Double?
        public var keyFrames: [Double] = []
        public var showsTouches = true
        public var touchTrail = true
        public var touchEvents = TouchMark.trailEventRate
        public var panHysteresis = SwipeTimeline.panHysteresis

        public init() {}

        /// `{"rows": [1], "trailing": {…}}`: the actions of the rows at these places in the list.
        public struct RowActions: Hashable, Sendable {
            public var rows: [Int] = []
            public var leading: SwipeActionsConfiguration?
            public var trailing: SwipeActionsConfiguration?
            public init() {}

            /// The demo app's (its editActionsForRowAt, as TableView_Demo and CollectionView_Demo show it): the
            /// second row a lone Trash on red that fills and asks to confirm, the third Trash and Flag with fill
            /// reverse and the same question; the others keep the scene's.
            public static let demo: [RowActions] = {
                var confirm = SwipeAction.demo("trash")
                confirm.effect = .confirmDelete
                var second = SwipeActionsConfiguration(actions: [confirm])
                second.expansionStyle = .fill
                second.backgroundColor = .systemRed
                second.buttonSpacing = 4
                var third = SwipeActionsConfiguration(actions: [confirm, SwipeAction.demo("flag")])
                third.expansionStyle = .fillReverse
                third.buttonSpacing = 4
                var a = RowActions(), b = RowActions()
                a.rows = [1]; a.trailing = second
                b.rows = [2]; b.trailing = third
                return [a, b]
            }()
        }

        public var canvas: Canvas {
            var c = screen
            if let viewport { c.height = viewport[1] }
            return c
        }

        /// The model the keys describe: the list style's metrics under the scene's own, the mailbox for the
        /// reading direction, today's messages at the recording's time.
        public var scene: SwipeScene {
            var mailbox = emails ?? (rightToLeft ? InboxEmail.demoArabic : InboxEmail.demo)
            if let today = chrome.today {
                let demoToday = InboxEmail.demo[0].date
                for i in mailbox.indices where mailbox[i].date == demoToday { mailbox[i].date = today }
            }
            if let day = chrome.date, emails == nil || emails == InboxEmail.demo, !rightToLeft {
                let today = chrome.today ?? InboxEmail.demo[0].date
                for (i, age) in InboxEmail.demoDaysAgo.enumerated() where i < mailbox.count {
                    mailbox[i].date = day.relative(daysAgo: age, today: today)
                }
            }
            let steps = timeline.resolved(end: duration, duration: \.seconds, wait: SwipeGesture.wait)
            var scene = SwipeScene(canvas: canvas, framesPerSecond: framesPerSecond, viewportTop: viewport?[0] ?? 0,
                                   listStyle: list, rightToLeft: rightToLeft, metrics: metrics.applied(to: list.metrics),
                                   chrome: chrome, emails: mailbox, leading: leading, trailing: trailing,
                                   rowActions: rowActions.map { SwipeRowSides(positions: $0.rows, leading: $0.leading, trailing: $0.trailing) },
                                   gestures: steps, showsTouches: showsTouches, panHysteresis: panHysteresis, intro: intro)
            scene.touchTrailEvents = touchTrail ? touchEvents : nil
            return scene
        }
    }

    public static let defaults = Settings()

    // MARK: Declarations

    /// A metric's value in each list style, for the docs.
    static func listDefaults(_ keyPath: KeyPath<InboxMetrics, Double>) -> String {
        let values = InboxListStyle.allCases.map { formatNumber($0.metrics[keyPath: keyPath]) }
        return Set(values).count == 1 ? values[0] : zip(InboxListStyle.allCases, values).map { "\($0.rawValue) \($1)" }.joined(separator: ", ")
    }

    static let metricsSchema = Schema<InboxMetricOverrides>([
        Field("listTop", \.listTop, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.listTop), doc: "top of the first row"),
        Field("rowHeight", \.rowHeight, .optional(.number(.positive)), unit: "pt", default: listDefaults(\.rowHeight), doc: ""),
        Field("rowInset", \.rowInset, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.rowInset), doc: "leading inset of the rows"),
        Field("rowInsetTrailing", \.rowInsetTrailing, .optional(.number(.nonNegative)), unit: "pt", default: "rowInset (insetGrouped 16.3)", doc: "when it differs from rowInset"),
        Field("cornerRadius", \.cornerRadius, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.cornerRadius), doc: ""),
        Field("rowSpacing", \.rowSpacing, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.rowSpacing), doc: "gap between cards"),
        Field("textInset", \.textInset, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.textInset), doc: "leading inset of a row's text"),
        Field("accessoryInset", \.accessoryInset, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.accessoryInset),
              doc: "from a row's trailing edge to its chevron"),
        Field("titleBaseline", \.titleBaseline, .optional(.number()), unit: "pt", default: listDefaults(\.titleBaseline), doc: "baseline of the large title"),
        Field("titleX", \.titleX, .optional(.number(.nonNegative)), unit: "pt", default: listDefaults(\.titleX), doc: ""),
        Field("titleSize", \.titleSize, .optional(.number(.positive)), unit: "pt", default: listDefaults(\.titleSize), doc: "large title"),
        Field("senderSize", \.senderSize, .optional(.number(.positive)), unit: "pt", default: listDefaults(\.senderSize), doc: "subject and body are 2 pt smaller"),
        Field("textSize", \.textSize, .optional(.number(.positive)), unit: "pt", default: listDefaults(\.textSize), doc: "date"),
    ])

    static let dayType = ValueType<InboxDay>(
        summary: "\"M/D/YY\"", control: .text,
        decode: { v, p, d in
            let text = try d.string(v, p)
            guard let day = InboxDay(text) else { throw d.error(v, p, "expected a date as M/D/YY (\"5/26/23\"), found \"\(text)\"") }
            return day
        },
        encode: { .string($0.description) })

    static let chromeSchema = Schema<InboxChrome>([
        Field("title", \.title, .string, doc: "the large title"),
        Field("backTitle", \.backTitle, .string, doc: ""),
        Field("editTitle", \.editTitle, .string, doc: ""),
        Field("time", \.time, .string, doc: "the status bar clock"),
        Field("today", \.today, .optional(.string), doc: "the time today's messages show"),
        Field("date", \.date, .optional(dayType), default: "5/24/23",
              doc: "the day the recording was made (M/D/YY): the demo's messages are dated from it"),
        Field("bars", \.showsBars, .bool, doc: "status and navigation bars"),
        .homeIndicator(\.homeIndicator),
    ])

    static let emailSchema = Schema<InboxEmail>([
        Field("sender", \.sender, .string, required: true, doc: ""),
        Field("subject", \.subject, .string, doc: ""),
        Field("body", \.body, .string, doc: ""),
        Field("date", \.date, .string, doc: ""),
        Field("unread", \.unread, .bool, doc: ""),
    ])

    static let emailsType = ValueType<[InboxEmail]?>.named(
        [("demo", InboxEmail.demo), ("demoArabic", InboxEmail.demoArabic)],
        otherwise: .optional(.array(.object(emailSchema, defaults: InboxEmail(sender: "", subject: "", body: "", date: ""),
                                            summary: "{sender, subject, body, date, unread}"))))

    static let transitionSchema = Schema<SwipeTransitionAnimation>([
        Field("kind", \.kind, .choice(), doc: ""),
        Field("duration", \.duration, .number(.positive), unit: "s", doc: ""),
        Field("initialScale", \.initialScale, .number(.unit), doc: ""),
        Field("threshold", \.threshold, .number(.unit), doc: "share of the button that must show"),
    ])

    /// A kind name, or an object that tunes it.
    static let transitionType: ValueType<SwipeTransitionAnimation> = {
        let object = ValueType.object(transitionSchema, defaults: SwipeTransitionAnimation(.default), summary: "{kind, duration, initialScale, threshold}")
        let name = ValueType<SwipeTransitionAnimationKind>.choice()
        return ValueType(summary: name.summary + " or " + object.summary, control: name.control,
                         decode: { v, p, d in
                             if case .string = v.kind { return SwipeTransitionAnimation(try name.decode(v, p, d)) }
                             return try object.decode(v, p, d)
                         },
                         encode: { t in t == SwipeTransitionAnimation(t.kind) ? name.encode(t.kind) : object.encode(t) })
    }()

    static let actionSchema = Schema<SwipeAction>([
        Field("title", \.title, .optional(.string), doc: ""),
        Field("icon", \.icon, .optional(.choice()), doc: "a glyph name"),
        Field("backgroundColor", \.backgroundColor, .optional(.color), default: "the style's", doc: "systemRed for destructive, else systemGray3"),
        Field("textColor", \.textColor, .optional(.color), doc: ""),
        Field("highlightedBackgroundColor", \.highlightedBackgroundColor, .optional(.color), doc: "read, not drawn yet"),
        Field("highlightedTextColor", \.highlightedTextColor, .optional(.color), doc: "read, not drawn yet"),
        Field("style", \.style, .choice(), doc: ""),
        Field("transition", \.transition, transitionType, doc: "the button's animation as it shows"),
        Field("effect", \.effect, .choice(), doc: "what the demo's handler shows"),
    ], check: { action, object, d in
        if action.title == nil && action.icon == nil {
            throw d.error(object.value, object.path, "expected a 'title' or an 'icon' (or both)")
        }
    })

    /// A demo button by name ("trash"), an object, or an object that starts from a demo button
    /// (`{"like": "trash", "effect": "confirmDelete"}`).
    static let actionType: ValueType<SwipeAction> = {
        let names = SwipeAction.demo.map(\.0)
        let like = Parameter(key: "like", summary: quotedList(names), defaultText: "", doc: "start from this demo button",
                             control: .choice(names))
        return ValueType(
            summary: "a demo button's name or an action object", control: .json,
            nested: [like] + actionSchema.parameters(defaults: SwipeAction(title: nil, icon: nil)),
            decode: { v, p, d in
                if case .string = v.kind { return SwipeAction.demo(try d.name(v, p, among: names)) }
                var action = SwipeAction(title: nil, icon: nil)
                if let like = try d.object(v, p).first(where: { $0.key == "like" }) {
                    action = SwipeAction.demo(try d.name(like.value, d.child(p, "like"), among: names))
                }
                try actionSchema.decode(v, p, d, into: &action, handled: ["like"])
                return action
            },
            encode: { action in
                if let named = SwipeAction.demo.first(where: { $0.1 == action }) { return .string(named.0) }
                if let base = SwipeAction.demo.first(where: { $0.1.title == action.title && $0.1.icon == action.icon }),
                   case .object(let members) = actionSchema.encode(action, defaults: base.1) {
                    return .object([JSONNode.Member("like", .string(base.0))] + members)
                }
                return actionSchema.encode(action, defaults: SwipeAction(title: nil, icon: nil))
            })
    }()

    static let actionsType = ValueType<[SwipeAction]>.named(SwipeAction.demoSets, otherwise: .array(actionType, atLeastOne: "action"))

    static let targetType = ValueType<SwipeExpansionStyle.Target>.oneOf([
        Form("percentage", .number(.unit), doc: "a share of the cell's width",
             make: { .percentage($0) }, match: { if case .percentage(let p) = $0 { p } else { nil } }),
        Form("edgeInset", .number(.nonNegative), doc: "the cell's width less this inset",
             make: { .edgeInset($0) }, match: { if case .edgeInset(let e) = $0 { e } else { nil } }),
    ], expected: "one of {\"percentage\": 0...1} or {\"edgeInset\": points}")

    static let triggerType = ValueType<SwipeExpansionStyle.Trigger>.oneOf([
        Form("touchThreshold", .number(.unit), doc: "the finger's share of the width from the far edge",
             make: { .touchThreshold($0) }, match: { if case .touchThreshold(let v) = $0 { v } else { nil } }),
        Form("overscroll", .number(.nonNegative), doc: "points past the buttons",
             make: { .overscroll($0) }, match: { if case .overscroll(let v) = $0 { v } else { nil } }),
    ], expected: "one of {\"touchThreshold\": 0...1} or {\"overscroll\": points}")

    enum CompletionName: String, CaseIterable, Sendable { case bounce, fill, fillDelete, fillReverse }

    static let completionType = ValueType<CompletionName>.choice().map(
        to: { name, _, _, _ -> SwipeExpansionStyle.Completion in
            switch name {
            case .bounce: .bounce
            case .fill: .fill(delete: false, reverse: false)
            case .fillDelete: .fill(delete: true, reverse: false)
            case .fillReverse: .fill(delete: false, reverse: true)
            }
        },
        from: { completion in
            switch completion {
            case .bounce: .bounce
            case .fill(let delete, let reverse): delete ? .fillDelete : reverse ? .fillReverse : .fill
            }
        })

    static let expansionSchema = Schema<SwipeExpansionStyle>([
        Field("target", \.target, targetType, required: true, doc: "how far a swipe must go to expand"),
        Field("triggers", \.triggers, .array(triggerType), doc: "what else expands it"),
        Field("elasticOverscroll", \.elasticOverscroll, .bool, doc: "buttons grow into the overscroll"),
        Field("completion", \.completion, completionType, doc: "bounce back, or fill (and delete, or reverse)"),
        Field("minimumTargetOverscroll", \.minimumTargetOverscroll, .number(.nonNegative), unit: "pt", doc: ""),
        Field("targetOverscrollElasticity", \.targetOverscrollElasticity, .number(.unit), doc: ""),
        Field("minimumExpansionTranslation", \.minimumExpansionTranslation, .number(.nonNegative), unit: "pt", doc: ""),
    ])

    static let expansionType = ValueType<SwipeExpansionStyle?>.named(
        [("none", nil), ("selection", .selection), ("fill", .fill), ("fillDelete", .fillDelete), ("fillReverse", .fillReverse)],
        otherwise: .optional(.object(expansionSchema, defaults: SwipeExpansionStyle(target: .percentage(0.5)), summary: "expansion object")))

    static let configurationSchema = Schema<SwipeActionsConfiguration>([
        Field("actions", \.actions, actionsType, required: true, doc: "nearest the edge first: that one expands"),
        Field("transitionStyle", \.transitionStyle, .choice(), doc: "border, drag or reveal"),
        Field("expansionStyle", \.expansionStyle, expansionType, default: "\"none\"", doc: "what a full swipe does"),
        Field("backgroundColor", \.backgroundColor, .optional(.color), default: "systemGray5", doc: "behind the buttons"),
        Field("minimumButtonWidth", \.minimumButtonWidth, .optional(.number(.positive)), unit: "pt", default: "74", doc: ""),
        Field("maximumButtonWidth", \.maximumButtonWidth, .optional(.number(.positive)), unit: "pt", default: "(width − 30) / count", doc: ""),
        Field("buttonPadding", \.buttonPadding, .optional(.number(.nonNegative)), unit: "pt", default: "8", doc: ""),
        Field("buttonSpacing", \.buttonSpacing, .optional(.number(.nonNegative)), unit: "pt", default: "8", doc: "between image and title"),
        Field("buttonVerticalAlignment", \.buttonVerticalAlignment, .choice(), doc: ""),
        Field("buttonDisplayMode", \.buttonDisplayMode, .choice(), doc: ""),
        Field("buttonStyle", \.buttonStyle, .choice(), doc: ""),
    ], check: { config, object, d in
        if let min = config.minimumButtonWidth, let max = config.maximumButtonWidth, min > max {
            throw d.error(object.value, object.path,
                          "expected minimumButtonWidth <= maximumButtonWidth, found \(formatNumber(min)) > \(formatNumber(max))")
        }
    })

    static let configurationType = ValueType<SwipeActionsConfiguration?>.optional(
        .object(configurationSchema, defaults: SwipeActionsConfiguration(actions: []), summary: "actions configuration",
                inline: false))

    static let rowActionsSchema = Schema<Settings.RowActions>([
        Field("rows", \.rows, .array(.integer, atLeastOne: "row"), required: true,
              doc: "places in the list, 0 at the top, counted when the swipe begins (removed rows left out)"),
        Field("leading", \.leading, configurationType, default: "the scene's", doc: "actions of the leading side"),
        Field("trailing", \.trailing, configurationType, default: "the scene's", doc: "actions of the trailing side"),
    ])

    public static let schema = Schema<Settings>([
        Field("canvas", \.screen, .canvas(over: Settings().screen), default: "390 × 844 pt at 480/390 px/pt, #F2F2F7",
              owner: .preview, doc: "the screen; `viewport` crops it"),
        Field("viewport", \.viewport, .optional(ValueType<[Double]>(
            summary: "[top, height]", control: .numbers(["top", "height"]),
            decode: { v, p, d in try d.numbers(v, p, [.nonNegative, .positive]) }, encode: { .numbers($0) })),
              unit: "pt", default: "the whole screen", owner: .preview, doc: "the part of the screen the canvas shows"),
        Field("framesPerSecond", \.framesPerSecond, .number(.positive), unit: "fps", owner: .preview, doc: ""),
        Field("list", \.list, .choice(), owner: .preview, doc: "UITableView plain or inset-grouped, or the collection demo's cards"),
        Field("rightToLeft", \.rightToLeft, .bool, owner: .preview, doc: "leading actions on the right, Arabic mailbox"),
        Field("metrics", \.metrics, .object(metricsSchema, defaults: InboxMetricOverrides()), default: "the list style's",
              owner: .preview, doc: "where the rows and texts are"),
        Field("chrome", \.chrome, .object(chromeSchema, defaults: InboxChrome()), owner: .preview, doc: "bars and their texts"),
        Field("emails", \.emails, emailsType, default: "\"demo\" (\"demoArabic\" right to left)", owner: .preview, doc: "the rows"),
        Field("leading", \.leading, configurationType, doc: "actions of the leading side"),
        Field("trailing", \.trailing, configurationType, doc: "actions of the trailing side"),
        Field("rowActions", \.rowActions, .named([("demo", Settings.RowActions.demo)],
                                                 otherwise: .array(.object(rowActionsSchema, defaults: Settings.RowActions(),
                                                                           summary: "{rows, leading, trailing}"))),
              doc: "rows whose actions differ, by place (the demo's editActionsForRowAt)"),
        Field("intro", \.intro, NavigationIntro.type(on: SwipeScene.demoIntro), default: "none", owner: .preview,
              doc: "open on the demo's menu: a tap on this row pushes the Inbox (the script's times go on meanwhile)"),
        Field("timeline", \.timeline, .timeline(SwipeGesture.forms, duration: \.seconds, start: \.start), owner: .preview,
              doc: "the script (below)"),
        Field("panHysteresis", \.panHysteresis, .number(.nonNegative), unit: "pt",
              owner: .preview, doc: "how far the finger goes before the row moves: a recording's, measured by `compare_motion.py track`"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
        .showsTouches(\.showsTouches),
        .touchTrail(\.touchTrail),
        Field("touchEvents", \.touchEvents, .number(NumberRule(minimum: 1, maximum: 240, expectation: "1...240 events a second")),
              unit: "/s", owner: .preview,
              doc: "the recorder's touch events a second while the finger moves, each leaving a disc of the trail: 60, or a recording's (Transition_Animation_Rotate's come about 20 a second)"),
    ], check: { s, object, d in
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
        // The viewport's height becomes the canvas's: the same pixel limit (checked in Double, before any
        // conversion to whole pixels could trap).
        if let viewport = s.viewport {
            let pixels = (viewport[1] * s.screen.scale).rounded()
            if pixels > Double(Canvas.maxPixelSize) {
                throw d.error(object.position(of: "viewport"), d.child(object.path, "viewport"),
                              "expected a height of at most \(Canvas.maxPixelSize) pixels at scale \(formatNumber(s.screen.scale)), found \(formatNumber(pixels))")
            }
        }
        if s.leading == nil && s.trailing == nil {
            throw d.error(object.value, "", "expected actions on at least one side: add 'leading' or 'trailing'")
        }
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation(measuring: text)
    }
}

extension SwipeAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.canvas }
    public var framesPerSecond: Double { scene.framesPerSecond }
}
