import Geometry

/// A CALayer as a value: the properties that decide how it is drawn, with CALayer's defaults.
public struct Layer: Hashable, Sendable {
    public var name: String?
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint: Point = Point(0.5, 0.5)
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var opacity: Double = 1
    public var isHidden: Bool = false
    /// CALayer.isDoubleSided: when false, the layer and its sublayers are not drawn while its back faces the
    /// viewer of its superlayer's plane (LayerRenderer.showsBackFace says exactly when).
    public var isDoubleSided: Bool = true
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var masksToBounds: Bool = false
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var shadowColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowRadius: Double = 3
    public var shadowOffset: Point = Point(0, -3)
    public var contents: LayerContents? = nil
    /// CALayer.contentsRect: the part of an image contents (a snapshot) shown, in unit coordinates of the
    /// image, stretched over the bounds. Other contents ignore it.
    public var contentsRect: Rect = Rect(0, 0, 1, 1)
    /// CALayer.contentsGravity: how an image contents is placed in the bounds (other contents ignore it).
    public var contentsGravity: ContentsGravity = .resize
    /// CALayer.contentsScale: an image's pixels per point, for the gravities that keep its natural size.
    public var contentsScale: Double = 1
    /// What UIVisualEffectView's backdrop does: the picture already drawn behind the layer, within its rounded
    /// bounds, blurred and saturated, then tinted; drawn before the layer's own background.
    public var backdrop: BackdropEffect? = nil
    public var sublayers: [Layer] = []

    public init(name: String? = nil) { self.name = name }

    /// A layer placed like a view: `frame` in the superlayer's space (only meaningful without a transform).
    public init(name: String? = nil, frame: Rect) {
        self.name = name
        bounds = Rect(0, 0, frame.width, frame.height)
        position = Point(frame.midX, frame.midY)
    }

    /// A round layer `diameter` across centered at `center` (a dot, a disc, a ring once given a border).
    public static func circle(name: String? = nil, center: Point, diameter d: Double) -> Layer {
        var layer = Layer(name: name, frame: Rect(center.x - d / 2, center.y - d / 2, d, d))
        layer.cornerRadius = d / 2
        return layer
    }

    /// The anchor point in the layer's own (bounds) coordinates: bounds.origin + anchorPoint × size.
    public var anchorInBounds: Point {
        Point(bounds.origin.x + anchorPoint.x * bounds.size.width, bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Layer space to superlayer space, before the superlayer's sublayerTransform:
    /// `T(-A) · transform · T(position, zPosition)`.
    public var transformToSuperlayer: Transform3D {
        let a = anchorInBounds
        return Transform3D.translation(-a.x, -a.y, 0)
            .concatenating(transform)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// The sublayerTransform taken about this layer's own anchor: `T(-A) · S · T(A)`.
    public var sublayerTransformAboutAnchor: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let a = anchorInBounds
        return Transform3D.translation(-a.x, -a.y, 0)
            .concatenating(sublayerTransform)
            .concatenating(.translation(a.x, a.y, 0))
    }

    public var effectiveCornerRadius: Double {
        min(max(0, cornerRadius), bounds.width / 2, bounds.height / 2)
    }

    public var hasVisibleShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 && !masksToBounds }

    /// Sublayers in drawing order: ascending zPosition, ties in array order.
    public var sublayersInDrawingOrder: [Layer] {
        // Most trees are in order already (equal zPositions): the array itself, shared, with no sort or copy.
        var inOrder = true
        for i in sublayers.indices.dropFirst() where !(sublayers[i - 1].zPosition <= sublayers[i].zPosition) {
            inOrder = false; break
        }
        if inOrder { return sublayers }
        return sublayers.enumerated()
            .sorted { $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset }
            .map(\.element)
    }
}

/// A backdrop filter as UIBlurEffect's styles make one: a Gaussian blur of what lies behind (σ in the layer's
/// points), a saturation factor (1 leaves colors alone) and a color laid over the result.
public struct BackdropEffect: Hashable, Sendable {
    public var blurRadius: Double
    public var saturation: Double
    public var tint: Color

    public init(blurRadius: Double, saturation: Double = 1, tint: Color = .clear) {
        self.blurRadius = blurRadius; self.saturation = saturation; self.tint = tint
    }
}

/// What a frame is drawn onto: a size in points, the pixels per point, and the color behind everything.
public struct Canvas: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var background: Color

    public init(width: Double, height: Double, scale: Double = 2, background: Color = .white) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// One frame: a canvas, the layer tree drawn on it, and the snapshots its layers show.
public struct LayerScene: Hashable, Sendable {
    public var canvas: Canvas
    public var root: Layer
    /// Images of subtrees, by name, as UIView.snapshotView / resizableSnapshotView make them: each layer is
    /// drawn once, in its own bounds space (its transform, position and opacity play no part), into an image
    /// at the canvas scale. Layers whose contents are `.snapshot(name)` show that image, through their
    /// contentsRect, as a CALayer shows a CGImage: one rendering shared by every piece that shows it.
    public var snapshots: [String: Layer]

    public init(canvas: Canvas, root: Layer, snapshots: [String: Layer] = [:]) {
        self.canvas = canvas; self.root = root; self.snapshots = snapshots
    }
}
