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
