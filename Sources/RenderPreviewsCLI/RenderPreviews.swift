import ArgumentParser
import Compositor
import Geometry
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
        subcommands: [Render.self, Frame.self, Frames.self, Tree.self, Sweep.self, Bench.self],
        defaultSubcommand: Render.self
    )

    /// Bad input exits with status 2 whether the scene or the command line is wrong (ArgumentParser's
    /// own usage errors would exit 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `--set key=value` overrides, shared by every command that reads scenes.
struct SceneSettings: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value, e.g. --set eyePosition=300 (repeatable).",
                                                         valueName: "key=value"))
    var settings: [String] = []

    func validate() throws {
        for s in settings where SceneOverride(s) == nil {
            throw ValidationError("--set expects key=value, found '\(s)'")
        }
    }

    var overrides: [SceneOverride] { settings.compactMap(SceneOverride.init) }

    func load(_ path: String) throws -> SceneDocument {
        try SceneLoader.loadDocument(path: path, overrides: overrides)
    }
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

    func frame(of document: SceneDocument, path: String) throws -> LayerScene {
        let frames = document.frames()
        if let index {
            guard index < frames.count else {
                let what = document.kind == "layers" ? "a layers scene has one frame (index 0)" : "the scene has \(frames.count) frames (0...\(frames.count - 1))"
                throw CLIError("\(path): \(what); --index \(index) is out of range")
            }
            return frames.frame(index: index)
        }
        if let time {
            guard document.kind == "layers" || time <= frames.duration + 1e-9 else {
                throw CLIError("\(path): --time \(time) is past the end of the scene (\(frames.duration) s)")
            }
            return frames.frame(at: time)
        }
        return frames.frame(index: 0)
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
    @OptionGroup var settings: SceneSettings

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func run() throws {
        try reportingErrors {
            let frame = try selection.frame(of: settings.load(scene), path: scene)
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
    @OptionGroup var settings: SceneSettings

    func run() throws {
        try reportingErrors {
            let frame = try selection.frame(of: settings.load(scene), path: scene)
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
            let frames = try settings.load(scene).frames()
            try FileManager.default.createDirectory(atPath: framesDir, withIntermediateDirectories: true)
            var renderer = LayerRenderer()
            for i in 0..<frames.count {
                let name = String(format: "frame-%04d.png", i)
                try writeAtomically(PNGCodec.encode(try renderer.render(frames.frame(index: i))),
                                    to: (framesDir as NSString).appendingPathComponent(name))
            }
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
                let frames = try SceneLoader.loadDocument(path: path).frames()
                try writeAtomically(PNGCodec.encode(try renderer.render(frames.frame(index: 0))), to: target)
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

    @OptionGroup var settings: SceneSettings

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
                // One frame of the scene (the middle one for an animation) stands for the whole.
                let frames = try settings.load(path).frames()
                var scene = frames.frame(index: frames.count / 2)
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

struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame per value of a setting side by side, labeled, to compare settings at a glance.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .customLong("set-values"), help: ArgumentHelp("The setting and its values, e.g. eyePosition=200,350,500,800.",
                                                                valueName: "key=v1,v2,…"))
    var setValues: String

    @OptionGroup var selection: FrameSelection
    @OptionGroup var settings: SceneSettings

    @Option(name: .shortAndLong, help: "The PNG contact sheet to write.")
    var output: String

    func validate() throws {
        guard let eq = setValues.firstIndex(of: "="), eq != setValues.startIndex,
              !setValues[setValues.index(after: eq)...].split(separator: ",").isEmpty else {
            throw ValidationError("--set-values expects key=v1,v2,…, found '\(setValues)'")
        }
    }

    func run() throws {
        try reportingErrors {
            let eq = setValues.firstIndex(of: "=")!
            let key = String(setValues[..<eq])
            let values = setValues[setValues.index(after: eq)...].split(separator: ",").map(String.init)
            var renderer = LayerRenderer()
            var tiles: [Pixmap] = []
            for value in values {
                let overrides = settings.overrides + [SceneOverride(keyPath: key, value: value)]
                let document = try SceneLoader.loadDocument(path: scene, overrides: overrides)
                tiles.append(try renderer.render(selection.frame(of: document, path: scene)))
            }
            // Tiles in one row, each with its "key = value" label above it.
            let labelHeight = 44, gap = 16
            let width = tiles.reduce(0) { $0 + $1.width } + gap * (tiles.count + 1)
            let height = (tiles.map(\.height).max() ?? 0) + labelHeight + gap
            var labels = Layer(name: "labels", frame: Rect(0, 0, Double(width), Double(labelHeight)))
            var x = gap
            for (tile, value) in zip(tiles, values) {
                var label = Layer(name: "label", frame: Rect(Double(x), 0, Double(tile.width), Double(labelHeight)))
                var text = TextContents("\(key) = \(value)", weight: .semibold, size: 20, color: Color(hex: "#1C1C1E")!)
                text.alignment = .center
                label.contents = .text(text)
                labels.sublayers.append(label)
                x += tile.width + gap
            }
            let header = try renderer.render(LayerScene(canvas: Canvas(width: Double(width), height: Double(labelHeight), scale: 1,
                                                                       background: Color(hex: "#F2F2F7")!), root: labels))
            var sheet = Pixmap(width: width, height: height, fill: PremultipliedColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1))
            sheet.composite(header)
            x = gap
            for tile in tiles {
                sheet.composite(Pixmap(bounds: IntRect(x: x, y: labelHeight, width: tile.width, height: tile.height), pixels: tile.pixels))
                x += tile.width + gap
            }
            try writeAtomically(PNGCodec.encode(sheet), to: output)
        }
    }
}
