import Foundation
import Raster

/// The whole-frame planes the stages share, one value a pixel, allocated once per encoder: what a player
/// shows, which histogram entry each source pixel is, and where the source is flat. Plain pointers, so the
/// per-pixel loops of every stage reach them without closures or copy-on-write checks.
final class GIFScreen {
    let width: Int, height: Int
    /// What a player shows after the last emitted frame: opaque keys, 0 where transparent.
    let canvas: UnsafeMutableBufferPointer<UInt32>
    /// Per pixel of the current frame, its histogram entry (see `QuantizeHistogram.count`).
    let entries: UnsafeMutableBufferPointer<Int32>
    /// Per pixel, 1 when its 3x3 neighbourhood (clipped to the frame) is one color: a flat area, where a
    /// lossy color would show (edges, text, shadows and gradients hide it). Valid after `markFlatAreas`.
    let flat: UnsafeMutableBufferPointer<UInt8>
    /// Per pixel, how the last `GIFChange.find` classed it (`GIFPixelChange`): the index choice reads the
    /// class instead of testing the pixel again.
    let change: UnsafeMutableBufferPointer<UInt8>
    /// Three rows of `markFlatAreas`'s horizontal test.
    private let rowAbove: UnsafeMutableBufferPointer<UInt8>

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        canvas = .allocate(capacity: width * height); canvas.initialize(repeating: 0)
        entries = .allocate(capacity: width * height); entries.initialize(repeating: 0)
        flat = .allocate(capacity: width * height); flat.initialize(repeating: 0)
        change = .allocate(capacity: width * height); change.initialize(repeating: GIFPixelChange.changed)
        rowAbove = .allocate(capacity: 3 * width); rowAbove.initialize(repeating: 0)
    }

    deinit {
        canvas.deallocate(); entries.deallocate(); flat.deallocate(); change.deallocate(); rowAbove.deallocate()
    }

    var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// Whether the eight bytes from `p` (of `flat` or `change`) are one: the word equals itself rotated by a byte.
    @inline(__always)
    static func isUniform8(_ p: UnsafePointer<UInt8>) -> Bool {
        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
        return word == word >> 8 | word << 56
    }

    /// Sets the eight bytes from `p` to `value`.
    @inline(__always)
    static func set8(_ p: UnsafeMutablePointer<UInt8>, to value: UInt8) {
        UnsafeMutableRawPointer(p).storeBytes(of: UInt64(value) &* 0x0101_0101_0101_0101, as: UInt64.self)
    }

    /// Whether `flat` holds the flat areas of the entries as they are (marked since the last recount that
    /// renumbered them... or of every pixel since the first count).
    private var flatIsCurrent = false
    /// Whether the last `count` numbered the entries afresh (pixels' entry numbers changed everywhere).
    private(set) var renumbered = true

    /// Counts the frame's colors into `histogram`, each pixel's entry into `entries`. Given the frame last
    /// counted, only the rows that differ from it are counted again, unless they are most of the frame (or
    /// colors that left outnumber those in it): then everything afresh. Returns which rows changed.
    func count(_ frame: Pixmap, previous: [UInt32]?, into histogram: inout QuantizeHistogram) -> GIFChangedRows {
        let entries = entries, w = width
        renumbered = true
        guard let previous, previous.count == frame.pixels.count else {
            frame.pixels.withUnsafeBufferPointer { histogram.count($0, entries: entries, width: w) }
            flatIsCurrent = false
            return .all
        }
        let rows = frame.pixels.withUnsafeBytes { cur in
            previous.withUnsafeBytes { old in Self.changedRows(cur.baseAddress!, old.baseAddress!, width: w, height: height) }
        }
        if rows.isEmpty { renumbered = false; return .none }
        let changedCount = rows.reduce(0) { $0 + $1.count }
        if 2 * changedCount > height {
            frame.pixels.withUnsafeBufferPointer { histogram.count($0, entries: entries, width: w) }
            return .all
        }
        frame.pixels.withUnsafeBufferPointer { cur in
            previous.withUnsafeBufferPointer { old in
                histogram.update(cur, previous: old, width: w, rows: rows, entries: entries)
            }
        }
        renumbered = false
        if 2 * histogram.liveCount < histogram.keys.count {
            // Mostly departed colors: count afresh (the entries' equalities, and so the flat areas, stay).
            frame.pixels.withUnsafeBufferPointer { histogram.count($0, entries: entries, width: w) }
            renumbered = true
        }
        return .rows(rows)
    }

    /// The runs of rows whose pixels differ (one memcmp a row).
    private static func changedRows(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, width: Int, height: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let bytes = width * 4
        var y = 0
        while y < height {
            if memcmp(a + y * bytes, b + y * bytes, bytes) == 0 { y += 1; continue }
            let start = y
            while y < height && memcmp(a + y * bytes, b + y * bytes, bytes) != 0 { y += 1 }
            out.append(start..<y)
        }
        return out
    }

    /// `markFlatAreas()` where it can have changed: rows within one of a changed row.
    func markFlatAreas(_ changed: GIFChangedRows) {
        guard flatIsCurrent, case .rows(let rows) = changed else { markFlatAreas(); return }
        for r in rows { markFlatAreas(rows: max(0, r.lowerBound - 1)..<min(height, r.upperBound + 1)) }
    }

    /// Fills `flat` from `entries`: a pixel is flat when it equals both horizontal neighbours in its own row
    /// and the rows above and below, and those rows' pixels above and below it equal it too. Each row's
    /// horizontal test is computed once into a ring of three rows; the loops are branch-free (0/1 values
    /// combined with `&`) over distinct buffers, so the compiler can vectorize them.
    func markFlatAreas() {
        markFlatAreas(rows: 0..<height)
        flatIsCurrent = true
    }

    /// `markFlatAreas` for rows `range` only (reading the rows next to it).
    private func markFlatAreas(rows range: Range<Int>) {
        guard !range.isEmpty else { return }
        let w = width, h = height
        let e0 = entries.baseAddress!, f0 = flat.baseAddress!, ring = rowAbove.baseAddress!
        /// The horizontal test of row `y` into `out`.
        func horizontal(_ y: Int, _ out: UnsafeMutablePointer<UInt8>) {
            let e = e0 + y * w
            if w == 1 { out[0] = 1; return }
            out[0] = e[0] == e[1] ? 1 : 0
            out[w - 1] = e[w - 1] == e[w - 2] ? 1 : 0
            for x in 1..<(w - 1) {
                let c = e[x]
                out[x] = (e[x - 1] == c ? 1 : 0) & (e[x + 1] == c ? 1 : 0)
            }
        }
        // Rows y - 1, y and y + 1 of the horizontal test; above the first row everything counts as flat, and
        // below the last the row itself stands in (its own test and equal entries).
        var above = ring, here = ring + w, below = ring + 2 * w
        if range.lowerBound == 0 { above.update(repeating: 1, count: w) } else { horizontal(range.lowerBound - 1, above) }
        horizontal(range.lowerBound, here)
        for y in range {
            let e = e0 + y * w, f = f0 + y * w
            if y + 1 < h { horizontal(y + 1, below) } else { below.update(from: here, count: w) }
            let eUp = y > 0 ? e - w : e, eDown = y + 1 < h ? e + w : e
            for x in 0..<w {
                let c = e[x]
                let sameUp: UInt8 = eUp[x] == c ? 1 : 0, sameDown: UInt8 = eDown[x] == c ? 1 : 0
                f[x] = here[x] & above[x] & below[x] & sameUp & sameDown
            }
            (above, here, below) = (here, below, above)
        }
    }

    /// The bounding box of the pixels the frame makes transparent where the canvas is opaque (nil if none).
    func pixelsTurningTransparent(_ rules: GIFEntryRules) -> IntRect? {
        let table = rules.table, canvas = canvas, entries = entries
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where table[Int(entries[row + x])].shown == 0 && canvas[row + x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// What "restore to background" leaves: transparent.
    func clear(_ rect: IntRect) {
        for y in rect.y..<rect.maxY {
            UnsafeMutableBufferPointer(rebasing: canvas[(y * width + rect.x)..<(y * width + rect.maxX)]).update(repeating: 0)
        }
    }

    /// Draws an image of palette indices over `rect` as a player does (the transparent index leaves the
    /// canvas); returns whether it used the transparent index at all.
    func draw(_ indices: UnsafeBufferPointer<UInt8>, in rect: IntRect, palette: UnsafeBufferPointer<UInt32>,
              transparent: UInt8) -> Bool {
        var usesTransparency = false, k = 0
        for y in rect.y..<rect.maxY {
            let canvas = canvas.baseAddress! + y * width + rect.x
            for x in 0..<rect.width {
                let i = indices[k]
                if i != transparent { canvas[x] = palette[Int(i)] } else { usesTransparency = true }
                k &+= 1
            }
        }
        return usesTransparency
    }
}

/// Eight pixels of one entry over one canvas color, as the words (two pixels each) those planes hold: a block
/// of flat UI, which the per-pixel loops take at once since the same inputs give the same answers.
struct GIFUniformBlock {
    let entries: UInt64, canvas: UInt64

    /// The block of the eight pixels from `entries` and `canvas` (pointers into those planes) if they are one
    /// entry over one canvas color. Words are compared against the first, each loaded only once the one before
    /// matched: a chain of compares that leaves at the first difference (loaded at once, the words were
    /// vectorized into lane shuffles).
    @inline(__always)
    init?(_ entries: UnsafePointer<Int32>, _ canvas: UnsafePointer<UInt32>) {
        let e = UnsafeRawPointer(entries).loadUnaligned(as: UInt64.self)
        guard e == (e >> 32 | e << 32) && Self.repeats(e, UnsafeRawPointer(entries), from: 8) else { return nil }
        let c = UnsafeRawPointer(canvas).loadUnaligned(as: UInt64.self)
        guard c == (c >> 32 | c << 32) && Self.repeats(c, UnsafeRawPointer(canvas), from: 8) else { return nil }
        (self.entries, self.canvas) = (e, c)
    }

    /// Whether the eight pixels from `entries` and `canvas` are this block again.
    @inline(__always)
    func repeats(_ entries: UnsafePointer<Int32>, _ canvas: UnsafePointer<UInt32>) -> Bool {
        Self.repeats(self.entries, UnsafeRawPointer(entries), from: 0) && Self.repeats(self.canvas, UnsafeRawPointer(canvas), from: 0)
    }

    /// Whether the 32 bytes from `p` hold `word` at each 8-byte offset from `first`.
    @inline(__always)
    private static func repeats(_ word: UInt64, _ p: UnsafeRawPointer, from first: Int) -> Bool {
        for offset in stride(from: first, to: 32, by: 8) where p.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != word {
            return false
        }
        return true
    }
}

/// Which rows of a frame differ from the frame before.
enum GIFChangedRows: Equatable {
    case none
    case all
    case rows([Range<Int>])
}
