@testable import Encoders
import XCTest
import TestSupport

/// A repaired palette's mapping, updated from the old palette's, is the mapping a fresh search gives.
final class RepairedMappingTests: XCTestCase {
    func testUpdatedMappingEqualsAFreshOne() {
        var random = SeededRandom(3)
        func next() -> UInt32 { random.next() }
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
        // and entries added; and only two changed (compared directly rather than searched).
        for many in [true, false] {
            var colors = oldColors
            if many {
                for j in [0, 5, 77, 150, 200] { colors[j] = 0xFF00_0000 | next() & 0xFF_FFFF }
            }
            // As near as the old answer (201 for 0x101010) at a lower index: the new entry wins.
            colors[9] = colors[202]
            colors += many ? [0xFF20_2020, 0xFF00_0000 | next() & 0xFF_FFFF] : [0xFF20_2020]
            let fresh = GIFPaletteMapping(histogram, mapper: QuantizeMapper(colors: colors))
            let mapper = QuantizeMapper(colors: colors)
            let updated = GIFPaletteMapping(updating: old, from: oldMapper, histogram, mapper: mapper)
            assertSameMapping(updated, fresh, remembered: mapper, histogram)
        }
    }
}

/// A rebuilt palette's mapping taken from the refinement's answers is the mapping searched without them.
final class KnownAnswersMappingTests: XCTestCase {
    func testMappingFromTheBuildersAnswersEqualsAPlainOne() {
        var random = SeededRandom(41)
        func next() -> UInt32 { random.next() }
        var pixels: [UInt32] = []
        for _ in 0..<20000 {
            // Flat colors, gradients (clusters that can land on an exact color) and noise.
            switch next() % 8 {
            case 0, 1: pixels.append(0xFF00_0000 | (next() % 6) * 0x20_3040)
            case 2: pixels.append(0)
            default: pixels.append(0xFF00_0000 | (next() % 64) << 16 | (next() % 96) << 8 | next() % 128)
            }
        }
        var histogram = QuantizeHistogram()
        var entries = [Int32](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in entries.withUnsafeMutableBufferPointer { histogram.count(p, entries: $0) } }
        var nearest = QuantizeAnswers()
        let colors = QuantizeBuilder.build(keys: histogram.keys, counts: histogram.counts, maxColors: 255, exactCount: 32, nearest: &nearest)
        XCTAssertEqual(colors, QuantizeBuilder.build(keys: histogram.keys, counts: histogram.counts, maxColors: 255, exactCount: 32))
        XCTAssertEqual(Set(colors).count, colors.count)
        XCTAssertEqual(nearest.index.count, histogram.keys.count)
        XCTAssertGreaterThan(nearest.index.filter { $0 >= 0 }.count, 1000)
        // Every answer given is the brute-force one: least distance, lowest index.
        for (e, j) in nearest.index.enumerated() where j >= 0 {
            let key = histogram.keys[e]
            var best = Int32.max, bestIndex = -1
            for (i, c) in colors.enumerated() where quantizeDistance(key, c) < best { best = quantizeDistance(key, c); bestIndex = i }
            XCTAssertEqual(Int(j), bestIndex, "key \(String(key, radix: 16))")
            XCTAssertEqual(nearest.distance[e], best)
        }
        let mapper = QuantizeMapper(colors: colors)
        let known = GIFPaletteMapping(histogram, mapper: mapper, known: nearest)
        let plain = GIFPaletteMapping(histogram, mapper: QuantizeMapper(colors: colors))
        assertSameMapping(known, plain, remembered: mapper, histogram)
    }
}

/// A mapping found a faster way is the plain one, and what `mapper` remembered on the way is what a search finds.
func assertSameMapping(_ a: GIFPaletteMapping, _ b: GIFPaletteMapping, remembered mapper: QuantizeMapper,
                       _ histogram: QuantizeHistogram, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.index, b.index, file: file, line: line)
    XCTAssertEqual(a.color, b.color, file: file, line: line)
    XCTAssertEqual(a.distance, b.distance, file: file, line: line)
    XCTAssertEqual(a.usage, b.usage, file: file, line: line)
    XCTAssertEqual(a.error, b.error, file: file, line: line)
    for key in histogram.keys where key != 0 {
        XCTAssertTrue(mapper.cachedNearest(key) == mapper.nearest(key), "key \(String(key, radix: 16))", file: file, line: line)
    }
}
