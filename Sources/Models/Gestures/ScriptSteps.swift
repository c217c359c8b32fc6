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

    static let schema = Schema<FingerDrag>([
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

    static let schema = Schema<FingerTap>([
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

    static let schema = Schema<FingerRelease>([
        Field("velocity", \.velocity, .optional(.number()), unit: "pt/s", doc: "else the finger's over its last 50 ms"),
    ])

    public static let type = ValueType.object(schema, defaults: FingerRelease(), summary: "{velocity}")
}

/// What every script's steps share: a finger that waits, drags, lets go and taps. Each kind's step type adds its
/// own (a swipe's touch-down, a flow's data update); the shared four are declared and timed once here.
enum FingerStep: Equatable, Sendable {
    case wait(Double)
    case drag(FingerDrag)
    case release(FingerRelease)
    case tap(FingerTap)
}

protocol ScriptStep: Equatable, Sendable {
    init(_ finger: FingerStep)
    /// The step as one of the shared four, or nil for the kind's own steps.
    var finger: FingerStep? { get }
}

extension ScriptStep {
    /// The seconds that pass while a step runs: waits, drags and taps take time; the rest is instant.
    var seconds: Double {
        switch finger {
        case .wait(let s): s
        case .drag(let d): d.duration
        case .tap(let t): t.duration
        case .release, nil: 0
        }
    }

    /// The shared steps' forms, each with a line of what it does in this kind.
    static func fingerForms(wait: String, drag: String, release: String, tap: String) -> [Form<Self>] {
        [
            Form("wait", .number(.nonNegative), doc: wait, make: { Self(.wait($0)) },
                 match: { if case .wait(let s) = $0.finger { s } else { nil } }),
            Form("drag", FingerDrag.type, doc: drag, make: { Self(.drag($0)) },
                 match: { if case .drag(let d) = $0.finger { d } else { nil } }),
            Form("release", FingerRelease.type, doc: release, make: { Self(.release($0)) },
                 match: { if case .release(let r) = $0.finger { r } else { nil } }),
            Form("tap", FingerTap.type, doc: tap, make: { Self(.tap($0)) },
                 match: { if case .tap(let t) = $0.finger { t } else { nil } }),
        ]
    }
}
