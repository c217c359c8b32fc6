import Foundation
import XCTest

/// `render --shard K/N` and the output folder's manifest, through the built binary.
final class ShardAndManifestTests: XCTestCase {
    var scratch: URL!
    var scenes: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-previews-\(UUID().uuidString)")
        scenes = scratch.appendingPathComponent("Scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        // Five small scenes of the snapshot tests' own, stills and an animation.
        for name in ["shadows", "clipping-perspective", "carousel-sublayer-transform", "fold-device-reading", "text-hangul"] {
            try FileManager.default.copyItem(at: RenderPreviewsCommandTests.scenes.appendingPathComponent(name + ".json"),
                                             to: scenes.appendingPathComponent(name + ".json"))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func run(_ arguments: [String]) throws -> RenderPreviewsCommandTests.Result { try RenderPreviewsCommandTests.run(arguments) }

    func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    func testTheShardsTogetherAreTheWholeRunByteForByte() throws {
        let whole = scratch.appendingPathComponent("whole"), parts = (1...3).map { scratch.appendingPathComponent("part\($0)") }
        XCTAssertEqual(try run(["render", "--scenes", scenes.path, "--output", whole.path]).status, 0)
        var union: [String: Data] = [:]
        var sizes: [Int] = []
        for (k, folder) in parts.enumerated() {
            let r = try run(["render", "--scenes", scenes.path, "--output", folder.path, "--shard", "\(k + 1)/3"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let got = try files(folder)
            XCTAssertTrue(Set(got.keys).isDisjoint(with: union.keys))
            union.merge(got) { a, _ in a }
            sizes.append(got.count)
        }
        XCTAssertEqual(union, try files(whole))
        XCTAssertEqual(sizes.sorted(), [1, 2, 2])
        for bad in ["0/2", "3/2", "1/0", "a/b", "1/2/3"] {
            let r = try run(["render", "--scenes", scenes.path, "--output", whole.path, "--shard", bad])
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.contains("--shard expects K/N"), r.stderr)
        }
    }

    func testAnUnchangedSceneIsNotRenderedAgainAndAnEditedOneIs() throws {
        let output = scratch.appendingPathComponent("Output")
        let first = try run(["render", "--scenes", scenes.path, "--output", output.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout.components(separatedBy: " -> ").count - 1, 5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent(".render-previews-manifest.json").path))
        let written = try files(output)

        let second = try run(["render", "--scenes", scenes.path, "--output", output.path])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(second.stdout.contains(" -> "), second.stdout)
        XCTAssertTrue(second.stdout.contains("5 scenes unchanged"), second.stdout)

        // An edit (even one that changes no pixel) renders that scene alone; a damaged output is rendered again.
        let edited = scenes.appendingPathComponent("shadows.json")
        try (String(contentsOf: edited, encoding: .utf8) + "\n").write(to: edited, atomically: true, encoding: .utf8)
        try Data("damaged".utf8).write(to: output.appendingPathComponent("text-hangul.png"))
        let third = try run(["render", "--scenes", scenes.path, "--output", output.path])
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertEqual(third.stdout.components(separatedBy: " -> ").count - 1, 2, third.stdout)
        XCTAssertTrue(third.stdout.contains("shadows.json -> ") && third.stdout.contains("text-hangul.json -> "), third.stdout)
        XCTAssertEqual(try files(output), written)

        // --force renders everything; --check trusts no manifest and finds a stale output it recorded.
        let forced = try run(["render", "--scenes", scenes.path, "--output", output.path, "--force"])
        XCTAssertEqual(forced.stdout.components(separatedBy: " -> ").count - 1, 5, forced.stdout)
        let manifest = output.appendingPathComponent(".render-previews-manifest.json")
        let recorded = try String(contentsOf: manifest, encoding: .utf8)
        try Data("stale".utf8).write(to: output.appendingPathComponent("shadows.png"))
        try recorded.replacingOccurrences(of: "\"outputHash\"", with: "\"ignored\"").write(to: manifest, atomically: true, encoding: .utf8)
        let check = try run(["render", "--scenes", scenes.path, "--output", output.path, "--check"])
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("differs ") && check.stdout.contains("shadows.png"), check.stdout)
    }
}
