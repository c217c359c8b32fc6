import Geometry
import LayerTree

/// Writes a scene as "layers" JSON that `SceneLoader` reads back to an equal `LayerScene`.
///
/// The output is deterministic: 2-space indent, keys in a fixed order, only properties that differ from
/// the `Layer` defaults, number arrays on one line, and numbers in their shortest exact form.
/// Round trips are exact for scenes the loader accepts; colors are written as 8-bit hex, so a `Color`
/// that is not a multiple of 1/255 comes back rounded, and non-finite numbers are written as `null`
/// (which the loader rejects).
public enum SceneWriter {
    public static func json(_ scene: LayerScene) -> String {
        var canvas: [(String, Node)] = [
            ("width", .number(scene.canvas.width)),
            ("height", .number(scene.canvas.height)),
        ]
        let defaults = Canvas(width: 0, height: 0)
        if scene.canvas.scale != defaults.scale { canvas.append(("scale", .number(scene.canvas.scale))) }
        if scene.canvas.background != defaults.background {
            canvas.append(("background", .string(scene.canvas.background.hex)))
        }
        let document = Node.object([
            ("kind", .string("layers")),
            ("canvas", .object(canvas)),
            ("root", node(scene.root)),
        ])
        var out = ""
        document.write(to: &out, indent: 0)
        return out
    }

    static func node(_ layer: Layer) -> Node {
        let d = Layer()
        var m: [(String, Node)] = []
        func numbers(_ values: [Double]) -> Node { .array(values.map { .number($0) }) }
        func point(_ p: Point) -> Node { numbers([p.x, p.y]) }

        if let name = layer.name { m.append(("name", .string(name))) }
        if layer.bounds != d.bounds {
            let b = layer.bounds
            m.append(("bounds", numbers([b.origin.x, b.origin.y, b.size.width, b.size.height])))
        }
        if layer.position != d.position { m.append(("position", point(layer.position))) }
        if layer.anchorPoint != d.anchorPoint { m.append(("anchorPoint", point(layer.anchorPoint))) }
        if layer.zPosition != d.zPosition { m.append(("zPosition", .number(layer.zPosition))) }
        if layer.transform != d.transform { m.append(("transform", numbers(layer.transform.values))) }
        if layer.sublayerTransform != d.sublayerTransform {
            m.append(("sublayerTransform", numbers(layer.sublayerTransform.values)))
        }
        if layer.opacity != d.opacity { m.append(("opacity", .number(layer.opacity))) }
        if layer.isHidden != d.isHidden { m.append(("hidden", .bool(layer.isHidden))) }
        if let color = layer.backgroundColor { m.append(("backgroundColor", .string(color.hex))) }
        if layer.cornerRadius != d.cornerRadius { m.append(("cornerRadius", .number(layer.cornerRadius))) }
        if layer.masksToBounds != d.masksToBounds { m.append(("masksToBounds", .bool(layer.masksToBounds))) }
        if layer.borderWidth != d.borderWidth { m.append(("borderWidth", .number(layer.borderWidth))) }
        if layer.borderColor != d.borderColor { m.append(("borderColor", .string(layer.borderColor.hex))) }
        if layer.shadowColor != d.shadowColor { m.append(("shadowColor", .string(layer.shadowColor.hex))) }
        if layer.shadowOpacity != d.shadowOpacity { m.append(("shadowOpacity", .number(layer.shadowOpacity))) }
        if layer.shadowRadius != d.shadowRadius { m.append(("shadowRadius", .number(layer.shadowRadius))) }
        if layer.shadowOffset != d.shadowOffset { m.append(("shadowOffset", point(layer.shadowOffset))) }
        if let contents = layer.contents { m.append(("contents", node(contents))) }
        if !layer.sublayers.isEmpty { m.append(("sublayers", .array(layer.sublayers.map(node)))) }
        return .object(m)
    }

    static func node(_ contents: LayerContents) -> Node {
        switch contents {
        case .text(let t):
            let d = TextContents("")
            var m: [(String, Node)] = [("string", .string(t.string))]
            if t.font != d.font { m.append(("font", .string(t.font))) }
            if t.weight != d.weight { m.append(("weight", .string(t.weight.rawValue))) }
            if t.italic != d.italic { m.append(("italic", .bool(t.italic))) }
            if t.size != d.size { m.append(("size", .number(t.size))) }
            if t.color != d.color { m.append(("color", .string(t.color.hex))) }
            if t.alignment != d.alignment { m.append(("alignment", .string(t.alignment.rawValue))) }
            if t.lineLimit != d.lineLimit { m.append(("lineLimit", .number(Double(t.lineLimit)))) }
            if let h = t.lineHeight { m.append(("lineHeight", .number(h))) }
            switch t.verticalAlignment {
            case .center: break
            case .top: m.append(("verticalAlignment", .string("top")))
            case .firstBaseline(let b):
                m.append(("verticalAlignment", .string("firstBaseline")))
                m.append(("baseline", .number(b)))
            }
            return .object([("text", .object(m))])
        case .glyph(let g):
            let d = GlyphContents(g.icon)
            var m: [(String, Node)] = [("name", .string(g.icon.rawValue))]
            if g.size != d.size { m.append(("size", .number(g.size))) }
            if g.color != d.color { m.append(("color", .string(g.color.hex))) }
            return .object([("glyph", .object(m))])
        case .gradient(let g):
            let d = LinearGradient(colors: [])
            var m: [(String, Node)] = [("colors", .array(g.colors.map { .string($0.hex) }))]
            if let locations = g.locations { m.append(("locations", .array(locations.map { .number($0) }))) }
            if g.startPoint != d.startPoint { m.append(("startPoint", .array([.number(g.startPoint.x), .number(g.startPoint.y)]))) }
            if g.endPoint != d.endPoint { m.append(("endPoint", .array([.number(g.endPoint.x), .number(g.endPoint.y)]))) }
            return .object([("gradient", .object(m))])
        }
    }

    /// Output tree: ordered members, no positions.
    indirect enum Node {
        case object([(String, Node)])
        case array([Node])
        case string(String)
        case number(Double)
        case bool(Bool)

        var isContainer: Bool {
            switch self {
            case .object, .array: true
            default: false
            }
        }

        func write(to out: inout String, indent: Int) {
            let pad = String(repeating: "  ", count: indent + 1)
            let closePad = String(repeating: "  ", count: indent)
            switch self {
            case .object(let members):
                if members.isEmpty { out += "{}"; return }
                out += "{\n"
                for (i, (key, value)) in members.enumerated() {
                    out += pad + quoted(key) + ": "
                    value.write(to: &out, indent: indent + 1)
                    out += i == members.count - 1 ? "\n" : ",\n"
                }
                out += closePad + "}"
            case .array(let items):
                if items.isEmpty { out += "[]"; return }
                // Scalars stay on one line so points, rects and matrices read as a unit.
                if !items.contains(where: \.isContainer) {
                    out += "["
                    for (i, item) in items.enumerated() {
                        if i > 0 { out += ", " }
                        item.write(to: &out, indent: indent)
                    }
                    out += "]"
                    return
                }
                out += "[\n"
                for (i, item) in items.enumerated() {
                    out += pad
                    item.write(to: &out, indent: indent + 1)
                    out += i == items.count - 1 ? "\n" : ",\n"
                }
                out += closePad + "]"
            case .string(let s): out += quoted(s)
            case .number(let n): out += n.isFinite ? formatNumber(n) : "null"
            case .bool(let b): out += b ? "true" : "false"
            }
        }
    }
}
