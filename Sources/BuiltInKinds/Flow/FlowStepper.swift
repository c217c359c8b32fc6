import RenderPreviewsKindKit

/// The reversed demo's UIStepper, right of its navigation bar: where it sits, what a finger on it presses and
/// what that does. Its value is the demo's item count, from one to the items there are. As UIStepper does, a
/// segment acts when the finger touches down, not when it lifts (VegaStyle_Reverse's list changes while the
/// finger is still on the +), and a segment that cannot act (− at one item, + at all of them) neither acts
/// nor lights up.
struct FlowStepper {
    enum Segment { case minus, plus }

    /// Two 47 x 32 segments, 16 pt from the screen's right edge, centred 22 pt above the bar's bottom.
    let frame: Rect
    /// The bar's 44-pt band: UINavigationBar gives its items the bar's height, so a finger below the control's
    /// frame still presses it (the recording's + taps land at y 83, the frame's bottom at 85).
    let band: ClosedRange<Double>

    init(screenWidth: Double, barBottom: Double) {
        frame = Rect(screenWidth - 16 - 94, barBottom - 22 - 16, 94, 32)
        band = (barBottom - 44)...barBottom
    }

    /// How long after the touch-down the list's update starts (a frame of the app's latency). Fitted on
    /// VegaStyle_Reverse, each tap put at its disc's first frame: the list's ink (the mean darkness of the screen
    /// between 250 and 800 px) frame by frame against ours, in 10-ms steps, is best at 0.035, 0.05, 0.02 and
    /// 0.015 s for the four taps whose change it can time (docs/fidelity.md#the-reversed-demos-stepper).
    static let responseDelay = 0.03
    /// The pressed segment's light gray fades in over this long from the touch-down, and out from `highlightHold`
    /// after the lift. Measured on the recording's six taps, against each disc's first frame and the start of its
    /// lift's ring: it reads 0.4, 0.84, 1 at 33-ms steps going on (half on 10 to 75 ms after the disc, 50 on
    /// average) and 1, 0.67, 0.3 going off (half off 103 to 110 ms after the lift, every tap alike).
    static let highlightFade = 0.075
    static let highlightHold = 0.07

    /// The segment under `point`, if any.
    func segment(at point: Point) -> Segment? {
        guard band.contains(point.y), point.x >= frame.minX, point.x <= frame.maxX else { return nil }
        return point.x < frame.midX ? .minus : .plus
    }

    /// Whether `segment` can act with `itemCount` items of `maximum`.
    static func isEnabled(_ segment: Segment, itemCount: Int, maximum: Int) -> Bool {
        segment == .minus ? itemCount > 1 : itemCount < maximum
    }

    /// What a tap at `point` does to `itemCount` (of `maximum` items), as it touches down.
    func action(at point: Point, itemCount: Int, maximum: Int) -> TouchDownAction? {
        guard let segment = segment(at: point), Self.isEnabled(segment, itemCount: itemCount, maximum: maximum) else {
            return nil
        }
        return TouchDownAction(itemCount: itemCount + (segment == .plus ? 1 : -1), delay: Self.responseDelay)
    }

    /// The segment lit at `t` and how much (0 to 1): the share of the last `highlightFade` seconds it was lit,
    /// from a touch-down on it while it could act to `highlightHold` after the lift.
    func highlight(in timeline: ScrollTimeline, at t: Double, maximum: Int) -> (segment: Segment, amount: Double)? {
        for segment in [Segment.plus, .minus] {
            let amount = timeline.pressShare(of: Self.highlightFade, endingAt: t, hold: Self.highlightHold, held: { s in
                s.touch.map { self.segment(at: $0) == segment } ?? false
            }, enabled: { s in Self.isEnabled(segment, itemCount: s.itemCount, maximum: maximum) })
            if amount > 0 { return (segment, amount) }
        }
        return nil
    }
}
