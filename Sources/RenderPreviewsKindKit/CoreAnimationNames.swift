// Core Animation's transform functions under their own names, so that a transform written for iOS ports by
// copying: `CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -20), .pi / 4, 0, 1, 0)` means here what it
// means on a device. Angles are in radians; a matrix maps row vectors, as CATransform3D does.

/// CATransform3D: a 4 × 4 matrix (`m11` … `m44`; `m34` is the perspective term, −1/eye distance).
public typealias CATransform3D = Transform3D

/// The identity transform.
public let CATransform3DIdentity = Transform3D.identity

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    .translation(tx, ty, tz)
}

/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D { .scale(sx, sy, sz) }

/// A rotation by `angle` radians about the vector (x, y, z); a zero vector gives the identity.
public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
    .rotation(angle, x, y, z)
}

/// `t` with a translation applied first: translate, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    t.translated(tx, ty, tz)
}

/// `t` with a scale applied first: scale, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    t.scaled(sx, sy, sz)
}

/// `t` with a rotation applied first: rotate, then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
    t.rotated(angle, x, y, z)
}

/// `a` then `b` (the matrix product a · b).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// The inverse, or `t` itself when it has none (as Core Animation returns it).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() ?? t }

/// The 3D form of a view's 2D transform.
public func CATransform3DMakeAffineTransform(_ t: AffineTransform2D) -> CATransform3D { Transform3D(t) }
