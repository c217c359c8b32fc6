import Foundation
internal import SceneSchema

/// A problem with a scene, worded like a compiler diagnostic so editors can jump to it:
/// `Scenes/x.json:12:7: root.sublayers[2].transform: expected 16 numbers, found 9`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The schema's own error, so the kit and the command line word problems the same.
    let underlying: SceneSchema.SceneError

    init(_ underlying: SceneSchema.SceneError) { self.underlying = underlying }

    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        underlying = SceneSchema.SceneError(file: file, line: line, column: column, keyPath: keyPath, message: message)
    }

    /// The scene file (or the name given with its data).
    public var file: String { underlying.file }
    /// 1-based; 0 when the problem concerns the whole file; -1 for an override (`--set`).
    public var line: Int { underlying.line }
    /// 1-based, counted in Unicode scalars; 0 when ``line`` is not positive.
    public var column: Int { underlying.column }
    /// Where in the scene, e.g. `root.sublayers[2].transform`; empty for syntax errors and the top level.
    public var keyPath: String { underlying.keyPath }
    /// What is wrong, and where it can be said, what would be right.
    public var message: String { underlying.message }
    /// This problem and the others the same file has, each on its own, in the order found: reading goes on past
    /// a mistake wherever the rest does not depend on it, so a file with several is reported whole (up to 20,
    /// then a last one saying it stopped).
    public var all: [SceneError] { underlying.all.map(SceneError.init) }

    public var description: String { underlying.description }

    public var errorDescription: String? { description }

    static func translating<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as SceneSchema.SceneError { throw SceneError(e) }
    }
}
