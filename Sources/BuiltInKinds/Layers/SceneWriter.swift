import RenderPreviewsKindKit


/// Writes a frame as "layers" JSON that `SceneLoader` reads back to an equal `LayerScene` (the `tree` command).
///
/// The keys and their order come from the layers kind's declaration; only properties that differ from the
/// `Layer` defaults are written, number arrays on one line, numbers in their shortest exact form.
/// Round trips are exact for scenes the loader accepts; colors are written as 8-bit hex, so a `Color`
/// that is not a multiple of 1/255 comes back rounded, and non-finite numbers are written as `null`
/// (which the loader rejects).
public enum SceneWriter {
    public static func json(_ scene: LayerScene) -> String {
        let settings = LayersKind.Settings(canvas: scene.canvas, root: scene.root, snapshots: scene.snapshots)
        return SceneDocument.node(kind: LayersKind.name, LayersKind.schema.encode(settings, defaults: LayersKind.defaults)).text()
    }
}
