import Geometry
import LayerTree
import Raster
import XCTest

/// CALayer.opacity is group opacity (UIViewGroupOpacity, on by default since iOS 7): the layer and its
/// sublayers are composited together first, then the result is faded as one image.
///
/// Expected bytes: the renderer, like Core Graphics, works in 8-bit premultiplied sRGB. Opacity 0.5 becomes
/// α = round(0.5 × 255) = 128. An opaque channel value v faded by α is v·α/255 (255 → 128, 0 → 0) and
/// source-over white adds 255 × (255 − 128)/255 = 127. So opaque blue at group opacity 0.5 over white is
/// (0 + 127, 0 + 127, 128 + 127) = (127, 127, 255); the real-valued answer 127.5 rounds either way, hence a
/// tolerance of 1.
final class GroupOpacityTests: XCTestCase {
    func testOverlapOfTwoOpaqueSublayersIsNotDarkerUnderGroupOpacity() throws {
        // A 40 × 10 group at (5, 5) with opacity 0.5 holding red (0..25) and blue (15..40) in its own space:
        // blue is above red on 15..25.
        var group = Layer(name: "group", frame: Rect(5, 5, 40, 10))
        group.opacity = 0.5
        group.sublayers = [solid(Rect(0, 0, 25, 10), .red), solid(Rect(15, 0, 25, 10), .blue)]
        let p = try render([group], width: 50, height: 20)

        // Flattened first: the group image is red on x 5..20 and plain blue on 20..45 (the overlap shows only
        // the upper layer). Faded then: red → (255, 127, 127), blue → (127, 127, 255).
        let fadedRed = RGB(255, 127, 127), fadedBlue = RGB(127, 127, 255)
        assertPixel(p, 10, 10, fadedRed, tolerance: 1, "red only")
        assertPixel(p, 25, 10, fadedBlue, tolerance: 1, "overlap")
        assertPixel(p, 40, 10, fadedBlue, tolerance: 1, "blue only")
        // The overlap is exactly the same color as the non-overlapping blue, not darker.
        XCTAssertEqual(rgb(p, 25, 10), rgb(p, 40, 10))
        // Were each sublayer faded on its own, the overlap would be blue·0.5 over (red·0.5 over white):
        // (63, 63, 191). Make sure it is far from that.
        XCTAssertGreaterThan(rgb(p, 25, 10).r, 120)
        // Outside the group the background is untouched; the group's edges lie on whole pixels.
        assertPixel(p, 2, 10, .white)
        assertPixel(p, 47, 10, .white)
        assertPixel(p, 25, 2, .white)
        assertPixel(p, 5, 5, fadedRed, tolerance: 1, "group's top-left pixel")
        assertPixel(p, 44, 14, fadedBlue, tolerance: 1, "group's bottom-right pixel")
    }

    func testOwnBackgroundDoesNotShowThroughAnOpaqueSublayerUnderGroupOpacity() throws {
        // A red-backed layer with opacity 0.5 and an opaque blue sublayer over its right half, at scale 2.
        // Group opacity: where blue covers red, only blue is faded: (127, 127, 255), not blue over faded red.
        var layer = solid(Rect(0, 0, 20, 10), .red)
        layer.opacity = 0.5
        layer.sublayers = [solid(Rect(10, 0, 10, 10), .blue)]
        let p = try render([layer], width: 20, height: 10, scale: 2)
        XCTAssertEqual(p.width, 40)
        assertPixel(p, 5, 10, RGB(255, 127, 127), tolerance: 1, "faded red background")
        assertPixel(p, 30, 10, RGB(127, 127, 255), tolerance: 1, "faded blue over the background")
        XCTAssertEqual(rgb(p, 21, 10), rgb(p, 39, 19), "the whole blue half is one color")
    }

    func testTheShadowIsPartOfTheGroupThatIsFaded() throws {
        // A white card at opacity 0.5 with a black shadow (opacity 1, radius 2, offset 0, 6) over white. The
        // shadow and the card are composited first, then faded: inside the card the opaque white covers the
        // shadow, so it stays white; below the card the shadow shows, faded. (Fading the shadow and the card
        // apart let the shadow through the card: VegaStyle_Reverse's faded cards are white inside.)
        var card = solid(Rect(10, 10, 30, 20), .white)
        card.opacity = 0.5
        card.shadowOpacity = 1
        card.shadowRadius = 2
        card.shadowOffset = Point(0, 6)
        let p = try render([card], width: 50, height: 50)
        assertPixel(p, 25, 20, .white, "inside the card, over the shadow")
        assertPixel(p, 25, 28, .white, "inside the card near its bottom edge, the shadow right under it")
        // Below the card, where only the shadow is: black at about full coverage, faded by 0.5 over white.
        let below = rgb(p, 25, 33)
        XCTAssertLessThan(below.r, 160, "the shadow shows below the card")
        XCTAssertGreaterThan(below.r, 120, "faded with the card: not black")
    }

    func testNestedOpacitiesMultiply() throws {
        // Opaque blue inside opacity 0.5 inside opacity 0.5: effective 0.25. 8-bit: the inner group gives
        // (0, 0, 128, 128); faded again by 128: 128·128/255 = 64.25 → 64; over white 255·(255 − 64)/255 = 191.
        // Real-valued: 255 × 0.75 = 191.25. So (191, 191, 255) ± 1.
        var inner = Layer(name: "inner", frame: Rect(0, 0, 10, 10))
        inner.opacity = 0.5
        inner.sublayers = [solid(Rect(0, 0, 10, 10), .blue)]
        var outer = Layer(name: "outer", frame: Rect(5, 5, 10, 10))
        outer.opacity = 0.5
        outer.sublayers = [inner]
        let p = try render([outer], width: 20, height: 20)
        assertPixel(p, 7, 10, RGB(191, 191, 255), tolerance: 1)
        assertPixel(p, 12, 10, RGB(191, 191, 255), tolerance: 1)
        assertPixel(p, 2, 2, .white)
    }
}
