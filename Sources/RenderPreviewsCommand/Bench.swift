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

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time each stage per frame: `SCENE frames=… raster_ms=… text_ms=… encode_ms=… total_s=… peak_rss_mb=… pixels=…`.",
        discussion: """
        A still scene is rendered --repeat times and PNG-encoded (medians). An animated scene is rendered once, \
        every frame, on every core, into its GIF: raster_ms (one frame's render, CPU time on its core) and encode_ms \
        are per frame; redrawn_pct is the share of pixels damage tracking redrew (100 with --whole); rendering runs ahead while frames are encoded, so total_s is less than their sum. text_ms is the part of \
        raster_ms spent on text and icons. peak_rss_mb is the process's peak resident memory so far. With no \
        scene given, every scene in Scenes/.
        """)

    @Argument(help: "Scene files (JSON); all of Scenes/ when none are given.")
    var scenes: [String] = []

    @OptionGroup var settings: SceneSettings

    @Option(help: "Repetitions per scene; the median is reported.")
    var `repeat`: Int = 20

    @Option(help: "Override each scene's canvas scale (pixels per point).")
    var scale: Double?

    @Flag(help: "Draw every frame whole, without damage tracking (to compare).")
    var whole = false

    func validate() throws {
        if `repeat` < 1 { throw ValidationError("--repeat must be at least 1") }
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be in (0, 4]") }
    }

    func run() throws {
        try reportingErrors {
            let paths = scenes.isEmpty ? try sceneFiles(in: "Scenes", only: nil) : scenes
            let text = TextMeasurer()
            for path in paths {
                let document = try settings.load(path, kinds: RenderPreviews.kinds)
                let frames = try document.frames(measuring: text)
                if frames.count > 1 {
                    try benchAnimation(frames, path: path)
                    continue
                }
                var scene = frames.frame(index: 0)
                if let scale { scene.canvas.scale = scale }
                var renderer = LayerRenderer()
                var raster: [Double] = [], text: [Double] = [], encode: [Double] = []
                // Frames are rendered one after the other, as the Skia peer draws them, and encoded after:
                // the encoder's large buffers, freed between frames, made malloc give the next frame's canvas
                // fresh pages (page faults counted as raster time).
                var pixmap = Pixmap(width: 0, height: 0)
                for _ in 0..<`repeat` {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    pixmap = try renderer.render(scene)
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    raster.append(Double(t1 - t0) / 1e6)
                    let c = renderer.contentsTime.components
                    text.append(Double(c.seconds) * 1e3 + Double(c.attoseconds) / 1e15)
                }
                for _ in 0..<`repeat` {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    _ = try PNGCodec.encode(pixmap)
                    encode.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                }
                let pixels = scene.canvas.pixelWidth * scene.canvas.pixelHeight
                print("\(path) frames=1 raster_ms=\(format(median(raster))) text_ms=\(format(median(text))) "
                    + "encode_ms=\(format(median(encode))) total_s=\(format((raster.reduce(0, +) + encode.reduce(0, +)) / 1000)) "
                    + "peak_rss_mb=\(format(peakResidentMegabytes())) pixels=\(pixels)")
            }
        }
    }

    private func benchAnimation(_ frames: SceneFrames, path: String) throws {
        var frames = frames
        if let scale { frames = frames.rescaled(to: scale) }
        let start = ContinuousClock.now
        let renderer = FrameRenderer(incremental: !whole)
        let preview = try renderPreview(frames, renderer: renderer)
        let total = seconds(ContinuousClock.now - start)
        let n = Double(preview.frames)
        let c = frames.canvas
        let redrawn = 100 * Double(renderer.redrawnPixels) / Double(max(1, renderer.framePixels))
        print("\(path) frames=\(preview.frames) raster_ms=\(format(preview.rasterSeconds * 1000 / n)) "
            + "redrawn_pct=\(String(format: "%.1f", redrawn)) encode_ms=\(format(preview.encodeSeconds * 1000 / n)) total_s=\(format(total)) "
            + "peak_rss_mb=\(format(peakResidentMegabytes())) pixels=\(c.pixelWidth * c.pixelHeight)")
    }

    /// The process's peak resident set size, in MiB.
    private func peakResidentMegabytes() -> Double { Double(Platform.peakResidentBytes()) / (1024 * 1024) }

    private func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    private func format(_ v: Double) -> String { String(format: "%.3f", v) }
}
