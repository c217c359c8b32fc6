import Geometry
import SceneSchema

/// What a finger does in a script, as written in scenes: the payloads shared by the flow and swipe timelines.
public struct FingerDrag: Hashable, Sendable {
    /// Where the finger goes down; nil continues from where it is.
    public var from: Point?
    public var to: Point
    public var duration: Double = 0.3
    public var curve: TimingCurve = .easeInOut

    public init(from: Point? = nil, to: Point, duration: Double = 0.3, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.duration = duration; self.curve = curve
    }

    public static let schema = Schema<FingerDrag>([
        Field("from", \.from, .optional(.point()), unit: "pt", doc: "where the finger goes down (else it is already down)"),
        Field("to", \.to, .point(), unit: "pt", required: true, doc: "where it ends, in screen points"),
        Field("duration", \.duration, .number(.positive), unit: "s", doc: ""),
        Field("curve", \.curve, curveType, doc: "the finger's pace: a Core Animation curve's name, or its control points"),
    ])

    public static let type = ValueType.object(schema, defaults: FingerDrag(to: .zero), summary: "{from, to, duration, curve}")

    /// `"easeOut"`, or `[x1, y1, x2, y2]` as CAMediaTimingFunction(controlPoints:) takes them (x in 0...1).
    static let curveType = ValueType<TimingCurve>.named(TimingCurve.named, otherwise: ValueType<TimingCurve>(
        summary: "[x1, y1, x2, y2]", control: .numbers(["x1", "y1", "x2", "y2"]),
        decode: { v, p, d in
            let c = try d.numbers(v, p, [.unit, .any, .unit, .any])
            return TimingCurve(CubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3]))
        },
        encode: { .numbers([$0.bezier.x1, $0.bezier.y1, $0.bezier.x2, $0.bezier.y2]) }))
}

public struct FingerTap: Hashable, Sendable {
    public var point: Point
    public var duration: Double = 0.1

    public init(point: Point, duration: Double = 0.1) { self.point = point; self.duration = duration }

    public static let schema = Schema<FingerTap>([
        Field("point", \.point, .point(), unit: "pt", required: true, doc: "where the finger touches"),
        Field("duration", \.duration, .number(.positive), unit: "s", doc: "how long it stays down"),
    ])

    /// `[x, y]` for a 0.1 s tap, or `{"point": [x, y], "duration": s}`.
    public static let type: ValueType<FingerTap> = {
        let object = ValueType.object(schema, defaults: FingerTap(point: .zero), summary: "{point, duration}")
        let short = ValueType<Point>.point()
        return ValueType(summary: "[x, y] or {point, duration}", control: .json,
                         decode: { v, p, d in
                             if case .array = v.kind { return FingerTap(point: try short.decode(v, p, d)) }
                             return try object.decode(v, p, d)
                         },
                         encode: { $0.duration == 0.1 ? short.encode($0.point) : object.encode($0) })
    }()
}

/// `{}`, or `{"velocity": v}` to fling at a given speed instead of the finger's own.
public struct FingerRelease: Hashable, Sendable {
    public var velocity: Double?

    public init(velocity: Double? = nil) { self.velocity = velocity }

    public static let schema = Schema<FingerRelease>([
        Field("velocity", \.velocity, .optional(.number()), unit: "pt/s", doc: "else the finger's over its last 50 ms"),
    ])

    public static let type = ValueType.object(schema, defaults: FingerRelease(), summary: "{velocity}")
}

/// A finger's measured track: points `[t, x, y]` at absolute scene times (s) and screen points, joined by a
/// monotone cubic (Fritsch–Carlson slopes). Monotone so the finger never overshoots between two points: a few
/// points read off a recording's frames then stand for all of them. Times before 0 run before the first frame,
/// so a recording that loops from mid-swipe starts in that state.
public struct FingerPath: Hashable, Sendable {
    public struct Knot: Hashable, Sendable {
        public var time: Double
        public var point: Point
        public init(_ time: Double, _ point: Point) { self.time = time; self.point = point }
    }

    public let knots: [Knot]
    private let slopes: [Point]

    /// nil unless there are at least 2 knots at increasing times.
    public init?(_ knots: [Knot]) {
        guard knots.count >= 2, zip(knots, knots.dropFirst()).allSatisfy({ $0.time < $1.time }) else { return nil }
        self.knots = knots
        let t = knots.map(\.time)
        let xs = Self.slopes(t, knots.map(\.point.x)), ys = Self.slopes(t, knots.map(\.point.y))
        slopes = zip(xs, ys).map { Point($0, $1) }
    }

    public var start: Double { knots[0].time }
    public var end: Double { knots[knots.count - 1].time }
    public var duration: Double { end - start }

    /// The finger at scene time `t`, held at the ends outside the path.
    public func position(at t: Double) -> Point {
        if t <= start { return knots[0].point }
        if t >= end { return knots[knots.count - 1].point }
        var i = 0
        while knots[i + 1].time < t { i += 1 }
        let a = knots[i], b = knots[i + 1]
        let h = b.time - a.time, u = (t - a.time) / h
        // Cubic Hermite basis.
        let h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u)
        let h01 = u * u * (3 - 2 * u), h11 = u * u * (u - 1)
        func blend(_ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double) -> Double {
            h00 * p0 + h10 * h * m0 + h01 * p1 + h11 * h * m1
        }
        return Point(blend(a.point.x, b.point.x, slopes[i].x, slopes[i + 1].x),
                     blend(a.point.y, b.point.y, slopes[i].y, slopes[i + 1].y))
    }

    /// Fritsch–Carlson slopes as PCHIP computes them: a weighted harmonic mean of the neighbouring secants
    /// inside, zero at extrema; the ends by a one-sided three-point formula kept shape-preserving.
    static func slopes(_ t: [Double], _ v: [Double]) -> [Double] {
        let n = v.count
        let h = (0..<n - 1).map { t[$0 + 1] - t[$0] }
        let m = (0..<n - 1).map { (v[$0 + 1] - v[$0]) / h[$0] }
        if n == 2 { return [m[0], m[0]] }
        var d = [Double](repeating: 0, count: n)
        for k in 1..<n - 1 where m[k - 1] * m[k] > 0 {
            let w1 = 2 * h[k] + h[k - 1], w2 = h[k] + 2 * h[k - 1]
            d[k] = (w1 + w2) / (w1 / m[k - 1] + w2 / m[k])
        }
        func end(_ h0: Double, _ h1: Double, _ m0: Double, _ m1: Double) -> Double {
            let e = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
            if e * m0 <= 0 { return 0 }
            if m0 * m1 <= 0 && abs(e) > 3 * abs(m0) { return 3 * m0 }
            return e
        }
        d[0] = end(h[0], h[1], m[0], m[1])
        d[n - 1] = end(h[n - 2], h[n - 3], m[n - 2], m[n - 3])
        return d
    }

    /// Times may start before 0 (a pre-roll) by at most a minute; coordinates are screen points.
    static let timeRule = NumberRule(minimum: -60, maximum: 600, expectation: "a time in -60...600 s")
    static let coordinateRule = NumberRule(minimum: -100_000, maximum: 100_000, expectation: "a coordinate within ±100000 pt")

    /// `[[t, x, y], …]`: at least 2 points, times increasing.
    public static let type = ValueType<FingerPath>(
        summary: "[[t, x, y], …]", control: .json,
        decode: { v, p, d in
            let items = try d.array(v, p)
            guard items.count >= 2 else {
                throw d.error(v, p, "expected at least 2 points [t, x, y], found \(items.count)")
            }
            var knots: [Knot] = []
            for (i, item) in items.enumerated() {
                let n = try d.numbers(item, p + "[\(i)]", [timeRule, coordinateRule, coordinateRule])
                if let last = knots.last, !(n[0] > last.time) {
                    throw d.error(item, p + "[\(i)]",
                                  "expected a time after \(formatNumber(last.time)) s (a path's times increase), found \(formatNumber(n[0]))")
                }
                knots.append(Knot(n[0], Point(n[1], n[2])))
            }
            return FingerPath(knots)!
        },
        encode: { .array($0.knots.map { .numbers([$0.time, $0.point.x, $0.point.y]) }) })
}

/// What every script's steps share: a finger that waits, drags, lets go and taps. Each kind's step type adds its
/// own (a swipe's touch-down, a flow's data update); the shared four are declared and timed once here.
public enum FingerStep: Equatable, Sendable {
    case wait(Double)
    case drag(FingerDrag)
    case release(FingerRelease)
    case tap(FingerTap)
    case path(FingerPath)
}

public protocol ScriptStep: Equatable, Sendable {
    init(_ finger: FingerStep)
    /// The step as one of the shared four, or nil for the kind's own steps.
    var finger: FingerStep? { get }
}

extension ScriptStep {
    /// The seconds that pass while a step runs: waits, drags and taps take time; the rest is instant.
    public var seconds: Double {
        switch finger {
        case .wait(let s): s
        case .drag(let d): d.duration
        case .tap(let t): t.duration
        case .path(let p): p.duration
        case .release, nil: 0
        }
    }

    /// When a step starts by itself: a path at its first point's time (its times are the scene's).
    public var start: Double? { if case .path(let p) = finger { p.start } else { nil } }

    /// The shared steps' forms, each with a line of what it does in this kind.
    public static func fingerForms(wait: String, drag: String, release: String, tap: String,
                            path: String = "the finger follows points [t, x, y] at the scene's times (s, pt), smoothly (a monotone cubic); times before 0 run before the first frame") -> [Form<Self>] {
        [
            Form("wait", .number(.nonNegative), doc: wait, make: { Self(.wait($0)) },
                 match: { if case .wait(let s) = $0.finger { s } else { nil } }),
            Form("drag", FingerDrag.type, doc: drag, make: { Self(.drag($0)) },
                 match: { if case .drag(let d) = $0.finger { d } else { nil } }),
            Form("release", FingerRelease.type, doc: release, make: { Self(.release($0)) },
                 match: { if case .release(let r) = $0.finger { r } else { nil } }),
            Form("tap", FingerTap.type, doc: tap, make: { Self(.tap($0)) },
                 match: { if case .tap(let t) = $0.finger { t } else { nil } }),
            Form("path", FingerPath.type, doc: path, make: { Self(.path($0)) },
                 match: { if case .path(let p) = $0.finger { p } else { nil } }),
        ]
    }
}

/// The longest script a scene may have (ten minutes of 1 ms steps).
public let maxScriptSeconds = 600.0

/// A script's end against the scene's `duration`, and the frame and length budgets every animated kind shares.
public func checkLength<S: ScriptStep>(of timeline: [Timed<S>], duration: Double?, keyFrames: [Double], fps: Double,
                                _ object: DecodedObject, _ d: SceneDecoder) throws {
    let end = timeline.end(duration: \.seconds)
    if let duration, duration + 1e-9 < end {
        throw d.error(object.position(of: "duration"), "duration",
                      "the timeline runs until \(formatNumber((end * 1e6).rounded() / 1e6)) s, longer than the duration")
    }
    let length = max(end, duration ?? 0)
    if let late = keyFrames.first(where: { $0 > length + 1e-9 }) {
        throw d.error(object.position(of: "keyFrames"), "keyFrames",
                      "\(formatNumber(late)) s is past the end of the scene (\(formatNumber((length * 1e6).rounded() / 1e6)) s)")
    }
    // Scripts are simulated at 1 ms steps and kept whole, so their length is bounded as well as the frames.
    if length > maxScriptSeconds {
        throw d.error(object.position(of: "timeline"), "timeline",
                      "the scene lasts \(formatNumber(length.rounded())) s; at most \(formatNumber(maxScriptSeconds)) s are allowed")
    }
    if length * fps > 3600 {
        throw d.error(object.position(of: "timeline"), "timeline",
                      "the timeline makes \(formatNumber((length * fps).rounded(.down))) frames; at most 3600 are allowed")
    }
}
