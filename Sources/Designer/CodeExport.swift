import Foundation
import LayerTree
import BuiltInKinds
import SceneFormat
import SceneSchema

/// The Swift a developer pastes to get what the designer shows, in the manner of CollectionViewPagingLayout's
/// Layout Designer: one assignment an edited key (`flowView.eyePosition = 300`). The property is the scene's
/// key, which the kinds name after the library's property where it has one; the literal follows the key's
/// declared control (a choice is an enum case, a color a UIColor, [w, h] a CGSize).
public enum CodeExport {
    /// The object a kind's keys belong to in the demo apps; a kind not listed here gets `<kind>View`.
    static let receivers = ["flow": "flowView", "swipe": "options", "layers": "layer", "paging": ""]

    /// Top-level keys whose value is a library type of its own: CollectionViewPagingLayout's cells hold their
    /// options in `scaleOptions` / `stackOptions` / `snapshotOptions` (ScaleTransformView, StackTransformView,
    /// SnapshotTransformView).
    static let propertyNames = ["paging": ["scale": "scaleOptions", "stack": "stackOptions", "snapshot": "snapshotOptions"]]

    /// The kind's name in camel case (Swift has no `-` in a name): `paging-custom` is `pagingCustomView`.
    public static func receiver(of kind: String) -> String {
        if let name = receivers[kind] { return name }
        let words = kind.split(separator: "-")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "View"
    }

    /// The Swift path of a key: renamed where the library names it otherwise, `?.` after optional values
    /// (`scaleOptions.rotation3d?.angle`).
    static func swiftPath(_ keys: [String], kind: String, parameters: [Parameter]) -> String {
        var out = ""
        var level = parameters
        for (i, key) in keys.enumerated() {
            let name = i == 0 ? (propertyNames[kind]?[key] ?? key) : key
            out += (out.isEmpty ? "" : ".") + name
            guard let p = level.first(where: { $0.key == key }) else { level = []; continue }
            // The top-level key is the cell's own property, always set; values inside it may be nil.
            if i > 0 && i < keys.count - 1 && p.summary.hasSuffix(" or null") { out += "?" }
            level = p.children
        }
        return out
    }

    /// One line an override, the last one given for a key winning (as the scene sees them). Keys the preview
    /// owns (its canvas, screen and script: `KeyOwner.preview`) are no library's properties: one comment names them.
    public static func swift(kind: String, overrides: [SceneOverride], kinds: PreviewKinds = .builtIn) -> String {
        let parameters = kinds.named(kind)?.parameters ?? []
        var seen: [String: String] = [:]
        var order: [String] = []
        for o in overrides {
            if seen[o.keyPath] == nil { order.append(o.keyPath) }
            seen[o.keyPath] = o.value
        }
        let owner = receiver(of: kind)
        var lines: [String] = [], previewKeys: [String] = []
        for key in order {
            let value = seen[key]!
            let keys = key.split(separator: ".").map(String.init)
            if parameter(Array(keys.prefix(1)), in: parameters)?.owner == .preview {
                previewKeys.append(key)
                continue
            }
            let control = parameter(keys, in: parameters)?.control ?? .json
            let path = (owner.isEmpty ? "" : owner + ".") + swiftPath(keys, kind: kind, parameters: parameters)
            guard let literal = literal(value, control) else {
                lines.append("// \(path): \(value) (edit the scene: no Swift literal for it)")
                continue
            }
            lines.append("\(path) = \(literal)")
        }
        if !previewKeys.isEmpty {
            lines.append("// The preview's own, not the library's (edit the scene): " + previewKeys.joined(separator: ", "))
        }
        return lines.isEmpty ? "// no edits: the scene as written\n" : lines.joined(separator: "\n") + "\n"
    }

    static func parameter(_ keys: [String], in parameters: [Parameter]) -> Parameter? {
        guard let key = keys.first, let p = parameters.first(where: { $0.key == key }) else { return nil }
        return keys.count == 1 ? p : parameter(Array(keys.dropFirst()), in: p.children)
    }

    static func literal(_ text: String, _ control: Control) -> String? {
        let value = (try? JSONParser.parse(text))?.kind ?? .string(text)
        if case .null = value { return "nil" }
        switch (control, value) {
        case (.number, .number(let n)), (.integer, .number(let n)):
            return formatNumber(n)
        case (.toggle, .bool(let b)):
            return b ? "true" : "false"
        case (.choice, .string(let s)):
            return "." + s
        case (.text, .string(let s)):
            return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case (.color, .string(let s)):
            guard let c = Color(hex: s) else { return nil }
            func f(_ v: Double) -> String { formatNumber((v * 1000).rounded() / 1000) }
            return "UIColor(red: \(f(c.red)), green: \(f(c.green)), blue: \(f(c.blue)), alpha: \(f(c.alpha)))"
        case (.numbers(let labels), .array(let items)):
            let numbers = items.compactMap { item -> String? in if case .number(let n) = item.kind { return formatNumber(n) } else { return nil } }
            guard numbers.count == labels.count else { return nil }
            switch labels {
            case ["w", "h"]: return "CGSize(width: \(numbers[0]), height: \(numbers[1]))"
            case ["x", "y"]: return "CGPoint(x: \(numbers[0]), y: \(numbers[1]))"
            case ["x", "y", "z"]: return "(\(numbers[0]), \(numbers[1]), \(numbers[2]))"
            case ["x", "y", "w", "h"]: return "CGRect(x: \(numbers[0]), y: \(numbers[1]), width: \(numbers[2]), height: \(numbers[3]))"
            default: return "[" + numbers.joined(separator: ", ") + "]"
            }
        default:
            return nil
        }
    }
}
