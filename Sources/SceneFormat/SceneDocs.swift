import SceneSchema

/// The parameter tables of docs/*-scene.md, made from the kinds' declarations. A table sits between
/// `<!-- parameters: KIND -->` and `<!-- end parameters -->`; everything around it is written by hand.
public enum SceneDocs {
    public static func table(for kind: AnyPreviewKind) -> String {
        var rows = ["| key | type | unit | default | meaning |", "|---|---|---|---|---|"]
        for p in kind.parameters {
            let cells = ["`\(p.key)`", p.summary, p.unit ?? "", p.defaultText == "required" ? "required" : "`\(p.defaultText)`", p.doc]
            rows.append("| " + cells.map(escape).joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    /// The markdown with every marked table made anew; nil when a marker is unknown or unclosed.
    public static func updated(_ markdown: String) -> String? {
        var out: [Substring] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix(open) else { continue }
            let name = line.dropFirst(open.count).dropLast(close.count).trimmingCharacters(in: .whitespaces)
            guard line.hasSuffix(close), let kind = SceneKinds.named(name),
                  let end = lines.firstIndex(where: { $0 == endMarker }) else { return nil }
            out.append(Substring(table(for: kind)))
            lines = lines[end...]
        }
        return out.joined(separator: "\n")
    }

    static let open = "<!-- parameters: ", close = " -->", endMarker = "<!-- end parameters -->"

    /// Table cells may hold `|`, which would split them.
    private static func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
