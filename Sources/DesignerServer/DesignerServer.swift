import BuiltInKinds
import Designer
import SceneFormat
import FlyingFox
import FlyingSocks
import Foundation

/// The designer's web server: FlyingFox carries `DesignerAPI`'s answers over HTTP on one address (loopback
/// unless told otherwise). Renders run on worker threads, never on the server's own tasks, and each client
/// has at most one render running and one waiting: a newer request takes the waiting one's place, which is
/// answered 409 at once, so dragging a slider never piles up work.
public final class DesignerServer: Sendable {
    public let api: DesignerAPI
    private let server: HTTPServer
    private let gate = RenderGate()
    private let workers: OperationQueue

    /// `host` is an IPv4 or IPv6 address; port 0 picks a free one (`url` tells which).
    public init(folder: String, host: String = "127.0.0.1", port: UInt16 = 0, kinds: PreviewKinds = .builtIn) throws {
        api = DesignerAPI(folder: folder, kinds: kinds)
        let queue = OperationQueue()
        queue.name = "designer.renders"
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        workers = queue
        let handler = Handler(api: api, gate: gate, workers: queue, loopback: Self.isLoopback(host))
        if host.contains(":") {
            server = HTTPServer(address: try sockaddr_in6.inet6(ip6: host, port: port), logger: .disabled, handler: handler)
        } else {
            server = HTTPServer(address: try sockaddr_in.inet(ip4: host, port: port), logger: .disabled, handler: handler)
        }
    }

    static func isLoopback(_ host: String) -> Bool { host == "::1" || host.hasPrefix("127.") }

    /// Serves until `stop()` (or the task is cancelled).
    public func run() async throws { try await server.run() }

    /// Waits until the socket listens, then gives the page's address.
    public func waitUntilListening() async throws -> URL {
        try await server.waitUntilListening(timeout: 10)
        switch await server.listeningAddress {
        case .ip4(let host, let port)?: return URL(string: "http://\(host):\(port)/")!
        case .ip6(let host, let port)?: return URL(string: "http://[\(host)]:\(port)/")!
        default: throw CocoaError(.fileReadUnknown)
        }
    }

    /// Closes the listening socket and lets open requests finish for up to `timeout` seconds.
    public func stop(timeout: TimeInterval = 1) async { await server.stop(timeout: timeout) }
}

private struct Handler: HTTPHandler {
    let api: DesignerAPI
    let gate: RenderGate
    let workers: OperationQueue
    /// Listening on loopback only: then a request must name a loopback host (and come from a page of one), so a
    /// page elsewhere cannot reach the server by pointing a name of its own at 127.0.0.1 (DNS rebinding).
    let loopback: Bool

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if loopback, let refusal = Self.foreign(request) {
            return response(DesignerResponse(status: 403, contentType: "text/plain; charset=utf-8",
                                             body: Array("render-previews: error: \(refusal)\n".utf8)))
        }
        guard request.method == .GET || request.method == .HEAD else {
            return response(DesignerResponse(status: 405, contentType: "text/plain; charset=utf-8",
                                             body: Array("render-previews: error: the designer answers GET only\n".utf8)))
        }
        let path = request.target.path(percentEncoded: true)
        let query = request.target.query(percentEncoded: true)
        guard DesignerAPI.renders(path) else { return response(await work { api.respond(path: path, query: query) }) }
        // Without a client id, each connection is its own client (HTTP/1.1 sends one request at a time on it).
        let client = (try? DesignerQuery(query))?.value("client") ?? "\(String(describing: request.remoteAddress))"
        let key = client + " " + path
        guard await gate.enter(key) else {
            return response(DesignerResponse(status: 409, contentType: "text/plain; charset=utf-8",
                                             body: Array("superseded by a newer request of the same client\n".utf8)))
        }
        let answer = await work { api.respond(path: path, query: query) }
        await gate.leave(key)
        return response(answer)
    }

    /// Why a request does not come from this machine's own page: a Host that is not a loopback name, or an Origin
    /// that is not one; nil when it does. (A request without Origin is a page's own or a tool's, as curl's.)
    static func foreign(_ request: HTTPRequest) -> String? {
        let host = request.headers[HTTPHeader("Host")] ?? ""
        guard isLoopbackName(host) else {
            return "the designer answers requests for 127.0.0.1, localhost or [::1] only, not for '\(host)'"
        }
        if let origin = request.headers[HTTPHeader("Origin")], origin != "null" {
            let name = origin.hasPrefix("http://") ? String(origin.dropFirst("http://".count)) : ""
            guard isLoopbackName(name) else { return "the designer answers its own page only, not a page from '\(origin)'" }
        }
        return nil
    }

    /// `127.0.0.1`, `localhost` or `[::1]`, with or without a port.
    static func isLoopbackName(_ hostAndPort: String) -> Bool {
        var name = hostAndPort.lowercased()
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            name = String(name[name.index(after: name.startIndex)..<end])
            return name == "::1"
        }
        if let colon = name.firstIndex(of: ":") { name = String(name[..<colon]) }
        return name == "localhost" || name.split(separator: ".").count == 4 && name.hasPrefix("127.")
    }

    /// Runs a render on a worker thread; the server's tasks stay free to read and write sockets.
    private func work(_ body: @escaping @Sendable () -> DesignerResponse) async -> DesignerResponse {
        await withCheckedContinuation { continuation in
            workers.addOperation { continuation.resume(returning: body()) }
        }
    }

    private func response(_ r: DesignerResponse) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: r.contentType]
        // Answers depend on the scene files, which may change while the page is open.
        headers[HTTPHeader("Cache-Control")] = "no-store"
        return HTTPResponse(statusCode: HTTPStatusCode(r.status, phrase: phrase(r.status)), headers: headers, body: Data(r.body))
    }

    private func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 403: "Forbidden"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        default: "Internal Server Error"
        }
    }
}

/// One running and at most one waiting render per client.
actor RenderGate {
    private var running: Set<String> = []
    private var waiting: [String: CheckedContinuation<Bool, Never>] = [:]

    /// Waits for the client's turn; false when a newer request of the same client took the waiting place.
    func enter(_ client: String) async -> Bool {
        guard running.contains(client) else {
            running.insert(client)
            return true
        }
        waiting.removeValue(forKey: client)?.resume(returning: false)
        return await withCheckedContinuation { waiting[client] = $0 }
    }

    /// Hands the turn to the waiting request, if any.
    func leave(_ client: String) {
        if let next = waiting.removeValue(forKey: client) {
            next.resume(returning: true)
        } else {
            running.remove(client)
        }
    }
}
