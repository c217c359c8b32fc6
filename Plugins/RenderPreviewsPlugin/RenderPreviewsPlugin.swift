import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-previews [--check] [--only A,B] [--set k=v]…
/// [--scenes DIR] [--output DIR]`: the command line's `render` run in the package's folder, so Scenes/ and
/// Output/ are the package's own. Its output, errors and exit status are the command line's; nothing is rendered
/// here. SwiftPM pipes a plugin's output, so the tool sees no terminal: it prints a line a scene.
///
/// The tool is the package's own command line when it has one (an executable product built on
/// RenderPreviewsCommand, which knows the package's kinds), else this package's `render-previews`; either is built
/// in release through SwiftPM (a plugin's own tool would be a debug build, many times slower to render).
@main
struct RenderPreviewsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try releaseTool(context)
        let process = Process()
        process.executableURL = tool
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

    /// The package's executable product that runs RenderPreviewsCommand, or this package's command line.
    private func releaseTool(_ context: PluginContext) throws -> URL {
        let own = context.package.products(ofType: ExecutableProduct.self).first { product in
            product.targets.contains { target in
                target.recursiveTargetDependencies.contains { $0.name == "RenderPreviewsCommand" }
            }
        }
        let name = own?.name ?? "render-previews"
        let result = try packageManager.build(.product(name), parameters: .init(configuration: .release, logging: .concise))
        guard result.succeeded else {
            FileHandle.standardError.write(Data(result.logText.utf8))
            throw PluginError("building \(name) in release failed")
        }
        guard let artifact = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name })
            ?? result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginError("building \(name) gave no executable")
        }
        return artifact.url
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = "render-previews: error: " + description }
}
