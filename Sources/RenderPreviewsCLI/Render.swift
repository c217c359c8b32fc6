import ArgumentParser
import Compositor
import Encoders
import Foundation
import SceneFormat
import SceneSchema
import Text

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

    func error(_ text: String) {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    }
}

/// The scene files of a folder, or the ones named with --only.
func sceneFiles(in folder: String, only: String?) throws -> [String] {
    var names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    if let only {
        let wanted = only.split(separator: ",").map(String.init)
        for w in wanted where w.contains("/") || w.hasPrefix(".") || !names.contains(w + ".json") {
            throw CLIError("no scene named '\(w)' in \(folder)")
        }
        names = names.filter { wanted.contains(($0 as NSString).deletingPathExtension) }
    }
    return names.map { (folder as NSString).appendingPathComponent($0) }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes: animated scenes become GIF, still layer trees PNG.",
        discussion: """
            With no scene files, every scene of --scenes is rendered into the --output folder. With scene files,
            those are rendered; -o names the file to write when it ends in .gif or .png (one scene), else a folder:
              render-previews render Scenes/swipe-rtl.json -o rtl.gif
            """)

    @Argument(help: "Scene files to render (default: every scene in --scenes).")
    var files: [String] = []

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @Option(name: .shortAndLong, help: "The folder to write previews to, or with one scene file the .gif or .png to write.")
    var output: String = "Output"

    @Option(help: "Render only these scenes (names without .json, comma-separated).")
    var only: String?

    @Option(help: "Also write every frame as PNG into DIR/<scene>/.")
    var framesDir: String?

    @Flag(help: "Render in memory and exit 1, naming them, when output files are missing or differ; write nothing.")
    var check = false

    @OptionGroup var settings: SceneSettings

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    /// `-o x.gif` names a file rather than a folder.
    private var outputIsFile: Bool { ["gif", "png"].contains((output as NSString).pathExtension.lowercased()) }

    func validate() throws {
        if outputIsFile && files.count != 1 {
            throw ValidationError("-o \(output) names one file; give exactly one scene file (or -o a folder)")
        }
        if !files.isEmpty && only != nil { throw ValidationError("give scene files or --only, not both") }
    }

    func run() throws {
        let console = Console(quiet: quiet)
        let paths: [String]
        do { paths = files.isEmpty ? try sceneFiles(in: scenes, only: only) : files } catch { console.error("\(error)"); throw ExitCode(2) }
        if !check && !outputIsFile { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        let renderer = FrameRenderer()
        let text = TextMeasurer()
        var failed: [String] = [], stale: [String] = []
        var rows: [[String]] = []
        for path in paths {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let start = ContinuousClock.now
            do {
                let frames = try settings.load(path).frames(measuring: text)
                let fileExtension = frames.isStill ? "png" : "gif"
                if outputIsFile && (output as NSString).pathExtension.lowercased() != fileExtension {
                    throw CLIError("\(path) renders a \(fileExtension.uppercased()) (\(frames.count) frames); -o \(output) asks for another format")
                }
                let preview = try renderPreview(frames, renderer: renderer,
                                                framesDir: framesDir.map { ($0 as NSString).appendingPathComponent(name) },
                                                progress: { console.progress(name, $0, $1) })
                let target = outputIsFile ? output : (output as NSString).appendingPathComponent(name + "." + preview.fileExtension)
                if check {
                    let current = FileManager.default.contents(atPath: target).map { [UInt8]($0) }
                    if current != preview.bytes { stale.append(target) }
                } else {
                    try writeAtomically(preview.bytes, to: target)
                }
                let time = seconds(ContinuousClock.now - start)
                rows.append([name, "\(preview.frames)", String(format: "%.2f s", preview.duration),
                             String(format: "%.1f KB", Double(preview.bytes.count) / 1024), String(format: "%.2f s", time)])
                console.line("\(path) -> \(target)")
            } catch {
                console.error("\(error)")
                failed.append(path)
            }
        }
        if !rows.isEmpty && !check { console.line(table(["scene", "frames", "duration", "size", "time"], rows)) }
        if !stale.isEmpty {
            FileHandle.standardError.write(Data(("out of date (run `render-previews` and commit Output/):\n"
                + stale.map { "  \($0)\n" }.joined()).utf8))
        }
        if !failed.isEmpty { throw ExitCode(2) }
        if !stale.isEmpty { throw ExitCode(1) }
        if check { console.line("Output/ is up to date (\(rows.count) previews)") }
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenes with their kind, size, frame count and duration.")

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    func run() throws {
        try reportingErrors {
            var rows: [[String]] = []
            let text = TextMeasurer()
            for path in try sceneFiles(in: scenes, only: nil) {
                let document = try SceneLoader.loadDocument(path: path)
                let frames = document.frames(measuring: text)
                let c = document.canvas
                rows.append([((path as NSString).lastPathComponent as NSString).deletingPathExtension, document.kind,
                             "\(c.pixelWidth)x\(c.pixelHeight)", "\(frames.count)",
                             String(format: "%.2f s", frames.isStill ? 0 : Double(frames.count) * frames.frameDuration)])
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
