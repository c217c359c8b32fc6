import Compositor
import Dispatch
import Encoders
import Foundation
import LayerTree
import Raster
import SceneFormat
import SceneSchema

/// Renders a scene's frames on every core, in order, a batch at a time, so frames stream into the encoder
/// and memory stays bounded (one batch of pixmaps, never the whole animation).
final class FrameRenderer: @unchecked Sendable {
    /// One renderer per worker: renderers keep caches and are not shared between threads.
    /// Each worker's renderer sits in its own box, so threads never write to the same storage.
    private let workers: [UncheckedBox<LayerRenderer>]
    private let lock = NSLock()

    init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.workers = (0..<max(1, workers)).map { _ in UncheckedBox(LayerRenderer()) }
    }

    /// Calls `body` with frames 0..<count in order; `progress` after each batch with the frames done.
    func forEachFrame(of frames: SceneFrames, _ body: (Int, Pixmap) throws -> Void,
                      progress: (Int) -> Void = { _ in }) throws {
        let n = workers.count
        let batch = n * 2
        var start = 0
        while start < frames.count {
            let end = min(frames.count, start + batch)
            var results = [Pixmap?](repeating: nil, count: end - start)
            let failure = UncheckedBox<Error?>(nil)
            let first = start
            results.withUnsafeMutableBufferPointer { out in
                let slots = UncheckedBox(out)
                DispatchQueue.concurrentPerform(iterations: n) { w in
                    var i = first + w
                    while i < end {
                        do {
                            let image = try self.workers[w].value.render(frames.frame(index: i))
                            slots.value[i - first] = image
                        } catch {
                            self.lock.lock(); if failure.value == nil { failure.value = error }; self.lock.unlock()
                        }
                        i += n
                    }
                }
            }
            if let error = failure.value { throw error }
            for (k, image) in results.enumerated() { try body(start + k, image!) }
            start = end
            progress(start)
        }
    }
}

/// Hands a value to concurrent workers that each touch disjoint parts of it (or guard it with a lock).
final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A rendered preview in memory: GIF for animations, PNG for stills.
struct RenderedPreview {
    var fileExtension: String
    var bytes: [UInt8]
    var frames: Int
    var duration: Double
    var rasterSeconds: Double
    var encodeSeconds: Double
}

func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) / 1e18
}

/// Renders a scene's frames to its preview file's bytes; `framesDir` also receives every frame as PNG.
func renderPreview(_ frames: SceneFrames, renderer: FrameRenderer, framesDir: String? = nil,
                   progress: (Int, Int) -> Void = { _, _ in }) throws -> RenderedPreview {
    var raster = 0.0, encode = 0.0
    if let framesDir { try Files.makeFolder(framesDir) }
    let clock = ContinuousClock()
    if frames.isStill {
        var bytes: [UInt8] = []
        try renderer.forEachFrame(of: frames) { _, image in
            let t = clock.now
            bytes = try PNGCodec.encode(image)
            encode += seconds(clock.now - t)
            if let framesDir { try Files.write(bytes, to: (framesDir as NSString).appendingPathComponent("frame-0000.png")) }
        }
        return RenderedPreview(fileExtension: "png", bytes: bytes, frames: 1, duration: 0, rasterSeconds: 0, encodeSeconds: encode)
    }
    let canvas = frames.canvas
    let encoder = try GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight)
    let start = clock.now
    try renderer.forEachFrame(of: frames, { i, image in
        let t = clock.now
        try encoder.addFrame(image, duration: frames.frameDuration)
        encode += seconds(clock.now - t)
        if let framesDir {
            try Files.write(PNGCodec.encode(image),
                                to: (framesDir as NSString).appendingPathComponent(String(format: "frame-%04d.png", i)))
        }
    }, progress: { done in progress(done, frames.count) })
    let t = clock.now
    let bytes = try encoder.finish()
    encode += seconds(clock.now - t)
    raster = seconds(clock.now - start) - encode
    return RenderedPreview(fileExtension: "gif", bytes: bytes, frames: frames.count, duration: Double(frames.count) * frames.frameDuration,
                           rasterSeconds: raster, encodeSeconds: encode)
}
