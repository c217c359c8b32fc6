import Foundation
import XCTest
// Imported so both products are built beside this test, which reads their compiled modules.
import RenderPreviewsKit
import RenderPreviewsSnapshotTesting
import RenderPreviewsKindKit

/// The public API of the two library products, symbol by symbol with its declaration, against the committed
/// list in public-api.txt: an accidental addition, removal or change of a signature fails here and shows in
/// review as a diff of that file. After a deliberate change: `PUBLIC_API_RECORD=1 swift test --filter PublicAPITests`.
final class PublicAPITests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repo = here.deletingLastPathComponent().deletingLastPathComponent()
    /// The products' modules, the kind kit's with every module it exports.
    static let modules = ["RenderPreviewsKit", "RenderPreviewsSnapshotTesting", "RenderPreviewsKindKit", "Artwork", "Geometry",
                          "LayerTree", "Models", "SceneFormat", "SceneSchema"]

    func testPublicSymbolsAreTheListedOnes() throws {
        let listed = Self.here.appendingPathComponent("public-api.txt")
        let actual = try Self.modules.flatMap { try Self.publicSymbols(of: $0) }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PUBLIC_API_RECORD"] != nil {
            try actual.write(to: listed, atomically: true, encoding: .utf8)
            return
        }
        let expected = (try? String(contentsOf: listed, encoding: .utf8)) ?? ""
        guard actual != expected else { return }
        let was = Set(expected.split(separator: "\n")), now = Set(actual.split(separator: "\n"))
        let added = now.subtracting(was).sorted().map { "+ \($0)" }, removed = was.subtracting(now).sorted().map { "- \($0)" }
        XCTFail("""
            The public API differs from Tests/PublicAPITests/public-api.txt (a semver change: a removal or a changed \
            signature is breaking). If it is meant, run `PUBLIC_API_RECORD=1 swift test --filter PublicAPITests` \
            and commit the list.
            \((removed + added).joined(separator: "\n"))
            """)
    }

    /// `module`'s public symbols, one line each: `Path.to.symbol: declaration`, sorted.
    static func publicSymbols(of module: String) throws -> [String] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // The test bundle sits in the build's bin folder, beside the compiled modules.
        let bin = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
            .deletingLastPathComponent()
        // The system libraries' module maps and headers, for the modules the kit imports.
        let cModules = ["CFreeType", "CHarfBuzz", "CPNG", "CGIF", "CZlib"]
            .flatMap { ["-I", repo.appendingPathComponent("Sources/\($0)").path] }
        let headers = try run(["pkg-config", "--cflags-only-I", "freetype2", "harfbuzz", "libpng", "zlib"])
            .split(separator: " ").flatMap { ["-Xcc", String($0)] }
        // The bin folder is <scratch>/<target triple>/<configuration>.
        let triple = bin.deletingLastPathComponent().lastPathComponent
        _ = try run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                     "-I", bin.appendingPathComponent("Modules").path, "-minimum-access-level", "public",
                     "-skip-synthesized-members", "-output-dir", out.path] + cModules + headers)
        var lines: [String] = []
        // The module's own symbols, and (in Module@Other.symbols.json) its extensions of other modules' types.
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasPrefix(module) {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(file))) as? [String: Any]
            let symbols = graph?["symbols"] as? [[String: Any]] ?? []
            var paths: [String: String] = [:]
            for symbol in symbols {
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                if let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String { paths[id] = path }
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                var declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                // An extension's constraints say which values a strategy applies to (`Value == PreviewScene`).
                let constraints = (symbol["swiftExtension"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
                let clauses = constraints.compactMap { c -> String? in
                    guard let l = c["lhs"] as? String, let r = c["rhs"] as? String else { return nil }
                    return "\(l) \(c["kind"] as? String == "sameType" ? "==" : ":") \(r)"
                }
                if !clauses.isEmpty { declaration += " where " + clauses.joined(separator: ", ") }
                lines.append("\(module) \(path): \(declaration)")
            }
            // Conformances are API too: dropping Sendable or Equatable breaks callers.
            for relation in graph?["relationships"] as? [[String: Any]] ?? [] where relation["kind"] as? String == "conformsTo" {
                guard let source = relation["source"] as? String, let path = paths[source] else { continue }
                var target = relation["targetFallback"] as? String ?? relation["target"] as? String ?? "?"
                // Foundation's protocols live in FoundationEssentials on Linux, in Foundation on Apple's systems.
                if target.hasPrefix("FoundationEssentials.") { target = "Foundation." + target.dropFirst("FoundationEssentials.".count) }
                lines.append("\(module) \(path): conforms to \(target)")
            }
        }
        return lines.sorted()
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "PublicAPITests", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(arguments[0]) failed: \(problems)"])
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
