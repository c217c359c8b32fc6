import Compositor
import Geometry
import LayerTree
import Raster
import XCTest

/// CALayer.contents as a bitmap: contentsGravity, contentsScale, contentsRect and masksToBounds as on iOS.
final class ImageContentsTests: XCTestCase {
    /// 2 × 1 pixels: red, then blue (opaque, premultiplied packing r | g << 8 | b << 16 | a << 24).
    let picture = LayerImage(name: "rb.png", width: 2, height: 1, premultipliedPixels: [0xFF00_00FF, 0xFFFF_0000])!

    func layer(_ gravity: ContentsGravity, scale: Double = 1, masks: Bool = false) -> Layer {
        var l = Layer(frame: Rect(10, 10, 40, 20))
        l.contents = .image(picture)
        l.contentsGravity = gravity
        l.contentsScale = scale
        l.masksToBounds = masks
        return l
    }

    func testResizeStretchesOverTheBounds() throws {
        let p = try render([layer(.resize)], width: 60, height: 40)
        assertPixel(p, 15, 20, .red)
        assertPixel(p, 45, 20, .blue)
        assertPixel(p, 5, 20, .white)
        assertPixel(p, 30, 35, .white)
    }

    func testTheAspectGravitiesFitOrFill() throws {
        // 40 × 20 bounds, a 2:1 image: resizeAspect fits it exactly; a 1:1 image would leave bands.
        var square = layer(.resizeAspect)
        square.contents = .image(LayerImage(name: "r.png", width: 1, height: 1, premultipliedPixels: [0xFF00_00FF])!)
        let fit = try render([square], width: 60, height: 40)
        assertPixel(fit, 30, 20, .red)
        assertPixel(fit, 15, 20, .white, "resizeAspect leaves the sides")
        square.contentsGravity = .resizeAspectFill
        let fill = try render([square], width: 60, height: 40)
        assertPixel(fill, 30, 5, .red, "resizeAspectFill overhangs the bounds without masksToBounds")
        square.masksToBounds = true
        let clipped = try render([square], width: 60, height: 40)
        assertPixel(clipped, 30, 5, .white, "masksToBounds clips it to the bounds")
        assertPixel(clipped, 15, 20, .red)
    }

    func testFixedGravitiesKeepTheNaturalSizeAtContentsScale() throws {
        // At contentsScale 0.1 the 2 × 1 image is 20 × 10 pt, magnified with a linear filter (as the device's
        // default magnificationFilter), so its two colors are pure only outside their texels' centers.
        let center = try render([layer(.center, scale: 0.1)], width: 60, height: 40)
        assertPixel(center, 21, 20, .red)
        assertPixel(center, 38, 20, .blue)
        assertPixel(center, 15, 20, .white)
        assertPixel(center, 30, 12, .white)
        let topLeft = try render([layer(.topLeft, scale: 0.1)], width: 60, height: 40)
        assertPixel(topLeft, 11, 12, .red)
        assertPixel(topLeft, 28, 12, .blue)
        assertPixel(topLeft, 12, 25, .white)
        let bottomRight = try render([layer(.bottomRight, scale: 0.1)], width: 60, height: 40)
        assertPixel(bottomRight, 48, 27, .blue)
        assertPixel(bottomRight, 31, 27, .red)
        assertPixel(bottomRight, 47, 13, .white)
    }

    func testContentsRectSelectsAPart() throws {
        var l = layer(.resize)
        l.contentsRect = Rect(0.5, 0, 0.5, 1)
        let p = try render([l], width: 60, height: 40)
        assertPixel(p, 15, 20, .blue)
        assertPixel(p, 45, 20, .blue)
    }

    func testAnImageMustHavePixelsAndASizeWithinTheLimit() {
        XCTAssertNil(LayerImage(name: "x", width: 0, height: 1, premultipliedPixels: []))
        XCTAssertNil(LayerImage(name: "x", width: 2, height: 2, premultipliedPixels: [0]))
        XCTAssertNil(LayerImage(name: "x", width: LayerImage.maxSide + 1, height: 1,
                                premultipliedPixels: [UInt32](repeating: 0, count: LayerImage.maxSide + 1)))
    }
}
