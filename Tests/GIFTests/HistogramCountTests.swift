@testable import Encoders
import XCTest
import TestSupport

/// Counting with the row width (a run under a pixel of its color takes that pixel's entry) gives the
/// histogram and entry numbers of counting without it.
final class HistogramCountTests: XCTestCase {
    func testCountingWithTheRowAboveMatchesHashingEveryRun() {
        var random = SeededRandom(23)
        func next() -> UInt32 { random.next() }
        let width = 37, height = 29
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Vertical bands, repeated rows, runs, transparent and half-transparent pixels, noise.
                let i = y * width + x
                switch next() % 6 {
                case 0: pixels[i] = y > 0 ? pixels[i - width] : 0xFF00_0000 | UInt32(x / 5) * 0x30_2010
                case 1: pixels[i] = x > 0 ? pixels[i - 1] : 0xFF12_3456
                case 2: pixels[i] = next() % 3 == 0 ? 0 : 0x8000_0000 | (next() % 128) * 0x01_0101
                default: pixels[i] = 0xFF00_0000 | UInt32(x / 5) * 0x30_2010 | next() % 4
                }
            }
        }
        var plain = QuantizeHistogram(), above = QuantizeHistogram()
        var plainEntries = [Int32](repeating: 0, count: pixels.count), aboveEntries = plainEntries
        pixels.withUnsafeBufferPointer { p in
            plainEntries.withUnsafeMutableBufferPointer { plain.count(p, entries: $0) }
            aboveEntries.withUnsafeMutableBufferPointer { above.count(p, entries: $0, width: width) }
        }
        XCTAssertEqual(above.keys, plain.keys)
        XCTAssertEqual(above.counts, plain.counts)
        XCTAssertEqual(aboveEntries, plainEntries)
    }

    /// Runs of every length from 1 to 40 (one pixel at a time, then eight a step), some across row ends,
    /// against the plain definition: entries numbered by first appearance in scan order, keys as
    /// `quantizeKey` gives them, counts per entry.
    func testRunsOfEveryLengthMatchAPlainCount() {
        var random = SeededRandom(41)
        let width = 53, height = 31
        var pixels: [UInt32] = []
        var length = 1
        while pixels.count < width * height {
            let r = random.next()
            let color: UInt32 = r % 5 == 0 ? 0 : (r % 5 == 1 ? 0x9020_4080 : 0xFF00_0000 | r % 7 * 0x10_2030)
            pixels += [UInt32](repeating: color, count: min(length, width * height - pixels.count))
            length = length % 40 + 1
        }
        var numbers: [UInt32: Int32] = [:], keys: [UInt32] = [], counts: [Int32] = [], expected: [Int32] = []
        for p in pixels {
            let key = quantizeKey(p)
            let e = numbers[key] ?? Int32(keys.count)
            if e == Int32(keys.count) { numbers[key] = e; keys.append(key); counts.append(0) }
            counts[Int(e)] += 1
            expected.append(e)
        }
        for width in [0, width] {
            var histogram = QuantizeHistogram()
            var entries = [Int32](repeating: -1, count: pixels.count)
            pixels.withUnsafeBufferPointer { p in entries.withUnsafeMutableBufferPointer { histogram.count(p, entries: $0, width: width) } }
            XCTAssertEqual(histogram.keys, keys)
            XCTAssertEqual(histogram.counts, counts)
            XCTAssertEqual(entries, expected)
        }
    }
}
