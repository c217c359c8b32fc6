import Geometry
import LayerTree
import Raster
import XCTest
@testable import Text

final class TextLayoutTests: XCTestCase {
    var engine: TextLayoutEngine!

    override func setUpWithError() throws {
        engine = TextLayoutEngine(fonts: try FontLibrary())
    }

    /// flag.fill and trash.fill at the Border recording's glyph sizes, rasterized in its pixels (1.2308 a
    /// point): their ink spans and covers what the recording's does (measured at rest, 2.03 s), and the
    /// trash's slots are open through the body. The same for the outline trash against MiniTimer_2's.
    func testDrawnButtonSymbolsSpanTheRecordingsInk() throws {
        let px = 1.2308
        func ink(_ icon: Icon, size: Double) throws -> Mask { try iconInk(icon, size: size, box: 40, scale: px) }
        let flag = try ink(.flag, size: 29.21), trash = try ink(.trash, size: 33.005)
        let (fw, fh) = inkExtent(flag), (tw, th) = inkExtent(trash)
        XCTAssertEqual(fw, 33.6, accuracy: 0.6); XCTAssertEqual(fh, 32.5, accuracy: 0.6)
        XCTAssertEqual(tw, 31.4, accuracy: 0.6); XCTAssertEqual(th, 36.2, accuracy: 0.6)
        // The outline trash as a 25-pt symbol spans MiniTimer_2's delete button's (frame 75).
        let (ow, oh) = inkExtent(try ink(.trashOutline, size: 25))
        XCTAssertEqual(ow, 24.2, accuracy: 0.6); XCTAssertEqual(oh, 26.9, accuracy: 0.8)
        XCTAssertEqual(flag.coveredArea, 749, accuracy: 749 * 0.05)
        XCTAssertEqual(trash.coveredArea, 676, accuracy: 676 * 0.07)
        // The middle slot runs down the middle column (20 pt = 24.6 px), 2 px wide; the body beside it is ink.
        let middle = Int(20 * px), slotRow = Int(20 * px + 3)
        XCTAssertEqual(trash.value(x: middle, y: slotRow), 0)
        XCTAssertEqual(trash.value(x: middle + 3, y: slotRow), 255)
    }

    /// paperplane at 22 pt spans VegaStyle's ink (27.6 × 27.4 px at 1.2308 px a point: the most a column, a row,
    /// is covered, summed) and is an outline: the middle of the dart's upper wing is clear.
    func testPaperplaneIsAnOutlineOfTheRecordingsSize() throws {
        let px = 1.2308
        let mask = try iconInk(.paperplane, size: 22, box: 30, scale: px)
        let (width, height) = inkExtent(mask)
        XCTAssertEqual(width, 27.6, accuracy: 0.8)
        XCTAssertEqual(height, 27.4, accuracy: 0.8)
        // The upper wing's middle: between the tail, the tip and the notch (px from the box's middle).
        XCTAssertEqual(mask.value(x: Int(15 * px - 3), y: Int(15 * px - 1)), 0)
    }

    /// teletype.answer at the flow items' 13.5 pt, centred in a 30-pt box: VegaStyle's keyboard, four keys over two
    /// and a space bar (runs of ink along each row's middle, right of the handset), and the handset's extent.
    func testTeletypeHasTheRecordingsKeyboard() throws {
        // Eight device pixels a recording pixel, so that the keys' 0.8-px gaps are whole pixels.
        let px = 1.2308, fine = 8.0
        let mask = try iconInk(.teletype, size: 13.5, box: 30, scale: px * fine)
        let c = 15 * px
        func runs(atY y: Double) -> Int {
            let row = Int((c + y) * fine)
            var count = 0, inside = false
            for x in Int((c - 4) * fine)..<Int((c + 11) * fine) {
                let on = mask.value(x: x, y: row) > 127
                if on && !inside { count += 1 }
                inside = on
            }
            return count
        }
        XCTAssertEqual(runs(atY: -3.2), 4)
        XCTAssertEqual(runs(atY: 0.25), 3)
        let outline = try engine.iconOutline(GlyphContents(.teletype, size: 13.5, color: .white), in: Rect(0, 0, 30, 30))
        let box = outline.primary.controlBounds
        XCTAssertEqual((box.minX - 15) * px, -9.6, accuracy: 0.3)
        XCTAssertEqual((box.maxY - 15) * px, 7.0, accuracy: 0.3)
    }

    /// person.crop.circle's inside at the flow items' 13.5 pt in their 30-pt icon box: the head's ink is VegaStyle's
    /// (a disc 4.81 px in radius centred 2.53 px above the ring's centre), a clear row parts it from the shoulders,
    /// and the shoulders stay inside the ring (its inner edge 9.85 pt from the centre, 10 with what is tucked under).
    func testPersonCropHeadAndShouldersSitInsideTheRing() throws {
        let px = 1.2308
        let outline = try engine.iconOutline(GlyphContents(.personCrop, size: 13.5, color: .white), in: Rect(0, 0, 30, 30))
        let box = outline.primary.controlBounds
        XCTAssertLessThanOrEqual(box.maxY - 15, 10.01)
        XCTAssertLessThanOrEqual(max(15 - box.minX, box.maxX - 15), 10.01)
        let mask = try iconInk(.personCrop, size: 13.5, box: 30, scale: px)
        let ringY = 15 * px
        // The head: the rows above the shoulders' top (4.55 px below the centre).
        var area = 0.0, sumY = 0.0
        var clearRow = false
        for y in 0..<mask.bounds.height {
            var row = 0.0
            for x in 0..<mask.bounds.width { row += Double(mask.data[y * mask.bounds.width + x]) / 255 }
            let mid = Double(mask.bounds.y + y) + 0.5
            if mid < ringY + 3 { area += row; sumY += row * mid }
            if mid > ringY + 2, mid < ringY + 4.5, row == 0 { clearRow = true }
        }
        XCTAssertEqual((area / Double.pi).squareRoot(), 4.81, accuracy: 0.1)
        XCTAssertEqual(sumY / area - ringY, -2.53, accuracy: 0.15)
        XCTAssertTrue(clearRow)
    }

    /// The icon's outline centered in a `box`-pt square at the origin, rasterized at `scale` device pixels a point.
    func iconInk(_ icon: Icon, size: Double, box: Double, scale: Double) throws -> Mask {
        let outline = try engine.iconOutline(GlyphContents(icon, size: size, color: .white), in: Rect(0, 0, box, box))
        let side = Int((box * scale).rounded(.up)) + 1
        var rasterizer = Rasterizer()
        return rasterizer.coverage(of: outline.primary.deviceContours(through: .scale(scale, scale)),
                                   clip: IntRect(x: 0, y: 0, width: side, height: side))!
    }

    /// Width and height of a mask's ink: the most a column (a row) is covered, summed over the columns (rows), so
    /// that a blurred edge counts by its coverage.
    func inkExtent(_ m: Mask) -> (width: Double, height: Double) {
        var columns = [Double](repeating: 0, count: m.bounds.width), rows = [Double](repeating: 0, count: m.bounds.height)
        for y in 0..<m.bounds.height {
            for x in 0..<m.bounds.width {
                let v = Double(m.data[y * m.bounds.width + x]) / 255
                columns[x] = max(columns[x], v); rows[y] = max(rows[y], v)
            }
        }
        return (columns.reduce(0, +), rows.reduce(0, +))
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
