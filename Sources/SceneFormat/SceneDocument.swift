import Geometry
import LayerTree
import Models

/// A scene file of any kind: a still layer tree, or a model that makes frames.
public enum SceneDocument: Sendable {
    case layers(LayerScene)
    case flow(FlowScene)
    case swipe(SwipeScene)

    public var kind: String {
        switch self {
        case .layers: "layers"
        case .flow: "flow"
        case .swipe: "swipe"
        }
    }

    public var canvas: Canvas {
        switch self {
        case .layers(let s): s.canvas
        case .flow(let f): f.canvas
        case .swipe(let s): s.canvas
        }
    }

    /// Ready to give frames (a flow scene's scroll is simulated once here).
    public func frames() -> SceneFrames {
        switch self {
        case .layers(let s): SceneFrames(still: s)
        case .flow(let f): SceneFrames(flow: f.animation())
        case .swipe(let s): SceneFrames(swipe: s.animation())
        }
    }
}

/// The frames of a scene, by index or by time.
public struct SceneFrames: Sendable {
    private enum Source: Sendable {
        case still(LayerScene)
        case flow(FlowAnimation)
        case swipe(SwipeAnimation)
    }
    private let source: Source

    init(still: LayerScene) { source = .still(still) }
    init(flow: FlowAnimation) { source = .flow(flow) }
    init(swipe: SwipeAnimation) { source = .swipe(swipe) }

    public var count: Int {
        switch source {
        case .still: 1
        case .flow(let f): f.frameCount
        case .swipe(let s): s.frameCount
        }
    }

    /// Seconds each frame stays on screen.
    public var frameDuration: Double {
        switch source {
        case .still: 1
        case .flow(let f): 1 / f.scene.framesPerSecond
        case .swipe(let s): 1 / s.scene.framesPerSecond
        }
    }

    public var duration: Double {
        switch source {
        case .still: 0
        case .flow(let f): f.duration
        case .swipe(let s): s.duration
        }
    }

    public func frame(index: Int) -> LayerScene {
        switch source {
        case .still(let s): s
        case .flow(let f): f.frame(index: index)
        case .swipe(let s): s.frame(index: index)
        }
    }

    public func frame(at time: Double) -> LayerScene {
        switch source {
        case .still(let s): s
        case .flow(let f): f.frame(at: time)
        case .swipe(let s): s.frame(at: time)
        }
    }
}

/// `--set key=value`: a value put into the scene before it is checked, so it is validated like the file.
/// Dotted keys reach into objects (`canvas.scale=3`).
public struct SceneOverride: Hashable, Sendable {
    public var keyPath: String
    public var value: String

    public init(keyPath: String, value: String) { self.keyPath = keyPath; self.value = value }

    /// Parses "key=value".
    public init?(_ text: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        keyPath = String(text[..<eq])
        value = String(text[text.index(after: eq)...])
    }

    func apply(to document: JSONValue, file: String) throws -> JSONValue {
        // The value is JSON when it parses as JSON (numbers, true/false, arrays), else a string.
        var parsed = (try? JSONParser.parse(value)) ?? JSONValue(.string(value), line: 0, column: 0)
        stamp(&parsed)
        return try set(Array(keyPath.split(separator: ".").map(String.init)), in: document, to: parsed, file: file, path: "")
    }

    /// Marks a value (and everything inside it) as coming from the command line, for error messages.
    private func stamp(_ v: inout JSONValue) {
        v.line = SceneError.commandLine
        v.column = 0
        switch v.kind {
        case .array(var items):
            for i in items.indices { stamp(&items[i]) }
            v.kind = .array(items)
        case .object(var members):
            for i in members.indices { stamp(&members[i].value) }
            v.kind = .object(members)
        default: break
        }
    }

    private func set(_ keys: [String], in node: JSONValue, to value: JSONValue, file: String, path: String) throws -> JSONValue {
        guard let key = keys.first else { return value }
        guard case .object(var members) = node.kind else {
            throw SceneError(file: file, line: SceneError.commandLine, column: 0, keyPath: keyPath,
                             message: "'\(path)' is not an object")
        }
        let childPath = path.isEmpty ? key : path + "." + key
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = try set(Array(keys.dropFirst()), in: members[i].value, to: value, file: file, path: childPath)
        } else if keys.count == 1 {
            members.append(JSONValue.Member(key: key, keyLine: SceneError.commandLine, keyColumn: 0, value: value))
        } else {
            throw SceneError(file: file, line: SceneError.commandLine, column: 0, keyPath: keyPath,
                             message: "the scene has no '\(childPath)'")
        }
        var out = node
        out.kind = .object(members)
        return out
    }
}
