/// A 2D projective map (a homography), row-vector convention: `(x, y, 1) · M = (X, Y, W)`, and the
/// image point is (X/W, Y/W). It is what one flattened Core Animation level leaves of a Transform3D.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double,
                m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    public static let identity = ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    public static func translation(_ tx: Double, _ ty: Double) -> ProjectiveTransform {
        ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> ProjectiveTransform {
        ProjectiveTransform(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// True when the map has no perspective part (W is 1 everywhere).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// `self` applies first, then `b`.
    public func concatenating(_ b: ProjectiveTransform) -> ProjectiveTransform {
        let a = self
        return ProjectiveTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The determinant. Where W > 0 (in front of the eye) the map's Jacobian determinant is
    /// `determinant / W³`, so its sign says whether the map keeps or reverses orientation (winding) there.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    public func inverted() -> ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let det = m11 * c11 + m21 * c12 + m31 * c13
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return ProjectiveTransform(
            m11: c11 * r, m12: c12 * r, m13: c13 * r,
            m21: (m23 * m31 - m21 * m33) * r, m22: (m11 * m33 - m13 * m31) * r, m23: (m13 * m21 - m11 * m23) * r,
            m31: (m21 * m32 - m22 * m31) * r, m32: (m12 * m31 - m11 * m32) * r, m33: (m11 * m22 - m12 * m21) * r)
    }

    /// Homogeneous image of a point (before the division by W).
    @inline(__always)
    public func applyHomogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The image point; only meaningful where W > 0 (in front of the eye).
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let h = applyHomogeneous(p)
        return Point(h.x / h.w, h.y / h.w)
    }

    /// The largest factor by which the map stretches a short segment at `p` (the Jacobian's spectral norm
    /// bound); used to choose curve flattening tolerances in a layer's own space.
    public func maxStretch(at p: Point) -> Double {
        let h = applyHomogeneous(p)
        guard h.w > 0 else { return 1 }
        let u = Point(h.x / h.w, h.y / h.w)
        let j11 = (m11 - u.x * m13) / h.w, j12 = (m12 - u.y * m13) / h.w
        let j21 = (m21 - u.x * m23) / h.w, j22 = (m22 - u.y * m23) / h.w
        // Frobenius norm bounds the spectral norm and is cheap.
        return (j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22).squareRoot()
    }
}
