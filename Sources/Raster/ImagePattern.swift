import Geometry

/// A pixmap as a paint: every device pixel center is mapped back into the image's pixel space and the
/// image is sampled there, bilinearly, in premultiplied RGBA. Samples are clamped to the edge of a source
/// rectangle (what CALayer.contentsRect selects), so a fill larger than the source repeats its border
/// texels instead of reading neighbouring pixels of the image.
///
/// Image space is the pixmap's own pixel space: texel (i, j) covers [i, i+1) × [j, j+1) of `image.bounds`
/// (an offscreen that starts at (x, y) keeps its device coordinates).
public struct ImagePattern: Sendable {
    let image: Pixmap
    /// Device → image space.
    let inverse: ProjectiveTransform
    /// Sample positions are clamped to these texel centers (the source rect inset by half a texel).
    let uRange: ClosedRange<Double>
    let vRange: ClosedRange<Double>
    /// Texels that may be read: the source rect's texels within the image.
    let texels: IntRect
    /// 0...255, applied to every sample.
    let opacity: UInt32
    /// The map is a whole-pixel translation and the source whole texels: device pixel centers land on
    /// texel centers, so a span inside the source can read a row of the image as it is.
    let offset: (dx: Int, dy: Int)?

    /// `map` takes image space to device space; `source` (image space, default the whole image) is the
    /// part sampled; `opacity` fades the samples. Nil when the map cannot be inverted or the source holds
    /// no texel.
    public init?(image: Pixmap, source: Rect? = nil, map: ProjectiveTransform, opacity: Double = 1) {
        let whole = image.bounds
        let wholeRect = Rect(Double(whole.x), Double(whole.y), Double(whole.width), Double(whole.height))
        let src = (source ?? wholeRect).standardized.intersection(wholeRect)
        let texels = IntRect(enclosing: src).intersection(whole)
        guard let inverse = map.inverted(), !src.isEmpty, !texels.isEmpty else { return nil }
        self.image = image
        self.inverse = inverse
        self.texels = texels
        // A source narrower than a texel samples its middle.
        func centers(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
            lo + 0.5 <= hi - 0.5 ? (lo + 0.5)...(hi - 0.5) : ((lo + hi) / 2)...((lo + hi) / 2)
        }
        uRange = centers(src.minX, src.maxX)
        vRange = centers(src.minY, src.maxY)
        self.opacity = UInt32((min(1, max(0, opacity)) * 255).rounded())
        let t = inverse
        let integral = Rect(Double(texels.x), Double(texels.y), Double(texels.width), Double(texels.height)) == src
        if integral, t.isAffine, t.m11 == 1, t.m12 == 0, t.m21 == 0, t.m22 == 1,
           t.m31 == t.m31.rounded(), t.m32 == t.m32.rounded(), abs(t.m31) < 1e9, abs(t.m32) < 1e9 {
            offset = (Int(t.m31), Int(t.m32))
        } else {
            offset = nil
        }
    }

    /// The image drawn where it lies (image space is device space): what compositing an offscreen is.
    /// Nil for an empty image.
    public init?(pixelAligned image: Pixmap, opacity: Double = 1) {
        self.init(image: image, map: .identity, opacity: opacity)
    }

    /// CALayer contents: the part of `image` that `contentsRect` selects (unit coordinates of the image,
    /// (0, 0, 1, 1) for all of it) stretched over `bounds` (contentsGravity resize), with `map` taking the
    /// layer's space to device space.
    public init?(image: Pixmap, contentsRect: Rect, bounds: Rect, map: ProjectiveTransform, opacity: Double = 1) {
        let ib = image.bounds
        let c = contentsRect.standardized, b = bounds.standardized
        let source = Rect(Double(ib.x) + c.minX * Double(ib.width), Double(ib.y) + c.minY * Double(ib.height),
                          c.width * Double(ib.width), c.height * Double(ib.height))
        guard source.width > 0, source.height > 0 else { return nil }
        let sx = b.width / source.width, sy = b.height / source.height
        let toLayer = ProjectiveTransform(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0,
                                          m31: b.minX - source.minX * sx, m32: b.minY - source.minY * sy, m33: 1)
        self.init(image: image, source: source, map: toLayer.concatenating(map), opacity: opacity)
    }

    /// Samples at the centers of `count` device pixels from (x, y) rightwards. Returns where they are:
    /// `scratch`, or straight in the image's pixels when the span reads one row of the source as it is
    /// (the pointer is valid only inside `body`).
    func shade<R>(y: Int, x: Int, count: Int, scratch: UnsafeMutablePointer<UInt32>,
                  _ body: (UnsafePointer<UInt32>) -> R) -> R {
        image.pixels.withUnsafeBufferPointer { pixels in
            let base = pixels.baseAddress!
            let stride = image.bounds.width
            if let (dx, dy) = offset {
                let u0 = x + dx, v = y + dy
                if u0 >= texels.x, u0 + count <= texels.maxX, v >= texels.y, v < texels.maxY {
                    let row = base + (v - image.bounds.y) * stride + (u0 - image.bounds.x)
                    if opacity == 255 { return body(row) }
                    for i in 0..<count { scratch[i] = multiply(row[i], opacity) }
                    return body(scratch)
                }
            }
            if inverse.isAffine {
                sampleAffine(y: y, x: x, count: count, base: base, stride: stride, into: scratch)
            } else {
                sampleProjective(y: y, x: x, count: count, base: base, stride: stride, into: scratch)
            }
            if opacity != 255 {
                for i in 0..<count { scratch[i] = multiply(scratch[i], opacity) }
            }
            return body(scratch)
        }
    }

    private func sampleAffine(y: Int, x: Int, count: Int, base: UnsafePointer<UInt32>, stride: Int,
                              into out: UnsafeMutablePointer<UInt32>) {
        let t = inverse, py = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            out[i] = sample(u: px * t.m11 + py * t.m21 + t.m31, v: px * t.m12 + py * t.m22 + t.m32, base: base, stride: stride)
        }
    }

    private func sampleProjective(y: Int, x: Int, count: Int, base: UnsafePointer<UInt32>, stride: Int,
                                  into out: UnsafeMutablePointer<UInt32>) {
        let t = inverse, py = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            // Behind the eye (w <= 0) the quotient is meaningless; `sample` clamps whatever it gets, and
            // the rasterizer never covers such pixels anyway.
            let w = px * t.m13 + py * t.m23 + t.m33
            out[i] = sample(u: (px * t.m11 + py * t.m21 + t.m31) / w, v: (px * t.m12 + py * t.m22 + t.m32) / w,
                            base: base, stride: stride)
        }
    }

    /// Bilinear sample at image-space position (u, v), clamped to the source rect's edge texels.
    @inline(__always)
    private func sample(u: Double, v: Double, base: UnsafePointer<UInt32>, stride: Int) -> UInt32 {
        // NaN compares false and lands on the low edge.
        let u = u > uRange.lowerBound ? (u < uRange.upperBound ? u : uRange.upperBound) : uRange.lowerBound
        let v = v > vRange.lowerBound ? (v < vRange.upperBound ? v : vRange.upperBound) : vRange.lowerBound
        // Texel centers sit at i + 0.5: the left/top texel and the weight of the right/bottom one. Measured
        // from the first texel's center the position is >= 0, so truncation is floor (no libm call).
        let su = max(0, u - (Double(texels.x) + 0.5)), sv = max(0, v - (Double(texels.y) + 0.5))
        let iu = Int(su), iv = Int(sv)
        let wx = UInt64(Int((su - Double(iu)) * 256 + 0.5)), wy = UInt64(Int((sv - Double(iv)) * 256 + 0.5))
        let i0 = min(texels.x + iu, texels.maxX - 1), j0 = min(texels.y + iv, texels.maxY - 1)
        let i1 = min(i0 + 1, texels.maxX - 1), j1 = min(j0 + 1, texels.maxY - 1)
        let ox = image.bounds.x, oy = image.bounds.y
        let r0 = base + (j0 - oy) * stride - ox, r1 = base + (j1 - oy) * stride - ox
        // Weights of the four texels in 1/65536, summing to 65536.
        let w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy
        let c00 = r0[i0], c10 = r0[i1], c01 = r1[i0], c11 = r1[i1]
        // Two channels per 64-bit word, 32 bits apart: a channel times a weight stays below 2^24.
        @inline(__always) func rb(_ c: UInt32) -> UInt64 { UInt64(c & 0xFF) | UInt64(c & 0xFF_0000) << 16 }
        @inline(__always) func ag(_ c: UInt32) -> UInt64 { UInt64((c >> 8) & 0xFF) | UInt64(c >> 24) << 32 }
        let half: UInt64 = 0x0000_8000_0000_8000
        let sRB = (rb(c00) &* w00 &+ rb(c10) &* w10 &+ rb(c01) &* w01 &+ rb(c11) &* w11 &+ half) >> 16
        let sAG = (ag(c00) &* w00 &+ ag(c10) &* w10 &+ ag(c01) &* w01 &+ ag(c11) &* w11 &+ half) >> 16
        // Each channel rounds a weighted mean of premultiplied values, so it never exceeds the mean alpha.
        return UInt32(truncatingIfNeeded: sRB & 0xFF) | UInt32(truncatingIfNeeded: (sRB >> 32) & 0xFF) << 16
            | UInt32(truncatingIfNeeded: sAG & 0xFF) << 8 | UInt32(truncatingIfNeeded: (sAG >> 32) & 0xFF) << 24
    }
}
