import Foundation

/// Gaussian blur of standard deviation `sigma` pixels, approximated by three box blurs per axis (the
/// approximation SVG's feGaussianBlur allows, within 3% of a true Gaussian), on planes of Float.
struct BoxBlur {
    /// Box width.
    let d: Int
    /// How far the result grows on every side (3σ and the boxes' reach), so nothing is cut off.
    let pad: Int

    /// Largest blur, in pixels: the planes grow by 3σ on every side, so an unbounded σ (a huge shadowRadius or
    /// a transform's stretch) would allocate without bound. Wider than any canvas's useful shadow.
    static let maxSigma = 128.0

    init?(sigma: Double) {
        // NaN fails the guard; infinity is clamped below.
        guard sigma > 0.05 else { return nil }
        let sigma = min(sigma, Self.maxSigma)
        let d = max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
        // Boxes one pixel wide (σ below about 0.8) leave every value exactly as it is: no blur at all.
        guard d > 1 else { return nil }
        self.d = d
        pad = Int((3 * sigma).rounded(.up)) + d
    }

    /// The bounds of the blurred image of `bounds`.
    func grown(_ bounds: IntRect) -> IntRect {
        IntRect(x: bounds.x - pad, y: bounds.y - pad, width: bounds.width + 2 * pad, height: bounds.height + 2 * pad)
    }

    /// Blurs `plane` (`width` wide) in place, `scratch` being a second buffer of its size. Only
    /// `sourceRows` may be non-zero before: rows that are all zero stay zero in the horizontal passes.
    func blur(_ plane: inout [Float], scratch: inout [Float], width: Int, height: Int, sourceRows: Range<Int>) {
        // Box widths and offsets: odd d gives three centred boxes; even d two offset boxes and one of d+1.
        let passes: [(width: Int, left: Int)] = d % 2 == 1
            ? [(d, d / 2), (d, d / 2), (d, d / 2)]
            : [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        for p in passes {
            boxRows(from: plane, into: &scratch, width: width, rows: sourceRows, box: p.width, left: p.left)
            swap(&plane, &scratch)
        }
        for p in passes {
            boxColumns(from: plane, into: &scratch, width: width, height: height, box: p.width, left: p.left)
            swap(&plane, &scratch)
        }
    }
}

extension Mask {
    /// Gaussian blur of standard deviation `sigma` pixels (see `BoxBlur`); the result grows by 3σ on every
    /// side so nothing is cut off.
    public func blurred(sigma: Double) -> Mask {
        guard let box = BoxBlur(sigma: sigma) else { return self }
        let out = box.grown(bounds), pad = box.pad
        let w = out.width, h = out.height
        var a = [Float](repeating: 0, count: out.area)
        var b = [Float](repeating: 0, count: out.area)
        data.withUnsafeBufferPointer { src in
            a.withUnsafeMutableBufferPointer { dst in
                for y in 0..<bounds.height {
                    let s = y * bounds.width, t = (y + pad) * w + pad
                    for x in 0..<bounds.width { dst[t + x] = Float(src[s + x]) }
                }
            }
        }
        box.blur(&a, scratch: &b, width: w, height: h, sourceRows: pad..<(pad + bounds.height))
        let bytes = a.map { UInt8(min(255, max(0, $0 + 0.5))) }
        return Mask(bounds: out, data: bytes)
    }
}

extension Pixmap {
    /// Gaussian blur of all four premultiplied channels (see `BoxBlur`), as a layer's blur filter or a
    /// backdrop blur would need; the result grows by 3σ on every side. Its alpha is exactly
    /// `alphaMask().blurred(sigma:)`: the four channels ride in the lanes of one SIMD4 plane, each lane doing
    /// the adds a single-channel plane would do, in the same order.
    public func blurred(sigma: Double) -> Pixmap {
        guard let box = BoxBlur(sigma: sigma) else { return self }
        let out = box.grown(bounds), pad = box.pad
        let w = out.width, h = out.height
        var a = [SIMD4<Float>](repeating: .zero, count: out.area)
        var b = [SIMD4<Float>](repeating: .zero, count: out.area)
        pixels.withUnsafeBufferPointer { src in
            a.withUnsafeMutableBufferPointer { dst in
                for y in 0..<bounds.height {
                    let s = y * bounds.width, t = (y + pad) * w + pad
                    for x in 0..<bounds.width {
                        let c = src[s + x]
                        dst[t + x] = SIMD4(Float(c & 0xFF), Float((c >> 8) & 0xFF), Float((c >> 16) & 0xFF), Float(c >> 24))
                    }
                }
            }
        }
        let passes: [(width: Int, left: Int)] = box.d % 2 == 1
            ? [(box.d, box.d / 2), (box.d, box.d / 2), (box.d, box.d / 2)]
            : [(box.d, box.d / 2), (box.d, box.d / 2 - 1), (box.d + 1, box.d / 2)]
        for p in passes {
            boxRows4(from: a, into: &b, width: w, rows: pad..<(pad + bounds.height), box: p.width, left: p.left)
            swap(&a, &b)
        }
        for p in passes {
            boxColumns(from: a, into: &b, width: w, height: h, box: p.width, left: p.left)
            swap(&a, &b)
        }
        var result = [UInt32](repeating: 0, count: out.area)
        a.withUnsafeBufferPointer { plane in
            result.withUnsafeMutableBufferPointer { px in
                for i in 0..<px.count {
                    let v = plane[i]
                    // Alpha first, and no premultiplied channel above it (rounding must not leave one there).
                    let alpha = UInt32(min(255, max(0, v[3] + 0.5)))
                    let r = min(UInt32(min(255, max(0, v[0] + 0.5))), alpha)
                    let g = min(UInt32(min(255, max(0, v[1] + 0.5))), alpha)
                    let bl = min(UInt32(min(255, max(0, v[2] + 0.5))), alpha)
                    px[i] = r | g << 8 | bl << 16 | alpha << 24
                }
            }
        }
        return Pixmap(bounds: out, pixels: result)
    }
}

/// `boxRows` for four channels at once: one row at a time, the channels in the lanes.
private func boxRows4(from src: [SIMD4<Float>], into dst: inout [SIMD4<Float>], width: Int, rows: Range<Int>, box: Int, left: Int) {
    guard !rows.isEmpty, width > 0 else { return }
    let inv = 1 / Float(box)
    let addEnd = min(width, max(0, width - box + left)), dropStart = min(width, max(0, left))
    let initial = min(width, box - left)
    let add = box - left, drop = -left
    src.withUnsafeBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { o in
            let s = s.baseAddress!, o = o.baseAddress!
            for y in rows {
                let row = s + y * width, out = o + y * width
                var sum = SIMD4<Float>(repeating: 0)
                for j in 0..<initial { sum += row[j] }
                for x in 0..<width {
                    out[x] = sum * inv
                    if x < addEnd { sum += row[x + add] }
                    if x >= dropStart { sum -= row[x + drop] }
                }
            }
        }
    }
}

/// out[x] = mean(in[x - left ..< x - left + box]) along each row, by a running sum.
///
/// The running sum is a serial chain of adds, so rows go four at a time, one per lane of a SIMD4: each
/// lane performs exactly the adds of its row in the same order (the result is bit-identical to one row at
/// a time), and the four independent chains overlap. The x range is split where the entering and leaving
/// samples start and stop existing, so the loops carry no per-pixel bounds tests.
private func boxRows(from src: [Float], into dst: inout [Float], width: Int, rows: Range<Int>, box: Int, left: Int) {
    guard !rows.isEmpty, width > 0 else { return }
    let inv = 1 / Float(box)
    // x < addEnd: the entering sample x - left + box is inside the row; x >= dropStart: the leaving one
    // x - left is.
    let addEnd = min(width, max(0, width - box + left)), dropStart = min(width, max(0, left))
    let cuts = [0, min(addEnd, dropStart), max(addEnd, dropStart), width]
    let initial = min(width, box - left)
    src.withUnsafeBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { o in
            let s = s.baseAddress!, o = o.baseAddress!
            var y = rows.lowerBound
            while y < rows.upperBound {
                // A last group of fewer than four rows repeats its last row in the spare lanes: they compute
                // and store the same values to the same place.
                let last = rows.upperBound - 1
                let b0 = y * width, b1 = min(y + 1, last) * width, b2 = min(y + 2, last) * width, b3 = min(y + 3, last) * width
                @inline(__always) func load(_ i: Int) -> SIMD4<Float> { SIMD4(s[b0 + i], s[b1 + i], s[b2 + i], s[b3 + i]) }
                @inline(__always) func store(_ v: SIMD4<Float>, _ i: Int) {
                    o[b0 + i] = v[0]; o[b1 + i] = v[1]; o[b2 + i] = v[2]; o[b3 + i] = v[3]
                }
                var sum = SIMD4<Float>(repeating: 0)
                for j in 0..<initial { sum += load(j) }
                for k in 0..<3 where cuts[k] < cuts[k + 1] {
                    let lo = cuts[k], hi = cuts[k + 1]
                    let add = box - left, drop = -left
                    switch (lo < addEnd, lo >= dropStart) {
                    case (true, true):
                        for x in lo..<hi { store(sum * inv, x); sum += load(x + add); sum -= load(x + drop) }
                    case (true, false):
                        for x in lo..<hi { store(sum * inv, x); sum += load(x + add) }
                    case (false, true):
                        for x in lo..<hi { store(sum * inv, x); sum -= load(x + drop) }
                    case (false, false):
                        for x in lo..<hi { store(sum * inv, x) }
                    }
                }
                y += 4
            }
        }
    }
}

/// The same along columns, all columns at once, one row at a time, so memory is read in order: each
/// output row is the running sums scaled, then the sums take in the entering row and let go of the
/// leaving one, in one pass (per column the same adds in the same order as separate passes). One channel
/// (Float) or four in the lanes of a SIMD4, with the same adds per lane.
private func boxColumns<Sample: BoxSample>(from src: [Sample], into dst: inout [Sample], width: Int, height: Int, box: Int, left: Int) {
    let inv = 1 / Float(box)
    var sums = [Sample](repeating: .zero, count: width)
    src.withUnsafeBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { o in
            sums.withUnsafeMutableBufferPointer { acc in
                let s = s.baseAddress!, o = o.baseAddress!, acc = acc.baseAddress!
                for j in 0..<min(height, box - left) {
                    let r = j * width
                    for x in 0..<width { acc[x] = acc[x] + s[r + x] }
                }
                for y in 0..<height {
                    let out = o + y * width
                    let add = y - left + box, drop = y - left
                    // Clamped so the pointers stay inside the plane even for the rows that do not use them.
                    let entering = s + min(add, height - 1) * width, leaving = s + max(drop, 0) * width
                    switch (add < height, drop >= 0) {
                    case (true, true):
                        for x in 0..<width { let a = acc[x]; out[x] = a * inv; acc[x] = a + entering[x] - leaving[x] }
                    case (true, false):
                        for x in 0..<width { let a = acc[x]; out[x] = a * inv; acc[x] = a + entering[x] }
                    case (false, true):
                        for x in 0..<width { let a = acc[x]; out[x] = a * inv; acc[x] = a - leaving[x] }
                    case (false, false):
                        for x in 0..<width { out[x] = acc[x] * inv }
                    }
                }
            }
        }
    }
}

/// What a box pass adds, subtracts and scales: one channel, or four in SIMD lanes.
private protocol BoxSample {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, k: Float) -> Self
}

extension Float: BoxSample {}
extension SIMD4: BoxSample where Scalar == Float {}
