import Foundation
import Geometry
import LayerTree
import BuiltInKinds
import Models
import Text
import XCTest
@testable import SceneFormat
@testable import SceneSchema

/// What the kinds' declarations give: written form, round trips, absolute step times, presets, docs and controls.
final class DeclaredKindsTests: XCTestCase {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")

    private func parse(_ text: String) throws -> SceneDocument { try SceneLoader.parseDocument(text, file: "s.json") }
    private let text = TextMeasurer()

    private func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(text, file: "s.json"), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    func testEverySceneIsInWrittenFormAndReadsBackEqual() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.scenes.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(names.count, 25)
        for name in names {
            let text = try String(contentsOf: Self.scenes.appendingPathComponent(name), encoding: .utf8)
            let document = try parse(text)
            XCTAssertTrue(document.json() == text, "\(name) is not in the form `render-previews format` writes")
            let again = try parse(document.json())
            XCTAssertTrue(again.settings.isEqual(to: document.settings), "\(name) reads back different")
            if document.kind == "swipe" {
                XCTAssertLessThanOrEqual(text.split(separator: "\n").count, 60, "\(name) is longer than a screen")
            }
        }
    }

    func testStepTimesAreAbsoluteAndRelativeWaitsStillWork() throws {
        let absolute = try parse(#"{"kind": "flow", "timeline": [{"at": 1, "drag": {"from": [0, 600], "to": [0, 500]}}, {"release": {}}, {"at": 2.5, "tap": [10, 10]}], "duration": 4}"#)
        let relative = try parse(#"{"kind": "flow", "timeline": [{"wait": 1}, {"drag": {"from": [0, 600], "to": [0, 500]}}, {"release": {}}, {"wait": 1.2}, {"tap": {"point": [10, 10], "duration": 0.1}}, {"wait": 1.4}]}"#)
        let a = try XCTUnwrap(absolute.settings(as: FlowKind.Settings.self)).scene
        let r = try XCTUnwrap(relative.settings(as: FlowKind.Settings.self)).scene
        XCTAssertEqual(a.gestures, r.gestures)
        XCTAssertEqual(try absolute.frames(measuring: text).count, 121)
        XCTAssertEqual(try absolute.frames(measuring: text).count, try relative.frames(measuring: text).count)
    }

    func testStepTimeErrors() {
        assertError(#"{"kind": "flow", "timeline": [{"at": 1, "wait": 2}, {"at": 2, "release": {}}]}"#,
                    "s.json:1:60: timeline[1].at: the step starts at 2 s, before the previous steps end (3 s)")
        assertError(#"{"kind": "flow", "timeline": [{"wait": 2}], "duration": 1}"#,
                    "s.json:1:57: duration: the timeline runs until 2 s, longer than the duration")
        assertError(#"{"kind": "flow", "timeline": [{"at": 1, "wait": 2, "release": {}}]}"#,
                    #"s.json:1:31: timeline[0]: expected one step: "wait", "drag", "release", "tap", "path" or "itemCount", found 2 keys"#)
        assertError(#"{"kind": "flow", "timeline": [{"ta": 1, "wait": 2}]}"#,
                    "s.json:1:32: timeline[0]: unknown key 'ta', did you mean 'tap'?")
        assertError(#"{"kind": "flow", "framesPerSecond": 0.001, "timeline": [{"wait": 1e6}]}"#,
                    "s.json:1:56: timeline: the scene lasts 1000000 s; at most 600 s are allowed")
        assertError(#"{"kind": "flow", "framesPerSecond": 1e300, "timeline": [{"wait": 1}]}"#,
                    "s.json:1:56: timeline: the timeline makes 1e+300 frames; at most 3600 are allowed")
        assertError(#"{"kind": "flow", "timeline": [{"wait": 2}], "keyFrames": [3]}"#,
                    "s.json:1:58: keyFrames: 3 s is past the end of the scene (2 s)")
    }

    func testActionPresetsAndLike() throws {
        let doc = try parse(#"{"kind": "swipe", "trailing": {"actions": [{"like": "trash", "effect": "confirmDelete"}, "flag", "more"]}, "leading": {"actions": "unread"}}"#)
        let s = try XCTUnwrap(doc.settings(as: SwipeKind.Settings.self))
        XCTAssertEqual(s.trailing?.actions.map(\.title), ["Trash", "Flag", "More"])
        XCTAssertEqual(s.trailing?.actions[0].style, .destructive)
        XCTAssertEqual(s.trailing?.actions[0].effect, .confirmDelete)
        XCTAssertEqual(s.leading?.actions.first?.effect, .toggleUnread)
        // The writer gives the presets back by name, and only what differs from them.
        XCTAssertTrue(doc.json().contains(#""actions": [{"like": "trash", "effect": "confirmDelete"}, "flag", "more"]"#), doc.json())
        XCTAssertTrue(doc.json().contains(#""leading": {"actions": "unread"}"#), doc.json())
        assertError(#"{"kind": "swipe", "trailing": {"actions": ["trsh"]}}"#,
                    #"s.json:1:44: trailing.actions[0]: expected one of "trash", "flag", "more", "unread", "trashArabic", "flagArabic", "moreArabic", "unreadArabic", found "trsh"; did you mean "trash"?"#)
        assertError(#"{"kind": "swipe", "trailing": {"actions": [{"like": "flag", "lik": 1}]}}"#,
                    "s.json:1:61: trailing.actions[0]: unknown key 'lik', did you mean 'like'?")
    }

    func testTheDemosRowActionsDayAndMenu() throws {
        let doc = try parse(#"{"kind": "swipe", "chrome": {"date": "5/26/23"}, "trailing": {"actions": "mail"}, "rowActions": "demo", "intro": {"row": "collectionFree"}}"#)
        let settings = try XCTUnwrap(doc.settings(as: SwipeKind.Settings.self))
        let s = settings.scene
        XCTAssertEqual(s.rowActions.map(\.positions), [[1], [2]])
        XCTAssertEqual(s.rowActions[1].trailing?.actions.map(\.title), ["Trash", "Flag"])
        // Dated from the recording's day as the app dates them: today, 어제, 그저께, then the date.
        XCTAssertEqual(s.emails.map(\.date), ["오후 2:26", "오후 2:26", "어제", "그저께", "5/23/23", "5/22/23", "5/21/23",
                                              "5/20/23", "5/19/23", "5/18/23"])
        XCTAssertEqual(s.intro?.menu, .swipeCell)
        XCTAssertNil(s.intro?.highlightDelay, "the swipe demo's rows highlight with the lift")
        XCTAssertTrue(doc.json().contains(#""rowActions": "demo""#), doc.json())
        XCTAssertEqual(InboxDay("3/2/24")?.relative(daysAgo: 3, today: "x").description, "2/28/24")
        XCTAssertEqual(InboxDay("1/1/23")?.minus(days: 1).description, "12/31/22")
        assertError(#"{"kind": "swipe", "chrome": {"date": "2/30/23"}, "trailing": {"actions": "mail"}}"#,
                    #"s.json:1:38: chrome.date: expected a date as M/D/YY ("5/26/23"), found "2/30/23""#)
        assertError(#"{"kind": "swipe", "trailing": {"actions": "mail"}, "intro": {"row": "vegaStyle"}}"#,
                    #"s.json:1:69: intro.row: expected one of "tablePlain", "tableGrouped", "tableInsetGrouped", "collectionTable", "collectionFree", "collectionMiniTimer", found "vegaStyle""#)
    }

    func testListStyleMetricsLiveInTheModel() throws {
        let s = try XCTUnwrap(parse(#"{"kind": "swipe", "list": "cards", "metrics": {"rowHeight": 80}, "trailing": {"actions": "mail"}}"#)
            .settings(as: SwipeKind.Settings.self)).scene
        XCTAssertEqual(s.metrics.rowHeight, 80)
        XCTAssertEqual(s.metrics.rowSpacing, 24.2, "the cards style's own spacing stays")
        XCTAssertEqual(s.metrics.listTop, 142.6)
    }

    func testSetReachesDeclaredKeysTheFileLeavesOut() throws {
        let head = #"{"kind": "swipe", "trailing": {"actions": "mail"}}"#
        let s = try XCTUnwrap(SceneLoader.parseDocument(head, file: "s.json", overrides: [SceneOverride("metrics.rowHeight=80")!,
                                                                                            SceneOverride("leading.actions=unread")!])
            .settings(as: SwipeKind.Settings.self))
        XCTAssertEqual(s.scene.metrics.rowHeight, 80)
        XCTAssertEqual(s.leading?.actions.first?.title, "Unread")
        XCTAssertThrowsError(try SceneLoader.parseDocument(head, file: "s.json", overrides: [SceneOverride("metrcs.rowHeight=80")!])) {
            XCTAssertEqual("\($0)", "s.json: --set metrcs: unknown key 'metrcs', did you mean 'metrics'?")
        }
    }

    func testEveryKindListsItsParametersForDocsAndDesigner() throws {
        for kind in PreviewKinds.builtIn.all {
            XCTAssertFalse(kind.parameters.isEmpty, kind.name)
            XCTAssertEqual(Set(kind.parameters.map(\.key)).count, kind.parameters.count, "\(kind.name) declares a key twice")
            XCTAssertNotNil(SceneDocs.table(for: kind))
        }
        let flow = try XCTUnwrap(PreviewKinds.builtIn.named("flow"))
        let eye = try XCTUnwrap(flow.parameters.first { $0.key == "eyePosition" })
        XCTAssertEqual(eye.control, .number(.positive))
        XCTAssertEqual(eye.defaultText, "500")
        XCTAssertEqual(eye.unit, "pt")
        let style = try XCTUnwrap(flow.parameters.first { $0.key == "style" })
        XCTAssertEqual(style.control, .choice(["folding", "vega", "plain"]))
    }

    func testDocsTablesAreCurrent() throws {
        let docs = Self.scenes.deletingLastPathComponent().appendingPathComponent("docs")
        for name in ["flow-scene.md", "swipe-scene.md", "layers-scene.md", "coverflow-scene.md"] {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains("<!-- parameters: "), name)
            XCTAssertTrue(SceneDocs.updated(text, kinds: .builtIn) == text, "\(name): run `render-previews parameters --docs docs/\(name)`")
        }
    }
}

extension PreviewSettings {
    func isEqual(to other: any PreviewSettings) -> Bool { (other as? Self) == self }
}
