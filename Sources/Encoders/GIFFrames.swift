import Raster

/// What a player does with a frame's rectangle once the frame's time is over (GIF89a's disposal method; the
/// raw values are the format's, as giflib's `DISPOSE_*` constants). The encoder writes only these two:
/// frames draw the change over what is on screen, and clearing to the background is the one way to make
/// opaque pixels transparent again.
enum GIFDisposal: Int32 {
    /// Leave the frame on screen; the next frame draws over it (giflib `DISPOSE_DO_NOT`).
    case keep = 1
    /// Clear the rectangle to the background, which players show transparent (giflib `DISPOSE_BACKGROUND`).
    case restoreBackground = 2
}

/// One image of the output, compressed, waiting for the file to be assembled (which picks each record's
/// color table, so both the palette's data and the compact alternative are kept).
struct GIFFrameRecord {
    var rect: IntRect
    /// Which palette (`GIFPaletteStage.maps`) the indices refer to.
    var palette: Int
    /// Whether the image uses the transparent index (only then is it marked in the control block).
    var transparent: Bool
    var disposal: GIFDisposal
    /// Centiseconds.
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

    /// The GIF's delay field has 16 bits: a longer delay goes on in transparent continuation frames over the
    /// same rectangle, so the original disposal still applies to the same area at the end.
    func splitForDelayField(maps: [GIFColorMap], lzw: GIFLZWEncoder) -> [GIFFrameRecord] {
        let field = 65535
        guard delay > field else { return [self] }
        var head = self
        head.delay = field; head.disposal = .keep
        var out = [head]
        let map = maps[palette]
        let indices = [UInt8](repeating: UInt8(map.transparentIndex), count: rect.area)
        let data = lzw.encode(indices, bitsPerPixel: map.bitsPerPixel)
        let compact = GIFCompactImage(indices, map: map, lzw: lzw)
        var rest = delay - field
        while rest > 0 {
            let d = min(rest, field)
            rest -= d
            out.append(GIFFrameRecord(rect: rect, palette: palette, transparent: true,
                                      disposal: rest > 0 ? .keep : disposal, delay: d, data: data, compact: compact))
        }
        return out
    }
}

/// An image against a table of only the palette entries it uses (in palette order, the transparent index
/// after them), when that table takes fewer bits per pixel: small changes then cost a small table and short
/// codes. The chosen values are fixed by then, so this is plain (exact) compression.
struct GIFCompactImage {
    var map: GIFColorMap
    var data: [UInt8]

    init?(_ indices: [UInt8], map full: GIFColorMap, lzw: GIFLZWEncoder) {
        guard let used = Self.usedEntries(indices, fitting: (1 << full.bitsPerPixel) / 2 - 1, of: full.colors.count) else {
            return nil
        }
        var remap = [UInt8](repeating: 0, count: 256), colors: [UInt32] = []
        for i in full.colors.indices where used[i] { remap[i] = UInt8(colors.count); colors.append(full.colors[i]) }
        remap[full.transparentIndex] = UInt8(colors.count)
        guard let small = try? GIFColorMap(colors: colors), small.bitsPerPixel < full.bitsPerPixel else { return nil }
        map = small
        data = lzw.encode(indices.map { remap[Int($0)] }, bitsPerPixel: small.bitsPerPixel)
    }
}

extension GIFCompactImage {
    /// Which of the 256 indices `indices` uses; nil once more than `most` of the first `count` (the palette's
    /// entries, not the transparent index) are used: a table with fewer bits holds at most half the full
    /// one's entries, the transparent index among them, so a busy image stops the scan early.
    static func usedEntries(_ indices: [UInt8], fitting most: Int, of count: Int) -> [Bool]? {
        var used = [Bool](repeating: false, count: 256)
        let fits: Bool = used.withUnsafeMutableBufferPointer { used in
            indices.withUnsafeBufferPointer { pixels in
                // Blocks of plain stores, then a count of the entries used so far.
                let block = 4096
                var start = 0
                while start < pixels.count {
                    let end = min(start + block, pixels.count)
                    for k in start..<end { used[Int(pixels[k])] = true }
                    var seen = 0
                    for e in 0..<min(count, 256) where used[e] { seen &+= 1 }
                    if seen > most { return false }
                    start = end
                }
                return true
            }
        }
        return fits ? used : nil
    }
}

/// The last encoded frame, held back: later identical frames extend its delay, and pixels turning
/// transparent in the next frame change its disposal and may grow its rectangle (hence its indices).
struct GIFPendingFrame {
    var record: GIFFrameRecord
    var indices: [UInt8]

    /// The frame over `rect` (which contains its own), the added area transparent: recompressed.
    mutating func grow(to rect: IntRect, map: GIFColorMap, lzw: GIFLZWEncoder) {
        let old = record.rect
        guard rect != old else { return }
        var grown = [UInt8](repeating: UInt8(map.transparentIndex), count: rect.area)
        for y in 0..<old.height {
            let from = y * old.width, to = (y + old.y - rect.y) * rect.width + (old.x - rect.x)
            grown[to..<(to + old.width)] = indices[from..<(from + old.width)]
        }
        record.data = lzw.encode(grown, bitsPerPixel: map.bitsPerPixel)
        record.compact = GIFCompactImage(grown, map: map, lzw: lzw)
        record.rect = rect; record.transparent = true
        indices = grown
    }
}

/// Frame durations to GIF delays. Delays are whole centiseconds and must add up to the true timeline
/// without drift: keep the ideal (unrounded) end time and emit delay = round(end*100) - round(previous
/// end*100), so 60 fps gives 2/2/1..., 30 fps 3/3/4...
struct GIFTimeline {
    private var idealEnd = 0.0
    private var emittedEndCentiseconds = 0

    /// The delay of a frame lasting `duration` seconds after all before it; may be 0.
    mutating func delay(for duration: Double) -> Int {
        idealEnd += duration
        let end = Int((idealEnd * 100).rounded())
        defer { emittedEndCentiseconds = end }
        return end - emittedEndCentiseconds
    }
}
