import ArgumentParser
import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
import SceneFormat

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every scene in a folder: animated scenes become GIF, still layer trees PNG.")

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(name: .shortAndLong, help: "The folder to write previews to.")
    var output: String = "Output"

    @Option(help: "Render only these scenes (names without .json, comma-separated).")
    var only: String?

    @OptionGroup var settings: SceneSettings

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        var names = try FileManager.default.contentsOfDirectory(atPath: scenes).filter { $0.hasSuffix(".json") }.sorted()
        if let only {
            let wanted = Set(only.split(separator: ",").map { String($0) + ".json" })
            for w in wanted.sorted() where !names.contains(w) {
                FileHandle.standardError.write(Data("error: no scene \((scenes as NSString).appendingPathComponent(w))\n".utf8))
                throw ExitCode(2)
            }
            names = names.filter(wanted.contains)
        }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var failed: [String] = []
        var renderer = LayerRenderer()
        for name in names {
            let path = (scenes as NSString).appendingPathComponent(name)
            let base = (output as NSString).appendingPathComponent((name as NSString).deletingPathExtension)
            do {
                let start = ContinuousClock.now
                let frames = try settings.load(path).frames()
                let target: String
                let bytes: [UInt8]
                if frames.count == 1 {
                    target = base + ".png"
                    bytes = try PNGCodec.encode(try renderer.render(frames.frame(index: 0)))
                } else {
                    // Frames stream into the encoder one at a time; none are kept.
                    target = base + ".gif"
                    let canvas = frames.frame(index: 0).canvas
                    let encoder = try GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight)
                    for i in 0..<frames.count {
                        try encoder.addFrame(try renderer.render(frames.frame(index: i)), duration: frames.frameDuration)
                    }
                    bytes = try encoder.finish()
                }
                try writeAtomically(bytes, to: target)
                if !quiet {
                    let ms = (ContinuousClock.now - start).components
                    let seconds = Double(ms.seconds) + Double(ms.attoseconds) / 1e18
                    print(String(format: "%@ -> %@  %d frames, %.1f KB, %.2f s", path, target, frames.count,
                                 Double(bytes.count) / 1024, seconds))
                }
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                failed.append(name)
            }
        }
        if !failed.isEmpty { throw ExitCode(2) }
    }
}
