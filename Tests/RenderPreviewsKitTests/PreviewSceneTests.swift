import Foundation
import RenderPreviewsKit
import XCTest

/// The kit as a client sees it: only `import RenderPreviewsKit`.
final class PreviewSceneTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let swipe = repo.appendingPathComponent("Examples/MyCellLibrary/Scenes/mail-cell-swipe.json")

    func testASceneFileTellsItsShapeAndRendersFramesAndItsPreview() throws {
        let scene = try PreviewScene(contentsOf: Self.swipe)
        XCTAssertEqual(scene.name, "mail-cell-swipe")
        XCTAssertEqual(scene.kind, "swipe")
        XCTAssertFalse(scene.isStill)
        XCTAssertEqual(scene.frameCount, 31)
        XCTAssertEqual(scene.duration, 2)
        XCTAssertEqual(scene.keyFrameTimes, [0.8, 2])
        XCTAssertEqual(scene.time(ofFrame: 15), 1, accuracy: 1e-9)

        let image = try scene.image(at: 1)
        XCTAssertEqual([image.width, image.height], [scene.pixelWidth, scene.pixelHeight])
        XCTAssertEqual(image.rgba.count, image.width * image.height * 4)
        XCTAssertEqual(image, try scene.image(frame: 15))
        XCTAssertEqual(try PreviewImage(pngData: image.pngData()), image)

        let preview = try scene.preview()
        XCTAssertEqual(preview.fileExtension, "gif")
        XCTAssertEqual(preview.frameCount, 31)
        XCTAssertEqual(Array(preview.data.prefix(6)), Array("GIF89a".utf8))
        // The committed preview in the example package is what the plugin wrote from the same kit.
        let committed = try Data(contentsOf: Self.repo.appendingPathComponent("Examples/MyCellLibrary/Output/mail-cell-swipe.gif"))
        XCTAssertEqual(preview.data, committed)
    }

    func testALayerTreeReadBackDrawsTheSamePixels() throws {
        let scene = try PreviewScene(contentsOf: Self.swipe)
        let tree = try PreviewScene(json: Data(scene.layerTree(at: 1).utf8), name: "tree")
        XCTAssertEqual(tree.kind, "layers")
        XCTAssertTrue(tree.isStill)
        XCTAssertEqual(try tree.image(at: 0), try scene.image(at: 1))
        XCTAssertEqual(try tree.preview().fileExtension, "png")
    }

    func testOverridesChangeTheSceneLikeSet() throws {
        let scene = try PreviewScene(contentsOf: Self.swipe, overrides: ["framesPerSecond=20", "canvas.scale=0.5"])
        XCTAssertEqual(scene.frameCount, 41)
        XCTAssertEqual(scene.scale, 0.5)
        XCTAssertTrue(scene.json.contains(#""framesPerSecond": 20"#), scene.json)
        XCTAssertEqual(try scene.rescaled(to: 1).pixelWidth, 390)
        XCTAssertThrowsError(try scene.rescaled(to: 100))
        XCTAssertThrowsError(try scene.rescaled(to: 0))
    }

    func testMistakesNameFileLineColumnAndKeyPath() throws {
        let json = Data("{\n  \"kind\": \"swipe\",\n  \"list\": \"grouped\"\n}\n".utf8)
        XCTAssertThrowsError(try PreviewScene(json: json, name: "bad")) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.file, "bad.json")
            XCTAssertEqual(e?.line, 3)
            XCTAssertEqual(e?.column, 11)
            XCTAssertEqual(e?.keyPath, "list")
            XCTAssertTrue("\(error)".hasPrefix("bad.json:3:11: list: expected"), "\(error)")
        }
        XCTAssertThrowsError(try PreviewScene(contentsOf: Self.swipe, overrides: ["framesPerSecond=-1"])) { error in
            XCTAssertTrue("\(error)".contains("--set framesPerSecond: expected a value > 0"), "\(error)")
        }
        XCTAssertThrowsError(try PreviewScene(contentsOf: Self.swipe, overrides: ["framesPerSecond"])) { error in
            XCTAssertTrue("\(error)".contains("expected key=value"), "\(error)")
        }
        // A kind's frames can be cropped to another size than its canvas; that size is checked too (fuzzing
        // found a swipe viewport taller than any canvas): the swipe kind refuses it at its key.
        let tall = #"{"kind": "swipe", "viewport": [0, 1e30], "trailing": {"actions": "mail"}}"#
        XCTAssertThrowsError(try PreviewScene(json: Data(tall.utf8), name: "tall")) { error in
            XCTAssertTrue("\(error)".hasPrefix("tall.json:1:31: viewport: expected a height of at most 4096 pixels"), "\(error)")
        }
        let scene = try PreviewScene(contentsOf: Self.swipe)
        XCTAssertThrowsError(try scene.image(frame: 31))
        XCTAssertThrowsError(try scene.image(at: 2.5))
    }

    func testKindsDeclareTheirParameters() throws {
        XCTAssertEqual(Set(SceneKind.all.map(\.name)).isSuperset(of: ["layers", "flow", "swipe", "paging", "coverflow"]), true)
        let swipe = try XCTUnwrap(SceneKind.named("swipe"))
        let list = try XCTUnwrap(swipe.parameters.first { $0.key == "list" })
        XCTAssertEqual(list.defaultValue, "\"plain\"")
        XCTAssertTrue(swipe.referenceTable.hasPrefix("| key | type | unit | default | meaning"))
        // The swipe actions are the library's; the demo screen's clock (inside `chrome`) is the preview's.
        XCTAssertEqual(swipe.parameters.first { $0.key == "trailing" }?.isLibraryProperty, true)
        let chrome = try XCTUnwrap(swipe.parameters.first { $0.key == "chrome" })
        XCTAssertFalse(chrome.isLibraryProperty)
        XCTAssertEqual(chrome.children.first { $0.key == "time" }?.isLibraryProperty, false)
        XCTAssertEqual(try PreviewScene(contentsOf: Self.swipe).parameters, swipe.parameters)
    }

    /// The API docs' scene format reference has a section with a table for every kind (`make test` keeps the
    /// tables' contents in step with the declarations; this keeps a new kind from being left out).
    func testTheSceneFormatReferenceCoversEveryKind() throws {
        let article = try String(contentsOf: Self.repo.appendingPathComponent(
            "Sources/RenderPreviewsKit/RenderPreviewsKit.docc/SceneFormatReference.md"), encoding: .utf8)
        for kind in SceneKind.all {
            XCTAssertTrue(article.contains("<!-- parameters: \(kind.name) -->"),
                          "SceneFormatReference.md has no table for '\(kind.name)': add `## \(kind.name)` with "
                          + "`<!-- parameters: \(kind.name) -->` and `<!-- end parameters -->`, then run `render-previews parameters --docs` on it")
        }
    }
}
