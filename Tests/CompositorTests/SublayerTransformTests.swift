import Geometry
import LayerTree
import Raster
import XCTest

/// sublayerTransform applies to a layer's sublayers, not to the layer itself, taken about the layer's anchor
/// point: a sublayer point p reaches the layer's space as p · T(−A_s) · transform_s · T(position_s, zPosition_s)
/// · T(−A) · sublayerTransform · T(A). With m34 = −1/d, a sublayer at depth z is scaled by 1/(1 − z/d) about the
/// layer's anchor. Each level is flattened, so the perspective does not reach a sublayer's own sublayers.
final class SublayerTransformTests: XCTestCase {
    func testSublayerTransformScalesTheSublayersAboutTheAnchorButNotTheLayer() throws {
        // Gray layer at device (10..50)² with sublayerTransform scale 0.5, holding a red sublayer that fills
        // its bounds (0..40)². About the anchor (20, 20) in its bounds the red square maps to (10..30) in the
        // layer, device (20..40)², while the gray background keeps its full size.
        var layer = solid(Rect(10, 10, 40, 40), .gray)
        layer.sublayerTransform = .scale(0.5, 0.5)
        layer.sublayers = [solid(Rect(0, 0, 40, 40), .red)]
        let p = try render([layer], width: 60, height: 60)
        assertPixel(p, 5, 5, .white)
        assertPixel(p, 10, 10, .gray, "the layer's own background is not scaled")
        assertPixel(p, 49, 49, .gray, "the layer's own background is not scaled")
        assertPixel(p, 15, 15, .gray, "scaled about the anchor, not the bounds origin")
        assertPixel(p, 19, 30, .gray)
        assertPixel(p, 20, 20, .red)
        assertPixel(p, 39, 39, .red)
        assertPixel(p, 40, 30, .gray)
        assertPixel(p, 30, 40, .gray)
    }

    func testSublayerTransformFollowsANonDefaultAnchorPoint() throws {
        // The same layer placed at the same frame with anchorPoint (0, 0) (position = frame origin): now the
        // scale is about the bounds' top-left, so the red square is at device (10..30)².
        var layer = Layer(name: "layer")
        layer.bounds = Rect(0, 0, 40, 40)
        layer.anchorPoint = Point(0, 0)
        layer.position = Point(10, 10)
        layer.backgroundColor = .gray
        layer.sublayerTransform = .scale(0.5, 0.5)
        layer.sublayers = [solid(Rect(0, 0, 40, 40), .red)]
        let p = try render([layer], width: 60, height: 60)
        assertPixel(p, 10, 10, .red)
        assertPixel(p, 29, 29, .red)
        assertPixel(p, 30, 20, .gray)
        assertPixel(p, 20, 30, .gray)
        assertPixel(p, 49, 49, .gray)
        assertPixel(p, 50, 50, .white)
    }

    /// Projected edges of a red sublayer under a parent with sublayerTransform m34 = −1/d.
    struct PerspectiveCase {
        var name: String
        var parentAnchor: Point       // the parent's anchorPoint; its position is chosen so it covers (0..100)²
        var size: Double              // the sublayer's square bounds
        var position: Point
        var zPosition: Double = 0
        var translateZ: Double = 0    // a z translation in the sublayer's transform instead
        var inside: (x: Int, y: Int)  // a device pixel well inside the projection
    }

    func testPerspectiveScalesASublayerAtDepthZByOneOverOneMinusZOverD() throws {
        // d = 200 on a 100 × 100 parent. A square sublayer of side s centered at (px, py) with depth z has its
        // corners at (px ± s/2, py ± s/2, z) in the parent's space. About the parent's anchor C the
        // perspective gives w = 1 − z/d and image C + (q − C)/w, an axis-aligned square again:
        //   z = 50, C = (50, 50), s = 20 at (35, 50):   factor 4/3, x 16.667..43.333, y 36.667..63.333
        //   z = −100 (by transform), C = (50, 50), s = 30 at (50, 50):   factor 2/3, x and y 40..60
        //   z = 50, C = (0, 0) (anchorPoint (0, 0)), s = 20 at (35, 50):   x 33.333..60, y 53.333..80
        // Edges are measured from pixel coverage (see redEdgesInRow); 8-bit coverage leaves each boundary
        // pixel within 0.5/255 px, so a 0.02 px tolerance is ample.
        let d = 200.0
        let cases = [
            PerspectiveCase(name: "nearer, zPosition 50", parentAnchor: Point(0.5, 0.5), size: 20, position: Point(35, 50),
                            zPosition: 50, inside: (30, 50)),
            PerspectiveCase(name: "farther, transform z −100", parentAnchor: Point(0.5, 0.5), size: 30, position: Point(50, 50),
                            translateZ: -100, inside: (50, 50)),
            PerspectiveCase(name: "parent anchor (0, 0)", parentAnchor: Point(0, 0), size: 20, position: Point(35, 50),
                            zPosition: 50, inside: (45, 65)),
        ]
        for c in cases {
            var parent = Layer(name: "parent")
            parent.bounds = Rect(0, 0, 100, 100)
            parent.anchorPoint = c.parentAnchor
            parent.position = Point(100 * c.parentAnchor.x, 100 * c.parentAnchor.y)
            parent.sublayerTransform = .perspective(eyeDistance: d)
            var sub = Layer(name: "sub")
            sub.bounds = Rect(0, 0, c.size, c.size)
            sub.position = c.position
            sub.zPosition = c.zPosition
            sub.transform = .translation(0, 0, c.translateZ)
            sub.backgroundColor = .red
            parent.sublayers = [sub]
            let p = try render([parent], width: 100, height: 100)

            let z = c.zPosition + c.translateZ
            let factor = 1 / (1 - z / d)
            let center = Point(100 * c.parentAnchor.x, 100 * c.parentAnchor.y)
            func project(_ v: Double, _ centerCoordinate: Double) -> Double { centerCoordinate + (v - centerCoordinate) * factor }
            let expectedLeft = project(c.position.x - c.size / 2, center.x), expectedRight = project(c.position.x + c.size / 2, center.x)
            let expectedTop = project(c.position.y - c.size / 2, center.y), expectedBottom = project(c.position.y + c.size / 2, center.y)

            let row = redEdgesInRow(p, y: c.inside.y, inside: c.inside.x)
            let column = redEdgesInColumn(p, x: c.inside.x, inside: c.inside.y)
            XCTAssertEqual(row.left, expectedLeft, accuracy: 0.02, c.name)
            XCTAssertEqual(row.right, expectedRight, accuracy: 0.02, c.name)
            XCTAssertEqual(column.top, expectedTop, accuracy: 0.02, c.name)
            XCTAssertEqual(column.bottom, expectedBottom, accuracy: 0.02, c.name)
            // The projection is a square: its width is the side times the factor.
            XCTAssertEqual(row.right - row.left, c.size * factor, accuracy: 0.04, c.name)
        }
    }

    func testPerspectiveDoesNotReachThroughAFlatteningSublayer() throws {
        // The parent has m34 = −1/200. Its sublayer (40 × 40 at (50, 50), z 0, nothing drawn) holds a red
        // 20 × 20 grandchild at its center with zPosition 50. The sublayer flattens the grandchild into its
        // own plane (z 0) before the parent's perspective applies, so the grandchild keeps its size: 40..60.
        // In a shared 3D space (CATransformLayer) it would be 4/3 larger: 36.667..63.333.
        var parent = Layer(name: "parent", frame: Rect(0, 0, 100, 100))
        parent.sublayerTransform = .perspective(eyeDistance: 200)
        var middle = Layer(name: "middle", frame: Rect(30, 30, 40, 40))
        var grandchild = solid(Rect(10, 10, 20, 20), .red)
        grandchild.zPosition = 50
        middle.sublayers = [grandchild]
        parent.sublayers = [middle]
        let p = try render([parent], width: 100, height: 100)
        let row = redEdgesInRow(p, y: 50, inside: 50)
        XCTAssertEqual(row.left, 40, accuracy: 0.02)
        XCTAssertEqual(row.right, 60, accuracy: 0.02)
        assertPixel(p, 40, 40, .red)
        assertPixel(p, 39, 50, .white)
    }
}
