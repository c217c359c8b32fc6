import Foundation

/// A problem with a scene file, formatted like a compiler diagnostic so editors can jump to it:
/// `Scenes/x.json:12:7: root.sublayers[2].transform: expected 16 numbers, found 9`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    /// 1-based; 0 when the error concerns the whole file (it cannot be read).
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 when `line` is 0.
    public var column: Int
    /// Where in the scene, e.g. `root.sublayers[2].transform`; empty for syntax errors and the top level.
    public var keyPath: String
    public var message: String
    /// The file's other problems that decoding found after this one, in the order found (mostly the file's):
    /// a file with several mistakes is reported whole, up to `SceneDecoder.maxErrors`.
    public var further: [SceneError] = []

    public init(file: String, line: Int, column: Int, keyPath: String = "", message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }

    /// Line -1 marks a value given on the command line with `--set`.
    public static let commandLine = -1

    /// This problem and the further ones, each on its own.
    public var all: [SceneError] {
        var first = self
        first.further = []
        return [first] + further
    }

    /// `FILE:LINE:COLUMN`, or `FILE` for a problem of the whole file or of a `--set`.
    public var location: String { line > 0 ? "\(file):\(line):\(column)" : file }

    /// Where in the scene and what is wrong: `root.opacity: expected a value in 0...1, found 2`, with `--set`
    /// first for a value given on the command line.
    public var detail: String {
        var text = line == Self.commandLine ? (keyPath.isEmpty ? "--set: " : "--set ") : ""
        if !keyPath.isEmpty { text += keyPath + ": " }
        return text + message
    }

    public var description: String { location + ": " + detail }

    /// This problem and the further ones as the command line (and the designer) print them, the way compilers
    /// write theirs so editors and CI logs point at the place: `FILE:LINE:COLUMN: error: DETAIL`, a line each.
    public var diagnostics: String { all.map { "\($0.location): error: \($0.detail)" }.joined(separator: "\n") }

    // Foundation's localizedDescription would otherwise hide the message.
    public var errorDescription: String? { description }
}
