import ArgumentParser
import Compositor
import Encoders
import Foundation
import LayerTree
import Raster
import SceneFormat

@main
struct RenderPreviews: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-previews",
        abstract: "Render interaction previews of iOS list cells from scene files.",
        subcommands: [Render.self, Frame.self, Tree.self, Bench.self],
        defaultSubcommand: Render.self
    )
}

/// Which frame of a scene a command works on.
struct FrameSelection: ParsableArguments {
    @Option(help: "Frame index (a layers scene has one frame, index 0).")
    var index: Int?

    @Option(help: "Time in seconds from the start of the scene.")
    var time: Double?

    func validate() throws {
        if index != nil && time != nil { throw ValidationError("give --index or --time, not both") }
        if let index, index < 0 { throw ValidationError("--index must be 0 or more, found \(index)") }
        if let time, !(time.isFinite && time >= 0) { throw ValidationError("--time must be a finite number of seconds >= 0") }
    }

    /// A layers scene is a single still frame: index 0, at any time.
    func frame(of scene: LayerScene, path: String) throws -> LayerScene {
        if let index, index != 0 {
            throw CLIError("\(path): a layers scene has one frame (index 0); --index \(index) is out of range")
        }
        return scene
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command body; bad input is reported on stderr as one line and exits with status 2.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as SceneError {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(2)
    } catch let error as CLIError {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch {
        // Environment and output failures (a missing font, an unwritable file): status 1.
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(1)
    }
}

struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one frame of a scene as PNG.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var selection: FrameSelection

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func run() throws {
        try reportingErrors {
            let loaded = try SceneLoader.load(path: scene)
            let frame = try selection.frame(of: loaded, path: scene)
            var renderer = LayerRenderer()
            let png = try PNGCodec.encode(try renderer.render(frame))
            try writeAtomically(png, to: output)
        }
    }
}

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one frame's layer tree as a layers scene (feed it back to `frame` for the same pixels).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @OptionGroup var selection: FrameSelection

    func run() throws {
        try reportingErrors {
            let frame = try selection.frame(of: SceneLoader.load(path: scene), path: scene)
            print(SceneWriter.json(frame))
        }
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every scene in a folder to the output folder (layers scenes become PNG).")

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(name: .shortAndLong, help: "The folder to write previews to.")
    var output: String = "Output"

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: scenes).filter { $0.hasSuffix(".json") }.sorted()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var failed: [String] = []
        var renderer = LayerRenderer()
        for name in names {
            let path = (scenes as NSString).appendingPathComponent(name)
            let target = (output as NSString).appendingPathComponent((name as NSString).deletingPathExtension + ".png")
            do {
                let scene = try SceneLoader.load(path: path)
                try writeAtomically(PNGCodec.encode(try renderer.render(scene)), to: target)
                if !quiet { print("\(path) -> \(target)") }
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                failed.append(name)
            }
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time each stage per frame: prints `SCENE raster_ms=… text_ms=… encode_ms=… pixels=…` (medians; text_ms is the part of raster_ms spent on text and icons).")

    @Argument(help: "Scene files (JSON).")
    var scenes: [String]

    @Option(help: "Repetitions per scene; the median is reported.")
    var `repeat`: Int = 20

    @Option(help: "Override each scene's canvas scale (pixels per point).")
    var scale: Double?

    func validate() throws {
        if `repeat` < 1 { throw ValidationError("--repeat must be at least 1") }
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be in (0, 4]") }
    }

    func run() throws {
        try reportingErrors {
            for path in scenes {
                var scene = try SceneLoader.load(path: path)
                if let scale { scene.canvas.scale = scale }
                var renderer = LayerRenderer()
                var raster: [Double] = [], text: [Double] = [], encode: [Double] = []
                for _ in 0..<`repeat` {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let pixmap = try renderer.render(scene)
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    _ = try PNGCodec.encode(pixmap)
                    let t2 = DispatchTime.now().uptimeNanoseconds
                    raster.append(Double(t1 - t0) / 1e6)
                    let c = renderer.contentsTime.components
                    text.append(Double(c.seconds) * 1e3 + Double(c.attoseconds) / 1e15)
                    encode.append(Double(t2 - t1) / 1e6)
                }
                let pixels = scene.canvas.pixelWidth * scene.canvas.pixelHeight
                print("\(path) raster_ms=\(format(median(raster))) text_ms=\(format(median(text))) "
                    + "encode_ms=\(format(median(encode))) pixels=\(pixels)")
            }
        }
    }

    private func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    private func format(_ v: Double) -> String { String(format: "%.3f", v) }
}
