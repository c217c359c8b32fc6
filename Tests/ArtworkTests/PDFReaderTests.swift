import Foundation
import CZlib
import Geometry
import LayerTree
import XCTest
@testable import Artwork

final class PDFReaderTests: XCTestCase {
    /// A one-page PDF 1.3 as Quartz writes one: objects, a /Length given by reference, an xref table
    /// (not needed by the reader) and the content stream, deflated unless `compressed` is false.
    static func pdf(_ content: String, mediaBox: String = "[0 0 100 60]", compressed: Bool = true,
                    resources: String = "<< /ExtGState << /G1 6 0 R >> /ColorSpace << /Cs1 [ /ICCBased 7 0 R ] >> >>") -> [UInt8] {
        var stream = Array(content.utf8)
        if compressed {
            var size = compressBound(uLong(stream.count))
            var out = [UInt8](repeating: 0, count: Int(size))
            XCTAssertEqual(compress(&out, &size, stream, uLong(stream.count)), Z_OK)
            stream = Array(out[0..<Int(size)])
        }
        var bytes = Array("%PDF-1.3\n%\u{C4}\u{E5}\n".utf8)
        func add(_ s: String) { bytes += Array(s.utf8) }
        add("4 0 obj\n<< /Length 5 0 R \(compressed ? "/Filter /FlateDecode " : "")>>\nstream\n")
        bytes += stream
        add("\nendstream\nendobj\n5 0 obj\n\(stream.count)\nendobj\n")
        add("2 0 obj\n<< /Type /Page /Parent 3 0 R /Resources \(resources) /Contents 4 0 R >>\nendobj\n")
        add("6 0 obj\n<< /Type /ExtGState /ca 0.5 /CA 0.25 >>\nendobj\n")
        add("7 0 obj\n<< /N 3 /Alternate /DeviceRGB /Length 0 >>\nstream\n\nendstream\nendobj\n")
        add("3 0 obj\n<< /Type /Pages /MediaBox \(mediaBox) /Count 1 /Kids [ 2 0 R ] >>\nendobj\n")
        add("1 0 obj\n<< /Type /Catalog /Pages 3 0 R >>\nendobj\n")
        add("xref\n0 8\n0000000000 65535 f \ntrailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n")
        return bytes
    }

    func testFillsAreFlippedIntoTopLeftSpaceThroughTheCTM() throws {
        for compressed in [true, false] {
            let art = try VectorArtwork(pdf: Self.pdf("""
                q 1 0 0 1 10 5 cm /Cs1 cs 1 0 0 sc /G1 gs 0 0 10 20 re f Q
                0.5 g 30 30 m 40 30 l 40 20 35 15 30 20 c h f*
                """, compressed: compressed))
            XCTAssertEqual(art.size, Size(100, 60))
            XCTAssertEqual(art.shapes.count, 2)
            var rect = Path()
            rect.move(to: Point(10, 55)); rect.line(to: Point(20, 55)); rect.line(to: Point(20, 35)); rect.line(to: Point(10, 35)); rect.close()
            XCTAssertEqual(art.shapes[0], FilledShape(path: rect, fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5), rule: .nonZero))
            var curve = Path()
            curve.move(to: Point(30, 30)); curve.line(to: Point(40, 30))
            curve.cubic(to: Point(30, 40), control1: Point(40, 40), control2: Point(35, 45)); curve.close()
            XCTAssertEqual(art.shapes[1], FilledShape(path: curve, fill: Color(red: 0.5, green: 0.5, blue: 0.5), rule: .evenOdd))
            XCTAssertEqual(art.skipped, [])
        }
    }

    func testScaledAndRotatedCTMAndMediaBoxOrigin() throws {
        // A 90° turn and a 2x scale; the MediaBox starts at (10, 10).
        let art = try VectorArtwork(pdf: Self.pdf("0 2 -2 0 50 10 cm 0 0 m 5 0 l 5 10 l f", mediaBox: "[10 10 60 40]"))
        XCTAssertEqual(art.size, Size(50, 30))
        // (x, y) -> (50 - 2y, 10 + 2x) in PDF space -> (X - 10, 40 - Y) out.
        XCTAssertEqual(art.shapes.first?.path.elements, [.move(Point(40, 30)), .line(Point(40, 20)), .line(Point(20, 20))])
    }

    func testStrokesBecomeFilledOutlinesWithStrokeAlpha() throws {
        let art = try VectorArtwork(pdf: Self.pdf("/G1 gs 0 0 1 RG 2 w 2 J 10 50 m 30 50 l S"))
        let shape = try XCTUnwrap(art.shapes.first)
        XCTAssertEqual(shape.fill, Color(red: 0, green: 0, blue: 1, alpha: 0.25))
        XCTAssertEqual(shape.rule, .nonZero)
        // Square caps reach a half width past both ends; y = 60 - 50.
        XCTAssertEqual(shape.path.controlBounds, Rect(9, 9, 22, 2))
    }

    func testClipPathWithOversizedFillGivesTheClipPath() throws {
        // What Quartz writes for a shape: clip to the outline (even-odd), clip to the artboard, fill a big rect.
        let art = try VectorArtwork(pdf: Self.pdf("q 10 10 m 20 10 l 15 20 l h W* n -100 -100 500 500 re W n 0 1 0 rg 0 0 50 50 re f Q"))
        XCTAssertEqual(art.shapes.count, 1)
        XCTAssertEqual(art.shapes[0].rule, .evenOdd)
        XCTAssertEqual(art.shapes[0].path.elements, [.move(Point(10, 50)), .line(Point(20, 50)), .line(Point(15, 40)), .close])
        XCTAssertEqual(art.shapes[0].fill, Color(red: 0, green: 1, blue: 0))
    }

    func testRectangularClipCutsAPath() throws {
        let art = try VectorArtwork(pdf: Self.pdf("0 0 10 60 re W n 0 0 m 20 0 l 20 10 l 0 10 l h f"))
        XCTAssertEqual(art.shapes.first?.path.controlBounds, Rect(0, 50, 10, 10))
    }

    func testTextAndImagesAreSkippedAndNoted() throws {
        let art = try VectorArtwork(pdf: Self.pdf("BT /F1 12 Tf (Hi \\) there) Tj ET BI /W 1 /H 1 ID \u{1}\u{2} EI 0 0 5 5 re f"))
        XCTAssertEqual(art.shapes.count, 1)
        XCTAssertEqual(art.skipped, ["inline images", "text in fonts other than embedded TrueType or CFF"])
    }

    func testMalformedFilesThrow() {
        XCTAssertThrowsError(try VectorArtwork(pdf: Array("hello".utf8)))
        XCTAssertThrowsError(try VectorArtwork(pdf: Array("%PDF-1.3\n1 0 obj << /Type /Catalog >> endobj".utf8))) { error in
            XCTAssertEqual("\(error)", "no page object (/Type /Page) found")
        }
        // Truncated anywhere: an error or fewer shapes, never a trap.
        let whole = Self.pdf("0 0 5 5 re f 1 0 0 rg 10 10 m 20 20 l 5 5 l f")
        for cut in stride(from: 0, to: whole.count, by: 7) { _ = try? VectorArtwork(pdf: Array(whole[0..<cut])) }
    }

    func testRandomByteDamageNeverTraps() {
        let whole = Self.pdf("q 1 0 0 1 2 3 cm /G1 gs 0.2 0.4 0.6 rg 0 0 5 5 re f Q 1 w 0 0 m 9 9 l 3 4 5 6 7 8 c S", compressed: false)
        var seed: UInt64 = 42
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        for _ in 0..<300 {
            var bytes = whole
            for _ in 0..<(1 + next() % 4) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            _ = try? VectorArtwork(pdf: bytes)
        }
    }

    func testTemplatesAreTintedKeepingAlpha() throws {
        var art = try VectorArtwork(pdf: Self.pdf("/G1 gs 0 0 5 5 re f"))
        art.isTemplate = true
        XCTAssertEqual(art.tinted(with: Color(red: 0, green: 0.5, blue: 1)).shapes[0].fill, Color(red: 0, green: 0.5, blue: 1, alpha: 0.5))
    }

    func testNamedArtworkIsBundledWithItsSize() throws {
        let art = try VectorArtwork.named("scale_cylinder")
        XCTAssertEqual(art.size, Size(58, 36))
        XCTAssertEqual(art.shapes.count, 4)
        XCTAssertThrowsError(try VectorArtwork.named("nope"))
    }
}

final class PDFTextTests: XCTestCase {
    /// The arrows are one glyph of an embedded TrueType font (a disc with a chevron cut out), mirrored by
    /// the CTM for the left one: both must land on the page, mirror images of each other.
    func testTrueTypeGlyphsAreDrawnThroughTheTextMatrix() throws {
        let right = try VectorArtwork.named("grayArrowRight"), left = try VectorArtwork.named("grayArrowLeft")
        XCTAssertEqual(right.skipped, [])
        let r = try XCTUnwrap(right.shapes.first).path.controlBounds, l = try XCTUnwrap(left.shapes.first).path.controlBounds
        XCTAssertEqual(r.width, l.width, accuracy: 1e-3)
        XCTAssertEqual(r.minY, l.minY, accuracy: 1e-3)
        // Right: x = -2 + 0.4016679 + 33 gx; left: x = 35 - 0.4016679 - 33 gx.
        XCTAssertEqual(r.minX - (-2 + 0.4016679), (35 - 0.4016679) - l.maxX, accuracy: 1e-3)
        XCTAssertGreaterThan(r.width, 25)
        XCTAssertLessThan(r.maxX, 33.5)
        XCTAssertEqual(right.shapes[0].fill, Color(red: 0.4745098, green: 0.4745098, blue: 0.4745098))
    }

    /// The buttons are one glyph of an embedded bare CFF font (Type1C), found by its /Differences name.
    func testCFFGlyphsAreDrawn() throws {
        for name in ["copyButton", "downloadButton", "helpButton"] {
            let art = try VectorArtwork.named(name)
            XCTAssertEqual(art.skipped, [], name)
            let shape = try XCTUnwrap(art.shapes.first, name)
            XCTAssertEqual(shape.fill, .white, name)
            let b = shape.path.controlBounds
            // The icon fills most of its page and stays on it.
            XCTAssertGreaterThan(b.width, art.size.width * 0.7, name)
            XCTAssertGreaterThan(b.minX, -0.5, name)
            XCTAssertLessThan(b.maxY, art.size.height + 0.5, name)
        }
    }

    /// The embedded font programs, damaged at random: no outline, or a wrong one, but never a trap.
    func testDamagedFontProgramsNeverTrap() throws {
        var seed: UInt64 = 9
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        for (name, key) in [("grayArrowLeft", "FontFile2"), ("helpButton", "FontFile3")] {
            let asset = try XCTUnwrap(VectorArtwork.assets.first { $0.name == name })
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/Artwork/Resources/Shapes/\(asset.file)")
            let data = try Data(contentsOf: source)
            let file = try PDFFile(bytes: [UInt8](data))
            let program = try XCTUnwrap(file.objects.values.compactMap { $0.dictionary?[key] }.first)
            var budget = 1 << 24
            let font = try file.decoded(program, budget: &budget)
            for _ in 0..<150 {
                var bytes = font
                for _ in 0..<(1 + next() % 6) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
                if key == "FontFile2", let t = TrueTypeOutlines(bytes) {
                    for g in 0..<3 { _ = t.outline(glyph: g) }
                    _ = t.glyph(forCode: 33)
                }
                if key == "FontFile3", let c = CFFOutlines(bytes) {
                    for g in 0..<3 { _ = c.outline(glyph: g) }
                }
            }
        }
    }
}
