import CFreeType
import Geometry
import LayerTree
import Raster
@testable import Text
import XCTest

final class FontLibraryTests: XCTestCase {
    /// The bundled fonts' folder, as the catalogue found it.
    var fontsDir: String {
        get throws {
            let path = try XCTUnwrap(try FontCatalog.bundled().faces.first?.path)
            return (path as NSString).deletingLastPathComponent + "/"
        }
    }

    func testInterWeightsAndItalicResolveToTheirFiles() throws {
        let lib = try FontLibrary()
        let expected: [(FontWeight, Bool, String)] = [
            (.ultraLight, false, "Inter-Thin.otf"), (.thin, false, "Inter-ExtraLight.otf"),
            (.light, false, "Inter-Light.otf"), (.regular, false, "Inter-Regular.otf"),
            (.medium, false, "Inter-Medium.otf"), (.semibold, false, "Inter-SemiBold.otf"),
            (.bold, false, "Inter-Bold.otf"), (.regular, true, "Inter-Italic.otf"), (.bold, true, "Inter-BoldItalic.otf"),
            // Only Italic and Bold Italic travel with the package: the nearest by CSS's rule.
            (.medium, true, "Inter-Italic.otf"), (.semibold, true, "Inter-BoldItalic.otf"), (.light, true, "Inter-Italic.otf"),
        ]
        for (weight, italic, file) in expected {
            let face = try lib.face(FontDescriptor(family: "Inter", weight: weight, italic: italic))
            XCTAssertEqual(face.path, try fontsDir + file, "\(weight) italic=\(italic)")
            XCTAssertEqual(face.descriptor, FontDescriptor(family: "Inter", weight: weight, italic: italic))
        }
    }

    func testOtherFamiliesResolve() throws {
        let lib = try FontLibrary()
        let dir = try fontsDir
        XCTAssertEqual(try lib.face(FontDescriptor(family: "FontAwesome")).path, dir + "FontAwesome.otf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic")).path, dir + "NotoSansArabic-Regular.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic", weight: .bold)).path,
                       dir + "NotoSansArabic-Bold.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "NanumGothic")).path, dir + "NanumGothic.ttf")
        // Family names compare ignoring case and blanks; NanumGothic also answers to its Korean name.
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Nanum Gothic", weight: .bold)).path, dir + "NanumGothicBold.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "나눔고딕")).path, dir + "NanumGothic.ttf")
        // League Spartan Medium's legacy family is "League Spartan Medium", its typographic one "League Spartan".
        XCTAssertEqual(try lib.face(FontDescriptor(family: "League Spartan", weight: .medium)).path,
                       dir + "LeagueSpartan-Medium.otf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Roboto Condensed", weight: .bold)).path,
                       dir + "RobotoCondensed-Bold.ttf")
    }

    func testTheBundledCatalogueIsThePackagesOwnFiles() throws {
        let catalog = try FontCatalog.bundled()
        let dir = try fontsDir
        XCTAssertTrue(dir.hasSuffix("/Fonts/"), dir)
        XCTAssertFalse(dir.hasPrefix("/usr/share/fonts"), dir)
        XCTAssertEqual(catalog.faces.count, 16)
        XCTAssertTrue(catalog.faces.allSatisfy { $0.path.hasPrefix(dir) })
        XCTAssertEqual(catalog.familyNames, ["FontAwesome", "Inter", "League Spartan", "NanumGothic", "Noto Sans Arabic",
                                             "Roboto Condensed"])
        // Each family's licence travels beside its files.
        for family in ["FontAwesome", "Inter", "LeagueSpartan", "NanumGothic", "NotoSansArabic", "RobotoCondensed"] {
            let licence = try String(contentsOfFile: dir + family + ".LICENSE.txt", encoding: .utf8)
            XCTAssertTrue(licence.contains("SIL OPEN FONT LICENSE Version 1.1") || licence.contains("Apache License"), family)
        }
        XCTAssertEqual(catalog.faces.map(\.weight).sorted(), [100, 200, 300, 400, 400, 400, 400, 400, 500, 500, 600, 600,
                                                              700, 700, 700, 700])
        // NanumGothic Bold calls itself 600: a bold text takes it as the nearest lighter weight.
    }

    func testMissingWeightTakesNearestOfSameFamily() throws {
        let lib = try FontLibrary()
        let dir = try fontsDir
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic", weight: .medium)).path,
                       dir + "NotoSansArabic-Regular.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic", weight: .semibold)).path,
                       dir + "NotoSansArabic-Bold.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic", weight: .light)).path,
                       dir + "NotoSansArabic-Regular.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Noto Sans Arabic", italic: true)).path,
                       dir + "NotoSansArabic-Regular.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "RobotoCondensed", weight: .ultraLight)).path,
                       dir + "RobotoCondensed-Bold.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "NanumGothic", weight: .medium)).path, dir + "NanumGothic.ttf")
        XCTAssertEqual(try lib.face(FontDescriptor(family: "NanumGothic", weight: .semibold)).path, dir + "NanumGothicBold.ttf")
        // The face still says what was asked for.
        let asked = FontDescriptor(family: "NanumGothic", weight: .semibold)
        XCTAssertEqual(try lib.face(asked).descriptor, asked)
    }

    func testCSSWeightRule() {
        // 400 looks at 500 first, then lighter, then heavier; below 400 lighter first; above 500 heavier first.
        let weights = [100, 300, 500, 700, 900]
        func pick(_ desired: Int) -> Int { weights.min { FontCatalog.rank($0, for: desired) < FontCatalog.rank($1, for: desired) }! }
        XCTAssertEqual(pick(400), 500)
        XCTAssertEqual(pick(500), 500)
        XCTAssertEqual(pick(200), 100)
        XCTAssertEqual(pick(600), 700)
        XCTAssertEqual(pick(800), 900)
        XCTAssertEqual([100].min { FontCatalog.rank($0, for: 800) < FontCatalog.rank($1, for: 800) }, 100)
    }

    func testFacesAreCached() throws {
        let lib = try FontLibrary()
        let a = try lib.face(FontDescriptor(family: "Inter"))
        XCTAssertTrue(a === (try lib.face(FontDescriptor(family: "Inter"))))
        // Two descriptors resolving to one file share the FreeType/HarfBuzz objects.
        let regular = try lib.face(FontDescriptor(family: "Noto Sans Arabic"))
        let medium = try lib.face(FontDescriptor(family: "Noto Sans Arabic", weight: .medium))
        XCTAssertTrue(regular.data === medium.data)
        XCTAssertNotEqual(regular, medium)
    }

    func testUnknownFamilyIsAnErrorNotASubstitute() throws {
        let lib = try FontLibrary()
        XCTAssertThrowsError(try lib.face(FontDescriptor(family: "DejaVu Sans", weight: .bold))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("\"DejaVu Sans\""), text)
            XCTAssertTrue(text.contains("bold"), text)
            XCTAssertTrue(text.contains("Inter, League Spartan"), text)
            XCTAssertTrue(text.contains("FontCatalog.adding(fontFiles:)"), text)
        }
    }

    func testACallersOwnFontFiles() throws {
        // A file of the caller's joins the catalogue and answers first for its family, weight and slant.
        let dir = try fontsDir
        let extra = FileManager.default.temporaryDirectory.appendingPathComponent("own-font-\(UUID().uuidString).otf").path
        try FileManager.default.copyItem(atPath: dir + "LeagueSpartan-Medium.otf", toPath: extra)
        defer { try? FileManager.default.removeItem(atPath: extra) }
        let catalog = try FontCatalog.bundled().adding(fontFiles: [extra])
        XCTAssertEqual(catalog.faces.count, 17)
        let lib = try FontLibrary(catalog: catalog)
        XCTAssertEqual(try lib.face(FontDescriptor(family: "League Spartan", weight: .medium)).path, extra)
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Inter")).path, dir + "Inter-Regular.otf")
        // Not a font: a clear error naming the file.
        let bogus = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: bogus))
        defer { try? FileManager.default.removeItem(atPath: bogus) }
        XCTAssertThrowsError(try FontCatalog.bundled().adding(fontFiles: [bogus])) { error in
            XCTAssertTrue(String(describing: error).contains(bogus), String(describing: error))
        }
        XCTAssertThrowsError(try FontCatalog(fontFiles: ["/nowhere/missing.ttf"])) { error in
            XCTAssertTrue(String(describing: error).contains("/nowhere/missing.ttf"), String(describing: error))
        }
    }

    func testMissingFamilyIsNamed() throws {
        // A library that sees only Inter Regular: the others are missing.
        let lib = try FontLibrary(fontFiles: [try fontsDir + "Inter-Regular.otf"])
        for family in ["NanumGothic", "Noto Sans Arabic", "FontAwesome"] {
            XCTAssertThrowsError(try lib.face(FontDescriptor(family: family, weight: .semibold))) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains("\"\(family)\""), text)
                XCTAssertTrue(text.contains("semibold"), text)
                XCTAssertTrue(text.contains("(Inter)"), text)
            }
        }
        // Only Regular present: every weight comes back as that file.
        XCTAssertEqual(try lib.face(FontDescriptor(family: "Inter", weight: .bold, italic: true)).path,
                       try fontsDir + "Inter-Regular.otf")

        // Fallback needing an absent family reports it instead of returning nil.
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        XCTAssertTrue(try lib.face(for: "A", preferred: inter) === inter)
        XCTAssertThrowsError(try lib.face(for: "안", preferred: inter)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("U+C548"), text)
            XCTAssertTrue(text.contains("\"NanumGothic\""), text)
        }
    }

    func testFallbackFaces() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter", weight: .semibold))
        XCTAssertTrue(try lib.face(for: "H", preferred: inter) === inter)
        let arabic = try XCTUnwrap(try lib.face(for: "م", preferred: inter))
        XCTAssertEqual(arabic.descriptor, FontDescriptor(family: "Noto Sans Arabic", weight: .semibold))
        XCTAssertEqual(arabic.path, try fontsDir + "NotoSansArabic-Bold.ttf")
        let hangul = try XCTUnwrap(try lib.face(for: "안", preferred: inter))
        XCTAssertEqual(hangul.descriptor.family, "NanumGothic")
        // The preferred face comes first even when a fallback also has the glyph.
        let awesome = try lib.face(FontDescriptor(family: "FontAwesome"))
        XCTAssertTrue(try lib.face(for: "\u{F1F8}", preferred: awesome) === awesome)
        XCTAssertTrue(try lib.face(for: "A", preferred: hangul) === hangul)
        // Nobody has an emoji or an unassigned code point.
        XCTAssertNil(try lib.face(for: "\u{1F600}", preferred: inter))
        XCTAssertNil(try lib.face(for: "\u{E01EF}", preferred: inter))
    }

    func testWeightIsTheSceneModelsWeight() throws {
        // One FontWeight across LayerTree and Text: a scene's weight goes straight into a descriptor.
        let weight: LayerTree.FontWeight = .semibold
        XCTAssertEqual(FontDescriptor(family: "Inter", weight: weight).weight, FontWeight.semibold)
        XCTAssertEqual(FontWeight.allCases.map(\.openTypeWeight), [100, 200, 300, 400, 500, 600, 700])
    }

    func testMetrics() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        XCTAssertEqual(inter.unitsPerEm, 2816)
        XCTAssertGreaterThan(inter.ascender, 0)
        XCTAssertLessThan(inter.descender, 0)
        XCTAssertGreaterThanOrEqual(inter.lineGap, 0)
        let nanum = try lib.face(FontDescriptor(family: "NanumGothic"))
        XCTAssertEqual(nanum.unitsPerEm, 1000)
        XCTAssertLessThan(nanum.descender, 0)
    }
}

final class OutlineTests: XCTestCase {
    func glyph(_ s: Unicode.Scalar, _ face: Face) -> UInt32 {
        Shaper.shape([s], range: 0..<1, face: face, size: 1, direction: nil).glyphs[0].glyph
    }

    func testInterCapitalHBoundsAreYDown() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let h = inter.outline(glyph: glyph("H", inter))
        let b = h.controlBounds
        // Baseline at y = 0, cap height above it at negative y.
        XCTAssertEqual(b.maxY, 0, accuracy: 1)
        XCTAssertLessThan(b.minY, 0)
        XCTAssertEqual(-b.minY / inter.unitsPerEm, 0.727, accuracy: 0.002)
        XCTAssertGreaterThan(b.minX, 0)  // left side bearing
        XCTAssertEqual(h.elements.filter { if case .move = $0 { true } else { false } }.count, 1)
        XCTAssertEqual(h.elements.last, .close)
    }

    func testCurveKindsFollowTheFontFormat() throws {
        let lib = try FontLibrary()
        func kinds(_ face: Face) -> (quads: Int, cubics: Int) {
            var q = 0, c = 0
            for e in face.outline(glyph: glyph("O", face)).elements {
                if case .quad = e { q += 1 }
                if case .cubic = e { c += 1 }
            }
            return (q, c)
        }
        let cff = kinds(try lib.face(FontDescriptor(family: "Inter")))  // OTF/CFF: cubic
        XCTAssertEqual(cff.quads, 0)
        XCTAssertGreaterThan(cff.cubics, 0)
        let tt = kinds(try lib.face(FontDescriptor(family: "NanumGothic")))  // TrueType: quadratic
        XCTAssertGreaterThan(tt.quads, 0)
        XCTAssertEqual(tt.cubics, 0)
    }

    func testOutlinesAreCachedAndSpacesEmpty() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let g = glyph("g", inter)
        XCTAssertEqual(inter.outline(glyph: g), inter.outline(glyph: g))
        XCTAssertTrue(inter.outline(glyph: glyph(" ", inter)).isEmpty)
        XCTAssertTrue(inter.outline(glyph: 1_000_000).isEmpty)  // out of range: empty, not a crash
    }

    func testFontAwesomeTrash() throws {
        let lib = try FontLibrary()
        let fa = try lib.face(FontDescriptor(family: "FontAwesome"))
        XCTAssertTrue(fa.hasGlyph(for: "\u{F1F8}"))
        let g = glyph("\u{F1F8}", fa)
        XCTAssertNotEqual(g, 0)
        XCTAssertFalse(fa.outline(glyph: g).isEmpty)
        XCTAssertFalse(fa.hasGlyph(for: "\u{F8FF}"))
    }
}

final class ShaperTests: XCTestCase {
    func shape(_ text: String, _ face: Face, size: Double = 17, direction: TextDirection? = nil)
        -> (glyphs: [ShapedGlyph], direction: TextDirection) {
        let scalars = Array(text.unicodeScalars)
        return Shaper.shape(scalars, range: 0..<scalars.count, face: face, size: size, direction: direction)
    }

    func testAdvanceIsInPointsExactly() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let shaped = shape("H", inter)
        XCTAssertEqual(shaped.glyphs.count, 1)

        // Independent reading of the advance through FreeType, unscaled.
        var library: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&library), 0)
        defer { FT_Done_FreeType(library) }
        var ft: FT_Face?
        XCTAssertEqual(FT_New_Face(library, inter.path, 0, &ft), 0)
        defer { FT_Done_Face(ft) }
        XCTAssertEqual(FT_Load_Glyph(ft, shaped.glyphs[0].glyph, Int32(FT_LOAD_NO_SCALE)), 0)
        let hAdvance = Double(ft!.pointee.glyph.pointee.metrics.horiAdvance)
        XCTAssertEqual(shaped.glyphs[0].advance, hAdvance / inter.unitsPerEm * 17, accuracy: 1e-9)
        XCTAssertEqual(shaped.glyphs[0].offset, Point(0, 0))
    }

    func testKerning() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let av = shape("AV", inter).glyphs
        let a = shape("A", inter).glyphs
        XCTAssertEqual(av.count, 2)
        XCTAssertEqual(av[0].glyph, a[0].glyph)
        XCTAssertLessThan(av[0].advance, a[0].advance)
    }

    func testInterHasNoDefaultFiLigatureAndContextualAlternatesAreOff() throws {
        // Inter 4 (the bundled files, from Debian's fonts-inter) has no `liga` feature: "fi" stays f + i. Its `calt` would fuse "->"
        // into an arrow and "3x3" into "3×3", which the iOS system font does not: the shaper turns it off.
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let fi = shape("fi", inter).glyphs
        XCTAssertEqual(fi.count, 2)
        XCTAssertEqual(fi.map(\.cluster), [0, 1])
        XCTAssertEqual(fi[0].glyph, shape("f", inter).glyphs[0].glyph)
        let arrow = shape("->", inter).glyphs
        XCTAssertEqual(arrow.count, 2)
        XCTAssertNotEqual(arrow[0].glyph, shape("\u{2192}", inter).glyphs[0].glyph)
        XCTAssertEqual(shape("3x3", inter).glyphs[1].glyph, shape("x", inter).glyphs[0].glyph)
    }

    func testArabicShapesRightToLeftWithJoinedForms() throws {
        let lib = try FontLibrary()
        let noto = try lib.face(FontDescriptor(family: "Noto Sans Arabic"))
        let word = "مرحبا"
        let shaped = shape(word, noto)
        XCTAssertEqual(shaped.direction, .rightToLeft)
        XCTAssertEqual(shaped.glyphs.count, 5)
        // Visual order: the last letter (alef) first, the first letter (meem) last.
        XCTAssertEqual(shaped.glyphs.map(\.cluster), [4, 3, 2, 1, 0])
        let isolated = word.unicodeScalars.map { shape(String($0), noto).glyphs[0].glyph }
        let joined = Array(shaped.glyphs.reversed()).map(\.glyph)
        for i in 0..<5 {
            XCTAssertNotEqual(joined[i], isolated[i], "letter \(i) should take a joined form")
        }
        XCTAssertTrue(shaped.glyphs.allSatisfy { $0.advance > 0 })
    }

    func testArabicRunUsesParagraphContext() throws {
        let lib = try FontLibrary()
        let noto = try lib.face(FontDescriptor(family: "Noto Sans Arabic"))
        let scalars = Array("مرحبا".unicodeScalars)
        // Hah alone is isolated; within the word it is initial (joins to beh on its left).
        let inContext = Shaper.shape(scalars, range: 2..<3, face: noto, size: 17, direction: nil)
        let alone = Shaper.shape([scalars[2]], range: 0..<1, face: noto, size: 17, direction: nil)
        XCTAssertEqual(inContext.glyphs.count, 1)
        XCTAssertEqual(inContext.glyphs[0].cluster, 2)
        XCTAssertEqual(inContext.direction, .rightToLeft)
        XCTAssertNotEqual(inContext.glyphs[0].glyph, alone.glyphs[0].glyph)
        let whole = shape("مرحبا", noto).glyphs
        XCTAssertEqual(inContext.glyphs[0].glyph, whole.first { $0.cluster == 2 }!.glyph)
    }

    func testExplicitDirectionAndRanges() throws {
        let lib = try FontLibrary()
        let inter = try lib.face(FontDescriptor(family: "Inter"))
        let scalars = Array("Hello world".unicodeScalars)
        let run = Shaper.shape(scalars, range: 6..<11, face: inter, size: 12, direction: .leftToRight)
        XCTAssertEqual(run.direction, .leftToRight)
        XCTAssertEqual(run.glyphs.map(\.cluster), [6, 7, 8, 9, 10])
        let rtl = Shaper.shape(scalars, range: 0..<5, face: inter, size: 12, direction: .rightToLeft)
        XCTAssertEqual(rtl.direction, .rightToLeft)
        XCTAssertEqual(rtl.glyphs.map(\.cluster), [4, 3, 2, 1, 0])
        let empty = Shaper.shape(scalars, range: 3..<3, face: inter, size: 12, direction: nil)
        XCTAssertTrue(empty.glyphs.isEmpty)
    }

    func testHangul() throws {
        let lib = try FontLibrary()
        let nanum = try lib.face(FontDescriptor(family: "NanumGothic"))
        let shaped = shape("안녕하세요", nanum)
        XCTAssertEqual(shaped.direction, .leftToRight)
        XCTAssertEqual(shaped.glyphs.count, 5)
        XCTAssertEqual(shaped.glyphs.map(\.cluster), [0, 1, 2, 3, 4])
        XCTAssertFalse(shaped.glyphs.contains { $0.glyph == 0 })
    }

    func testFontAwesomeShapes() throws {
        let lib = try FontLibrary()
        let fa = try lib.face(FontDescriptor(family: "FontAwesome"))
        let shaped = shape("\u{F1F8}", fa, size: 20)
        XCTAssertEqual(shaped.glyphs.count, 1)
        XCTAssertNotEqual(shaped.glyphs[0].glyph, 0)
        XCTAssertGreaterThan(shaped.glyphs[0].advance, 0)
    }

    func testDeterministicAcrossLibraries() throws {
        let text = "Typography AVA fi -> مرحبا 안녕"
        var results: [[ShapedGlyph]] = []
        var outlines: [Path] = []
        for _ in 0..<3 {
            let lib = try FontLibrary()
            let inter = try lib.face(FontDescriptor(family: "Inter", weight: .medium))
            results.append(shape(text, inter, size: 13.5).glyphs)
            outlines.append(inter.outline(glyph: results.last![0].glyph))
        }
        XCTAssertEqual(results[0], results[1])
        XCTAssertEqual(results[1], results[2])
        XCTAssertEqual(outlines[0], outlines[2])
    }
}

final class LifetimeTests: XCTestCase {
    func testFacesOutliveTheirLibrary() throws {
        var face: Face?
        do {
            let lib = try FontLibrary()
            face = try lib.face(FontDescriptor(family: "Inter", weight: .bold))
        }
        let inter = try XCTUnwrap(face)
        let shaped = Shaper.shape(Array("Hi".unicodeScalars), range: 0..<2, face: inter, size: 10, direction: nil)
        XCTAssertEqual(shaped.glyphs.count, 2)
        XCTAssertFalse(inter.outline(glyph: shaped.glyphs[0].glyph).isEmpty)
    }
}
