/// Core Animation's named timing functions (CAMediaTimingFunctionName), the one easing vocabulary of the
/// models: UIView animations and batch updates use them, and so does a scripted finger's pace.
public enum TimingCurve: String, Hashable, Sendable, CaseIterable {
    case linear
    /// kCAMediaTimingFunctionEaseIn: (0.42, 0) (1, 1).
    case easeIn
    /// kCAMediaTimingFunctionEaseOut: (0, 0) (0.58, 1).
    case easeOut
    /// kCAMediaTimingFunctionEaseInEaseOut: (0.42, 0) (0.58, 1), UIView.animate's default curve.
    case easeInOut
    /// kCAMediaTimingFunctionDefault: (0.25, 0.1) (0.25, 1), implicit layer animations.
    case `default`

    public var bezier: CubicBezier {
        switch self {
        case .linear: CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        case .easeIn: CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .default: CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        }
    }

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
