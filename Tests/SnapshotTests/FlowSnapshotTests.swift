import Compositor
import Foundation
import Raster
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SceneFormat
import SnapshotTesting
import Text
import XCTest

/// The folding preview at the device's recorded offset, compared with its golden in __Snapshots__/FlowSnapshotTests/
/// (the other key frames of every scene are KeyFrameSnapshotTests').
final class FlowSnapshotTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("FlowSnapshotTests").path

    func assertFrame(_ scene: String, time: Double, overrides: [String] = [], name: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let preview = try PreviewScene(contentsOf: Self.repo.appendingPathComponent("Scenes/\(scene).json"), overrides: overrides)
        let base = (Self.snapshotDirectory as NSString).appendingPathComponent(name)
        if let failure = verifySnapshot(of: preview, as: .png(time: time, artifactsBase: base), named: name,
                                        snapshotDirectory: Self.snapshotDirectory, file: file, testName: "frame", line: line) {
            XCTFail(failure, file: file, line: line)
        }
    }

    func testFoldingAtTheDeviceReading() throws {
        try assertFrame("flow-folding", time: 0, overrides: ["contentOffset=32.6667"],
                        name: "folding-device-reading")
    }
}
