import Foundation
import Geometry
import LayerTree
import XCTest
@testable import SceneFormat
@testable import SceneSchema
import BuiltInKinds

/// Snapshots in the layers kind: `snapshots` (named layers) beside `root`, shown by `contents: {"snapshot": name}`
/// through `contentsRect`.
final class SnapshotSceneTests: XCTestCase {
    private func scene(snapshots: String, root: String) -> String {
        #"{"kind": "layers", "canvas": {"width": 10, "height": 10}, "snapshots": \#(snapshots), "root": \#(root)}"#
    }

    func testReadsSnapshotsAndContentsRect() throws {
        let loaded = try SceneLoader.parse(scene(
            snapshots: ##"[{"name": "card", "bounds": [0, 0, 4, 4], "backgroundColor": "#FF0000"}]"##,
            root: #"{"contents": {"snapshot": "card"}, "contentsRect": [0.5, 0, 0.5, 1]}"#), file: "x")
        XCTAssertEqual(loaded.root.contents, .snapshot("card"))
        XCTAssertEqual(loaded.root.contentsRect, Rect(0.5, 0, 0.5, 1))
        XCTAssertEqual(loaded.snapshots["card"]?.backgroundColor, Color(red: 1, green: 0, blue: 0))
    }

    func testTreeWritesSnapshotsThatReadBackExactly() throws {
        var card = Layer(name: "page-2", frame: Rect(0, 0, 3, 5))
        card.backgroundColor = .white
        var piece = Layer(name: "piece")
        piece.contents = .snapshot("page-2")
        piece.contentsRect = Rect(0.1, 0.2, 0.3, 0.4)
        var other = card
        other.name = "a"
        let original = LayerScene(canvas: Canvas(width: 10, height: 10), root: piece, snapshots: ["page-2": card, "a": other])
        let json = SceneWriter.json(original)
        let back = try SceneLoader.parse(json, file: "x")
        XCTAssertEqual(back, original)
        XCTAssertEqual(SceneWriter.json(back), json)
        XCTAssertLessThan(json.range(of: #""name": "a""#)!.lowerBound, json.range(of: #""name": "page-2""#)!.lowerBound, "sorted by name")
    }

    func testBadSnapshotsArePositionedErrors() {
        func message(_ text: String) -> String {
            do { _ = try SceneLoader.parse(text, file: "s.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(scene(snapshots: #"[{"bounds": [0, 0, 1, 1]}]"#, root: "{}")),
                       "s.json:1:73: snapshots[0]: expected a snapshot with a 'name' (what contents {\"snapshot\": name} refer to)")
        XCTAssertEqual(message(scene(snapshots: #"[{"name": "a"}, {"name": "a"}]"#, root: "{}")),
                       "s.json:1:97: snapshots[1].name: expected each snapshot name once, found \"a\" again")
        XCTAssertEqual(message(scene(snapshots: #"[{"name": "a"}]"#,
                                     root: #"{"sublayers": [{}, {"contents": {"snapshot": "b"}}]}"#)),
                       "s.json:1:142: root.sublayers[1].contents.snapshot: expected the name of one of the scene's snapshots (\"a\"), found \"b\"")
    }
}
