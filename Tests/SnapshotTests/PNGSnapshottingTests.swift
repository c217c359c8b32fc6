import Encoders
import Foundation
import Raster
import SnapshotTesting
import XCTest

/// The PNG strategy itself: a mismatch must say how many pixels differ by how much and leave the actual and
/// diff images beside the golden; a match must say nothing and leave nothing.
final class PNGSnapshottingTests: XCTestCase {
    func testAMismatchReportsAndWritesActualAndDiffImages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-strategy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = dir.appendingPathComponent("case").path
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let golden = Pixmap(width: 10, height: 4, fill: white)
        var actual = golden
        actual.pixels[3] = PremultipliedColor(red: 1, green: 1, blue: 0.8, alpha: 1).packed
        actual.pixels[17] = PremultipliedColor(red: 0, green: 1, blue: 1, alpha: 1).packed
        let diffing = Diffing<Pixmap>.png(artifactsBase: base)

        XCTAssertNil(diffing.diffV2(golden, golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + ".actual.png"))

        let (message, attachments) = try XCTUnwrap(diffing.diffV2(golden, actual))
        XCTAssertTrue(message.contains("2 of 40 pixels differ"), message)
        XCTAssertTrue(message.contains("by at most 255"), message)
        XCTAssertEqual(attachments.count, 2)
        let written = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".actual.png"))))
        XCTAssertEqual(written.pixels, actual.pixels)
        let diff = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".diff.png"))))
        XCTAssertEqual(diff.pixel(x: 7, y: 1).r, 255)  // the cyan pixel: red channel off by 255
        XCTAssertEqual(diff.pixel(x: 7, y: 1).g, 0)
        XCTAssertNotEqual(diff.pixel(x: 0, y: 0).g, 0)  // unchanged pixels are grey

        // Matching again removes the stale artifacts.
        XCTAssertNil(diffing.diffV2(golden, golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + ".diff.png"))
    }

    func testSizeMismatchIsReported() throws {
        let a = Pixmap(width: 4, height: 4), b = Pixmap(width: 5, height: 4)
        let (message, _) = try XCTUnwrap(Diffing<Pixmap>.png(artifactsBase: "/nonexistent/dir/x").diffV2(a, b))
        XCTAssertTrue(message.contains("Expected 4x4, rendered 5x4"), message)
    }
}
