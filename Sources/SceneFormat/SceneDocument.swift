import Geometry
import LayerTree
import SceneSchema

/// The kinds a run reads: a value its owner passes in (`PreviewKinds.builtIn` from BuiltInKinds, plus a
/// package's own). Everything else (decoding, `--set`, the writer, the docs tables, the designer's controls)
/// reaches a kind through it.
public struct PreviewKinds: Sendable, ExpressibleByArrayLiteral {
    public var all: [AnyPreviewKind]

    public init(_ kinds: [AnyPreviewKind]) { all = kinds }
    public init(arrayLiteral kinds: AnyPreviewKind...) { all = kinds }

    /// The kind a scene's `kind` key names; the last one registered under that name.
    public func named(_ name: String) -> AnyPreviewKind? { all.last { $0.name == name } }

    public var names: [String] { all.map(\.name) }

    /// These kinds and more, in order (`.builtIn + [CarouselKind.self]`).
    public static func + (kinds: PreviewKinds, more: [any PreviewKind.Type]) -> PreviewKinds {
        PreviewKinds(kinds.all + more.map { AnyPreviewKind($0) })
    }

    /// Names registered more than once: a package's kind may not take a built-in kind's name (nor two of its
    /// own one name), so the command line refuses such a list before reading any scene.
    public var duplicateNames: [String] {
        var seen = Set<String>(), twice: [String] = []
        for name in names where !seen.insert(name).inserted && !twice.contains(name) { twice.append(name) }
        return twice
    }

    /// What a command says, refusing to start, when a name is taken twice; nil when every name is its own.
    public var duplicateNamesRefusal: String? {
        let twice = duplicateNames
        guard !twice.isEmpty else { return nil }
        return "render-previews: error: more than one kind is named " + twice.map { "\"\($0)\"" }.joined(separator: ", ")
            + "; a package's kinds need names of their own\n"
    }
}

/// A preview kind seen through its name: what the loader, the CLI and the docs need of any kind.
public struct AnyPreviewKind: Sendable {
    public let name: String
    public let summary: String
    let listParameters: @Sendable () -> [Parameter]
    let decode: @Sendable (JSONValue, SceneDecoder) throws -> SceneDocument

    /// Every parameter with its type, default and meaning (the docs table and the designer's controls); made
    /// when asked, so reading one scene builds no other kind's declarations.
    public var parameters: [Parameter] { listParameters() }

    public init<K: PreviewKind>(_ kind: K.Type) {
        name = K.name
        summary = K.summary
        listParameters = { K.schema.parameters(defaults: K.defaults) }
        decode = { value, d in
            var decoded = K.defaults
            try K.schema.decode(value, "", d, into: &decoded, handled: ["kind"])
            let settings = decoded
            return SceneDocument(kind: K.name, settings: settings,
                                 makeAnimation: { K.animation(of: settings, text: $0) },
                                 write: { SceneDocument.node(kind: K.name, K.schema.encode(settings, defaults: K.defaults)) },
                                 writeExplicitly: { SceneDocument.node(kind: K.name, K.schema.encodeExplicitly(settings)) })
        }
    }
}

/// A scene file of any kind, read and checked: its settings, ready to give frames.
public struct SceneDocument: Sendable {
    public let kind: String
    /// The kind's settings as declared (`settings(as: FlowKind.Settings.self)`).
    public let settings: any PreviewSettings
    let makeAnimation: @Sendable (any TextMeasuring) -> any PreviewAnimation
    let write: @Sendable () -> JSONNode
    let writeExplicitly: @Sendable () -> JSONNode

    public var canvas: Canvas { settings.canvas }

    public func settings<S>(as type: S.Type) -> S? { settings as? S }

    /// Ready to give frames (an animated scene's script is simulated once here); `text` measures labels.
    /// Throws when the kind gives a length that makes no frames.
    public func frames(measuring text: any TextMeasuring) throws -> SceneFrames {
        try SceneFrames(checking: makeAnimation(text), kind: kind)
    }

    /// The scene as the writer writes it: keys in declared order, values that differ from the kind's
    /// defaults only, small objects and steps on one line.
    public func json() -> String { write().text(.readable) + "\n" }

    /// Every key with the value it has, those the file leaves to a default or a preset included.
    public func explicitNode() -> JSONNode { writeExplicitly() }

    public static func node(kind: String, _ body: JSONNode) -> JSONNode {
        guard case .object(let members) = body else { return body }
        return .object([JSONNode.Member("kind", .string(kind))] + members)
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
        var node = node
        // A value given by name ("scale": "cylinder") is the object that starts from it: setting a key inside
        // turns it into {"like": "cylinder", …}, the form every named-or-object value reads.
        if case .string(let name) = node.kind {
            node.kind = .object([JSONValue.Member(key: "like", keyLine: node.line, keyColumn: node.column,
                                                  value: JSONValue(.string(name), line: node.line, column: node.column))])
        }
        guard case .object(var members) = node.kind else {
            throw SceneError(file: file, line: SceneError.commandLine, column: 0, keyPath: keyPath,
                             message: "'\(path)' is not an object")
        }
        let childPath = path.isEmpty ? key : path + "." + key
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = try set(Array(keys.dropFirst()), in: members[i].value, to: value, file: file, path: childPath)
        } else {
            // A key the file leaves at its default: an object is made for the keys below it, and decoding then
            // checks the whole path against the kind's declaration like any other value.
            let empty = JSONValue(.object([]), line: SceneError.commandLine, column: 0)
            let inner = try set(Array(keys.dropFirst()), in: empty, to: value, file: file, path: childPath)
            members.append(JSONValue.Member(key: key, keyLine: SceneError.commandLine, keyColumn: 0, value: inner))
        }
        var out = node
        out.kind = .object(members)
        return out
    }
}
