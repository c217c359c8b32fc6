import Foundation
internal import SceneSchema

/// A problem with a scene, worded like a compiler diagnostic so editors can jump to it:
/// `Scenes/x.json:12:7: root.sublayers[2].transform: expected 16 numbers, found 9`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The scene file (or the name given with its data).
    public var file: String
    /// 1-based; 0 when the problem concerns the whole file; -1 for an override (`--set`).
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 when `line` is not positive.
    public var column: Int
    /// Where in the scene, e.g. `root.sublayers[2].transform`; empty for syntax errors and the top level.
    public var keyPath: String
    /// What is wrong, and where it can be said what would be right.
    public var message: String

    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath; self.message = message
    }

    init(_ e: SceneSchema.SceneError) {
        self.init(file: e.file, line: e.line, column: e.column, keyPath: e.keyPath, message: e.message)
    }

    /// The schema's own wording, so the kit and the command line say the same.
    public var description: String {
        SceneSchema.SceneError(file: file, line: line, column: column, keyPath: keyPath, message: message).description
    }

    public var errorDescription: String? { description }

    static func translating<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as SceneSchema.SceneError { throw SceneError(e) }
    }
}
