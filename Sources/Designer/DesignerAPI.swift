import Foundation
import LayerTree
import BuiltInKinds
import SceneFormat
import SceneSchema

/// An answer to one request, independent of the HTTP library that sends it.
public struct DesignerResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status; self.contentType = contentType; self.body = body
    }

    static func text(_ s: String, status: Int = 200, type: String = "text/plain; charset=utf-8") -> DesignerResponse {
        DesignerResponse(status: status, contentType: type, body: Array(s.utf8))
    }

    static func json(_ node: JSONNode) -> DesignerResponse {
        text(node.text(.readable) + "\n", type: "application/json; charset=utf-8")
    }

    /// A refusal: its status and the command line's line for the same input.
    static func refusal(_ e: DesignerError) -> DesignerResponse { text(e.message + "\n", status: e.status) }
}

/// The designer's HTTP API and page as plain functions of a path and a query, so they are tested without a
/// socket and any server library can carry them:
///
///     GET /                         the page (`/?scene=NAME` opens one)
///     GET /api/scenes               [{name, kind}] of every scene in the folder
///     GET /api/scenes/NAME          the scene's kind, size, frames and every parameter's control, default and value
///     GET /api/frame?scene=NAME&time=S|index=N&set=K=V…   image/png, the bytes `render-previews frame` writes
///     GET /api/gif?scene=NAME&set=K=V…                    the preview, the bytes `render-previews render -o` writes
///     GET /api/tree?scene=NAME&time=S&set=K=V…            the frame's layer tree (`tree`)
///     GET /api/export?scene=NAME&set=K=V…                 the command line, the edited scene (`format`'s writer), Swift
///     GET /api/changes?scene=NAME&set=K=V…&against=K=V…   the first frame where the edit shows
public final class DesignerAPI: Sendable {
    public let service: PreviewService

    public init(folder: String, kinds: PreviewKinds = .builtIn) { service = PreviewService(folder: folder, kinds: kinds) }

    /// Paths whose answers render frames; the server bounds how many of them wait per client.
    public static func renders(_ path: String) -> Bool { ["/api/frame", "/api/gif", "/api/changes"].contains(path) }

    public func respond(path: String, query raw: String) -> DesignerResponse {
        do {
            let query = try DesignerQuery(raw)
            switch path {
            case "/", "/index.html":
                return .text(DesignerPage.html, type: "text/html; charset=utf-8")
            case "/designer.js":
                return .text(DesignerPage.script, type: "text/javascript; charset=utf-8")
            case "/designer.css":
                return .text(DesignerPage.style, type: "text/css; charset=utf-8")
            case "/api/scenes":
                return .json(.array(try service.sceneNames().map { name in
                    .object([.init("name", .string(name)), .init("kind", .string(kindName(of: name)))])
                }))
            case "/api/frame":
                try query.allow(["scene", "time", "index", "set", "client"])
                let (name, choice, overrides) = (try query.scene(), try query.selection(), try query.overrides())
                let scene = try service.load(name, overrides: overrides)
                return DesignerResponse(contentType: "image/png", body: try service.png(service.frame(of: scene, choice)))
            case "/api/gif":
                try query.allow(["scene", "set", "client"])
                let (name, overrides) = (try query.scene(), try query.overrides())
                let preview = try service.preview(service.load(name, overrides: overrides))
                return DesignerResponse(contentType: preview.fileExtension == "gif" ? "image/gif" : "image/png", body: preview.bytes)
            case "/api/tree":
                try query.allow(["scene", "time", "index", "set"])
                let (name, choice, overrides) = (try query.scene(), try query.selection(), try query.overrides())
                let scene = try service.load(name, overrides: overrides)
                return .text(SceneWriter.json(try service.frame(of: scene, choice)) + "\n", type: "application/json; charset=utf-8")
            case "/api/export":
                try query.allow(["scene", "set"])
                let (name, overrides) = (try query.scene(), try query.overrides())
                let scene = try service.load(name, overrides: overrides)
                return .json(export(scene, overrides))
            case "/api/changes":
                try query.allow(["scene", "set", "against", "client"])
                let name = try query.scene()
                let scene = try service.load(name, overrides: try query.overrides())
                let reference = try service.load(name, overrides: try query.overrides("against"))
                guard let change = service.firstChange(scene, against: reference) else {
                    return .json(.object([.init("frame", .null)]))
                }
                return .json(.object([.init("frame", .number(Double(change.frame))), .init("time", .number(change.time)),
                                      .init("reason", .string(change.reason))]))
            default:
                let prefix = "/api/scenes/"
                if path.hasPrefix(prefix) {
                    try query.allow([])
                    guard let name = String(path.dropFirst(prefix.count)).removingPercentEncoding else {
                        throw DesignerError.usage("malformed path '\(path)'")
                    }
                    let scene = try service.load(name)
                    return .json(Controls.describe(scene, source: try service.source(of: name), kinds: service.kinds))
                }
                return .refusal(DesignerError(404, "render-previews: error: no such page '\(path)'"))
            }
        } catch {
            return .refusal(error)
        }
    }

    /// A scene's kind, read without checking the rest of the file (the list shows broken scenes too).
    private func kindName(of name: String) -> String {
        guard let source = try? service.source(of: name), let value = try? JSONParser.parse(source),
              case .string(let kind)? = Controls.lookup(value, ["kind"])?.kind else { return "" }
        return kind
    }

    /// Everything the export panel offers as text.
    private func export(_ scene: PreviewService.LoadedScene, _ overrides: [SceneOverride]) -> JSONNode {
        let sets = overrides.flatMap { ["--set", shellQuoted($0.keyPath + "=" + $0.value)] }
        let output = scene.frames.isStill ? "png" : "gif"
        let render = (["render-previews", "render", shellQuoted(scene.path)] + sets + ["-o", shellQuoted(scene.name + "-edited." + output)])
            .joined(separator: " ")
        return .object([
            .init("command", .string(render)),
            .init("sets", .string(sets.joined(separator: " "))),
            .init("json", .string(scene.document.json())),
            .init("swift", .string(CodeExport.swift(kind: scene.document.kind, overrides: overrides, kinds: service.kinds))),
        ])
    }
}

/// A word as a POSIX shell reads it back unchanged.
func shellQuoted(_ s: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !s.isEmpty && s.allSatisfy(safe.contains) { return s }
    return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension DesignerResponse {
    static func refusal(_ error: Error) -> DesignerResponse {
        .refusal(PreviewService.refusal(error))
    }
}
