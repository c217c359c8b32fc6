import CarouselPreviews
import Foundation
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import SnapshotTesting
import XCTest

/// The scene the README's GIF is rendered from, one file for the test and the plugin.
let carouselScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes/carousel.json")

final class CarouselSnapshotTests: XCTestCase {
    /// The package's own kind, read beside the built-in ones.
    func scene(_ overrides: [String] = []) throws -> PreviewScene {
        try PreviewScene(contentsOf: carouselScene, overrides: overrides, kinds: [CarouselKind.self])
    }

    func testMidSwipe() throws {
        assertSnapshot(of: try scene(), as: .png(time: 0.5))
    }

    func testAFlatterTurn() throws {
        assertSnapshot(of: try scene(["angle=20", "fade=0.2"]), as: .png(time: 0.5))
    }

    func testItsParametersAreDeclared() throws {
        let keys = try scene().parameters.map(\.key)
        XCTAssertEqual(keys, ["canvas", "framesPerSecond", "cards", "angle", "eye", "fade", "timeline", "duration"])
    }

    func testABadValueNamesTheKeyAndTheFile() throws {
        XCTAssertThrowsError(try scene(["angle=120"])) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("carousel.json"), text)
            XCTAssertTrue(text.contains("angle"), text)
            XCTAssertTrue(text.contains("-90...90"), text)
        }
    }
}
