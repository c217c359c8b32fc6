import Foundation

/// The progress curves of UIKit's animators, as functions of time (0 at the start, 1 at rest).
public enum AnimationCurve: Hashable, Sendable {
    /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), the release animation.
    /// `initialVelocity` is in units of the whole distance per second, as UIKit takes it.
    case spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// UIViewPropertyAnimator(duration:dampingRatio: 1): critically damped, settled at `duration`.
    case criticallyDamped(duration: Double)
    /// UIView.animate's default curve (ease in, ease out).
    case easeInOut(duration: Double)

    /// The release spring of SwipeController: mass 1, stiffness 100, damping 18.
    public static func release(initialVelocity: Double) -> AnimationCurve {
        .spring(mass: 1, stiffness: 100, damping: 18, initialVelocity: initialVelocity)
    }

    /// UIViewPropertyAnimator(duration:dampingRatio:). Below a ratio of 1, a spring whose envelope has fallen to
    /// about 0.15% at `duration` (ω = 6.48 / (ζ·duration)), as the critically damped one keeps 0.11%: fitted on
    /// ExpansionStyle_Selecton's unread dot, the SwipeCellKit demo's UIViewPropertyAnimator(duration: 1.0,
    /// dampingRatio: 0.4), whose 14 frames from 2.07 s give ω = 16.2/s, within 0.4 pt of its 12-pt size.
    public static func propertyAnimator(duration: Double, dampingRatio z: Double) -> AnimationCurve {
        guard z < 1 else { return .criticallyDamped(duration: duration) }
        let w = 6.48 / (z * duration)
        return .spring(mass: 1, stiffness: w * w, damping: 2 * z * w, initialVelocity: 0)
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
            // ω = 13/s for UIKit's 0.7 s: the best fit to the four recorded rows that close on it from rest
            // (TransitionStyle_Border, _Drag and _Reveal after their taps, ExpansionStyle_Selecton after its
            // release; docs/fidelity.md#how-the-models-constants-were-fitted). So ω·duration = 9.1 and 0.11% is
            // left at `duration`.
            if t >= duration { return 1 }
            let w = 9.1 / duration
            return 1 - exp(-w * t) * (1 + w * t)
        case .easeInOut(let duration):
            if t >= duration { return 1 }
            return TimingCurve.easeInOut(t / duration)
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
