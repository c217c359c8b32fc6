import Geometry
import LayerTree
import XCTest
@testable import Text

final class TextLayoutTests: XCTestCase {
    var engine: TextLayoutEngine!

    override func setUpWithError() throws {
        engine = TextLayoutEngine(fonts: try FontLibrary())
    }

    func width(_ s: String, size: Double = 17, weight: FontWeight = .regular) throws -> Double {
        var t = TextContents(s, weight: weight, size: size)
        t.lineLimit = 0
        return try engine.layout(t, width: 1e9).lines.map(\.width).max() ?? 0
    }

    func text(_ s: String, limit: Int = 0, size: Double = 17) -> TextContents {
        var t = TextContents(s, size: size)
        t.lineLimit = limit
        return t
    }

    func lineStrings(_ block: TextBlock, _ s: String) -> [String] {
        let scalars = Array(s.unicodeScalars)
        return block.lines.map { line in
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[line.scalars])
            return String(out)
        }
    }

    func testGreedyBreaksAtSpacesWithinTheWidth() throws {
        let s = "the quick brown fox jumps over the lazy dog"
        let box = try width("the quick brown fox") + 1
        let block = try engine.layout(text(s), width: box)
        XCTAssertEqual(lineStrings(block, s), ["the quick brown fox ", "jumps over the lazy ", "dog"])
        for line in block.lines { XCTAssertLessThanOrEqual(line.width, box) }
        // Greedy: the next word would not have fitted on each line.
        XCTAssertGreaterThan(try width("the quick brown fox jumps"), box)
        XCTAssertGreaterThan(try width("jumps over the lazy dog"), box)
        XCTAssertFalse(block.isTruncated)
    }

    func testTrailingSpacesDoNotCount() throws {
        let block = try engine.layout(text("word   "), width: 500)
        XCTAssertEqual(block.lines[0].width, try width("word"), accuracy: 1e-9)
    }

    func testAWordWiderThanTheBoxBreaksBetweenCharacters() throws {
        let block = try engine.layout(text("Supercalifragilistic"), width: 60)
        XCTAssertGreaterThan(block.lines.count, 1)
        for line in block.lines { XCTAssertLessThanOrEqual(line.width, 60 + 1e-9) }
        XCTAssertEqual(lineStrings(block, "Supercalifragilistic").joined(), "Supercalifragilistic")
    }

    func testHyphensAreBreakOpportunities() throws {
        let s = "well-known"
        let box = max(try width("well-"), try width("known")) + 1
        XCTAssertLessThan(box, try width("well-known"))
        XCTAssertEqual(lineStrings(try engine.layout(text(s), width: box), s), ["well-", "known"])
    }

    func testTailTruncationKeepsTheLongestPrefixThatFitsWithTheEllipsis() throws {
        let s = "Hi Anna, the quarterly report is attached."
        let box = 150.0
        let block = try engine.layout(text(s, limit: 1), width: box)
        XCTAssertEqual(block.lines.count, 1)
        XCTAssertTrue(block.isTruncated)
        let kept = lineStrings(block, s)[0]
        XCTAssertTrue(s.hasPrefix(kept))
        XCTAssertLessThanOrEqual(block.lines[0].width, box)
        XCTAssertEqual(block.lines[0].width, try width(kept.trimmingCharacters(in: .whitespaces) + "…"), accuracy: 1e-9)
        // One more character would not fit.
        let next = String(s.prefix(kept.count + 1)).trimmingCharacters(in: .whitespaces) + "…"
        XCTAssertGreaterThan(try width(next), box)
    }

    func testLineLimitTwoTruncatesTheSecondLine() throws {
        let s = String(repeating: "alpha beta gamma delta ", count: 6)
        let block = try engine.layout(text(s, limit: 2), width: 120)
        XCTAssertEqual(block.lines.count, 2)
        XCTAssertFalse(block.lines[0].isTruncated)
        XCTAssertTrue(block.lines[1].isTruncated)
        let unlimited = try engine.layout(text(s, limit: 0), width: 120)
        XCTAssertGreaterThan(unlimited.lines.count, 2)
        XCTAssertEqual(block.lines[0].scalars, unlimited.lines[0].scalars)
    }

    func testTextThatFitsIsNotTruncated() throws {
        let block = try engine.layout(text("Trash", limit: 1), width: 200)
        XCTAssertFalse(block.isTruncated)
        XCTAssertEqual(block.lines[0].glyphs.count, 5)
    }

    func testNewlinesStartParagraphs() throws {
        let block = try engine.layout(text("one\ntwo\n\nfour"), width: 500)
        XCTAssertEqual(lineStrings(block, "one\ntwo\n\nfour"), ["one", "two", "", "four"])
        let limited = try engine.layout(text("one\ntwo", limit: 1), width: 500)
        XCTAssertTrue(limited.isTruncated)
    }

    func testAlignmentPlacesLinesInTheBox() throws {
        var t = text("Flag")
        t.alignment = .right
        let right = try engine.layout(t, width: 100)
        let w = right.lines[0].width
        XCTAssertEqual(right.lines[0].glyphs[0].origin.x, 100 - w, accuracy: 1e-9)
        t.alignment = .center
        XCTAssertEqual(try engine.layout(t, width: 100).lines[0].glyphs[0].origin.x, (100 - w) / 2, accuracy: 1e-9)
    }

    func testArabicIsRightToLeftAndNaturallyRightAligned() throws {
        let block = try engine.layout(text("مرحبا بكم"), width: 300)
        let line = block.lines[0]
        XCTAssertEqual(line.glyphs.first!.face.descriptor.family, "Noto Sans Arabic")
        XCTAssertEqual(line.glyphs.first!.origin.x, 300 - line.width, accuracy: 1e-6)
    }

    func testHangulFallsBackToNanumGothicAndLatinStaysInInter() throws {
        let block = try engine.layout(text("안녕 PDF"), width: 300)
        let families = block.lines[0].glyphs.map(\.face.descriptor.family)
        XCTAssertEqual(families.first, "NanumGothic")
        XCTAssertEqual(families.last, "Inter")
    }

    func testFirstBaselineAndFixedLineHeight() throws {
        var t = text("Trash", size: 15)
        t.verticalAlignment = .firstBaseline(40)
        let placed = try engine.place(t, in: Rect(10, 20, 80, 60))
        XCTAssertEqual(placed.firstBaseline, 60, accuracy: 1e-9)
        XCTAssertEqual(placed.lines[0].glyphs[0].origin.y, 60, accuracy: 1e-9)
        var tall = text("a b c", size: 15)
        tall.lineHeight = 30
        let block = try engine.layout(tall, width: 5)
        XCTAssertEqual(block.lines.count, 3)
        XCTAssertEqual(block.lines[1].baseline - block.lines[0].baseline, 30, accuracy: 1e-9)
        XCTAssertEqual(block.size.height, 90, accuracy: 1e-9)
    }
}
