import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-previews [--check] [--only A,B] [--set k=v]…
/// [--scenes DIR] [--output DIR]`: the CLI's `render` run in the package's folder, so Scenes/ and Output/ are
/// the package's own. Its output, errors and exit status are the CLI's; nothing is rendered here. SwiftPM pipes a
/// plugin's output, so the tool sees no terminal: it prints a line a scene instead of a live progress bar.
@main
struct RenderPreviewsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // A plugin's tool is named after its target, not the product.
        let tool = try context.tool(named: "RenderPreviewsCLI")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["render"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        // So a stale Output/ is reported with the command that fixes it here.
        environment["RENDER_PREVIEWS_COMMAND"] = "swift package --allow-writing-to-package-directory render-previews"
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        // SwiftPM reports a plugin's non-zero exit itself; the tool has already said why.
        if process.terminationReason == .uncaughtSignal { exit(128 + process.terminationStatus) }
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
