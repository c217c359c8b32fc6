import Geometry

/// A frame's layer tree that breaks a rule every tree must keep: a number that is not finite, nesting past
/// `LayerScene.maxDepth`, more than `LayerScene.maxLayers` layers. Kinds are code of their own (a package's, too), so
/// the renderer checks what it is given rather than trap or draw garbage.
public struct LayerTreeError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The layer's names from the root, dotted (`screen.card.transform`); an unnamed layer is `sublayers[i]`.
    public var path: String
    public var message: String

    public init(path: String, message: String) { self.path = path; self.message = message }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension LayerScene {
    /// Deepest nesting below the root (as a `layers` scene file allows).
    public static let maxDepth = 64
    /// Layers in a frame, its snapshots' included.
    public static let maxLayers = 100_000

    /// Throws the first rule the tree breaks.
    public func check() throws(LayerTreeError) {
        var count = 0
        func finite(_ values: [Double], _ path: String, _ what: String) throws(LayerTreeError) {
            if let bad = values.first(where: { !$0.isFinite }) {
                throw LayerTreeError(path: path, message: "\(what) has \(bad); every value must be finite")
            }
        }
        func visit(_ layer: Layer, _ path: String, depth: Int) throws(LayerTreeError) {
            count += 1
            if count > Self.maxLayers {
                throw LayerTreeError(path: path, message: "the frame has more than \(Self.maxLayers) layers")
            }
            if depth > Self.maxDepth {
                throw LayerTreeError(path: path, message: "layers are nested deeper than \(Self.maxDepth) levels")
            }
            try finite([layer.bounds.origin.x, layer.bounds.origin.y, layer.bounds.width, layer.bounds.height],
                       path + ".bounds", "bounds")
            try finite([layer.position.x, layer.position.y], path + ".position", "position")
            try finite([layer.anchorPoint.x, layer.anchorPoint.y], path + ".anchorPoint", "anchorPoint")
            try finite([layer.zPosition], path + ".zPosition", "zPosition")
            try finite(layer.transform.values, path + ".transform", "transform")
            try finite(layer.sublayerTransform.values, path + ".sublayerTransform", "sublayerTransform")
            try finite([layer.opacity], path + ".opacity", "opacity")
            try finite([layer.cornerRadius, layer.borderWidth], path + ".cornerRadius", "cornerRadius or borderWidth")
            try finite([layer.shadowOpacity, layer.shadowRadius, layer.shadowOffset.x, layer.shadowOffset.y],
                       path + ".shadow", "the shadow")
            try finite([layer.contentsRect.origin.x, layer.contentsRect.origin.y, layer.contentsRect.width,
                        layer.contentsRect.height], path + ".contentsRect", "contentsRect")
            for color in [layer.backgroundColor, layer.borderColor, layer.shadowColor].compactMap({ $0 }) {
                try finite([color.red, color.green, color.blue, color.alpha], path, "a color")
            }
            if let backdrop = layer.backdrop {
                try finite([backdrop.blurRadius, backdrop.saturation], path + ".backdrop", "backdrop")
            }
            switch layer.contents {
            case .text(let t): try finite([t.size, t.lineHeight ?? 0], path + ".contents", "text size or line height")
            case .glyph(let g): try finite([g.size], path + ".contents", "glyph size")
            default: break
            }
            for (i, sublayer) in layer.sublayers.enumerated() {
                try visit(sublayer, path + "." + (sublayer.name ?? "sublayers[\(i)]"), depth: depth + 1)
            }
        }
        try finite([canvas.width, canvas.height, canvas.scale], "canvas", "the canvas")
        try visit(root, root.name ?? "root", depth: 0)
        for name in snapshots.keys.sorted() {
            try visit(snapshots[name]!, "snapshots." + name, depth: 0)
        }
    }
}
