import LayerTree
import BuiltInKinds
import SceneFormat
import SceneSchema

/// A kind's parameters as the page's controls: every declared key, objects' keys under dotted names (as `--set`
/// spells them), each with its control, default, unit, meaning and the value the scene file gives it. Made
/// from the kinds' declarations only, so a new kind gets its page without a change here.
enum Controls {
    static func describe(_ scene: PreviewService.LoadedScene, source: String, kinds: PreviewKinds = .builtIn) -> JSONNode {
        let file = try? JSONParser.parse(source)
        // What every key is, those the file leaves to a default or a preset included ("scale": "cylinder"
        // gives the cylinder's minScale, not the declared default).
        let explicit = try? JSONParser.parse(scene.document.explicitNode().text())
        let kind = kinds.named(scene.document.kind)
        var controls: [JSONNode] = []
        // `owner`: the top-level key's (an object's keys are its owner's).
        func add(_ p: Parameter, prefix: String, group: String?, owner: KeyOwner) {
            let key = prefix + p.key
            // An object gets a control per key (`--set` reaches them by dotted keys); lists (`[…]`) and keyed
            // forms (`{"drag": …} | …`) are edited whole, as JSON.
            if !p.children.isEmpty && p.control == .json && !p.summary.hasPrefix("[") && !p.summary.hasPrefix("{\"")
                && !p.summary.contains(" or [") {
                for c in p.children { add(c, prefix: key + ".", group: group ?? p.key, owner: owner) }
                return
            }
            var m: [JSONNode.Member] = [.init("key", .string(key)), .init("label", .string(p.key)), .init("type", .string(p.summary))]
            if let group { m.append(.init("group", .string(group))) }
            if owner == .preview { m.append(.init("owner", .string("preview"))) }
            if let unit = p.unit { m.append(.init("unit", .string(unit))) }
            m.append(.init("default", .string(p.defaultText)))
            // The default as a value when it is one (not a note such as "the script's end").
            if !p.defaultIsNote, let v = try? JSONParser.parse(p.defaultText) { m.append(.init("defaultValue", node(v))) }
            m.append(.init("control", control(p.control)))
            if !p.doc.isEmpty { m.append(.init("doc", .string(p.doc))) }
            if p.defaultText == "required" { m.append(.init("required", .bool(true))) }
            if let v = file.flatMap({ lookup($0, key.split(separator: ".").map(String.init)) }) {
                m.append(.init("value", node(v)))
            } else if let v = explicit.flatMap({ lookup($0, key.split(separator: ".").map(String.init)) }) {
                m.append(.init("value", node(v)))
                m.append(.init("inFile", .bool(false)))
            }
            controls.append(.object(m))
        }
        for p in kind?.parameters ?? [] { add(p, prefix: "", group: nil, owner: p.owner) }
        let frames = scene.frames
        let canvas = frames.canvas
        return .object([
            .init("name", .string(scene.name)),
            .init("path", .string(scene.path)),
            .init("kind", .string(scene.document.kind)),
            .init("summary", .string(kind?.summary ?? "")),
            .init("pixelWidth", .number(Double(canvas.pixelWidth))),
            .init("pixelHeight", .number(Double(canvas.pixelHeight))),
            .init("still", .bool(frames.isStill)),
            .init("frames", .number(Double(frames.count))),
            .init("framesPerSecond", .number(frames.isStill ? 0 : 1 / frames.frameDuration)),
            .init("duration", .number(frames.duration)),
            .init("receiver", .string(CodeExport.receiver(of: scene.document.kind))),
            .init("parameters", .array(controls)),
        ])
    }

    static func control(_ c: Control) -> JSONNode {
        switch c {
        case .number(let rule):
            var m: [JSONNode.Member] = [.init("kind", .string("number"))]
            if let lo = rule.minimum { m.append(.init(rule.minimumIsExclusive ? "above" : "min", .number(lo))) }
            if let hi = rule.maximum { m.append(.init(rule.maximumIsExclusive ? "below" : "max", .number(hi))) }
            return .object(m)
        case .integer: return .object([.init("kind", .string("integer")), .init("min", .number(0))])
        case .toggle: return .object([.init("kind", .string("toggle"))])
        case .choice(let names): return .object([.init("kind", .string("choice")), .init("choices", .array(names.map { .string($0) }))])
        case .color: return .object([.init("kind", .string("color"))])
        case .text: return .object([.init("kind", .string("text"))])
        case .numbers(let labels): return .object([.init("kind", .string("numbers")), .init("labels", .array(labels.map { .string($0) }))])
        case .json: return .object([.init("kind", .string("json"))])
        }
    }

    /// The value at a dotted key path of the scene file, if the file gives it.
    static func lookup(_ v: JSONValue, _ keys: [String]) -> JSONValue? {
        guard let key = keys.first else { return v }
        // A value given by name ("scale": "cylinder") is {"like": "cylinder"}, as `--set` reads it.
        if case .string = v.kind, key == "like", keys.count == 1 { return v }
        guard case .object(let members) = v.kind, let m = members.last(where: { $0.key == key }) else { return nil }
        return lookup(m.value, Array(keys.dropFirst()))
    }

    static func node(_ v: JSONValue) -> JSONNode {
        switch v.kind {
        case .object(let members): .object(members.map { .init($0.key, node($0.value)) })
        case .array(let items): .array(items.map(node))
        case .string(let s): .string(s)
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        case .null: .null
        }
    }
}
