import Compositor
import Foundation
import Geometry
import LayerTree
import Raster
import XCTest

/// CALayer.isDoubleSided = false: a layer is not drawn, sublayers included, while it shows its back to the
/// viewer of its superlayer's plane (LayerRenderer.showsBackFace). Where a single-sided layer draws nothing,
/// the test also draws it double-sided, so the blank is the culling and not geometry that covers nothing.
final class DoubleSidedTests: XCTestCase {
    /// A 40 × 20 card at (10, 10): red left half, blue right half (as sublayers), single-sided.
    func card(_ transform: Transform3D, doubleSided: Bool = false) -> Layer {
        var card = Layer(name: "card", frame: Rect(10, 10, 40, 20))
        card.sublayers = [solid(Rect(0, 0, 20, 20), .red), solid(Rect(20, 0, 20, 20), .blue)]
        card.transform = transform
        card.isDoubleSided = doubleSided
        return card
    }

    /// A `width` × `height` layer covering the canvas whose sublayerTransform is a perspective with the eye at
    /// `eye`, about its centre.
    func stage(_ sublayers: [Layer], width: Double, height: Double, eye: Double) -> Layer {
        var stage = Layer(name: "stage", frame: Rect(0, 0, width, height))
        stage.sublayerTransform = .perspective(eyeDistance: eye)
        stage.sublayers = sublayers
        return stage
    }

    func testTurnedHalfWayAboutYIsNotDrawn() throws {
        // The same card drawn double-sided shows its back, mirrored (PlacementTests); single-sided, nothing.
        let flip = Transform3D.rotation(.pi, 0, 1, 0)
        let drawn = try render([card(flip, doubleSided: true)], width: 60, height: 40)
        assertPixel(drawn, 12, 20, .blue, "double-sided: the back, mirrored")
        XCTAssertTrue(isBlank(try render([card(flip)], width: 60, height: 40)))
        // Turned about x it shows its back too; about z it is only upside down and still faces the viewer.
        XCTAssertTrue(isBlank(try render([card(.rotation(.pi, 1, 0, 0))], width: 60, height: 40)))
        let upsideDown = try render([card(.rotation(.pi, 0, 0, 1))], width: 60, height: 40)
        assertPixel(upsideDown, 12, 20, .blue, "turned in its plane: drawn, blue on the left")
        assertPixel(upsideDown, 48, 20, .red)
        // Its shadow goes with it, and so does its extent.
        var shadowed = card(flip)
        shadowed.backgroundColor = .green
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 2
        XCTAssertTrue(isBlank(try render([shadowed], width: 60, height: 40)))
        XCTAssertTrue(LayerRenderer.deviceBounds(shadowed, superMap: .identity, superSublayer: .identity).isNull)
        shadowed.isDoubleSided = true
        XCTAssertFalse(LayerRenderer.deviceBounds(shadowed, superMap: .identity, superSublayer: .identity).isNull)
    }

    func testTurned60DegreesIsDrawn() throws {
        // cos 60° = 1/2: the card is 20 wide about its anchor (30, 20), x 20..40, red left, blue right.
        let p = try render([card(.rotation(.pi / 3, 0, 1, 0))], width: 60, height: 40)
        assertPixel(p, 21, 20, .red)
        assertPixel(p, 29, 20, .red)
        assertPixel(p, 30, 20, .blue)
        assertPixel(p, 39, 20, .blue)
        assertPixel(p, 19, 20, .white)
        assertPixel(p, 40, 20, .white)
    }

    func testUnderPerspectiveTheBackShowsJustPastARightAngle() throws {
        // A 200 × 40 red card centred on the stage's anchor (100, 30), eye at 300, turned a about y: the point
        // x of the card lands at 100 + x cos a / (1 + x sin a / 300). At 89° it spans 97.4 … 101.3 and faces
        // the eye; at 91° it spans 98.7 … 102.6 the other way round: its back.
        func turned(_ degrees: Double, doubleSided: Bool) throws -> Pixmap {
            var card = solid(Rect(0, 10, 200, 40), .red, name: "card")
            card.transform = .rotation(degrees * .pi / 180, 0, 1, 0)
            card.isDoubleSided = doubleSided
            return try render([stage([card], width: 200, height: 60, eye: 300)], width: 200, height: 60)
        }
        assertPixel(try turned(89, doubleSided: false), 99, 30, .red, "just under 90°: faces the eye")
        assertPixel(try turned(91, doubleSided: true), 100, 30, .red, "just over 90°, double-sided: drawn")
        XCTAssertTrue(isBlank(try turned(91, doubleSided: false)), "just over 90°: its back faces the eye")
        // Edge-on it covers nothing either way.
        XCTAssertTrue(isBlank(try turned(90, doubleSided: true)))
        XCTAssertTrue(isBlank(try turned(90, doubleSided: false)))
    }

    func testOffTheEyesLineOfSightTheBackShowsSooner() throws {
        // The card (red left, blue right, 60 × 30) sits 150 right of the eye's line of sight, eye at 200.
        // Turned a about y its front faces the eye while 200 cos a > 150 sin a, up to a = 53.13°, not 90°.
        // At 40° it spans 340.6 (red) … 350 … 357.8 (blue); at 65° it is mirrored, 343.2 (blue) … 350 …
        // 358.9 (red): what the eye sees is its back, though it is turned less than a right angle.
        func turned(_ degrees: Double, doubleSided: Bool) throws -> Pixmap {
            var card = Layer(name: "card", frame: Rect(320, 25, 60, 30))
            card.sublayers = [solid(Rect(0, 0, 30, 30), .red), solid(Rect(30, 0, 30, 30), .blue)]
            card.transform = .rotation(degrees * .pi / 180, 0, 1, 0)
            card.isDoubleSided = doubleSided
            return try render([stage([card], width: 400, height: 80, eye: 200)], width: 400, height: 80)
        }
        let front = try turned(40, doubleSided: false)
        assertPixel(front, 344, 40, .red)
        assertPixel(front, 354, 40, .blue)
        let mirrored = try turned(65, doubleSided: true)
        assertPixel(mirrored, 345, 40, .blue, "the back: blue on the left")
        assertPixel(mirrored, 354, 40, .red)
        XCTAssertTrue(isBlank(try turned(65, doubleSided: false)))
    }

    func testALayerPartlyBehindTheEyeIsJudgedByItsPlane() throws {
        // A 200 × 200 red card covering a stage with the eye at 100, turned 70° about the diagonal (1, 1, 0)
        // through its centre: it faces the eye, the diagonal stays in place, and its corner (0, 200) passes
        // behind the eye (w = -0.33). Projected, the corners land at (0, 0), (114.7, 85.3), (200, 200) and,
        // through w < 0, (204, -4): a reversed winding, which the plane does not have. At 110° it is the other
        // way round: its back faces the eye, and the projected corners wind as a front would.
        func turned(_ degrees: Double, doubleSided: Bool) throws -> Pixmap {
            var card = solid(Rect(0, 0, 200, 200), .red, name: "card")
            card.transform = .rotation(degrees * .pi / 180, 1, 1, 0)
            card.isDoubleSided = doubleSided
            return try render([stage([card], width: 200, height: 200, eye: 100)], width: 200, height: 200)
        }
        let front = try turned(70, doubleSided: false)
        assertPixel(front, 100, 100, .red, "the part in front of the eye is drawn")
        assertPixel(front, 60, 60, .red)
        let back = try turned(110, doubleSided: true)
        assertPixel(back, 100, 100, .red, "double-sided: its back is drawn")
        assertPixel(back, 60, 60, .red)
        XCTAssertTrue(isBlank(try turned(110, doubleSided: false)))
    }

    func testABackFacingSingleSidedLayerTakesItsSublayersWithIt() throws {
        // The sublayers are double-sided and face the card, but they are flattened into the card's plane,
        // whose back faces the viewer: nothing is drawn, whatever path the card takes (a group for opacity).
        var container = card(.rotation(.pi, 0, 1, 0))
        container.backgroundColor = .green
        container.borderWidth = 2
        XCTAssertTrue(isBlank(try render([container], width: 60, height: 40)))
        container.opacity = 0.5
        XCTAssertTrue(isBlank(try render([container], width: 60, height: 40)))
        container.isDoubleSided = true
        assertPixel(try render([container], width: 60, height: 40), 20, 20, RGB(128, 128, 255), tolerance: 1,
                    "double-sided: the blue half, mirrored to the left, at half opacity")
    }

    func testASingleSidedSublayerOfAFlippedSuperlayerTurnsWithItsPlane() throws {
        // The face is single-sided and faces its superlayer; the superlayer, double-sided, is turned 180°
        // about y. The face is judged in the superlayer's plane, which it faces, and is drawn into it; the
        // superlayer then shows that plane mirrored: blue on the left, as its own background would be.
        var face = Layer(name: "face", frame: Rect(0, 0, 40, 20))
        face.sublayers = [solid(Rect(0, 0, 20, 20), .red), solid(Rect(20, 0, 20, 20), .blue)]
        face.isDoubleSided = false
        var flipped = Layer(name: "flipped", frame: Rect(10, 10, 40, 20))
        flipped.transform = .rotation(.pi, 0, 1, 0)
        flipped.sublayers = [face]
        let p = try render([flipped], width: 60, height: 40)
        assertPixel(p, 12, 20, .blue, "mirrored with the superlayer's plane")
        assertPixel(p, 48, 20, .red)
        // A single-sided superlayer is culled itself, and the face with it.
        flipped.isDoubleSided = false
        XCTAssertTrue(isBlank(try render([flipped], width: 60, height: 40)))
    }

    func testASublayerTransformThatTurnsSublayersAwayCullsTheSingleSidedOnes() throws {
        // sublayerTransform is part of each sublayer's level: turned 180° about y about the superlayer's
        // anchor (30, 20), x → 60 − x. The single-sided red one (x 10..30) shows its back and is culled; the
        // double-sided blue one (x 30..50) is drawn mirrored at x 10..30.
        var single = solid(Rect(10, 10, 20, 20), .red)
        single.isDoubleSided = false
        let blue = solid(Rect(30, 10, 20, 20), .blue)
        var superlayer = Layer(name: "turntable", frame: Rect(0, 0, 60, 40))
        superlayer.sublayerTransform = .rotation(.pi, 0, 1, 0)
        superlayer.sublayers = [single, blue]
        let p = try render([superlayer], width: 60, height: 40)
        assertPixel(p, 11, 20, .blue)
        assertPixel(p, 29, 20, .blue)
        assertPixel(p, 40, 20, .white, "the red layer's back is not drawn")
        var red = 0
        for y in 0..<p.height { for x in 0..<p.width where rgb(p, x, y) == .red { red += 1 } }
        XCTAssertEqual(red, 0)
    }
}
