import Geometry
import LayerTree
import Raster
import Text

/// Draws a layer tree the way Core Animation composites it (see docs/core-animation.md in ../shared/spec):
/// each level is flattened to a 2D projective map, siblings are drawn in zPosition order, opacity is group
/// opacity, masksToBounds clips contents and sublayers to the rounded bounds, within a layer the order is
/// shadow, background, contents, sublayers, border, and a single-sided layer showing its back is skipped.
public struct LayerRenderer {
    private var rasterizer = Rasterizer()
    /// Fonts are opened on the first text or icon drawn, so scenes without any need no font files.
    private var textEngine: TextLayoutEngine?
    /// Glyph outlines of laid-out contents, by contents and bounds: frames repeat most labels.
    private var contentsCache: [ContentsKey: IconOutline] = [:]

    private struct ContentsKey: Hashable {
        var contents: LayerContents
        var bounds: Rect
    }

    /// Time the last frame spent on text and icons (layout and filling their outlines), for `bench`.
    public private(set) var contentsTime: Duration = .zero

    /// The frame's snapshot sources, and their images: drawn on first use, kept for later frames while the
    /// source and the scale stay the same (a page's pieces show one image for the whole transition).
    private var snapshotSources: [String: Layer] = [:]
    private var snapshotImages: [String: SnapshotImage] = [:]
    /// Snapshots being drawn: one that shows itself, directly or not, shows nothing there instead.
    private var snapshotsInProgress: Set<String> = []
    private var canvasScale = 1.0
    /// Image contents with their mip levels, by digest: made on first use, kept while frames show them.
    private var images: [UInt64: MipmappedImage] = [:]

    private struct SnapshotImage {
        var source: Layer
        var scale: Double
        var image: MipmappedImage
    }

    /// The longest side of a snapshot image in pixels: a larger source is drawn at a lower scale, so that
    /// hostile bounds cannot ask for a runaway allocation.
    public static let maxSnapshotSide = 4096
    /// The pixels all kept snapshot images may hold together; past it, a new image is drawn at a lower scale
    /// (blurred, never refused), so that many large snapshots cannot exhaust memory either.
    public static let snapshotPixelBudget = 1 << 24

    public init() {}

    /// Renders one frame. Throws when a font the contents name is missing, or the tree breaks a rule every tree
    /// keeps (`LayerScene.check()`: finite numbers, the depth and layer limits).
    public mutating func render(_ scene: LayerScene) throws -> Pixmap {
        try render(scene, over: nil).image
    }

    /// Renders one frame, redrawing only what changed since `previous` (a frame this renderer or another
    /// drew, with its scene): its pixels are reused outside the damage (`FrameDamage`), and inside it the
    /// frame is drawn with a write window, which computes every pixel as a whole render does. The image is
    /// bit for bit the one `render(_:)` gives; `damage` is the redrawn rectangle (nil: nothing changed).
    public mutating func render(_ scene: LayerScene, over previous: (scene: LayerScene, image: Pixmap)?) throws
        -> (image: Pixmap, damage: IntRect?) {
        try scene.check()
        contentsTime = .zero
        let canvas = scene.canvas
        canvasScale = canvas.scale
        snapshotSources = scene.snapshots
        snapshotImages = snapshotImages.filter { scene.snapshots[$0.key] != nil }
        let background = premultiplied(canvas.background, opacity: 1)
        let whole = IntRect(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight)
        var target: Pixmap
        var window: IntRect? = nil
        if let previous, previous.image.bounds == whole, previous.scene.canvas == canvas {
            guard let damage = FrameDamage.region(from: previous.scene, to: scene) else { return (previous.image, nil) }
            // Past half the canvas, culling layer by layer against the window costs more than it saves.
            if 2 * damage.area > whole.area { return (try render(scene, over: nil).image, whole) }
            target = previous.image
            target.replace(damage, with: background)
            window = damage
        } else {
            target = Pixmap(width: canvas.pixelWidth, height: canvas.pixelHeight, fill: background)
        }
        let deviceMap = ProjectiveTransform.scale(canvas.scale, canvas.scale)
        try draw(scene.root, superMap: deviceMap, superSublayer: .identity, into: &target,
                 clip: Clip(rect: target.bounds, window: window))
        return (target, window ?? whole)
    }

    // MARK: Maps

    /// Layer space to the superlayer's plane: this level's 4x4 (with the superlayer's sublayerTransform, so
    /// its m34 sees this layer's depth), flattened. Followed by the superlayer's own map it gives device space.
    static func levelMap(of layer: Layer, superSublayer: Transform3D) -> ProjectiveTransform {
        layer.transformToSuperlayer.concatenating(superSublayer).flattened
    }

    // MARK: Back faces

    /// Whether a layer placed by `level` shows its back (or its edge) to the viewer. With isDoubleSided false
    /// it is then not drawn, sublayers included: they are flattened into its plane.
    ///
    /// The viewer is that of the superlayer's plane, not of the screen: every layer but a CATransformLayer
    /// (which we do not have) flattens its sublayers into its own plane, so a sublayer faces towards or away
    /// from that plane's eye (the perspective in this level's 4x4), and turning the superlayer afterwards
    /// turns the whole flattened picture. A flipped double-sided superlayer thus shows a single-sided,
    /// forward-facing sublayer mirrored, like its own background. (On iOS a card made of a front and a back
    /// sublayer of a plain CALayer keeps showing its front when turned; it needs a CATransformLayer.)
    ///
    /// Facing: where W > 0 a projective map's Jacobian determinant is det / W³, so sign(det) is the winding
    /// of the projected layer, reversed exactly when the eye is behind the layer's plane. That holds for a
    /// layer partly behind the eye too, whose corners would project through W < 0 and wind the wrong way.
    /// det = 0 is the layer edge-on (the eye in its plane): it has no area, so culling it, or rounding a
    /// right angle to either side, changes no pixel.
    static func showsBackFace(level: ProjectiveTransform) -> Bool {
        level.determinant <= 0
    }

    // MARK: Drawing

    /// Draws a layer into `target`, limited by `clip` (the enclosing masks: a rectangle of pixels and, for
    /// rounded or transformed masks, an anti-aliased coverage mask).
    /// `culls`: whether to test the layer against the clip's window (not needed once an ancestor's bounds
    /// lie inside it).
    private mutating func draw(_ layer: Layer, superMap: ProjectiveTransform, superSublayer: Transform3D,
                               into target: inout Pixmap, clip: Clip, culls: Bool = true) throws {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        // Redrawing a window: a layer that writes nothing in it is left out (its pixels there are kept).
        var culls = culls
        if culls, let window = clip.window {
            let box = FrameDamage.enclosing(Self.deviceBounds(layer, superMap: superMap, superSublayer: superSublayer), canvas: target.bounds)
            if box.intersection(window).isEmpty { return }
            // Bounds hold the subtree's: inside the window, no sublayer needs the test (the window still clips).
            if box.intersection(window) == box { culls = false }
        }
        let level = Self.levelMap(of: layer, superSublayer: superSublayer)
        if !layer.isDoubleSided && Self.showsBackFace(level: level) { return }
        let map = level.concatenating(superMap)
        if let backdrop = layer.backdrop { drawBackdrop(backdrop, layer: layer, map: map, into: &target, clip: clip) }
        let shadow = layer.hasVisibleShadow
        let hasBackground = layer.backgroundColor?.isVisible ?? false
        let hasBorder = layer.borderWidth > 0 && layer.borderColor.isVisible
        let contentsFills: Int
        switch layer.contents {
        case nil: contentsFills = 0
        case .shapes(let shapes)?: contentsFills = shapes.reduce(0) { $0 + ($1.fill.isVisible ? 1 : 0) }
        case _?: contentsFills = 1
        }
        let fills = (hasBackground ? 1 : 0) + (hasBorder ? 1 : 0) + contentsFills
        let drawsMoreThanOnce = !layer.sublayers.isEmpty || fills > 1
        let pieces = Self.sublayersArePieces(layer)

        // One fill and no shadow: the opacity can go straight into the color.
        if !shadow && !pieces && (layer.opacity >= 1 || !drawsMoreThanOnce) {
            try drawBody(layer, map: map, opacity: layer.opacity, into: &target, clip: clip, culls: culls)
            return
        }
        // Otherwise composite the layer as a group, offscreen, then fade it as one.
        let visible = target.bounds.intersection(clip.rect)
        let area = IntRect(enclosing: Self.deviceBounds(layer, superMap: superMap, superSublayer: superSublayer, includeShadow: false))
            .intersection(shadow ? IntRect(enclosing: shadowSourceArea(visible, layer: layer, map: map)) : visible)
        guard !area.isEmpty else { return }
        var group = Pixmap(bounds: area)
        // Pieces of one snapshot meet at shared edges: in their group they split the pixels along them.
        if pieces { group.sharedEdgeCoverage = [UInt8](repeating: 0, count: area.area) }
        // Within a window, a group without shadow needs its pixels only there; a shadow needs them all (its
        // blur reaches across the window's edge).
        try drawBody(layer, map: map, opacity: 1, into: &group, clip: Clip(rect: area, window: shadow ? nil : clip.window), culls: culls)
        let opacity = UInt8((min(1, max(0, layer.opacity)) * 255).rounded())  // models compute opacities too: clamp both ends
        if shadow && opacity < 255 {
            // Group opacity takes the shadow in: the shadow and the layer over it are composited first, then
            // faded as one, so a translucent card shows no shadow through itself (VegaStyle_Reverse's faded
            // cards are white inside, 255, where fading the two apart read 243). The shadow is not drawn where
            // the group is opaque, which the group then replaces.
            let cast = Self.withShadow(Rect(Double(area.x), Double(area.y), Double(area.width), Double(area.height)),
                                       layer: layer, map: map)
            let region = IntRect(enclosing: cast).intersection(target.bounds).intersection(clip.writable)
            guard !region.isEmpty else { return }
            var faded = Pixmap(bounds: region)
            drawShadow(of: group, layer: layer, map: map, opacity: 1, into: &faded, clip: Clip(rect: region), coveredBy: group)
            faded.composite(group, clip: Clip(rect: region))
            target.composite(faded, opacity: opacity, clip: clip)
            return
        }
        if shadow {
            // At full opacity and without a clip mask the group replaces every pixel where it is opaque: the
            // shadow need not be blended there.
            drawShadow(of: group, layer: layer, map: map, opacity: layer.opacity, into: &target, clip: clip,
                       coveredBy: clip.mask == nil ? group : nil)
        }
        target.composite(group, opacity: opacity, clip: clip)
    }

    /// Whether a layer's sublayers are pieces of one picture: two or more, each showing the same snapshot
    /// (through its own contentsRect) and nothing else, as SnapshotContainerView's pieces do. They are cut
    /// from one rectangle, so where they are not moved apart their edges meet. On the device those edges
    /// are aliased (allowsEdgeAntialiasing is false by default, and the library leaves it so): abutting
    /// pieces split the device pixels along their shared edge exactly, and no background shows between
    /// them. Drawn one by one with fractional coverage and source-over, each such pixel would keep a
    /// share of the background (a light seam); so the pieces are drawn as a group whose pixels split
    /// between them (`Pixmap.sharedEdgeCoverage`), then composited: their outer edges keep their
    /// anti-aliased coverage, as in a recording scaled down from the device.
    static func sublayersArePieces(_ layer: Layer) -> Bool {
        guard layer.sublayers.count >= 2, case .snapshot(let name)? = layer.sublayers[0].contents else { return false }
        return layer.sublayers.allSatisfy { piece in
            guard case .snapshot(let other)? = piece.contents, other == name else { return false }
            return piece.sublayers.isEmpty && !piece.hasVisibleShadow && piece.backdrop == nil
                && !(piece.backgroundColor?.isVisible ?? false) && !(piece.borderWidth > 0 && piece.borderColor.isVisible)
        }
    }

    /// Background, contents, sublayers (clipped when masksToBounds), border.
    private mutating func drawBody(_ layer: Layer, map: ProjectiveTransform, opacity: Double,
                                   into target: inout Pixmap, clip: Clip, culls: Bool = true) throws {
        let radius = layer.effectiveCornerRadius
        // A rounded or transformed masksToBounds clips to the coverage of the background's own shape: made
        // first, it fills the background too (the same coverage bytes as sweeping the shape again).
        var clipMask: Mask? = nil
        var aligned: IntRect? = nil
        if layer.masksToBounds && !layer.sublayers.isEmpty {
            aligned = Self.pixelAlignedRect(layer.bounds, radius: radius, map: map)
            if aligned == nil {
                clipMask = rasterizer.coverage(of: Path.roundedRect(layer.bounds, radius: radius).deviceContours(through: map),
                                               clip: target.bounds.intersection(clip.rect))
            }
        }
        if let bg = layer.backgroundColor, bg.isVisible {
            let paint = Paint.solid(premultiplied(bg, opacity: opacity))
            if let clipMask {
                target.fill(clipMask, paint: paint, clip: clip)
            } else {
                fill(Path.roundedRect(layer.bounds, radius: radius), map: map, paint: paint, into: &target, clip: clip)
            }
        }
        if case .gradient(let g) = layer.contents {
            let (start, end) = Self.gradientAxis(g, bounds: layer.bounds)
            let stops = g.stops.map { ($0.0, (r: $0.1.red, g: $0.1.green, b: $0.1.blue, a: $0.1.alpha)) }
            if let gradient = LinearGradient(stops: stops, start: start, end: end, map: map, opacity: opacity) {
                fill(Path.roundedRect(layer.bounds, radius: radius), map: map, paint: .linearGradient(gradient), into: &target, clip: clip)
            }
        } else if case .shapes(let shapes) = layer.contents {
            // Each shape through the layer's full map, like the background: artwork warps with the layer.
            for shape in shapes where shape.fill.isVisible && Self.mayReach(shape.path, map: map, target.bounds.intersection(clip.writable)) {
                rasterizer.fill(shape.path.deviceContours(through: map), paint: .solid(premultiplied(shape.fill, opacity: opacity)),
                                rule: shape.rule, into: &target, clip: clip)
            }
        } else if case .snapshot(let name) = layer.contents,
                  Self.mayReach(Path.rect(layer.bounds), map: map, target.bounds.intersection(clip.writable)) {
            // Contents fill the bounds (contentsGravity resize), clipped to the corners only by masksToBounds.
            // A snapshot no visible layer shows is never drawn.
            if let image = try snapshotImage(name),
               let pattern = ImagePattern(image: image, contentsRect: layer.contentsRect, bounds: layer.bounds, map: map, opacity: opacity) {
                let shape = layer.masksToBounds ? Path.roundedRect(layer.bounds, radius: radius) : Path.rect(layer.bounds)
                fill(shape, map: map, paint: .image(pattern), into: &target, clip: clip)
            }
        } else if case .image(let picture) = layer.contents,
                  Self.mayReach(Path.rect(layer.bounds.union(Self.placement(of: picture, in: layer))), map: map,
                                target.bounds.intersection(clip.writable)) {
            // Placed by contentsGravity at contentsScale, through contentsRect; clipped to the rounded bounds only
            // by masksToBounds (a resizeAspectFill image overhangs them otherwise, as on the device).
            let place = Self.placement(of: picture, in: layer)
            if let pattern = ImagePattern(image: mipmapped(picture), contentsRect: layer.contentsRect, bounds: place, map: map,
                                          opacity: opacity) {
                let shape = layer.masksToBounds ? Path.roundedRect(layer.bounds, radius: radius) : Path.rect(place)
                fill(shape, map: map, paint: .image(pattern), into: &target, clip: clip)
            }
        } else if let contents = layer.contents {
            let color: Color
            switch contents {
            case .text(let t): color = t.color
            case .glyph(let g): color = g.color
            case .gradient, .shapes, .snapshot, .image: color = .clear
            }
            // Glyph outlines go through the layer's map like any path: crisp at every scale, warped with
            // the layer under perspective.
            let start = ContinuousClock.now
            let outline = try contentsOutline(contents, bounds: layer.bounds)
            // A symbol's secondary layer does not overlap its primary one: each is filled on its own.
            if !outline.secondary.isEmpty {
                fill(outline.secondary, map: map, paint: .solid(premultiplied(color, opacity: opacity * IconOutline.secondaryOpacity)),
                     into: &target, clip: clip)
            }
            for part in outline.colored {
                fill(part.path, map: map, paint: .solid(premultiplied(part.color, opacity: opacity)), into: &target, clip: clip)
            }
            fill(outline.primary, map: map, paint: .solid(premultiplied(color, opacity: opacity)), into: &target, clip: clip)
            contentsTime += ContinuousClock.now - start
        }
        if !layer.sublayers.isEmpty {
            let sub = layer.sublayerTransformAboutAnchor
            var inner = clip
            if layer.masksToBounds {
                if let rect = aligned {
                    // A square-cornered mask on pixel boundaries (a scroll view) is a plain rectangle.
                    inner = clip.intersecting(rect)
                } else if let mask = clipMask {
                    inner = clip.intersecting(mask)
                } else {
                    inner = Clip(rect: IntRect(x: 0, y: 0, width: 0, height: 0))
                }
            }
            if !inner.rect.isEmpty {
                for s in layer.sublayersInDrawingOrder { try draw(s, superMap: map, superSublayer: sub, into: &target, clip: inner, culls: culls) }
            }
        }
        if layer.borderWidth > 0 && layer.borderColor.isVisible {
            let bw = min(layer.borderWidth, layer.bounds.width / 2, layer.bounds.height / 2)
            var ring = Path.roundedRect(layer.bounds, radius: radius)
            let inner = layer.bounds.standardized.insetBy(dx: bw, dy: bw)
            if inner.width > 0 && inner.height > 0 {
                ring.append(Path.roundedRect(inner, radius: max(0, radius - bw), reversed: true))
            }
            fill(ring, map: map, paint: .solid(premultiplied(layer.borderColor, opacity: opacity)), into: &target, clip: clip)
        }
    }

    /// CAGradientLayer interpolates in the unit square and stretches it over the bounds, so on a non-square
    /// layer a diagonal gradient's bands run along the other diagonal, not at right angles to the axis. The same
    /// gradient in points: it starts at the mapped start point and its axis is the unit axis divided by the size,
    /// scaled so that t reaches 1 where the unit gradient does.
    static func gradientAxis(_ g: LayerTree.LinearGradient, bounds b: Rect) -> (Point, Point) {
        let start = Point(b.origin.x + g.startPoint.x * b.size.width, b.origin.y + g.startPoint.y * b.size.height)
        let d = g.endPoint - g.startPoint
        let lengthSquared = d.x * d.x + d.y * d.y
        guard lengthSquared > 0, b.size.width != 0, b.size.height != 0 else { return (start, start) }
        // t(p) = ((p - start) · gradient); a point-space axis a gives t = (p - start) · a / |a|², so a = g / |g|².
        let gradient = Point(d.x / b.size.width / lengthSquared, d.y / b.size.height / lengthSquared)
        let gg = gradient.x * gradient.x + gradient.y * gradient.y
        return (start, start + gradient * (1 / gg))
    }

    private mutating func contentsOutline(_ contents: LayerContents, bounds: Rect) throws -> IconOutline {
        let key = ContentsKey(contents: contents, bounds: bounds)
        if let cached = contentsCache[key] { return cached }
        if textEngine == nil { textEngine = TextLayoutEngine(fonts: try FontLibrary()) }
        let engine = textEngine!
        let outline: IconOutline
        switch contents {
        case .text(let t): outline = IconOutline(primary: try engine.place(t, in: bounds.standardized).path())
        case .glyph(let g): outline = try engine.iconOutline(g, in: bounds.standardized)
        case .gradient, .shapes, .snapshot, .image: outline = IconOutline(primary: Path())
        }
        if contentsCache.count > 4096 { contentsCache.removeAll() }
        contentsCache[key] = outline
        return outline
    }

    /// Where an image contents goes in the layer's bounds: its size in points is its pixels over contentsScale.
    static func placement(of picture: LayerImage, in layer: Layer) -> Rect {
        let scale = layer.contentsScale > 0 ? layer.contentsScale : 1
        return layer.contentsGravity.placement(of: Size(Double(picture.width) / scale, Double(picture.height) / scale), in: layer.bounds)
    }

    private mutating func mipmapped(_ picture: LayerImage) -> MipmappedImage {
        if let cached = images[picture.digest] { return cached }
        if images.count > 64 { images.removeAll() }
        let image = MipmappedImage(Pixmap(bounds: IntRect(x: 0, y: 0, width: picture.width, height: picture.height), pixels: picture.pixels))
        images[picture.digest] = image
        return image
    }

    /// The image of the frame's snapshot `name`, drawn now unless an earlier frame drew the same source at
    /// the same scale. Nil for an unknown name, empty bounds, or a snapshot that would show itself.
    private mutating func snapshotImage(_ name: String) throws -> MipmappedImage? {
        guard let source = snapshotSources[name], !snapshotsInProgress.contains(name) else { return nil }
        if let cached = snapshotImages[name], cached.scale == canvasScale, cached.source == source { return cached.image }
        let b = source.bounds.standardized
        let longest = max(b.width, b.height) * canvasScale
        guard b.width > 0, b.height > 0, longest.isFinite, longest > 0 else { return nil }
        let kept = snapshotImages.filter { $0.key != name }.values.reduce(0) { $0 + $1.image.levels[0].pixels.count }
        let available = Double(max(1, Self.snapshotPixelBudget - kept))
        let area = b.width * b.height * canvasScale * canvasScale
        let scale = canvasScale * min(1, Double(Self.maxSnapshotSide) / longest, area > available ? (available / area).squareRoot() : 1)
        let width = max(1, min(Self.maxSnapshotSide, Int((b.width * scale).rounded(.up))))
        let height = max(1, min(Self.maxSnapshotSide, Int((b.height * scale).rounded(.up))))
        var pixels = Pixmap(width: width, height: height)
        // The source in its own bounds space: the image's origin is the bounds' origin.
        var placed = source
        placed.transform = .identity
        placed.zPosition = 0
        placed.position = placed.anchorInBounds - b.origin
        snapshotsInProgress.insert(name)
        defer { snapshotsInProgress.remove(name) }
        try draw(placed, superMap: .scale(scale, scale), superSublayer: .identity, into: &pixels, clip: Clip(rect: pixels.bounds))
        let image = MipmappedImage(pixels, extent: Rect(0, 0, b.width * scale, b.height * scale))
        snapshotImages[name] = SnapshotImage(source: source, scale: canvasScale, image: image)
        return image
    }

    private mutating func fill(_ path: Path, map: ProjectiveTransform, paint: Paint,
                               into target: inout Pixmap, clip: Clip) {
        guard Self.mayReach(path, map: map, target.bounds.intersection(clip.writable)) else { return }
        rasterizer.fill(path.deviceContours(through: map), paint: paint, into: &target, clip: clip)
    }

    /// Whether a path can cover any pixel of `area`: false only when its control points (whose hull holds the
    /// path) all project in front of the eye to one side of it. Flattening and filling a label or a page far
    /// off screen costs more than this test.
    static func mayReach(_ path: Path, map: ProjectiveTransform, _ area: IntRect) -> Bool {
        if area.isEmpty { return false }
        let local = path.controlBounds
        if local.isNull { return false }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in local.corners {
            let h = map.applyHomogeneous(c)
            // A corner at or behind the eye plane: the projection is not bounded by the corners.
            guard h.w > 1e-9, h.x.isFinite, h.y.isFinite else { return true }
            let x = h.x / h.w, y = h.y / h.w
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        return maxX >= Double(area.x) - 1 && minX <= Double(area.maxX) + 1 && maxY >= Double(area.y) - 1 && minY <= Double(area.maxY) + 1
    }

    /// The device rectangle of `bounds` when the map only scales and translates it onto whole pixels and
    /// the corners are square: clipping to it is exact without a coverage mask.
    static func pixelAlignedRect(_ bounds: Rect, radius: Double, map: ProjectiveTransform) -> IntRect? {
        guard radius <= 0, map.isAffine, map.m12 == 0, map.m21 == 0 else { return nil }
        let a = map.apply(Point(bounds.minX, bounds.minY)), b = map.apply(Point(bounds.maxX, bounds.maxY))
        let xs = [a.x, b.x].sorted(), ys = [a.y, b.y].sorted()
        // Huge (or non-finite) whole numbers pass the test below but are no pixel: leave them to the general path.
        let limit = Double(IntRect.coordinateLimit)
        for v in xs + ys where !(abs(v) <= limit) || abs(v - v.rounded()) > 1e-9 { return nil }
        return IntRect(x: Int(xs[0].rounded()), y: Int(ys[0].rounded()),
                       width: Int(xs[1].rounded()) - Int(xs[0].rounded()), height: Int(ys[1].rounded()) - Int(ys[0].rounded()))
    }

    /// A backdrop effect reads the pixels already in `target` under the layer (and 3σ around, which the blur
    /// pulls in), blurs and saturates them, and paints them back through the layer's rounded bounds, then the
    /// tint. Inside a transparency group the backdrop is what the group holds so far.
    private mutating func drawBackdrop(_ effect: BackdropEffect, layer: Layer, map: ProjectiveTransform,
                                       into target: inout Pixmap, clip: Clip) {
        let opacity = min(1, max(0, layer.opacity))
        let shape = Path.roundedRect(layer.bounds, radius: layer.effectiveCornerRadius)
        let covered = IntRect(enclosing: Self.projectedBounds(layer.bounds, map: map))
            .intersection(target.bounds).intersection(clip.rect)
        guard !covered.isEmpty else { return }
        let (sigma, reach) = Self.backdropBlur(effect, layer: layer, map: map)
        let changesColor = effect.saturation != 1
        if let grow = reach, sigma >= 0.1 || changesColor,
           Self.mayReach(shape, map: map, target.bounds.intersection(clip.writable)) {
            let source = IntRect(x: covered.x - grow, y: covered.y - grow, width: covered.width + 2 * grow,
                                 height: covered.height + 2 * grow).intersection(target.bounds)
            let contours = shape.deviceContours(through: map)
            // The paint is read only where the fill can write: the shape's pixels within the clip and window.
            let read = IntRect(enclosing: Rect.bounding(contours: contours)).intersection(target.bounds).intersection(clip.writable)
            if !read.isEmpty {
                var behind = sigma >= 0.1 ? target.blurred(of: source, sigma: sigma, within: read)
                    : target.cropped(to: source.intersection(read))
                if changesColor { behind.saturate(effect.saturation.isFinite ? effect.saturation : 1) }
                if let pattern = ImagePattern(pixelAligned: behind, opacity: opacity) {
                    rasterizer.fill(contours, paint: .image(pattern), into: &target, clip: clip)
                }
            }
        }
        if effect.tint.isVisible {
            fill(shape, map: map, paint: .solid(premultiplied(effect.tint, opacity: opacity)), into: &target, clip: clip)
        }
    }

    /// The shadow is the layer's composited alpha, blurred, offset and tinted. shadowOffset and shadowRadius
    /// are in the layer's own space: they are mapped with the layer's local stretch at its anchor.
    private func drawShadow(of group: Pixmap, layer: Layer, map: ProjectiveTransform, opacity: Double,
                            into target: inout Pixmap, clip: Clip, coveredBy cover: Pixmap? = nil) {
        let (offset, stretch) = Self.shadowGeometry(layer: layer, map: map)
        // Sketch and Figma export blur = 2 × shadowRadius and CSS uses σ = blur / 2, so σ = shadowRadius.
        let sigma = layer.shadowRadius * stretch
        // An offset past the coordinate limit (or NaN from a degenerate map) moves the shadow off every canvas.
        let limit = IntRect.coordinateLimit
        guard abs(offset.x) <= Double(limit), abs(offset.y) <= Double(limit) else { return }
        let dx = clampedInt(offset.x, limit: limit), dy = clampedInt(offset.y, limit: limit)
        // The blur is needed only where the fill writes: the target within the clip and window, moved back.
        let written = target.bounds.intersection(clip.writable)
        var alpha = group.blurredAlpha(of: group.bounds, sigma: sigma,
                                       within: IntRect(x: written.x - dx, y: written.y - dy, width: written.width, height: written.height))
        alpha.bounds = IntRect(x: alpha.bounds.x + dx, y: alpha.bounds.y + dy, width: alpha.bounds.width, height: alpha.bounds.height)
        if let cover { alpha.clear(whereOpaque: cover) }
        let color = premultiplied(layer.shadowColor, opacity: layer.shadowOpacity * opacity)
        target.fill(alpha, paint: .solid(color), clip: clip)
    }

    /// How far a layer's shadow reaches from what casts it: the offset, and the growth on every side (the
    /// blur, and the offset's rounding to whole pixels).
    static func shadowReach(layer: Layer, map: ProjectiveTransform) -> (offset: Point, grow: Double) {
        let (offset, stretch) = shadowGeometry(layer: layer, map: map)
        return (offset, 3 * layer.shadowRadius * stretch + 2)
    }

    /// The device pixels a backdrop effect reads: the layer's bounds grown by the blur (what `drawBackdrop`
    /// crops).
    static func backdropReach(_ effect: BackdropEffect, layer: Layer, map: ProjectiveTransform) -> Rect {
        let covered = projectedBounds(layer.bounds, map: map)
        // One pixel more than the crop: the layer's bounds are rounded out to whole pixels there.
        let grow = backdropBlur(effect, layer: layer, map: map).reach.map { Double($0) + 1 } ?? .infinity
        return covered.insetBy(dx: -grow, dy: -grow)
    }

    /// A backdrop's blur in device pixels (σ at the layer's anchor) and how many pixels beyond the layer it
    /// reads (3σ and one); no reach for a blur that is not finite (then nothing is read).
    static func backdropBlur(_ effect: BackdropEffect, layer: Layer, map: ProjectiveTransform) -> (sigma: Double, reach: Int?) {
        let sigma = max(0, effect.blurRadius) * map.maxStretch(at: layer.anchorInBounds) / 2.0.squareRoot()
        guard sigma.isFinite else { return (sigma, nil) }
        return (sigma, Int(min(Double(IntRect.coordinateLimit), (3 * sigma).rounded(.up))) + 1)
    }

    private static func shadowGeometry(layer: Layer, map: ProjectiveTransform) -> (offset: Point, stretch: Double) {
        let a = layer.anchorInBounds
        let here = map.apply(a)
        let there = map.apply(a + layer.shadowOffset)
        return (there - here, map.maxStretch(at: a) / 2.0.squareRoot())
    }

    /// Device pixels whose content can cast shadow into `visible`: the visible area grown by the blur and
    /// shifted back by the offset.
    private func shadowSourceArea(_ visible: IntRect, layer: Layer, map: ProjectiveTransform) -> Rect {
        let (offset, stretch) = Self.shadowGeometry(layer: layer, map: map)
        let grow = 3 * layer.shadowRadius * stretch + 4
        return Rect(Double(visible.x), Double(visible.y), Double(visible.width), Double(visible.height))
            .offsetBy(dx: -offset.x, dy: -offset.y).insetBy(dx: -grow, dy: -grow)
    }

    // MARK: Bounds

    /// Device-space bounds of everything a layer and its sublayers draw.
    public static func deviceBounds(_ layer: Layer, superMap: ProjectiveTransform, superSublayer: Transform3D, includeShadow: Bool = true) -> Rect {
        guard !layer.isHidden, layer.opacity > 0 else { return .null }
        let level = levelMap(of: layer, superSublayer: superSublayer)
        if !layer.isDoubleSided && showsBackFace(level: level) { return .null }
        let map = level.concatenating(superMap)
        let own = projectedBounds(layer.bounds, map: map)
        var box = Rect.null
        // A backdrop draws over its own bounds.
        if (layer.backgroundColor?.isVisible ?? false) || (layer.borderWidth > 0 && layer.borderColor.isVisible) || layer.backdrop != nil {
            box = own
        }
        if case .snapshot = layer.contents {
            box = own
        } else if case .image(let picture) = layer.contents {
            let place = placement(of: picture, in: layer)
            box = layer.masksToBounds ? own : own.union(projectedBounds(place, map: map))
        } else if case .shapes(let shapes) = layer.contents {
            // Shapes are not clipped to the bounds: their own extent counts.
            for shape in shapes where shape.fill.isVisible {
                let local = shape.path.controlBounds
                if !local.isNull { box = box.union(projectedBounds(local, map: map)) }
            }
        } else if let contents = layer.contents {
            // Glyphs may overhang the bounds (UILabel does not clip): allow a margin of the point size.
            let size: Double
            switch contents {
            case .text(let t): size = t.size
            case .glyph(let g): size = g.size
            case .gradient, .shapes, .snapshot, .image: size = 0
            }
            box = box.union(projectedBounds(layer.bounds.insetBy(dx: -size, dy: -size), map: map))
        }
        let sub = layer.sublayerTransformAboutAnchor
        var children = Rect.null
        for s in layer.sublayers { children = children.union(deviceBounds(s, superMap: map, superSublayer: sub)) }
        if layer.masksToBounds { children = children.intersection(own) }
        box = box.union(children)
        if includeShadow && layer.hasVisibleShadow && !box.isNull { box = withShadow(box, layer: layer, map: map) }
        return box
    }

    /// `box` (device pixels) and the shadow it casts there: moved by the shadow's offset, grown by its reach.
    static func withShadow(_ box: Rect, layer: Layer, map: ProjectiveTransform) -> Rect {
        let (offset, grow) = shadowReach(layer: layer, map: map)
        return box.union(box.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -grow, dy: -grow))
    }

    static func projectedBounds(_ r: Rect, map: ProjectiveTransform) -> Rect {
        // All four corners in front of the eye: the image is the quadrilateral of the projected corners, the
        // points `deviceContours` would give (same arithmetic), without building a path.
        if !r.isNull {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            var inFront = true
            for c in r.corners {
                let h = map.applyHomogeneous(c)
                guard h.w >= 1e-5, h.x.isFinite, h.y.isFinite else { inFront = false; break }
                let x = h.x / h.w, y = h.y / h.w
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            if inFront && minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite {
                return Rect(minX, minY, maxX - minX, maxY - minY)
            }
        }
        return Rect.bounding(contours: Path.rect(r).deviceContours(through: map))
    }
}

func premultiplied(_ c: Color, opacity: Double) -> PremultipliedColor {
    PremultipliedColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
}
