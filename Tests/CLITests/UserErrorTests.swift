import Foundation
import XCTest

/// What a user types wrong gets one clear line and exit 2; an interrupted run leaves nothing half-written.
final class UserErrorTests: XCTestCase {
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-previews-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    static let flow = RenderPreviewsCommandTests.repo.appendingPathComponent("Scenes/flow-vega.json").path

    private func assertFails(_ arguments: [String], saying expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try RenderPreviewsCommandTests.run(arguments)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(expected), r.stderr, file: file, line: line)
    }

    func testFileSystemErrorsHaveOneShape() throws {
        let file = scratch.appendingPathComponent("file.txt").path
        try Data().write(to: URL(fileURLWithPath: file))
        try assertFails(["frame", Self.flow, "-o", file + "/folder/x.png"], saying: "render-previews: error: cannot write \(file): not a folder")
        try assertFails(["render", "--scenes", Self.flow], saying: "render-previews: error: cannot read \(Self.flow): not a folder")
        try assertFails(["encode-gif", "--frames-dir", scratch.path + "/missing", "-o", scratch.path + "/x.gif"],
                        saying: "render-previews: error: cannot read \(scratch.path)/missing: No such file or directory")
        try assertFails(["list", "--scenes", scratch.path + "/none"], saying: "render-previews: error: cannot read \(scratch.path)/none: ")
    }

    /// A scene with three mistakes takes one run to fix: each is a line of its own, FILE:LINE:COLUMN first.
    func testEveryMistakeOfASceneInOneRun() throws {
        let bad = scratch.appendingPathComponent("three.json")
        try """
        {
          "kind": "flow",
          "eyePositon": 300,
          "framesPerSecond": -4,
          "style": "vegas"
        }
        """.write(to: bad, atomically: true, encoding: .utf8)
        let r = try RenderPreviewsCommandTests.run(["render", bad.path, "-o", scratch.path + "/out"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").map(String.init), [
            "\(bad.path):3:3: error: unknown key 'eyePositon', did you mean 'eyePosition'?",
            "\(bad.path):4:22: error: framesPerSecond: expected a value > 0, found -4",
            #"\#(bad.path):5:12: error: style: expected one of "folding", "vega", "plain", found "vegas"; did you mean "vega"?"#,
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/out/three.gif"))
    }

    /// Every error in one form, ArgumentParser's own included: `render-previews: error: …`, never "Error:".
    func testUsageErrorsHaveTheSameForm() throws {
        let r = try RenderPreviewsCommandTests.run(["frame", Self.flow, "--index", "x", "-o", scratch.path + "/x.png"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("render-previews: error: "), r.stderr)
        XCTAssertFalse(r.stderr.contains("Error:"), r.stderr)
    }

    func testMissingOutputFoldersAreMade() throws {
        let png = scratch.appendingPathComponent("a/b/x.png").path
        let r = try RenderPreviewsCommandTests.run(["frame", Self.flow, "--index", "3", "--set", "canvas.scale=0.25", "-o", png])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
    }

    func testWordingOfSelectionsAndFormats() throws {
        try assertFails(["frame", Self.flow, "--index", "-1", "-o", scratch.path + "/x.png"], saying: "--index must be 0 or more, found -1")
        try assertFails(["frame", Self.flow, "--time", "4.3", "-o", scratch.path + "/x.png"],
                        saying: "--time 4.3 s is past the end of the scene (4.2 s; the last frame is at 4.2 s)")
        try assertFails(["frame", Self.flow, "-o", scratch.path + "/x.gif"], saying: "-o \(scratch.path)/x.gif: frame writes PNG")
        try assertFails(["render", "--only", "flow-vga"], saying: "no scene named 'flow-vga' in Scenes; did you mean 'flow-vega'?")
    }

    /// The cover-flow kind's bad input goes through the same decoder: FILE:LINE:COLUMN, the key path, exit 2.
    func testCoverFlowBadInputExitsTwoWithThePosition() throws {
        let bad = scratch.appendingPathComponent("c.json")
        try #"{"kind": "coverflow", "itemSize": [-160, 160]}"#.write(to: bad, atomically: true, encoding: .utf8)
        try assertFails(["frame", bad.path, "-o", scratch.path + "/x.png"],
                        saying: "\(bad.path):1:36: error: itemSize[0]: expected a length in (0, 10000] points, found -160")
        let scene = RenderPreviewsCommandTests.repo.appendingPathComponent("Scenes/coverflow-flowlayout.json").path
        try assertFails(["frame", scene, "--set", "itemScale=nan", "-o", scratch.path + "/x.png"],
                        saying: "--set itemScale: expected a number, found a string")
        try assertFails(["frame", scene, "--set", "itemSzie=[1, 1]", "-o", scratch.path + "/x.png"],
                        saying: "coverflow-flowlayout.json: error: --set itemSzie: unknown key 'itemSzie', did you mean 'itemSize'?")
    }

    func testOverridesNeverTouchTheCommittedOutputAndStopBeforeWriting() throws {
        try assertFails(["render", "--set", "eyePosition=300"], saying: "render-previews: error: --set changes the scenes")
        // A key one of the kinds does not declare stops the run before anything is written.
        let out = scratch.appendingPathComponent("out").path
        let r = try RenderPreviewsCommandTests.run(["render", "--set", "eyePosition=300", "-o", out, "--quiet"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(": error: --set eyePosition: unknown key 'eyePosition'"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing may be written")
    }

    /// SIGINT and SIGTERM at several moments of a render: the status says so and no temporary file stays.
    func testInterruptedRenderLeavesNoTemporaryFiles() throws {
        for (i, delay) in [0.3, 0.6, 0.9, 1.2].enumerated() {
            let out = scratch.appendingPathComponent("out\(i)").path
            let process = Process()
            process.executableURL = RenderPreviewsCommandTests.binary
            // Every frame is also written as PNG, so writes are under way at almost any moment.
            process.arguments = ["render", "--only", "swipe-transition-border,swipe-transition-drag,swipe-transition-reveal",
                                 "--set", "framesPerSecond=30", "-o", out, "--frames-dir", out + "/frames", "--quiet"]
            process.currentDirectoryURL = RenderPreviewsCommandTests.repo
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            let signal = i % 2 == 0 ? SIGINT : SIGTERM
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                XCTAssertEqual(process.terminationStatus, 128 + signal, "after \(delay) s")
            }
            let left = FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String } ?? []
            XCTAssertTrue(left.allSatisfy { !($0 as NSString).lastPathComponent.hasPrefix(".") }, "left behind: \(left)")
            XCTAssertEqual(process.terminationReason, .exit, "the handler, not the default action, ended it")
        }
    }
}
