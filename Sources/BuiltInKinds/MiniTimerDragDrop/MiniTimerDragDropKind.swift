import RenderPreviewsKindKit

/// `"kind": "minitimer-swipe-drag-drop"`: the MGUFlowView demo's "Swipe + Drag & Drop" screen (MiniTimer_2 of
/// the README): the menu and the push, a bottom-anchored list of timer cards swiped by SwipeCellKit's model
/// and dragged by the shared drag session into a drop area (docs/minitimer-scene.md).
public enum MiniTimerDragDropKind: PreviewKind {
    public static let name = "minitimer-swipe-drag-drop"
    public static let summary = "MGUFlowView's Swipe + Drag & Drop demo (MiniTimer): menu, push, swipe to delete, drag into a drop area"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: .black)
        public var framesPerSecond = 30.0
        public var intro: NavigationIntro? = MiniTimerDragDropKind.recordingIntro
        public var title = "Swipe + Drag & Drop"
        public var time = "1:38"
        public var homeIndicator = HomeIndicatorStyle.dark
        /// Top to bottom as on screen: the data source's order reversed (the list fills from the bottom). The
        /// recording's scroll shows the six titles twice.
        public var items = ["역사공부", "스파게티 면", "영어공부", "조깅", "아침리뷰", "재민게임",
                            "역사공부", "스파게티 면", "영어공부", "조깅", "아침리뷰", "재민게임"]
        public var leadingText = "45"
        public var trailingText = "10"
        public var listFrame = Rect(0, 91, 390, 499)
        public var itemSize = Size(255, 80)
        public var interitemSpacing = 8.0
        public var leadingSpacing = 20.0
        public var dropArea = Rect(0, 610, 390, 200)
        public var droppedSize = Size(251, 76)
        public var placeholderSize = Size(281, 89)
        public var drag = DragSession.Parameters()
        public var decelerationRate = 0.99
        /// How far the finger goes before the list scrolls (`ScrollPhysics.panHysteresis` unless the recording
        /// shows another: MiniTimer_2's held pull reads 215.3 pt at 1.6 s, ours 215.3 with 0, 212.1 with 3 and
        /// 208.8 with the default 6; its list follows the finger from the touch-down).
        public var panHysteresis = ScrollPhysics.panHysteresis
        public var scroll: [Timed<ScrollGesture>] = []
        public var timeline: [Timed<SwipeGesture>] = []
        /// How far the finger goes before a card's swipe begins (the swipe kind's `panHysteresis`): MiniTimer_2's
        /// card trails its finger (the disc) by 20.3, 21.8, 21.7 and 20.2 pt at 2.57-2.67 s; its scene's 20 reads
        /// the card's opening within 0.8 pt mean, 2.4 at most, where 19 and 21 read 0.9 and 1.1.
        public var swipeHysteresis = SwipeTimeline.panHysteresis
        public var duration: Double?
        public var keyFrames: [Double] = []
        public var showsTouches = true
        public var touchTrail = true

        public init() {}

        public var scene: MiniTimerDragDropScene {
            MiniTimerDragDropScene(settings: self,
                                   gestures: timeline.resolved(end: duration, duration: \.seconds, wait: SwipeGesture.wait),
                                   scroll: scroll.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait))
        }
    }

    /// The recording's opening: the finger on the menu's last row at 0.73 s (its disc at 191.3, 640.8 pt), the push at 0.895 s.
    static let recordingIntro: NavigationIntro = {
        var intro = NavigationIntro(row: "swipeDragDrop")
        intro.tapAt = 0.73
        intro.tapDuration = 0.165
        intro.point = Point(191.3, 640.8)
        return intro
    }()

    public static let defaults = Settings()

    static let dragSchema = Schema<DragSession.Parameters>([
        Field("longPressDelay", \.longPressDelay, .number(.nonNegative), unit: "s", doc: "touch-down to the lift"),
        Field("allowableMovement", \.allowableMovement, .number(.nonNegative), unit: "pt", doc: "more movement and the press fails"),
        Field("liftDuration", \.liftDuration, .number(.nonNegative), unit: "s", doc: "the preview grows and gains its shadow"),
        Field("liftScale", \.liftScale, .number(.positive), doc: "the lifted preview's scale"),
        Field("dropMoveDuration", \.dropMoveDuration, .number(.nonNegative), unit: "s", doc: "the preview flies to the drop area's centre"),
        Field("dropSettleDuration", \.dropSettleDuration, .number(.nonNegative), unit: "s", doc: "then shrinks into the dropped cell"),
        Field("cancelDuration", \.cancelDuration, .number(.nonNegative), unit: "s", doc: "a drop outside the area flies back"),
    ])

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "390 × 844 pt at 480/390 px/pt, black",
              owner: .preview, doc: "as in a `layers` scene; the recording is 480 px wide"),
        Field("framesPerSecond", \.framesPerSecond, .number(.positive), unit: "fps", owner: .preview, doc: ""),
        Field("intro", \.intro, NavigationIntro.type(over: MiniTimerDragDropKind.recordingIntro), default: "the recording's: swipeDragDrop tapped at 0.73 s for 0.165 s",
              owner: .preview, doc: "the demo menu and the push before the screen; null opens on the screen"),
        Field("title", \.title, .string, owner: .preview, doc: "navigation bar title"),
        Field("time", \.time, .string, owner: .preview, doc: "the status bar clock"),
        .homeIndicator(\.homeIndicator),
        Field("items", \.items, .array(.string, atLeastOne: "title"), owner: .preview, doc: "the cards' titles, top to bottom"),
        Field("leadingText", \.leadingText, .string, owner: .preview, doc: "the large number at a card's left"),
        Field("trailingText", \.trailingText, .string, owner: .preview, doc: "the gray number at its right"),
        Field("listFrame", \.listFrame, .rect, unit: "pt", owner: .preview, doc: "the flow view (Vega, reversed) on the screen"),
        Field("itemSize", \.itemSize, .size(), unit: "pt", doc: "a card"),
        Field("interitemSpacing", \.interitemSpacing, .number(.nonNegative), unit: "pt", doc: ""),
        Field("leadingSpacing", \.leadingSpacing, .number(.nonNegative), unit: "pt", doc: "below the bottom card"),
        Field("dropArea", \.dropArea, .rect, unit: "pt", owner: .preview,
              doc: "the white drop target under the list, between the turquoise bars"),
        Field("droppedSize", \.droppedSize, .size(), unit: "pt", owner: .preview, doc: "a card once dropped, centred in the area"),
        Field("placeholderSize", \.placeholderSize, .size(), unit: "pt", owner: .preview,
              doc: "the dashed placeholder shown while a drag is on"),
        Field("drag", \.drag, .object(dragSchema, defaults: DragSession.Parameters()), doc: "the drag session (long press, lift, drop)"),
        Field("decelerationRate", \.decelerationRate, .number(.decelerationRate), doc: "the list's scroll: velocity kept per millisecond after a release"),
        Field("panHysteresis", \.panHysteresis, .number(.nonNegative), unit: "pt", owner: .preview,
              doc: "how far the finger goes before the list scrolls"),
        Field("scroll", \.scroll, .timeline(ScrollGesture.forms, duration: \.seconds, start: \.start),
              owner: .preview, doc: "a finger that scrolls the list (the flow kind's steps), apart from the cards' gestures"),
        Field("timeline", \.timeline, .timeline(SwipeGesture.forms, duration: \.seconds, start: \.start),
              owner: .preview, doc: "the finger: a horizontal pan swipes a card, a still press lifts it (below)"),
        Field("swipeHysteresis", \.swipeHysteresis, .number(.nonNegative), unit: "pt", owner: .preview,
              doc: "how far the finger goes before a card moves (the swipe kind's panHysteresis)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
        .showsTouches(\.showsTouches),
        .touchTrail(\.touchTrail),
    ], check: { s, object, d in
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
        try checkLength(of: s.scroll, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
        let screen = Rect(0, 0, s.canvas.width, s.canvas.height)
        for (key, rect) in [("listFrame", s.listFrame), ("dropArea", s.dropArea)] {
            if rect.minX < 0 || rect.minY < 0 || rect.maxX > screen.maxX + 1e-9 || rect.maxY > screen.maxY + 1e-9 || rect.width <= 0 || rect.height <= 0 {
                throw d.error(object.position(of: key), d.child(object.path, key),
                              "expected a rectangle inside the \(formatNumber(screen.width)) × \(formatNumber(screen.height)) pt screen, found [\(formatNumber(rect.minX)), \(formatNumber(rect.minY)), \(formatNumber(rect.width)), \(formatNumber(rect.height))]")
            }
        }
        if s.itemSize.width > s.listFrame.width {
            throw d.error(object.position(of: "itemSize"), d.child(object.path, "itemSize"),
                          "expected a card at most as wide as the list (\(formatNumber(s.listFrame.width)) pt), found \(formatNumber(s.itemSize.width))")
        }
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation(measuring: text)
    }
}

extension MiniTimerDragDropAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.settings.canvas }
    public var framesPerSecond: Double { scene.settings.framesPerSecond }
}
