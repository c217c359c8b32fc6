import Foundation
import Geometry
import SceneSchema

/// One step of a scripted interaction with a scroll view.
public enum ScrollGesture: Hashable, Sendable {
    /// Nothing new happens for a while (the scroll view keeps decelerating or bouncing).
    case wait(Double)
    /// The finger (already down, or put down at `from`) moves to `to` over `duration` seconds.
    case drag(FingerDrag)
    /// The finger lifts; the scroll view flings with the finger's velocity (points/second, measured over the
    /// last 50 ms of the drag) unless one is given.
    case release(velocity: Double?)
    /// The data source applies a snapshot of `count` items, animated (the reversed Vega demo's stepper).
    case setItemCount(Int)
    /// A finger touches a point (a button) for a moment without scrolling.
    case tap(FingerTap)
    /// The finger follows a measured track (going down at its first point if it is not down).
    case path(FingerPath)
}

/// UIScrollView's behaviour, as far as the previews need it.
public struct ScrollPhysics: Hashable, Sendable {
    /// Velocity kept per millisecond while decelerating (UIScrollView's normal rate is 0.998, fast 0.99).
    public var decelerationRate: Double = 0.998
    public var bounces: Bool = true
    /// Rubber-band stiffness: past an edge the content follows (1 - 1/(x·c/d + 1))·d of the finger's x.
    public var rubberBandConstant: Double = 0.55
    /// The spring that brings the content back from past an edge (a release there, or a fling that crosses
    /// it): critically damped at this angular frequency (rad/s), starting at the content's velocity. Fitted to
    /// the recordings' returns frame by frame (x(t) = (A + B·t)·e^(−ωt), least squares): VegaStyle_Reverse's
    /// three pulls 13.9, 13.0 and ~12 rad/s (the pinned card's scale; compare_motion.py pull_track), VegaStyle's
    /// release from rest 44 pt past its end 14. It replaces an exponential decay at rate 10 without velocity, which left
    /// the edge at full speed and ignored the dip the recordings show when a finger lets go still moving.
    public var springBackFrequency: Double = 13

    /// UIScrollView's pan begins once the finger is this far from where it went down; the content follows
    /// the translation from there (the mechanism of SwipeTimeline.panHysteresis, whose cells begin at 10 pt).
    /// VegaStyle's first drag, the disc tracked against the content per frame: the content trails the finger
    /// by 5.8 pt (median of 21 frames, 5.5-6.1 at 80-1500 pt/s); 6 pt fits flow-vega best
    /// (docs/fidelity.md#how-the-models-constants-were-fitted). (The rubber-banded drags read 9-10 pt through
    /// the rubber band's formula, which is not independent of its constant.)
    public static let panHysteresis = 6.0
    /// This scroll view's pan threshold (`panHysteresis` unless a screen's recording shows another).
    public var hysteresis: Double

    public init(decelerationRate: Double = 0.998, bounces: Bool = true, hysteresis: Double = ScrollPhysics.panHysteresis) {
        self.decelerationRate = decelerationRate; self.bounces = bounces; self.hysteresis = hysteresis
    }

    /// How far past an edge the content shows for `overshoot` points of finger travel, in a view `d` tall.
    public func rubberBand(_ overshoot: Double, dimension d: Double) -> Double {
        guard overshoot > 0, d > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandConstant / d + 1)) * d
    }

    /// Where a release at `velocity` (points/second) would come to rest without paging: the sum of the
    /// per-millisecond decay, v/1000 · r/(1 - r).
    public func projectedDistance(velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }
}

/// The state of the scroll view and the finger at one instant.
public struct ScrollSample: Hashable, Sendable {
    public var contentOffset: Double
    /// Finger position in the screen's space, nil when no finger is down.
    public var touch: Point?
    /// Item count before and after an animated update, and its progress (0...1).
    public var itemCount: Int
    public var previousItemCount: Int
    public var updateProgress: Double
    /// The touch disc to draw (the finger's, or its lift's ring); filled in by `ScrollTimeline.sample(at:)`.
    public var touchMark: TouchMark? = nil
    /// The recorder's trail of earlier touch events (`TouchMark.trailDuration`), oldest first, when asked for.
    public var touchTrail: [TouchMark] = []
}

/// Which finger coordinate scrolls the content.
public enum ScrollAxis: Hashable, Sendable {
    case vertical, horizontal

    public func along(_ p: Point) -> Double { self == .vertical ? p.y : p.x }
}

/// What a scroll view needs to know of the layout it scrolls: how far it goes, where a release comes to rest
/// (free deceleration, paging, a layout's own targetContentOffset) and what a data update does to the offset.
public protocol ScrollableLayout: Sendable {
    var maxContentOffset: Double { get }
    /// The view's extent along the axis: the rubber band's dimension.
    var visibleLength: Double { get }
    /// Where a release at `offset` with `velocity` (pt/s) settles, given where deceleration alone would take it.
    func restingOffset(projected: Double, velocity: Double, releasedAt offset: Double) -> Double
    /// The data source now has `count` items; returns the offset the view shows right after (no finger down,
    /// nothing settling).
    mutating func update(itemCount count: Int, offset: Double) -> Double
}

/// How the content moves with no finger down.
enum SettleMode: Sendable {
    /// Exponentially towards `settleTarget` (a page, a resting place within the content).
    case decay
    /// Freely decelerating towards the edge at `settleTarget`, to cross it.
    case coast
    /// The edge spring, from past the edge at `settleTarget` or across it.
    case spring
}

/// What a control that acts on touch-down does (`ScrollTimeline`'s `pressed`): the item count it leaves, and
/// when its update starts, in seconds after the touch-down.
public struct TouchDownAction: Hashable, Sendable {
    public var itemCount: Int
    public var delay: Double

    public init(itemCount: Int, delay: Double) { self.itemCount = itemCount; self.delay = delay }
}

/// Runs a gesture script against a layout and keeps the scroll view's state every millisecond, so any frame
/// time can be sampled deterministically.
public struct ScrollTimeline: Sendable {
    private let timeline: SampledTimeline<ScrollSample>
    public var samples: [ScrollSample] { timeline.samples }
    public var duration: Double { timeline.duration }

    /// Duration of UIKit's default animated collection-view update.
    public static let updateDuration = 0.3

    /// `tapped` is told of each tap as the finger lifts (the tap, the content offset when it touched down, the
    /// time) and may answer with the item count the tap's action leaves (a button that adds or deletes items);
    /// that update then starts at once, as `.setItemCount` would. `pressed` is told of each tap as it touches
    /// down (the tap, the item count then) and may answer for a control that acts on touch-down instead, as
    /// UIStepper does: the item count, and how long after the touch-down its update starts.
    public init<Layout: ScrollableLayout>(layout: Layout, axis: ScrollAxis = .vertical, physics: ScrollPhysics,
                                          initialOffset: Double, itemCount: Int, gestures: [ScrollGesture],
                                          tapped: (_ tap: FingerTap, _ contentOffset: Double, _ time: Double) -> Int? = { _, _, _ in nil },
                                          pressed: (_ tap: FingerTap, _ itemCount: Int) -> TouchDownAction? = { _, _ in nil }) {
        var layout = layout
        var timeline = SampledTimeline<ScrollSample>(start: FingerPath.scriptStart(gestures.first?.finger))
        var offset = initialOffset
        var touch: Point? = nil
        var history = TouchHistory()
        var velocity = 0.0
        var t = timeline.start
        var itemCount = itemCount, previousCount = itemCount
        var updateStart = -1.0
        // Motion after a release: decay towards a target, a fling coasting across an edge, or a spring back
        // from past an edge (to `settleTarget`, the edge).
        var settleTarget: Double? = nil
        var settleRate = 0.0
        var settleMode = SettleMode.decay
        var pan = PanRecognizer(hysteresis: physics.hysteresis)
        var dragStartOffset = 0.0
        /// A touch-down action's update, due at its time (`pressed`).
        var due: (time: Double, itemCount: Int)? = nil
        /// The finger is down for a tap, on a control rather than on the content.
        var tapping = false

        func record() {
            let progress = updateStart < 0 ? 1 : min(1, (t - updateStart) / Self.updateDuration)
            timeline.record(ScrollSample(contentOffset: offset, touch: touch, itemCount: itemCount,
                                         previousItemCount: progress >= 1 ? itemCount : previousCount,
                                         updateProgress: progress))
        }

        /// Advances free motion (no finger) by one step.
        func settle() {
            guard let target = settleTarget else { return }
            let dt = ScriptClock.step
            switch settleMode {
            case .decay:
                let k = exp(-settleRate * dt)
                let next = target + (offset - target) * k
                velocity = (next - offset) / dt
                offset = next
                if abs(offset - target) < 0.01 {
                    offset = target
                    velocity = 0
                    settleTarget = nil
                }
            case .coast:
                // Free deceleration (the scroll view's rate per millisecond) until the content crosses the edge,
                // where the spring takes it on at the velocity it has left.
                offset += velocity * dt
                velocity *= pow(physics.decelerationRate, dt * 1000)
                if (offset - target) * velocity >= 0 { settleMode = .spring }
                else if abs(velocity) < 1 { settleMode = .decay; settleRate = -1000 * log(physics.decelerationRate) }
            case .spring:
                // Critically damped, exactly per step: x(t) = (x0 + (v0 + ωx0)·t)·e^(−ωt) from the edge.
                let w = physics.springBackFrequency, x = offset - target
                let b = velocity + w * x, e = exp(-w * dt)
                offset = target + (x + b * dt) * e
                velocity = (b - w * (x + b * dt)) * e
                if abs(offset - target) < 0.01 && abs(velocity) < 1 {
                    offset = target
                    velocity = 0
                    settleTarget = nil
                }
            }
        }

        func setItemCount(_ count: Int) {
            previousCount = itemCount
            itemCount = max(0, count)
            updateStart = t
            let moved = layout.update(itemCount: itemCount, offset: offset)
            // A finger on the content holds it; one on a control (a tap) does not.
            if (touch == nil || tapping) && settleTarget == nil { offset = moved }
        }

        func advance(_ seconds: Double, _ body: (Double) -> Void) {
            let steps = ScriptClock.steps(seconds)
            for i in 0..<steps {
                t += ScriptClock.step
                if let d = due, t >= d.time - ScriptClock.step / 2 { due = nil; setItemCount(d.itemCount) }
                body(Double(i + 1) / Double(steps))
                record()
            }
        }

        /// The finger (put down at `down`, else already down) moves along `finger(progress)` for `seconds`; the
        /// content follows it, rubber-banded past the ends.
        func follow(down: Point?, for seconds: Double, _ finger: (Double) -> Point) {
            if let down {
                touch = down
                history.begin(at: t, down)
                settleTarget = nil
                velocity = 0
                pan.touchDown(down)
                dragStartOffset = offset
            } else if pan.origin == nil, let touch {
                pan.touchDown(touch)
                dragStartOffset = offset
            }
            advance(seconds) { f in
                let p = finger(f)
                touch = p
                history.append(at: t, p)
                // The content holds until the pan begins, then follows its translation.
                guard let moved = pan.translation(to: p) else { return }
                let raw = dragStartOffset - axis.along(moved)
                offset = Self.rubberBanded(raw, layout: layout, physics: physics)
            }
        }

        record()
        for gesture in gestures {
            switch gesture {
            case .wait(let seconds):
                // A finger held still still reports where it is, so a release after a pause has no velocity.
                advance(seconds) { _ in
                    if let touch { history.append(at: t, touch) } else { settle() }
                }
            case .drag(let drag):
                let origin = drag.from ?? touch ?? drag.to
                follow(down: touch == nil || drag.from != nil ? origin : nil, for: drag.duration) { f in
                    drag.position(from: origin, progress: f)
                }
            case .path(let path):
                follow(down: touch == nil ? path.position(at: path.start) : nil, for: path.duration) { f in
                    path.position(at: path.start + f * path.duration)
                }
            case .release(let given):
                // Content moves against the finger: a finger flung up (or left) scrolls forward.
                // A finger that lifts before the pan began leaves the content still.
                velocity = given ?? (pan.began ? -axis.along(history.velocity) : 0)
                touch = nil
                pan.lift()
                history.clear()
                let maxOffset = layout.maxContentOffset
                if offset < 0 || offset > maxOffset {
                    // Past an edge: spring back to it from the release velocity.
                    settleTarget = offset < 0 ? 0 : maxOffset
                    settleMode = .spring
                } else {
                    let projected = offset + physics.projectedDistance(velocity: velocity)
                    let target = layout.restingOffset(projected: projected, velocity: velocity, releasedAt: offset)
                    settleTarget = target
                    settleMode = .decay
                    if physics.bounces && velocity != 0 && ((projected > maxOffset && target >= maxOffset && velocity > 0)
                                                            || (projected < 0 && target <= 0 && velocity < 0)) {
                        // A fling that would go past the end comes to rest there, but as UIScrollView's does:
                        // it decelerates freely across the edge and the spring brings it back (MiniTimer_1's
                        // fling overshoots its end by 77 pt).
                        settleMode = .coast
                    } else {
                        // Decay at the scroll view's own rate, quickened to start at the release velocity when
                        // that reaches the target sooner.
                        let natural = -1000 * log(physics.decelerationRate)
                        let distance = target - offset
                        let matching = abs(distance) > 0.01 && velocity * distance > 0 ? velocity / distance : natural
                        settleRate = min(40, max(natural, matching))
                    }
                }
            case .tap(let tap):
                let touchedAt = offset
                touch = tap.point
                if let action = pressed(tap, due?.itemCount ?? itemCount) {
                    // An earlier press's update still waiting starts now, so that each press shows.
                    if let d = due { due = nil; setItemCount(d.itemCount) }
                    due = (t + max(0, action.delay), action.itemCount)
                }
                tapping = true
                advance(tap.duration) { _ in settle() }
                tapping = false
                touch = nil
                if let count = tapped(tap, touchedAt, t) { setItemCount(count) }
            case .setItemCount(let count):
                setItemCount(count)
            }
        }
        // A touch-down action still waiting when the script ends (a tap shorter than its delay) starts.
        if let d = due { advance(max(ScriptClock.step, d.time - t)) { _ in settle() } }
        self.timeline = timeline
    }

    /// The content offset a finger drag gives: followed 1:1 within the content, rubber-banded past its edges.
    static func rubberBanded<Layout: ScrollableLayout>(_ raw: Double, layout: Layout, physics: ScrollPhysics) -> Double {
        let maxOffset = layout.maxContentOffset
        guard physics.bounces else { return min(maxOffset, max(0, raw)) }
        if raw < 0 { return -physics.rubberBand(-raw, dimension: layout.visibleLength) }
        if raw > maxOffset { return maxOffset + physics.rubberBand(raw - maxOffset, dimension: layout.visibleLength) }
        return raw
    }

    /// The share of the `span` seconds up to `t` (0 to 1, from the 1-ms steps) during which a control was lit:
    /// from each touch-down that held it (`held`) while it could act (`enabled`, asked of the press's first step)
    /// to `hold` seconds after that press lifted. A highlight that fades in and out linearly over `span`, and
    /// stays lit through a press whose own action disables its control.
    public func pressShare(of span: Double, endingAt t: Double, hold: Double = 0, held: (ScrollSample) -> Bool,
                           enabled: (ScrollSample) -> Bool) -> Double {
        let samples = timeline.samples
        let n = max(1, ScriptClock.steps(span)), holdSteps = ScriptClock.steps(hold)
        let last = timeline.step(at: t), first = last - n + 1
        // Presses from the latest back; `limit` keeps an earlier press's hold from counting steps a later one lit.
        var met = 0, limit = last, j = last
        while j >= max(0, first - holdSteps) {
            guard held(samples[j]) else { j -= 1; continue }
            var down = j
            while down > 0 && held(samples[down - 1]) { down -= 1 }
            if enabled(samples[down]) {
                let lo = max(down, first), hi = min(j + holdSteps, limit)
                if hi >= lo { met += hi - lo + 1 }
                limit = min(limit, lo - 1)
            }
            j = down - 1
        }
        return Double(met) / Double(n)
    }

    /// The state at time `t` (clamped to the script's duration); with `trail`, the touch trail too (only the
    /// kinds whose recordings show one draw it).
    public func sample(at t: Double, trail: Bool = false) -> ScrollSample {
        var s = timeline.sample(at: t)
        s.touchMark = timeline.touchMark(at: t) { $0.touch }
        if trail { s.touchTrail = timeline.touchTrail(at: t) { $0.touch } }
        return s
    }
}

extension NumberRule {
    /// UIScrollView.decelerationRate as the scroll kinds read it: velocity kept per millisecond.
    public static let decelerationRate = NumberRule(minimum: 0.5, exclusive: true, maximum: 1, exclusiveMaximum: true,
                                             expectation: "a rate per millisecond in (0.5, 1)")
    /// The frame rates of the kinds that bound them.
    public static let framesPerSecond = NumberRule(minimum: 1, maximum: 120, expectation: "1...120 frames a second")
}

extension Field {
    /// The touch disc every scripted kind can show under the finger.
    public static func showsTouches(_ keyPath: WritableKeyPath<Root, Bool>) -> Field {
        Field("showsTouches", keyPath, .bool, owner: .preview, doc: "the translucent blue disc under the finger")
    }

    /// The fading trail the MGUFlowView recordings' tool leaves behind a moving finger (`TouchMark.trailDuration`).
    public static func touchTrail(_ keyPath: WritableKeyPath<Root, Bool>) -> Field {
        Field("touchTrail", keyPath, .bool, owner: .preview,
              doc: "faint discs where the finger was in the last 0.2 s, shrinking away (the recordings of this kind show them)")
    }
}

extension ScrollGesture: ScriptStep {
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
        case .setItemCount: nil
        }
    }
}
