import ArgumentParser
import Foundation

/// `render-previews design`: the designer's web server is a product of its own (`render-previews-designer`,
/// with its HTTP library), so `make previews` does not build it; this command runs it from beside this binary. A
/// package's own command line (NAME) runs its NAME-designer, which serves the package's kinds too.
struct Design: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the designer page: tune a scene's parameters and watch the preview change (Ctrl-C stops).",
        discussion: "Runs render-previews-designer from the same folder: build it with `make designer` or "
            + "`swift build -c release --product render-previews-designer`.")

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(help: "The address to listen on; loopback unless you mean to share the page.")
    var host: String = "127.0.0.1"

    func run() throws {
        let me = Platform.executablePath as NSString
        let folder = me.deletingLastPathComponent as NSString
        let own = folder.appendingPathComponent(me.lastPathComponent + "-designer")
        let designer = FileManager.default.isExecutableFile(atPath: own) ? own : folder.appendingPathComponent("render-previews-designer")
        guard FileManager.default.isExecutableFile(atPath: designer) else {
            FileHandle.standardError.write(Data(("render-previews: error: \(designer) is not built; the designer is a product of its own: "
                + "run `make designer` or `swift build -c release --product render-previews-designer`\n").utf8))
            throw ExitCode(2)
        }
        let arguments = [designer, "--port", String(port), "--scenes", scenes, "--host", host]
        // Replaces this process, so Ctrl-C reaches the server itself and it stops cleanly.
        let argv = arguments.map { strdup($0) } + [nil]
        execv(designer, argv)
        FileHandle.standardError.write(Data("render-previews: error: cannot run \(designer): \(String(cString: strerror(errno)))\n".utf8))
        throw ExitCode(1)
    }
}
