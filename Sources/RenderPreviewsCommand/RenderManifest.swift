import Foundation

/// What `render` last wrote into an output folder, so a scene whose inputs did not change is not rendered again:
/// for each scene, a hash of its inputs (the scene file's bytes and the renderer: this executable and its resource
/// bundles, the fonts and artwork among them, and the package's own kinds) and of the output file then written.
/// It lives in the output folder as `.render-previews-manifest.json`; it depends on the build, so it is not for git.
/// `--check` never reads it: CI must not trust it.
enum RenderManifest {
    static let fileName = ".render-previews-manifest.json"

    struct Entry: Codable, Equatable {
        var input: String
        var output: String
        var outputHash: String
    }

    /// One run's view of a folder's manifest: read at the start, updated as scenes are written, saved at the end.
    final class Session {
        let folder: String
        private let renderer: UInt64
        private var entries: [String: Entry]

        init(folder: String, extraKinds: [String]) {
            self.folder = folder
            renderer = Self.rendererFingerprint(extraKinds: extraKinds)
            let path = (folder as NSString).appendingPathComponent(RenderManifest.fileName)
            if let bytes = try? Files.read(path), let decoded = try? JSONDecoder().decode([String: Entry].self, from: Data(bytes)) {
                entries = decoded
            } else {
                entries = [:]
            }
        }

        /// The scene's inputs hash as recorded, and its output file is there with the bytes recorded.
        func isUpToDate(scene path: String) -> Bool {
            guard let entry = entries[Self.name(path)], let input = inputHash(path), entry.input == input,
                  let bytes = try? Files.read(entry.output) else { return false }
            return entry.outputHash == hex(fnv1a(bytes))
        }

        func record(scene path: String, output: String) {
            guard let input = inputHash(path), let bytes = try? Files.read(output) else { return }
            entries[Self.name(path)] = Entry(input: input, output: output, outputHash: hex(fnv1a(bytes)))
        }

        func save() throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(entries)
            try Files.write([UInt8](data) + [10], to: (folder as NSString).appendingPathComponent(RenderManifest.fileName))
        }

        private func inputHash(_ path: String) -> String? {
            guard let scene = try? Files.read(path) else { return nil }
            return hex(fnv1a(scene, seed: renderer))
        }

        private static func name(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

        /// This executable's bytes, every file of the resource bundles beside it (sorted by path), and the names of
        /// the package's own kinds (their code is in the executable).
        private static func rendererFingerprint(extraKinds: [String]) -> UInt64 {
            let executable = Platform.executablePath
            var hash = fnv1a((try? Files.read(executable)) ?? [])
            let folder = (executable as NSString).deletingLastPathComponent
            let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }.sorted()
            for bundle in bundles {
                let root = (folder as NSString).appendingPathComponent(bundle)
                let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
                for file in files {
                    let path = (root as NSString).appendingPathComponent(file)
                    var isFolder: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                    hash = fnv1a(Array((bundle + "/" + file).utf8), seed: hash)
                    hash = fnv1a((try? Files.read(path)) ?? [], seed: hash)
                }
            }
            return fnv1a(Array(extraKinds.joined(separator: "\n").utf8), seed: hash)
        }
    }

    /// 64-bit FNV-1a: a fast content hash for change detection (not a defence against tampering).
    static func fnv1a(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = seed
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }
}

private func fnv1a(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 { RenderManifest.fnv1a(bytes, seed: seed) }

private func hex(_ h: UInt64) -> String {
    let s = String(h, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
