import Foundation
import Geometry
import LayerTree
import BuiltInKinds
import Models
import XCTest
@testable import SceneFormat
@testable import SceneSchema

/// The `coverflow` kind's declarations: defaults, `--set`, and bad input reported with file, line, column and
/// key path (the CLI exits 2 on these; Tests/CLITests cover that path for every kind).
final class CoverFlowSceneTests: XCTestCase {
    private func assertError(_ text: String, _ expected: String, overrides: [SceneOverride] = [],
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(text, file: "Scenes/c.json", overrides: overrides), file: file, line: line) { error in
            XCTAssertTrue(error is SceneError, file: file, line: line)
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    let head = #"{"kind": "coverflow""#

    func testDefaultsAreTheStudysAndOurs() throws {
        let s = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "c.json").settings(as: CoverFlowKind.Settings.self))
        XCTAssertEqual(s.items, (0...16).map(String.init))
        XCTAssertEqual(s.minimumLineSpacing, 25)
        XCTAssertEqual(s.itemScale, 0.5)
        XCTAssertEqual(s.itemAlpha, 0.5)
        XCTAssertEqual(s.selectionColor, Color(red: 128.0 / 255, green: 0, blue: 128.0 / 255))
        XCTAssertEqual(s.selectionWidth, 5)
        XCTAssertEqual(s.addedTitle, "h")
        let layout = s.scene.layout
        XCTAssertEqual(layout.sectionInset, EdgeInsets(top: 279.5, left: 115, bottom: 279.5, right: 115))
        XCTAssertEqual(layout.maxContentOffset, 2960)
        let t = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "c.json", overrides: [SceneOverride("itemScale=0.2")!,
                                                                                                 SceneOverride("itemSize=[100, 200]")!])
            .settings(as: CoverFlowKind.Settings.self))
        XCTAssertEqual(t.scene.layout.itemScale, 0.2)
        XCTAssertEqual(t.scene.layout.sectionInset, EdgeInsets(top: 259.5, left: 145, bottom: 259.5, right: 145))
    }

    func testErrors() {
        assertError(head + #", "itemSzie": [1, 1]}"#, "Scenes/c.json:1:23: unknown key 'itemSzie', did you mean 'itemSize'?")
        assertError(head + #", "itemSize": [-160, 160]}"#, "Scenes/c.json:1:36: itemSize[0]: expected a length in (0, 10000] points, found -160")
        assertError(head + "}", "Scenes/c.json: --set itemScale: expected a number, found a string", overrides: [SceneOverride("itemScale=nan")!])
        assertError(head + "}", "Scenes/c.json: --set itemScale: expected a value in 0...2, found 3", overrides: [SceneOverride("itemScale=3")!])
        assertError(head + #", "itemAlpha": 1.5}"#, "Scenes/c.json:1:36: itemAlpha: expected a value in 0...1, found 1.5")
        assertError(head + #", "initialItem": 17}"#, "Scenes/c.json:1:38: initialItem: expected an item below 17 (the number of items), found 17")
        assertError(head + #", "sectionInset": [0, 115, 0, 115]}"#,
                    "Scenes/c.json:1:39: sectionInset: the flow layout would stack 4 items a column in 719 pt; only one row is modelled (make the insets or the items taller)")
        assertError(head + #", "itemSize": [160, 800]}"#,
                    "Scenes/c.json:1:35: itemSize: expected items at most 719 pt tall (the view's height less the top and bottom insets), found 800")
        assertError(head + #", "colors": []}"#, "Scenes/c.json:1:33: colors: expected at least one color, found an empty array")
        assertError(head + #", "timeline": [{"itemCount": 3}]}"#, "Scenes/c.json:1:37: timeline[0]: unknown key 'itemCount'")
        assertError(head + #", "timeline": [{"tap": [1]}]}"#, "Scenes/c.json:1:44: timeline[0].tap: expected 2 numbers, found 1")
    }

    /// A tap on nothing and "Delete" with nothing selected are not errors: the scene runs and nothing changes.
    func testTapsThatHitNothingAreFine() throws {
        let doc = try SceneLoader.parseDocument(head + #", "timeline": [{"tap": [195, 200]}, {"tap": [-40, 2000]}, {"tap": [40, 69]}]}"#,
                                                file: "c.json")
        let settings = try XCTUnwrap(doc.settings(as: CoverFlowKind.Settings.self))
        let animation = settings.scene.animation()
        XCTAssertEqual(animation.states.count, 1)
        XCTAssertTrue(animation.updates.isEmpty)
        XCTAssertEqual(animation.cells(at: 0.3), animation.cells(at: 0))
    }
}
