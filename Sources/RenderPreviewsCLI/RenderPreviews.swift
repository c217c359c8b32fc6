import ArgumentParser
import Compositor
import Geometry
import Encoders
import Foundation
import LayerTree
import Raster
import SceneFormat
import SceneSchema

@main
struct RenderPreviews: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-previews",
        abstract: "Render interaction previews of iOS list cells from scene files.",
        subcommands: [Render.self, List.self, Frame.self, Frames.self, Tree.self, Sweep.self, Format.self, Parameters.self,
                      Bench.self, EncodeGIF.self, Design.self],
        defaultSubcommand: Render.self
    )

    /// Bad input exits with status 2 whether the scene or the command line is wrong (ArgumentParser's
    /// own usage errors would exit 64).
    static func main() {
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

    func load(_ path: String) throws -> SceneDocument {
        try SceneLoader.loadDocument(path: path, overrides: overrides)
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

    func frame(of document: SceneDocument, path: String, measuring text: any TextMeasuring) throws -> LayerScene {
        let frames = document.frames(measuring: text)
        if let index {
            guard index < frames.count else {
                let what = frames.isStill ? "a still scene has one frame (index 0)" : "the scene has \(frames.count) frames (0...\(frames.count - 1))"
                throw CLIError("\(path): \(what); --index \(index) is out of range")
            }
            return frames.frame(index: index)
        }
        if let time {
            guard frames.isStill || time <= frames.duration + 1e-9 else {
                throw CLIError("\(path): --time \(secondsText(time)) is past the end of the scene (\(secondsText(frames.duration)); "
                    + "the last frame is at \(secondsText(frames.time(ofFrame: frames.count - 1))))")
            }
            return frames.frame(at: time)
        }
        return frames.frame(index: 0)
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command body; bad input is reported on stderr as one line and exits with status 2.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error where error is SceneError || error is CLIError || error is FileSystemError {
        FileHandle.standardError.write(Data((errorText(error) + "\n").utf8))
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch {
        // Environment and output failures (a missing font, an unwritable file): status 1.
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
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
