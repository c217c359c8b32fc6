import Foundation
import Geometry

/// The step every script is simulated at: 1 ms, fine enough for springs and for finger velocities, and the
/// precision scene times are written in.
public enum ScriptClock {
    public static let step = 0.001

    /// Whole steps in `seconds`.
    public static func steps(_ seconds: Double) -> Int { max(0, Int((seconds / step).rounded())) }
}

/// A script's state at every step: any time samples it deterministically, whatever the frame rate.
public struct SampledTimeline<Sample: Sendable>: Sendable {
    public private(set) var samples: [Sample] = []
    /// The time of the first sample: 0, or earlier when the script starts before the first frame (a path's
    /// pre-roll puts a recording that loops from mid-gesture in that state at 0).
    public let start: Double

    public init(start: Double = 0) { self.start = min(0, start) }

    public mutating func record(_ sample: Sample) { samples.append(sample) }

    /// When the last sample is taken.
    public var duration: Double { start + Double(max(0, samples.count - 1)) * ScriptClock.step }

    /// The state at `t` seconds, clamped to the script.
    public func sample(at t: Double) -> Sample { samples[step(at: t)] }

    /// The sample index nearest `t` seconds, clamped to the script (samples must not be empty).
    public func step(at t: Double) -> Int {
        let i = Int(((min(max(start, t), duration) - start) / ScriptClock.step).rounded())
        return max(0, min(samples.count - 1, i))
    }
}

/// The two recording tools whose "show touches" discs the previews draw. Their pressed discs differ in opacity:
/// over white, 0.55 in the SwipeCellKit recordings (`TouchMark.pressedAlpha`) and 0.45 in the MGUFlowView README
/// ones (VegaStyle's menu tap reads (140, 195, 254) over white, 0.451; the pressed frames of MiniTimer_2 and
/// VegaStyle_Reverse read 0.13 below ours at 0.55, measured alike, and their pulls' disc scores 0.81 of ours).
/// The lift's ring and the trail were each measured on their own tool's recordings.
public enum TouchRecorder: Sendable {
    case swipeCellKit, flowView

    public var pressedAlpha: Double {
        switch self {
        case .swipeCellKit: TouchMark.pressedAlpha
        case .flowView: 0.45
        }
    }
}

/// The recording tool's "show touches" disc at one instant: pressed while the finger is down, then for a moment
/// after it lifts a ring that grows and fades where it lifted.
public struct TouchMark: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    public var alpha: Double
    /// The finger is down: the recorder draws this disc in its own pressed opacity (`TouchRecorder`).
    public var isPressed = false

    /// 46 pt across at 55%: the pressed disc's height measured in every swipe recording is 45.5–46.8 pt.
    public static let pressedRadius = 23.0
    public static let pressedAlpha = 0.55
    /// After a lift: measured on the taps of TransitionStyle_Border, _Drag and _Reveal (each lift placed where
    /// the row's close fits best), the disc's radius goes 23 → 25 → 28 → 31 → 33 pt at 30, 60, 90, 120 and
    /// 150 ms while its alpha falls 0.40 → 0.33 → 0.27 → 0.20; it is still there 152–160 ms after the lift and
    /// gone 184–190 ms after it.
    public static let liftDuration = 0.17
    static let liftRadiusGrowth = 10.0
    static let liftAlpha = (from: 0.42, to: 0.17)

    /// The recording tools also leave a trail: each touch-moved event, 60 a second while the finger moves, drops a
    /// faint disc where the finger was, which shrinks away. The MGUFlowView recordings and the swipe ones show it
    /// alike: about 8% opaque at every age, and 46·(1 − (age/0.2)²) pt across, measured on VegaStyle_Reverse's
    /// pulls (docs/fidelity.md#how-the-models-constants-were-fitted). Transition_Animation_Rotate's events came
    /// about 20 a second, which its scene sets. A finger at rest sends no events, so it leaves none; the
    /// touch-down's few jittering events stack into a darker spot, as in the recordings.
    public static let trailDuration = 0.2
    static let trailAlpha = 0.08
    public static let trailEventRate = 60.0

    public init(center: Point, radius: Double, alpha: Double) {
        self.center = center; self.radius = radius; self.alpha = alpha
    }

    public static func pressed(at p: Point) -> TouchMark {
        var mark = TouchMark(center: p, radius: pressedRadius, alpha: pressedAlpha)
        mark.isPressed = true
        return mark
    }

    /// The mark `age` seconds after the finger lifted at `p`; nil once it is gone.
    public static func lifted(at p: Point, age: Double) -> TouchMark? {
        guard age >= 0, age < liftDuration else { return nil }
        let u = age / liftDuration
        // The growth speeds up (u^1.5 fits the five measured radii within 1 pt); the fade is linear.
        return TouchMark(center: p, radius: pressedRadius + liftRadiusGrowth * u * u.squareRoot(),
                         alpha: liftAlpha.from + (liftAlpha.to - liftAlpha.from) * u)
    }
}

extension SampledTimeline {
    /// The touch mark at `t`, for samples that tell where their finger is (`finger`, nil when up): pressed while
    /// it is down, the lift's ring for `TouchMark.liftDuration` after it lifts.
    public func touchMark(at t: Double, finger: (Sample) -> Point?) -> TouchMark? {
        guard !samples.isEmpty else { return nil }
        let now = step(at: t)
        if let p = finger(samples[now]) { return .pressed(at: p) }
        let reach = Int((TouchMark.liftDuration / ScriptClock.step).rounded())
        var j = now - 1
        while j >= max(0, now - reach) {
            if let p = finger(samples[j]) {
                // Lifted at the first sample without the finger.
                return .lifted(at: p, age: Double(now - (j + 1)) * ScriptClock.step)
            }
            j -= 1
        }
        return nil
    }
}

extension SampledTimeline {
    /// The trail at `t` (see `TouchMark.trailDuration`), oldest first: a disc at every touch event of the last
    /// `trailDuration` seconds where the finger had moved since the event before.
    public func touchTrail(at t: Double, eventRate: Double = TouchMark.trailEventRate, finger: (Sample) -> Point?) -> [TouchMark] {
        guard !samples.isEmpty, eventRate > 0 else { return [] }
        let period = 1 / eventRate
        var marks: [TouchMark] = []
        var k = Int((min(t, duration) * eventRate).rounded(.down))
        while true {
            let event = Double(k) * period, age = t - event
            guard age < TouchMark.trailDuration, event - period >= start else { break }
            k -= 1
            guard let p = finger(sample(at: event)), let q = finger(sample(at: event - period)),
                  (p - q).length > 0.25 else { continue }
            let u = age / TouchMark.trailDuration
            marks.append(TouchMark(center: p, radius: TouchMark.pressedRadius * (1 - u * u), alpha: TouchMark.trailAlpha))
        }
        return marks.reversed()
    }
}

extension FingerPath {
    /// When a script whose steps are `first…` starts: before 0 when it opens with a path that does.
    public static func scriptStart(_ first: FingerStep?) -> Double {
        if case .path(let p)? = first { min(0, p.start) } else { 0 }
    }
}

/// UIPanGestureRecognizer's start: the pan begins once the finger is `hysteresis` points from where it went
/// down, and its translation (which the content follows) counts from where it began, not from the touch-down.
/// Shared by the swipe cells and the scroll views (each with its own measured distance).
public struct PanRecognizer: Sendable {
    public let hysteresis: Double
    /// Where the finger went down, then (once the pan has begun) where the pan began; nil with no finger down.
    public private(set) var origin: Point?
    public private(set) var began = false
    /// The finger's movement from the touch-down to where the pan began (which way it set off).
    public private(set) var beginning = Point.zero

    public init(hysteresis: Double) { self.hysteresis = hysteresis }

    public mutating func touchDown(_ p: Point) {
        origin = p
        began = false
        beginning = .zero
    }

    public mutating func lift() {
        origin = nil
        began = false
    }

    /// The pan's translation for a finger now at `p`, nil while it has not begun (or no finger is down).
    public mutating func translation(to p: Point) -> Point? {
        guard let o = origin else { return nil }
        if !began {
            guard hypot(p.x - o.x, p.y - o.y) >= hysteresis else { return nil }
            began = true
            beginning = Point(p.x - o.x, p.y - o.y)
            origin = p
            return .zero
        }
        return Point(p.x - o.x, p.y - o.y)
    }
}

/// The finger's recent path, kept as UIPanGestureRecognizer keeps it to tell the velocity at a release.
public struct TouchHistory: Sendable {
    private var points: [(time: Double, point: Point)] = []
    /// The velocity is measured over this much of the path's end.
    public static let velocityWindow = 0.05
    static let capacity = 200

    public init() {}

    public mutating func begin(at time: Double, _ point: Point) { points = [(time, point)] }

    public mutating func append(at time: Double, _ point: Point) {
        points.append((time, point))
        if points.count > Self.capacity { points.removeFirst(points.count - Self.capacity) }
    }

    public mutating func clear() { points = [] }

    /// Points per second over the last 50 ms (or the whole path when shorter); zero without movement.
    public var velocity: Point {
        guard let last = points.last,
              let first = points.last(where: { last.time - $0.time >= Self.velocityWindow }) ?? points.first,
              last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return Point((last.point.x - first.point.x) / dt, (last.point.y - first.point.y) / dt)
    }
}

extension FingerDrag {
    /// Where a finger that started at `origin` is at `progress` (0...1) of this drag's time.
    public func position(from origin: Point, progress: Double) -> Point {
        let k = curve(progress)
        return Point(origin.x + (to.x - origin.x) * k, origin.y + (to.y - origin.y) * k)
    }
}
