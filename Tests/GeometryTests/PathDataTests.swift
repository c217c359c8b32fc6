import Geometry
import XCTest

final class PathDataTests: XCTestCase {
    func testReadsAbsoluteCommandsWithRepeatsAndCommas() throws {
        let p = try Path(data: "M10,0 L20 10 30 20 Q1 2 3 4 C1 2 3 4 5 6 Z M-1.5e1 .5 2 3")
        var want = Path()
        want.move(to: Point(10, 0)); want.line(to: Point(20, 10)); want.line(to: Point(30, 20))
        want.quad(to: Point(3, 4), control: Point(1, 2)); want.cubic(to: Point(5, 6), control1: Point(1, 2), control2: Point(3, 4))
        want.close(); want.move(to: Point(-15, 0.5)); want.line(to: Point(2, 3))
        XCTAssertEqual(p, want)
    }

    func testWritesShortestExactNumbersThatReadBack() throws {
        var p = Path()
        p.move(to: Point(0.1 + 0.2, -0.0)); p.line(to: Point(1e-7, 12345678.25)); p.quad(to: Point(3, 4), control: Point(1, 2))
        p.cubic(to: Point(5, 6), control1: Point(1, 2), control2: Point(3, 4)); p.close()
        XCTAssertEqual(p.data, "M0.30000000000000004 -0 L1e-07 12345678.25 Q1 2 3 4 C1 2 3 4 5 6 Z")
        let back = try Path(data: p.data)
        XCTAssertEqual(back, p)
        XCTAssertEqual(try Path(data: "L1 2 Z").data, "L1 2 Z")
    }

    func testErrorsSayWhereAndWhat() {
        func message(_ s: String) -> String {
            do { _ = try Path(data: s); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(message("M0 0 L1 x"), "at character 9: expected the y of a line's end, found 'x'")
        XCTAssertEqual(message("M0 0 l1 1"), "at character 6: expected a command M, L, Q, C or Z (absolute coordinates), found 'l'")
        XCTAssertEqual(message("1 2"), "at character 1: expected a command M, L, Q, C or Z, found '1'")
        XCTAssertEqual(message("M0 0 C1 2 3"), "at character 12: expected the y of a cubic curve's second control point, found the end")
        XCTAssertEqual(message("M1e999 0"), "at character 2: expected a finite number, found 1e999")
        XCTAssertEqual(message("M- 0"), "at character 2: expected the x of a move, found '-'")
        XCTAssertEqual(message("M0 0 Z 5"), "at character 8: expected a command M, L, Q, C or Z, found '5'")
    }

    func testArbitraryBytesNeverTrap() {
        var seed: UInt64 = 7
        let alphabet = Array("MLQCZ0123456789.-+eE ,\u{0}é".unicodeScalars)
        for _ in 0..<2000 {
            var s = ""
            for _ in 0..<Int(seed % 24) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                s.unicodeScalars.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            _ = try? Path(data: s)
        }
    }
}

final class StrokeTests: XCTestCase {
    func testButtLineIsAQuadOfTheWidth() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0))
        XCTAssertEqual(p.stroked(StrokeStyle(width: 2)).controlBounds, Rect(0, -1, 10, 2))
        XCTAssertEqual(p.stroked(StrokeStyle(width: 2, cap: .square)).controlBounds, Rect(-1, -1, 12, 2))
        let round = p.stroked(StrokeStyle(width: 2, cap: .round)).controlBounds
        XCTAssertEqual(round.minX, -1, accuracy: 1e-9)
        XCTAssertEqual(round.maxX, 11, accuracy: 1e-9)
    }

    func testMiterJoinReachesTheCornerAndBevelDoesNot() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 10))
        XCTAssertEqual(p.stroked(StrokeStyle(width: 2, join: .miter)).controlBounds, Rect(0, -1, 11, 11))
        let bevel = p.stroked(StrokeStyle(width: 2, join: .bevel))
        // The bevel cuts the outer corner (11, -1).
        XCTAssertFalse(bevel.elements.contains(.line(Point(11, -1))) || bevel.elements.contains(.move(Point(11, -1))))
    }

    func testEveryPieceIsWoundTheSameWay() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(0, 10)); p.close()
        for contour in p.stroked(StrokeStyle(width: 3, join: .round)).flattened(tolerance: 0.1) {
            var area = 0.0
            for i in contour.indices { let a = contour[i], b = contour[(i + 1) % contour.count]; area += a.x * b.y - b.x * a.y }
            XCTAssertGreaterThan(area, 0)
        }
    }
}
