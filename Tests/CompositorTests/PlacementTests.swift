import Foundation
import Geometry
import LayerTree
import Raster
import XCTest

/// position places the anchor point in the superlayer; transform acts about the anchor point; bounds.origin
/// is the coordinate of the layer's top-left in its own space, so changing it shifts the sublayers (a scroll
/// view's contentOffset) while the layer itself stays put.
final class PlacementTests: XCTestCase {
    /// Counts the pixels of one exact color.
    func count(_ p: Pixmap, _ color: RGB) -> Int {
        var n = 0
        for y in 0..<p.height { for x in 0..<p.width where rgb(p, x, y) == color { n += 1 } }
        return n
    }

    func testRotationIsAboutTheAnchorPoint() throws {
        // A red 20 × 10 layer at position (30, 30) rotated by +90° about z. In the row-vector convention
        // (x, y) → (x cos a − y sin a, x sin a + y cos a) = (−y, x): the layer's +x axis turns to +y (down,
        // clockwise on screen, as on iOS).
        //   anchorPoint (0, 0):     its top edge runs down from (30, 30): device x 20..30, y 30..50.
        //   anchorPoint (0.5, 0.5): a 10 × 20 upright bar centered at (30, 30): x 25..35, y 20..40.
        //   anchorPoint (1, 1):     the anchor (20, 10) is at (30, 30): x 30..40, y 10..30.
        func rotated(anchor: Point) throws -> Pixmap {
            var layer = Layer(name: "bar")
            layer.bounds = Rect(0, 0, 20, 10)
            layer.anchorPoint = anchor
            layer.position = Point(30, 30)
            layer.transform = .rotation(.pi / 2, 0, 0, 1)
            layer.backgroundColor = .red
            return try render([layer], width: 60, height: 60)
        }
        let topLeft = try rotated(anchor: Point(0, 0))
        assertPixel(topLeft, 20, 30, .red); assertPixel(topLeft, 29, 49, .red)
        assertPixel(topLeft, 19, 40, .white); assertPixel(topLeft, 30, 40, .white)
        assertPixel(topLeft, 25, 29, .white); assertPixel(topLeft, 25, 50, .white)
        XCTAssertEqual(count(topLeft, .red), 200, "the whole 10 × 20 area, on whole pixels")

        let center = try rotated(anchor: Point(0.5, 0.5))
        assertPixel(center, 25, 20, .red); assertPixel(center, 34, 39, .red)
        assertPixel(center, 24, 30, .white); assertPixel(center, 35, 30, .white)
        assertPixel(center, 30, 19, .white); assertPixel(center, 30, 40, .white)
        XCTAssertEqual(count(center, .red), 200)

        let bottomRight = try rotated(anchor: Point(1, 1))
        assertPixel(bottomRight, 30, 10, .red); assertPixel(bottomRight, 39, 29, .red)
        assertPixel(bottomRight, 29, 20, .white); assertPixel(bottomRight, 40, 20, .white)
        XCTAssertEqual(count(bottomRight, .red), 200)
    }

    func testAnchorPointPlacesTheLayerWithoutTransform() throws {
        // bounds 20 × 10, position (30, 30): anchorPoint (0, 0) puts the top-left at the position, (1, 0.5)
        // the middle of the right edge: x 10..30, y 25..35.
        var layer = Layer(name: "bar")
        layer.bounds = Rect(0, 0, 20, 10)
        layer.position = Point(30, 30)
        layer.backgroundColor = .red
        layer.anchorPoint = Point(0, 0)
        var p = try render([layer], width: 60, height: 60)
        assertPixel(p, 30, 30, .red); assertPixel(p, 49, 39, .red)
        assertPixel(p, 29, 35, .white); assertPixel(p, 40, 40, .white)
        XCTAssertEqual(count(p, .red), 200)
        layer.anchorPoint = Point(1, 0.5)
        p = try render([layer], width: 60, height: 60)
        assertPixel(p, 10, 25, .red); assertPixel(p, 29, 34, .red)
        assertPixel(p, 30, 30, .white); assertPixel(p, 9, 30, .white)
        XCTAssertEqual(count(p, .red), 200)
    }

    func testBoundsOriginShiftsSublayersButNotTheLayer() throws {
        // A green 40 × 40 layer at position (30, 30) (frame (10, 10, 40, 40)) whose bounds origin is
        // (0, 15), like a scroll view scrolled down 15 pt. Its anchor in its own space is (20, 35), so a point
        // p of it lands at p + (10, −5). Sublayers:
        //   red  at (0, 15, 40, 10) in its space → device (10..50, 10..20): at the top of the layer
        //   blue at (0,  0, 40, 10) in its space → device (10..50, −5..5): scrolled out, clipped by masksToBounds
        var layer = Layer(name: "scroll")
        layer.bounds = Rect(0, 15, 40, 40)
        layer.position = Point(30, 30)
        layer.backgroundColor = .green
        layer.masksToBounds = true
        layer.sublayers = [solid(Rect(0, 15, 40, 10), .red), solid(Rect(0, 0, 40, 10), .blue)]
        let p = try render([layer], width: 60, height: 60)
        assertPixel(p, 10, 10, .red, "the sublayer at the bounds origin shows at the layer's top-left")
        assertPixel(p, 49, 19, .red)
        assertPixel(p, 30, 20, .green, "the layer's background stays at its frame")
        assertPixel(p, 49, 49, .green)
        assertPixel(p, 30, 50, .white)
        assertPixel(p, 9, 30, .white)
        assertPixel(p, 30, 2, .white, "the blue sublayer is above the bounds, clipped")
        XCTAssertEqual(count(p, .blue), 0)
        // Unclipped, the blue sublayer shows where the bounds origin puts it: device y 0..5 (−5..0 is off
        // the canvas).
        layer.masksToBounds = false
        let unclipped = try render([layer], width: 60, height: 60)
        assertPixel(unclipped, 30, 2, .blue)
        assertPixel(unclipped, 30, 5, .white)
        XCTAssertEqual(count(unclipped, .blue), 40 * 5)
    }

    func testABackFacingLayerIsDrawnMirroredAsWithTheDefaultIsDoubleSided() throws {
        // CALayer.isDoubleSided defaults to true: a layer turned away from the viewer is drawn, mirrored.
        // (Single-sided layers are in DoubleSidedTests.) A 40 × 20 layer at (10, 10): red left half, blue
        // right half, rotated 180° about y about its anchor (30, 20): x → 60 − x, so blue is now on the left
        // (10..30), red on the right.
        var card = Layer(name: "card", frame: Rect(10, 10, 40, 20))
        card.sublayers = [solid(Rect(0, 0, 20, 20), .red), solid(Rect(20, 0, 20, 20), .blue)]
        card.transform = .rotation(.pi, 0, 1, 0)
        let p = try render([card], width: 60, height: 40)
        assertPixel(p, 12, 20, .blue, "mirrored: blue on the left")
        assertPixel(p, 28, 20, .blue)
        assertPixel(p, 32, 20, .red, "mirrored: red on the right")
        assertPixel(p, 48, 20, .red)
        assertPixel(p, 8, 20, .white)
        assertPixel(p, 51, 20, .white)
        // Turned 120° about y under a perspective (eye at 200) the card still faces away and is still drawn.
        card.transform = Transform3D.perspective(eyeDistance: 200).rotated(2 * .pi / 3, 0, 1, 0)
        let tilted = try render([card], width: 60, height: 40)
        assertPixel(tilted, 26, 20, .blue, "back face drawn, blue on the left")
        assertPixel(tilted, 34, 20, .red, "back face drawn, red on the right")
    }
}
