import Compositor
import Foundation
import Raster
import SceneFormat
import SnapshotTesting
import XCTest

/// Key frames of the flow previews in Scenes/, compared with goldens in __Snapshots__/FlowSnapshotTests/.
final class FlowSnapshotTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("FlowSnapshotTests").path

    func assertFrame(_ scene: String, time: Double, overrides: [SceneOverride] = [], name: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let path = Self.repo.appendingPathComponent("Scenes/\(scene).json").path
        let frames = try SceneLoader.loadDocument(path: path, overrides: overrides).frames()
        var renderer = LayerRenderer()
        let image = try renderer.render(frames.frame(at: time))
        let base = (Self.snapshotDirectory as NSString).appendingPathComponent(name)
        if let failure = verifySnapshot(of: image, as: .png(artifactsBase: base), named: name,
                                        snapshotDirectory: Self.snapshotDirectory, file: file, testName: "frame", line: line) {
            XCTFail(failure, file: file, line: line)
        }
    }

    func testFoldingAtTheDeviceReading() throws {
        try assertFrame("flow-folding", time: 0, overrides: [SceneOverride(keyPath: "contentOffset", value: "32.6667")],
                        name: "folding-device-reading")
    }

    func testFoldingMidFoldWithTouch() throws { try assertFrame("flow-folding", time: 1.2, name: "folding-1.2s") }
    func testVegaRollingAway() throws { try assertFrame("flow-vega", time: 1.5, name: "vega-1.5s") }
    func testVegaReverseFilling() throws { try assertFrame("flow-vega-reverse", time: 1.6, name: "vega-reverse-1.6s") }
    func testVegaReverseScrolled() throws { try assertFrame("flow-vega-reverse", time: 5.0, name: "vega-reverse-5s") }
}
