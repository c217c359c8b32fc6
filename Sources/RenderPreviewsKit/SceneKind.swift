internal import BuiltInKinds
internal import SceneFormat
public import SceneSchema

/// A kind of preview (the `kind` of a scene file) and the parameters it declares.
public struct SceneKind: Sendable, Hashable {
    /// The value of a scene's `kind` key.
    public let name: String
    /// One line on what it previews.
    public let summary: String
    let kind: AnyPreviewKind

    init(_ kind: AnyPreviewKind) { self.kind = kind; name = kind.name; summary = kind.summary }

    /// A package's own kind (written with RenderPreviewsKindKit).
    public init(_ type: any PreviewKind.Type) { self.init(AnyPreviewKind(type)) }

    /// Every kind this package ships.
    public static var all: [SceneKind] { PreviewKinds.builtIn.all.map(SceneKind.init) }

    public static func named(_ name: String) -> SceneKind? { all.first { $0.name == name } }

    /// Every key a scene of this kind may set, in the order the formatter writes them.
    public var parameters: [SceneParameter] { kind.parameters.map { SceneParameter($0) } }

    /// The kind's parameters as a markdown table (`key | type | unit | default | meaning`), as the docs show them.
    public var referenceTable: String { SceneDocs.table(for: kind) ?? "" }

    public static func == (a: SceneKind, b: SceneKind) -> Bool { a.name == b.name && a.summary == b.summary }
    public func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(summary) }
}

/// One key a scene kind declares: what it takes, its default and what it means.
public struct SceneParameter: Sendable, Hashable {
    /// The key in the scene file (`contentOffset`; children are reached with dots, `canvas.scale`).
    public let key: String
    /// The type, in words (`number`, `"top" or "bottom"`, `[number, number]`).
    public let type: String
    /// The unit (`pt`, `s`, `deg`), when it has one.
    public let unit: String?
    /// The default as written in a scene, or a note on how it is chosen; empty when the key is required.
    public let defaultValue: String
    /// What the value does.
    public let meaning: String
    /// The keys of an object value.
    public let children: [SceneParameter]
    /// Whether the key is a setting of the library's view, layout or cell (`eyePosition`), which the
    /// designer's Swift export writes as a property; false for the preview's own keys (its canvas, the demo's
    /// screen and data, the script: `time`, `timeline`). An object's keys are as the object is.
    public let isLibraryProperty: Bool

    init(_ p: Parameter, owner: KeyOwner? = nil) {
        key = p.key; type = p.summary; unit = p.unit; defaultValue = p.defaultText; meaning = p.doc
        let owner = owner ?? p.owner
        isLibraryProperty = owner == .library
        children = p.children.map { SceneParameter($0, owner: owner) }
    }
}
