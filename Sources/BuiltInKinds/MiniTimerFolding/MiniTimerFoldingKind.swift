import RenderPreviewsKindKit

/// One line of the timer log: a strip of receipt paper.
public struct ReceiptRow: Hashable, Sendable {
    public var time: String
    public var meridiem: String
    public var title: String
    /// The little squares under the title (how many sessions).
    public var dots: Int
    public var day: String
    public var weekday: String

    public init(time: String, meridiem: String, title: String, dots: Int, day: String, weekday: String) {
        self.time = time; self.meridiem = meridiem; self.title = title; self.dots = dots; self.day = day; self.weekday = weekday
    }

    /// The recording's eight rows, three times (24: the list's end is at offset 600 with a 640-pt view).
    public static let demo: [ReceiptRow] = {
        let eight = [
            ReceiptRow(time: "5:45", meridiem: "PM", title: "재민게임", dots: 6, day: "25", weekday: "FRI"),
            ReceiptRow(time: "2:55", meridiem: "PM", title: "", dots: 3, day: "25", weekday: "FRI"),
            ReceiptRow(time: "12:38", meridiem: "PM", title: "스파게티 면", dots: 2, day: "25", weekday: "FRI"),
            ReceiptRow(time: "11:24", meridiem: "AM", title: "", dots: 3, day: "25", weekday: "FRI"),
            ReceiptRow(time: "7:06", meridiem: "AM", title: "조깅", dots: 12, day: "25", weekday: "FRI"),
            ReceiptRow(time: "8:20", meridiem: "PM", title: "Review Report", dots: 7, day: "24", weekday: "THU"),
            ReceiptRow(time: "5:30", meridiem: "PM", title: "Learn History", dots: 4, day: "24", weekday: "THU"),
            ReceiptRow(time: "4:20", meridiem: "PM", title: "재민게임", dots: 6, day: "24", weekday: "THU"),
        ]
        return eight + eight + eight
    }()
}

/// The tear: a finger presses a row, the rows above gray out under a dashed tear line, the finger pulls the
/// rest of the strip down, it tips about the tear's right end, and at the release it falls away; the list
/// then closes up (the torn rows are gone) and scrolls back to the top. Times are the scene's; the motion's
/// numbers are MiniTimer_1's (docs/minitimer-scene.md).
public struct TearGesture: Hashable, Sendable {
    /// The first row torn off (the line is at its top edge).
    public var row: Int
    public var point: Point
    /// The finger goes down.
    public var at: Double
    /// The strip starts to tip.
    public var pullAt: Double
    /// The finger lets go: the piece falls.
    public var releaseAt: Double
    /// The list starts to close up.
    public var closeAt: Double
    /// Touch-down to the gray-out and the tear line (a long press).
    public var pressDelay = 0.4
    /// The rows above gray out: a white veil of this alpha (the holes go from 0 to 139), over this time.
    public var grayAlpha = 0.545
    public var grayDuration = 0.14
    /// The piece tips about the tear's right end to this angle (counter-clockwise on screen) in this time.
    public var tipAngle = 5.3
    public var tipDuration = 0.1
    /// The gap the tear opens (the piece's top edge drops this much).
    public var gap = 2.0
    /// The fall: y = v0·t + g·t²/2 (least squares over the recording's four frames of it, within 6.7 pt),
    /// fading as 1 − (t / fade)² (the piece's gray: 243, 219, 172 over black at 30, 70 and 100 ms).
    public var fallVelocity = 340.0
    public var fallGravity = 46300.0
    public var fadeDuration = 0.16
    /// The close: the list scrolls back to the top in this time (linear, as measured), then the gray lifts,
    /// linearly as well: the hole's gray reads 139, 116, 92, 68, 44, 19, 0 at MiniTimer_1's frames from 5.23 s
    /// (24 a frame, so 0.19 s, from 0.235 s after the close starts).
    public var closeDuration = 0.21
    public var ungrayDelay = 0.235
    public var ungrayDuration = 0.19

    public init(row: Int, point: Point, at: Double, pullAt: Double, releaseAt: Double, closeAt: Double) {
        self.row = row; self.point = point; self.at = at; self.pullAt = pullAt; self.releaseAt = releaseAt; self.closeAt = closeAt
    }

    public var end: Double { max(closeAt + closeDuration, closeAt + ungrayDelay + ungrayDuration) }
}

/// `"kind": "minitimer-folding-timers"`: the MGUFlowView demo's "Mini Timer 에서 이용 1" screen (MiniTimer_1):
/// the menu and the push, a receipt-paper timer log scrolled in the folding style, and the tear.
public enum MiniTimerFoldingKind: PreviewKind {
    public static let name = "minitimer-folding-timers"
    public static let summary = "MGUFlowView's Mini Timer 1 demo: menu, push, a receipt list folding as it scrolls, the tear"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 390, height: 844, scale: 400.0 / 390, background: .black)
        public var framesPerSecond = 30.0
        public var intro: NavigationIntro? = MiniTimerFoldingKind.recordingIntro
        public var title = "Mini Timer 1"
        public var time = "1:32"
        public var homeIndicator = HomeIndicatorStyle.dark
        public var rows = ReceiptRow.demo
        /// The flow view: cells also draw below it, down to the safe area's bottom, 34 pt above the screen's (the
        /// app's list is not clipped at the view's bottom); its height sets the end of the scroll (600 pt for 24
        /// rows, as recorded).
        public var viewFrame = Rect(0, 91, 390, 640)
        public var itemSize = Size(295, 50)
        public var leadingSpacing = 20.0
        public var eyePosition = 500.0
        public var decelerationRate = 0.99
        /// How far the finger goes before the list scrolls. MiniTimer_1's list trails the touch disc by 19.8 pt
        /// in its held pull and 24.5 pt in its fling (disc and offset measured per frame; fast fingers read more
        /// in the swipe recordings too), where VegaStyle's trails by 5.8 (`ScrollPhysics.panHysteresis`). Its
        /// rows also take a long press (the tear), which may be what holds the scroll back.
        public var panHysteresis = 20.0
        public var timeline: [Timed<ScrollGesture>] = []
        public var tear: TearGesture?
        public var duration: Double?
        public var keyFrames: [Double] = []
        public var showsTouches = true
        public var touchTrail = true

        public init() {}

        public var scene: MiniTimerFoldingScene {
            MiniTimerFoldingScene(settings: self,
                                  gestures: timeline.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait))
        }
    }

    /// The recording's opening: the finger on "Mini Timer 에서 이용 1" at 0.77 s (its disc at 203.3, 393.1 pt), the push at 0.975 s.
    static let recordingIntro: NavigationIntro = {
        var intro = NavigationIntro(row: "miniTimer1")
        intro.tapAt = 0.77
        intro.tapDuration = 0.205
        intro.point = Point(203.3, 393.1)
        return intro
    }()

    public static let defaults = Settings()

    static let rowSchema = Schema<ReceiptRow>([
        Field("time", \.time, .string, required: true, doc: ""),
        Field("meridiem", \.meridiem, .string, doc: "AM or PM, under the time"),
        Field("title", \.title, .string, doc: ""),
        Field("dots", \.dots, .integer, doc: "squares under the title"),
        Field("day", \.day, .string, doc: ""),
        Field("weekday", \.weekday, .string, doc: "under the day"),
    ], check: { row, object, d in
        if row.dots > 40 {
            throw d.error(object.position(of: "dots"), d.child(object.path, "dots"), "expected at most 40 squares (one line), found \(row.dots)")
        }
    })

    static let rowsType = ValueType<[ReceiptRow]>.named(
        [("demo", ReceiptRow.demo)],
        otherwise: .array(.object(rowSchema, defaults: ReceiptRow(time: "", meridiem: "PM", title: "", dots: 0, day: "", weekday: ""),
                                  summary: "{time, meridiem, title, dots, day, weekday}"), atLeastOne: "row"))

    static let tearSchema = Schema<TearGesture>([
        Field("row", \.row, .integer, required: true, doc: "the first row torn off (rows count from 0, the top of the list)"),
        Field("point", \.point, .point(), unit: "pt", required: true, doc: "where the finger presses"),
        Field("at", \.at, .number(.nonNegative), unit: "s", required: true, doc: "the finger goes down"),
        Field("pullAt", \.pullAt, .number(.nonNegative), unit: "s", required: true, doc: "the strip starts to tip"),
        Field("releaseAt", \.releaseAt, .number(.nonNegative), unit: "s", required: true, doc: "the finger lets go: the piece falls"),
        Field("closeAt", \.closeAt, .number(.nonNegative), unit: "s", required: true, doc: "the list closes up and scrolls to the top"),
        Field("pressDelay", \.pressDelay, .number(.nonNegative), unit: "s", doc: "touch-down to the gray-out and the tear line"),
        Field("grayAlpha", \.grayAlpha, .number(.unit), doc: "the white veil over the rows above"),
        Field("grayDuration", \.grayDuration, .number(.nonNegative), unit: "s", doc: ""),
        Field("tipAngle", \.tipAngle, .number(.any), unit: "°", doc: "counter-clockwise, about the tear's right end"),
        Field("tipDuration", \.tipDuration, .number(.nonNegative), unit: "s", doc: ""),
        Field("gap", \.gap, .number(.nonNegative), unit: "pt", doc: "the tear opens this much"),
        Field("fallVelocity", \.fallVelocity, .number(.nonNegative), unit: "pt/s", doc: "the piece's speed at the release"),
        Field("fallGravity", \.fallGravity, .number(.nonNegative), unit: "pt/s²", doc: ""),
        Field("fadeDuration", \.fadeDuration, .number(.positive), unit: "s", doc: "alpha 1 − (t / fade)²"),
        Field("closeDuration", \.closeDuration, .number(.nonNegative), unit: "s", doc: "the scroll back to the top (linear)"),
        Field("ungrayDelay", \.ungrayDelay, .number(.nonNegative), unit: "s", doc: "from closeAt to the gray lifting"),
        Field("ungrayDuration", \.ungrayDuration, .number(.nonNegative), unit: "s", doc: "the gray lifts linearly"),
    ], check: { tear, object, d in
        let order: [(String, Double)] = [("at", tear.at), ("pullAt", tear.pullAt), ("releaseAt", tear.releaseAt), ("closeAt", tear.closeAt)]
        for (a, b) in zip(order, order.dropFirst()) where b.1 < a.1 {
            throw d.error(object.position(of: b.0), d.child(object.path, b.0),
                          "expected a time at or after \(a.0) (\(formatNumber(a.1)) s), found \(formatNumber(b.1))")
        }
    })

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "390 × 844 pt at 400/390 px/pt, black",
              owner: .preview, doc: "as in a `layers` scene; the recording is 400 px wide"),
        Field("framesPerSecond", \.framesPerSecond, .number(.positive), unit: "fps", owner: .preview, doc: ""),
        Field("intro", \.intro, NavigationIntro.type(over: MiniTimerFoldingKind.recordingIntro), default: "the recording's: miniTimer1 tapped at 0.77 s for 0.205 s",
              owner: .preview, doc: "the demo menu and the push before the screen; null opens on the screen"),
        Field("title", \.title, .string, owner: .preview, doc: "navigation bar title"),
        Field("time", \.time, .string, owner: .preview, doc: "the status bar clock"),
        .homeIndicator(\.homeIndicator),
        Field("rows", \.rows, rowsType, owner: .preview, doc: "the timer log, top to bottom; \"demo\" is the recording's 24"),
        Field("viewFrame", \.viewFrame, .rect, unit: "pt", owner: .preview,
              doc: "the flow view; cells draw below it to the safe area's bottom (34 pt above the screen's)"),
        Field("itemSize", \.itemSize, .size(), unit: "pt", doc: "a row of the strip"),
        Field("leadingSpacing", \.leadingSpacing, .number(.nonNegative), unit: "pt", doc: "above the first row"),
        Field("eyePosition", \.eyePosition, .number(.positive), unit: "pt", doc: "folding perspective: m34 = −1 / eyePosition"),
        Field("decelerationRate", \.decelerationRate, .number(.decelerationRate), doc: "velocity kept per millisecond after a release"),
        Field("panHysteresis", \.panHysteresis, .number(.nonNegative), unit: "pt", owner: .preview,
              doc: "how far the finger goes before the list scrolls"),
        Field("timeline", \.timeline, .timeline(ScrollGesture.forms, duration: \.seconds, start: \.start), owner: .preview,
              doc: "the scroll (as in a flow scene)"),
        Field("tear", \.tear, .optional(.object(tearSchema, defaults: TearGesture(row: 0, point: .zero, at: 0, pullAt: 0, releaseAt: 0, closeAt: 0),
                                                 summary: "{row, point, at, pullAt, releaseAt, closeAt, …}")),
              default: "none", owner: .preview, doc: "the tear (below)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
        .showsTouches(\.showsTouches),
        .touchTrail(\.touchTrail),
    ], check: { s, object, d in
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
        if let tear = s.tear {
            let tearObject = object.member("tear")?.value ?? object.value
            let path = d.child(object.path, "tear")
            if tear.row >= s.rows.count {
                let at = (try? d.object(tearObject, path))?.first { $0.key == "row" }?.value ?? tearObject
                throw d.error(at, d.child(path, "row"), "expected a row of the list (0...\(s.rows.count - 1)), found \(tear.row)")
            }
            if let duration = s.duration, duration + 1e-9 < tear.end {
                throw d.error(object.position(of: "duration"), "duration",
                              "the tear runs until \(formatNumber((tear.end * 1000).rounded() / 1000)) s, longer than the duration")
            }
        }
        if s.itemSize.width > s.viewFrame.width {
            throw d.error(object.position(of: "itemSize"), d.child(object.path, "itemSize"),
                          "expected a row at most as wide as the view (\(formatNumber(s.viewFrame.width)) pt), found \(formatNumber(s.itemSize.width))")
        }
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation(measuring: text)
    }
}

extension MiniTimerFoldingAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.settings.canvas }
    public var framesPerSecond: Double { scene.settings.framesPerSecond }
}
