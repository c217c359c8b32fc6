import ArgumentParser
import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
import SceneFormat

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
