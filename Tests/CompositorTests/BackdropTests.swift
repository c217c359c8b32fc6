import Geometry
import LayerTree
import Raster
import XCTest

/// A backdrop effect (what UIVisualEffectView's backdrop layer does) filters what is already drawn behind the
/// layer, only within the layer's bounds, before the layer's own drawing; siblings drawn later are untouched.
final class BackdropTests: XCTestCase {
    /// A black | white edge at x = 50 under a backdrop layer over x 30..70: inside, the edge is spread as a
    /// Gaussian of σ = 4 px spreads it (Φ(±1) ≈ 0.16 / 0.84 one σ either side, measured with the box
    /// approximation's tolerance); outside the layer the edge stays hard.
    func testBlursOnlyWhatIsBehindWithinTheBounds() throws {
        var effect = Layer(name: "blur", frame: Rect(30, 0, 40, 40))
        effect.backdrop = BackdropEffect(blurRadius: 4)
        let p = try render([solid(Rect(0, 0, 50, 60), .black), effect], width: 100, height: 60)
        // Inside (rows 0..40): the edge is soft.
        XCTAssertEqual(rgb(p, 50, 20).r, 128, accuracy: 12, "the edge's middle is half way")
        XCTAssertEqual(rgb(p, 46, 20).r, Int(0.16 * 255), accuracy: 14, "one σ into the black")
        XCTAssertEqual(rgb(p, 54, 20).r, Int(0.84 * 255), accuracy: 14, "one σ into the white")
        assertPixel(p, 35, 20, .black, tolerance: 1, "far from the edge, black stays black")
        // Below the layer (rows 40..60) the edge is as drawn.
        assertPixel(p, 49, 50, .black)
        assertPixel(p, 50, 50, .white)
        // Beside the layer, also untouched.
        assertPixel(p, 29, 20, .black)
    }

    /// The tint is laid over the filtered backdrop, faded by the layer's opacity like everything it draws.
    func testTintAndOpacity() throws {
        var effect = Layer(name: "tint", frame: Rect(0, 0, 20, 20))
        effect.backdrop = BackdropEffect(blurRadius: 0, tint: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        effect.opacity = 0.5
        let p = try render([effect], width: 20, height: 20)
        // Black at 0.5 × 0.5 = 0.25 over white: 255 × 0.75 ≈ 191.
        XCTAssertEqual(rgb(p, 10, 10).r, 191, accuracy: 1)
    }

    /// Saturation 0 leaves each pixel's Rec. 709 luma: pure red becomes 0.2126 × 255 ≈ 54 in every channel.
    func testSaturationZeroIsLuma() throws {
        var effect = Layer(name: "gray", frame: Rect(0, 0, 20, 20))
        effect.backdrop = BackdropEffect(blurRadius: 0, saturation: 0)
        let p = try render([solid(Rect(0, 0, 20, 20), .red), effect], width: 20, height: 20)
        assertPixel(p, 10, 10, RGB(54, 54, 54), tolerance: 1)
    }

    /// Layers drawn after the backdrop layer (its own sublayers, later siblings) are drawn sharp over it.
    func testLaterLayersAreNotFiltered() throws {
        var effect = Layer(name: "blur", frame: Rect(0, 0, 40, 40))
        effect.backdrop = BackdropEffect(blurRadius: 6)
        effect.sublayers = [solid(Rect(10, 10, 10, 10), .blue)]
        let p = try render([solid(Rect(0, 0, 20, 40), .black), effect], width: 40, height: 40)
        assertPixel(p, 10, 10, .blue)
        assertPixel(p, 19, 19, .blue)
    }
}
