import Compositor
import Foundation
import Raster
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SceneFormat
import SnapshotTesting
import XCTest

/// Every layers scene under Scenes/ is rendered and compared with its golden PNG in
/// __Snapshots__/LayerSceneSnapshotTests/. Re-record on purpose with `SNAPSHOT_TESTING_RECORD=all make test`.
final class LayerSceneSnapshotTests: XCTestCase {
    static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("LayerSceneSnapshotTests").path

    func assertScene(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Scenes"),
                                "missing scene \(name)", file: file, line: line)
        let scene = try PreviewScene(contentsOf: url)
        let base = (Self.snapshotDirectory as NSString).appendingPathComponent(name)
        if let failure = verifySnapshot(of: scene, as: .png(artifactsBase: base), named: name,
                                        snapshotDirectory: Self.snapshotDirectory, file: file, testName: "scene", line: line) {
            XCTFail(failure, file: file, line: line)
        }
    }

    func testEveryTestSceneHasAGolden() throws {
        let dir = try XCTUnwrap(Bundle.module.resourceURL).appendingPathComponent("Scenes")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(scenes.count, 10)
        let goldens = (try? FileManager.default.contentsOfDirectory(atPath: Self.snapshotDirectory)) ?? []
        for s in scenes {
            let golden = "scene." + (s as NSString).deletingPathExtension + ".png"
            XCTAssertTrue(goldens.contains(golden), "no golden \(golden) for \(s)")
        }
    }

    func testFoldDeviceReading() throws { try assertScene("fold-device-reading") }
    func testPerspectiveFold() throws { try assertScene("perspective-fold") }
    func testCarouselSublayerTransform() throws { try assertScene("carousel-sublayer-transform") }
    func testClippingRounded() throws { try assertScene("clipping-rounded") }
    func testClippingPerspective() throws { try assertScene("clipping-perspective") }
    func testGroupOpacity() throws { try assertScene("group-opacity") }
    func testBorders() throws { try assertScene("borders") }
    func testShadows() throws { try assertScene("shadows") }
    func testZPositionOrder() throws { try assertScene("zposition-order") }
    func testAnchorAndBoundsOrigin() throws { try assertScene("anchor-and-bounds-origin") }
    func testNestedTransforms() throws { try assertScene("nested-transforms") }
    func testAbuttingLayers() throws { try assertScene("abutting-layers") }
    func testFractionalGeometry() throws { try assertScene("fractional-geometry") }
    func testGradients() throws { try assertScene("gradients") }
    func testSnapshotPieces() throws { try assertScene("snapshot-pieces") }
    func testTextSizesAt1x() throws { try assertScene("text-sizes") }
    func testTextSizesAt2x() throws { try assertScene("text-sizes-2x") }
    func testTextSizesAt3x() throws { try assertScene("text-sizes-3x") }
    func testTextWrappingAndTruncation() throws { try assertScene("text-wrapping-truncation") }
    func testTextRightToLeftArabic() throws { try assertScene("text-rtl-arabic") }
    func testTextHangul() throws { try assertScene("text-hangul") }
    func testGlyphIcons() throws { try assertScene("glyph-icons") }
    func testTextOnAFoldedCell() throws { try assertScene("text-folded-cell") }
}
