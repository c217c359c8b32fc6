import BuiltInKinds
import Encoders
import Foundation
import LayerTree
import Raster
import SceneFormat
import XCTest

/// `"contents": {"image": "…"}` in a layers scene: a PNG beside the scene, decoded once as the scene is read.
final class ImageSceneTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        var pixmap = Pixmap(width: 3, height: 2, fill: PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1))
        pixmap.pixels[0] = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1).packed
        try Data(PNGCodec.encode(pixmap)).write(to: folder.appendingPathComponent("Assets/avatar.png"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func scene(_ image: String, extra: String = "") -> String {
        """
        {"kind": "layers", "canvas": {"width": 30, "height": 20},
         "root": {"frame": [0, 0, 30, 20], "contents": {"image": "\(image)"}\(extra)}}
        """
    }

    func write(_ text: String) throws -> String {
        let path = folder.appendingPathComponent("scene.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAnImageIsReadRelativeToTheSceneFile() throws {
        let loaded = try SceneLoader.load(path: try write(scene("Assets/avatar.png", extra: #", "contentsGravity": "resizeAspect", "contentsScale": 2"#)))
        guard case .image(let image)? = loaded.root.contents else { return XCTFail("no image contents") }
        XCTAssertEqual(image.name, "Assets/avatar.png")
        XCTAssertEqual([image.width, image.height], [3, 2])
        XCTAssertEqual(image.pixels[0], PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1).packed)
        XCTAssertEqual(loaded.root.contentsGravity, .resizeAspect)
        XCTAssertEqual(loaded.root.contentsScale, 2)
        // `tree` writes the image back by the name the scene gave it.
        XCTAssertTrue(SceneWriter.json(loaded).contains(#""image": "Assets/avatar.png""#))
    }

    func testAMissingOrWrongImageNamesFileLineColumnAndKey() throws {
        let cases = [("Assets/none.png", "no such file"), ("Assets", "is a folder"), ("scene.json", "not a PNG image")]
        for (image, reason) in cases {
            let path = try write(scene(image))
            XCTAssertThrowsError(try SceneLoader.load(path: path), image) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains(path + ":2:"), text)
                XCTAssertTrue(text.contains("root.contents.image"), text)
                XCTAssertTrue(text.contains(reason), text)
            }
        }
        // A header that claims a huge image is refused before anything is allocated.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        header += [0x00, 0x10, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 8, 6, 0, 0, 0]
        try Data(header).write(to: folder.appendingPathComponent("Assets/huge.png"))
        XCTAssertThrowsError(try SceneLoader.load(path: try write(scene("Assets/huge.png")))) { error in
            XCTAssertTrue(String(describing: error).contains("1048576x1048576 pixels"), String(describing: error))
        }
    }
}
