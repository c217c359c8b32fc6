import ArgumentParser
import BuiltInKinds
import DesignerServer
import Dispatch
import Foundation
import SceneFormat
public import SceneSchema

/// `render-previews-designer` (run by `render-previews design`): serves the designer page for a folder of scenes.
/// A package with kinds of its own has an executable target NAME-designer beside its NAME (the command line with
/// its kinds) of one line, `await DesignerCommand.main(kinds: [MyKind.self])`; its `design` runs that one.
public struct DesignerCommand: AsyncParsableCommand {
    public init() {}

    /// A package's own kinds, served beside the built-in ones (`main(kinds:)`).
    @TaskLocal static var extraKinds: [any PreviewKind.Type] = []

    /// The designer with a package's own kinds; a taken name is refused before anything is served.
    public static func main(kinds: [any PreviewKind.Type]) async {
        if let refusal = (PreviewKinds.builtIn + kinds).duplicateNamesRefusal {
            FileHandle.standardError.write(Data(refusal.utf8))
            Foundation.exit(2)
        }
        await $extraKinds.withValue(kinds) { await main() }
    }

    public static let configuration = CommandConfiguration(
        commandName: "render-previews design",
        abstract: "Serve the designer: a web page to tune a scene's parameters and watch the preview change.")

    /// Errors in the command line's one form (`render-previews: error: …`), not ArgumentParser's "Error: ".
    public static var _errorPrefix: String { "render-previews: error: " }

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(help: "The address to listen on; loopback unless you mean to share the page.")
    var host: String = "127.0.0.1"

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, found \(port)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenes, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--scenes \(scenes): not a folder")
        }
    }

    public func run() async throws {
        // A browser that closes a connection mid-answer must not end the server.
        signal(SIGPIPE, SIG_IGN)
        let server: DesignerServer
        do {
            server = try DesignerServer(folder: scenes, host: host, port: UInt16(port), kinds: .builtIn + Self.extraKinds)
        } catch {
            throw ValidationError("--host \(host): not an IPv4 or IPv6 address")
        }
        // Ctrl-C and SIGTERM stop the server; the sources run on a queue of their own, not in signal context.
        // (`render-previews design` execs this binary with SIGINT ignored, so it is set here in any case.)
        var sources: [DispatchSourceSignal] = []
        let stopping = StopFlag()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                stopping.set()
                Task {
                    await server.stop()
                    FileHandle.standardError.write(Data("\nrender-previews designer: stopped\n".utf8))
                    Foundation.exit(0)
                }
            }
            source.resume()
            sources.append(source)
        }
        let serving = Task { try await server.run() }
        do {
            let url = try await server.waitUntilListening()
            // Written unbuffered: scripts wait for this line to know the server is ready.
            FileHandle.standardOutput.write(Data("render-previews designer: \(scenes) at \(url) (Ctrl-C stops)\n".utf8))
        } catch {
            // The listening socket failed (a port in use): run() says why.
            _ = try? await serving.value
            throw ExitCode(1)
        }
        do {
            try await serving.value
        } catch {
            // Stopping on a signal may end `run()` with an error before the handler exits: that is a clean stop.
            if stopping.isSet { await Task.yield(); Foundation.exit(0) }
            FileHandle.standardError.write(Data("render-previews: error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if stopping.isSet { Foundation.exit(0) }
        withExtendedLifetime(sources) {}
    }
}

/// Set once by the signal handler, read by the main task.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
