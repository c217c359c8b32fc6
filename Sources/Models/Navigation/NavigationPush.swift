import Foundation
import Geometry
import LayerTree
import SceneSchema

/// UINavigationController's push, as the MGUFlowView README recordings show it (MiniTimer_1 and _2, the new
/// screen's left edge and the old screen's shift measured in every frame): the new screen slides in from the
/// right edge on a critically damped spring, ω = 18.5/s (rms 2.9 pt over 16 frames of both recordings; a
/// cubic Bézier fits no better than 4 pt), within 0.5 pt of rest after 0.5 s; the old screen moves 0.3 of
/// the width to the left with it (117 pt at 390, 116.6 to 117.2 pt per unit of progress measured) under a
/// black dim.
public enum NavigationPush {
    public static let stiffness = 18.5
    /// When the spring is within 0.5 pt of rest across a 390-pt screen: the push is over.
    public static let duration = 0.5
    public static let parallax = 0.3
    /// The dim over the old screen at the end of the push (its gray goes from 243 to about 219).
    public static let dimAlpha = 0.1

    /// Progress 0…1 at `t` seconds after the push starts.
    public static func progress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        if t >= duration { return 1 }
        let w = stiffness
        return 1 - exp(-w * t) * (1 + w * t)
    }

    /// Bar items that belong to the device, not to a screen: they stay put while the screens move.
    static let statusItems: Set<String> = ["time", "signal", "wifi", "battery"]

    /// The two screens mid-push. Each root is a whole screen whose `navigation-bar` sublayer holds the bar:
    /// the bar's background and status items stay, its titles cross-fade (the old one follows its screen and
    /// fades out in the first half, the new one comes in from the middle of the right half), the contents move.
    public static func compose(from: Layer, to: Layer, progress p: Double, size: Size) -> Layer {
        func split(_ root: Layer) -> (content: Layer, bar: Layer?, chrome: [Layer]) {
            var content = root
            let bar = root.sublayers.first { $0.name == "navigation-bar" }
            let chrome = root.sublayers.filter { $0.name == "home-indicator" }
            content.sublayers.removeAll { $0.name == "navigation-bar" || $0.name == "home-indicator" || $0.name == "touch" }
            return (content, bar, chrome)
        }
        let old = split(from), new = split(to)
        var root = Layer(name: "push", frame: Rect(0, 0, size.width, size.height))
        var oldContent = old.content
        oldContent.position.x -= parallax * size.width * p
        var dim = Layer(name: "dim", frame: Rect(0, 0, size.width, size.height))
        dim.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: dimAlpha * p)
        var newContent = new.content
        newContent.position.x += size.width * (1 - p)
        root.sublayers = [oldContent, dim, newContent]
        if var bar = new.bar ?? old.bar {
            var items: [Layer] = []
            for var item in old.bar?.sublayers ?? [] where !statusItems.contains(item.name ?? "") {
                item.position.x -= parallax * size.width * p
                item.opacity *= max(0, 1 - 2 * p)
                items.append(item)
            }
            for var item in new.bar?.sublayers ?? [] {
                if !statusItems.contains(item.name ?? "") {
                    item.position.x += size.width / 2 * (1 - p)
                    item.opacity *= p
                }
                items.append(item)
            }
            bar.sublayers = items
            root.sublayers.append(bar)
        }
        root.sublayers += new.chrome
        return root
    }
}

extension NavigationPush {
    /// The push between two large-title screens (the swipe demo's menu and its Inbox): the screens move as in
    /// `compose`, and the old large title becomes the new back button's title: it moves to it and shrinks
    /// (bold black cross-fading to the back button's blue), while the new bar's other items fade in. The new
    /// screen's `navigation-bar` holds its status items, `back-chevron`, `back` and the rest; its
    /// home indicator (anywhere in it) stays where the old one is.
    public static func composeLargeTitle(from: Layer, to: Layer, progress p: Double, size: Size) -> Layer {
        var old = from, new = to
        let oldTitle = old.sublayers.first { $0.name == "large-title" }
        let oldHome = old.sublayers.filter { $0.name == "home-indicator" }
        old.sublayers.removeAll { ["large-title", "home-indicator", "navigation-bar", "touch"].contains($0.name ?? "") }
        let newBar = new.sublayers.first { $0.name == "navigation-bar" }
        new.sublayers.removeAll { $0.name == "navigation-bar" || $0.name == "touch" }
        new = removing("home-indicator", from: new)
        old.position.x -= parallax * size.width * p
        var dim = Layer(name: "dim", frame: Rect(0, 0, size.width, size.height))
        dim.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: dimAlpha * p)
        new.position.x += size.width * (1 - p)
        var root = Layer(name: "push", frame: Rect(0, 0, size.width, size.height))
        root.sublayers = [old, dim, new]
        var items: [Layer] = []
        var back: Layer?
        for var item in newBar?.sublayers ?? [] {
            switch item.name ?? "" {
            case let n where statusItems.contains(n): items.append(item)
            case "back": back = item
            case "back-chevron":
                item.opacity *= lateFade(p, from: chevronFadeStart, over: 0.1)
                items.append(item)
            default:
                item.opacity *= lateFade(p, from: itemFadeStart, over: 0.25)
                items.append(item)
            }
        }
        if let oldTitle, let back {
            items += titleMorph(from: oldTitle, to: back, progress: p)
        }
        var bar = newBar ?? Layer(name: "navigation-bar", frame: .zero)
        bar.backgroundColor = nil
        bar.sublayers = items
        root.sublayers.append(bar)
        root.sublayers += oldHome
        return root
    }

    /// The new bar's items show late in the push (TableView_Demo): Edit from progress 0.75 (0.70 s), whole
    /// three frames later; the back indicator only as the title lands (none at 0.77 s, progress 0.88; whole at
    /// 0.83 s).
    static let itemFadeStart = 0.7, chevronFadeStart = 0.88

    static func lateFade(_ p: Double, from start: Double, over span: Double) -> Double {
        min(1, max(0, (p - start) / span))
    }

    /// `layer` without the sublayers named `name`, at any depth.
    static func removing(_ name: String, from layer: Layer) -> Layer {
        var l = layer
        l.sublayers = l.sublayers.filter { $0.name != name }.map { removing(name, from: $0) }
        return l
    }

    /// Two copies of the title between the large one and the back button's: each scaled about its text's left
    /// end on the baseline, which moves from one to the other; the large one fades out as the small one fades in.
    static func titleMorph(from large: Layer, to small: Layer, progress p: Double) -> [Layer] {
        guard case .text(let big) = large.contents, case .text(let little) = small.contents,
              case .firstBaseline(let bigBaseline) = big.verticalAlignment,
              case .firstBaseline(let littleBaseline) = little.verticalAlignment else { return [small] }
        // Both labels are placed by frame (anchor in the middle, no transform).
        func topLeft(_ l: Layer) -> Point { Point(l.position.x - l.bounds.width / 2, l.position.y - l.bounds.height / 2) }
        let a = Point(topLeft(large).x, topLeft(large).y + bigBaseline)
        let b = Point(topLeft(small).x, topLeft(small).y + littleBaseline)
        let at = Point(a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p)
        let ratio = little.size / big.size
        func placed(_ layer: Layer, baseline: Double, scale: Double, opacity: Double) -> Layer {
            var l = layer
            l.anchorPoint = Point(0, baseline / l.bounds.height)
            l.position = at
            l.transform = .scale(scale, scale, 1)
            l.opacity = opacity
            return l
        }
        let shrink = 1 + (ratio - 1) * p
        return [placed(large, baseline: bigBaseline, scale: shrink, opacity: 1 - p),
                placed(small, baseline: littleBaseline, scale: shrink / ratio, opacity: p)]
    }
}

/// A scene's opening on the demo menu: the finger taps a row, the row highlights, and the demo is pushed.
/// Shared by every kind whose recording starts on the menu (the `intro` key).
public struct NavigationIntro: Hashable, Sendable {
    /// The app's menu (not a scene key: the kind's).
    public var menu: DemoMenu
    /// The menu row tapped (the menu's names).
    public var row: String
    /// When the finger goes down on it.
    public var tapAt: Double = 0.5
    /// How long it stays down; the push starts `pushDelay` after it lifts (didSelectRow pushes).
    public var tapDuration: Double = 0.15
    /// The menu's title (its bar's, or its large title).
    public var title: String
    /// The tool that recorded the touches (not a scene key: the kind's).
    public var recorder = TouchRecorder.flowView
    /// Where the finger touches the row (screen points); nil: 80 pt right of the row's middle. The recordings'
    /// discs are elsewhere on the row in each: VegaStyle (243, 226.8), VegaStyle_Reverse (221, 278.9),
    /// MiniTimer_1 (203.3, 393.1), MiniTimer_2 (191.3, 640.8) (the blue pixels' centroid).
    public var point: Point? = nil

    public init(row: String, menu: DemoMenu = .flowView) { self.row = row; self.menu = menu; title = menu.title }

    /// From the lift to the push's first movement (the pushed screen being made: 74 and 50 ms in TableView_Demo
    /// and CollectionView_Demo, whose pushes fit the same spring from 0.564 and 1.009 s).
    public var pushDelay = 0.0
    /// From the touch-down to the row's highlight; nil: with the lift (the swipe demo's rows turn gray as the
    /// finger lifts, UIScrollView passing a short touch on only then).
    public var highlightDelay: Double? = 0

    public var liftAt: Double { tapAt + tapDuration }
    public var highlightAt: Double { highlightDelay.map { tapAt + $0 } ?? liftAt }
    public var pushStart: Double { liftAt + pushDelay }
    /// When the pushed screen is alone on screen.
    public var end: Double { pushStart + NavigationPush.duration }

    static func rowType(_ menu: DemoMenu) -> ValueType<String> {
        ValueType<String>(summary: quotedList(menu.rowNames), control: .choice(menu.rowNames),
                          decode: { v, p, d in try d.name(v, p, among: menu.rowNames) }, encode: { .string($0) })
    }

    /// `rowRequired` false: over a kind's own intro, whose row stands unless a scene names another.
    public static func schema(rowRequired: Bool, base: NavigationIntro) -> Schema<NavigationIntro> {
        let menu = base.menu
        return Schema<NavigationIntro>([
            Field("row", \.row, rowType(menu), required: rowRequired, doc: "the menu row the finger taps"),
            Field("tapAt", \.tapAt, .number(.nonNegative), unit: "s", doc: "when the finger goes down on it"),
            Field("tapDuration", \.tapDuration, .number(.positive), unit: "s", doc: "how long it stays down; the push follows the lift"),
            Field("pushDelay", \.pushDelay, .number(.nonNegative), unit: "s", doc: "from the lift to the push's start"),
            Field("highlightDelay", \.highlightDelay, .optional(.number(.nonNegative)), unit: "s",
                  default: base.highlightDelay == nil ? "with the lift" : nil, doc: "from the touch-down to the row's highlight; null: with the lift"),
            Field("title", \.title, .string, doc: menu.largeTitle ? "the menu's large title" : "the menu's navigation bar title"),
            // Over a recorded intro the default is the recording's point, which the table then shows.
            Field("point", \.point, .optional(.point()), unit: "pt", default: rowRequired ? "80 pt right of the row's middle" : nil,
                  doc: "where the finger touches the row"),
        ])
    }

    /// `{"row": "vegaStyle", "tapAt": 0.57}`, or null for none.
    public static let type = type(on: NavigationIntro(row: "vegaStyle"))

    /// An intro on `base`'s menu (with its recorder): the scene names the row, the other keys default to base's.
    public static func type(on base: NavigationIntro) -> ValueType<NavigationIntro?> {
        .optional(.object(schema(rowRequired: true, base: base), defaults: base,
                          summary: "{row, tapAt, tapDuration, pushDelay, highlightDelay, title, point}"))
    }

    /// A kind's recorded intro as the default: every key defaults to it, so `--set intro.tapAt=0.9` (or
    /// `"intro": {"tapAt": 0.9}`) changes that key alone.
    public static func type(over recorded: NavigationIntro) -> ValueType<NavigationIntro?> {
        .optional(.object(schema(rowRequired: false, base: recorded), defaults: recorded,
                          summary: "{row, tapAt, tapDuration, pushDelay, highlightDelay, title, point}"))
    }

    /// The menu screen at `t` (before the push is over), with its bar, home indicator and the finger while it is
    /// down (its lift's ring is `frame`'s).
    public func menu(at t: Double, canvas: Canvas, barHeight: Double, time: String,
                     homeIndicator: HomeIndicatorStyle = .dark, showsTouches: Bool, text: any TextMeasuring) -> Layer {
        let size = Size(canvas.width, canvas.height)
        let down = t >= tapAt
        var root = menu.content(size: size, highlighted: t >= highlightAt ? row : nil)
        root.name = "menu-screen"
        if menu.largeTitle {
            // No bar: the status bar over the list's background, the title large below it.
            root.sublayers.append(NavigationBar.largeTitle(title, width: size.width))
            var bar = Layer(name: "navigation-bar", frame: Rect(0, 0, size.width, barHeight))
            bar.sublayers = DeviceChrome.statusBar(time: time, width: size.width)
            root.sublayers.append(bar)
        } else {
            root.sublayers.append(NavigationBar.layer(width: size.width, height: barHeight, title: title, backTitle: nil,
                                                      time: time, text: text))
        }
        root.sublayers.append(DeviceChrome.homeIndicator(on: canvas, style: homeIndicator))
        if showsTouches, down, t < liftAt, let p = touchPoint {
            root.sublayers.append(DeviceChrome.touchDisc(at: p, recorder: recorder))
        }
        return root
    }

    /// Where the finger touches the menu: `point`, else 80 pt right of the row's middle.
    var touchPoint: Point? {
        point ?? menu.frame(ofRow: row).map { Point($0.midX + 80, $0.midY) }
    }

    /// The frame at `t`: the menu, the push, or nil once the pushed screen is alone (`pushed` draws it).
    public func frame(at t: Double, canvas: Canvas, barHeight: Double, time: String,
                      homeIndicator: HomeIndicatorStyle = .dark, showsTouches: Bool,
                      text: any TextMeasuring, pushed: () -> Layer) -> Layer? {
        guard t < end else { return nil }
        let menu = menu(at: t, canvas: canvas, barHeight: barHeight, time: time, homeIndicator: homeIndicator,
                        showsTouches: showsTouches, text: text)
        var root = menu
        if t >= pushStart {
            let p = NavigationPush.progress(t - pushStart), size = Size(canvas.width, canvas.height)
            root = self.menu.largeTitle ? NavigationPush.composeLargeTitle(from: menu, to: pushed(), progress: p, size: size)
                                        : NavigationPush.compose(from: menu, to: pushed(), progress: p, size: size)
        }
        // The recorder's lift where the finger left the row, over the menu and then over both screens (its overlay
        // does not slide).
        if showsTouches, let p = touchPoint, let lift = TouchMark.lifted(at: p, age: t - liftAt) {
            root.sublayers.append(DeviceChrome.touchDisc(lift, recorder: recorder))
        }
        return root
    }
}

/// The demo's navigation bar: systemMint under the status bar, a white title, an optional back button.
public enum NavigationBar {
    public static let mint = Color(hex: "#00C7BE")!
    public static let tint = Color(hex: "#007AFF")!
    /// The demo sets its titles in Futura Medium (every recording's bar shows its single-storey a and pointed
    /// caps; the back button is the system font). League Spartan Medium is the geometric face Debian has
    /// closest to it: at 20 pt its ink is within 3 pt of the width of four of the five recorded titles.
    static let titleFont = "League Spartan", titleSize = 20.0

    /// UIKit's back indicator as every recording shows it (flow, MiniTimer and swipe alike: ink 9.8-20.3 by
    /// 60.1-78.8 pt under the 47-pt status bar): a thin chevron stroked with round ends, where Font Awesome's
    /// solid one was half as heavy again and, in the swipe demo, 5.7 pt low. In a 14 x 22 layer 8 pt from the
    /// leading edge and 11 below the bar's top; `mirrored` points it right (a right-to-left bar), the caller
    /// placing the layer.
    public static func backChevron(barTop: Double, color: Color, mirrored: Bool = false) -> Layer {
        var chevron = Layer(name: "back-chevron", frame: Rect(8, barTop + 11, 14, 22))
        func x(_ v: Double) -> Double { mirrored ? 14 - v : v }
        var path = Path()
        path.move(to: Point(x(11.05), 3.0)); path.line(to: Point(x(3.05), 11.15)); path.line(to: Point(x(11.05), 19.3))
        let stroke = path.stroked(StrokeStyle(width: backChevronWidth, cap: .round, join: .round))
        chevron.contents = .shapes([FilledShape(path: stroke, fill: color)])
        return chevron
    }
    static let backChevronWidth = 2.45

    /// The back button's title: the system font (Inter here) in the tint, from the chevron rightwards. 16 pt for
    /// SF's 17: Inter is 6% wider ("Swipe Cell" 77.2 pt in ExpansionStyle_Fill and TableView_Demo, the flow
    /// demo's 108.9 in VegaStyle; at 17 ours were 82.1 and 115.4). The swipe demo's Edit (편집) takes it too.
    public static let backTitleSize = 16.0

    public static func backText(_ title: String) -> TextContents {
        // Natural alignment: a right-to-left bar's title (swipe-rtl's) reads from the chevron leftwards.
        TextContents(title, size: backTitleSize, color: tint)
    }

    /// Where UIKit's large title sits (its text's left end and baseline) and its size: SF's 34-pt bold, as wide
    /// in Inter at 31.8. Both swipe demo screens, the menu and the Inbox, place theirs there.
    public static let largeTitleOrigin = Point(17, 128), largeTitleSize = 31.8

    /// A large title's label: bold, its baseline 40 pt below the layer's top (what `titleMorph` hangs it from).
    public static func largeTitle(_ title: String, x: Double = largeTitleOrigin.x, baseline: Double = largeTitleOrigin.y,
                           size: Double = largeTitleSize, width: Double) -> Layer {
        var text = TextContents(title, weight: .bold, size: size)
        text.verticalAlignment = .firstBaseline(40)
        var label = Layer(name: "large-title", frame: Rect(x, baseline - 40, width - 2 * x, 52))
        label.contents = .text(text)
        return label
    }

    /// A bar's title: white, centred.
    public static func titleText(_ title: String) -> TextContents {
        var text = TextContents(title, font: titleFont, weight: .medium, size: titleSize, color: .white)
        text.alignment = .center
        return text
    }

    public static func layer(width: Double, height: Double, title: String, backTitle: String?, time: String,
                             text: any TextMeasuring) -> Layer {
        var bar = Layer(name: "navigation-bar", frame: Rect(0, 0, width, height))
        bar.backgroundColor = mint
        func label(_ name: String, _ frame: Rect, _ contents: TextContents) -> Layer {
            var l = Layer(name: name, frame: frame)
            l.contents = .text(contents)
            return l
        }
        let titleText = titleText(title)
        bar.sublayers = DeviceChrome.statusBar(time: time, width: width)
        if let backTitle {
            bar.sublayers += [backChevron(barTop: height - 44, color: tint),
                              label("back", Rect(28, height - 44, 150, 44), backText(backTitle))]
        }
        let titleWidth = text.width(of: titleText) + 1
        bar.sublayers.append(label("title", Rect((width - titleWidth) / 2, height - 44, titleWidth, 44), titleText))
        return bar
    }
}
