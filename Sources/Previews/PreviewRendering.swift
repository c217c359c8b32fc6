import Compositor
import Dispatch
import Encoders
import Foundation
import LayerTree
import Raster
import SceneSchema

/// Renders a scene's frames on every core, in order, a batch at a time, so frames stream into the encoder
/// and memory stays bounded (two batches of pixmaps, never the whole animation). The next batch renders while
/// the caller encodes the current one: the encoder is serial, and otherwise one core would wait for it.
///
/// Each worker renders a run of consecutive frames, each one redrawn only where it differs from the worker's
/// previous frame (`LayerRenderer.render(_:over:)`, bit for bit a whole render).
public final class FrameRenderer: @unchecked Sendable {
    /// A worker's renderer (renderers keep caches and are not shared between threads) and the last frame it
    /// drew. Each worker sits in its own box, so threads never write to the same storage.
    struct Worker {
        var renderer = LayerRenderer()
        var previous: (scene: LayerScene, image: Pixmap)?
    }
    private let workers: [UncheckedBox<Worker>]
    private let lock = NSLock()
    /// Frames each worker renders in a row within a batch.
    static let run = 4
    /// Whether frames are redrawn only where they changed (else every frame is drawn whole).
    public let incremental: Bool
    /// Also draw every frame whole and fail on any pixel that differs (the damage tracking's own test).
    public let verifiesIncremental: Bool
    /// CPU seconds spent rendering frames, summed over the workers (each frame timed on its own thread; CPU
    /// time, as the encoder's thread shares the cores).
    public private(set) var renderSeconds = 0.0
    /// Pixels redrawn and pixels in all frames rendered so far: how much damage tracking saved.
    public private(set) var redrawnPixels = 0, framePixels = 0

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, incremental: Bool = true,
                verifiesIncremental: Bool = false) {
        self.workers = (0..<max(1, workers)).map { _ in UncheckedBox(Worker()) }
        self.incremental = incremental
        self.verifiesIncremental = verifiesIncremental
    }

    /// Frames `range` rendered on every worker, each a consecutive part of it, returned in order.
    private func render(_ frames: SceneFrames, _ range: Range<Int>) -> Result<[Pixmap], Error> {
        let n = workers.count
        let share = (range.count + n - 1) / n
        var results = [Pixmap?](repeating: nil, count: range.count)
        let failure = UncheckedBox<Error?>(nil)
        results.withUnsafeMutableBufferPointer { out in
            let slots = UncheckedBox(out)
            DispatchQueue.concurrentPerform(iterations: n) { w in
                // With more workers than frames left, the last workers get none (first clamped: 5 frames on 4
                // workers are 2, 2, 1 and 0).
                let first = min(range.upperBound, range.lowerBound + w * share)
                for i in first..<min(range.upperBound, first + share) {
                    do {
                        let t = threadCPUSeconds()
                        let scene = frames.frame(index: i)
                        let worker = self.workers[w]
                        let (image, damage) = try worker.value.renderer.render(scene, over: self.incremental ? worker.value.previous : nil)
                        if self.verifiesIncremental {
                            let whole = try worker.value.renderer.render(scene)
                            if let difference = FrameMismatch(whole: whole, incremental: image, frame: i, damage: damage) {
                                throw difference
                            }
                        }
                        worker.value.previous = (scene, image)
                        slots.value[i - range.lowerBound] = image
                        let spent = threadCPUSeconds() - t
                        self.lock.lock()
                        self.renderSeconds += spent
                        self.redrawnPixels += damage?.area ?? 0
                        self.framePixels += image.pixels.count
                        self.lock.unlock()
                    } catch {
                        // Which frame failed, unless the error already says (a damage mismatch).
                        let named = error is FrameMismatch ? error : FrameError(frame: i, time: frames.time(ofFrame: i), reason: error)
                        self.lock.lock(); if failure.value == nil { failure.value = named }; self.lock.unlock()
                        return
                    }
                }
            }
        }
        if let error = failure.value { return .failure(error) }
        return .success(results.map { $0! })
    }

    /// Calls `body` with frames 0..<count in order; `progress` after each batch with the frames done.
    public func forEachFrame(of frames: SceneFrames, _ body: (Int, Pixmap) throws -> Void,
                      progress: (Int) -> Void = { _ in }) throws {
        let batch = workers.count * Self.run
        guard frames.count > 0 else { return }
        // A new scene: no worker's last frame belongs to it (reusing one would still be exact, but slower).
        for w in workers { w.value.previous = nil }
        var start = 0
        var current = render(frames, 0..<min(frames.count, batch))
        let ahead = DispatchGroup()
        // A batch rendering ahead must finish before the workers' renderers can be left (or used again).
        defer { ahead.wait() }
        while true {
            let next = min(frames.count, start + batch)
            let upcoming = UncheckedBox<Result<[Pixmap], Error>?>(nil)
            if next < frames.count {
                ahead.enter()
                DispatchQueue.global().async {
                    upcoming.value = self.render(frames, next..<min(frames.count, next + batch))
                    ahead.leave()
                }
            }
            for (k, image) in try current.get().enumerated() { try body(start + k, image) }
            progress(next)
            ahead.wait()
            guard let rendered = upcoming.value else { return }
            current = rendered
            start = next
        }
    }
}

/// A frame whose incremental render differs from its whole render: where, and by how much.
public struct FrameMismatch: Error, CustomStringConvertible {
    public let frame: Int
    public let pixels: Int
    public let first: (x: Int, y: Int)
    public let damage: IntRect?

    init?(whole: Pixmap, incremental: Pixmap, frame: Int, damage: IntRect?) {
        guard whole.pixels != incremental.pixels else { return nil }
        var count = 0, first: (Int, Int)? = nil
        for i in 0..<min(whole.pixels.count, incremental.pixels.count) where whole.pixels[i] != incremental.pixels[i] {
            count += 1
            if first == nil { first = (i % whole.width, i / whole.width) }
        }
        self.frame = frame; self.pixels = count; self.first = first ?? (0, 0); self.damage = damage
    }

    public var description: String {
        "frame \(frame): the incremental render differs from the whole render in \(pixels) pixels (first at x \(first.x), y \(first.y); redrawn \(damage.map { "\($0)" } ?? "nothing"))"
    }
}

/// Hands a value to concurrent workers that each touch disjoint parts of it (or guard it with a lock).
final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A rendered preview in memory: GIF for animations, PNG for stills.
public struct RenderedPreview {
    public var fileExtension: String
    public var bytes: [UInt8]
    public var frames: Int
    public var duration: Double
    public var rasterSeconds: Double
    public var encodeSeconds: Double
}

/// The calling thread's CPU time.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

public func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) / 1e18
}

/// Renders a scene's frames to its preview file's bytes; `eachFrame` also sees every frame, in order.
public func renderPreview(_ frames: SceneFrames, renderer: FrameRenderer, eachFrame: ((Int, Pixmap) throws -> Void)? = nil,
                          progress: (Int, Int) -> Void = { _, _ in }) throws -> RenderedPreview {
    var raster = 0.0, encode = 0.0
    let clock = ContinuousClock()
    if frames.isStill {
        var bytes: [UInt8] = []
        try renderer.forEachFrame(of: frames) { _, image in
            let t = clock.now
            bytes = try PNGCodec.encode(image)
            encode += seconds(clock.now - t)
            try eachFrame?(0, image)
        }
        return RenderedPreview(fileExtension: "png", bytes: bytes, frames: 1, duration: 0, rasterSeconds: 0, encodeSeconds: encode)
    }
    let canvas = frames.canvas
    let encoder = try GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight)
    let renderedBefore = renderer.renderSeconds
    try renderer.forEachFrame(of: frames, { i, image in
        let t = clock.now
        try encoder.addFrame(image, duration: frames.frameDuration)
        encode += seconds(clock.now - t)
        try eachFrame?(i, image)
    }, progress: { done in progress(done, frames.count) })
    let t = clock.now
    let rendered = renderer.renderSeconds
    let bytes = try encoder.finish()
    encode += seconds(clock.now - t)
    // Rendering overlaps encoding, so its cost is the frames' own render times, not what is left of the wall.
    raster = rendered - renderedBefore
    return RenderedPreview(fileExtension: "gif", bytes: bytes, frames: frames.count, duration: Double(frames.count) * frames.frameDuration,
                           rasterSeconds: raster, encodeSeconds: encode)
}

/// A frame that could not be rendered: which one, and why (a missing font, a tree that breaks a rule).
public struct FrameError: Error, CustomStringConvertible {
    public var frame: Int
    public var time: Double
    public var reason: any Error

    public init(frame: Int, time: Double, reason: any Error) { self.frame = frame; self.time = time; self.reason = reason }

    public var description: String {
        "frame \(frame) (\(formatNumber((time * 1000).rounded() / 1000)) s): \(String(describing: reason))"
    }
}
