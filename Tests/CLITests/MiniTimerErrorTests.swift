import Foundation
import XCTest

/// The MiniTimer kind's and the intro's bad input: FILE:LINE:COLUMN, the key path, exit 2, nothing written.
final class MiniTimerErrorTests: XCTestCase {
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-previews-minitimer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    private func assertFails(_ scene: String, saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = scratch.appendingPathComponent("bad.json")
        try scene.write(to: path, atomically: true, encoding: .utf8)
        let out = scratch.appendingPathComponent("x.png").path
        let r = try RenderPreviewsCommandTests.run(["frame", path.path, "-o", out])
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains("\(path.path):\(expected)"), r.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), file: file, line: line)
    }

    func testNegativeDurations() throws {
        try assertFails(#"{"kind": "minitimer-swipe-drag-drop", "drag": {"liftDuration": -0.2}}"#,
                        saying: "1:64: error: drag.liftDuration: expected a value >= 0, found -0.2")
        try assertFails(#"{"kind": "flow", "intro": {"row": "vegaStyle", "tapDuration": -1}}"#,
                        saying: "1:63: error: intro.tapDuration: expected a value > 0, found -1")
        try assertFails(#"{"kind": "minitimer-swipe-drag-drop", "duration": -1}"#,
                        saying: "1:51: error: duration: expected a value >= 0, found -1")
    }

    func testDropTargetOutsideTheScreen() throws {
        try assertFails(#"{"kind": "minitimer-swipe-drag-drop", "dropArea": [0, 700, 390, 200]}"#,
                        saying: "1:51: error: dropArea: expected a rectangle inside the 390 × 844 pt screen, found [0, 700, 390, 200]")
    }

    func testUnknownMenuRow() throws {
        try assertFails(#"{"kind": "minitimer-swipe-drag-drop", "intro": {"row": "miniTimer3"}}"#,
                        saying: "1:56: error: intro.row: expected one of \"foldingStyle\"")
        let scene = RenderPreviewsCommandTests.repo.appendingPathComponent("Scenes/flow-vega.json").path
        let r = try RenderPreviewsCommandTests.run(["frame", scene, "--set", "intro.row=vega", "-o", scratch.path + "/x.png"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--set intro.row: expected one of"), r.stderr)
    }

    /// A MiniTimer kind's intro is the recording's unless a scene says otherwise: one key of it can be set
    /// alone (its row stands), on the command line or in the file. A flow scene has no intro of its own, so
    /// one given there must name its row.
    func testOneKeyOfTheRecordedIntro() throws {
        let scene = RenderPreviewsCommandTests.repo.appendingPathComponent("Scenes/minitimer-folding-timers.json").path
        let r = try RenderPreviewsCommandTests.run(["tree", scene, "--time", "0.8", "--set", "intro.point=[200, 400]"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // The finger's disc (46 pt) where the scene now puts it.
        XCTAssertTrue(r.stdout.contains(#""bounds": [0, 0, 46, 46],\#n        "position": [200, 400]"#), r.stdout)
        let path = scratch.appendingPathComponent("intro.json")
        try #"{"kind": "minitimer-swipe-drag-drop", "intro": {"tapAt": 0.9}, "duration": 2}"#.write(to: path, atomically: true, encoding: .utf8)
        let menu = try RenderPreviewsCommandTests.run(["tree", path.path, "--time", "0.95"])
        XCTAssertEqual(menu.status, 0, menu.stderr)
        // The recording's row, highlighted under the finger that went down at 0.9 s instead of 0.73.
        XCTAssertTrue(menu.stdout.contains(#""position": [191.3, 640.8]"#), menu.stdout)
        let before = try RenderPreviewsCommandTests.run(["tree", path.path, "--time", "0.8"])
        XCTAssertFalse(before.stdout.contains(#""position": [191.3, 640.8]"#), before.stdout)
        try assertFails(#"{"kind": "flow", "intro": {"tapAt": 1}}"#, saying: "1:27: error: intro: missing required key 'row'")
    }

    func testTearOfAnUnknownRowOrOutOfOrder() throws {
        let tear = #""point": [1, 2], "at": 1, "pullAt": 2"#
        try assertFails(#"{"kind": "minitimer-folding-timers", "tear": {"row": 30, "# + tear + #", "releaseAt": 3, "closeAt": 4}}"#,
                        saying: "1:54: error: tear.row: expected a row of the list (0...23), found 30")
        try assertFails(#"{"kind": "minitimer-folding-timers", "tear": {"row": 3, "# + tear + #", "releaseAt": 1.5, "closeAt": 4}}"#,
                        saying: "1:109: error: tear.releaseAt: expected a time at or after pullAt (2 s), found 1.5")
        try assertFails(#"{"kind": "minitimer-folding-timers", "tear": {"row": 3, "# + tear + #", "releaseAt": 3, "closeAt": 4, "fadeDuration": -0.1}}"#,
                        saying: "1:142: error: tear.fadeDuration: expected a value > 0, found -0.1")
        try assertFails(#"{"kind": "minitimer-folding-timers", "tear": {"row": 3, "# + tear + #", "releaseAt": 3, "closeAt": 4}, "duration": 2}"#,
                        saying: "1:139: error: duration: the tear runs until 4.425 s, longer than the duration")
    }
}
