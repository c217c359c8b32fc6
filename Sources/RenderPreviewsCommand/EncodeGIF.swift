import ArgumentParser
import Encoders
import Foundation

/// Encodes a folder of PNG frames (as `frames` writes them) into a GIF: the GIF stage on its own, for
/// comparing encoders on the same true-color frames.
struct EncodeGIF: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode-gif", abstract: "Encode PNG frames (frame-0000.png …) into an animated GIF.")

    @Option(help: "The folder of PNG frames.")
    var framesDir: String

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "How many times the animation plays again (0: forever).")
    var loopCount: Int = 0

    @Option(name: .shortAndLong, help: "The GIF file to write.")
    var output: String

    func validate() throws {
        try checkExtension(output, "gif", "encode-gif")
        if !(fps > 0 && fps <= 100) { throw ValidationError("--fps must be in (0, 100]") }
        if !(0...65535).contains(loopCount) { throw ValidationError("--loop-count must be in 0...65535") }
    }

    func run() throws {
        try reportingErrors {
            let names = try Files.list(framesDir)
                .filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.sorted()
            guard !names.isEmpty else { throw CLIError("\(framesDir): no frame-*.png files") }
            var options = GIFOptions()
            options.loopCount = loopCount
            var encoder: GIFEncoder?
            for name in names {
                let path = (framesDir as NSString).appendingPathComponent(name)
                let frame = try PNGCodec.decode(Files.read(path))
                if encoder == nil { encoder = try GIFEncoder(width: frame.width, height: frame.height, options: options) }
                try encoder!.addFrame(frame, duration: 1 / fps)
            }
            try Files.write(try encoder!.finish(), to: output)
        }
    }
}
