import CGIF
import Dispatch
import Raster
import Foundation

public struct GIFOptions: Sendable {
    /// The NETSCAPE2.0 loop count as written: 0 loops forever; n > 0 asks players to repeat n times.
    public var loopCount: Int = 0
    public init() {}
}

/// One image of the output, compressed, waiting for the file to be assembled.
struct GIFFrameRecord {
    var rect: IntRect
    var palette: Int
    var transparent: Bool
    var disposal: Int
    var delay: Int
    var data: [UInt8]
    /// The same image against a table of only the colors it uses, when that table is smaller.
    var compact: GIFCompactImage? = nil

    /// Bytes as a frame with its own table: the full palette's or the compact one, the smaller.
    func localCost(_ maps: [GIFColorMap]) -> Int {
        let full = (3 << maps[palette].bitsPerPixel) + data.count
        guard let c = compact else { return full }
        return min(full, (3 << c.map.bitsPerPixel) + c.data.count)
    }
}

struct GIFCompactImage {
    var map: GIFColorMap
    var data: [UInt8]
}

/// Streams frames into an animated GIF89a in memory: frames are given one at a time (memory stays bounded:
/// keep only the previous frame's indexed image and the palette state, not all frames).
///
/// Each frame is quantized against the current palette (see `QuantizePalette.swift`), compared with what is
/// on screen, and only the rectangle of changed pixels is stored, unchanged pixels inside it made transparent
/// when that compresses better. While the picture moves, pixels outside flat areas may be shown a little off
/// (within `lossy`, and within a per-frame error budget) where that lets the compressor continue a string;
/// the first still frame after a motion refines them. A frame whose change uses few colors gets a small
/// table of its own. The palette that saves most becomes the global color table when the file is assembled
/// in `finish()`.
public final class GIFEncoder {
    private let width: Int, height: Int
    private let options: GIFOptions

    /// The 32 most frequent colors of each frame get exact entries (the flat fills of UI: backgrounds,
    /// cards, bars, text); the other 223 of the 255 (one index stays transparent) are clustered over the
    /// anti-aliased edges, shadows and gradients. Measured on our flow scenes against 200 exact colors:
    /// 6-12% smaller GIFs and 2-4 dB higher PSNR, with every frequent color still within 12 levels.
    static let exactColors = 32
    static let maxColors = 255
    /// How much farther than its nearest entry (weighted squared distance; 9 is one level on every channel)
    /// an approximated color may be shown: lets the compressor pick an entry that continues its string, and
    /// keeps a still pixel's old color instead of redrawing it for a marginally better one. Never applies to
    /// the exact colors.
    static let tolerance: Int32 = 48
    /// The palette is kept while a frame's mean error stays within this factor (plus slack) of the error it
    /// was built with; beyond, it is rebuilt for the frame.
    static let rebuildFactor = 1.2, rebuildSlack = 0.05
    /// While the picture moves, outside flat areas (edges, text, shadows, gradients: a 3x3 neighbourhood of
    /// more than one color), how far (weighted squared distance) a shown color may be from the source: an
    /// unchanged-enough pixel stays, and the compressor may pick any entry this close that continues its
    /// string. 64 is about 2.7 levels on every channel. Measured on the three flow scenes before compact
    /// tables (size against (b) ffmpeg + gifsicle -O3; PSNR mean): 36 gave 95/80/91% (58.0/55.5/60.4 dB), 64
    /// 94/80/90% (58.0/55.5/60.3 dB), 100 91/77/85% but flow-vega-reverse fell to 58.5 dB, below (b)'s 59.9.
    static let lossy: Int32 = 64
    /// The PSNR (dB, over RGB, whole frame) below which a moving frame gets no more lossy choices: a guard
    /// for busy frames, where `lossy` alone could add a lot of error (on our scenes it rarely binds).
    static let targetPSNR = 50.0

    // Timeline in centiseconds, from the ideal (unrounded) end time so delays never drift.
    private var idealEnd = 0.0
    private var emittedEndCentiseconds = 0
    /// A first frame that rounds to no time: shown only if nothing else comes.
    private var heldFirst: Pixmap?

    /// What a player shows after the last emitted frame: opaque keys, 0 where transparent.
    private var canvas: [UInt32]
    /// Per pixel, the frame's histogram entry.
    private var entries: [Int32]
    /// Per pixel, 1 when its 3x3 neighbourhood (clipped to the frame) is one color: a flat area.
    private var flat: [UInt8]
    /// The previous source frame: lossy choices only while the picture moves (a still picture is refined).
    private var previousSource: [UInt32] = []
    private var histogram = QuantizeHistogram()
    /// Per histogram entry: among the frame's most frequent colors, which must come out exact.
    private var isTop: [Bool] = []

    private struct PaletteState {
        var id: Int
        var map: GIFColorMap
        var mapper: QuantizeMapper
        /// Mean error per opaque pixel on the frame the clusters were built for: the yardstick for rebuilding.
        var baseError: Double
    }
    private var palette: PaletteState?
    private var maps: [GIFColorMap] = []

    /// Emitted frames, compressed; the last one stays pending so later identical frames can extend its delay
    /// and a later transparent pixel can change its disposal.
    private var records: [GIFFrameRecord] = []
    private var pending: GIFFrameRecord?
    private var pendingIndices: [UInt8] = []
    private var finished = false
    private let lzw = GIFLZWEncoder()
    /// One compressor per candidate encoding, so they can run concurrently.
    private let compressors = (0..<2).map { _ in GIFLZWEncoder() }
    // Scratch for one frame's rectangle, reused: candidate values, alternatives, sources, lossy limits.
    private var mixed: [UInt8] = [], alternatives: [UInt8] = [], opaque: [UInt8] = []
    private var sources: [UInt32] = [], limits: [Int32] = [], variantValues: [UInt8] = []
    private var shownBefore: [UInt32] = []

    public init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncoderError("GIF size \(width)x\(height) is outside 1...65535")
        }
        guard (0...65535).contains(options.loopCount) else {
            throw EncoderError("GIF loop count \(options.loopCount) is outside 0...65535")
        }
        self.width = width; self.height = height; self.options = options
        canvas = [UInt32](repeating: 0, count: width * height)
        entries = [Int32](repeating: 0, count: width * height)
        flat = [UInt8](repeating: 0, count: width * height)
    }

    /// `duration` in seconds of this frame on the timeline; delays are in centiseconds and must add up to the
    /// true timeline without drift: keep the running ideal end time, emit delay = round(end*100) -
    /// round(previousEnd*100) (so 60 fps gives 2/2/1..., 30 fps 3/3/4...). A zero-delay result merges into the
    /// previous frame's delay rather than emitting a 0-cs frame (browsers clamp 0/1 cs to 10).
    public func addFrame(_ frame: Pixmap, duration: Double) throws {
        guard !finished else { throw EncoderError("GIF frame added after finish()") }
        guard frame.width == width, frame.height == height else {
            throw EncoderError("GIF frame is \(frame.width)x\(frame.height), expected \(width)x\(height)")
        }
        guard duration.isFinite, duration >= 0 else { throw EncoderError("GIF frame duration \(duration) is not a time") }
        idealEnd += duration
        let end = Int((idealEnd * 100).rounded())
        let delay = end - emittedEndCentiseconds
        emittedEndCentiseconds = end
        if pending == nil {
            // Nothing on screen yet: a first frame shown for no time is replaced by the next one.
            if delay == 0 { heldFirst = frame; return }
            heldFirst = nil
        } else if delay == 0 {
            return
        }
        try encode(frame, delay: delay)
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw EncoderError("GIF finish() called twice") }
        if pending == nil, let first = heldFirst { try encode(first, delay: 0) }
        guard let last = pending else { throw EncoderError("GIF has no frames") }
        finished = true
        emit(last)
        pending = nil; pendingIndices = []

        // The palette that saves most as the global one (its frames then need no table of their own; a
        // frame whose compact table and data are smaller still uses those).
        var saving = [Int](repeating: 0, count: maps.count)
        for r in records { let local = r.localCost(maps); saving[r.palette] += local - min(local, r.data.count) }
        var global = 0
        for i in saving.indices where saving[i] > saving[global] { global = i }

        let writer = try GIFWriter()
        try writer.screen(width: width, height: height, map: maps[global])
        let loops = UInt8(options.loopCount & 0xFF), loopsHigh = UInt8(options.loopCount >> 8)
        try writer.extensionBlocks(code: APPLICATION_EXT_FUNC_CODE, [Array("NETSCAPE2.0".utf8), [1, loops, loopsHigh]])
        for r in records {
            var map = maps[r.palette], data = r.data, local: GIFColorMap? = map
            let fullLocal = (3 << map.bitsPerPixel) + r.data.count
            if r.palette == global && r.data.count <= r.localCost(maps) {
                local = nil
            } else if let c = r.compact, (3 << c.map.bitsPerPixel) + c.data.count < fullLocal {
                map = c.map; data = c.data; local = c.map
            }
            var gcb = GraphicsControlBlock(DisposalMode: Int32(r.disposal), UserInputFlag: false, DelayTime: Int32(r.delay),
                                           TransparentColor: r.transparent ? Int32(map.transparentIndex) : NO_TRANSPARENT_COLOR)
            var ext = [UInt8](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &ext)
            try writer.extensionBlocks(code: GRAPHICS_EXT_FUNC_CODE, [Array(ext.prefix(n))])
            try writer.imageDescriptor(x: r.rect.x, y: r.rect.y, width: r.rect.width, height: r.rect.height, localMap: local)
            try writer.codeBlocks(data, codeSize: max(2, map.bitsPerPixel))
        }
        records = []
        return try writer.close()
    }

    // MARK: Frames

    /// Adds the pending frame to the output, splitting delays too long for the 16-bit field into transparent
    /// continuation frames over the same rectangle (so a disposal still applies to the same area at the end).
    private func emit(_ record: GIFFrameRecord) {
        var r = record
        guard r.delay > 65535 else { records.append(r); return }
        let disposal = r.disposal
        var rest = r.delay
        r.delay = 65535; r.disposal = 1
        records.append(r)
        rest -= 65535
        let map = maps[r.palette]
        let indices = [UInt8](repeating: UInt8(map.transparentIndex), count: r.rect.area)
        let data = compress(indices, map: map), compact = compacted(indices, palette: r.palette)
        while rest > 0 {
            let d = min(rest, 65535)
            rest -= d
            records.append(GIFFrameRecord(rect: r.rect, palette: r.palette, transparent: true,
                                          disposal: rest > 0 ? 1 : disposal, delay: d, data: data, compact: compact))
        }
    }

    private func encode(_ frame: Pixmap, delay: Int) throws {
        let first = pending == nil
        frame.pixels.withUnsafeBufferPointer { px in
            entries.withUnsafeMutableBufferPointer { histogram.count(px, entries: $0) }
        }
        let top = histogram.top(Self.exactColors)
        isTop = [Bool](repeating: false, count: histogram.keys.count)
        for e in top { isTop[e] = true }
        let mapping = try choosePalette(top: top)
        let state = palette!
        let cleared = first ? false : try clearTransparentAreas(mapping)
        let moving = !first && previousSource != frame.pixels
        previousSource = frame.pixels
        if moving { computeFlat() }
        guard var record = try difference(mapping, state: state, first: first, forceEmit: cleared, lossy: moving) else {
            pending!.delay += delay
            return
        }
        record.delay = delay
        if let p = pending { emit(p) }
        pending = record
    }

    /// Marks the pixels whose 3x3 neighbourhood (clipped to the frame) has a single color.
    private func computeFlat() {
        let w = width, h = height
        entries.withUnsafeBufferPointer { en in
        flat.withUnsafeMutableBufferPointer { fl in
            // Pass 1: equal to both horizontal neighbours.
            for y in 0..<h {
                let e = en.baseAddress! + y * w, f = fl.baseAddress! + y * w
                if w == 1 { f[0] = 1; continue }
                f[0] = e[0] == e[1] ? 1 : 0
                f[w - 1] = e[w - 1] == e[w - 2] ? 1 : 0
                var x = 1
                while x < w - 1 {
                    let c = e[x]
                    f[x] = (e[x - 1] == c) && (e[x + 1] == c) ? 1 : 0
                    x += 1
                }
            }
            // Pass 2: the rows above and below flat too, with the same color; the row above's pass-1 value
            // is kept aside since it is overwritten.
            var above = [UInt8](repeating: 1, count: w)
            above.withUnsafeMutableBufferPointer { prev in
                for y in 0..<h {
                    let e = en.baseAddress! + y * w, f = fl.baseAddress! + y * w
                    let up = y > 0 ? -w : 0, down = y + 1 < h ? w : 0
                    for x in 0..<w {
                        let here = f[x], c = e[x]
                        let ok = here != 0 && prev[x] != 0 && f[x + down] != 0 && e[x + up] == c && e[x + down] == c
                        prev[x] = here
                        f[x] = ok ? 1 : 0
                    }
                }
            }
        }}
    }

    // MARK: Palette

    /// Per histogram entry: palette index, the displayed key, and the distance to it.
    private struct Mapping {
        var index: [UInt8]
        var color: [UInt32]
        var distance: [Int32]
        /// Mean distance per opaque pixel.
        var error: Double
        /// Pixels per palette entry.
        var usage: [Int]
    }

    private func map(with mapper: QuantizeMapper) -> Mapping {
        let keys = histogram.keys, counts = histogram.counts
        let transparent = UInt8(mapper.colors.count)
        var m = Mapping(index: [UInt8](repeating: transparent, count: keys.count),
                        color: [UInt32](repeating: 0, count: keys.count),
                        distance: [Int32](repeating: 0, count: keys.count), error: 0,
                        usage: [Int](repeating: 0, count: mapper.colors.count + 1))
        var total: Int64 = 0, opaque: Int64 = 0
        for e in 0..<keys.count where keys[e] != 0 {
            let (i, d) = mapper.nearest(keys[e])
            m.index[e] = UInt8(i); m.color[e] = mapper.colors[i]; m.distance[e] = d
            total += Int64(d) * Int64(counts[e]); opaque += Int64(counts[e])
            m.usage[i] += Int(counts[e])
        }
        m.error = opaque > 0 ? Double(total) / Double(opaque) : 0
        return m
    }

    private func install(_ mapper: QuantizeMapper, _ mapping: Mapping, baseError: Double) throws -> Mapping {
        maps.append(try GIFColorMap(colors: mapper.colors))
        palette = PaletteState(id: maps.count - 1, map: maps[maps.count - 1], mapper: mapper, baseError: baseError)
        return mapping
    }

    /// Keeps the current palette while it serves the frame (its most frequent colors exact, the rest about as
    /// well as when it was built); otherwise swaps the least used entries for the missing frequent colors,
    /// and rebuilds from this frame when that still leaves the error above the yardstick. A kept palette
    /// means stable colors and no new local color table.
    private func choosePalette(top: [Int]) throws -> Mapping {
        let keys = histogram.keys, counts = histogram.counts
        func fresh() -> (QuantizeMapper, Mapping) {
            let mapper = QuantizeMapper(colors: QuantizeBuilder.build(keys: keys, counts: counts,
                                                                      maxColors: Self.maxColors, exactCount: Self.exactColors))
            return (mapper, map(with: mapper))
        }
        guard let current = palette else {
            let (mapper, mapping) = fresh()
            return try install(mapper, mapping, baseError: mapping.error)
        }
        let mapping = map(with: current.mapper)
        let missing = top.filter { current.mapper.exact(keys[$0]) < 0 }.map { keys[$0] }
        let limit = current.baseError * Self.rebuildFactor + Self.rebuildSlack
        if missing.isEmpty && mapping.error <= limit { return mapping }

        var colors = current.mapper.colors
        if !missing.isEmpty {
            var protected = [Bool](repeating: false, count: colors.count)
            for e in top { let i = current.mapper.exact(keys[e]); if i >= 0 { protected[i] = true } }
            let victims = colors.indices.filter { !protected[$0] }
                .sorted { mapping.usage[$0] != mapping.usage[$1] ? mapping.usage[$0] < mapping.usage[$1] : $0 < $1 }
            var next = 0
            for c in missing {
                if colors.count < Self.maxColors { colors.append(c) } else { colors[victims[next]] = c; next += 1 }
            }
        }
        let repairedMapper = QuantizeMapper(colors: colors)
        let repaired = map(with: repairedMapper)
        if repaired.error <= limit {
            return try install(repairedMapper, repaired, baseError: current.baseError)
        }
        let (rebuiltMapper, rebuilt) = fresh()
        if rebuilt.error < repaired.error {
            if rebuiltMapper.colors == current.mapper.colors { palette!.baseError = rebuilt.error; return rebuilt }
            return try install(rebuiltMapper, rebuilt, baseError: rebuilt.error)
        }
        if colors == current.mapper.colors {
            palette!.baseError = repaired.error
            return repaired
        }
        return try install(repairedMapper, repaired, baseError: repaired.error)
    }

    // MARK: Differences

    private func compress(_ values: [UInt8], map: GIFColorMap) -> [UInt8] {
        var v = values
        return v.withUnsafeMutableBufferPointer { lzw.encode($0, bitsPerPixel: map.bitsPerPixel) }
    }

    /// The image against a table of only the palette entries it uses (in palette order, the transparent
    /// index after them), when that table takes fewer bits per pixel: small changes then cost a small table
    /// and short codes. The chosen values are fixed, so this is plain (exact) compression.
    private func compacted(_ indices: [UInt8], palette id: Int) -> GIFCompactImage? {
        let map = maps[id]
        var used = [Bool](repeating: false, count: 256)
        for i in indices { used[Int(i)] = true }
        var remap = [UInt8](repeating: 0, count: 256), colors: [UInt32] = []
        for i in map.colors.indices where used[i] { remap[i] = UInt8(colors.count); colors.append(map.colors[i]) }
        remap[map.transparentIndex] = UInt8(colors.count)
        guard let small = try? GIFColorMap(colors: colors), small.bitsPerPixel < map.bitsPerPixel else { return nil }
        var values = indices.map { remap[Int($0)] }
        let data = values.withUnsafeMutableBufferPointer {
            lzw.encode($0, bitsPerPixel: small.bitsPerPixel)
        }
        return GIFCompactImage(map: small, data: data)
    }

    /// Pixels turning transparent over opaque ones cannot be drawn with "do not dispose": the pending frame
    /// then restores its area (grown to cover them) to the background, which players show transparent.
    private func clearTransparentAreas(_ m: Mapping) throws -> Bool {
        guard histogram.keys.contains(0), var p = pending else { return false }
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if m.color[Int(entries[i])] == 0 && canvas[i] != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return false }
        let old = p.rect
        let x0 = min(old.x, minX), y0 = min(old.y, minY)
        let grown = IntRect(x: x0, y: y0, width: max(old.maxX, maxX + 1) - x0, height: max(old.maxY, maxY + 1) - y0)
        let map = maps[p.palette]
        if grown != old {
            var indices = [UInt8](repeating: UInt8(map.transparentIndex), count: grown.area)
            for y in 0..<old.height {
                for x in 0..<old.width {
                    indices[(y + old.y - grown.y) * grown.width + (x + old.x - grown.x)] = pendingIndices[y * old.width + x]
                }
            }
            p.data = compress(indices, map: map)
            p.compact = compacted(indices, palette: p.palette)
            p.rect = grown; p.transparent = true
            pendingIndices = indices
        }
        p.disposal = 2
        pending = p
        for y in grown.y..<grown.maxY {
            for x in grown.x..<grown.maxX { canvas[y * width + x] = 0 }
        }
        return true
    }

    /// Compares the frame, as the palette shows it, with the canvas; returns the frame to emit (nil when
    /// nothing changed). A pixel counts as unchanged when the canvas color is within its acceptable distance:
    /// exactly its color for the frequent colors, else no farther than the palette's nearest plus the
    /// tolerance (a still pixel keeps its color when the palette moves a little). With `lossy` (the picture
    /// moves), a pixel outside flat areas also accepts anything within `lossy` of its color, the compressor
    /// spending at most the frame's budget of added error (see `targetPSNR`).
    private func difference(_ m: Mapping, state: PaletteState, first: Bool, forceEmit: Bool, lossy: Bool) throws -> GIFFrameRecord? {
        let keys = histogram.keys
        let w = width
        let transparent = UInt8(state.map.transparentIndex)
        var keep = m.distance, limit = [Int32](repeating: -1, count: keys.count)
        for e in 0..<keys.count where keys[e] != 0 && !isTop[e] {
            keep[e] = m.distance[e] + Self.tolerance
            limit[e] = keep[e]
        }
        // Outside flat areas of a moving picture: the same, widened to the lossy distance.
        var keepEdge = keep, limitEdge = limit
        if lossy {
            for e in 0..<keys.count where keys[e] != 0 {
                keepEdge[e] = max(keep[e], Self.lossy)
                limitEdge[e] = max(limit[e], Self.lossy)
            }
        }
        // Squared RGB error of each entry as the palette shows it.
        var quantError = [Int32](repeating: 0, count: keys.count)
        for e in 0..<keys.count where keys[e] != 0 { quantError[e] = squaredError(keys[e], m.color[e]) }
        // The frame's error budget (sum of squared channel errors) at the target PSNR.
        let budget = Int64(Double(3 * w * height) * 65025 / pow(10, Self.targetPSNR / 10))

        /// The changed rectangle, and the squared error of the frame shown with unchanged pixels kept and
        /// changed ones at their nearest entry.
        func scan(_ keepEdge: [Int32]) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, error: Int64) {
            var minX = w, minY = height, maxX = -1, maxY = -1
            var error: Int64 = 0
            m.color.withUnsafeBufferPointer { color in
            keep.withUnsafeBufferPointer { keep in
            keepEdge.withUnsafeBufferPointer { keepEdge in
            quantError.withUnsafeBufferPointer { qe in
            flat.withUnsafeBufferPointer { fl in
            keys.withUnsafeBufferPointer { keys in
            entries.withUnsafeBufferPointer { en in
            canvas.withUnsafeBufferPointer { cv in
                for y in 0..<height {
                    var rowMin = -1, rowMax = -1
                    let row = y * w
                    for x in 0..<w {
                        let e = Int(en[row + x]), c = cv[row + x], shown = color[e]
                        if shown == c { error += Int64(qe[e]); continue }
                        if shown != 0 && c != 0 {
                            let k = fl[row + x] != 0 ? keep[e] : keepEdge[e]
                            if quantizeDistance(keys[e], c) <= k { error += Int64(squaredError(keys[e], c)); continue }
                        }
                        error += Int64(qe[e])
                        if rowMin < 0 { rowMin = x }
                        rowMax = x
                    }
                    if rowMin >= 0 {
                        minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                        if maxY < 0 { minY = y }
                        maxY = y
                    }
                }
            }}}}}}}}
            return (minX, minY, maxX, maxY, error)
        }
        var minX = w, minY = height, maxX = -1, maxY = -1
        var lossyBudget = Int64.max
        if first {
            // A whole first image: viewers that ignore the background's transparency show no gaps.
            minX = 0; minY = 0; maxX = w - 1; maxY = height - 1
        } else {
            var r = scan(keepEdge)
            if lossy && r.error > budget {
                // What earlier frames left behind already spends the budget: refresh it.
                keepEdge = keep; limitEdge = limit
                r = scan(keepEdge)
            }
            (minX, minY, maxX, maxY) = (r.minX, r.minY, r.maxX, r.maxY)
            if lossy && maxX >= 0 {
                // A small change spends a like share of the budget: what stays still keeps its fidelity.
                let share = Int64(Double(budget) * Double((maxX - minX + 1) * (maxY - minY + 1)) / Double(w * height))
                lossyBudget = max(0, min(budget - r.error, share))
            }
        }
        if maxX < 0 {
            guard forceEmit else { return nil }
            // The pending frame now clears its area: the time after it must be a frame of its own.
            let r = pending!.rect
            pendingIndices = [transparent]
            let data = compress(pendingIndices, map: state.map)
            return GIFFrameRecord(rect: IntRect(x: r.x, y: r.y, width: 1, height: 1), palette: state.id,
                                  transparent: true, disposal: 1, delay: 0, data: data,
                                  compact: compacted(pendingIndices, palette: state.id))
        }
        let rect = IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        let area = rect.area
        if mixed.count < area {
            mixed = [UInt8](repeating: 0, count: area); alternatives = mixed; opaque = mixed
            sources = [UInt32](repeating: 0, count: area); limits = [Int32](repeating: 0, count: area)
            shownBefore = sources
        }

        // Two candidates, the smaller kept. Mixed: changed pixels take their entry (or, for approximated
        // colors, any entry within the tolerance); unchanged ones may also be transparent or, when the canvas
        // color is in the palette, that color; the compressor picks what continues its current string.
        // Opaque: no transparency (on busy content the holes can cost more than they save).
        var unchanged = 0
        mixed.withUnsafeMutableBufferPointer { v in
        alternatives.withUnsafeMutableBufferPointer { a in
        opaque.withUnsafeMutableBufferPointer { o in
        sources.withUnsafeMutableBufferPointer { src in
        limits.withUnsafeMutableBufferPointer { lim in
        shownBefore.withUnsafeMutableBufferPointer { before in
        m.color.withUnsafeBufferPointer { color in
        keep.withUnsafeBufferPointer { keep in
        limit.withUnsafeBufferPointer { limit in
        keepEdge.withUnsafeBufferPointer { keepEdge in
        limitEdge.withUnsafeBufferPointer { limitEdge in
        flat.withUnsafeBufferPointer { fl in
        m.index.withUnsafeBufferPointer { index in
        keys.withUnsafeBufferPointer { keys in
        entries.withUnsafeBufferPointer { en in
        canvas.withUnsafeBufferPointer { cv in
            var k = 0
            for y in rect.y..<rect.maxY {
                let row = y * w
                for x in rect.x..<rect.maxX {
                    let e = Int(en[row + x]), c = cv[row + x], shown = color[e], i = index[e]
                    let isFlat = fl[row + x] != 0
                    if shown == c {
                        v[k] = transparent; a[k] = i; o[k] = i
                        if shown != 0 { unchanged += 1 }
                    } else if shown != 0 && c != 0 && quantizeDistance(keys[e], c) <= (isFlat ? keep[e] : keepEdge[e]) {
                        let j = state.mapper.exact(c)
                        v[k] = transparent; a[k] = j >= 0 ? UInt8(j) : transparent; o[k] = j >= 0 ? UInt8(j) : i
                        unchanged += 1
                    } else {
                        v[k] = i; a[k] = i; o[k] = i
                    }
                    src[k] = keys[e]; lim[k] = isFlat ? limit[e] : limitEdge[e]; before[k] = c
                    k += 1
                }
            }
        }}}}}}}}}}}}}}}}

        // The candidates compress on two threads, each writing its choices into its own copy of the values.
        let bits = state.map.bitsPerPixel
        let variants = unchanged > 0 ? 2 : 1
        if variantValues.count < 2 * area { variantValues = [UInt8](repeating: 0, count: 2 * area) }
        let results = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 2)
        results.initialize(repeating: [], count: 2)
        defer { results.deinitialize(count: 2); results.deallocate() }
        variantValues.withUnsafeMutableBufferPointer { vv in
        mixed.withUnsafeBufferPointer { v in
        opaque.withUnsafeBufferPointer { o in
        alternatives.withUnsafeBufferPointer { a in
        sources.withUnsafeBufferPointer { src in
        limits.withUnsafeBufferPointer { lim in
        shownBefore.withUnsafeBufferPointer { before in
        state.mapper.colors.withUnsafeBufferPointer { palette in
            var inputs: [GIFLZWInput] = []
            for k in 0..<variants {
                let values = UnsafeMutableBufferPointer(rebasing: vv[(k * area)..<((k + 1) * area)])
                _ = values.update(fromContentsOf: UnsafeBufferPointer(rebasing: (k == 0 ? o : v)[0..<area]))
                inputs.append(GIFLZWInput(values: values, alternatives: k == 0 ? nil : UnsafeBufferPointer(rebasing: a[0..<area]),
                                          sources: UnsafeBufferPointer(rebasing: src[0..<area]),
                                          limits: UnsafeBufferPointer(rebasing: lim[0..<area]), palette: palette,
                                          canvas: UnsafeBufferPointer(rebasing: before[0..<area]), budget: lossyBudget))
            }
            nonisolated(unsafe) let out = results, jobs = inputs, compressors = compressors
            let work = { @Sendable (k: Int) in out[k] = compressors[k].encode(jobs[k], bitsPerPixel: bits) }
            if area >= 4096 && variants > 1 { DispatchQueue.concurrentPerform(iterations: variants, execute: work) }
            else { for k in 0..<variants { work(k) } }
        }}}}}}}}
        var best = 0
        if variants > 1 && results[1].count < results[0].count { best = 1 }
        let data = results[best]
        let chosen = Array(variantValues[(best * area)..<((best + 1) * area)])
        var usesTransparency = false
        let colors = state.mapper.colors
        chosen.withUnsafeBufferPointer { chosen in
        canvas.withUnsafeMutableBufferPointer { cv in
            var k = 0
            for y in rect.y..<rect.maxY {
                let row = y * w
                for x in rect.x..<rect.maxX {
                    let i = chosen[k]
                    if i != transparent { cv[row + x] = colors[Int(i)] } else { usesTransparency = true }
                    k += 1
                }
            }
        }}
        pendingIndices = chosen
        return GIFFrameRecord(rect: rect, palette: state.id, transparent: usesTransparency,
                              disposal: 1, delay: 0, data: data,
                              compact: compacted(chosen, palette: state.id))
    }
}
