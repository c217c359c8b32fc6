import Dispatch
import LayerTree
import XCTest
@testable import Text

/// The widths models get are the widths the renderer draws.
final class TextMeasurerTests: XCTestCase {
    func testWidthsAreTheLaidOutLineWidths() throws {
        let measurer = TextMeasurer()
        let engine = TextLayoutEngine(fonts: try FontLibrary())
        for text in [TextContents("Trash", weight: .medium, size: 15), TextContents("오후 2:26", size: 14.4),
                     TextContents("Vega Style - Reverse", weight: .medium, size: 18), TextContents("غير مقروء", size: 15)] {
            let w = measurer.width(of: text)
            XCTAssertGreaterThan(w, 0, text.string)
            XCTAssertEqual(w, try engine.layout(text, width: 10_000).size.width, accuracy: 1e-9, text.string)
        }
        // Wider with more letters, bolder and larger; the line limit, alignment and box do not matter.
        let base = TextContents("Flag", size: 15)
        var two = base; two.lineLimit = 2; two.alignment = .center
        XCTAssertEqual(measurer.width(of: two), measurer.width(of: base))
        XCTAssertGreaterThan(measurer.width(of: TextContents("Flags", size: 15)), measurer.width(of: base))
        XCTAssertGreaterThan(measurer.width(of: TextContents("Flag", weight: .bold, size: 15)), measurer.width(of: base))
        XCTAssertEqual(measurer.width(of: TextContents("Flag", size: 30)), 2 * measurer.width(of: base), accuracy: 0.01)
    }

    func testConcurrentCallsAgree() {
        let measurer = TextMeasurer()
        let strings = (0..<64).map { "Row \($0) subject" }
        var results = [Double](repeating: 0, count: strings.count)
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            DispatchQueue.concurrentPerform(iterations: strings.count) { i in
                out[i] = measurer.width(of: TextContents(strings[i], size: 15))
            }
        }
        for (i, s) in strings.enumerated() {
            XCTAssertEqual(results[i], measurer.width(of: TextContents(s, size: 15)))
        }
    }
}
