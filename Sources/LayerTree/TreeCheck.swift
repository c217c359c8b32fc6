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

    /// Throws the first rule the tree breaks. Every frame is checked before it is drawn, so the walk builds no
    /// string and allocates nothing until it finds a fault.
    public func check() throws(LayerTreeError) {
        if let bad = [canvas.width, canvas.height, canvas.scale].first(where: { !$0.isFinite }) {
            throw LayerTreeError(path: "canvas", message: "has \(bad); every value must be finite")
        }
        var count = 0
        var trail: [Int] = []
        trail.reserveCapacity(Self.maxDepth + 1)
        func visit(_ layer: Layer, depth: Int, top: Layer, topName: String) throws(LayerTreeError) {
            count += 1
            if count > Self.maxLayers {
                throw LayerTreeError(path: Self.path(top, topName, trail), message: "the frame has more than \(Self.maxLayers) layers")
            }
            if depth > Self.maxDepth {
                throw LayerTreeError(path: Self.path(top, topName, trail),
                                     message: "layers are nested deeper than \(Self.maxDepth) levels")
            }
            if let (field, value) = layer.firstNonFinite {
                throw LayerTreeError(path: Self.path(top, topName, trail) + "." + field,
                                     message: "has \(value); every value must be finite")
            }
            for i in layer.sublayers.indices {
                trail.append(i)
                try visit(layer.sublayers[i], depth: depth + 1, top: top, topName: topName)
                trail.removeLast()
            }
        }
        try visit(root, depth: 0, top: root, topName: root.name ?? "root")
        for name in snapshots.keys.sorted() {
            try visit(snapshots[name]!, depth: 0, top: snapshots[name]!, topName: "snapshots." + name)
        }
    }

    /// The dotted names from `top` down the sublayer indices of `trail`.
    private static func path(_ top: Layer, _ topName: String, _ trail: [Int]) -> String {
        var names = [topName]
        var layer = top
        for i in trail {
            layer = layer.sublayers[i]
            names.append(layer.name ?? "sublayers[\(i)]")
        }
        return names.joined(separator: ".")
    }
}

extension Layer {
    /// The first property with a number that is not finite, and that number; nil when all are finite.
    var firstNonFinite: (field: String, value: Double)? {
        func bad(_ values: Double...) -> Double? { values.first { !$0.isFinite } }
        if !(bounds.origin.x.isFinite && bounds.origin.y.isFinite && bounds.size.width.isFinite && bounds.size.height.isFinite) {
            return ("bounds", bad(bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height)!)
        }
        if !(position.x.isFinite && position.y.isFinite) { return ("position", bad(position.x, position.y)!) }
        if !(anchorPoint.x.isFinite && anchorPoint.y.isFinite) { return ("anchorPoint", bad(anchorPoint.x, anchorPoint.y)!) }
        if !zPosition.isFinite { return ("zPosition", zPosition) }
        if !transform.isAllFinite { return ("transform", transform.values.first { !$0.isFinite }!) }
        if !sublayerTransform.isAllFinite { return ("sublayerTransform", sublayerTransform.values.first { !$0.isFinite }!) }
        if !opacity.isFinite { return ("opacity", opacity) }
        if !cornerRadius.isFinite { return ("cornerRadius", cornerRadius) }
        if !contentsScale.isFinite { return ("contentsScale", contentsScale) }
        if !borderWidth.isFinite { return ("borderWidth", borderWidth) }
        if !(shadowOpacity.isFinite && shadowRadius.isFinite && shadowOffset.x.isFinite && shadowOffset.y.isFinite) {
            return ("shadow", bad(shadowOpacity, shadowRadius, shadowOffset.x, shadowOffset.y)!)
        }
        if !(contentsRect.origin.x.isFinite && contentsRect.origin.y.isFinite && contentsRect.size.width.isFinite
             && contentsRect.size.height.isFinite) {
            return ("contentsRect", bad(contentsRect.origin.x, contentsRect.origin.y, contentsRect.size.width,
                                        contentsRect.size.height)!)
        }
        if let c = backgroundColor, !c.isAllFinite { return ("backgroundColor", bad(c.red, c.green, c.blue, c.alpha)!) }
        if !borderColor.isAllFinite { return ("borderColor", bad(borderColor.red, borderColor.green, borderColor.blue, borderColor.alpha)!) }
        if !shadowColor.isAllFinite { return ("shadowColor", bad(shadowColor.red, shadowColor.green, shadowColor.blue, shadowColor.alpha)!) }
        if let b = backdrop, !(b.blurRadius.isFinite && b.saturation.isFinite) { return ("backdrop", bad(b.blurRadius, b.saturation)!) }
        switch contents {
        case .text(let t):
            if !t.size.isFinite { return ("contents.size", t.size) }
            if let h = t.lineHeight, !h.isFinite { return ("contents.lineHeight", h) }
        case .glyph(let g):
            if !g.size.isFinite { return ("contents.size", g.size) }
        default: break
        }
        return nil
    }
}

extension Transform3D {
    var isAllFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

extension Color {
    var isAllFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}
