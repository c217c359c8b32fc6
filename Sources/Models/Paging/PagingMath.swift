import Foundation
import Geometry

/// CollectionViewPagingLayout's TransformCurve: how a page's distance from the centre (|progress|) becomes the
/// share of a scale or translation applied. easeIn and easeOut are logarithmic: log10(1 + 9x) and its mirror.
public enum PagingCurve: String, CaseIterable, Hashable, Sendable {
    case linear, easeIn, easeOut

    public func callAsFunction(_ progress: Double) -> Double {
        switch self {
        case .linear: progress
        case .easeIn: log10(1 + progress * 9)
        // Past x = 10/9 the logarithm's argument is negative and the library gets NaN; so do we (the page then
        // has no finite transform, see PagingScreen).
        case .easeOut: 1 - log10(1 + (9 - progress * 9))
        }
    }
}

/// The library's `CGFloat.interpolate(in:out:)`: the value clamped to `input`, as a share of its length, times
/// the output's length added to its lower end. The output's length is taken as a magnitude, so a falling
/// output range still rises (the stack's rotation relies on this).
public func interpolate(_ value: Double, in input: (Double, Double) = (0, 1), out output: (Double, Double) = (0, 1)) -> Double {
    var current = value
    if current > input.1 { current = input.1 }
    if current < input.0 { current = input.0 }
    let share = abs(current - input.0) / abs(input.1 - input.0)
    return output.0 + share * abs(output.1 - output.0)
}

/// Swift's `round` as the library calls it: halves away from zero.
public func libraryRound(_ x: Double) -> Double { x.rounded(.toNearestOrAwayFromZero) }

/// A 2D affine transform as UIView.transform holds it (a, b, c, d, tx, ty), built the way the library builds
/// them: CGAffineTransform's `translatedBy`, `scaledBy` and `rotated` each apply their step first.
public struct AffineTransform2D: Hashable, Sendable {
    public var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    public init() {}
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform2D()

    /// t' = [1 0 0 1 x y] · t
    public func translatedBy(x: Double, y: Double) -> AffineTransform2D {
        var t = self
        t.tx = x * a + y * c + tx
        t.ty = x * b + y * d + ty
        return t
    }

    /// t' = [sx 0 0 sy 0 0] · t
    public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform2D {
        AffineTransform2D(a: sx * a, b: sx * b, c: sy * c, d: sy * d, tx: tx, ty: ty)
    }

    /// t' = [cos sin −sin cos 0 0] · t
    public func rotated(by angle: Double) -> AffineTransform2D {
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform2D(a: cs * a + sn * c, b: cs * b + sn * d, c: -sn * a + cs * c, d: -sn * b + cs * d, tx: tx, ty: ty)
    }
}

extension Transform3D {
    /// CATransform3DMakeAffineTransform.
    public init(_ t: AffineTransform2D) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }
}
