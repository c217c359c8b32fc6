import Foundation
import SceneFormat
import SceneSchema

/// A refused request: the HTTP status and the line the command line would print for the same input.
public struct DesignerError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var message: String

    public init(_ status: Int, _ message: String) { self.status = status; self.message = message }

    public var description: String { message }

    /// A mistake in the options, worded as the command line words its usage errors.
    static func usage(_ text: String) -> DesignerError { DesignerError(400, "render-previews: error: " + text) }
}

/// A query string read as the command line reads its options: `scene=NAME&time=S&set=KEY=VALUE&set=…`.
/// `+` is a space and `%XX` a byte, as browsers encode forms; repeated names keep their order.
public struct DesignerQuery: Sendable {
    public private(set) var items: [(name: String, value: String)] = []

    public init(_ raw: String) throws(DesignerError) {
        for part in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(pair[0]), let value = Self.decode(pair.count > 1 ? pair[1] : "") else {
                throw DesignerError.usage("malformed query: '\(part)' is not percent-encoded UTF-8")
            }
            guard !name.isEmpty else { throw DesignerError.usage("malformed query: '\(part)' has no name") }
            items.append((name, value))
        }
    }

    private static func decode(_ s: Substring) -> String? {
        String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The last value given, as an option given twice on the command line takes the last.
    public func value(_ name: String) -> String? { items.last { $0.name == name }?.value }

    public func values(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }

    /// Refuses names the endpoint does not read, as the command line refuses an unknown option.
    func allow(_ names: Set<String>) throws(DesignerError) {
        if let unknown = items.first(where: { !names.contains($0.name) }) {
            throw .usage("Unknown option '--\(unknown.name)'")
        }
    }

    /// `set=KEY=VALUE` overrides, checked as `--set` checks them.
    func overrides(_ name: String = "set") throws(DesignerError) -> [SceneOverride] {
        try values(name).map { text throws(DesignerError) in
            guard let o = SceneOverride(text) else { throw .usage("--set expects key=value, found '\(text)'") }
            return o
        }
    }

    /// The scene's name; required.
    func scene() throws(DesignerError) -> String {
        guard let name = value("scene") else { throw .usage("Missing expected argument '<scene>'") }
        return name
    }

    /// `time=S` or `index=N`, checked with the command line's words (`FrameSelection`).
    func selection() throws(DesignerError) -> FrameChoice {
        let time = try value("time").map { text throws(DesignerError) -> Double in
            guard let t = Double(text) else { throw .usage("The value '\(text)' is invalid for '--time <time>'") }
            return t
        }
        let index = try value("index").map { text throws(DesignerError) -> Int in
            guard let i = Int(text) else { throw .usage("The value '\(text)' is invalid for '--index <index>'") }
            return i
        }
        if index != nil && time != nil { throw .usage("give --index or --time, not both") }
        if let index {
            guard index >= 0 else { throw .usage("--index must be 0 or more, found \(index)") }
            return .index(index)
        }
        if let time {
            guard time.isFinite && time >= 0 else { throw .usage("--time must be a finite number of seconds >= 0") }
            return .time(time)
        }
        return .index(0)
    }
}

/// Which frame a request asks for.
public enum FrameChoice: Sendable, Equatable {
    case index(Int)
    case time(Double)
}

/// Seconds as the command line writes them: at most three decimals ("5.1 s").
func secondsText(_ t: Double) -> String { "\(formatNumber((t * 1000).rounded() / 1000)) s" }
