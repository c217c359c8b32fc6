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
}
