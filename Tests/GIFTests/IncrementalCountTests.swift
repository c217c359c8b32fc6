@testable import Encoders
import Raster
import TestSupport
import XCTest

/// The encoder counts only the rows that changed since the last frame; colors that leave keep a count of 0.
/// What it builds from the histogram must be what a fresh count gives.
final class IncrementalCountTests: XCTestCase {
    /// A 40 x 30 frame: a gradient band whose position moves with `t`, over a two-color background, with
    /// a few half-transparent pixels.
    func frame(_ t: Int) -> [UInt32] {
        var p = [UInt32](repeating: 0, count: 40 * 30)
        for y in 0..<30 {
            for x in 0..<40 {
                var c: UInt32 = x < 20 ? 0xFF20_4060 : 0xFFF0_F0F0
                if y >= t && y < t + 6 {
                    let b = UInt32(4 * x + 7 * t), g = UInt32(3 * y), r = UInt32(255 - 5 * x)
                    c = 0xFF00_0000 | b << 16 | g << 8 | r
                }
                if y == 29 && x < t { c = 0x8040_2010 }
                p[y * 40 + x] = c
            }
        }
        return p
    }

    /// Sorted (key, count) pairs of the colors present.
    func multiset(_ h: QuantizeHistogram) -> [UInt64] {
        h.keys.indices.filter { h.counts[$0] > 0 }.map { UInt64(h.keys[$0]) << 32 | UInt64(h.counts[$0]) }.sorted()
    }

    func testUpdatedHistogramCountsWhatAFreshCountDoes() {
        let n = 40 * 30
        var incremental = QuantizeHistogram(), fresh = QuantizeHistogram()
        var entries = [Int32](repeating: 0, count: n), freshEntries = [Int32](repeating: 0, count: n)
        var previous = frame(0)
        previous.withUnsafeBufferPointer { p in entries.withUnsafeMutableBufferPointer { incremental.count(p, entries: $0) } }
        for t in [1, 2, 5, 5, 9, 20, 3] {
            let next = frame(t)
            var rows: [Range<Int>] = []
            for y in 0..<30 where next[(y * 40)..<(y * 40 + 40)] != previous[(y * 40)..<(y * 40 + 40)] { rows.append(y..<(y + 1)) }
            next.withUnsafeBufferPointer { cur in
                previous.withUnsafeBufferPointer { old in
                    entries.withUnsafeMutableBufferPointer { incremental.update(cur, previous: old, width: 40, rows: rows, entries: $0) }
                }
                freshEntries.withUnsafeMutableBufferPointer { fresh.count(cur, entries: $0) }
            }
            XCTAssertEqual(multiset(incremental), multiset(fresh), "t = \(t)")
            XCTAssertEqual(incremental.top(8).map { incremental.keys[$0] }, fresh.top(8).map { fresh.keys[$0] }, "t = \(t)")
            XCTAssertEqual(incremental.hasTransparent, fresh.hasTransparent)
            // Every pixel's entry names its own color.
            for i in 0..<n { XCTAssertEqual(incremental.keys[Int(entries[i])], quantizeKey(next[i])) }
            // The palette built from either is the same: clustered (16 colors), and every color exact (255, more
            // than the frame has, fewer than it has entries once colors have left).
            for (colors, exact) in [(16, 4), (255, 32)] {
                XCTAssertEqual(QuantizeBuilder.build(keys: incremental.keys, counts: incremental.counts, maxColors: colors, exactCount: exact),
                               QuantizeBuilder.build(keys: fresh.keys, counts: fresh.counts, maxColors: colors, exactCount: exact), "t = \(t)")
            }
            previous = next
        }
        XCTAssertGreaterThan(incremental.keys.count, incremental.liveCount, "colors left the frame and kept their entries")
    }
}

/// Work carried from frame to frame (changed rows counted again, rows of the change search reused) changes
/// no byte of the GIF.
final class CarriedWorkTests: XCTestCase {
    /// A list screen in which one row slides sideways (a swipe), then holds, then the list scrolls, with a
    /// transparent corner appearing and going: partial changes, still frames, whole-frame changes.
    func frames() -> [Pixmap] {
        let page = UIPage.shared
        var out: [Pixmap] = []
        let base = page.frame(scroll: 0)
        let w = base.width
        for k in 0..<14 {
            var f = base
            if k < 9 {
                // Rows 300..<420 shifted left by 7 k pixels (what a swipe does to one cell).
                let shift = 7 * k
                for y in 300..<420 {
                    for x in 0..<w { f.pixels[y * w + x] = x + shift < w ? base.pixels[y * w + x + shift] : 0xFF30_3BFF }
                }
            } else {
                f = page.frame(scroll: Double(k - 8) * 13.4)
            }
            if k == 4 || k == 5 { for y in 0..<20 { for x in 0..<30 { f.pixels[y * w + x] = 0 } } }
            out.append(f)
            if k == 6 { out.append(f); out.append(f) }
        }
        return out
    }

    func testCarriedWorkGivesTheSameBytes() throws {
        let frames = frames()
        func encode(_ carries: Bool) throws -> [UInt8] {
            let encoder = try GIFEncoder(width: UIPage.width, height: UIPage.height, options: GIFOptions(), carriesWork: carries)
            for f in frames { try encoder.addFrame(f, duration: 1.0 / 30) }
            return try encoder.finish()
        }
        let carried = try encode(true), fresh = try encode(false)
        XCTAssertEqual(carried.count, fresh.count)
        XCTAssertTrue(carried == fresh, "the GIFs differ")
    }
}

/// When a moving frame's error budget is spent, the change search is narrowed from the classes the first
/// search left (`GIFChange.narrowed`) instead of run again, and the index choice reads those classes
/// (`GIFIndexCandidates.fill`, classified) instead of testing each pixel: the same bytes as without carried
/// work, which searches afresh and tests every pixel. (Frames with close pixels outside flat areas: a wrong
/// class for them changes the bytes.)
final class NarrowedChangeTests: XCTestCase {
    /// Noisy gradients (many colors: the quantization error alone spends the budget) sliding under a still
    /// noisy band, with a flat card moving across.
    func frames() -> [Pixmap] {
        let w = 160, h = 120
        var random = SeededRandom(7)
        let noise = (0..<(2 * w * h)).map { _ in random.next() }
        return (0..<10).map { k in
            var px = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let n = noise[y * 2 * w + x + 5 * k]
                    var r = UInt32(x + 5 * k) & 0xFF, g = UInt32(2 * y), b = UInt32(128 + (x + y) / 3)
                    if y >= 40 && y < 56 { let m = noise[y * w + x]; r = 90 + (m & 15); g = 120 + (m >> 4 & 15); b = 60 }
                    r = min(255, r + (n & 7)); g = min(255, g + (n >> 3 & 7)); b = min(255, b + (n >> 6 & 7))
                    if x >= 10 + 9 * k && x < 50 + 9 * k && y >= 70 && y < 100 { (r, g, b) = (250, 250, 252) }
                    px[y * w + x] = 0xFF00_0000 | b << 16 | g << 8 | r
                }
            }
            return Pixmap(bounds: IntRect(x: 0, y: 0, width: w, height: h), pixels: px)
        }
    }

    func testNarrowedChangeGivesTheSameBytes() throws {
        let frames = frames()
        func encode(_ carries: Bool) throws -> ([UInt8], Int) {
            let encoder = try GIFEncoder(width: 160, height: 120, options: GIFOptions(), carriesWork: carries)
            for f in frames { try encoder.addFrame(f, duration: 1.0 / 30) }
            return (try encoder.finish(), encoder.withdrawals)
        }
        let (carried, withdrawn) = try encode(true), (fresh, _) = try encode(false)
        XCTAssertGreaterThan(withdrawn, 0, "no frame spent its budget: the narrowed search was not exercised")
        XCTAssertTrue(carried == fresh, "the GIFs differ")
    }
}
