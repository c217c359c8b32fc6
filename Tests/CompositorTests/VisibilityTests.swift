import Geometry
import LayerTree
import Raster
import XCTest

/// A hidden layer and a layer with opacity 0 draw nothing, sublayers included; hiding a sublayer leaves its
/// superlayer and siblings drawn.
final class VisibilityTests: XCTestCase {
    /// A red 20 × 20 layer with a border and a shadow holding an opaque blue sublayer: something visible
    /// in every part of the layer's drawing.
    func busyLayer() -> Layer {
        var layer = solid(Rect(5, 5, 20, 20), .red)
        layer.borderWidth = 2
        layer.borderColor = .black
        layer.shadowOpacity = 1
        layer.sublayers = [solid(Rect(5, 5, 10, 10), .blue)]
        return layer
    }

    func testControlTheBusyLayerDraws() throws {
        let p = try render([busyLayer()], width: 30, height: 30)
        XCTAssertFalse(isBlank(p))
        assertPixel(p, 15, 15, .blue)
        assertPixel(p, 8, 15, .red)
        assertPixel(p, 5, 15, .black)
    }

    func testHiddenLayerDrawsNothing() throws {
        var layer = busyLayer()
        layer.isHidden = true
        XCTAssertTrue(isBlank(try render([layer], width: 30, height: 30)))
        // A plain filled layer too (a single fill, which needs no offscreen group).
        var plain = solid(Rect(5, 5, 20, 20), .red)
        plain.isHidden = true
        XCTAssertTrue(isBlank(try render([plain], width: 30, height: 30)))
    }

    func testZeroOpacityDrawsNothing() throws {
        var layer = busyLayer()
        layer.opacity = 0
        XCTAssertTrue(isBlank(try render([layer], width: 30, height: 30)))
        var plain = solid(Rect(5, 5, 20, 20), .red)
        plain.opacity = 0
        XCTAssertTrue(isBlank(try render([plain], width: 30, height: 30)))
    }

    func testHiddenSuperlayerHidesItsSublayers() throws {
        // An empty, hidden container holding the visible busy layer: nothing at all.
        var container = Layer(name: "container", frame: Rect(0, 0, 30, 30))
        container.isHidden = true
        container.sublayers = [busyLayer()]
        XCTAssertTrue(isBlank(try render([container], width: 30, height: 30)))
        // Opacity 0 on the container does the same.
        container.isHidden = false
        container.opacity = 0
        XCTAssertTrue(isBlank(try render([container], width: 30, height: 30)))
    }

    func testHiddenSublayerLeavesItsSuperlayerAndSiblingsDrawn() throws {
        // The busy layer with its blue sublayer hidden, plus a green sibling sublayer at (1..4) that stays.
        var layer = busyLayer()
        layer.sublayers[0].isHidden = true
        layer.sublayers.append(solid(Rect(2, 2, 3, 3), .green))
        let p = try render([layer], width: 30, height: 30)
        assertPixel(p, 15, 15, .red, "the hidden sublayer left the background showing")
        assertPixel(p, 8, 8, .green, "its sibling is drawn")
        assertPixel(p, 5, 15, .black, "the superlayer's border is drawn")
    }
}
