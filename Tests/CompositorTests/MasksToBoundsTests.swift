import Foundation
import Geometry
import LayerTree
import Raster
import XCTest

/// masksToBounds clips the layer's contents and its whole subtree to its bounds, rounded by cornerRadius.
/// The layer's own background and border are drawn as always (the border above the sublayers), cornerRadius
/// alone rounds background and border but clips nothing, and a masking layer casts no shadow.
final class MasksToBoundsTests: XCTestCase {
    /// A 20 × 20 clipping layer at (10, 10) holding a red layer that spills 10 pt past every side, which in
    /// turn holds a blue grandchild at device (25..45)². All edges lie on whole pixels, so values are exact.
    func clipScene(masks: Bool) -> Layer {
        var grandchild = solid(Rect(25, 25, 20, 20), .blue)
        grandchild.name = "grandchild"
        var child = solid(Rect(-10, -10, 40, 40), .red)  // device (0..40)²
        child.sublayers = [grandchild]
        var clip = Layer(name: "clip", frame: Rect(10, 10, 20, 20))
        clip.masksToBounds = masks
        clip.sublayers = [child]
        return clip
    }

    func testSublayersAndTheirSublayersAreClippedToTheBounds() throws {
        let p = try render([clipScene(masks: true)], width: 40, height: 40)
        assertPixel(p, 10, 10, .red, "first pixel inside")
        assertPixel(p, 9, 10, .white, "left of the bounds")
        assertPixel(p, 10, 9, .white, "above the bounds")
        assertPixel(p, 5, 5, .white)
        assertPixel(p, 27, 27, .blue, "grandchild inside the bounds")
        assertPixel(p, 29, 29, .blue, "last pixel inside")
        assertPixel(p, 30, 29, .white, "grandchild right of the bounds")
        assertPixel(p, 29, 30, .white, "grandchild below the bounds")
        assertPixel(p, 35, 35, .white)
        // Everything visible lies in the 20 × 20 bounds: 5 × 5 blue in its bottom-right corner, red elsewhere.
        var red = 0, blue = 0, white = 0
        for y in 0..<40 { for x in 0..<40 {
            switch rgb(p, x, y) { case .red: red += 1; case .blue: blue += 1; case .white: white += 1; default: break }
        } }
        XCTAssertEqual(red, 400 - 25); XCTAssertEqual(blue, 25); XCTAssertEqual(white, 1600 - 400)
    }

    func testWithoutMasksToBoundsTheSameSublayersSpillOver() throws {
        // Control for the test above: the same tree unclipped.
        let p = try render([clipScene(masks: false)], width: 40, height: 40)
        assertPixel(p, 5, 5, .red)
        assertPixel(p, 35, 35, .blue)
        assertPixel(p, 30, 29, .blue)
    }

    func testFractionalBoundsClipWithPartialCoverage() throws {
        // Clip bounds x 10.5..30.5 at scale 1: pixel columns 10 and 30 are half inside. The mask's coverage
        // 0.5 is 128/255 (or 127) in 8 bits; red at coverage 128 over white is (255, 127, 127) ± 1.
        var clip = Layer(name: "clip", frame: Rect(10.5, 10, 20, 20))
        clip.masksToBounds = true
        clip.sublayers = [solid(Rect(-20, -20, 60, 60), .red)]
        let p = try render([clip], width: 40, height: 40)
        assertPixel(p, 9, 20, .white)
        assertPixel(p, 10, 20, RGB(255, 127, 127), tolerance: 1, "half-covered left column")
        assertPixel(p, 11, 20, .red)
        assertPixel(p, 29, 20, .red)
        assertPixel(p, 30, 20, RGB(255, 127, 127), tolerance: 1, "half-covered right column")
        assertPixel(p, 31, 20, .white)
        assertPixel(p, 20, 9, .white)
        assertPixel(p, 20, 30, .white)
    }

    func testRoundedClipUncoversTheCornersByTheQuarterDiskArea() throws {
        // At scale 2: clip frame (5, 5, 30, 30) pt = device (10..70)², cornerRadius 10 pt = R = 20 px, and a
        // red sublayer covering all of it. The top-left corner square (10..30)² keeps only the quarter disk
        // of radius 20 about (30, 30); the rest, (1 − π/4)·R² = 85.84 px², shows the white background.
        var clip = Layer(name: "clip", frame: Rect(5, 5, 30, 30))
        clip.cornerRadius = 10
        clip.masksToBounds = true
        clip.sublayers = [solid(Rect(-10, -10, 50, 50), .red)]
        let p = try render([clip], width: 40, height: 40, scale: 2)
        let R = 20.0, cx = 30.0, cy = 30.0

        // The outermost corner pixel (10, 10): its nearest point (11, 11) is 26.9 px from the center, so it is
        // fully outside: exactly white. Without the rounding it would be red.
        assertPixel(p, 10, 10, .white, "corner pixel")
        assertPixel(p, 11, 11, .white, "next corner pixel")
        assertPixel(p, 69, 69, .white, "opposite corner pixel")
        // The straight edges beyond the corners and the inside are fully covered.
        assertPixel(p, 10, 40, .red, "middle of the left edge")
        assertPixel(p, 40, 10, .red, "middle of the top edge")
        assertPixel(p, 40, 40, .red)
        assertPixel(p, 9, 40, .white)

        // Pixel (12, 20) straddles the arc (at x = 12.5 the arc is at y = 30 − √(20² − 17.5²) = 20.32): partly
        // uncovered. Its exact share of the disk, integrated column by column, with a tolerance for the
        // renderer's flattening of the arc into chords (within 0.2 device px of the curve; over the ≈ 1.2 px
        // of arc in this pixel that is at most ≈ 0.15 of a pixel).
        func diskShare(_ px: Int, _ py: Int) -> Double {
            let steps = 2000
            var area = 0.0
            for i in 0..<steps {
                let x = Double(px) + (Double(i) + 0.5) / Double(steps)
                let dx = x - cx
                guard abs(dx) < R else { continue }
                let half = (R * R - dx * dx).squareRoot()
                let lo = max(Double(py), cy - half), hi = min(Double(py + 1), cy + half)
                area += max(0, hi - lo) / Double(steps)
            }
            return area
        }
        let expected = diskShare(12, 20)
        let covered = coverageOfRed(p, 12, 20)
        XCTAssertGreaterThan(covered, 0.05, "the arc pixel is partly covered")
        XCTAssertLessThan(covered, 0.95, "the arc pixel is partly uncovered")
        XCTAssertEqual(covered, expected, accuracy: 0.15, "pixel (12, 20): analytic disk share \(expected)")

        // Uncovered area of each corner square (each R × R): (1 − π/4)·R² = 85.84 px². The renderer flattens
        // the arc into chords within 0.2 device px of it, and chords lie inside the arc, so it may uncover
        // more, by at most (2/3)·sagitta·arc length = (2/3)·0.2·(πR/2) ≈ 4.2 px², and less only by the
        // cubic's bulge outside the circle (≤ 0.03 % of R) and 8-bit coverage: 0.3 px² covers both. A radius
        // off by half a point (1 px) would move the area by ≈ 8.8 px².
        let analytic = (1 - Double.pi / 4) * R * R
        for (x0, y0) in [(10, 10), (50, 10), (10, 50), (50, 50)] {
            var uncovered = 0.0
            for y in y0..<(y0 + 20) { for x in x0..<(x0 + 20) { uncovered += 1 - coverageOfRed(p, x, y) } }
            XCTAssertGreaterThan(uncovered, analytic - 0.3, "corner square at (\(x0), \(y0))")
            XCTAssertLessThan(uncovered, analytic + 4.2, "corner square at (\(x0), \(y0))")
        }
    }

    func testBackgroundAndBorderAreDrawnWithTheBorderAboveClippedSublayers() throws {
        // Green-backed 40 × 40 layer at (10, 10) with a 4 pt black border, masksToBounds, and a red sublayer
        // covering its left half and spilling 20 pt beyond the top, left and bottom.
        var layer = solid(Rect(10, 10, 40, 40), .green)
        layer.borderWidth = 4
        layer.borderColor = .black
        layer.masksToBounds = true
        layer.sublayers = [solid(Rect(-20, -20, 40, 80), .red)]  // device x −10..30, y −10..70
        let p = try render([layer], width: 60, height: 60)
        assertPixel(p, 5, 30, .white, "sublayer clipped left of the bounds")
        assertPixel(p, 20, 5, .white, "sublayer clipped above the bounds")
        assertPixel(p, 20, 55, .white, "sublayer clipped below the bounds")
        assertPixel(p, 20, 30, .red, "sublayer over the background")
        assertPixel(p, 40, 30, .green, "own background where no sublayer is")
        // Order within a layer: background, contents, sublayers, border. The border stays on top of the
        // sublayer on all sides, and is itself not removed by the clip.
        assertPixel(p, 10, 30, .black, "left border over the sublayer")
        assertPixel(p, 13, 30, .black, "left border, inner pixel")
        assertPixel(p, 14, 30, .red, "first pixel past the left border")
        assertPixel(p, 20, 10, .black, "top border over the sublayer")
        assertPixel(p, 20, 49, .black, "bottom border over the sublayer")
        assertPixel(p, 49, 30, .black, "right border")
        assertPixel(p, 45, 30, .green, "first pixel inside the right border")
    }

    func testCornerRadiusAloneRoundsTheBackgroundButDoesNotClipSublayers() throws {
        // cornerRadius without masksToBounds: the green background (device (10..50)², radius 10) loses its
        // corners, yet a red sublayer poking out of the top-left corner (device (5..15)²) is drawn whole.
        func scene(masks: Bool) -> Layer {
            var layer = solid(Rect(10, 10, 40, 40), .green)
            layer.cornerRadius = 10
            layer.masksToBounds = masks
            layer.sublayers = [solid(Rect(-5, -5, 10, 10), .red)]
            return layer
        }
        let p = try render([scene(masks: false)], width: 60, height: 60)
        assertPixel(p, 6, 6, .red, "outside the bounds, not clipped")
        assertPixel(p, 10, 10, .red, "in the rounded-off corner, not clipped")
        // The background's own corner (10..20 about (40, 40)): pixel (49, 49) is 12.7 px from the center.
        assertPixel(p, 49, 49, .white, "rounded background corner")
        assertPixel(p, 49, 30, .green, "background along the straight edge")
        // With masksToBounds the same sublayer loses everything outside the rounded bounds.
        let clipped = try render([scene(masks: true)], width: 60, height: 60)
        assertPixel(clipped, 6, 6, .white)
        assertPixel(clipped, 10, 10, .white, "rounded-off corner")
        assertPixel(clipped, 14, 14, .red, "inside the arc (pixel corners 7.1 to 8.5 px from its center)")
    }

    func testAMaskingLayerCastsNoShadow() throws {
        // Core Animation clips the shadow of a layer with masksToBounds (the reason for separate shadow
        // views). A 20 × 20 green layer with an opaque black shadow offset 10 pt down, blur radius 1:
        // pixel (20, 35) lies 5 pt inside the shadow rectangle (10..30, 20..40), well past the blur.
        func scene(masks: Bool) -> Layer {
            var layer = solid(Rect(10, 10, 20, 20), .green)
            layer.shadowOpacity = 1
            layer.shadowOffset = Point(0, 10)
            layer.shadowRadius = 1
            layer.masksToBounds = masks
            return layer
        }
        let shadowed = try render([scene(masks: false)], width: 40, height: 45)
        XCTAssertLessThan(rgb(shadowed, 20, 35).r, 10, "control: the unmasked layer's shadow is dark there")
        let masked = try render([scene(masks: true)], width: 40, height: 45)
        assertPixel(masked, 20, 35, .white, "no shadow under masksToBounds")
        assertPixel(masked, 20, 20, .green)
    }
}
