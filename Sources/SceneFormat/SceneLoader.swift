import Foundation
import Geometry
import LayerTree
import SceneSchema

/// Reads scene files of the kinds it is given. Every error is a `SceneError` pointing at the offending value.
public enum SceneLoader {
    /// Any scene file of one of `kinds`, with `--set key=value` overrides applied before it is checked.
    public static func loadDocument(path: String, overrides: [SceneOverride] = [], kinds: PreviewKinds) throws -> SceneDocument {
        try parseDocument(readText(path: path), file: path, overrides: overrides, kinds: kinds)
    }

    public static func parseDocument(_ text: String, file: String, overrides: [SceneOverride] = [],
                                     kinds: PreviewKinds) throws -> SceneDocument {
        var document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw SceneError(file: file, line: error.line, column: error.column, message: error.message)
        }
        for o in overrides { document = try o.apply(to: document, file: file) }
        return try decode(document, file: file, kinds: kinds)
    }

    public static func readText(path: String) throws -> String {
        func fail(_ message: String) -> SceneError { SceneError(file: path, line: 0, column: 0, message: message) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such file")
        }
        if isDirectory.boolValue { throw fail("is a directory, not a scene file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw fail("cannot read file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("file is not valid UTF-8") }
        return text
    }

    /// The kind decides what the other keys mean, so it is checked before them. Past the kind, every problem
    /// the file has (up to `SceneDecoder.maxErrors`) is reported at once: the first, with the others in its
    /// `further`.
    static func decode(_ value: JSONValue, file: String, kinds: PreviewKinds) throws -> SceneDocument {
        let d = SceneDecoder(file: file, gathering: true)
        let members = try d.object(value, "")
        guard let kindMember = members.first(where: { $0.key == "kind" }) else {
            throw d.error(value, "", "missing required key 'kind'")
        }
        let names = kinds.names
        let name = try d.string(kindMember.value, "kind")
        guard let kind = kinds.named(name) else {
            var message = "expected \(quotedList(names)), found \(quoted(name))"
            if let near = closestKey(to: name, in: names) { message += "; did you mean \(quoted(near))?" }
            throw d.error(kindMember.value, "kind", message)
        }
        return try d.gatheringErrors { try kind.decode(value, d) }
    }
}
