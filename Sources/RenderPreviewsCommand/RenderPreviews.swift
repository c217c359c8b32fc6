import ArgumentParser
import BuiltInKinds
import Compositor
import Geometry
import Encoders
import Foundation
import LayerTree
import Raster
import RenderPreviewsKit
import SceneFormat
import SceneSchema

/// The `render-previews` command line, with every verb. `main(kinds:)` runs it with a package's own kinds.
public struct RenderPreviews: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "render-previews",
        abstract: "Render previews of iOS interaction designs from scene files into GIF and PNG: swipeable table and "
            + "collection cells, flow views, paging and cover-flow collection layouts, the Mini Timer demos, still "
            + "layer trees.",
        subcommands: [Render.self, List.self, Frame.self, Frames.self, Tree.self, Sweep.self, Format.self, Parameters.self,
                      Bench.self, VerifyDamage.self, EncodeGIF.self, Design.self],
        defaultSubcommand: Render.self
    )

    /// ArgumentParser's usage errors in the form of every other error (`errorText`), not its "Error: ".
    public static var _errorPrefix: String { "render-previews: error: " }

    /// A package's own kinds, read beside the built-in ones: set for the run by `main(kinds:)`, read by each
    /// command on its own thread before any work goes to other threads (a task-local value is not seen there).
    @TaskLocal static var extraKinds: [any PreviewKind.Type] = []

    /// The kinds this run reads.
    static var kinds: PreviewKinds { .builtIn + extraKinds }

    /// The command line with a package's own kinds (written with RenderPreviewsKindKit) beside the built-in ones:
    /// a package's executable target is `RenderPreviews.main(kinds: [CarouselKind.self])`. A kind that takes a
    /// name already taken is refused before anything is read.
    @MainActor public static func main(kinds: [any PreviewKind.Type]) {
        if let refusal = (PreviewKinds.builtIn + kinds).duplicateNamesRefusal {
            FileHandle.standardError.write(Data(refusal.utf8))
            Foundation.exit(2)
        }
        $extraKinds.withValue(kinds) { main() }
    }

    /// Bad input exits with status 2 whether the scene or the command line is wrong (ArgumentParser's
    /// own usage errors would exit 64).
    public static func main() {
        Platform.lineBufferStandardOutput()
        TemporaryFiles.shared.installSignalHandlers()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `--set key=value` overrides, shared by every command that reads scenes.
struct SceneSettings: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value, e.g. --set eyePosition=300 (repeatable).",
                                                         valueName: "key=value"))
    var settings: [String] = []

    func validate() throws {
        for s in settings where SceneOverride(s) == nil {
            throw ValidationError("--set expects key=value, found '\(s)'")
        }
    }

    var overrides: [SceneOverride] { settings.compactMap(SceneOverride.init) }

    /// The scene file with the overrides, through the public kit (what `render`, `frame` and `tree` read).
    /// `kinds` are the package's own (`RenderPreviews.extraKinds`, read on the command's thread).
    func scene(_ path: String, kinds: [any PreviewKind.Type]) throws -> PreviewScene {
        try PreviewScene(contentsOf: URL(fileURLWithPath: path), overrides: settings, kinds: kinds)
    }

    /// The scene file's document, for the commands that reach past the kit (`bench`, `sweep`).
    func load(_ path: String, kinds: PreviewKinds) throws -> SceneDocument {
        try SceneLoader.loadDocument(path: path, overrides: overrides, kinds: kinds)
    }
}

/// Which frame of a scene a command works on.
struct FrameSelection: ParsableArguments {
    // Unconditional, so "--index -1" is read as a value and refused by name rather than taken for an option.
    @Option(parsing: .unconditional, help: "Frame index (a layers scene has one frame, index 0).")
    var index: Int?

    @Option(parsing: .unconditional, help: "Time in seconds from the start of the scene.")
    var time: Double?

    func validate() throws {
        if index != nil && time != nil { throw ValidationError("give --index or --time, not both") }
        if let index, index < 0 { throw ValidationError("--index must be 0 or more, found \(index)") }
        if let time, !(time.isFinite && time >= 0) { throw ValidationError("--time must be a finite number of seconds >= 0") }
    }

    /// The frame asked for: an index, a time, or frame 0; refused by name when it is outside the scene.
    enum Pick { case index(Int), time(Double) }

    func pick(count: Int, isStill: Bool, duration: Double, timeOfLast: Double, path: String) throws -> Pick {
        if let index {
            guard index < count else {
                let what = isStill ? "a still scene has one frame (index 0)" : "the scene has \(count) frames (0...\(count - 1))"
                throw CLIError("\(path): \(what); --index \(index) is out of range")
            }
            return .index(index)
        }
        if let time {
            guard isStill || time <= duration + 1e-9 else {
                throw CLIError("\(path): --time \(secondsText(time)) is past the end of the scene (\(secondsText(duration)); "
                    + "the last frame is at \(secondsText(timeOfLast)))")
            }
            return .time(time)
        }
        return .index(0)
    }

    func pick(in scene: PreviewScene, path: String) throws -> Pick {
        try pick(count: scene.frameCount, isStill: scene.isStill, duration: scene.duration,
                 timeOfLast: scene.time(ofFrame: scene.frameCount - 1), path: path)
    }

    func frame(of document: SceneDocument, path: String, measuring text: any TextMeasuring) throws -> LayerScene {
        let frames = try document.frames(measuring: text)
        switch try pick(count: frames.count, isStill: frames.isStill, duration: frames.duration,
                        timeOfLast: frames.time(ofFrame: frames.count - 1), path: path) {
        case .index(let i): return frames.frame(index: i)
        case .time(let t): return frames.frame(at: t)
        }
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command body; bad input is reported on stderr (a line a problem) and exits with status 2.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error where error is SceneSchema.SceneError || error is RenderPreviewsKit.SceneError || error is CLIError
                || error is FileSystemError {
        FileHandle.standardError.write(Data((errorText(error) + "\n").utf8))
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch {
        // Environment and output failures (a missing font, an unwritable file): status 1.
        FileHandle.standardError.write(Data((errorText(error) + "\n").utf8))
        throw ExitCode(1)
    }
}

/// Seconds as people read them: at most three decimals, no binary noise ("5.1 s", not "5.1000000000000005").
func secondsText(_ t: Double) -> String { "\(formatNumber((t * 1000).rounded() / 1000)) s" }

/// `-o` must name the format the command writes.
func checkExtension(_ path: String, _ wanted: String, _ what: String) throws {
    guard (path as NSString).pathExtension.lowercased() == wanted else {
        throw ValidationError("-o \(path): \(what) writes \(wanted.uppercased()); name a .\(wanted) file")
    }
}
