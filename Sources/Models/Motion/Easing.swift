/// A timing function as Core Animation defines one: a cubic Bézier from (0, 0) to (1, 1). The named ones
/// (CAMediaTimingFunctionName) are the models' one easing vocabulary: UIView animations and batch updates use
/// them, and so does a scripted finger's pace, which may also give its own control points as
/// CAMediaTimingFunction(controlPoints:) does.
public struct TimingCurve: Hashable, Sendable {
    public var bezier: CubicBezier

    public init(_ bezier: CubicBezier) { self.bezier = bezier }

    public static let linear = TimingCurve(CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
    /// kCAMediaTimingFunctionEaseIn.
    public static let easeIn = TimingCurve(CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
    /// kCAMediaTimingFunctionEaseOut.
    public static let easeOut = TimingCurve(CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
    /// kCAMediaTimingFunctionEaseInEaseOut, UIView.animate's default curve.
    public static let easeInOut = TimingCurve(CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    /// kCAMediaTimingFunctionDefault, implicit layer animations.
    public static let `default` = TimingCurve(CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))

    /// The names scenes use, in Core Animation's spelling less the prefix.
    public static let named: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut), ("default", .default),
    ]

    /// Progress at the share `t` of the duration (clamped to 0...1).
    public func callAsFunction(_ t: Double) -> Double {
        self == .linear ? min(1, max(0, t)) : bezier.value(at: t)
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as CAMediaTimingFunction defines one.
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }

    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x(s) is monotonic for control points in 0...1: bisection is exact enough and cannot diverge.
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let s = (lo + hi) / 2
            if Self.bezier(s, x1, x2) < x { lo = s } else { hi = s }
        }
        return Self.bezier((lo + hi) / 2, y1, y2)
    }

    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
}
