import ArgumentParser
import Foundation
import SceneFormat
import SceneSchema
import Encoders

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite scene files as the writer writes them: declared key order, defaults left out, steps on one line.")

    @Argument(help: "Scene files (default: every scene in Scenes/).")
    var files: [String] = []

    @Flag(help: "Write nothing; exit 1 naming the files that are not in written form.")
    var check = false

    func run() throws {
        try reportingErrors {
            let paths = files.isEmpty ? try sceneFiles(in: "Scenes", only: nil) : files
            var unformatted: [String] = []
            for path in paths {
                let text = try SceneLoader.readText(path: path)
                let written = try SceneLoader.parseDocument(text, file: path, kinds: RenderPreviews.kinds).json()
                guard written != text else { continue }
                if check { unformatted.append(path) } else { try Files.write(Array(written.utf8), to: path) }
            }
            if !unformatted.isEmpty {
                FileHandle.standardError.write(Data(("not in written form (run `render-previews format`):\n"
                    + unformatted.map { "  \($0)\n" }.joined()).utf8))
                throw ExitCode(1)
            }
        }
    }
}

struct Parameters: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List a kind's parameters (key, type, unit, default, meaning): the docs' tables and the designer's controls.")

    @Argument(help: "The kind (\(RenderPreviews.kinds.names.joined(separator: ", "))); all kinds when omitted.")
    var kind: String?

    @Flag(help: "JSON for the designer page instead of a markdown table.")
    var json = false

    @Option(help: "Rewrite the marked tables of these markdown files (docs/*-scene.md); with --check, only compare.")
    var docs: [String] = []

    @Flag(help: "With --docs: write nothing, exit 1 naming stale files.")
    var check = false

    func run() throws {
        try reportingErrors {
            if !docs.isEmpty { return try updateDocs() }
            let registry = RenderPreviews.kinds
            let kinds = try kind.map { name -> [AnyPreviewKind] in
                guard let k = registry.named(name) else {
                    throw CLIError("unknown kind '\(name)'; expected \(quotedList(registry.names))")
                }
                return [k]
            } ?? registry.all
            if json {
                print(JSONNode.array(kinds.map(controls)).text(.readable))
            } else {
                print(kinds.map { "## \($0.name)\n\n\($0.summary)\n\n" + (SceneDocs.table(for: $0) ?? "") }.joined(separator: "\n\n"))
            }
        }
    }

    private func updateDocs() throws {
        var stale: [String] = []
        for path in docs {
            guard let text = String(validating: try Files.read(path), as: UTF8.self) else {
                throw FileSystemError(.read, path, "not UTF-8 text")
            }
            guard let updated = SceneDocs.updated(text, kinds: RenderPreviews.kinds) else { throw CLIError("\(path): a parameters marker names no kind or is not closed") }
            guard updated != text else { continue }
            if check { stale.append(path) } else { try Files.write(Array(updated.utf8), to: path) }
        }
        if !stale.isEmpty {
            FileHandle.standardError.write(Data(("parameter tables out of date (run `render-previews parameters --docs …`):\n"
                + stale.map { "  \($0)\n" }.joined()).utf8))
            throw ExitCode(1)
        }
    }

    /// A kind's controls as the designer page reads them.
    private func controls(_ kind: AnyPreviewKind) -> JSONNode {
        .object([.init("kind", .string(kind.name)), .init("parameters", .array(kind.parameters.map(node)))])
    }

    private func node(_ p: Parameter) -> JSONNode {
        var members: [JSONNode.Member] = [.init("key", .string(p.key)), .init("type", .string(p.summary))]
        if let unit = p.unit { members.append(.init("unit", .string(unit))) }
        if !p.defaultText.isEmpty { members.append(.init("default", .string(p.defaultText))) }
        members.append(.init("control", control(p.control)))
        if !p.doc.isEmpty { members.append(.init("doc", .string(p.doc))) }
        // Top-level keys say whose they are (an object's keys are as the object is).
        if p.owner == .preview { members.append(.init("owner", .string("preview"))) }
        if !p.children.isEmpty { members.append(.init("children", .array(p.children.map(node)))) }
        return .object(members)
    }

    private func control(_ c: Control) -> JSONNode {
        switch c {
        case .number(let rule):
            var m: [JSONNode.Member] = [.init("number", .bool(true))]
            if let lo = rule.minimum { m.append(.init(rule.minimumIsExclusive ? "above" : "min", .number(lo))) }
            if let hi = rule.maximum { m.append(.init(rule.maximumIsExclusive ? "below" : "max", .number(hi))) }
            return .object(m)
        case .integer: return .string("integer")
        case .toggle: return .string("toggle")
        case .choice(let names): return .object([.init("choice", .array(names.map { .string($0) }))])
        case .color: return .string("color")
        case .text: return .string("text")
        case .numbers(let labels): return .object([.init("numbers", .array(labels.map { .string($0) }))])
        case .json: return .string("json")
        }
    }
}
