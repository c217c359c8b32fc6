import RenderPreviewsKindKit

/// Which MGUFlowView transformer lays the items out.
public enum FlowStyle: String, Hashable, Sendable, CaseIterable { case folding, vega, plain }

extension ScrollGesture {
    static let forms = fingerForms(
        wait: "time passes; a fling keeps decelerating, a pull springs back",
        drag: "the finger moves; the content follows it, rubber-banded past the ends",
        release: "the finger lifts; the scroll flings, pages and settles",
        tap: "a finger touches a control without scrolling") + [
        Form("itemCount", .integer, doc: "the data source applies n items, animated (0.3 s)",
             make: { .setItemCount($0) }, match: { if case .setItemCount(let n) = $0 { n } else { nil } }),
    ]
}

/// `"kind": "flow"`: MGUFlowView's demo screen scrolled by a script (docs/flow-scene.md).
public enum FlowKind: PreviewKind {
    public static let name = "flow"
    public static let summary = "MGUFlowView (Folding, Vega, plain; forward or reversed) scrolled by a script"

    /// The scene's keys as declared; `FlowScene` is what the model makes of them.
    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: .white)
        public var framesPerSecond = 30.0
        public var style = FlowStyle.folding
        public var cellStyle: FlowCellStyle?
        public var eyePosition = 500.0
        public var itemSize = Size(350, 65)
        public var leadingSpacing: Double?
        public var interitemSpacing: Double?
        public var reversed = false
        public var viewFrame = Rect(0, 91, 390, 719)
        public var decelerationRate = 0.998
        public var bounces = true
        public var itemCount: Int?
        public var contentOffset: Double?
        public var initialContentOffset: Double?
        public var showsTouches = true
        public var touchTrail = true
        public var title: String?
        public var backTitle = FlowChrome(title: "").backTitle
        public var stepper = false
        public var time = FlowChrome(title: "").time
        public var homeIndicator = HomeIndicatorStyle.dark
        public var intro: NavigationIntro?
        public var items = FlowItem.demo
        public var timeline: [Timed<ScrollGesture>] = []
        public var duration: Double?
        public var keyFrames: [Double] = []

        public init() {}

        /// The model the keys describe: the style picks the transformer, spacings, cell style and title.
        public var scene: FlowScene {
            let transformer: FlowTransformer
            switch style {
            case .folding: transformer = .folding(eyePosition: eyePosition)
            case .vega: transformer = .vega
            case .plain: transformer = .none
            }
            let layout = FlowLayout(viewSize: viewFrame.size, itemSize: itemSize,
                                    leadingSpacing: leadingSpacing ?? (style == .vega ? 28 : 20),
                                    interitemSpacing: interitemSpacing ?? (style == .vega ? 20 : 0),
                                    reversed: reversed, transformer: transformer, numberOfItems: itemCount ?? items.count)
            let defaultTitle: String
            switch style {
            case .folding: defaultTitle = "Folding Style"
            case .vega: defaultTitle = reversed ? "Vega Style - Reverse" : "Vega Style"
            case .plain: defaultTitle = "Flow View"
            }
            var chrome = FlowChrome(title: title ?? defaultTitle)
            chrome.backTitle = backTitle
            chrome.showsStepper = stepper
            chrome.time = time
            chrome.homeIndicator = homeIndicator
            let steps = timeline.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait)
            var scene = FlowScene(canvas: canvas, framesPerSecond: framesPerSecond, viewFrame: viewFrame, layout: layout,
                             physics: ScrollPhysics(decelerationRate: decelerationRate, bounces: bounces),
                             cellStyle: cellStyle ?? (style == .folding ? .folding : .card), items: items,
                             chrome: chrome, gestures: steps, initialOffset: initialContentOffset,
                             frozenOffset: contentOffset, showsTouches: showsTouches, intro: intro)
            scene.showsTouchTrail = touchTrail
            return scene
        }
    }

    public static let defaults = Settings()

    static let itemSchema = Schema<FlowItem>([
        Field("title", \.title, .string, required: true, doc: ""),
        Field("subtitle", \.subtitle, .string, doc: ""),
        Field("icon", \.icon, .choice(), doc: "a glyph name (docs/layers-scene.md)"),
        Field("color", \.color, .color, doc: "the icon's tint"),
        Field("enclosure", \.enclosure, .choice(), doc: "a ring (SF Symbols' .circle) or a disc (.circle.fill) of the tint around the icon"),
        Field("badge", \.badge, badgeType, default: "none", doc: "a small disc at a corner with a white glyph (SF Symbols' .badge variants)"),
    ])

    static let badgeSchema = Schema<IconBadge>([
        Field("icon", \.icon, .choice(), required: true, doc: "the glyph, white on the disc"),
        Field("color", \.color, .color, doc: "the disc's color"),
        Field("corner", \.corner, .choice(), doc: ""),
    ])

    static let badgeType = ValueType<IconBadge?>.optional(
        .object(badgeSchema, defaults: IconBadge.plus, summary: "{icon, color, corner}"))

    static let itemsType = ValueType<[FlowItem]>.named(
        [("demo", FlowItem.demo)],
        otherwise: .array(.object(itemSchema, defaults: FlowItem(title: "", subtitle: "", icon: .circle, color: .black),
                                  summary: "{title, subtitle, icon, color, enclosure, badge}")))

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "390 × 844 pt at 480/390 px/pt, white",
              owner: .preview, doc: "as in a `layers` scene; 1.2308 px/pt gives the references' 480 px width"),
        Field("framesPerSecond", \.framesPerSecond, .number(.positive), unit: "fps", owner: .preview, doc: ""),
        Field("style", \.style, .choice(), doc: "the transformer: MGUFlowFoldTransformer, MGUFlowVegaTransformer or none"),
        Field("cellStyle", \.cellStyle, .optional(.choice()), default: "folding for folding, else card",
              owner: .preview, doc: "square cells that shade as they fold, or rounded cards with a soft shadow"),
        Field("eyePosition", \.eyePosition, .number(.positive), unit: "pt", doc: "folding perspective: m34 = −1 / eyePosition"),
        Field("itemSize", \.itemSize, .size(), unit: "pt", doc: ""),
        Field("leadingSpacing", \.leadingSpacing, .optional(.number(.nonNegative)), unit: "pt", default: "20 (28 for vega)", doc: ""),
        Field("interitemSpacing", \.interitemSpacing, .optional(.number(.nonNegative)), unit: "pt", default: "0 (20 for vega)", doc: ""),
        Field("reversed", \.reversed, .bool, doc: "items fill from the bottom; the view starts scrolled to the end"),
        Field("viewFrame", \.viewFrame, .rect, unit: "pt", owner: .preview, doc: "the flow view on the screen (below the navigation bar)"),
        Field("decelerationRate", \.decelerationRate,
              .number(.decelerationRate),
              doc: "velocity kept per millisecond after a release (UIScrollView normal 0.998, fast 0.99; MGUFlowView uses fast)"),
        Field("bounces", \.bounces, .bool, doc: "rubber-band past the ends"),
        Field("itemCount", \.itemCount, .optional(.integer), default: "all items", owner: .preview,
              doc: "how many items the data source starts with"),
        Field("contentOffset", \.contentOffset, .optional(.number()), unit: "pt", owner: .preview,
              doc: "freezes the scroll at this offset in every frame"),
        Field("initialContentOffset", \.initialContentOffset, .optional(.number()), unit: "pt", default: "0 (the end when reversed)",
              owner: .preview, doc: "where the script starts"),
        .showsTouches(\.showsTouches),
        .touchTrail(\.touchTrail),
        Field("title", \.title, .optional(.string), default: "the style's demo title", owner: .preview, doc: "navigation bar title"),
        Field("backTitle", \.backTitle, .string, owner: .preview, doc: "the back button's text"),
        Field("stepper", \.stepper, .bool, owner: .preview,
              doc: "the reversed demo's − / + control: a tap on it removes or adds an item as it touches down (`tap` steps)"),
        Field("time", \.time, .string, owner: .preview, doc: "the status bar clock"),
        .homeIndicator(\.homeIndicator),
        Field("intro", \.intro, NavigationIntro.type, default: "none",
              owner: .preview, doc: "open on the demo menu: a tap on this row pushes the flow screen (the script's times go on meanwhile)"),
        Field("items", \.items, itemsType, owner: .preview, doc: "the rows; \"demo\" is the demo's sixteen"),
        Field("timeline", \.timeline, .timeline(ScrollGesture.forms, duration: \.seconds, start: \.start), owner: .preview,
              doc: "the script (below)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
    ], check: { s, object, d in
        if let n = s.itemCount, n > s.items.count {
            throw d.error(object.position(of: "itemCount"), "itemCount", "expected at most \(s.items.count) (the number of items), found \(n)")
        }
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation(measuring: text)
    }
}

extension FlowAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.canvas }
    public var framesPerSecond: Double { scene.framesPerSecond }
}
