@testable import Encoders
import XCTest

/// A repaired palette's mapping, updated from the old palette's, is the mapping a fresh search gives.
final class RepairedMappingTests: XCTestCase {
    func testUpdatedMappingEqualsAFreshOne() {
        var state: UInt64 = 3
        func next() -> UInt32 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: state >> 33) }
        // Opaque colors (some repeated, some near each other), a few transparent pixels.
        var pixels: [UInt32] = []
        for _ in 0..<6000 {
            switch next() % 10 {
            case 0: pixels.append(0)
            case 1, 2: pixels.append(0xFF00_0000 | (next() % 8) * 0x10_1010)
            default: pixels.append(0xFF00_0000 | next() & 0xF0_F0F0 | next() & 0x03_0303)
            }
        }
        var histogram = QuantizeHistogram()
        var entries = [Int32](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in entries.withUnsafeMutableBufferPointer { histogram.count(p, entries: $0) } }
        let oldColors = (0..<200).map { _ in 0xFF00_0000 | next() & 0xFF_FFFF } + [0xFF00_0000, 0xFF10_1010, 0xFF10_1010]
        let oldMapper = QuantizeMapper(colors: oldColors)
        let old = GIFPaletteMapping(histogram, mapper: oldMapper)
        // Entries replaced (among them the lowest of two equal ones, and with colors equal to later ones)
        // and entries added.
        var colors = oldColors
        for j in [0, 5, 77, 150, 200] { colors[j] = 0xFF00_0000 | next() & 0xFF_FFFF }
        // As near as the old answer (201 for 0x101010) at a lower index: the new entry wins.
        colors[9] = colors[202]
        colors += [0xFF20_2020, 0xFF00_0000 | next() & 0xFF_FFFF]
        let fresh = GIFPaletteMapping(histogram, mapper: QuantizeMapper(colors: colors))
        let mapper = QuantizeMapper(colors: colors)
        let updated = GIFPaletteMapping(updating: old, from: oldMapper, histogram, mapper: mapper)
        XCTAssertEqual(updated.index, fresh.index)
        XCTAssertEqual(updated.color, fresh.color)
        XCTAssertEqual(updated.distance, fresh.distance)
        XCTAssertEqual(updated.usage, fresh.usage)
        XCTAssertEqual(updated.error, fresh.error)
        // What it remembered is what a search finds.
        for key in histogram.keys where key != 0 {
            XCTAssertTrue(mapper.cachedNearest(key) == mapper.nearest(key), "key \(String(key, radix: 16))")
        }
    }
}
