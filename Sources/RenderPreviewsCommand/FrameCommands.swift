import ArgumentParser
import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
import RenderPreviewsKit
import SceneFormat
import SceneSchema
import Text
import Previews

struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one frame of a scene as PNG.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var selection: FrameSelection
    @OptionGroup var settings: SceneSettings

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func validate() throws { try checkExtension(output, "png", "frame") }

    func run() throws {
        try reportingErrors {
            let preview = try settings.scene(scene, kinds: RenderPreviews.extraKinds)
            let image = switch try selection.pick(in: preview, path: scene) {
            case .index(let i): try preview.image(frame: i)
            case .time(let t): try preview.image(at: t)
            }
            try Files.write([UInt8](try image.pngData()), to: output)
        }
    }
}

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one frame's layer tree as a layers scene (feed it back to `frame` for the same pixels).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var selection: FrameSelection
    @OptionGroup var settings: SceneSettings

    func run() throws {
        try reportingErrors {
            let preview = try settings.scene(scene, kinds: RenderPreviews.extraKinds)
            switch try selection.pick(in: preview, path: scene) {
            case .index(let i): print(preview.layerTree(frame: i))
            case .time(let t): print(preview.layerTree(at: t))
            }
        }
    }
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write every frame of a scene as PNG (frame-0000.png …).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var settings: SceneSettings

    @Option(help: "The folder to write the frames into (created if missing).")
    var framesDir: String

    func run() throws {
        try reportingErrors {
            let frames = try settings.load(scene, kinds: RenderPreviews.kinds).frames(measuring: TextMeasurer())
            // The same ordered, all-cores frame loop as `render`, without the GIF.
            let write = try Files.frameWriter(into: framesDir)
            try FrameRenderer().forEachFrame(of: frames, { try write($0, PreviewImage($1)) })
        }
    }
}

