import Geometry

/// A pixmap as a paint: every device pixel center is mapped back into the image's pixel space and the
/// image is sampled there, bilinearly, in premultiplied RGBA. Samples are clamped to the edge of a source
/// rectangle (what CALayer.contentsRect selects), so a fill larger than the source repeats its border
/// texels instead of reading neighbouring pixels of the image.
///
/// Image space is the pixmap's own pixel space: texel (i, j) covers [i, i+1) × [j, j+1) of `image.bounds`
/// (an offscreen that starts at (x, y) keeps its device coordinates).
public struct ImagePattern: Sendable {
    /// The level sampled, and for a minified image the next coarser one with its weight (trilinear).
    let fine: Level
    let coarse: Level?
    /// 0...256: the coarse level's share of each sample.
    let coarseWeight: UInt64
    /// Device → fine level's image space.
    let inverse: ProjectiveTransform
    /// 0...255, applied to every sample.
    let opacity: UInt32
    /// The map is a whole-pixel translation and the source whole texels: device pixel centers land on
    /// texel centers, so a span inside the source can read a row of the image as it is.
    let offset: (dx: Int, dy: Int)?

    var image: Pixmap { fine.image }

    /// One pixmap and the part of it that may be sampled.
    struct Level: Sendable {
        let image: Pixmap
        /// Sample positions are clamped to these texel centers (the source rect inset by half a texel).
        let uRange: ClosedRange<Double>
        let vRange: ClosedRange<Double>
        /// Texels that may be read: the source rect's texels within the image.
        let texels: IntRect

        init?(image: Pixmap, source: Rect) {
            let whole = image.bounds
            let wholeRect = Rect(Double(whole.x), Double(whole.y), Double(whole.width), Double(whole.height))
            let src = source.standardized.intersection(wholeRect)
            let texels = IntRect(enclosing: src).intersection(whole)
            guard !src.isEmpty, !texels.isEmpty else { return nil }
            self.image = image
            self.texels = texels
            // A source narrower than a texel samples its middle.
            func centers(_ lo: Double, _ hi: Double) -> ClosedRange<Double> {
                lo + 0.5 <= hi - 0.5 ? (lo + 0.5)...(hi - 0.5) : ((lo + hi) / 2)...((lo + hi) / 2)
            }
            uRange = centers(src.minX, src.maxX)
            vRange = centers(src.minY, src.maxY)
        }

        var isWholeTexels: Bool {
            uRange.lowerBound == Double(texels.x) + 0.5 && uRange.upperBound == Double(texels.maxX) - 0.5
                && vRange.lowerBound == Double(texels.y) + 0.5 && vRange.upperBound == Double(texels.maxY) - 0.5
        }
    }

    /// `map` takes image space to device space; `source` (image space, default the whole image) is the
    /// part sampled; `opacity` fades the samples. Nil when the map cannot be inverted or the source holds
    /// no texel.
    public init?(image: Pixmap, source: Rect? = nil, map: ProjectiveTransform, opacity: Double = 1) {
        let whole = image.bounds
        let src = source ?? Rect(Double(whole.x), Double(whole.y), Double(whole.width), Double(whole.height))
        guard let inverse = map.inverted(), let level = Level(image: image, source: src) else { return nil }
        self.init(fine: level, coarse: nil, coarseWeight: 0, inverse: inverse, opacity: opacity)
    }

    private init(fine: Level, coarse: Level?, coarseWeight: UInt64, inverse t: ProjectiveTransform, opacity: Double) {
        self.fine = fine
        self.coarse = coarse
        self.coarseWeight = coarseWeight
        self.inverse = t
        self.opacity = UInt32((min(1, max(0, opacity)) * 255).rounded())
        if coarse == nil, fine.isWholeTexels, t.isAffine, t.m11 == 1, t.m12 == 0, t.m21 == 0, t.m22 == 1,
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
        self.init(image: MipmappedImage(image, levels: 1), contentsRect: contentsRect, bounds: bounds, map: map, opacity: opacity)
    }

    /// CALayer contents from a mipmapped image: minified, it is sampled trilinearly between the two levels
    /// that bracket the texel-to-pixel ratio at the middle of `bounds`, so that a piece scaled down does not
    /// shimmer as it moves. The image's `extent` (in level 0 pixels) is what unit coordinates span.
    public init?(image: MipmappedImage, contentsRect: Rect, bounds: Rect, map: ProjectiveTransform, opacity: Double = 1) {
        let e = image.extent
        let c = contentsRect.standardized, b = bounds.standardized
        let source = Rect(e.minX + c.minX * e.width, e.minY + c.minY * e.height, c.width * e.width, c.height * e.height)
        guard source.width > 0, source.height > 0, b.width > 0, b.height > 0 else { return nil }
        let sx = b.width / source.width, sy = b.height / source.height
        let toLayer = ProjectiveTransform(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0,
                                          m31: b.minX - source.minX * sx, m32: b.minY - source.minY * sy, m33: 1)
        let toDevice = toLayer.concatenating(map)
        guard let inverse = toDevice.inverted() else { return nil }
        // Texels per device pixel at the layer's middle: the longer of the image-space steps of one pixel
        // right and one pixel down.
        let center = map.apply(Point(b.midX, b.midY))
        let p = inverse.apply(center), px = inverse.apply(center + Point(1, 0)), py = inverse.apply(center + Point(0, 1))
        let rho = max((px - p).length, (py - p).length)
        let lod = rho.isFinite && rho > 1 ? min(Self.log2(rho), Double(image.levels.count - 1)) : 0
        let index = Int(lod)
        let weight = UInt64(Int((lod - Double(index)) * 256 + 0.5))
        func level(_ k: Int) -> Level? {
            let f = 1 / Double(1 << k)
            return Level(image: image.levels[k], source: Rect(source.minX * f, source.minY * f, source.width * f, source.height * f))
        }
        guard let fine = level(index) else { return nil }
        let toFine = 1 / Double(1 << index)
        let fineInverse = inverse.concatenating(.scale(toFine, toFine))
        let coarse = weight > 0 && index + 1 < image.levels.count ? level(index + 1) : nil
        self.init(fine: fine, coarse: coarse, coarseWeight: coarse == nil ? 0 : weight, inverse: fineInverse, opacity: opacity)
    }

    /// log2 of a positive finite number from its binary exponent and an odd series for the significand
    /// (ln s = 2 atanh((s − 1) / (s + 1)), error below 1e-5): plain arithmetic, so the same on every machine.
    static func log2(_ x: Double) -> Double {
        let s = x.significand, t = (s - 1) / (s + 1), t2 = t * t
        let ln = 2 * t * (1 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 / 9))))
        return Double(x.exponent) + ln / 0.6931471805599453
    }

    /// Samples at the centers of `count` device pixels from (x, y) rightwards. Returns where they are:
    /// `scratch`, or straight in the image's pixels when the span reads one row of the source as it is
    /// (the pointer is valid only inside `body`).
    func shade<R>(y: Int, x: Int, count: Int, scratch: UnsafeMutablePointer<UInt32>,
                  _ body: (UnsafePointer<UInt32>) -> R) -> R {
        fine.image.pixels.withUnsafeBufferPointer { pixels in
            let base = pixels.baseAddress!
            let stride = fine.image.bounds.width
            if let (dx, dy) = offset {
                let texels = fine.texels
                let u0 = x + dx, v = y + dy
                if u0 >= texels.x, u0 + count <= texels.maxX, v >= texels.y, v < texels.maxY {
                    let row = base + (v - fine.image.bounds.y) * stride + (u0 - fine.image.bounds.x)
                    if opacity == 255 { return body(row) }
                    for i in 0..<count { scratch[i] = multiply(row[i], opacity) }
                    return body(scratch)
                }
            }
            if let coarse {
                coarse.image.pixels.withUnsafeBufferPointer { coarsePixels in
                    let lower = Sampler(level: coarse, base: coarsePixels.baseAddress!)
                    sampleTrilinear(y: y, x: x, count: count, Sampler(level: fine, base: base), lower, into: scratch)
                }
            } else if inverse.isAffine {
                sampleAffine(y: y, x: x, count: count, Sampler(level: fine, base: base), into: scratch)
            } else {
                sampleProjective(y: y, x: x, count: count, Sampler(level: fine, base: base), into: scratch)
            }
            if opacity != 255 {
                for i in 0..<count { scratch[i] = multiply(scratch[i], opacity) }
            }
            return body(scratch)
        }
    }

    /// Image-space position of a device pixel's center (projective in general).
    @inline(__always)
    private func position(_ px: Double, _ py: Double) -> (u: Double, v: Double) {
        let t = inverse
        // Behind the eye (w <= 0) the quotient is meaningless; sampling clamps whatever it gets, and the
        // rasterizer never covers such pixels anyway.
        let w = px * t.m13 + py * t.m23 + t.m33
        return ((px * t.m11 + py * t.m21 + t.m31) / w, (px * t.m12 + py * t.m22 + t.m32) / w)
    }

    private func sampleAffine(y: Int, x: Int, count: Int, _ level: Sampler, into out: UnsafeMutablePointer<UInt32>) {
        let t = inverse, py = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            out[i] = level.sample(u: px * t.m11 + py * t.m21 + t.m31, v: px * t.m12 + py * t.m22 + t.m32)
        }
    }

    private func sampleProjective(y: Int, x: Int, count: Int, _ level: Sampler, into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        for i in 0..<count {
            let (u, v) = position(Double(x + i) + 0.5, py)
            out[i] = level.sample(u: u, v: v)
        }
    }

    /// Two bilinear samples, the coarse level's at half the position, mixed by the level weight.
    private func sampleTrilinear(y: Int, x: Int, count: Int, _ fineLevel: Sampler, _ coarseLevel: Sampler,
                                 into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5, t = inverse
        // Under an affine map w is exactly 1 and dividing by it changes nothing: the same positions without
        // the two divisions a pixel (a scaled snapshot piece is affine).
        if t.isAffine {
            for i in 0..<count {
                let px = Double(x + i) + 0.5
                out[i] = trilinear(u: px * t.m11 + py * t.m21 + t.m31, v: px * t.m12 + py * t.m22 + t.m32, fineLevel, coarseLevel)
            }
        } else {
            for i in 0..<count {
                let (u, v) = position(Double(x + i) + 0.5, py)
                out[i] = trilinear(u: u, v: v, fineLevel, coarseLevel)
            }
        }
    }

    @inline(__always)
    private func trilinear(u: Double, v: Double, _ fineLevel: Sampler, _ coarseLevel: Sampler) -> UInt32 {
        let w = UInt32(truncatingIfNeeded: coarseWeight), fineWeight = 256 &- w
        let a = fineLevel.sample(u: u, v: v), b = coarseLevel.sample(u: u * 0.5, v: v * 0.5)
        // Per channel (a·(256 − w) + b·w + 128) / 256, at most 255 · 256 + 128: no lane overflows.
        let mixed = (texelLanes(a) &* fineWeight &+ texelLanes(b) &* w &+ 128) &>> 8
        return texel(fromLanes: mixed)
    }

    /// A level's texels behind a pointer, for the duration of a span.
    struct Sampler {
        let level: Level
        let base: UnsafePointer<UInt32>

        /// Bilinear sample at image-space position (u, v), clamped to the source rect's edge texels.
        @inline(__always)
        func sample(u: Double, v: Double) -> UInt32 {
            let uRange = level.uRange, vRange = level.vRange, texels = level.texels
            let stride = level.image.bounds.width
            // NaN compares false and lands on the low edge.
            let u = u > uRange.lowerBound ? (u < uRange.upperBound ? u : uRange.upperBound) : uRange.lowerBound
            let v = v > vRange.lowerBound ? (v < vRange.upperBound ? v : vRange.upperBound) : vRange.lowerBound
            // Texel centers sit at i + 0.5: the left/top texel and the weight of the right/bottom one. Measured
            // from the first texel's center the position is >= 0, so truncation is floor (no libm call).
            let su = max(0, u - (Double(texels.x) + 0.5)), sv = max(0, v - (Double(texels.y) + 0.5))
            let iu = floorOfNonNegative(su), iv = floorOfNonNegative(sv)
            let wx = UInt64(bitPattern: Int64(floorOfNonNegative((su - Double(iu)) * 256 + 0.5)))
            let wy = UInt64(bitPattern: Int64(floorOfNonNegative((sv - Double(iv)) * 256 + 0.5)))
            let i0 = min(texels.x + iu, texels.maxX - 1), j0 = min(texels.y + iv, texels.maxY - 1)
            let i1 = min(i0 + 1, texels.maxX - 1), j1 = min(j0 + 1, texels.maxY - 1)
            let ox = level.image.bounds.x, oy = level.image.bounds.y
            let r0 = base + ((j0 &- oy) &* stride &- ox), r1 = base + ((j1 &- oy) &* stride &- ox)
            // Weights of the four texels in 1/65536, summing to 65536.
            // (wx, wy <= 256: nothing here can overflow, so no checks.)
            let w00 = (256 &- wx) &* (256 &- wy), w10 = wx &* (256 &- wy), w01 = (256 &- wx) &* wy, w11 = wx &* wy
            // The four channels side by side in 32-bit lanes: a channel times a weight is at most 255 · 65536 and
            // the four weights sum to 65536, so a lane's sum stays below 2^24.
            let sum = texelLanes(r0[i0]) &* UInt32(truncatingIfNeeded: w00) &+ texelLanes(r0[i1]) &* UInt32(truncatingIfNeeded: w10)
                &+ texelLanes(r1[i0]) &* UInt32(truncatingIfNeeded: w01) &+ texelLanes(r1[i1]) &* UInt32(truncatingIfNeeded: w11)
            // Each channel rounds a weighted mean of premultiplied values, so it never exceeds the mean alpha.
            return texel(fromLanes: (sum &+ 0x8000) &>> 16)
        }
    }
}

/// A packed RGBA texel's four bytes as 32-bit lanes, in memory order (the vector code widens them in one step).
@inline(__always)
private func texelLanes(_ c: UInt32) -> SIMD4<UInt32> {
    SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(c, to: SIMD4<UInt8>.self))
}

/// Four lanes of at most 255 packed back into a texel.
@inline(__always)
private func texel(fromLanes lanes: SIMD4<UInt32>) -> UInt32 {
    unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: lanes), to: UInt32.self)
}

/// An image and its mip levels: each level a 2 × 2 box average of the one above (premultiplied, so edges
/// of transparent areas do not darken), half its size rounded up, an odd last row or column averaged with
/// itself. Level k's image space is level 0's divided by 2^k.
public struct MipmappedImage: Sendable {
    public let levels: [Pixmap]
    /// The part of level 0 that unit coordinates (contentsRect) span: the whole image unless given.
    public let extent: Rect

    /// Levels down to 1 × 1 or `levels` of them, whichever comes first. Level 0 is the image moved to (0, 0)
    /// (levels halve image space about the origin); `extent`, in the image's own pixel space, moves with it.
    public init(_ image: Pixmap, levels maximum: Int = 16, extent: Rect? = nil) {
        let origin = Point(Double(image.bounds.x), Double(image.bounds.y))
        let base = image.bounds.x == 0 && image.bounds.y == 0 ? image
            : Pixmap(bounds: IntRect(x: 0, y: 0, width: image.width, height: image.height), pixels: image.pixels)
        var levels = [base]
        while levels.count < maximum, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.halved(last))
        }
        self.levels = levels
        self.extent = extent.map { $0.offsetBy(dx: -origin.x, dy: -origin.y) } ?? Rect(0, 0, Double(image.width), Double(image.height))
    }

    static func halved(_ image: Pixmap) -> Pixmap {
        let w = image.width, h = image.height
        let hw = (w + 1) / 2, hh = (h + 1) / 2
        var out = Pixmap(width: hw, height: hh)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for j in 0..<hh {
                    let r0 = src.baseAddress! + min(2 * j, h - 1) * w, r1 = src.baseAddress! + min(2 * j + 1, h - 1) * w
                    for i in 0..<hw {
                        let i0 = min(2 * i, w - 1), i1 = min(2 * i + 1, w - 1)
                        let a = r0[i0], b = r0[i1], c = r1[i0], d = r1[i1]
                        @inline(__always) func lo(_ p: UInt32) -> UInt32 { p & 0xFF_00FF }
                        @inline(__always) func hi(_ p: UInt32) -> UInt32 { (p >> 8) & 0xFF_00FF }
                        // Sums of four bytes fit in 10 bits: two channels per word, 16 bits apart.
                        let l = ((lo(a) + lo(b) + lo(c) + lo(d) + 0x2_0002) >> 2) & 0xFF_00FF
                        let h = ((hi(a) + hi(b) + hi(c) + hi(d) + 0x2_0002) >> 2) & 0xFF_00FF
                        dst[j * hw + i] = l | h << 8
                    }
                }
            }
        }
        return out
    }
}

/// `Int(x)` for 0 <= x < 2^51 (a clamped texel position, a weight), without the range check and trap of the
/// conversion: x + 2^52 keeps x rounded to an integer in its low mantissa bits, and one compare turns that
/// rounding into a floor. Exact in that range, so the samples are the same.
@inline(__always)
func floorOfNonNegative(_ x: Double) -> Int {
    let magic: Double = 4_503_599_627_370_496
    let shifted = x + magic
    let nearest = Int(truncatingIfNeeded: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
    return shifted - magic > x ? nearest &- 1 : nearest
}
