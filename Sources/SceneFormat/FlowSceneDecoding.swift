import Geometry
import LayerTree
import Models

/// Keys of a `flow` scene (see docs/flow-scene.md).
let flowKeys = [
    "kind", "canvas", "framesPerSecond", "style", "cellStyle", "eyePosition", "itemSize", "leadingSpacing",
    "interitemSpacing", "reversed", "viewFrame", "decelerationRate", "bounces", "itemCount", "contentOffset",
    "initialContentOffset", "showsTouches", "title", "backTitle", "stepper", "items", "timeline",
]
let flowItemKeys = ["title", "subtitle", "icon", "color"]
let gestureKeys = ["wait", "drag", "release", "tap", "itemCount"]
let tapKeys = ["at", "duration"]
let dragKeys = ["from", "to", "duration", "curve"]
let releaseKeys = ["velocity"]

enum FlowStyle: String, CaseIterable { case folding, vega, plain }

extension SceneDecoder {
    func flowScene(_ value: JSONValue) throws -> FlowScene {
        var canvas = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: .white)
        var fps = 30.0
        var style = FlowStyle.folding
        var cellStyle: FlowCellStyle?
        var eye = 500.0
        var itemSize = Size(350, 65)
        var leading: Double?
        var interitem: Double?
        var reversed = false
        var viewFrame = Rect(0, 91, 390, 719)
        var physics = ScrollPhysics(decelerationRate: 0.998)
        var itemCount: (JSONValue, Int)?
        var frozen: Double?
        var initial: Double?
        var touches = true
        var title: String?
        var backTitle: String?
        var stepper = false
        var items = FlowItem.demo
        var gestures: [ScrollGesture] = []
        var duration = 0.0
        for member in try object(value, "") {
            let p = member.key, v = member.value
            switch member.key {
            case "kind": break
            case "canvas": canvas = try self.canvas(v, p)
            case "framesPerSecond": fps = try number(v, p, .positive)
            case "style": style = try choice(v, p, FlowStyle.self)
            case "cellStyle": cellStyle = try choice(v, p, FlowCellStyle.self)
            case "eyePosition": eye = try number(v, p, .positive)
            case "itemSize":
                let n = try numbers(v, p, [.positive, .positive])
                itemSize = Size(n[0], n[1])
            case "leadingSpacing": leading = try number(v, p, .nonNegative)
            case "interitemSpacing": interitem = try number(v, p, .nonNegative)
            case "reversed": reversed = try bool(v, p)
            case "viewFrame": viewFrame = try rect(v, p)
            case "decelerationRate":
                let r = try number(v, p, .unit)
                guard r > 0.5 && r < 1 else { throw error(v, p, "expected a rate per millisecond in (0.5, 1), found \(formatNumber(r))") }
                physics.decelerationRate = r
            case "bounces": physics.bounces = try bool(v, p)
            case "itemCount": itemCount = (v, try integer(v, p))
            case "contentOffset": frozen = try optional(v) { try number(v, p) }
            case "initialContentOffset": initial = try number(v, p)
            case "showsTouches": touches = try bool(v, p)
            case "title": title = try string(v, p)
            case "backTitle": backTitle = try string(v, p)
            case "stepper": stepper = try bool(v, p)
            case "items":
                items = try array(v, p).enumerated().map { i, item in try flowItem(item, p + "[\(i)]") }
            case "timeline":
                for (i, step) in try array(v, p).enumerated() {
                    let g = try gesture(step, p + "[\(i)]")
                    gestures.append(g)
                    duration += gestureDuration(g)
                }
            default: throw unknownKey(member, "", known: flowKeys)
            }
        }
        if let (v, n) = itemCount, n > items.count {
            throw error(v, "itemCount", "expected at most \(items.count) (the number of items), found \(n)")
        }
        if duration * fps > 3600 {
            throw error(value, "timeline", "the timeline makes \(Int(duration * fps)) frames; at most 3600 are allowed")
        }
        let transformer: FlowTransformer
        switch style {
        case .folding: transformer = .folding(eyePosition: eye)
        case .vega: transformer = .vega
        case .plain: transformer = .none
        }
        let layout = FlowLayout(viewSize: viewFrame.size, itemSize: itemSize,
                                leadingSpacing: leading ?? (style == .vega ? 28 : 20),
                                interitemSpacing: interitem ?? (style == .vega ? 20 : 0),
                                reversed: reversed, transformer: transformer, numberOfItems: itemCount?.1 ?? items.count)
        let defaultTitle: String
        switch style {
        case .folding: defaultTitle = "Folding Style"
        case .vega: defaultTitle = reversed ? "Vega Style - Reverse" : "Vega Style"
        case .plain: defaultTitle = "Flow View"
        }
        var chrome = FlowChrome(title: title ?? defaultTitle)
        if let backTitle { chrome.backTitle = backTitle }
        chrome.showsStepper = stepper
        return FlowScene(canvas: canvas, framesPerSecond: fps, viewFrame: viewFrame, layout: layout, physics: physics,
                         cellStyle: cellStyle ?? (style == .folding ? .folding : .card), items: items,
                         chrome: chrome, gestures: gestures,
                         initialOffset: initial, frozenOffset: frozen, showsTouches: touches)
    }

    func flowItem(_ value: JSONValue, _ path: String) throws -> FlowItem {
        var title: String?, subtitle = "", icon = Icon.circle, color = Color.black
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "title": title = try string(v, p)
            case "subtitle": subtitle = try string(v, p)
            case "icon": icon = try choice(v, p, Icon.self)
            case "color": color = try self.color(v, p)
            default: throw unknownKey(member, path, known: flowItemKeys)
            }
        }
        guard let title else { throw error(value, path, "missing required key 'title'") }
        return FlowItem(title: title, subtitle: subtitle, icon: icon, color: color)
    }

    func gesture(_ value: JSONValue, _ path: String) throws -> ScrollGesture {
        let member = try onlyMember(value, path, expected: "one step: \"wait\", \"drag\", \"release\", \"tap\" or \"itemCount\"")
        let p = child(path, member.key), v = member.value
        switch member.key {
        case "wait":
            let s = try number(v, p, .nonNegative)
            return .wait(s)
        case "drag":
            let d = try dragStep(v, p)
            return .drag(from: d.from, to: d.to, duration: d.duration, curve: d.curve)
        case "release": return .release(velocity: try releaseStep(v, p))
        case "tap":
            let t = try tapStep(v, p)
            return .tap(at: t.at, duration: t.duration)
        case "itemCount":
            return .setItemCount(try integer(v, p))
        default:
            throw unknownKey(member, path, known: gestureKeys)
        }
    }

    // Steps shared by the flow and swipe timelines.

    func dragStep(_ v: JSONValue, _ p: String) throws -> (from: Point?, to: Point, duration: Double, curve: TimingCurve) {
        var from: Point?, to: Point?, duration = 0.3, curve = TimingCurve.easeInOut
        for m in try object(v, p) {
            let q = child(p, m.key)
            switch m.key {
            case "from": from = try point(m.value, q)
            case "to": to = try point(m.value, q)
            case "duration": duration = try number(m.value, q, .positive)
            case "curve": curve = try choice(m.value, q, TimingCurve.self)
            default: throw unknownKey(m, p, known: dragKeys)
            }
        }
        guard let to else { throw error(v, p, "missing required key 'to'") }
        return (from, to, duration, curve)
    }

    func releaseStep(_ v: JSONValue, _ p: String) throws -> Double? {
        var velocity: Double?
        for m in try object(v, p) {
            switch m.key {
            case "velocity": velocity = try number(m.value, child(p, m.key))
            default: throw unknownKey(m, p, known: releaseKeys)
            }
        }
        return velocity
    }

    func tapStep(_ v: JSONValue, _ p: String) throws -> (at: Point, duration: Double) {
        var at: Point?, duration = 0.1
        for m in try object(v, p) {
            let q = child(p, m.key)
            switch m.key {
            case "at": at = try point(m.value, q)
            case "duration": duration = try number(m.value, q, .positive)
            default: throw unknownKey(m, p, known: tapKeys)
            }
        }
        guard let at else { throw error(v, p, "missing required key 'at'") }
        return (at, duration)
    }

    func gestureDuration(_ g: ScrollGesture) -> Double {
        switch g {
        case .wait(let s): s
        case .drag(_, _, let d, _): d
        case .tap(_, let d): d
        default: 0
        }
    }
}
