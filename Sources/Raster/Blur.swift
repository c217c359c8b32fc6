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
        let bytes = [UInt8](unsafeUninitializedCapacity: a.count) { out, count in
            a.withUnsafeBufferPointer { roundedBytes($0.baseAddress!, into: out.baseAddress!, count: $0.count) }
            count = a.count
        }
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
        a.withUnsafeBufferPointer { lanes in
            // Four floats a pixel in memory order, as the region blur's plane.
            lanes.withMemoryRebound(to: Float.self) { plane in
                result.withUnsafeMutableBufferPointer { px in
                    for i in 0..<px.count { px[i] = blurredPixel(plane.baseAddress! + 4 * i) }
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

// MARK: Blurs computed only where they are read

/// The same box passes as `BoxBlur.blur` and `Pixmap.blurred`, computed only for a `region` of the result
/// (a shadow's fill and a backdrop's paint read a part of the grown image) and with every pass running down
/// the rows of a plane, eight float lanes at a time.
///
/// Exactness: every result pixel is a chain of running sums that starts at the plane's first column (row)
/// and takes the same adds in the same order as the whole blur, so a lane here is bit for bit the whole
/// blur's pixel. The horizontal passes run on the plane transposed (a source row is a lane), for columns
/// 0 up to what the next passes read; the vertical passes only on the region's columns, for rows 0 up to
/// what they read. Rows outside the source are zero in the horizontal passes and are not computed.
struct RegionBlur {
    let box: BoxBlur
    /// Floats a pixel: 1 (the alpha) or 4 (premultiplied RGBA, in memory order).
    let channels: Int

    private var passes: [(width: Int, left: Int)] {
        box.d % 2 == 1
            ? [(box.d, box.d / 2), (box.d, box.d / 2), (box.d, box.d / 2)]
            : [(box.d, box.d / 2), (box.d, box.d / 2 - 1), (box.d + 1, box.d / 2)]
    }

    /// How many leading rows (columns) of each pass's input a pass needs to give its first `count` outputs,
    /// for the passes in order: `limits[0]` of the first input ... `limits[3]` = `count` of the last output.
    private func limits(_ count: Int, extent: Int) -> [Int] {
        var l = [Int](repeating: count, count: 4)
        let p = passes
        for k in stride(from: 2, through: 0, by: -1) { l[k] = min(extent, l[k + 1] + p[k].width - p[k].left) }
        return l
    }

    /// The blur of `source` (a rectangle of `image`'s pixels, as `image.cropped(to: source)` would give)
    /// within `region` of the grown result: `write` receives the final planes' floats, row by row from the
    /// region's top, `channels` a pixel, region width per row. Returns the part of the region computed
    /// (within the grown bounds), nil when empty.
    func run(_ image: Pixmap, source requested: IntRect, region requested2: IntRect,
             _ write: (_ plane: UnsafePointer<Float>, _ area: IntRect) -> Void) -> IntRect? {
        let source = requested.intersection(image.bounds)
        let grown = box.grown(source)
        let region = requested2.intersection(grown)
        guard !source.isEmpty, !region.isEmpty else { return nil }
        let pad = box.pad, ch = channels
        let W = grown.width, H = grown.height
        // The region in plane coordinates.
        let rx0 = region.x - grown.x, rx1 = region.maxX - grown.x
        let ry0 = region.y - grown.y, ry1 = region.maxY - grown.y
        let columns = limits(rx1, extent: W), rows = limits(ry1, extent: H)
        // Source rows (non-zero rows) the vertical passes read.
        let r0 = pad, r1 = min(pad + source.height, rows[0])
        let nr = max(0, r1 - r0)
        let rw = rx1 - rx0
        let p = passes

        // Transposed planes: row x holds column x of every source row (a lane each, `ch` floats a pixel).
        let tLanes = nr * ch
        let tCount = max(1, columns[0] * tLanes)
        let pLanes = rw * ch
        let pCount = max(1, rows[0] * pLanes)
        let a = UnsafeMutablePointer<Float>.allocate(capacity: max(tCount, pCount))
        let b = UnsafeMutablePointer<Float>.allocate(capacity: max(tCount, pCount))
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: max(1, max(tLanes, pLanes)))
        defer { a.deallocate(); b.deallocate(); acc.deallocate() }

        if nr > 0 {
            // The source, transposed, as floats; the columns left and right of it are zero (only those are
            // cleared: the source's are all written). A region near the left edge may need no source column.
            let x1 = max(pad, min(columns[0], pad + source.width))
            a.update(repeating: 0, count: min(pad, columns[0]) * tLanes)
            (a + x1 * tLanes).update(repeating: 0, count: max(0, columns[0] - x1) * tLanes)
            image.pixels.withUnsafeBufferPointer { px in
                let base = px.baseAddress!, iw = image.bounds.width
                @inline(__always) func rowStart(_ y: Int) -> UnsafePointer<UInt32> {
                    base + (source.y + y - pad - image.bounds.y) * iw + (source.x - image.bounds.x) - pad
                }
                var first = r0
                if ch == 1 {
                    // Eight source rows at a time: each column's eight alphas are one store of eight lanes.
                    while first + 8 <= r1 {
                        let s0 = rowStart(first), s1 = rowStart(first + 1), s2 = rowStart(first + 2), s3 = rowStart(first + 3)
                        let s4 = rowStart(first + 4), s5 = rowStart(first + 5), s6 = rowStart(first + 6), s7 = rowStart(first + 7)
                        let lane = first - r0
                        for x in pad..<x1 {
                            let v = SIMD8<Float>(Float(s0[x] >> 24), Float(s1[x] >> 24), Float(s2[x] >> 24), Float(s3[x] >> 24),
                                                 Float(s4[x] >> 24), Float(s5[x] >> 24), Float(s6[x] >> 24), Float(s7[x] >> 24))
                            UnsafeMutableRawPointer(a + x * tLanes + lane).storeBytes(of: v, as: SIMD8<Float>.self)
                        }
                        first += 8
                    }
                }
                for y in first..<r1 {
                    let row = rowStart(y)
                    let lane = (y - r0) * ch
                    if ch == 1 {
                        for x in pad..<x1 { a[x * tLanes + lane] = Float(row[x] >> 24) }
                    } else {
                        for x in pad..<x1 {
                            let c = row[x], o = a + x * tLanes + lane
                            o[0] = Float(c & 0xFF); o[1] = Float((c >> 8) & 0xFF); o[2] = Float((c >> 16) & 0xFF); o[3] = Float(c >> 24)
                        }
                    }
                }
            }
            // The horizontal passes, down the transposed plane.
            var src = a, dst = b
            for k in 0..<3 {
                boxPassDown(src, dst, lanes: tLanes, outRows: columns[k + 1], extent: W, box: p[k].width, left: p[k].left, acc: acc)
                swap(&src, &dst)
            }
            // Back to rows, the region's columns only; rows outside the source are zero.
            let t = src, out = dst
            out.update(repeating: 0, count: r0 * pLanes)
            (out + r1 * pLanes).update(repeating: 0, count: (rows[0] - r1) * pLanes)
            var firstColumn = rx0
            if ch == 1 {
                // Eight columns at a time: each output row gets their eight values as one store.
                while firstColumn + 8 <= rx1 {
                    let f0 = t + firstColumn * tLanes, f1 = f0 + tLanes, f2 = f1 + tLanes, f3 = f2 + tLanes
                    let f4 = f3 + tLanes, f5 = f4 + tLanes, f6 = f5 + tLanes, f7 = f6 + tLanes
                    let to = out + (firstColumn - rx0)
                    for y in 0..<nr {
                        let v = SIMD8<Float>(f0[y], f1[y], f2[y], f3[y], f4[y], f5[y], f6[y], f7[y])
                        UnsafeMutableRawPointer(to + (y + r0) * pLanes).storeBytes(of: v, as: SIMD8<Float>.self)
                    }
                    firstColumn += 8
                }
            }
            for x in firstColumn..<rx1 {
                let from = t + x * tLanes, to = out + (x - rx0) * ch
                if ch == 1 {
                    for y in 0..<nr { to[(y + r0) * pLanes] = from[y] }
                } else {
                    for y in 0..<nr {
                        let f = from + y * ch, o = to + (y + r0) * pLanes
                        o[0] = f[0]; o[1] = f[1]; o[2] = f[2]; o[3] = f[3]
                    }
                }
            }
            // The vertical passes.
            var vs = out, vd = t
            for k in 0..<3 {
                boxPassDown(vs, vd, lanes: pLanes, outRows: rows[k + 1], extent: H, box: p[k].width, left: p[k].left, acc: acc)
                swap(&vs, &vd)
            }
            write(UnsafePointer(vs + ry0 * pLanes), region)
        } else {
            // No source row reaches the region: it is all zero.
            a.update(repeating: 0, count: max(1, region.height * pLanes))
            write(UnsafePointer(a), region)
        }
        return region
    }
}

/// One box pass down a plane of `lanes` floats a row: output row y is the running sum of input rows
/// y - left ..< y - left + box (those inside 0..<extent) times 1 / box, for y in 0..<outRows. Per lane the
/// adds are those of `boxColumns` (and of `boxRows` along a row), in the same order; eight lanes a step.
private func boxPassDown(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, lanes: Int, outRows: Int,
                         extent: Int, box: Int, left: Int, acc: UnsafeMutablePointer<Float>) {
    guard lanes > 0, outRows > 0 else { return }
    let inv = 1 / Float(box), inv8 = SIMD8<Float>(repeating: inv)
    acc.update(repeating: 0, count: lanes)
    let wide = lanes & ~7
    @inline(__always) func load(_ p: UnsafeMutablePointer<Float>, _ i: Int) -> SIMD8<Float> {
        UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<Float>.self)
    }
    @inline(__always) func store(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: SIMD8<Float>.self)
    }
    for j in 0..<min(extent, box - left) {
        let r = src + j * lanes
        var x = 0
        while x < wide { store(load(acc, x) + load(r, x), acc, x); x += 8 }
        while x < lanes { acc[x] = acc[x] + r[x]; x += 1 }
    }
    for y in 0..<outRows {
        let out = dst + y * lanes
        let add = y - left + box, drop = y - left
        let entering = src + min(add, extent - 1) * lanes, leaving = src + max(drop, 0) * lanes
        var x = 0
        switch (add < extent, drop >= 0) {
        case (true, true):
            while x < wide {
                let s = load(acc, x); store(s * inv8, out, x); store(s + load(entering, x) - load(leaving, x), acc, x); x += 8
            }
            while x < lanes { let s = acc[x]; out[x] = s * inv; acc[x] = s + entering[x] - leaving[x]; x += 1 }
        case (true, false):
            while x < wide { let s = load(acc, x); store(s * inv8, out, x); store(s + load(entering, x), acc, x); x += 8 }
            while x < lanes { let s = acc[x]; out[x] = s * inv; acc[x] = s + entering[x]; x += 1 }
        case (false, true):
            while x < wide { let s = load(acc, x); store(s * inv8, out, x); store(s - load(leaving, x), acc, x); x += 8 }
            while x < lanes { let s = acc[x]; out[x] = s * inv; acc[x] = s - leaving[x]; x += 1 }
        case (false, false):
            while x < wide { store(load(acc, x) * inv8, out, x); x += 8 }
            while x < lanes { out[x] = acc[x] * inv; x += 1 }
        }
    }
}

/// `UInt32(min(255, max(0, value + 0.5)))` without the conversion's trap checks, which keep a loop from
/// vectorizing. Adding 2^23 to a value in 0...255 leaves its nearest integer in the low mantissa bits; one
/// less where that rounded up gives the truncation. (A blurred plane holds no NaN: sums of bytes / box.)
@inline(__always)
func roundedByte(_ value: Float) -> UInt32 {
    let magic: Float = 8_388_608
    var v = value + 0.5
    v = v < 0 ? 0 : v
    v = v > 255 ? 255 : v
    let shifted = v + magic
    let nearest = shifted.bitPattern & 0x7F_FFFF
    return shifted - magic > v ? nearest &- 1 : nearest
}

/// A premultiplied pixel from a blurred plane's four channels at `v` (in memory order): alpha first, and no
/// channel above it (rounding must not leave one there).
@inline(__always)
func blurredPixel(_ v: UnsafePointer<Float>) -> UInt32 {
    let alpha = roundedByte(v[3])
    let r = min(roundedByte(v[0]), alpha), g = min(roundedByte(v[1]), alpha), b = min(roundedByte(v[2]), alpha)
    return r | g << 8 | b << 16 | alpha << 24
}

/// `roundedByte` over a plane.
func roundedBytes(_ plane: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
    for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: roundedByte(plane[i])) }
}

extension Pixmap {
    /// `cropped(to: source).alphaMask().blurred(sigma:)`, only within `region` (the result's bounds are the
    /// grown bounds within `region`): what a shadow's fill reads.
    public func blurredAlpha(of source: IntRect, sigma: Double, within region: IntRect) -> Mask {
        guard let box = BoxBlur(sigma: sigma) else {
            let r = region.intersection(source).intersection(bounds)
            let crop = cropped(to: r)
            return Mask(bounds: crop.bounds, data: crop.pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) })
        }
        var result = Mask(bounds: IntRect(x: region.x, y: region.y, width: 0, height: 0), data: [])
        _ = RegionBlur(box: box, channels: 1).run(self, source: source, region: region) { plane, area in
            let bytes = [UInt8](unsafeUninitializedCapacity: area.area) { out, count in
                roundedBytes(plane, into: out.baseAddress!, count: area.area)
                count = area.area
            }
            result = Mask(bounds: area, data: bytes)
        }
        return result
    }

    /// `cropped(to: source).blurred(sigma:)`, only within `region` (the result's bounds are the grown bounds
    /// within `region`): what a backdrop's paint reads.
    public func blurred(of source: IntRect, sigma: Double, within region: IntRect) -> Pixmap {
        guard let box = BoxBlur(sigma: sigma) else { return cropped(to: region.intersection(source)) }
        var result = Pixmap(bounds: IntRect(x: region.x, y: region.y, width: 0, height: 0))
        _ = RegionBlur(box: box, channels: 4).run(self, source: source, region: region) { plane, area in
            let px = [UInt32](unsafeUninitializedCapacity: area.area) { out, count in
                for i in 0..<area.area {
                    out[i] = blurredPixel(plane + 4 * i)
                }
                count = area.area
            }
            result = Pixmap(bounds: area, pixels: px)
        }
        return result
    }
}
