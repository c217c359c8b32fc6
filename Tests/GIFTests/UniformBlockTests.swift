@testable import Encoders
import Raster
import TestSupport
import XCTest

/// The change search and the index choice take eight pixels of one entry over one canvas color at once
/// (`GIFUniformBlock`): their classes, error, rectangle and indices must be what looking at each pixel gives,
/// whatever the flat marks and classes do inside such a block.
final class UniformBlockTests: XCTestCase {
    /// A frame of flat runs (lengths 1 to 40, so blocks start anywhere in a run and rows end mid-block) in a
    /// few colors, some pixels off by a little, over a canvas that is the frame, near it or something else.
    struct Case {
        let width = 45, height = 14
        var frame: [UInt32] = [], canvas: [UInt32] = [], flat: [UInt8] = []

        init(seed: UInt64) {
            var random = SeededRandom(seed)
            let colors: [UInt32] = [0xFFF0_F0F0, 0xFF20_4060, 0xFF00_C7BE, 0xFF80_8080, 0xFF10_1010, 0]
            while frame.count < width * height {
                let run = 1 + Int(random.next() % 40)
                var c = colors[Int(random.next()) % colors.count]
                if random.next() % 5 == 0 && c != 0 { c ^= UInt32(random.next() % 4) << 8 }
                frame += Array(repeating: c, count: min(run, width * height - frame.count))
            }
            // The canvas in stretches of 1 to 24 pixels: the frame itself, the frame a level off on every channel
            // (within the lossy keep distance, beyond an exact color's: its class depends on the flat mark), or
            // something else.
            var kind = 0, left = 0, other: UInt32 = 0
            for c in frame {
                if left == 0 {
                    kind = Int(random.next() % 4); left = 1 + Int(random.next() % 24)
                    other = random.next() % 2 == 0 ? 0 : 0xFF00_0000 | random.next() & 0xFF_FFFF
                }
                left -= 1
                switch kind {
                case 0: canvas.append(c)
                case 1, 2: canvas.append(c == 0 ? 0 : c ^ 0x01_0101)
                default: canvas.append(other)
                }
            }
            // Flat marks in runs too, some changing inside a block.
            while flat.count < width * height {
                flat += Array(repeating: UInt8(random.next() % 2), count: min(1 + Int(random.next() % 12), width * height - flat.count))
            }
        }
    }

    func testBlocksGiveWhatEachPixelGives() {
        for seed in 1...24 {
            let t = Case(seed: UInt64(seed))
            let screen = GIFScreen(width: t.width, height: t.height)
            var histogram = QuantizeHistogram()
            t.frame.withUnsafeBufferPointer { histogram.count($0, entries: screen.entries, width: t.width) }
            let palette = QuantizeBuilder.build(keys: histogram.keys, counts: histogram.counts, maxColors: 6, exactCount: 3)
            let mapper = QuantizeMapper(colors: palette)
            let mapping = GIFPaletteMapping(histogram, mapper: mapper)
            let rules = GIFEntryRules()
            rules.build(keys: histogram.keys, mapping: mapping, exact: histogram.top(2), lossy: seed % 2 == 0)
            for i in t.canvas.indices { screen.canvas[i] = t.canvas[i]; screen.flat[i] = t.flat[i] }

            // Each pixel on its own, as the loop was before blocks.
            var classes = [UInt8](repeating: GIFPixelChange.same, count: t.frame.count)
            var error: Int64 = 0
            var minX = t.width, minY = t.height, maxX = -1, maxY = -1
            for p in t.frame.indices {
                let rule = rules.table[Int(screen.entries[p])], c = t.canvas[p]
                if rule.shown == c { error += Int64(rule.quantError); continue }
                let keep = t.flat[p] != 0 ? rule.keepFlat : rule.keepEdge
                if rule.shown != 0 && c != 0 && quantizeDistance(rule.key, c) <= keep {
                    classes[p] = GIFPixelChange.close; error += Int64(squaredError(rule.key, c))
                    continue
                }
                classes[p] = GIFPixelChange.changed; error += Int64(rule.quantError)
                let x = p % t.width, y = p / t.width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            let change = GIFChange.find(on: screen, rules: rules)
            XCTAssertEqual(Array(screen.change), classes, "seed \(seed)")
            XCTAssertEqual(change.error, error, "seed \(seed)")
            let rect = maxX < 0 ? nil : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            XCTAssertEqual(change.rect, rect, "seed \(seed)")

            // The indices from those classes (blocks) against testing each pixel again.
            let area = IntRect(x: 0, y: 0, width: t.width, height: t.height)
            let blocks = GIFIndexCandidates(), plain = GIFIndexCandidates()
            let transparent = UInt8(palette.count)
            blocks.fill(area, screen: screen, rules: rules, mapper: mapper, transparent: transparent, classified: true)
            plain.fill(area, screen: screen, rules: rules, mapper: mapper, transparent: transparent, classified: false)
            XCTAssertEqual(Array(blocks.opaque), Array(plain.opaque), "seed \(seed)")
            XCTAssertEqual(Array(blocks.mixed), Array(plain.mixed), "seed \(seed)")
            XCTAssertEqual(Array(blocks.alternatives), Array(plain.alternatives), "seed \(seed)")
            XCTAssertEqual(blocks.unchanged, plain.unchanged, "seed \(seed)")
        }
    }
}
