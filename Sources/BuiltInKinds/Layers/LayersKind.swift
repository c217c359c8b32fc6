import Foundation
import RenderPreviewsKindKit

/// `"kind": "layers"`: one still frame, a layer tree written out in full (docs/layers-scene.md). `tree`
/// writes every other kind's frames in this form.
public enum LayersKind: PreviewKind {
    public static let name = "layers"
    public static let summary = "a still layer tree (Core Animation semantics), rendered to PNG"

    /// Deepest sublayer nesting accepted below the root layer.
    public static let maxSublayerDepth = 64

    public struct Settings: PreviewSettings {
        public var canvas: Canvas
        public var root: Layer
        public var snapshots: [String: Layer] = [:]
    }

    public static let defaults = Settings(canvas: Canvas(width: 0, height: 0), root: Layer())

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas, required: true, owner: .preview, doc: "size in points, pixels per point and background"),
        Field("root", \.root, layerType, required: true, doc: "the root layer"),
        Field("snapshots", \.snapshots, snapshotsType, default: "none",
              doc: "named layers drawn once into images at the canvas scale, shown by `contents: {\"snapshot\": name}` (below)"),
    ], check: { s, object, d in
        // Every snapshot a layer shows must be one of the scene's.
        func visit(_ layer: JSONValue, _ path: String) throws {
            guard case .object(let members) = layer.kind else { return }
            for m in members {
                if m.key == "contents", case .object(let contents) = m.value.kind,
                   let named = contents.first(where: { $0.key == "snapshot" }), case .string(let name) = named.value.kind,
                   s.snapshots[name] == nil {
                    let known = s.snapshots.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    throw d.error(named.value, path + ".contents.snapshot",
                                  "expected the name of one of the scene's snapshots (\(known.isEmpty ? "it has none" : known)), found \"\(name)\"")
                }
                if m.key == "sublayers", case .array(let items) = m.value.kind {
                    for (i, item) in items.enumerated() { try visit(item, path + ".sublayers[\(i)]") }
                }
            }
        }
        if let root = object.member("root") { try visit(root.value, d.child(object.path, "root")) }
        if let list = object.member("snapshots"), case .array(let items) = list.value.kind {
            for (i, item) in items.enumerated() { try visit(item, d.child(object.path, "snapshots") + "[\(i)]") }
        }
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        Still(scene: LayerScene(canvas: settings.canvas, root: settings.root, snapshots: settings.snapshots))
    }

    struct Still: PreviewAnimation {
        let scene: LayerScene
        var canvas: Canvas { scene.canvas }
        var framesPerSecond: Double { 1 }
        var duration: Double { 0 }
        var isStill: Bool { true }
        func frame(at time: Double) -> LayerScene { scene }
    }

    // MARK: Layers

    static let backdropSchema = Schema<BackdropEffect>([
        Field("blurRadius", \.blurRadius, .number(NumberRule(minimum: 0, maximum: 1000, expectation: "a radius in 0...1000 points")),
              unit: "pt", doc: "Gaussian σ of the blur"),
        Field("saturation", \.saturation, .number(NumberRule(minimum: 0, maximum: 100, expectation: "a factor in 0...100")),
              doc: "1 keeps colours; 0 is grey"),
        Field("tint", \.tint, .color, doc: "laid over the filtered backdrop"),
    ])

    static let layerType: ValueType<Layer> = ValueType(
        summary: "layer", control: .json, nested: layerSchema.parameters(defaults: Layer()),
        decode: { v, p, d in
            if d.depth > maxSublayerDepth {
                throw d.error(v, p, "layers are nested more than \(maxSublayerDepth) levels deep")
            }
            var layer = Layer()
            try layerSchema.decode(v, p, d, into: &layer)
            return layer
        },
        encode: { layerSchema.encode($0, defaults: Layer()) })

    /// Snapshot sources as a list of named layers (written sorted by name); a name may be used once.
    static let snapshotsType: ValueType<[String: Layer]> = ValueType<[Layer]>.array(layerType).map(
        summary: "[layer with a name]",
        to: { layers, v, p, d in
            let items = try d.array(v, p)
            var table: [String: Layer] = [:]
            for (i, layer) in layers.enumerated() {
                guard let name = layer.name, !name.isEmpty else {
                    throw d.error(items[i], p + "[\(i)]", "expected a snapshot with a 'name' (what contents {\"snapshot\": name} refer to)")
                }
                guard table[name] == nil else {
                    var at = items[i]
                    if case .object(let members) = at.kind, let m = members.first(where: { $0.key == "name" }) { at = m.value }
                    throw d.error(at, p + "[\(i)].name", "expected each snapshot name once, found \"\(name)\" again")
                }
                table[name] = layer
            }
            return table
        },
        from: { table in table.keys.sorted().map { name in var layer = table[name]!; layer.name = name; return layer } })

    /// Sublayers are decoded one level deeper, so hostile nesting is refused before the stack is.
    static let sublayersType: ValueType<[Layer]> = {
        let element = ValueType<Layer>.deferred(summary: "layer") { layerType }
        let list = ValueType<[Layer]>.array(element)
        return ValueType<[Layer]>(summary: "[layer]", control: .json,
                                  decode: { v, p, d in
                                      var deeper = d
                                      deeper.depth += 1
                                      return try list.decode(v, p, deeper)
                                  },
                                  encode: list.encode)
    }()

    static let layerSchema = Schema<Layer>([
        Field("name", \.name, .optional(.string), doc: "used by `tree` and by tests to find a layer"),
        .readOnly("frame", .rect, doc: "shorthand for `bounds` [0, 0, w, h] and `position` at the frame's centre; not with `bounds` or `position`") { layer, frame in
            // Same arithmetic as Layer(frame:), so both spellings give equal layers.
            let placed = Layer(frame: frame)
            layer.bounds = placed.bounds
            layer.position = placed.position
        },
        Field("bounds", \.bounds, .rect, unit: "pt", doc: "the layer's own coordinate space; a non-zero origin scrolls the sublayers"),
        Field("position", \.position, .point(), unit: "pt", doc: "where the anchor point sits in the superlayer's bounds space"),
        Field("anchorPoint", \.anchorPoint, .point(), doc: "unit coordinates of the bounds about which `transform` applies"),
        Field("zPosition", \.zPosition, .number(), unit: "pt", doc: "drawing order among siblings (ascending, ties in array order), and depth for the superlayer's perspective"),
        Field("transform", \.transform, .transform, doc: "CATransform3D m11 m12 m13 m14 m21 … m44, row-vector convention, about the anchor point"),
        Field("sublayerTransform", \.sublayerTransform, .transform, doc: "applied to all sublayers, about this layer's anchor point"),
        Field("opacity", \.opacity, .number(.unit), doc: "group opacity: the layer and its sublayers are composited, then faded"),
        Field("hidden", \.isHidden, .bool, doc: "draws nothing, sublayers included"),
        // Keys are CALayer's property names (its key paths), not the Swift getters: `hidden` for isHidden,
        // `doubleSided` for isDoubleSided, as iOS code animates them (CABasicAnimation(keyPath: "doubleSided")).
        Field("doubleSided", \.isDoubleSided, .bool, doc: "false: not drawn, sublayers included, while its back faces the viewer of the superlayer's plane (see below)"),
        Field("backgroundColor", \.backgroundColor, .optional(.color), doc: "fills the (rounded) bounds"),
        Field("cornerRadius", \.cornerRadius, .number(.nonNegative), unit: "pt", doc: "circular corners, clamped to half the shorter side"),
        Field("masksToBounds", \.masksToBounds, .bool, doc: "clips sublayers to the rounded bounds (and, as on iOS, hides the shadow)"),
        Field("borderWidth", \.borderWidth, .number(.nonNegative), unit: "pt", doc: "drawn inside the bounds, above the sublayers"),
        Field("borderColor", \.borderColor, .color, doc: ""),
        Field("shadowColor", \.shadowColor, .color, doc: ""),
        Field("shadowOpacity", \.shadowOpacity, .number(.unit), doc: "the shadow is drawn only when this is above 0"),
        Field("shadowRadius", \.shadowRadius, .number(.nonNegative), unit: "pt", doc: "Gaussian blur, σ = shadowRadius points"),
        Field("shadowOffset", \.shadowOffset, .point(), unit: "pt", doc: "in the layer's own space"),
        Field("contents", \.contents, .optional(contentsType), doc: "text, an icon glyph, a gradient, vector shapes or a snapshot, drawn above the background and below the sublayers (below)"),
        Field("contentsRect", \.contentsRect, .rect, doc: "the part of a snapshot or an image shown, in unit coordinates of the image"),
        Field("contentsGravity", \.contentsGravity, .choice(), doc: "how an image is placed in the bounds, as CALayer.contentsGravity"),
        Field("contentsScale", \.contentsScale, .number(.positive), unit: "px/pt", doc: "an image's pixels per point, for the gravities that keep its size"),
        Field("backdrop", \.backdrop, .optional(.object(backdropSchema, defaults: BackdropEffect(blurRadius: 0),
                                                           summary: "{blurRadius, saturation, tint}")),
              doc: "filters what is drawn behind, within the rounded bounds, before the background (UIVisualEffectView)"),
        Field("sublayers", \.sublayers, sublayersType, doc: "at most 64 levels deep"),
    ], exclusive: [["frame", "bounds"], ["frame", "position"]])

    // MARK: Contents

    static let contentsType = ValueType<LayerContents>.oneOf([
        Form("text", textType, make: { .text($0) }, match: { if case .text(let t) = $0 { t } else { nil } }),
        Form("glyph", glyphType, make: { .glyph($0) }, match: { if case .glyph(let g) = $0 { g } else { nil } }),
        Form("gradient", gradientType, make: { .gradient($0) }, match: { if case .gradient(let g) = $0 { g } else { nil } }),
        Form("shapes", .array(shapeType), make: { .shapes($0) }, match: { if case .shapes(let s) = $0 { s } else { nil } }),
        Form("snapshot", .string, make: { .snapshot($0) }, match: { if case .snapshot(let n) = $0 { n } else { nil } }),
        Form("image", imageType, make: { .image($0) }, match: { if case .image(let i) = $0 { i } else { nil } }),
    ], expected: "an object with one key, \"text\", \"glyph\", \"gradient\", \"shapes\", \"snapshot\" or \"image\"")

    /// A PNG file, its path relative to the scene file's folder, decoded once as the scene is read.
    static let imageType = ValueType<LayerImage>(
        summary: "path of a PNG file, relative to the scene", control: .text,
        decode: { value, path, d in
            let name = try d.string(value, path)
            let folder = (d.file as NSString).deletingLastPathComponent
            let file = name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            do {
                return try LayerImage(contentsOfFile: file, name: name)
            } catch {
                throw d.error(value, path, "expected a PNG image, found \(error)")
            }
        },
        encode: { .string($0.name) })

    /// Text as written: the vertical alignment and its baseline are two keys that must agree.
    struct TextDraft: Equatable, Sendable {
        var text = TextContents("")
        var vertical = VerticalName.center
        var baseline: Double?
    }

    enum VerticalName: String, CaseIterable, Sendable { case center, top, firstBaseline }

    static let textSchema = Schema<TextDraft>([
        Field("string", \.text.string, .string, required: true, doc: "the text; `\\n` starts a new paragraph"),
        Field("font", \.text.font, .string, doc: "family name among the fonts that travel with the package (Inter stands in for the iOS system font)"),
        Field("weight", \.text.weight, .choice(), doc: "the nearest weight the family has"),
        Field("italic", \.text.italic, .bool, doc: ""),
        Field("size", \.text.size, .number(.positive), unit: "pt", doc: ""),
        Field("color", \.text.color, .color, doc: ""),
        Field("alignment", \.text.alignment, .choice(), doc: "natural is left, or right for an Arabic or Hebrew paragraph"),
        Field("lineLimit", \.text.lineLimit, .integer, doc: "0 means no limit; text beyond the limit is cut at the tail with \"…\""),
        Field("lineHeight", \.text.lineHeight, .optional(.number(.positive)), unit: "pt", default: "the font's", doc: "distance between baselines; the extra space goes above the glyphs"),
        Field("verticalAlignment", \.vertical, .choice(), doc: "where the text block sits in the bounds"),
        Field("baseline", \.baseline, .optional(.number()), unit: "pt", doc: "with \"firstBaseline\": the first baseline's distance below the top of the bounds"),
    ], check: { draft, object, d in
        switch draft.vertical {
        case .top: draft.text.verticalAlignment = .top
        case .center:
            if draft.baseline != nil {
                throw d.error(object.position(of: "baseline"), d.child(object.path, "baseline"),
                              "'baseline' applies only with verticalAlignment \"firstBaseline\"")
            }
            draft.text.verticalAlignment = .center
        case .firstBaseline:
            guard let b = draft.baseline else {
                throw d.error(object.value, object.path,
                              "verticalAlignment \"firstBaseline\" needs 'baseline' (points from the top of the bounds)")
            }
            draft.text.verticalAlignment = .firstBaseline(b)
        }
    })

    static let textType = ValueType<TextDraft>.object(textSchema, defaults: TextDraft(), summary: "text").map(
        to: { draft, _, _, _ in draft.text },
        from: { text in
            var draft = TextDraft(text: text)
            switch text.verticalAlignment {
            case .center: draft.vertical = .center
            case .top: draft.vertical = .top
            case .firstBaseline(let b): draft.vertical = .firstBaseline; draft.baseline = b
            }
            return draft
        })

    static let glyphSchema = Schema<GlyphContents>([
        Field("name", \.icon, .choice(), required: true, doc: "Font Awesome 4.7 standing in for SF Symbols"),
        Field("size", \.size, .number(.positive), unit: "pt", doc: ""),
        Field("color", \.color, .color, doc: ""),
    ])

    static let glyphType = ValueType<GlyphContents>.object(glyphSchema, defaults: GlyphContents(.circle), summary: "glyph")

    static let gradientSchema = Schema<LinearGradient>([
        Field("colors", \.colors, .array(.color), default: "required", doc: "one or more"),
        Field("locations", \.locations, .optional(.array(.number(.unit))), doc: "ascending, one per color"),
        Field("startPoint", \.startPoint, .point(), doc: "unit coordinates"),
        Field("endPoint", \.endPoint, .point(), doc: "unit coordinates"),
    ], check: { g, object, d in
        guard !g.colors.isEmpty else { throw d.error(object.value, object.path, "missing required key 'colors' (one or more colors)") }
        if let locations = g.locations {
            let v = object.position(of: "locations"), p = d.child(object.path, "locations")
            guard locations.count == g.colors.count else {
                throw d.error(v, p, "expected \(g.colors.count) locations, one per color, found \(locations.count)")
            }
            guard zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw d.error(v, p, "expected ascending locations")
            }
        }
    })

    static let gradientType = ValueType<LinearGradient>.object(gradientSchema, defaults: LinearGradient(colors: []), summary: "gradient")

    /// SVG-like path data, absolute commands only (Path(data:)); written so that it reads back exactly.
    static let pathDataType = ValueType<Path>(
        summary: "path data \"M x y L x y Q … C … Z\"", control: .text,
        decode: { v, p, d in
            let text = try d.string(v, p)
            do {
                return try Path(data: text)
            } catch {
                throw d.error(v, p, "expected path data (absolute M, L, Q, C, Z), \(error)")
            }
        },
        encode: { .string($0.data) })

    static let shapeSchema = Schema<FilledShape>([
        Field("path", \.path, pathDataType, required: true, doc: "in the layer's own (bounds) coordinates, y down; numbers separated by spaces or commas"),
        Field("fill", \.fill, .color, doc: "strokes are written as filled outlines"),
        Field("rule", \.rule, .choice(), doc: "CAShapeLayer's fillRule"),
    ])

    static let shapeType = ValueType<FilledShape>.object(shapeSchema, defaults: FilledShape(path: Path(), fill: .black), summary: "shape")
}
