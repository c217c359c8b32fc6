import RenderPreviewsKindKit

extension PreviewKinds {
    /// The kinds this package ships, each one folder of this module written on RenderPreviewsKindKit alone.
    public static let builtIn: PreviewKinds = [
        AnyPreviewKind(LayersKind.self),
        AnyPreviewKind(FlowKind.self),
        AnyPreviewKind(SwipeKind.self),
        AnyPreviewKind(PagingKind.self),
        AnyPreviewKind(CoverFlowKind.self),
        AnyPreviewKind(PagingCustomKind.self),
        AnyPreviewKind(MiniTimerDragDropKind.self),
        AnyPreviewKind(MiniTimerFoldingKind.self),
    ]
}

extension SceneLoader {
    /// A `layers` scene file's tree.
    public static func load(path: String) throws -> LayerScene {
        try parse(readText(path: path), file: path)
    }

    /// A `layers` scene's tree from its text.
    public static func parse(_ text: String, file: String) throws -> LayerScene {
        guard let s = try parseDocument(text, file: file, kinds: .builtIn).settings(as: LayersKind.Settings.self) else {
            throw SceneError(file: file, line: 0, column: 0, message: "expected a \"layers\" scene")
        }
        return LayerScene(canvas: s.canvas, root: s.root, snapshots: s.snapshots)
    }
}

extension SceneLoader {
    /// A scene file of one of the built-in kinds.
    public static func loadDocument(path: String, overrides: [SceneOverride] = []) throws -> SceneDocument {
        try loadDocument(path: path, overrides: overrides, kinds: .builtIn)
    }

    /// A scene of one of the built-in kinds, from its text.
    public static func parseDocument(_ text: String, file: String, overrides: [SceneOverride] = []) throws -> SceneDocument {
        try parseDocument(text, file: file, overrides: overrides, kinds: .builtIn)
    }
}
