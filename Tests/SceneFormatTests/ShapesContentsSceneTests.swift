import Foundation
import Geometry
import LayerTree
import XCTest
@testable import SceneFormat
@testable import SceneSchema
import BuiltInKinds

/// `"contents": {"shapes": […]}` in the layers kind.
final class ShapesContentsSceneTests: XCTestCase {
    private func scene(_ contents: String) -> String {
        #"{"kind": "layers", "canvas": {"width": 10, "height": 10}, "root": {"contents": \#(contents)}}"#
    }

    func testReadsShapesWithDefaults() throws {
        let loaded = try SceneLoader.parse(scene(##"{"shapes": [{"path": "M0 0 L10 0 L5 8 Z", "fill": "#FF6D66", "rule": "evenOdd"}, {"path": "M1 1 L2 2 L1 2 Z"}]}"##), file: "x")
        guard case .shapes(let shapes)? = loaded.root.contents else { return XCTFail("no shapes") }
        XCTAssertEqual(shapes.count, 2)
        XCTAssertEqual(shapes[0].fill, Color(hex: "#FF6D66"))
        XCTAssertEqual(shapes[0].rule, .evenOdd)
        XCTAssertEqual(shapes[0].path, try Path(data: "M0 0 L10 0 L5 8 Z"))
        XCTAssertEqual(shapes[1].fill, .black)
        XCTAssertEqual(shapes[1].rule, .nonZero)
    }

    func testTreeWritesShapesThatReadBackExactly() throws {
        var path = Path()
        path.move(to: Point(0.1 + 0.2, 1.0 / 3)); path.cubic(to: Point(9, 9), control1: Point(-0.0, .leastNonzeroMagnitude), control2: Point(1e300, 2))
        path.quad(to: Point(1, 2), control: Point(3, 4)); path.close()
        var root = Layer()
        root.contents = .shapes([FilledShape(path: path, fill: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), rule: .evenOdd),
                                 FilledShape(path: .rect(Rect(1, 2, 3, 4)), fill: .white)])
        let original = LayerScene(canvas: Canvas(width: 10, height: 10), root: root)
        let json = SceneWriter.json(original)
        let back = try SceneLoader.parse(json, file: "x")
        XCTAssertEqual(back, original)
        XCTAssertEqual(SceneWriter.json(back), json)
        XCTAssertTrue(json.contains(#""path": "M1 2 L4 2 L4 6 L1 6 Z""#), json)
    }

    func testMalformedPathDataIsAPositionedError() {
        XCTAssertThrowsError(try SceneLoader.parse(scene(#"{"shapes": [{"path": "M0 0 Lx"}]}"#), file: "Scenes/s.json")) { error in
            XCTAssertEqual("\(error)", "Scenes/s.json:1:101: root.contents.shapes[0].path: expected path data (absolute M, L, Q, C, Z), at character 7: expected the x of a line's end, found 'x'")
        }
        XCTAssertThrowsError(try SceneLoader.parse(scene(##"{"shapes": [{"fill": "#000000"}]}"##), file: "s")) { error in
            XCTAssertEqual("\(error)", "s:1:92: root.contents.shapes[0]: missing required key 'path'")
        }
        XCTAssertThrowsError(try SceneLoader.parse(scene(#"{"shapes": [{"path": "M0 0", "rule": "evenodd"}]}"#), file: "s")) { error in
            XCTAssertTrue("\(error)".contains(#"did you mean "evenOdd"?"#), "\(error)")
        }
    }
}
