import Foundation
import Geometry
import LayerTree
import Models
import Text
import XCTest
@testable import SceneFormat
@testable import SceneSchema

final class SwipeSceneTests: XCTestCase {
    private func parse(_ text: String, overrides: [SceneOverride] = []) throws -> SwipeScene {
        try XCTUnwrap(SceneLoader.parseDocument(text, file: "s.json", overrides: overrides).settings(as: SwipeKind.Settings.self),
                      "not a swipe scene").scene
    }

    private func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(text, file: "Scenes/s.json"), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    let head = #"{"kind": "swipe", "trailing": {"actions": [{"title": "Trash", "style": "destructive"}]}"#

    func testDefaults() throws {
        let s = try parse(head + "}")
        XCTAssertEqual(s.canvas.width, 390)
        XCTAssertEqual(s.canvas.pixelWidth, 480)
        XCTAssertEqual(s.listStyle, .plain)
        XCTAssertEqual(s.emails.count, InboxEmail.demo.count)
        XCTAssertEqual(s.trailing?.transitionStyle, .border)
        XCTAssertNil(s.trailing?.expansionStyle)
        XCTAssertEqual(s.trailing?.actions.first?.resolvedBackgroundColor, .systemRed)
        XCTAssertNil(s.leading)
        XCTAssertEqual(s.table(measuring: TextMeasurer()).trailingButtonWidth, 74, "the minimum width covers a short title")
    }

    func testPresetsListStylesAndOverrides() throws {
        let s = try parse(head + #", "list": "insetGrouped", "viewport": [10, 156], "rightToLeft": true}"#,
                          overrides: [SceneOverride("trailing.expansionStyle=fillReverse")!, SceneOverride("trailing.transitionStyle=reveal")!])
        XCTAssertEqual(s.trailing?.expansionStyle, .fillReverse)
        XCTAssertEqual(s.trailing?.transitionStyle, .reveal)
        XCTAssertEqual(s.viewportTop, 10)
        XCTAssertEqual(s.canvas.height, 156)
        XCTAssertEqual(s.emails, InboxEmail.demoArabic, "right-to-left scenes default to the Arabic mailbox")
        // Inset-grouped rows as the references frame them, mirrored for right to left.
        XCTAssertEqual(s.rowFrames[0].minX, 16.3, accuracy: 1e-9)
        XCTAssertEqual(s.rowFrames[0].width, 390 - 31.7 - 16.3, accuracy: 1e-9)
    }

    func testCustomExpansionAndTransition() throws {
        let s = try parse(#"{"kind": "swipe", "leading": {"expansionStyle": {"target": {"edgeInset": 40}, "triggers": [{"overscroll": 10}], "completion": "fillDelete"}, "actions": [{"icon": "envelope", "transition": {"kind": "rotate", "threshold": 0.7}}]}}"#)
        let e = try XCTUnwrap(s.leading?.expansionStyle)
        XCTAssertEqual(e.target, .edgeInset(40))
        XCTAssertEqual(e.triggers, [.overscroll(10)])
        XCTAssertEqual(e.completion, .fill(delete: true, reverse: false))
        XCTAssertEqual(s.leading?.actions.first?.transition.kind, .rotate)
        XCTAssertEqual(s.leading?.actions.first?.transition.threshold, 0.7)
    }

    func testErrors() {
        assertError(#"{"kind": "swipe"}"#, "Scenes/s.json:1:1: expected actions on at least one side: add 'leading' or 'trailing'")
        assertError(#"{"kind": "swipe", "trailing": {"actions": []}}"#,
                    "Scenes/s.json:1:43: trailing.actions: expected at least one action, found an empty array")
        assertError(#"{"kind": "swipe", "trailing": {"actions": [{"style": "default"}]}}"#,
                    "Scenes/s.json:1:44: trailing.actions[0]: expected a 'title' or an 'icon' (or both)")
        assertError(#"{"kind": "swipe", "trailing": {"actions": [{"titel": "Trash"}]}}"#,
                    #"Scenes/s.json:1:45: trailing.actions[0]: unknown key 'titel', did you mean 'title'?"#)
        assertError(head + #", "trailing2": 1}"#, #"Scenes/s.json:1:90: unknown key 'trailing2', did you mean 'trailing'?"#)
        assertError(#"{"kind": "swipe", "trailing": {"expansionStyle": "fil", "actions": [{"title": "A"}]}}"#,
                    #"Scenes/s.json:1:50: trailing.expansionStyle: expected one of "none", "selection", "fill", "fillDelete", "fillReverse", found "fil"; did you mean "fill"?"#)
        assertError(head + #", "timeline": [{"swipe": 1}]}"#, "Scenes/s.json:1:104: timeline[0]: unknown key 'swipe'")
        assertError(head + #", "timeline": [{"drag": {"duration": 1}}]}"#,
                    "Scenes/s.json:1:112: timeline[0].drag: missing required key 'to'")
        assertError(head + #", "viewport": [0, -1]}"#, "Scenes/s.json:1:106: viewport[1]: expected a value > 0, found -1")
    }
}
