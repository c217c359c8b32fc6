import Compositor
import Dispatch
import Encoders
import Foundation
import LayerTree
import Raster
import BuiltInKinds
import SceneFormat
import SceneSchema
import Text
import Previews

/// A folder's scenes, edited with `--set` overrides and rendered exactly as the command line renders them:
/// the same loader, frame choice, renderer and encoders, so a frame here is byte for byte `render-previews frame`.
/// Thread-safe: the caches and the renderers are guarded by one lock each.
public final class PreviewService: @unchecked Sendable {
    public let folder: String
    /// The kinds its scenes may be of: the built-in ones and a package's own.
    public let kinds: PreviewKinds
    private let text = TextMeasurer()
    /// Simulating a script is the costly part of a change; the last few edited scenes keep their frames.
    private let cacheLock = NSLock()
    private var cache: [(key: String, scene: LoadedScene)] = []
    private let cacheSize = 8
    /// Renderers keep caches and are not shared between threads; one is lent to each render.
    private let rendererLock = NSLock()
    private var renderers: [LayerRenderer] = []

    public init(folder: String, kinds: PreviewKinds = .builtIn) { self.folder = folder; self.kinds = kinds }

    /// A scene read with its overrides and ready to give frames.
    public struct LoadedScene: Sendable {
        public let name: String
        /// The path as the command line is given it (`Scenes/NAME.json`), which error messages name.
        public let path: String
        public let document: SceneDocument
        public let frames: SceneFrames
    }

    // MARK: - Scenes

    /// The scene names of the folder (file names without `.json`), sorted.
    public func sceneNames() throws(DesignerError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw DesignerError(500, "render-previews: error: cannot read \(folder): \((error as NSError).localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The file of a scene, refused as `render --only` refuses a name: a path, a dot file or a name the folder
    /// does not have.
    public func path(of name: String) throws(DesignerError) -> String {
        let known = try sceneNames()
        guard !name.contains("/"), !name.hasPrefix("."), known.contains(name) else {
            var message = "render-previews: error: no scene named '\(name)' in \(folder)"
            if let near = closestKey(to: name, in: known) { message += "; did you mean '\(near)'?" }
            throw DesignerError(404, message)
        }
        return (folder as NSString).appendingPathComponent(name + ".json")
    }

    /// The scene with its overrides applied and checked like the file.
    public func load(_ name: String, overrides: [SceneOverride] = []) throws(DesignerError) -> LoadedScene {
        let path = try path(of: name)
        let source: String
        do { source = try SceneLoader.readText(path: path) } catch { throw Self.refusal(error) }
        let key = ([path, source] + overrides.map { $0.keyPath + "=" + $0.value }).joined(separator: "\u{0}")
        if let hit = cached(key) { return hit }
        let document: SceneDocument
        let frames: SceneFrames
        do {
            document = try SceneLoader.parseDocument(source, file: path, overrides: overrides, kinds: kinds)
            frames = try document.frames(measuring: text)
        } catch {
            throw Self.refusal(error)
        }
        let scene = LoadedScene(name: name, path: path, document: document, frames: frames)
        store(key, scene)
        return scene
    }

    /// The scene file's text as it is on disk.
    public func source(of name: String) throws(DesignerError) -> String {
        let path = try path(of: name)
        do { return try SceneLoader.readText(path: path) } catch { throw Self.refusal(error) }
    }

    private func cached(_ key: String) -> LoadedScene? {
        cacheLock.lock(); defer { cacheLock.unlock() }
        guard let i = cache.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = cache.remove(at: i)
        cache.append(entry)
        return entry.scene
    }

    private func store(_ key: String, _ scene: LoadedScene) {
        cacheLock.lock(); defer { cacheLock.unlock() }
        cache.removeAll { $0.key == key }
        cache.append((key, scene))
        if cache.count > cacheSize { cache.removeFirst(cache.count - cacheSize) }
    }

    /// A scene error is the user's (400) and reads as the command line prints it (each of the file's problems).
    static func refusal(_ error: Error) -> DesignerError {
        if let e = error as? DesignerError { return e }
        if let e = error as? SceneError { return DesignerError(400, e.diagnostics) }
        return DesignerError(500, "render-previews: error: \(error)")
    }

    // MARK: - Frames

    /// The frame a request picks, refused in the command line's words (`FrameSelection.frame`).
    public func frame(of scene: LoadedScene, _ choice: FrameChoice) throws(DesignerError) -> LayerScene {
        let frames = scene.frames
        switch choice {
        case .index(let index):
            guard index < frames.count else {
                let what = frames.isStill ? "a still scene has one frame (index 0)" : "the scene has \(frames.count) frames (0...\(frames.count - 1))"
                throw DesignerError(400, "render-previews: error: \(scene.path): \(what); --index \(index) is out of range")
            }
            return frames.frame(index: index)
        case .time(let time):
            guard frames.isStill || time <= frames.duration + 1e-9 else {
                throw DesignerError(400, "render-previews: error: \(scene.path): --time \(secondsText(time)) is past the end of the scene (\(secondsText(frames.duration)); "
                    + "the last frame is at \(secondsText(frames.time(ofFrame: frames.count - 1))))")
            }
            return frames.frame(at: time)
        }
    }

    /// One frame as PNG: `render-previews frame SCENE --time S --set … -o x.png` writes these bytes.
    public func png(_ frame: LayerScene) throws(DesignerError) -> [UInt8] {
        do {
            let image = try withRenderer { try $0.render(frame) }
            return try PNGCodec.encode(image)
        } catch {
            throw Self.refusal(error)
        }
    }

    /// The whole preview: a GIF, or a PNG for a still, as `render-previews render SCENE -o x.gif` writes it (the
    /// same code: Previews.renderPreview).
    public func preview(_ scene: LoadedScene) throws(DesignerError) -> (fileExtension: String, bytes: [UInt8]) {
        do {
            let rendered = try renderPreview(scene.frames, renderer: FrameRenderer())
            return (rendered.fileExtension, rendered.bytes)
        } catch {
            throw Self.refusal(error)
        }
    }

    private func withRenderer<T>(_ body: (inout LayerRenderer) throws -> T) throws -> T {
        rendererLock.lock()
        var renderer = renderers.popLast() ?? LayerRenderer()
        rendererLock.unlock()
        defer {
            rendererLock.lock()
            renderers.append(renderer)
            rendererLock.unlock()
        }
        return try body(&renderer)
    }

    // MARK: - Where an edit shows

    /// The first frame at which `scene` looks different from `reference` (their layer trees differ); with no
    /// difference anywhere, the first frame that differs from frame 0. Generic over kinds: for a folding flow
    /// with an edited eyePosition it is the first frame in which a cell folds.
    public func firstChange(_ scene: LoadedScene, against reference: LoadedScene?) -> (frame: Int, time: Double, reason: String)? {
        let frames = scene.frames
        if let reference, reference.frames.count > 0 {
            for i in 0..<frames.count where i >= reference.frames.count || frames.frame(index: i) != reference.frames.frame(index: i) {
                return (i, frames.time(ofFrame: i), "differs from the reference values")
            }
        }
        guard frames.count > 1 else { return nil }
        let first = frames.frame(index: 0)
        for i in 1..<frames.count where frames.frame(index: i) != first {
            return (i, frames.time(ofFrame: i), "differs from frame 0")
        }
        return nil
    }
}
