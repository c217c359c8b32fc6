import Foundation
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SnapshotTesting
import Testing
import XCTest

/// The scene the README's GIF is rendered from, one file for the test and the plugin.
let swipeScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes/mail-cell-swipe.json")

/// XCTest: the whole swipe as its key frames, side by side in one golden.
final class MailCellSnapshotTests: XCTestCase {
    func testSwipeKeyFrames() throws {
        assertSnapshot(of: try PreviewScene(contentsOf: swipeScene), as: .keyFrames())
    }
}

/// Swift Testing: one moment of the swipe, and the same scene with a setting changed as `--set` would.
@Suite struct MailCellSwipeTests {
    @Test func actionsFullyRevealed() throws {
        assertSnapshot(of: try PreviewScene(contentsOf: swipeScene), as: .png(time: 1.2))
    }

    @Test func rightToLeft() throws {
        let scene = try PreviewScene(contentsOf: swipeScene, overrides: ["rightToLeft=true", "emails=demoArabic"])
        #expect(scene.frameCount == 31)
        assertSnapshot(of: scene, as: .png(time: 0))
    }
}
