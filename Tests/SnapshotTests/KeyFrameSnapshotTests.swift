import Compositor
import Foundation
import Raster
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SceneFormat
import SceneSchema
import SnapshotTesting
import Text
import XCTest
import BuiltInKinds

/// Every scene in Scenes/ is rendered at its key frames (the scene's `keyFrames`, else the middle and the end;
/// a still's one frame) and compared with goldens in __Snapshots__/KeyFrameSnapshotTests/. No list is kept
/// here: a new scene gets its goldens recorded on the first run, which fails until they are committed.
/// Re-record on purpose with `SNAPSHOT_TESTING_RECORD=all make test`.
final class KeyFrameSnapshotTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("KeyFrameSnapshotTests").path

    /// One measurer for every test: fonts are found once.
    static let text = TextMeasurer()

    static func scenePaths() throws -> [String] {
        let dir = repo.appendingPathComponent("Scenes")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { dir.appendingPathComponent($0).path }
    }

    func testEverySceneAtItsKeyFrames() throws {
        let paths = try Self.scenePaths()
        XCTAssertGreaterThanOrEqual(paths.count, 25)
        var checked = 0
        for path in paths {
            // Through the public kit and its snapshot strategy, as a consumer's tests would.
            let preview = try PreviewScene(contentsOf: URL(fileURLWithPath: path))
            let scene = preview.name
            for t in preview.keyFrameTimes {
                let name = preview.isStill ? scene : "\(scene)-\(String(format: "%.2f", t))s"
                let base = (Self.snapshotDirectory as NSString).appendingPathComponent(name)
                if let failure = verifySnapshot(of: preview, as: .png(time: t, artifactsBase: base), named: name,
                                                snapshotDirectory: Self.snapshotDirectory, testName: "frame") {
                    XCTFail("\(scene): \(failure)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, paths.count)
    }

    /// `tree` writes any frame as a layers scene; read back, it draws the same pixels.
    func testTreeOfEverySceneRoundTripsToTheSamePixels() throws {
        var renderer = LayerRenderer()
        for path in try Self.scenePaths() {
            let frames = try SceneLoader.loadDocument(path: path).frames(measuring: Self.text)
            let t = try PreviewScene(contentsOf: URL(fileURLWithPath: path)).keyFrameTimes.first ?? 0
            let frame = frames.frame(at: t)
            let json = SceneWriter.json(frame)
            let reread = try SceneLoader.parse(json, file: "tree of \(path)")
            let a = try renderer.render(frame), b = try renderer.render(reread)
            XCTAssertEqual(a.width, b.width, path)
            XCTAssertTrue(a.pixels == b.pixels, "\(path) at \(t) s: the tree draws other pixels when read back")
        }
    }
}
