import Foundation
internal import Compositor
internal import LayerTree
internal import Previews
internal import BuiltInKinds
internal import SceneFormat
public import SceneSchema
internal import Text

/// A scene file read and checked: an interaction design ready to give frames, images and its preview.
///
/// Load one from a file or from JSON data, with the same `key=value` overrides as the command line's
/// `--set`; any problem is a ``SceneError`` that names the file, line, column and key path.
///
/// ```swift
/// let scene = try PreviewScene(contentsOf: URL(fileURLWithPath: "Scenes/my-cell.json"),
///                              overrides: ["contentOffset=120"])
/// let png = try scene.image(at: 0.5).pngData()
/// let gif = try scene.preview().data
/// ```
public struct PreviewScene: Sendable {
    /// The scene's name: its file name without `.json`, or the name given with its data.
    public let name: String
    let document: SceneDocument
    let sceneKind: SceneKind?
    let frames: SceneFrames

    /// Reads a scene file; `overrides` are `key=value` texts put into the scene before it is checked, like
    /// the command line's `--set` (dotted keys reach into objects: `canvas.scale=3`). `kinds` are a package's
    /// own kinds (RenderPreviewsKindKit), read beside the built-in ones.
    public init(contentsOf url: URL, overrides: [String] = [], kinds: [any PreviewKind.Type] = []) throws {
        // A relative URL stays relative, so errors name the file as the caller did (`Scenes/x.json:3:7`).
        let path = url.relativePath
        let parsed = try Self.parse(overrides, file: path)
        let registry = PreviewKinds.builtIn + kinds
        let document = try SceneError.translating { try SceneLoader.loadDocument(path: path, overrides: parsed, kinds: registry) }
        try self.init(name: url.deletingPathExtension().lastPathComponent, document: document,
                      kind: registry.named(document.kind).map(SceneKind.init), file: path)
    }

    /// Reads a scene from JSON data; `name` stands for the file in error messages and names the preview.
    public init(json: Data, name: String = "scene", overrides: [String] = [], kinds: [any PreviewKind.Type] = []) throws {
        let file = name + ".json"
        let parsed = try Self.parse(overrides, file: file)
        guard let text = String(data: json, encoding: .utf8) else {
            throw SceneError(file: file, line: 0, column: 0, keyPath: "", message: "file is not valid UTF-8")
        }
        let registry = PreviewKinds.builtIn + kinds
        let document = try SceneError.translating { try SceneLoader.parseDocument(text, file: file, overrides: parsed, kinds: registry) }
        try self.init(name: name, document: document, kind: registry.named(document.kind).map(SceneKind.init), file: file)
    }

    init(name: String, document: SceneDocument, kind: SceneKind?, frames: SceneFrames? = nil, file: String) throws {
        self.name = name
        self.document = document
        sceneKind = kind
        // An animated scene's script is simulated once, here.
        do {
            self.frames = try frames ?? document.frames(measuring: Self.text)
        } catch {
            throw SceneError(file: file, line: 0, column: 0, keyPath: "", message: String(describing: error))
        }
        // The canvas a kind draws on can differ from the one it declares (a swipe scene's viewport crops it), so
        // the frames' own size is checked too: in Double, as converting a huge size to Int would trap.
        let c = self.frames.canvas
        let width = (c.width * c.scale).rounded(), height = (c.height * c.scale).rounded(), limit = Double(Canvas.maxPixelSize)
        guard width >= 1, height >= 1, width <= limit, height <= limit else {
            throw SceneError(file: file, line: 0, column: 0, keyPath: "",
                             message: "its frames would be \(formatNumber(width))x\(formatNumber(height)) pixels; "
                                + "they must be from 1x1 to \(Canvas.maxPixelSize)x\(Canvas.maxPixelSize)")
        }
    }

    private static func parse(_ overrides: [String], file: String) throws -> [SceneOverride] {
        try overrides.map { text in
            guard let o = SceneOverride(text) else {
                throw SceneError(file: file, line: SceneSchema.SceneError.commandLine, column: 0, keyPath: "",
                                 message: "expected key=value, found '\(text)'")
            }
            return o
        }
    }

    /// Fonts are found and opened once per process: every scene measures its labels with this one.
    static let text = TextMeasurer()

    /// The scene's `kind` ("flow", "swipe", "paging", "coverflow", "layers").
    public var kind: String { document.kind }

    /// The parameters the scene's kind declares, with their types, defaults and meanings.
    public var parameters: [SceneParameter] { sceneKind?.parameters ?? [] }

    /// The scene as the formatter writes it: keys in declared order, only the values that differ from the
    /// kind's defaults (overrides included).
    public var json: String { document.json() }

    /// Width of every frame, in pixels.
    public var pixelWidth: Int { frames.canvas.pixelWidth }
    /// Height of every frame, in pixels.
    public var pixelHeight: Int { frames.canvas.pixelHeight }
    /// Pixels per point.
    public var scale: Double { frames.canvas.scale }

    /// A still scene (a `layers` scene) has one frame and previews as PNG; the others animate, as GIF.
    public var isStill: Bool { frames.isStill }
    /// Number of frames; 1 for a still.
    public var frameCount: Int { frames.count }
    /// Seconds from the first frame to the last; 0 for a still.
    public var duration: Double { frames.duration }
    /// Seconds each frame stays on screen.
    public var frameDuration: Double { frames.frameDuration }

    /// The moments worth a still: the scene's own `keyFrames`, else the middle and the end (a still's one frame).
    public var keyFrameTimes: [Double] {
        if frames.isStill { return [0] }
        let declared = document.settings.keyFrames
        return declared.isEmpty ? [frames.duration / 2, frames.duration] : declared
    }

    /// The time of frame `index`, in seconds from the start.
    public func time(ofFrame index: Int) -> Double { frames.time(ofFrame: index) }

    /// The same scene drawn at another pixel density (its size in points stays; the pixels change). Throws when
    /// the frames would be empty or larger than the canvas limit (4096 pixels a side).
    public func rescaled(to scale: Double) throws -> PreviewScene {
        guard scale.isFinite, scale > 0 else {
            throw SceneError(file: name, line: 0, column: 0, keyPath: "", message: "scale must be a number > 0, found \(scale)")
        }
        return try PreviewScene(name: name, document: document, kind: sceneKind, frames: frames.rescaled(to: scale), file: name)
    }

    /// The frame shown at `time` seconds (a still's one frame at any time), rendered.
    public func image(at time: Double) throws -> PreviewImage {
        guard time.isFinite, time >= 0, frames.isStill || time <= frames.duration + 1e-9 else {
            throw SceneError(file: name, line: 0, column: 0, keyPath: "",
                             message: "time \(time) s is outside the scene (0...\(frames.duration) s)")
        }
        let index = frames.isStill ? 0 : Int((time * frames.animation.framesPerSecond + 1e-9).rounded(.down))
        return try render(frames.frame(at: time), frame: index, time: time)
    }

    /// Frame `index` (0 ..< ``frameCount``), rendered.
    public func image(frame index: Int) throws -> PreviewImage {
        guard index >= 0, index < frames.count else {
            throw SceneError(file: name, line: 0, column: 0, keyPath: "",
                             message: "frame \(index) is out of range (the scene has \(frames.count))")
        }
        return try render(frames.frame(index: index), frame: index, time: frames.time(ofFrame: index))
    }

    private func render(_ scene: LayerScene, frame: Int, time: Double) throws -> PreviewImage {
        var renderer = LayerRenderer()
        do {
            return PreviewImage(try renderer.render(scene))
        } catch {
            throw failure(FrameError(frame: frame, time: time, reason: error))
        }
    }

    /// A frame the kind made wrongly, as an error naming the scene, its kind and the frame.
    private func failure(_ error: FrameError) -> SceneError {
        SceneError(file: name, line: 0, column: 0, keyPath: "", message: "the \(kind) kind's \(error)")
    }

    /// The layer tree of the frame shown at `time`, as a `layers` scene: read back, it draws the same pixels.
    public func layerTree(at time: Double) -> String { SceneWriter.json(frames.frame(at: time)) }

    /// The layer tree of frame `index`, as a `layers` scene.
    public func layerTree(frame index: Int) -> String { SceneWriter.json(frames.frame(index: index)) }

    /// The whole preview: every frame rendered on every core into a GIF (a still scene: a PNG).
    /// `eachFrame` sees every frame too, in order (to write them as PNG); `progress` is called now and then
    /// with the frames done and the frame count.
    public func preview(eachFrame: ((_ index: Int, _ image: PreviewImage) throws -> Void)? = nil,
                        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> PreviewFile {
        try preview(using: PreviewRenderer(), eachFrame: eachFrame, progress: progress)
    }

    /// The same with `renderer`, which keeps what it loaded (fonts, glyph outlines) for the next preview.
    public func preview(using renderer: PreviewRenderer,
                        eachFrame: ((_ index: Int, _ image: PreviewImage) throws -> Void)? = nil,
                        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> PreviewFile {
        let rendered: RenderedPreview
        do {
            rendered = try renderPreview(frames, renderer: renderer.frames, eachFrame: eachFrame.map { body in
                { try body($0, PreviewImage($1)) }
            }, progress: progress)
        } catch let error as FrameError {
            throw failure(error)
        }
        return PreviewFile(data: Data(rendered.bytes), fileExtension: rendered.fileExtension,
                           frameCount: rendered.frames, duration: rendered.duration)
    }
}

/// Renders previews one after another on every core, keeping what its workers load (each opens the font files
/// and caches glyph outlines) from one preview to the next: `render`
/// gives one to each scene it works on at a time. For one preview at a time.
public final class PreviewRenderer: @unchecked Sendable {
    let frames = FrameRenderer()
    public init() {}
}

/// A rendered preview in memory: a GIF for an animated scene, a PNG for a still one.
public struct PreviewFile: Sendable, Equatable {
    /// The file's bytes.
    public var data: Data
    /// "gif" or "png".
    public var fileExtension: String
    /// Frames in the file.
    public var frameCount: Int
    /// Seconds the animation lasts; 0 for a still.
    public var duration: Double
}
