import Encoders
import Foundation
import XCTest

/// Runs the built `render-previews` binary the way users and CI do.
final class RenderPreviewsCommandTests: XCTestCase {
    static var binary: URL {
        // The test bundle sits beside the products of the same build.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("render-previews")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return dir.appendingPathComponent("render-previews")
    }

    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenes = repo.appendingPathComponent("Tests/SnapshotTests/Scenes")

    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-previews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    func run(_ arguments: [String]) throws -> Result { try Self.run(arguments) }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func testFrameWritesAPNGOfTheCanvasSize() throws {
        let png = scratch.appendingPathComponent("fold.png").path
        let r = try run(["frame", Self.scenes.appendingPathComponent("fold-device-reading.json").path, "-o", png])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: png))))
        XCTAssertEqual(image.width, 780)
        XCTAssertEqual(image.height, 840)
    }

    func testTreeFedBackToFrameRendersTheSamePixels() throws {
        for name in ["carousel-sublayer-transform", "shadows", "clipping-perspective", "fold-device-reading"] {
            let scene = Self.scenes.appendingPathComponent(name + ".json").path
            let tree = try run(["tree", scene])
            XCTAssertEqual(tree.status, 0, tree.stderr)
            let dumped = scratch.appendingPathComponent(name + ".tree.json")
            try Data(tree.stdout.utf8).write(to: dumped)
            let a = scratch.appendingPathComponent(name + ".a.png").path, b = scratch.appendingPathComponent(name + ".b.png").path
            XCTAssertEqual(try run(["frame", scene, "-o", a]).status, 0)
            XCTAssertEqual(try run(["frame", dumped.path, "-o", b]).status, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)), name)
        }
    }

    func testTheSameSceneGivesByteIdenticalFiles() throws {
        let scene = Self.scenes.appendingPathComponent("shadows.json").path
        let a = scratch.appendingPathComponent("a.png").path, b = scratch.appendingPathComponent("b.png").path
        XCTAssertEqual(try run(["frame", scene, "-o", a]).status, 0)
        XCTAssertEqual(try run(["frame", scene, "-o", b]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testBadSceneNamesFileLineColumnAndKeyPathExitsTwoAndWritesNothing() throws {
        let bad = scratch.appendingPathComponent("bad.json")
        try Data("""
        {"kind": "layers", "canvas": {"width": 100, "height": 100},
         "root": {"sublayers": [{}, {},
           {"transform": [1, 0, 0, 0, 0, 1, 0, 0, 0]}]}}
        """.utf8).write(to: bad)
        let out = scratch.appendingPathComponent("out.png").path
        let r = try run(["frame", bad.path, "-o", out])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(bad.path):3:18: error: root.sublayers[2].transform: expected 16 numbers, found 9"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testAnExistingOutputIsNotReplacedWhenTheSceneIsBad() throws {
        let bad = scratch.appendingPathComponent("bad.json")
        try Data(#"{"kind": "layers", "canvas": {"width": 100, "height": 100}, "root": {"opacty": 1}}"#.utf8).write(to: bad)
        let out = scratch.appendingPathComponent("out.png")
        try Data("previous".utf8).write(to: out)
        let r = try run(["frame", bad.path, "-o", out.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("did you mean 'opacity'?"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: out), Data("previous".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["bad.json", "out.png"])
    }

    func testALayersSceneHasOnlyFrameZero() throws {
        let scene = Self.scenes.appendingPathComponent("borders.json").path
        let r = try run(["frame", scene, "--index", "1", "-o", scratch.appendingPathComponent("x.png").path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("one frame (index 0)"), r.stderr)
        XCTAssertEqual(try run(["tree", scene, "--time", "1.5"]).status, 0)
    }

    static let flowFolding = repo.appendingPathComponent("Scenes/flow-folding.json").path

    /// Issue check: item 0 of the folding scene frozen at the device reading's content offset.
    func testFlowTreeAtTheDeviceReadingGivesTheRecordedTransformAndFrame() throws {
        let r = try run(["tree", Self.flowFolding, "--set", "contentOffset=32.6667"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        func find(_ layer: [String: Any], _ name: String) -> [String: Any]? {
            if layer["name"] as? String == name { return layer }
            for s in layer["sublayers"] as? [[String: Any]] ?? [] { if let f = find(s, name) { return f } }
            return nil
        }
        let item = try XCTUnwrap(find(json["root"] as! [String: Any], "item-0"))
        let t = item["transform"] as! [Double]
        let recorded = [1, 0, 0, 0, 0, 0.748718, -0.662889, 0.00132578, 0, 0.662889, 0.748718, -0.00149744, 0, -8.16667, -21.5439, 1.04309]
        for (a, b) in zip(t, recorded) { XCTAssertEqual(a, b, accuracy: 1e-4) }
        // The projected frame in the flow view's content space: rows and columns 1, 2, 4 of the layer's map.
        let bounds = item["bounds"] as! [Double], position = item["position"] as! [Double]
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(0.0, 0.0), (bounds[2], 0), (bounds[2], bounds[3]), (0, bounds[3])] {
            let lx = x - bounds[2] / 2, ly = y - bounds[3] / 2
            let X = lx * t[0] + ly * t[4] + t[12], Y = lx * t[1] + ly * t[5] + t[13], W = lx * t[3] + ly * t[7] + t[15]
            xs.append(X / W + position[0]); ys.append(Y / W + position[1])
        }
        XCTAssertEqual(xs.min()!, 20, accuracy: 1e-3)
        XCTAssertEqual(ys.min()!, 52.6667, accuracy: 1e-3)
        XCTAssertEqual(xs.max()! - xs.min()!, 350, accuracy: 1e-3)
        XCTAssertEqual(ys.max()! - ys.min()!, 47.384, accuracy: 1e-3)
    }

    func testSettingsAreCheckedLikeTheFile() throws {
        let bad = try run(["frame", Self.flowFolding, "--set", "eyePosition=-3", "-o", scratch.appendingPathComponent("x.png").path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("flow-folding.json: error: --set eyePosition: expected a value > 0, found -3"), bad.stderr)
        let typo = try run(["tree", Self.flowFolding, "--set", "eyePositon=300"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean 'eyePosition'?"), typo.stderr)
        let usage = try run(["tree", Self.flowFolding, "--set", "nonsense"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--set expects key=value, found 'nonsense'"), usage.stderr)
    }

    func testFramesWritesEveryFrameAndSweepWritesASheet() throws {
        let dir = scratch.appendingPathComponent("frames").path
        let r = try run(["frames", Self.flowFolding, "--set", "framesPerSecond=2", "--set", "canvas.scale=0.5", "--frames-dir", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertGreaterThan(files.count, 5)
        XCTAssertEqual(files.first, "frame-0000.png")
        let sheet = scratch.appendingPathComponent("sheet.png").path
        let s = try run(["sweep", Self.flowFolding, "--set-values", "eyePosition=200,800", "--set", "contentOffset=32.6667",
                         "--set", "canvas.scale=0.5", "-o", sheet])
        XCTAssertEqual(s.status, 0, s.stderr)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: sheet))))
        XCTAssertEqual(image.width, 195 * 2 + 16 * 3)
    }

    /// A scenes folder with a still, a short animation and a broken scene.
    func makeScenes() throws -> (scenes: String, output: String) {
        let scenes = scratch.appendingPathComponent("scenes"), output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Data(##"{"kind": "layers", "canvas": {"width": 40, "height": 30, "scale": 1}, "root": {"frame": [5, 5, 20, 10], "backgroundColor": "#FF0000"}}"##.utf8)
            .write(to: scenes.appendingPathComponent("still.json"))
        try Data(#"{"kind": "flow", "canvas": {"width": 390, "height": 844, "scale": 0.25}, "framesPerSecond": 10, "style": "vega", "timeline": [{"drag": {"from": [200, 600], "to": [200, 400], "duration": 0.3}}, {"release": {}}, {"wait": 0.5}]}"#.utf8)
            .write(to: scenes.appendingPathComponent("moving.json"))
        try Data(#"{"kind": "flow", "canvas": {"width": 390, "height": 844, "scale": 0.25}, "eyePosition": 0}"#.utf8)
            .write(to: scenes.appendingPathComponent("broken.json"))
        return (scenes.path, output.path)
    }

    func testRenderWritesEveryGoodSceneAndFailsForTheBrokenOne() throws {
        let (scenes, output) = try makeScenes()
        let r = try run(["render", "--scenes", scenes, "--output", output])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("broken.json:1:89: error: eyePosition: expected a value > 0, found 0"), r.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        XCTAssertEqual(written, [".render-previews-manifest.json", "moving.gif", "still.png"])
        let gif = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/moving.gif"))))
        XCTAssertGreaterThan(gif.frames.count, 2)
        XCTAssertTrue(r.stdout.contains("scene"), r.stdout)  // the summary table
    }

    /// Scenes render two at a time, but the lines and the summary keep the scenes' order: "moving" (an
    /// animation, slower) before "still", whichever finishes first.
    func testLinesKeepTheScenesOrder() throws {
        let (scenes, output) = try makeScenes()
        try FileManager.default.removeItem(atPath: scenes + "/broken.json")
        for _ in 0..<3 {
            // --force: the manifest would skip both scenes after the first run.
            let r = try run(["render", "--scenes", scenes, "--output", output, "--force"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let moving = try XCTUnwrap(r.stdout.range(of: "moving.json ->")), still = try XCTUnwrap(r.stdout.range(of: "still.json ->"))
            XCTAssertLessThan(moving.lowerBound, still.lowerBound, r.stdout)
            let rowMoving = try XCTUnwrap(r.stdout.range(of: "\nmoving ")), rowStill = try XCTUnwrap(r.stdout.range(of: "\nstill "))
            XCTAssertLessThan(rowMoving.lowerBound, rowStill.lowerBound, r.stdout)
        }
    }

    func testCheckNamesStaleOutputsAndWritesNothing() throws {
        let (scenes, output) = try makeScenes()
        try FileManager.default.removeItem(atPath: scenes + "/broken.json")
        XCTAssertEqual(try run(["render", "--scenes", scenes, "--output", output, "--quiet"]).status, 0)
        let fresh = try run(["render", "--scenes", scenes, "--output", output, "--check"])
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        // It writes nothing, so no line reads as if it had ("A -> B"): each says what it found.
        XCTAssertFalse(fresh.stdout.contains("->"), fresh.stdout)
        XCTAssertTrue(fresh.stdout.contains("ok      \(output)/moving.gif\nok      \(output)/still.png\n"), fresh.stdout)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: output + "/still.png"))
        try FileManager.default.removeItem(atPath: output + "/moving.gif")
        let r = try run(["render", "--scenes", scenes, "--output", output, "--check"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("missing \(output)/moving.gif\ndiffers \(output)/still.png\n"), r.stdout)
        // The closing list, two spaces before each path (the Makefile's example check looks for that).
        XCTAssertTrue(r.stderr.contains("\n  \(output)/moving.gif\n  \(output)/still.png\n"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output + "/still.png")), Data("stale".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + "/moving.gif"))
    }

    /// Into a pipe, as in CI, each scene's line comes when the scene is done, not all at the end: the still
    /// scene's line arrives while the animation beside it still renders (well before the run ends).
    func testLinesReachAPipeAsScenesFinish() throws {
        let (scenes, output) = try makeScenes()
        let slow = scratch.appendingPathComponent("slow.json").path
        try Data(#"{"kind": "flow", "canvas": {"width": 390, "height": 844, "scale": 0.5}, "framesPerSecond": 30, "style": "folding", "timeline": [{"drag": {"from": [200, 600], "to": [200, 300], "duration": 1}}, {"release": {}}, {"wait": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: slow))
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["render", scenes + "/still.json", slow, "-o", output]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let firstLine = ContinuousClock.now - start
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let whole = ContinuousClock.now - start
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(String(decoding: first, as: UTF8.self).hasPrefix(scenes + "/still.json -> "), String(decoding: first, as: UTF8.self))
        XCTAssertLessThan(firstLine, whole / 2, "the first line came only at the end (after \(firstLine) of \(whole))")
    }

    func testListAndOnly() throws {
        let (scenes, output) = try makeScenes()
        try FileManager.default.removeItem(atPath: scenes + "/broken.json")
        let list = try run(["list", "--scenes", scenes])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("moving  flow"), list.stdout)
        XCTAssertTrue(list.stdout.contains("still   layers  40x30"), list.stdout)
        XCTAssertEqual(try run(["render", "--scenes", scenes, "--output", output, "--only", "still", "--quiet"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output).sorted(), [".render-previews-manifest.json", "still.png"])
        let outside = try run(["render", "--scenes", scenes, "--output", output, "--only", "../etc/passwd"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("no scene named '../etc/passwd'"), outside.stderr)
    }

    func testRenderOneSceneToOneFile() throws {
        let (scenes, output) = try makeScenes()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let r = try run(["render", scenes + "/moving.json", "-o", output + "/one.gif", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["one.gif"])
        XCTAssertGreaterThan(try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/one.gif")))).frames.count, 2)
        let wrong = try run(["render", scenes + "/moving.json", "-o", output + "/one.png"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("renders a GIF"), wrong.stderr)
        let two = try run(["render", scenes + "/moving.json", scenes + "/still.json", "-o", output + "/x.gif"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("names one file"), two.stderr)
    }

    func testFormatAndParameters() throws {
        let (scenes, _) = try makeScenes()
        let path = scenes + "/moving.json"
        // A scene written by hand in another layout is not in written form until `format` rewrites it.
        XCTAssertEqual(try run(["format", "--check", path]).status, 1)
        XCTAssertEqual(try run(["format", path]).status, 0)
        XCTAssertEqual(try run(["format", "--check", path]).status, 0)
        let json = try run(["parameters", "flow", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains(#""key": "eyePosition""#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""control": {"number": true, "above": 0}"#), json.stdout)
        XCTAssertEqual(try run(["parameters", "flw"]).status, 2)
    }

    func testBenchPrintsMediansPerStage() throws {
        let scene = Self.scenes.appendingPathComponent("borders.json").path
        let r = try run(["bench", scene, "--repeat", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(line.hasPrefix(scene + " frames=1 raster_ms="), line)
        XCTAssertTrue(line.contains(" peak_rss_mb="), line)
        XCTAssertTrue(line.contains(" encode_ms="), line)
    }
}
