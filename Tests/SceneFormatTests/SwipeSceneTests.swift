import Foundation
import Geometry
import LayerTree
import BuiltInKinds
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

    func testFingerPathStartsAtItsFirstTimeAndMayStartBeforeTheFirstFrame() throws {
        let s = try parse(head + #", "timeline": [{"path": [[-0.3, 300, 150], [0, 250, 150], [0.5, 100, 150]]}, {"release": {}}]}"#)
        XCTAssertEqual(s.gestures.first, .path(FingerPath([.init(-0.3, Point(300, 150)), .init(0, Point(250, 150)),
                                                           .init(0.5, Point(100, 150))])!))
        // No wait is inserted before a pre-roll, and the release follows at the path's last time.
        XCTAssertEqual(s.gestures.count, 2)
        let later = try parse(head + #", "timeline": [{"wait": 0.2}, {"path": [[0.5, 300, 150], [0.9, 250, 150]]}]}"#)
        XCTAssertEqual(later.gestures.count, 3, "a wait fills 0.2 s ... 0.5 s")
        XCTAssertEqual(later.gestures[1], .wait(0.3))
    }

    /// The recorder's trail: on by default at 60 events a second, a recording's own rate with `touchEvents`, off
    /// with `touchTrail: false`. A moving finger then leaves faint discs behind its pressed one.
    func testTheTrailFollowsAMovingFingerAtTheRecordersRate() throws {
        let move = head + #", "timeline": [{"path": [[0, 300, 150], [0.3, 100, 150]]}, {"release": {}}]"#
        func discs(_ scene: SwipeScene, at t: Double) -> [Layer] {
            scene.animation(measuring: TextMeasurer()).frame(at: t).root.sublayers.flatMap(\.sublayers).filter { $0.name == "touch" }
        }
        let plain = try parse(move + "}")
        XCTAssertEqual(plain.touchTrailEvents, 60)
        // At 0.2 s: the events of the last 0.2 s where the finger had moved since the event before (the first,
        // 1/60 s after the touch-down, compares with the moment before it, with no finger yet), oldest first,
        // growing towards the finger, and the pressed disc over the newest one (places read at whole milliseconds:
        // within 0.5 pt at 667 pt/s).
        let trail = discs(plain, at: 0.2)
        XCTAssertEqual(trail.count, 11 + 1)
        for (disc, k) in zip(trail, 2...12) { XCTAssertEqual(disc.position.x, 300 - Double(k) / 60 * 2000 / 3, accuracy: 0.5) }
        XCTAssertTrue(zip(trail, trail.dropFirst()).allSatisfy { $0.bounds.width <= $1.bounds.width })
        XCTAssertEqual(trail.last?.position.x ?? 0, 500 / 3, accuracy: 1e-6)
        let sparse = try parse(move + #", "touchEvents": 20}"#)
        let ghosts = discs(sparse, at: 0.2).map(\.position.x)
        XCTAssertEqual(ghosts.count, 3 + 1)
        for (x, t) in zip(ghosts, [0.1, 0.15, 0.2]) { XCTAssertEqual(x, 300 - t * 2000 / 3, accuracy: 1e-6) }
        XCTAssertEqual(discs(try parse(move + #", "touchTrail": false}"#), at: 0.2).count, 1)
        assertError(move + #", "touchEvents": 0}"#,
                    "Scenes/s.json:1:180: touchEvents: expected 1...240 events a second, found 0")
    }

    func testFingerPathErrors() {
        let t = head + #", "timeline": "#
        assertError(t + #"[{"path": [[0, 1, 2]]}]}"#,
                    "Scenes/s.json:1:112: timeline[0].path: expected at least 2 points [t, x, y], found 1")
        assertError(t + #"[{"path": [[0, 1, 2], [0, 3, 4]]}]}"#,
                    "Scenes/s.json:1:124: timeline[0].path[1]: expected a time after 0 s (a path's times increase), found 0")
        assertError(t + #"[{"path": [[0, 1, 2], [1, 3]]}]}"#,
                    "Scenes/s.json:1:124: timeline[0].path[1]: expected 3 numbers, found 2")
        assertError(t + #"[{"path": [[0, 1, 2], [1, 3, 2e5]]}]}"#,
                    "Scenes/s.json:1:131: timeline[0].path[1][2]: expected a coordinate within ±100000 pt, found 200000")
        assertError(t + #"[{"at": 1, "path": [[0, 1, 2], [1, 3, 4]]}]}"#,
                    #"Scenes/s.json:1:110: timeline[0].at: expected no "at": the step starts at its first point's time (0 s)"#)
        assertError(t + #"[{"wait": 1}, {"path": [[-1, 1, 2], [2, 3, 4]]}]}"#,
                    "Scenes/s.json:1:125: timeline[1].path: the step starts at -1 s, before the previous steps end (1 s); only the first step may start before 0")
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
        // The viewport's height is the canvas's: 1e79 pt would be a frame of 1.2e79 pixels (the fuzzer's find).
        assertError(head + #", "viewport": [0, 1e79]}"#,
                    "Scenes/s.json:1:102: viewport: expected a height of at most 4096 pixels at scale 1.2307692307692308, found 1.2307692307692308e+79")
    }
}
