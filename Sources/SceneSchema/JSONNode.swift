/// JSON to write: ordered members, no positions. Output is deterministic: 2-space indent, keys in the
/// order given, numbers in their shortest exact form.
public indirect enum JSONNode: Hashable, Sendable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONNode
        public init(_ key: String, _ value: JSONNode) { self.key = key; self.value = value }
    }

    /// How containers are laid out.
    public enum Layout: Sendable {
        /// Every object on its own lines; arrays of scalars on one line (the `tree` output).
        case expanded
        /// Also small objects and arrays of them on one line when they fit, so a scene reads like a script.
        case compact(width: Int)

        /// How scenes and other files people read are written: lines up to the width of the docs' code blocks.
        public static let readable = Layout.compact(width: 116)
    }

    public static func numbers(_ values: [Double]) -> JSONNode { .array(values.map { .number($0) }) }

    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    public func text(_ layout: Layout = .expanded) -> String {
        var out = ""
        write(to: &out, indent: 0, layout: layout, column: 0)
        return out
    }

    /// The value on one line, if it has no objects holding containers of containers (a step, a point, an action).
    func inline() -> String {
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{" + members.map { quoted($0.key) + ": " + $0.value.inline() }.joined(separator: ", ") + "}"
        case .array(let items): return "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
        case .string(let s): return quoted(s)
        case .number(let n): return n.isFinite ? formatNumber(n) : "null"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Nesting depth of containers: a point is 1, a step holding a point 2.
    var depth: Int {
        switch self {
        case .object(let m): 1 + (m.map(\.value.depth).max() ?? 0)
        case .array(let a): 1 + (a.map(\.depth).max() ?? 0)
        default: 0
        }
    }

    func write(to out: inout String, indent: Int, layout: Layout, column: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if case .compact(let width) = layout, indent > 0, depth <= 3 {
                let line = inline()
                if column + line.count <= width { out += line; return }
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                let head = pad + quoted(m.key) + ": "
                out += head
                m.value.write(to: &out, indent: indent + 1, layout: layout, column: head.count)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "}"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Scalars stay on one line so points, rects and matrices read as a unit.
            if !items.contains(where: \.isContainer) { out += inline(); return }
            if case .compact(let width) = layout, depth <= 2 {
                let line = inline()
                if column + line.count <= width { out += line; return }
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1, layout: layout, column: pad.count)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "]"
        default:
            out += inline()
        }
    }
}
