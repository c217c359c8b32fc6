import Geometry

/// An axial gradient as a paint: colors along the segment start → end of some local space, seen through a
/// projective map into device space. Colors are looked up in a 256-entry table of premultiplied pixels.
public struct LinearGradientPaint: Sendable {
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

    /// The premultiplied color at the center of device pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> UInt32 {
        let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        let t = (p.x - start.x) * direction.x + (p.y - start.y) * direction.y
        let i = t.isFinite ? Int((min(1, max(0, t)) * 255).rounded()) : 0
        return table[i]
    }
}

extension Rasterizer {
    /// Fills closed device-space contours with a gradient, limited by `clip`.
    public mutating func fill(_ contours: [[Point]], gradient: LinearGradientPaint, into target: inout Pixmap, clip: Clip) {
        guard let mask = coverage(of: contours, clip: target.bounds.intersection(clip.rect)) else { return }
        let area = mask.bounds.intersection(clip.rect)
        guard !area.isEmpty else { return }
        let tb = target.bounds, mb = mask.bounds
        let clipMask = clip.mask
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                var cov = UInt32(mask.data[(y - mb.y) * mb.width + x - mb.x])
                if let clipMask { cov = (cov * UInt32(clipMask.value(x: x, y: y)) + 127) / 255 }
                guard cov != 0 else { continue }
                let i = (y - tb.y) * tb.width + x - tb.x
                let c = gradient.color(x: x, y: y)
                target.pixels[i] = paint(c, opaque: c >> 24 == 255, coverage: cov, over: target.pixels[i])
            }
        }
    }
}
