import ArgumentParser
import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
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
            let frame = try selection.frame(of: settings.load(scene), path: scene, measuring: TextMeasurer())
            var renderer = LayerRenderer()
            let png = try PNGCodec.encode(try renderer.render(frame))
            try Files.write(png, to: output)
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
            let frame = try selection.frame(of: settings.load(scene), path: scene, measuring: TextMeasurer())
            print(SceneWriter.json(frame))
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
            let frames = try settings.load(scene).frames(measuring: TextMeasurer())
            // The same ordered, all-cores frame loop as `render`.
            try FrameRenderer().forEachFrame(of: frames, try Files.frameWriter(into: framesDir))
        }
    }
}

