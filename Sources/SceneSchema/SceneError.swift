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

    public init(file: String, line: Int, column: Int, keyPath: String = "", message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }

    /// Line -1 marks a value given on the command line with `--set`.
    public static let commandLine = -1

    public var description: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": "
        if line == Self.commandLine { text += "--set " }
        if !keyPath.isEmpty { text += keyPath + ": " }
        return text + message
    }

    // Foundation's localizedDescription would otherwise hide the message.
    public var errorDescription: String? { description }
}
