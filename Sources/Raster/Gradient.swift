import Geometry

/// An axial gradient as a paint: colors along the segment start → end of some local space, seen through a
/// projective map into device space. Colors are looked up in a 256-entry table of premultiplied pixels.
public struct LinearGradient: Sendable {
    /// Device → local, to find each pixel's place on the gradient.
    let inverse: ProjectiveTransform
    let start: Point
    let direction: Point
    let table: [UInt32]

    /// `stops`: (position 0...1, straight-alpha RGBA in 0...1) ascending; `opacity` fades the whole paint.
    public init?(stops: [(Double, (r: Double, g: Double, b: Double, a: Double))], start: Point, end: Point,
                 map: ProjectiveTransform, opacity: Double = 1) {
        guard let inverse = map.inverted(), !stops.isEmpty else { return nil }
        self.inverse = inverse
        self.start = start
        let d = end - start
        let len2 = d.x * d.x + d.y * d.y
        direction = len2 > 0 ? Point(d.x / len2, d.y / len2) : .zero
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<256 {
            let t = Double(i) / 255
            // Straight-alpha components interpolate linearly between neighbouring stops, then premultiply.
            var c = stops[0].1
            if t >= stops[stops.count - 1].0 {
                c = stops[stops.count - 1].1
            } else if t > stops[0].0 {
                for k in 1..<stops.count where t <= stops[k].0 {
                    let (p0, c0) = stops[k - 1], (p1, c1) = stops[k]
                    let f = p1 > p0 ? (t - p0) / (p1 - p0) : 1
                    c = (c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
                    break
                }
            }
            table[i] = PremultipliedColor(red: c.r, green: c.g, blue: c.b, alpha: c.a * opacity).packed
        }
        self.table = table
    }

    /// Colors at the centers of `count` device pixels from (x, y) rightwards.
    ///
    /// Each pixel maps its own center (no incremental stepping), so a pixel's color does not depend on
    /// where its span starts.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        let inverse = inverse, start = start, direction = direction
        table.withUnsafeBufferPointer { table in
            // Table index 0...255 by construction (t clamped), so the unchecked read is in bounds.
            @inline(__always) func color(_ p: Point) -> UInt32 {
                let t = (p.x - start.x) * direction.x + (p.y - start.y) * direction.y
                return table[t.isFinite ? roundedIndex(min(1, max(0, t)) * 255) : 0]
            }
            if inverse.isAffine {
                // W is exactly 1 there, so t is affine in the pixel's center: t = a·px + (the row's part). The
                // row's part depends on y alone, so a pixel's color still does not depend on its span.
                // In table units; clamped by selects (NaN goes to 0) and rounded through 1.5·2^52, whose sum's low
                // bits are the integer (half to even), without the trapping conversion: no branch per pixel.
                let m = inverse
                let a = (m.m11 * direction.x + m.m12 * direction.y) * 255
                let row = ((py * m.m21 + m.m31 - start.x) * direction.x + (py * m.m22 + m.m32 - start.y) * direction.y) * 255
                for i in 0..<count {
                    let s = row + a * (Double(x + i) + 0.5)
                    let c = s > 0 ? (s < 255 ? s : 255) : 0
                    out[i] = table[Int(truncatingIfNeeded: (c + 0x1.8p52).bitPattern & 0xFF)]
                }
            } else {
                for i in 0..<count { out[i] = color(inverse.apply(Point(Double(x + i) + 0.5, py))) }
            }
        }
    }
}

/// `x.rounded()` (half away from zero) for x >= 0, without the libm call `rounded()` makes on baseline
/// x86-64: truncating x + 0.5 is the same except where that sum rounds up to the next integer
/// (x = 0.49999999999999994), which the exact difference k - x > 0.5 catches.
@inline(__always)
func roundedIndex(_ x: Double) -> Int {
    let k = Int(x + 0.5)
    return Double(k) - x > 0.5 ? k - 1 : k
}
