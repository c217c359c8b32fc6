import SceneSchema

/// The parameter tables of docs/*-scene.md, made from the kinds' declarations. A table sits between
/// `<!-- parameters: KIND [KEY …] -->` and `<!-- end parameters -->`; everything around it is written by hand.
public enum SceneDocs {
    /// The table of a kind's keys, or of the keys inside one of them (`path` ["trailing"], ["timeline"]).
    public static func table(for kind: AnyPreviewKind, path: [String] = []) -> String? {
        var parameters = kind.parameters
        for key in path {
            guard let p = parameters.first(where: { $0.key == key }), !p.children.isEmpty else { return nil }
            parameters = p.children
        }
        var rows: [String] = []
        var marksOwner = false
        // The preview's own keys are marked (the designer's Swift export leaves them out); an object's keys
        // are their top-level key's.
        func add(_ p: Parameter, prefix: String, owner: KeyOwner) {
            let plain = p.defaultIsNote || p.defaultText.isEmpty || p.defaultText == "required" || p.defaultText == "—"
            let value = plain ? p.defaultText : "`\(p.defaultText)`"
            let meaning = owner == .preview ? (p.doc.isEmpty ? "*preview*" : "*preview:* " + p.doc) : p.doc
            marksOwner = marksOwner || owner == .preview
            let cells = ["`\(prefix + p.key)`", p.summary, p.unit ?? "", value, meaning]
            rows.append("| " + cells.map(escape).joined(separator: " | ") + " |")
            if p.inline { for c in p.children { add(c, prefix: prefix + p.key + ".", owner: owner) } }
        }
        // A table of one key's own keys (`path`) is marked where that key's row is, not row by row.
        for p in parameters { add(p, prefix: "", owner: path.isEmpty ? p.owner : .library) }
        let meaning = marksOwner ? "meaning (*preview*: the preview's own key, not the library's)" : "meaning"
        return (["| key | type | unit | default | \(meaning) |", "|---|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The markdown with every marked table made anew; nil when a marker is unknown or unclosed.
    public static func updated(_ markdown: String, kinds: PreviewKinds) -> String? {
        var out: [Substring] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix(open) else { continue }
            let words = line.dropFirst(open.count).dropLast(close.count).split(separator: " ").map(String.init)
            guard line.hasSuffix(close), let name = words.first, let kind = kinds.named(name),
                  let table = table(for: kind, path: Array(words.dropFirst())),
                  let end = lines.firstIndex(where: { $0 == endMarker }) else { return nil }
            out.append(Substring(table))
            lines = lines[end...]
        }
        return out.joined(separator: "\n")
    }

    static let open = "<!-- parameters: ", close = " -->", endMarker = "<!-- end parameters -->"

    /// Table cells may hold `|`, which would split them.
    private static func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
