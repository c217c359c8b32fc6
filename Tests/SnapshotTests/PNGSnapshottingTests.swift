import Encoders
import Foundation
import Raster
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SnapshotTesting
import XCTest

/// The image strategy of RenderPreviewsSnapshotTesting itself: a mismatch must say how many pixels differ by how much and leave the actual and
/// diff images beside the golden; a match must say nothing and leave nothing.
final class PNGSnapshottingTests: XCTestCase {
    func testAMismatchReportsAndWritesActualAndDiffImages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-strategy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = dir.appendingPathComponent("case").path
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let goldenPixels = Pixmap(width: 10, height: 4, fill: white)
        var actualPixels = goldenPixels
        actualPixels.pixels[3] = PremultipliedColor(red: 1, green: 1, blue: 0.8, alpha: 1).packed
        actualPixels.pixels[17] = PremultipliedColor(red: 0, green: 1, blue: 1, alpha: 1).packed
        let diffing = Diffing<PreviewImage>.image(artifactsBase: base)
        let (golden, actual) = (PreviewImage(goldenPixels), PreviewImage(actualPixels))

        XCTAssertNil(diffing.diffV2(golden, golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + ".actual.png"))

        let (message, attachments) = try XCTUnwrap(diffing.diffV2(golden, actual))
        XCTAssertTrue(message.contains("2 of 40 pixels differ"), message)
        XCTAssertTrue(message.contains("by at most 255"), message)
        XCTAssertEqual(attachments.count, 2)
        let written = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".actual.png"))))
        XCTAssertEqual(PreviewImage(written), actual)
        let diff = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".diff.png"))))
        XCTAssertEqual(diff.pixel(x: 7, y: 1).r, 255)  // the cyan pixel: red channel off by 255
        XCTAssertEqual(diff.pixel(x: 7, y: 1).g, 0)
        XCTAssertNotEqual(diff.pixel(x: 0, y: 0).g, 0)  // unchanged pixels are grey

        // Matching again removes the stale artifacts.
        XCTAssertNil(diffing.diffV2(golden, golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + ".diff.png"))
    }

    func testSizeMismatchIsReported() throws {
        let a = PreviewImage(Pixmap(width: 4, height: 4)), b = PreviewImage(Pixmap(width: 5, height: 4))
        let (message, _) = try XCTUnwrap(Diffing<PreviewImage>.image(artifactsBase: "/nonexistent/dir/x").diffV2(a, b))
        XCTAssertTrue(message.contains("Expected 4x4, rendered 5x4"), message)
    }

    func testARenderingFailureIsTheMessage() throws {
        let scene = try PreviewScene(json: Data(#"{"kind": "flow", "duration": 1}"#.utf8), name: "short")
        let strategy = Snapshotting<PreviewScene, PreviewImage>.png(time: 5)
        var image: PreviewImage?
        strategy.snapshot(scene).run { image = $0 }
        let (message, _) = try XCTUnwrap(strategy.diffing.diffV2(try XCTUnwrap(image), try XCTUnwrap(image)))
        XCTAssertTrue(message.contains("outside the scene"), message)
    }

    /// The key frames side by side, 8 pixels apart, in one golden.
    func testKeyFramesAreOneStrip() throws {
        let scene = try PreviewScene(json: Data(#"{"kind": "flow", "duration": 1, "keyFrames": [0, 0.5, 1], "canvas": {"scale": 0.25}}"#.utf8))
        var strip: PreviewImage?
        Snapshotting<PreviewScene, PreviewImage>.keyFrames().snapshot(scene).run { strip = $0 }
        let image = try XCTUnwrap(strip)
        XCTAssertEqual(image.width, scene.pixelWidth * 3 + 16)
        XCTAssertEqual(image.height, scene.pixelHeight)
        let first = try scene.image(at: 0).rgba, row = scene.pixelWidth * 4
        XCTAssertEqual(Array(image.rgba[0..<row]), Array(first[0..<row]))
    }

    /// Without a path, the artifacts are named after the scene and time, in the snapshot artifacts folder.
    func testWithoutAPathArtifactsGoBesideTheLibrarysOwn() throws {
        let scene = try PreviewScene(json: Data(#"{"kind": "flow", "duration": 1, "canvas": {"scale": 0.25}}"#.utf8), name: "artifacts-case")
        let strategy = Snapshotting<PreviewScene, PreviewImage>.png(time: 0.5)
        var image: PreviewImage?
        strategy.snapshot(scene).run { image = $0 }
        let golden = try scene.rescaled(to: 0.5).image(at: 0)
        let (message, _) = try XCTUnwrap(strategy.diffing.diffV2(golden, try XCTUnwrap(image)))
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let base = ((root as NSString).appendingPathComponent("RenderPreviews") as NSString).appendingPathComponent("artifacts-case-0.5s")
        XCTAssertTrue(message.contains(base + ".diff.png"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: base + ".actual.png"))
        // A match removes them (the label travels with the rendered image).
        XCTAssertNil(strategy.diffing.diffV2(try XCTUnwrap(image), try XCTUnwrap(image)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + ".diff.png"))
    }
}
