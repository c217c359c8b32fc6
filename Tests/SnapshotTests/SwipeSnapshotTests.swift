import Compositor
import Foundation
import Raster
import SceneFormat
import SnapshotTesting
import XCTest

/// Key frames of every swipe preview in Scenes/, compared with goldens in __Snapshots__/SwipeSnapshotTests/:
/// mid-swipe, the buttons' transition animations in flight, expansion, fill, removal and the RTL and collection
/// variants.
final class SwipeSnapshotTests: XCTestCase {
    static let snapshotDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent("SwipeSnapshotTests").path

    func assertFrames(_ scene: String, at times: [Double], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = FlowSnapshotTests.repo.appendingPathComponent("Scenes/\(scene).json").path
        let frames = try SceneLoader.loadDocument(path: path).frames()
        var renderer = LayerRenderer()
        for t in times {
            let name = "\(scene)-\(String(format: "%.2f", t))s"
            let image = try renderer.render(frames.frame(at: t))
            let base = (Self.snapshotDirectory as NSString).appendingPathComponent(name)
            if let failure = verifySnapshot(of: image, as: .png(artifactsBase: base), named: name,
                                            snapshotDirectory: Self.snapshotDirectory, file: file, testName: "frame", line: line) {
                XCTFail(failure, file: file, line: line)
            }
        }
    }

    // Border spreads the buttons over the visible width; drag keeps them whole; reveal uncovers them in place.
    func testTransitionBorder() throws { try assertFrames("swipe-transition-border", at: [1.0, 2.2]) }
    func testTransitionDrag() throws { try assertFrames("swipe-transition-drag", at: [1.4]) }
    func testTransitionReveal() throws { try assertFrames("swipe-transition-reveal", at: [0.85]) }

    // The per-button animations while they play.
    func testAnimationNone() throws { try assertFrames("swipe-animation-none", at: [0.8]) }
    func testAnimationDefault() throws { try assertFrames("swipe-animation-default", at: [0.62]) }
    func testAnimationFavorite() throws { try assertFrames("swipe-animation-favorite", at: [0.25, 0.55]) }
    func testAnimationSpring() throws { try assertFrames("swipe-animation-spring", at: [0.5]) }
    func testAnimationRotate() throws { try assertFrames("swipe-animation-rotate", at: [0.42]) }

    // Expansion: elastic overscroll, the selection fill and bounce, fill with the sheet, removal, slide back.
    func testExpansionNone() throws { try assertFrames("swipe-expansion-none", at: [1.5]) }
    func testExpansionSelection() throws { try assertFrames("swipe-expansion-selection", at: [1.8, 2.2]) }
    func testExpansionFill() throws { try assertFrames("swipe-expansion-fill", at: [1.7, 2.9]) }
    func testExpansionFillDelete() throws { try assertFrames("swipe-expansion-fill-delete", at: [1.95]) }
    func testExpansionFillReverse() throws { try assertFrames("swipe-expansion-fill-reverse", at: [1.9]) }

    // Button display modes and styles, fully open.
    func testButtonsBackground() throws {
        for mode in ["image-title", "image", "title"] { try assertFrames("swipe-buttons-background-\(mode)", at: [2.0]) }
    }
    func testButtonsCircular() throws {
        for mode in ["image-title", "image", "title"] { try assertFrames("swipe-buttons-circular-\(mode)", at: [2.0]) }
    }

    func testRightToLeft() throws { try assertFrames("swipe-rtl", at: [1.2, 4.0]) }
    func testCollection() throws { try assertFrames("swipe-collection", at: [1.3, 4.0]) }
}
