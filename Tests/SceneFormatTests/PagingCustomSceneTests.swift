import Foundation
import Geometry
import LayerTree
import BuiltInKinds
import Models
import XCTest
@testable import SceneFormat
@testable import SceneSchema

/// The `paging-custom` kind's declarations: the sample chosen by name, `--set`, and bad input reported with
/// file, line, column and key path.
final class PagingCustomSceneTests: XCTestCase {
    private func assertError(_ text: String, _ expected: String, overrides: [SceneOverride] = [],
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(text, file: "Scenes/p.json", overrides: overrides), file: file, line: line) { error in
            XCTAssertTrue(error is SceneError, file: file, line: line)
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    let head = #"{"kind": "paging-custom""#

    func testDefaultsAndSamples() throws {
        let s = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "p.json").settings(as: PagingCustomKind.Settings.self))
        XCTAssertEqual(s.sample, .fruits)
        XCTAssertEqual(s.scene.layout.numberOfVisibleItems, 6)
        XCTAssertEqual(s.scene.layout.numberOfItems, 5)
        let gallery = try XCTUnwrap(SceneLoader.parseDocument(head + #", "sample": "gallery", "page": 7}"#, file: "p.json")
            .settings(as: PagingCustomKind.Settings.self))
        XCTAssertEqual(gallery.scene.layout.numberOfVisibleItems, 10)
        XCTAssertEqual(gallery.scene.layout.numberOfItems, 8)
        let cards = try XCTUnwrap(SceneLoader.parseDocument(head + "}", file: "p.json", overrides: [SceneOverride("sample=cards")!])
            .settings(as: PagingCustomKind.Settings.self))
        XCTAssertEqual(cards.scene.layout.scrollDirection, .vertical)
        XCTAssertEqual(cards.scene.layout.numberOfVisibleItems, 7)
    }

    func testErrors() {
        assertError(head + #", "sample": "flowlayout"}"#,
                    "Scenes/p.json:1:37: sample: expected one of \"fruits\", \"gallery\", \"cards\", found \"flowlayout\"")
        assertError(head + #", "smaple": "cards"}"#, "Scenes/p.json:1:27: unknown key 'smaple', did you mean 'sample'?")
        assertError(head + #", "page": 5}"#, "Scenes/p.json:1:35: page: expected a page in 0...4 for the fruits sample, found 5")
        assertError(head + #", "sample": "cards", "page": 500}"#,
                    "Scenes/p.json:1:54: page: expected a page in 0...499 for the cards sample, found 500")
        assertError(head + "}", "Scenes/p.json: --set decelerationRate: expected a rate per millisecond in (0.5, 1), found 1",
                    overrides: [SceneOverride("decelerationRate=1")!])
        assertError(head + #", "timeline": [{"drag": {"from": [0, 0]}}]}"#, "Scenes/p.json:1:49: timeline[0].drag: missing required key 'to'")
        assertError(head + #", "duration": 1, "keyFrames": [2]}"#, "Scenes/p.json:1:55: keyFrames: 2 s is past the end of the scene (1 s)")
    }

    /// Each sample renders a frame with its own screen: the fruit cards' titles, the gallery's photo
    /// containers, the bank cards.
    func testEverySampleBuildsItsScreen() throws {
        struct Fixed: TextMeasuring { func width(of text: TextContents) -> Double { Double(text.string.count) * text.size * 0.5 } }
        for (sample, layer) in [("fruits", "page-title"), ("gallery", "photo-container"), ("cards", "card")] {
            let doc = try SceneLoader.parseDocument(head + #", "sample": "\#(sample)", "duration": 1}"#, file: "p.json")
            let frame = try doc.frames(measuring: Fixed()).frame(at: 0.5)
            func names(_ l: Layer) -> [String] { [l.name ?? ""] + l.sublayers.flatMap(names) }
            XCTAssertTrue(names(frame.root).contains(layer), "\(sample) has no \(layer)")
        }
    }
}
