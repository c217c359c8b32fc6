import Geometry
import XCTest

final class ConvexPolygonTests: XCTestCase {
    private func area(_ p: [Point]) -> Double {
        var a = 0.0
        for i in p.indices { let u = p[i], v = p[(i + 1) % p.count]; a += u.x * v.y - v.x * u.y }
        return abs(a) / 2
    }

    /// Edges move inward by their own amounts, in either winding; an edge left at 0 stays where it is.
    func testInsetMovesEachEdgeByItsAmount() {
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        for p in [square, square.reversed()] {
            let inner = ConvexPolygon.inset(p, by: [1, 1, 1, 1])
            XCTAssertEqual(area(inner), 64, accuracy: 1e-9)
            XCTAssertTrue(inner.allSatisfy { (1...9).contains($0.x.rounded()) && (1...9).contains($0.y.rounded()) })
        }
        // Only the edge from (10, 0) to (10, 10) moves: a 9 x 10 rectangle.
        XCTAssertEqual(area(ConvexPolygon.inset(square, by: [0, 1, 0, 0])), 90, accuracy: 1e-9)
    }

    /// A disk over a corner takes that corner away along its arc: the area lost is the quarter disk's, every
    /// point stays outside the disk (or on it), and a polygon the disk misses or covers is unchanged or gone.
    func testRemovingADiskCutsTheCornerAlongItsArc() {
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        let cut = ConvexPolygon.removingDisk(center: Point(10, 0), radius: 4, from: square)
        XCTAssertEqual(area(cut), 100 - Double.pi * 16 / 4, accuracy: 0.1)
        for q in cut { XCTAssertGreaterThanOrEqual((q - Point(10, 0)).length, 4 - 1e-9) }
        XCTAssertEqual(ConvexPolygon.removingDisk(center: Point(30, 30), radius: 4, from: square), square)
        XCTAssertEqual(ConvexPolygon.removingDisk(center: Point(5, 5), radius: 20, from: square), [])
        // A center inside the polygon near its corner: the arc runs through the inside, not around the corner.
        // 86.04 is the square less the disk's part inside it, counted on a 4000 x 4000 grid.
        let bite = ConvexPolygon.removingDisk(center: Point(9, 1), radius: 3, from: square)
        XCTAssertEqual(area(bite), 86.04, accuracy: 0.1)
    }
}
