import ArgumentParser
import Foundation
import RenderPreviewsKit
import SceneSchema

/// Where terminal output goes: a live progress bar on a terminal, plain lines otherwise (CI, pipes).
struct Console {
    let interactive: Bool
    let quiet: Bool

    init(quiet: Bool) {
        self.quiet = quiet
        interactive = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    func progress(_ name: String, _ done: Int, _ total: Int) {
        guard interactive, !quiet, total > 0 else { return }
        let width = 30, filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r\u{1B}[2K[\(bar)] \(name) \(done)/\(total)".utf8))
    }

    func line(_ text: String) {
        guard !quiet else { return }
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        print(text)
    }

    /// `text` as `errorText` words it.
    func error(_ text: String) {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        FileHandle.standardError.write(Data("\(text)\n".utf8))
    }
}

/// An error as every command prints it, in the one form compilers use, so editors and CI logs point at the
/// place: `FILE:LINE:COLUMN: error: KEY.PATH: WHAT` for a place in a scene file (`FILE: error: …` for the whole
/// file or a `--set`), a line for each of the file's problems; `render-previews: error: WHAT` for the rest.
func errorText(_ error: Error) -> String {
    switch error {
    case let e as SceneSchema.SceneError:
        return e.diagnostics
    case let e as RenderPreviewsKit.SceneError:
        var problem = SceneSchema.SceneError(file: e.file, line: e.line, column: e.column, keyPath: e.keyPath, message: e.message)
        problem.further = e.all.dropFirst().map {
            SceneSchema.SceneError(file: $0.file, line: $0.line, column: $0.column, keyPath: $0.keyPath, message: $0.message)
        }
        return problem.diagnostics
    default:
        return "render-previews: error: \(error)"
    }
}

/// The scene files of a folder, or the ones named with --only.
func sceneFiles(in folder: String, only: String?) throws -> [String] {
    var names = try Files.list(folder).filter { $0.hasSuffix(".json") }
    if let only {
        let known = names.map { ($0 as NSString).deletingPathExtension }
        let wanted = only.split(separator: ",").map(String.init)
        for w in wanted where w.contains("/") || w.hasPrefix(".") || !known.contains(w) {
            var message = "no scene named '\(w)' in \(folder)"
            if let near = closestKey(to: w, in: known) { message += "; did you mean '\(near)'?" }
            throw CLIError(message)
        }
        names = names.filter { wanted.contains(($0 as NSString).deletingPathExtension) }
    }
    return names.map { (folder as NSString).appendingPathComponent($0) }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes: animated scenes become GIF, still layer trees PNG.",
        discussion: """
            With no scene files, every scene of --scenes is rendered into the --output folder. With scene files, \
            those are rendered; -o names the file to write when it ends in .gif or .png (one scene), else a folder:
              render-previews render Scenes/swipe-rtl.json -o rtl.gif

            With --check nothing is written: each output file is compared with what its scene renders, and a \
            line says "ok", "differs" or "missing".
            """)

    @Argument(help: "Scene files to render (default: every scene in --scenes).")
    var files: [String] = []

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(name: .shortAndLong, help: "The folder to write previews to (default Output), or with one scene file the .gif or .png to write.")
    var output: String?

    @Option(help: "Render only these scenes (names without .json, comma-separated).")
    var only: String?

    @Option(help: "Also write every frame as PNG into DIR/<scene>/.")
    var framesDir: String?

    @Flag(help: "Render in memory and exit 1, naming them, when output files are missing or differ; write nothing.")
    var check = false

    @Option(help: ArgumentHelp("Render the K-th of N shares of the scenes (1/2 and 2/2 together are the whole run), for a CI matrix.",
                               valueName: "K/N"))
    var shard: String?

    @Flag(help: "Render every scene, even one whose output the manifest shows up to date with its inputs.")
    var force = false

    @OptionGroup var settings: SceneSettings

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    private var target: String { output ?? "Output" }

    /// `-o x.gif` names a file rather than a folder.
    private var outputIsFile: Bool { ["gif", "png"].contains((target as NSString).pathExtension.lowercased()) }

    func validate() throws {
        if outputIsFile && files.count != 1 {
            throw ValidationError("-o \(target) names one file; give exactly one scene file (or -o a folder)")
        }
        if !files.isEmpty && only != nil { throw ValidationError("give scene files or --only, not both") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard expects K/N with 1 <= K <= N <= 1000, found '\(shard)'")
        }
        // Output/ holds the committed previews; scenes changed on the command line must go elsewhere.
        if !settings.overrides.isEmpty && output == nil && !check {
            throw ValidationError("--set changes the scenes: name the folder or file to write with -o (Output/ holds the committed previews)")
        }
    }

    func run() throws {
        let console = Console(quiet: quiet)
        var failed: [String] = [], stale: [String] = [], unchanged: [String] = []
        var manifest: RenderManifest.Session?
        var rows: [[String]] = []
        // Every scene is read and checked before anything is written, so one bad scene or a --set that a
        // scene's kind does not declare stops the run before it writes.
        var loaded: [(path: String, scene: PreviewScene)] = []
        do {
            let all = files.isEmpty ? try sceneFiles(in: scenes, only: only) : files
            let share = shard.flatMap(Shard.init)?.share(of: all) ?? all
            // A scene whose inputs and output are as the manifest recorded them is not read again (`--check`
            // trusts no manifest, `--force` ignores it, `--set` and one named output file never use one).
            let cache = usesManifest ? RenderManifest.Session(folder: target, extraKinds: RenderPreviews.extraKinds.map { $0.name }) : nil
            unchanged = cache.map { cache in share.filter { cache.isUpToDate(scene: $0) } } ?? []
            let paths = share.filter { !unchanged.contains($0) }
            manifest = cache
            // Read on every core (a scene's models and artwork take tens of milliseconds to build), reported in
            // order.
            let results = UncheckedResults<PreviewScene>(count: paths.count)
            let kinds = RenderPreviews.extraKinds
            DispatchQueue.concurrentPerform(iterations: paths.count) { k in
                results.set(k, Result { try settings.scene(paths[k], kinds: kinds) })
            }
            for (path, result) in zip(paths, results.values) {
                do {
                    let scene = try result.get()
                    let fileExtension = scene.isStill ? "png" : "gif"
                    if outputIsFile && (target as NSString).pathExtension.lowercased() != fileExtension {
                        throw CLIError("\(path) renders a \(fileExtension.uppercased()) (\(scene.frameCount) frames); -o \(target) asks for another format")
                    }
                    loaded.append((path, scene))
                } catch {
                    console.error(errorText(error))
                    failed.append(path)
                }
            }
            if !failed.isEmpty && !settings.overrides.isEmpty { throw ExitCode(2) }
            if !check && !outputIsFile { try Files.makeFolder(target) }
        } catch let error as ExitCode {
            throw error
        } catch {
            console.error(errorText(error))
            throw ExitCode(2)
        }
        // Two scenes at a time: each one's encoder is serial, so a second scene keeps the other core busy. Lines
        // are printed in scene order whatever order the scenes finish in.
        let lanes = min(loaded.count, max(1, min(2, ProcessInfo.processInfo.activeProcessorCount)))
        let jobs = loaded
        let queue = SceneQueue(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: lanes) { _ in
            // A lane's renderer goes from scene to scene with the fonts it has opened.
            let renderer = PreviewRenderer()
            while let k = queue.take() {
                queue.finish(k, render(jobs[k].path, jobs[k].scene, renderer: renderer, console: console)) { j, outcome in
                    switch outcome {
                    case .failed(let text): console.error(text)
                    case .done(_, let file, .written):
                        console.line("\(jobs[j].path) -> \(file)")
                    // --check writes nothing, so its lines say what it found rather than where a scene went.
                    case .done(_, let file, let found): console.line(found.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + file)
                    }
                }
            }
        }
        for (k, outcome) in queue.results.enumerated() {
            switch outcome {
            case .failed: failed.append(jobs[k].path)
            case .done(let row, let file, let found):
                rows.append(row)
                if found == .differs || found == .missing { stale.append(file) }
                if found == .written { manifest?.record(scene: jobs[k].path, output: file) }
            }
        }
        if let manifest {
            do { try manifest.save() } catch { console.error(errorText(error)) }
        }
        if !rows.isEmpty && !check { console.line(table(["scene", "frames", "duration", "size", "time"], rows)) }
        if !unchanged.isEmpty {
            console.line("\(unchanged.count) scene\(unchanged.count == 1 ? "" : "s") unchanged since the manifest's run (--force renders them)")
        }
        if !stale.isEmpty {
            // The plugin names itself, so the hint is the command that fixes it where it ran.
            let command = ProcessInfo.processInfo.environment["RENDER_PREVIEWS_COMMAND"] ?? "render-previews"
            FileHandle.standardError.write(Data(("out of date (run `\(command)` and commit Output/):\n"
                + stale.map { "  \($0)\n" }.joined()).utf8))
        }
        if !failed.isEmpty { throw ExitCode(2) }
        if !stale.isEmpty { throw ExitCode(1) }
        if check {
            console.line("\(outputIsFile ? target : target + "/") is up to date (\(rows.count) preview\(rows.count == 1 ? "" : "s"))")
        }
    }
}

extension Render {
    /// A manifest applies to a folder run that writes: not to --check, --force, --set or one named output file.
    var usesManifest: Bool { !check && !force && !outputIsFile && settings.overrides.isEmpty && framesDir == nil }
}

/// `--shard K/N`: the scenes at positions K-1, K-1+N, … of the sorted list, so the N shares are disjoint, cover the
/// list, differ in size by one at most, and stay put when the list does.
struct Shard {
    var index: Int
    var count: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1000, k >= 1, k <= n else { return nil }
        index = k - 1
        count = n
    }

    func share(of paths: [String]) -> [String] {
        paths.sorted().enumerated().filter { $0.offset % count == index }.map(\.element)
    }
}

extension Render {
    enum Outcome {
        case done(row: [String], file: String, Found)
        case failed(String)
    }

    /// What became of a scene's output file: written, or with --check, how it compares.
    enum Found: String {
        case written
        case upToDate = "ok"
        case differs
        case missing
    }

    /// One scene rendered and written (or compared, with --check).
    func render(_ path: String, _ scene: PreviewScene, renderer: PreviewRenderer, console: Console) -> Outcome {
        let name = scene.name
        let start = ContinuousClock.now
        do {
            let preview = try scene.preview(using: renderer, eachFrame: try framesDir.map { try Files.frameWriter(into: ($0 as NSString).appendingPathComponent(name)) },
                                            progress: { console.progress(name, $0, $1) })
            let bytes = [UInt8](preview.data)
            let file = outputIsFile ? target : (target as NSString).appendingPathComponent(name + "." + preview.fileExtension)
            var found = Found.written
            if check {
                let existing = try? Files.read(file)
                found = existing == nil ? .missing : existing != bytes ? .differs : .upToDate
            } else {
                try Files.write(bytes, to: file)
            }
            let elapsed = ContinuousClock.now - start
            let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return .done(row: [name, "\(preview.frameCount)", secondsText(scene.duration),
                               String(format: "%.1f KB", Double(bytes.count) / 1024), String(format: "%.2f s", time)],
                         file: file, found)
        } catch {
            return .failed(errorText(error))
        }
    }
}

/// One result per index, set from concurrent workers (each index once), read after they are done.
final class UncheckedResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ result: Result<Value, Error>) {
        lock.lock(); defer { lock.unlock() }
        slots[k] = result
    }

    var values: [Result<Value, Error>] {
        lock.lock(); defer { lock.unlock() }
        return slots.map { $0! }
    }
}

/// Hands out scene indices to the lanes and passes their outcomes on in index order, under one lock.
final class SceneQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var outcomes: [Render.Outcome?]
    private var reported = 0

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < outcomes.count else { return nil }
        next += 1
        return next - 1
    }

    /// Records scene `k`'s outcome and reports every outcome now complete in order.
    func finish(_ k: Int, _ outcome: Render.Outcome, report: (Int, Render.Outcome) -> Void) {
        lock.lock(); defer { lock.unlock() }
        outcomes[k] = outcome
        while reported < outcomes.count, let o = outcomes[reported] {
            report(reported, o)
            reported += 1
        }
    }

    /// Every outcome, in order (once every lane is done).
    var results: [Render.Outcome] {
        lock.lock(); defer { lock.unlock() }
        return outcomes.map { $0! }
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenes with their kind, size, frame count and duration.")

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    func run() throws {
        try reportingErrors {
            var rows: [[String]] = []
            for path in try sceneFiles(in: scenes, only: nil) {
                let scene = try PreviewScene(contentsOf: URL(fileURLWithPath: path))
                rows.append([scene.name, scene.kind, "\(scene.pixelWidth)x\(scene.pixelHeight)", "\(scene.frameCount)",
                             secondsText(scene.duration)])
            }
            print(table(["scene", "kind", "pixels", "frames", "duration"], rows))
        }
    }
}

/// A plain aligned table.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
    return all.map { row in
        row.enumerated().map { i, cell in cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
}
