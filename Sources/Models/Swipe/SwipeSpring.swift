import Foundation

/// The progress curves of the animators the swipe cell uses, as functions of time (0 at the start, 1 at rest).
public enum SwipeAnimationCurve: Hashable, Sendable {
    /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), the release animation.
    /// `initialVelocity` is in units of the whole distance per second, as UIKit takes it.
    case spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// UIViewPropertyAnimator(duration:dampingRatio: 1): critically damped, settled at `duration`.
    case criticallyDamped(duration: Double)
    /// UIView.animate's default ease-in-out.
    case easeInOut(duration: Double)

    /// The release spring of SwipeController: mass 1, stiffness 100, damping 18.
    public static func release(initialVelocity: Double) -> SwipeAnimationCurve {
        .spring(mass: 1, stiffness: 100, damping: 18, initialVelocity: initialVelocity)
    }

    /// Progress at `t` seconds (may overshoot 1 for an underdamped spring).
    public func progress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        switch self {
        case .spring(let m, let k, let c, let v0):
            let w0 = (k / m).squareRoot()
            let zeta = c / (2 * (k * m).squareRoot())
            // x(t) = 1 − e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t), x(0) = 0, x'(0) = v₀.
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                let e = exp(-zeta * w0 * t)
                return 1 - e * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
            }
            let e = exp(-w0 * t)
            return 1 - e * (1 + (w0 - v0) * t)
        case .criticallyDamped(let duration):
            // ω = 16/s for UIKit's 0.7 s: measured in the recordings (the Border release covers its last 66 pt
            // and is within 0.5 pt in 430 ms), so ω·duration = 11.2 and 0.02% is left at `duration`.
            if t >= duration { return 1 }
            let w = 11.2 / duration
            return 1 - exp(-w * t) * (1 + w * t)
        case .easeInOut(let duration):
            if t >= duration { return 1 }
            return CubicBezier.easeInOut.value(at: t / duration)
        }
    }

    /// When the motion is within 0.5 pt of rest for a travel of `distance` points, and stays there.
    public func settlingTime(distance: Double) -> Double {
        switch self {
        case .criticallyDamped(let d), .easeInOut(let d): return d
        case .spring:
            let limit = distance > 0 ? 0.5 / distance : 0.001
            var last = 0.0
            var t = 0.0
            while t < 5 {
                if abs(1 - progress(t)) > limit { last = t }
                t += 0.001
            }
            return last + 0.001
        }
    }
}

/// A CSS-style cubic Bézier timing curve from (0,0) to (1,1).
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    /// kCAMediaTimingFunctionEaseInEaseOut.
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    public init(x1: Double, y1: Double, x2: Double, y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }

    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Solve bx(s) = x by bisection (monotonic), then evaluate by(s).
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
