import Geometry

/// Scan conversion by exact area coverage.
///
/// Every line segment adds, to the cells of an accumulation buffer, the signed area it sweeps to its right
/// within each pixel; a running sum along each row then gives, in every pixel, the exact fraction of its
/// area inside the contour. No samples: an edge at x = 10.3 covers pixel 10 by exactly 0.7. Winding is
/// resolved as |sum| clamped to 1, exact for the non-self-overlapping contours the layer tree draws (and
/// holes with opposite winding, like borders); the even-odd rule folds the sum instead (evenOddCoverageByte).
///
/// The rasterizer owns scratch buffers that it reuses between calls, so a frame allocates them once.
public struct Rasterizer: Sendable {
    private var cells: [Float] = []
    /// One bit per block of cells in each row, set where a segment wrote: rows are summed pixel by pixel
    /// only in written blocks; between them the running sum is constant and the mask is a memset.
    private var dirty: [UInt64] = []
    private var rowScratch: [UInt8] = []

    /// Row scratch for the paint pipeline: shaded colors and coverage scaled by a clip mask.
    private var colorScratch: [UInt32] = []
    private var coverageScratch: [UInt8] = []


    public init() {}

    /// Coverage of closed device-space contours, clipped to `clip`; nil when nothing is covered.
    public mutating func coverage(of contours: Contours, clip: IntRect) -> Mask? {
        coverage(of: contours, clip: clip, verticalShortcut: true)
    }

    public mutating func coverage(of contours: [[Point]], clip: IntRect) -> Mask? {
        coverage(of: Contours(contours), clip: clip)
    }

    /// `verticalShortcut`: whether vertical segments take their shortcut (tests turn it off to compare
    /// with the general loop).
    mutating func coverage(of contours: Contours, clip: IntRect, verticalShortcut: Bool) -> Mask? {
        guard let area = coveredArea(of: contours, clip: clip) else { return nil }
        var interior = MaskInterior(rows: area.height)
        // Not zeroed first: the sweep hands every pixel of every row to the writer, zeros included.
        let data = [UInt8](unsafeUninitializedCapacity: area.area) { out, count in
            interior.withRuns { runs in
                var writer = MaskWriter(data: out.baseAddress!, bounds: area, interior: runs)
                sweep(contours, area: area, evenOdd: false, rows: area.y..<area.maxY, verticalShortcut: verticalShortcut, into: &writer)
            }
            count = area.area
        }
        return Mask(bounds: area, data: data, interior: interior)
    }

    /// Fills closed device-space contours with `paint` straight into `target`, limited by `clip`, without
    /// materialising a mask: the sweep hands its spans to the paint pipeline, so runs of constant coverage
    /// (a shape's interior) become plain stores or one blend per pixel.
    public mutating func fill(_ contours: Contours, paint: Paint, rule: FillRule = .nonZero, into target: inout Pixmap, clip: Clip) {
        guard !paint.isInvisible, let area = coveredArea(of: contours, clip: target.bounds.intersection(clip.rect)) else { return }
        // Taken out of self while the sweep (a mutating method) runs, and put back after: no copy, as each
        // array stays uniquely referenced.
        var colors = colorScratch, coverage = coverageScratch
        colorScratch = []; coverageScratch = []
        defer { colorScratch = colors; coverageScratch = coverage }
        if colors.count < area.width { colors = [UInt32](repeating: 0, count: area.width) }
        if coverage.count < area.width { coverage = [UInt8](repeating: 0, count: area.width) }
        colors.withUnsafeMutableBufferPointer { colors in
            coverage.withUnsafeMutableBufferPointer { coverage in
                target.withBlitter(paint: paint, clip: clip, colorScratch: colors.baseAddress!,
                                   coverageScratch: coverage.baseAddress!) { blitter in
                    let rows = clip.window.map { $0.y..<$0.maxY } ?? area.y..<area.maxY
                    sweep(contours, area: area, evenOdd: rule == .evenOdd, rows: rows, into: &blitter)
                }
            }
        }
    }

    /// Shorthand for a solid paint.
    public mutating func fill(_ contours: Contours, color: PremultipliedColor, into target: inout Pixmap, clip: Clip) {
        fill(contours, paint: .solid(color), into: &target, clip: clip)
    }

    /// The same for contours as separate arrays.
    public mutating func fill(_ contours: [[Point]], paint: Paint, rule: FillRule = .nonZero, into target: inout Pixmap, clip: Clip) {
        fill(Contours(contours), paint: paint, rule: rule, into: &target, clip: clip)
    }

    public mutating func fill(_ contours: [[Point]], color: PremultipliedColor, into target: inout Pixmap, clip: Clip) {
        fill(Contours(contours), paint: .solid(color), into: &target, clip: clip)
    }

    private func coveredArea(of contours: Contours, clip: IntRect) -> IntRect? {
        let area = IntRect(enclosing: Rect.bounding(contours: contours)).intersection(clip)
        return area.isEmpty ? nil : area
    }

    /// Accumulates the contours over `area`, then walks every row left to right, handing constant stretches
    /// and the computed pixels of written blocks to `sink`. Rows outside `rows` (absolute) are only cleared:
    /// nothing there is written, and the rows inside come out as they would with all rows swept.
    @inline(__always)
    private mutating func sweep<Sink: CoverageSink>(_ contours: Contours, area: IntRect, evenOdd: Bool, rows: Range<Int>,
                                                    verticalShortcut: Bool = true, into sink: inout Sink) {
        let w = area.width, h = area.height, stride = w + 2
        // Blocks as narrow as 8 cells, or wider so that a row never needs more than 64 of them.
        var shift = 3
        while (stride + (1 << shift) - 1) >> shift > 64 { shift += 1 }
        let blockCount = (stride + (1 << shift) - 1) >> shift
        if cells.count < stride * h { cells = [Float](repeating: 0, count: stride * h) }
        if dirty.count < h { dirty = [UInt64](repeating: 0, count: h) }
        if rowScratch.count < stride { rowScratch = [UInt8](repeating: 0, count: stride) }
        let ox = Double(area.x), oy = Double(area.y)
        let W = Double(w), H = Double(h)
        cells.withUnsafeMutableBufferPointer { acc in
            dirty.withUnsafeMutableBufferPointer { marks in
                rowScratch.withUnsafeMutableBufferPointer { scratch in
                    let grid = CellGrid(cells: acc, dirty: marks, stride: stride, shift: shift, verticalShortcut: verticalShortcut)
                    contours.points.withUnsafeBufferPointer { points in
                        var start = 0
                        for end in contours.ends {
                            defer { start = end }
                            guard end > start else { continue }
                            var prev = points[end - 1]
                            for i in start..<end {
                                let p = points[i]
                                clipAndAccumulate(grid, W: W, H: H, x0: prev.x - ox, y0: prev.y - oy, x1: p.x - ox, y1: p.y - oy)
                                prev = p
                            }
                        }
                    }
                    for y in 0..<h {
                        let row = y * stride
                        let bits = marks[y]
                        marks[y] = 0
                        if !rows.contains(area.y + y) {
                            var rest = bits
                            while rest != 0 {
                                let b = rest.trailingZeroBitCount
                                rest &= rest - 1
                                let start = b << shift, end = min(stride, (b + 1) << shift)
                                UnsafeMutableBufferPointer(rebasing: acc[(row + start)..<(row + end)]).update(repeating: 0)
                            }
                            continue
                        }
                        var sum: Float = 0
                        var b = 0
                        // Consecutive blocks of the same kind are handled as one stretch.
                        while b < blockCount {
                            let dirtyStretch = (bits >> UInt64(b)) & 1 != 0
                            let rest = dirtyStretch ? ~(bits >> UInt64(b)) : (bits >> UInt64(b))
                            let e = min(blockCount, b + (rest == 0 ? 64 : rest.trailingZeroBitCount))
                            let start = b << shift, end = min(stride, e << shift)
                            if dirtyStretch {
                                // The rule chosen outside the loop: the optimizer does not unswitch it.
                                if evenOdd {
                                    for x in start..<end {
                                        sum += acc[row + x]
                                        acc[row + x] = 0
                                        scratch[x] = evenOddCoverageByte(sum)
                                    }
                                } else {
                                    for x in start..<end {
                                        sum += acc[row + x]
                                        acc[row + x] = 0
                                        scratch[x] = coverageByte(sum)
                                    }
                                }
                                if start < w {
                                    sink.span(y: area.y + y, x: area.x + start, count: min(end, w) - start,
                                              coverage: UnsafePointer(scratch.baseAddress! + start))
                                }
                            } else if start < w {
                                sink.run(y: area.y + y, x: area.x + start, count: min(end, w) - start,
                                         coverage: evenOdd ? evenOddCoverageByte(sum) : coverageByte(sum))
                            }
                            b = e
                        }
                    }
                }
            }
        }
    }
}

/// |sum| clamped to 1, as a byte rounded to nearest. Adding 2^23 puts the rounded integer in the low
/// mantissa bits, which avoids the checked Float-to-integer conversion in the innermost loop.
@inline(__always)
private func coverageByte(_ sum: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: (min(1, abs(sum)) * 255 + 8_388_608).bitPattern)
}

/// The even-odd rule on accumulated area: the winding sum folded into 0...1 as a triangle wave (0 at even
/// counts, 1 at odd ones). Exact inside a pixel covered by whole contours; at an edge where contours
/// overlap it is the usual analytic approximation.
@inline(__always)
private func evenOddCoverageByte(_ sum: Float) -> UInt8 {
    let a = abs(sum)
    var f = a - 2 * (a * 0.5).rounded(.down)
    if f > 1 { f = 2 - f }
    return UInt8(truncatingIfNeeded: (f * 255 + 8_388_608).bitPattern)
}

/// The accumulation cells of one coverage pass and their dirty-block marks.
private struct CellGrid {
    let cells: UnsafeMutableBufferPointer<Float>
    let dirty: UnsafeMutableBufferPointer<UInt64>
    let stride: Int
    let shift: Int
    let verticalShortcut: Bool

    /// Marks cells first...last of a row as written.
    @inline(__always)
    func mark(row: Int, first: Int, last: Int) {
        dirty[row] |= blocks(first: first, last: last)
    }

    /// The dirty bits of the blocks holding cells first...last.
    @inline(__always)
    func blocks(first: Int, last: Int) -> UInt64 {
        let b0 = first >> shift, b1 = last >> shift
        let span: UInt64 = b1 - b0 >= 63 ? ~0 : ((1 << UInt64(b1 - b0 + 1)) - 1)
        return span << UInt64(b0)
    }
}

/// Clips a segment to the buffer: rows outside [0, H] are dropped, the part left of x = 0 is folded onto
/// x = 0 (it still covers everything to its right), the part right of x = W is dropped (it covers nothing
/// visible).
@inline(__always)
private func clipAndAccumulate(_ grid: CellGrid, W: Double, H: Double,
                               x0: Double, y0: Double, x1: Double, y1: Double) {
    var (x0, y0, x1, y1) = (x0, y0, x1, y1)
    if y0 == y1 || !(x0.isFinite && x1.isFinite && y0.isFinite && y1.isFinite) { return }
    if (y0 <= 0 && y1 <= 0) || (y0 >= H && y1 >= H) { return }
    // Clip in y.
    if y0 < 0 || y1 < 0 {
        let t = (0 - y0) / (y1 - y0), x = x0 + (x1 - x0) * t
        if y0 < 0 { x0 = x; y0 = 0 } else { x1 = x; y1 = 0 }
    }
    if y0 > H || y1 > H {
        let t = (H - y0) / (y1 - y0), x = x0 + (x1 - x0) * t
        if y0 > H { x0 = x; y0 = H } else { x1 = x; y1 = H }
    }
    if x0 >= W && x1 >= W { return }
    // Right side: cut at x = W.
    if x0 > W || x1 > W {
        let t = (W - x0) / (x1 - x0), y = y0 + (y1 - y0) * t
        if x0 > W { x0 = W; y0 = y } else { x1 = W; y1 = y }
    }
    if x0 <= 0 && x1 <= 0 {
        accumulateLine(grid, x0: 0, y0: y0, x1: 0, y1: y1)
        return
    }
    if x0 < 0 || x1 < 0 {
        let t = (0 - x0) / (x1 - x0), y = y0 + (y1 - y0) * t
        if x0 < 0 {
            accumulateLine(grid, x0: 0, y0: y0, x1: 0, y1: y)
            accumulateLine(grid, x0: 0, y0: y, x1: x1, y1: y1)
        } else {
            accumulateLine(grid, x0: x0, y0: y0, x1: 0, y1: y)
            accumulateLine(grid, x0: 0, y0: y, x1: 0, y1: y1)
        }
        return
    }
    accumulateLine(grid, x0: x0, y0: y0, x1: x1, y1: y1)
}

/// Adds the signed area of one segment (already inside the buffer) to the cells it crosses. For each row,
/// the piece of the segment in that row spans [xa, xb]; the area to its right in every pixel is computed
/// exactly as trapezoids, so the running sum of a row is the covered fraction.
@inline(__always)
private func accumulateLine(_ grid: CellGrid, x0: Double, y0: Double, x1: Double, y1: Double) {
    if y0 == y1 { return }
    let acc = grid.cells, stride = grid.stride
    let maxX = Double(stride - 2)
    let dir: Float
    let (ax, ay, bx, by): (Double, Double, Double, Double)
    if y0 < y1 { dir = 1; (ax, ay, bx, by) = (x0, y0, x1, y1) } else { dir = -1; (ax, ay, bx, by) = (x1, y1, x0, y0) }
    let dxdy = (bx - ax) / (by - ay)
    var x = min(maxX, max(0, ax))
    let yStart = Int(ay.rounded(.down)), yEnd = Int(by.rounded(.up))
    if dxdy == 0 && grid.verticalShortcut {
        // Vertical (every side of an upright rectangle, a turned card's sides): every row splits its area
        // between the same two cells as the loop below would, with the same arithmetic, computed once.
        let loFloor = x.rounded(.down)
        let i0 = Int(loFloor), i1 = Int(x.rounded(.up))
        let bits = grid.blocks(first: i0, last: max(i1, i0 + 1))
        let mid = Float(0.5 * (x + x) - loFloor)
        let left = 1 - mid
        for row in yStart..<yEnd {
            let top = max(Double(row), ay), bottom = min(Double(row + 1), by)
            let dy = bottom - top
            if dy <= 0 { continue }
            let d = Float(dy) * dir
            grid.dirty[row] |= bits
            acc[row * stride + i0] += d * left
            acc[row * stride + i0 + 1] += d * mid
        }
        return
    }
    for row in yStart..<yEnd {
        let top = max(Double(row), ay), bottom = min(Double(row + 1), by)
        let dy = bottom - top
        if dy <= 0 { continue }
        // Stepping can drift a hair outside [0, W]; clamp so every write stays in this row.
        let xNext = min(maxX, max(0, x + dxdy * dy))
        let d = Float(dy) * dir
        let lo = min(x, xNext), hi = max(x, xNext)
        let base = row * stride
        let loFloor = lo.rounded(.down)
        let i0 = Int(loFloor)
        let hiCeil = hi.rounded(.up)
        let i1 = Int(hiCeil)
        grid.mark(row: row, first: i0, last: max(i1, i0 + 1))
        if i1 <= i0 + 1 {
            // Within one pixel column: the area right of the segment's mean x.
            let mid = Float(0.5 * (x + xNext) - loFloor)
            acc[base + i0] += d * (1 - mid)
            acc[base + i0 + 1] += d * mid
        } else {
            // Across several columns: a triangle in the first, trapezoids in between, the rest in the last.
            let s = Float(1 / (hi - lo))
            let f0 = Float(lo - loFloor)
            let a0 = 0.5 * s * (1 - f0) * (1 - f0)
            let f1 = Float(hi - hiCeil + 1)
            let aLast = 0.5 * s * f1 * f1
            acc[base + i0] += d * a0
            if i1 == i0 + 2 {
                acc[base + i0 + 1] += d * (1 - a0 - aLast)
            } else {
                let a1 = s * (1.5 - f0)
                acc[base + i0 + 1] += d * (a1 - a0)
                var i = i0 + 2
                while i < i1 - 1 { acc[base + i] += d * s; i += 1 }
                let a2 = a1 + Float(i1 - i0 - 3) * s
                acc[base + i1 - 1] += d * (1 - a2 - aLast)
            }
            acc[base + i1] += d * aLast
        }
        x = xNext
    }
}
