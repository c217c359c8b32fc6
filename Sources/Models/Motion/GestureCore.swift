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
    public func sample(at t: Double) -> Sample {
        let i = Int(((min(max(start, t), duration) - start) / ScriptClock.step).rounded())
        return samples[max(0, min(samples.count - 1, i))]
    }
}

extension FingerPath {
    /// When a script whose steps are `first…` starts: before 0 when it opens with a path that does.
    static func scriptStart(_ first: FingerStep?) -> Double {
        if case .path(let p)? = first { min(0, p.start) } else { 0 }
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
