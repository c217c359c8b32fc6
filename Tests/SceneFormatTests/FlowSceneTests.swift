import Foundation
import Geometry
import LayerTree
import BuiltInKinds
import Models
import XCTest
@testable import SceneFormat
@testable import SceneSchema

final class FlowSceneTests: XCTestCase {
    private func assertError(_ text: String, _ expected: String, overrides: [SceneOverride] = [],
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(text, file: "Scenes/f.json", overrides: overrides), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    let head = #"{"kind": "flow", "canvas": {"width": 390, "height": 844, "scale": 1}"#

    func testDefaultsAndOverrides() throws {
        let f = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "f.json",
                                                        overrides: [SceneOverride("eyePosition=300")!, SceneOverride("style=vega")!])
            .settings(as: FlowKind.Settings.self)).scene
        XCTAssertEqual(f.layout.transformer, .vega)
        XCTAssertEqual(f.layout.leadingSpacing, 28)
        XCTAssertEqual(f.layout.interitemSpacing, 20)
        XCTAssertEqual(f.items.count, 16)
        XCTAssertEqual(f.cellStyle, .card)
        let g = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "f.json", overrides: [SceneOverride("eyePosition=300")!])
            .settings(as: FlowKind.Settings.self)).scene
        XCTAssertEqual(g.layout.transformer, .folding(eyePosition: 300))
    }

    func testErrors() {
        assertError(head + #", "timeline": [{"path": [[1, 0, 0], [0.5, 0, 10]]}]}"#,
                    "Scenes/f.json:1:105: timeline[0].path[1]: expected a time after 1 s (a path's times increase), found 0.5")
        assertError(head + #", "eyePosition": -1}"#, "Scenes/f.json:1:86: eyePosition: expected a value > 0, found -1")
        assertError(head + #", "style": "vegas"}"#,
                    #"Scenes/f.json:1:80: style: expected one of "folding", "vega", "plain", found "vegas"; did you mean "vega"?"#)
        assertError(head + #", "timeline": [{"wait": 200}]}"#,
                    "Scenes/f.json:1:83: timeline: the timeline makes 6000 frames; at most 3600 are allowed")
        assertError(head + #", "itemCount": 17}"#, "Scenes/f.json:1:84: itemCount: expected at most 16 (the number of items), found 17")
        assertError(head + #", "timeline": [{"jump": 1}]}"#,
                    "Scenes/f.json:1:85: timeline[0]: unknown key 'jump'")
        assertError(head + #", "timeline": [{"drag": {"from": [0, 0]}}]}"#,
                    "Scenes/f.json:1:93: timeline[0].drag: missing required key 'to'")
        assertError(head + "}", "Scenes/f.json: --set canvas.scale: expected a value > 0 and <= 4, found 9",
                    overrides: [SceneOverride("canvas.scale=9")!])
        assertError(head + "}", "Scenes/f.json: --set decelerationRate: expected a rate per millisecond in (0.5, 1), found 2",
                    overrides: [SceneOverride("decelerationRate=2")!])
    }
}
