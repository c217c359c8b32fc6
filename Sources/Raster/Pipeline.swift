/// The one way coverage becomes pixels: coverage (from the rasterizer, a mask, or a uniform rectangle)
/// arrives row by row as spans; each span is scaled by the clip mask, shaded by the paint (one switch per
/// span) and source-over blended by `blendSpan`, the single per-pixel loop every fill and composite uses.

// MARK: Coverage in

/// Receives coverage left to right along rows: stretches of one value, and spans of computed values.
protocol CoverageSink {
    /// `count` pixels from (x, y) rightwards, all at `coverage`.
    mutating func run(y: Int, x: Int, count: Int, coverage: UInt8)
    /// `count` pixels from (x, y) rightwards, each with its own coverage.
    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
}

/// Stores coverage in a mask buffer covering `bounds` (every pixel is written, zeros too), and notes in
/// `interior` (start and end column, two per row, starting empty) each row's longest run of full coverage.
struct MaskWriter: CoverageSink {
    let data: UnsafeMutablePointer<UInt8>
    let bounds: IntRect
    let interior: UnsafeMutablePointer<Int32>

    @inline(__always)
    func run(y: Int, x: Int, count: Int, coverage: UInt8) {
        (data + (y - bounds.y) * bounds.width + x - bounds.x).update(repeating: coverage, count: count)
        if coverage == 255 {
            let run = interior + 2 * (y - bounds.y)
            if count > Int(run[1] - run[0]) { run[0] = Int32(x); run[1] = Int32(x + count) }
        }
    }

    @inline(__always)
    func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        (data + (y - bounds.y) * bounds.width + x - bounds.x).update(from: coverage, count: count)
    }
}

// MARK: Pixels out

/// Paints spans of coverage into a target: coverage × clip → paint → source-over.
///
/// Spans must lie inside the target and, when there is a clip mask, inside the clip's rectangle; the
/// scratch rows must hold the widest span.
struct SpanBlitter: CoverageSink {
    let target: UnsafeMutablePointer<UInt32>
    let targetBounds: IntRect
    /// The sampled paint, if any, by reference: the blitter is passed and copied span by span, and taking
    /// the payload out of the enum copies it (an image's is hundreds of bytes) for every span.
    let gradient: UnsafePointer<LinearGradient>?
    let image: UnsafePointer<ImagePattern>?
    /// The solid color, read once here rather than unpacked from the enum for every span.
    let solid: UInt32
    /// Whether the paint is solid, so that the solid path does not touch the enum.
    let isSolid: Bool
    let clip: UnsafePointer<UInt8>?
    let clipBounds: IntRect
    /// The clip mask's full run of each row (two Int32 per row, `MaskInterior`), when known: there the
    /// clip scales nothing ((255 v + 127) / 255 = v), so the span's own coverage is used as it is.
    let clipInterior: UnsafePointer<Int32>?
    let colorScratch: UnsafeMutablePointer<UInt32>
    let coverageScratch: UnsafeMutablePointer<UInt8>
    /// Only pixels here are written (`Clip.window`); spans are trimmed to it, each pixel shaded as it would
    /// be in the whole span (paints compute every pixel from its own position).
    let window: IntRect
    /// Whether there is a window to trim to (a whole frame has none: no test per span).
    let windowed: Bool
    /// The target's shared-edge coverage plane (`Pixmap.sharedEdgeCoverage`), laid out like the target:
    /// when set, every span is blended by `partitionBlend`.
    let partition: UnsafeMutablePointer<UInt8>?

    /// The part of a span inside the window: its first pixel and count (count <= 0: none).
    @inline(__always)
    private func trimmed(y: Int, x: Int, count: Int) -> (x: Int, count: Int) {
        guard windowed else { return (x, count) }
        guard y >= window.y && y < window.maxY else { return (x, 0) }
        let x0 = max(x, window.x), x1 = min(x + count, window.maxX)
        return (x0, x1 - x0)
    }

    /// The part of `x..<x + count` on row `y` inside the clip mask's full run (empty when none is known).
    @inline(__always)
    private func interiorPart(y: Int, x: Int, count: Int) -> Range<Int> {
        guard let clipInterior else { return x..<x }
        let row = clipInterior + 2 * (y - clipBounds.y)
        let start = max(x, Int(row[0])), end = min(x + count, Int(row[1]))
        return start < end ? start..<end : x..<x
    }

    @inline(__always)
    func run(y: Int, x: Int, count: Int, coverage value: UInt8) {
        guard value != 0 else { return }
        let (x, count) = trimmed(y: y, x: x, count: count)
        guard count > 0 else { return }
        guard clip != nil else { return shadeAndBlend(y: y, x: x, count: count, UniformCoverage(value: UInt32(value))) }
        let inside = interiorPart(y: y, x: x, count: count)
        if inside.isEmpty { return clippedRun(y: y, x: x, count: count, value: value) }
        // Edge, full interior (unscaled, so an opaque solid fill is a plain store), edge.
        if inside.lowerBound > x { clippedRun(y: y, x: x, count: inside.lowerBound - x, value: value) }
        shadeAndBlend(y: y, x: inside.lowerBound, count: inside.count, UniformCoverage(value: UInt32(value)))
        if inside.upperBound < x + count { clippedRun(y: y, x: inside.upperBound, count: x + count - inside.upperBound, value: value) }
    }

    /// A run scaled pixel by pixel by the clip mask (out of line: it is reached from three places).
    @inline(never)
    private func clippedRun(y: Int, x: Int, count: Int, value: UInt8) {
        let c = clip! + (y - clipBounds.y) * clipBounds.width + x - clipBounds.x
        // Full coverage times the clip is the clip itself ((255 c + 127) / 255 = c).
        if value == 255 { return shadeAndBlend(y: y, x: x, count: count, CoverageBytes(bytes: c)) }
        let v = UInt32(value)
        for i in 0..<count { coverageScratch[i] = UInt8(truncatingIfNeeded: (v * UInt32(c[i]) + 127) / 255) }
        shadeAndBlend(y: y, x: x, count: count, CoverageBytes(bytes: coverageScratch))
    }

    @inline(__always)
    func span(y: Int, x start: Int, count whole: Int, coverage all: UnsafePointer<UInt8>) {
        let (x, count) = trimmed(y: y, x: start, count: whole)
        guard count > 0 else { return }
        let values = all + (x - start)
        guard clip != nil else { return shadeAndBlend(y: y, x: x, count: count, CoverageBytes(bytes: values)) }
        let inside = interiorPart(y: y, x: x, count: count)
        if inside.isEmpty { return clippedSpan(y: y, x: x, count: count, values: values) }
        if inside.lowerBound > x { clippedSpan(y: y, x: x, count: inside.lowerBound - x, values: values) }
        shadeAndBlend(y: y, x: inside.lowerBound, count: inside.count, CoverageBytes(bytes: values + (inside.lowerBound - x)))
        if inside.upperBound < x + count {
            clippedSpan(y: y, x: inside.upperBound, count: x + count - inside.upperBound, values: values + (inside.upperBound - x))
        }
    }

    /// A span scaled pixel by pixel by the clip mask (out of line: it is reached from three places).
    @inline(never)
    private func clippedSpan(y: Int, x: Int, count: Int, values: UnsafePointer<UInt8>) {
        let c = clip! + (y - clipBounds.y) * clipBounds.width + x - clipBounds.x
        for i in 0..<count {
            coverageScratch[i] = UInt8(truncatingIfNeeded: (UInt32(values[i]) * UInt32(c[i]) + 127) / 255)
        }
        shadeAndBlend(y: y, x: x, count: count, CoverageBytes(bytes: coverageScratch))
    }

    /// Colors for the span, by the paint's kind (decided here, once per span), then the blend.
    @inline(__always)
    private func shadeAndBlend<C: CoverageRow>(y: Int, x: Int, count: Int, _ coverage: C) {
        let dst = target + (y - targetBounds.y) * targetBounds.width + x - targetBounds.x
        if let partition {
            return shadeAndPartition(y: y, x: x, count: count, dst: dst,
                                     plane: partition + (y - targetBounds.y) * targetBounds.width + x - targetBounds.x, coverage)
        }
        if isSolid {
            blendSpan(dst, count: count, coverage: coverage, colors: UniformColor(value: solid))
        } else {
            shadeAndBlendSampled(y: y, x: x, count: count, dst: dst, coverage)
        }
    }

    /// Paints that vary per pixel, kept out of line so that the solid path, inlined into the coverage
    /// loops, stays small enough for the optimizer to keep its loop in registers.
    @inline(never)
    private func shadeAndBlendSampled<C: CoverageRow>(y: Int, x: Int, count: Int, dst: UnsafeMutablePointer<UInt32>, _ coverage: C) {
        if let gradient {
            gradient.pointee.shade(y: y, x: x, count: count, into: colorScratch)
            blendSpan(dst, count: count, coverage: coverage, colors: ColorPixels(pixels: colorScratch))
        } else if let image {
            image.pointee.shade(y: y, x: x, count: count, scratch: colorScratch) { colors in
                blendSpan(dst, count: count, coverage: coverage, colors: ColorPixels(pixels: colors))
            }
        } else {
            blendSpan(dst, count: count, coverage: coverage, colors: UniformColor(value: solid))
        }
    }
}

extension SpanBlitter {
    /// Colors for the span, then `partitionBlend` pixel by pixel, noting in the plane what each pixel now
    /// has covered (out of line: only a snapshot's pieces are drawn this way).
    @inline(never)
    fileprivate func shadeAndPartition<C: CoverageRow>(y: Int, x: Int, count: Int, dst: UnsafeMutablePointer<UInt32>,
                                                       plane: UnsafeMutablePointer<UInt8>, _ coverage: C) {
        if C.isUniform && coverage[0] == 255 {
            // Full coverage is source-over whatever the plane says (see partitionBlend): the plain path,
            // then the pixels are covered.
            if isSolid {
                blendSpan(dst, count: count, coverage: coverage, colors: UniformColor(value: solid))
            } else {
                shadeAndBlendSampled(y: y, x: x, count: count, dst: dst, coverage)
            }
            plane.update(repeating: 255, count: count)
            return
        }
        // Where nothing is covered yet (plane 0, so the pixels are 0 too: every write goes through here),
        // partitionBlend adds the color at its coverage, which is what source-over gives over nothing: the
        // plain path, then the plane takes the coverage. The common case: most of a piece's edge lands on
        // pixels no other piece has reached.
        if Self.isZero(plane, count: count) {
            if isSolid {
                blendSpan(dst, count: count, coverage: coverage, colors: UniformColor(value: solid))
            } else {
                shadeAndBlendSampled(y: y, x: x, count: count, dst: dst, coverage)
            }
            if C.isUniform {
                plane.update(repeating: UInt8(truncatingIfNeeded: coverage[0]), count: count)
            } else {
                for i in 0..<count { plane[i] = UInt8(truncatingIfNeeded: coverage[i]) }
            }
            return
        }
        if isSolid {
            for i in 0..<count { partitionBlend(solid, coverage[i], dst + i, plane + i) }
        } else if let gradient {
            gradient.pointee.shade(y: y, x: x, count: count, into: colorScratch)
            for i in 0..<count { partitionBlend(colorScratch[i], coverage[i], dst + i, plane + i) }
        } else if let image {
            image.pointee.shade(y: y, x: x, count: count, scratch: colorScratch) { colors in
                for i in 0..<count { partitionBlend(colors[i], coverage[i], dst + i, plane + i) }
            }
        }
    }
}

extension SpanBlitter {
    /// Whether `count` bytes are all 0 (eight at a time).
    @inline(__always)
    fileprivate static func isZero(_ p: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            if UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) != 0 { return false }
            i += 8
        }
        while i < count {
            if p[i] != 0 { return false }
            i += 1
        }
        return true
    }
}

/// A color at geometric coverage `k` (0...255) onto a pixel of which `plane` says how much is covered
/// already (g): the part of the pixel k covers is taken first from the part nothing covers yet (u, added
/// to the pixel), and only the rest (v = k - u) overlaps what is there, in proportion (source-over on the
/// share v / g of the pixel's contents). Two layers that meet at an edge inside the pixel, coverages k1 and
/// k2 with k1 + k2 <= 255, so sum to k1 c1 + k2 c2: what the device's aliased edges, which split the
/// pixel's device pixels between them, give once scaled down; plain source-over would leave k1 k2 / 255
/// of the pixel to whatever is behind (a seam). At full coverage, or on a fully covered pixel, this is
/// source-over exactly.
@inline(__always)
func partitionBlend(_ color: UInt32, _ k: UInt32, _ dst: UnsafeMutablePointer<UInt32>, _ plane: UnsafeMutablePointer<UInt8>) {
    if k == 0 { return }
    let g = UInt32(plane.pointee)
    if k == 255 {
        dst.pointee = sourceOver(color, dst.pointee)
        plane.pointee = 255
        return
    }
    let u = min(k, 255 - g), v = k - u
    let src = multiply(color, k)
    // v <= g: the share of the pixel's contents under the overlap, and what of it the color hides.
    let kept = v == 0 ? dst.pointee : multiply(dst.pointee, 255 - (((color >> 24) * v + g / 2) / g))
    dst.pointee = addSaturating(src, kept)
    plane.pointee = UInt8(truncatingIfNeeded: g + u)
}

/// Channel by channel sum, each at most 255 (the rounding of two coverages that fill a pixel can add to 256).
@inline(__always)
func addSaturating(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let rb = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
    let ag = ((a >> 8) & 0x00FF_00FF) &+ ((b >> 8) & 0x00FF_00FF)
    // A carry into bit 8 of a 16-bit lane marks a channel past 255: it becomes 255.
    let rbOver = ((rb >> 8) & 0x0001_0001) &* 0xFF, agOver = ((ag >> 8) & 0x0001_0001) &* 0xFF
    return ((rb | rbOver) & 0x00FF_00FF) | (((ag | agOver) & 0x00FF_00FF) << 8)
}

/// Per-pixel coverage or color, either one value for the whole span or one per pixel. Generic over these,
/// `blendSpan` is specialized for each pairing, so there is no dynamic dispatch in the pixel loop.
protocol CoverageRow {
    static var isUniform: Bool { get }
    subscript(i: Int) -> UInt32 { get }
}

protocol ColorRow {
    static var isUniform: Bool { get }
    subscript(i: Int) -> UInt32 { get }
}

struct UniformCoverage: CoverageRow {
    let value: UInt32
    static var isUniform: Bool { true }
    subscript(i: Int) -> UInt32 { @inline(__always) get { value } }
}

struct CoverageBytes: CoverageRow {
    let bytes: UnsafePointer<UInt8>
    static var isUniform: Bool { false }
    subscript(i: Int) -> UInt32 { @inline(__always) get { UInt32(bytes[i]) } }
}

struct UniformColor: ColorRow {
    let value: UInt32
    static var isUniform: Bool { true }
    subscript(i: Int) -> UInt32 { @inline(__always) get { value } }
}

struct ColorPixels: ColorRow {
    let pixels: UnsafePointer<UInt32>
    static var isUniform: Bool { false }
    subscript(i: Int) -> UInt32 { @inline(__always) get { pixels[i] } }
}

/// Source-over of premultiplied `colors` at `coverage` (0...255) onto `count` pixels of `dst`.
@inline(__always)
func blendSpan<C: CoverageRow, S: ColorRow>(_ dst: UnsafeMutablePointer<UInt32>, count: Int, coverage: C, colors: S) {
    if C.isUniform && S.isUniform {
        // A shape's interior in one color: a plain store when opaque (the optimizer makes it wide
        // writes), otherwise one color, scaled once, blended over every pixel.
        let k = coverage[0], c = colors[0]
        if k == 0 || c == 0 { return }
        if k == 255 && c >> 24 == 255 { dst.update(repeating: c, count: count); return }
        let s = k == 255 ? c : multiply(c, k)
        for i in 0..<count { dst[i] = sourceOver(s, dst[i]) }
        return
    }
    // Branch-free, so the optimizer can vectorize: `blend` without its shortcuts gives the same bytes
    // (multiply by 255 is exact, by 0 gives 0; an opaque color's source-over scales the pixel by 0, a
    // transparent one's by 255).
    if C.isUniform && coverage[0] == 255 {
        for i in 0..<count { dst[i] = sourceOver(colors[i], dst[i]) }
        return
    }
    for i in 0..<count { dst[i] = sourceOver(multiply(colors[i], coverage[i]), dst[i]) }
}

// MARK: Entry points

extension Pixmap {
    /// Runs `feed` with a blitter that paints `paint` into this pixmap through `clip`'s mask. Spans fed
    /// must lie in `bounds ∩ clip.rect` and be at most `maxWidth` wide.
    mutating func withBlitter(paint: Paint, clip: Clip?, colorScratch: UnsafeMutablePointer<UInt32>,
                              coverageScratch: UnsafeMutablePointer<UInt8>, _ feed: (inout SpanBlitter) -> Void) {
        let bounds = bounds
        var solid: UInt32 = 0, isSolid = false
        if case .solid(let c) = paint { solid = c.packed; isSolid = true }
        let clipMask = clip?.mask
        let clipData = clipMask?.data ?? []
        let interior = clipMask?.interior?.bounds ?? []
        // The plane taken out while the blitter writes it, and put back after: no copy.
        let partitioned = sharedEdgeCoverage != nil
        var plane = sharedEdgeCoverage ?? []
        sharedEdgeCoverage = nil
        defer { if partitioned { sharedEdgeCoverage = plane } }
        paint.withPayload { gradient, image in
            pixels.withUnsafeMutableBufferPointer { p in
                clipData.withUnsafeBufferPointer { c in
                    interior.withUnsafeBufferPointer { runs in
                        plane.withUnsafeMutableBufferPointer { planePixels in
                            var blitter = SpanBlitter(target: p.baseAddress!, targetBounds: bounds, gradient: gradient, image: image,
                                                      solid: solid, isSolid: isSolid,
                                                      clip: clipMask == nil ? nil : c.baseAddress,
                                                      clipBounds: clipMask?.bounds ?? IntRect(x: 0, y: 0, width: 0, height: 0),
                                                      clipInterior: clipMask?.interior == nil ? nil : runs.baseAddress,
                                                      colorScratch: colorScratch, coverageScratch: coverageScratch,
                                                      window: clip?.window ?? bounds, windowed: clip?.window != nil,
                                                      partition: partitioned ? planePixels.baseAddress : nil)
                            feed(&blitter)
                        }
                    }
                }
            }
        }
    }

    /// The same with scratch rows of `width` pixels allocated for this call.
    mutating func withBlitter(paint: Paint, clip: Clip?, width: Int, _ feed: (inout SpanBlitter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, width)) { colors in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, width)) { coverage in
                withBlitter(paint: paint, clip: clip, colorScratch: colors.baseAddress!,
                            coverageScratch: coverage.baseAddress!, feed)
            }
        }
    }

    /// Paints `paint` through a coverage mask, limited by `clip`.
    public mutating func fill(_ mask: Mask, paint: Paint, clip: Clip? = nil) {
        var area = bounds.intersection(mask.bounds)
        if let clip { area = area.intersection(clip.rect) }
        guard !area.isEmpty, !paint.isInvisible else { return }
        let mb = mask.bounds
        mask.data.withUnsafeBufferPointer { m in
            withBlitter(paint: paint, clip: clip, width: area.width) { blitter in
                for y in area.y..<area.maxY {
                    let row = m.baseAddress! + (y - mb.y) * mb.width - mb.x
                    // Where the mask is known to be full, one run at 255 (a plain store for an opaque color).
                    let full = mask.interior.map { $0.run(y - mb.y).clamped(to: area.x..<area.maxX) } ?? area.x..<area.x
                    if full.isEmpty {
                        Self.spans(row, y: y, area.x..<area.maxX, &blitter)
                        continue
                    }
                    Self.spans(row, y: y, area.x..<full.lowerBound, &blitter)
                    blitter.run(y: y, x: full.lowerBound, count: full.count, coverage: 255)
                    Self.spans(row, y: y, full.upperBound..<area.maxX, &blitter)
                }
            }
        }
    }

    /// The mask row's coverage over `columns` as spans, leaving out runs of zeros eight bytes at a time: a
    /// shadow's mask is cleared under the opaque layer that casts it, and a glyph's around its strokes, and
    /// a pixel at coverage 0 stays as it is.
    @inline(__always)
    private static func spans(_ row: UnsafePointer<UInt8>, y: Int, _ columns: Range<Int>, _ blitter: inout SpanBlitter) {
        @inline(__always) func word(_ x: Int) -> UInt64 { UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) }
        var x = columns.lowerBound
        let end = columns.upperBound
        while x < end {
            while x + 8 <= end && word(x) == 0 { x += 8 }
            while x < end && row[x] == 0 { x += 1 }
            guard x < end else { return }
            let start = x
            while x + 8 <= end && word(x) != 0 { x += 8 }
            if x + 8 > end { x = end }
            blitter.span(y: y, x: start, count: x - start, coverage: row + start)
        }
    }

    /// Shorthand for a solid paint through a mask.
    public mutating func fill(_ mask: Mask, color: PremultipliedColor, clip: Clip? = nil) {
        fill(mask, paint: .solid(color), clip: clip)
    }

    /// Paints `paint` over a rectangle of whole pixels at one coverage (0...255), limited by `clip`.
    public mutating func fill(_ rect: IntRect, coverage: UInt8 = 255, paint: Paint, clip: Clip? = nil) {
        var area = bounds.intersection(rect)
        if let clip { area = area.intersection(clip.rect) }
        guard !area.isEmpty, coverage > 0, !paint.isInvisible else { return }
        withBlitter(paint: paint, clip: clip, width: area.width) { blitter in
            for y in area.y..<area.maxY { blitter.run(y: y, x: area.x, count: area.width, coverage: coverage) }
        }
    }

    /// Composites `source` over this pixmap where it lies, faded by `opacity` (0...255) and optionally
    /// through `clip`: the source as a pixel-aligned image paint, the opacity as coverage (so opacity and
    /// clip round once, together).
    public mutating func composite(_ source: Pixmap, opacity: UInt8 = 255, clip: Clip? = nil) {
        guard let pattern = ImagePattern(pixelAligned: source) else { return }
        fill(source.bounds, coverage: opacity, paint: .image(pattern), clip: clip)
    }
}
