import Geometry
import LayerTree
import Raster
import XCTest

/// zPosition orders siblings: higher zPosition draws on top, equal ones in sublayers-array order (later on
/// top). An ordinary CALayer flattens its subtree into its own plane, so the sort is among siblings only:
/// a sublayer's zPosition cannot lift it above a later sibling of its superlayer (only CATransformLayer
/// would share one 3D space, and the model has none).
final class ZPositionTests: XCTestCase {
    func testSiblingsDrawInAscendingZPositionWithTiesInArrayOrder() throws {
        // A row of 30 × 10, four siblings in this array order:
        //   red    x 0..20   zPosition  1   (first in the array, but highest)
        //   green  x 0..30   zPosition  0
        //   blue   x 10..30  zPosition  0   (ties green; later in the array, so above it)
        //   yellow x 25..30  zPosition −1   (last in the array, but lowest)
        // Drawing order: yellow, green, blue, red.
        var red = solid(Rect(0, 0, 20, 10), .red); red.zPosition = 1
        let green = solid(Rect(0, 0, 30, 10), .green)
        let blue = solid(Rect(10, 0, 20, 10), .blue)
        var yellow = solid(Rect(25, 0, 5, 10), .yellow); yellow.zPosition = -1
        let p = try render([red, green, blue, yellow], width: 30, height: 10)
        assertPixel(p, 5, 5, .red, "red (z 1) over green")
        assertPixel(p, 15, 5, .red, "red (z 1) over green and blue")
        assertPixel(p, 22, 5, .blue, "blue over green: equal z, later in the array")
        assertPixel(p, 27, 5, .blue, "yellow (z −1) under everything although last")
    }

    func testZPositionDoesNotLiftASublayerAboveItsSuperlayersLaterSibling() throws {
        // Two overlapping containers, equal zPosition, A first: A holds red with zPosition 100 over a green
        // sibling; B holds blue with zPosition 0. Both containers flatten their sublayers, then B draws over
        // A: blue wins where they overlap despite red's zPosition. Within A red (z 100) is above green.
        var red = solid(Rect(0, 0, 20, 10), .red); red.zPosition = 100
        let green = solid(Rect(0, 0, 20, 10), .green)
        var a = Layer(name: "A", frame: Rect(0, 0, 20, 10))
        a.sublayers = [red, green]
        var b = Layer(name: "B", frame: Rect(10, 0, 20, 10))
        b.sublayers = [solid(Rect(0, 0, 20, 10), .blue)]

        let p = try render([a, b], width: 30, height: 10)
        assertPixel(p, 5, 5, .red, "in A, red (z 100) above its sibling green")
        assertPixel(p, 15, 5, .blue, "B's blue over A's red: red's zPosition is only among its siblings")
        assertPixel(p, 25, 5, .blue)

        // Raising the container A itself (zPosition 1) carries its whole flattened subtree above B.
        a.zPosition = 1
        let raised = try render([a, b], width: 30, height: 10)
        assertPixel(raised, 15, 5, .red, "A raised above B")
        assertPixel(raised, 25, 5, .blue)
    }

    /// The drawing order itself, in order already (the array as it is) or not (a stable sort by zPosition).
    func testDrawingOrderSortsOnlyWhatIsOutOfOrder() {
        func parent(_ zs: [Double]) -> Layer {
            var p = Layer(name: "parent")
            p.sublayers = zs.enumerated().map { k, z in var l = Layer(name: "\(k)"); l.zPosition = z; return l }
            return p
        }
        func order(_ zs: [Double]) -> [String] { parent(zs).sublayersInDrawingOrder.map { $0.name ?? "" } }
        XCTAssertEqual(order([]), [])
        XCTAssertEqual(order([3]), ["0"])
        XCTAssertEqual(order([0, 0, 1, 1, 2]), ["0", "1", "2", "3", "4"])
        XCTAssertEqual(order([2, 0, 1, 0, -1]), ["4", "1", "3", "2", "0"])
        XCTAssertEqual(order([0, 1, 1, 0.5]), ["0", "3", "1", "2"])
    }
}

