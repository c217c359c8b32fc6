import Compositor
import Geometry
import LayerTree
import Raster
import XCTest

/// `.shapes` contents: CAShapeLayer's fill rules, drawn through the layer's map, faded as a group.
final class ShapesContentsTests: XCTestCase {
    /// A 20 pt square with a 10 pt square inside it, both wound the same way.
    static let nested: Path = {
        var p = Path.rect(Rect(0, 0, 20, 20))
        p.append(.rect(Rect(5, 5, 10, 10)))
        return p
    }()

    func layer(_ shapes: [FilledShape], frame: Rect = Rect(10, 10, 20, 20)) -> Layer {
        var l = Layer(frame: frame)
        l.contents = .shapes(shapes)
        return l
    }

    func testNonZeroFillsTheInnerSquareAndEvenOddLeavesAHole() throws {
        let nonZero = try render([layer([FilledShape(path: Self.nested, fill: .red, rule: .nonZero)])], width: 40, height: 40)
        XCTAssertEqual(rgb(nonZero, 20, 20), .red)
        XCTAssertEqual(rgb(nonZero, 12, 12), .red)
        let evenOdd = try render([layer([FilledShape(path: Self.nested, fill: .red, rule: .evenOdd)])], width: 40, height: 40)
        XCTAssertEqual(rgb(evenOdd, 20, 20), .white)
        XCTAssertEqual(rgb(evenOdd, 12, 12), .red)
        XCTAssertEqual(rgb(evenOdd, 5, 5), .white)
    }

    func testPathsAreInTheLayersSpaceAndFollowItsTransform() throws {
        var l = layer([FilledShape(path: .rect(Rect(0, 0, 10, 10)), fill: .blue)])
        l.transform = .scale(-1, 1, 1)  // mirrored about the anchor: the square moves to the right half
        let image = try render([l], width: 40, height: 40)
        XCTAssertEqual(rgb(image, 15, 15), .white)
        XCTAssertEqual(rgb(image, 25, 15), .blue)
    }

    func testOverlappingShapesFadeAsOneGroup() throws {
        var l = layer([FilledShape(path: .rect(Rect(0, 0, 20, 20)), fill: .red), FilledShape(path: .rect(Rect(0, 0, 20, 20)), fill: .blue)])
        l.opacity = 0.5
        let image = try render([l], width: 40, height: 40)
        // Blue over red composited first, then faded: no red shows through.
        XCTAssertEqual(rgb(image, 20, 20), RGB(127, 127, 255))
    }

    func testShapesOutsideTheBoundsStillDraw() throws {
        let image = try render([layer([FilledShape(path: .rect(Rect(-10, -10, 5, 5)), fill: .green)])], width: 40, height: 40)
        XCTAssertEqual(rgb(image, 2, 2), .green)
    }
}

/// Glyph contents in SF Symbols' multicolor rendering: the drawn parts keep their own colors.
final class MulticolorGlyphTests: XCTestCase {
    func testHexagonGridDotsKeepTheirColorsWhateverTheGlyphsColor() throws {
        var l = Layer(frame: Rect(0, 0, 44, 44))
        l.contents = .glyph(GlyphContents(.circleHexagongrid, size: 44, color: .red))
        // At 44 pt (twice the 22-pt drawing) the middle dot is 13.2 across: its center pixel is black, the
        // upper left one's (8.29, 14.86 from the middle) the green measured on VegaStyle, between them white.
        let image = try render([l], width: 44, height: 44)
        XCTAssertEqual(rgb(image, 22, 22), .black)
        XCTAssertEqual(rgb(image, 22 - 8, 22 - 15), RGB(0x37, 0xC8, 0x5A))
        XCTAssertEqual(rgb(image, 22 - 4, 22 - 8), .white)
        XCTAssertFalse((0..<44).contains { x in (0..<44).contains { y in rgb(image, x, y) == .red } })
    }
}
