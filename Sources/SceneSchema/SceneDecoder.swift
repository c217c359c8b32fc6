import Foundation
import Geometry
import LayerTree

/// Allowed range of a number, with the wording used in "expected a value …" messages and the bounds a
/// designer's slider may use.
public struct NumberRule: Hashable, Sendable {
    public var minimum: Double?
    public var minimumIsExclusive = false
    public var maximum: Double?
    public var maximumIsExclusive = false
    /// "a value >= 0", as read in "expected a value >= 0, found -1".
    public var expectation: String

    public init(minimum: Double? = nil, exclusive minimumIsExclusive: Bool = false, maximum: Double? = nil,
                exclusiveMaximum maximumIsExclusive: Bool = false, expectation: String) {
        self.minimum = minimum; self.minimumIsExclusive = minimumIsExclusive
        self.maximum = maximum; self.maximumIsExclusive = maximumIsExclusive; self.expectation = expectation
    }

    public func accepts(_ v: Double) -> Bool {
        if let minimum, minimumIsExclusive ? !(v > minimum) : !(v >= minimum) { return false }
        if let maximum, maximumIsExclusive ? !(v < maximum) : !(v <= maximum) { return false }
        return true
    }

    public static let any = NumberRule(expectation: "a number")
    public static let nonNegative = NumberRule(minimum: 0, expectation: "a value >= 0")
    public static let positive = NumberRule(minimum: 0, exclusive: true, expectation: "a value > 0")
    public static let unit = NumberRule(minimum: 0, maximum: 1, expectation: "a value in 0...1")
    public static let scale = NumberRule(minimum: 0, exclusive: true, maximum: 4, expectation: "a value > 0 and <= 4")

    /// The range as the docs write it: "≥ 0", "0...1", "> 0, ≤ 4", or "" for any number.
    public var summary: String {
        switch (minimum, maximum) {
        case (nil, nil): return ""
        case (let lo?, nil): return (minimumIsExclusive ? "> " : "≥ ") + formatNumber(lo)
        case (nil, let hi?): return (maximumIsExclusive ? "< " : "≤ ") + formatNumber(hi)
        case (let lo?, let hi?):
            if !minimumIsExclusive && !maximumIsExclusive { return "\(formatNumber(lo))...\(formatNumber(hi))" }
            return (minimumIsExclusive ? "(" : "[") + formatNumber(lo) + ", " + formatNumber(hi) + (maximumIsExclusive ? ")" : "]")
        }
    }
}

/// Reads JSON values into typed ones, turning every problem into a `SceneError` that names the file, the
/// line and column of the offending value, and its key path.
public struct SceneDecoder: Sendable {
    public let file: String
    /// How deep the value being decoded is nested in its own kind (sublayers count it).
    public var depth = 0
    /// Where the problems go when decoding carries on past them; nil: the first one is thrown.
    let problems: Problems?

    /// `gathering`: decoding goes on past a problem wherever the rest does not depend on it (another key of an
    /// object, another element of an array), and `gatheringErrors` throws them all at once.
    public init(file: String, gathering: Bool = false) {
        self.file = file
        problems = gathering ? Problems() : nil
    }

    /// Most problems reported for one file; past them decoding stops.
    public static let maxErrors = 20

    /// The problems of one file, in the order found. Decoding is sequential; the lock only makes the
    /// `Sendable` decoder's shared list safe to hold.
    final class Problems: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [SceneError] = []
        var errors: [SceneError] { lock.lock(); defer { lock.unlock() }; return list }
        /// Whether there was room for it.
        func add(_ error: SceneError) -> Bool {
            lock.lock(); defer { lock.unlock() }
            guard list.count < SceneDecoder.maxErrors else { return false }
            list.append(error)
            return true
        }
    }

    /// Thrown in place of problems already gathered: the value that holds them could not be read, so nothing
    /// that depends on it is checked.
    struct Gathered: Error {}
    /// Thrown when `maxErrors` problems are gathered: decoding stops.
    struct TooMany: Error {}

    /// A problem of one key or element: gathered (decoding goes on with the next one), or thrown when the
    /// decoder does not gather. Other errors pass through.
    public func gather(_ error: any Error) throws {
        guard let problems else { throw error }
        switch error {
        case is Gathered: return
        case let problem as SceneError:
            if !problems.add(problem) { throw TooMany() }
        default: throw error
        }
    }

    /// Runs a whole decode: the problems gathered on the way are thrown as the first with the others in its
    /// `further` (a note closes them when decoding stopped at `maxErrors`).
    public func gatheringErrors<T>(_ body: () throws -> T) throws -> T {
        guard let problems else { return try body() }
        var stopped = false
        do {
            let value = try body()
            if problems.errors.isEmpty { return value }
        } catch is TooMany {
            stopped = true
        } catch let problem as SceneError {
            stopped = !problems.add(problem)
        } catch is Gathered {
        }
        var all = problems.errors
        if stopped {
            all.append(SceneError(file: file, line: 0, column: 0,
                                  message: "stopped after \(Self.maxErrors) errors; fix these and run again"))
        }
        guard var first = all.first else { throw SceneError(file: file, line: 0, column: 0, message: "cannot be read") }
        first.further = Array(all.dropFirst())
        throw first
    }

    // Bounds on what a scene may ask for, checked where the value is read, so a hostile file gets an error
    // naming the key instead of minutes of layout or an allocation without bound. Far above any real scene.
    /// Most elements of any array (layers, items, emails, actions, steps, colors …).
    public static let maxArrayCount = 10_000
    /// Longest string, in UTF-8 bytes (text layout is superlinear in a paragraph's length).
    public static let maxStringLength = 10_000
    /// Largest whole number (itemCount, lineLimit).
    public static let maxInteger = 1_000_000

    public func error(_ value: JSONValue, _ path: String, _ message: String) -> SceneError {
        SceneError(file: file, line: value.line, column: value.column, keyPath: path, message: message)
    }

    public func error(key member: JSONValue.Member, _ path: String, _ message: String) -> SceneError {
        SceneError(file: file, line: member.keyLine, column: member.keyColumn, keyPath: path, message: message)
    }

    public func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    public func object(_ value: JSONValue, _ path: String) throws -> [JSONValue.Member] {
        guard case .object(let members) = value.kind else { throw mismatch(value, path, "an object") }
        return members
    }

    /// The single member of an object that stands for one choice (`{"drag": {…}}`), or an error naming the choices.
    public func onlyMember(_ value: JSONValue, _ path: String, expected: String) throws -> JSONValue.Member {
        let members = try object(value, path)
        guard members.count == 1, let member = members.first else {
            throw error(value, path, "expected \(expected), found \(members.count) keys")
        }
        return member
    }

    public func array(_ value: JSONValue, _ path: String) throws -> [JSONValue] {
        guard case .array(let items) = value.kind else { throw mismatch(value, path, "an array") }
        guard items.count <= Self.maxArrayCount else {
            throw error(value, path, "expected at most \(Self.maxArrayCount) elements, found \(items.count)")
        }
        return items
    }

    public func string(_ value: JSONValue, _ path: String) throws -> String {
        guard case .string(let s) = value.kind else { throw mismatch(value, path, "a string") }
        guard s.utf8.count <= Self.maxStringLength else {
            throw error(value, path, "expected a string of at most \(Self.maxStringLength) bytes, found \(s.utf8.count)")
        }
        return s
    }

    public func bool(_ value: JSONValue, _ path: String) throws -> Bool {
        guard case .bool(let b) = value.kind else { throw mismatch(value, path, "a boolean") }
        return b
    }

    public func number(_ value: JSONValue, _ path: String, _ rule: NumberRule = .any) throws -> Double {
        guard case .number(let n) = value.kind else { throw mismatch(value, path, "a number") }
        guard rule.accepts(n) else { throw error(value, path, "expected \(rule.expectation), found \(formatNumber(n))") }
        return n
    }

    public func integer(_ value: JSONValue, _ path: String) throws -> Int {
        let n = try number(value, path, .nonNegative)
        guard n == n.rounded(), n <= Double(Self.maxInteger) else { throw error(value, path, "expected a whole number >= 0, found \(formatNumber(n))") }
        return Int(n)
    }

    /// A fixed-length array of numbers; `rules` gives each element's range (one rule per element).
    public func numbers(_ value: JSONValue, _ path: String, _ rules: [NumberRule]) throws -> [Double] {
        guard case .array(let items) = value.kind else { throw mismatch(value, path, "an array of \(rules.count) numbers") }
        guard items.count == rules.count else { throw error(value, path, "expected \(rules.count) numbers, found \(items.count)") }
        return try zip(items, rules).enumerated().map { i, pair in try number(pair.0, path + "[\(i)]", pair.1) }
    }

    public func color(_ value: JSONValue, _ path: String) throws -> Color {
        guard case .string(let s) = value.kind else { throw mismatch(value, path, "a color string") }
        // Color(hex:) alone would accept a sign ("#+FFFFF") via UInt32(_:radix:), so check the digits here.
        let digits = s.utf8.dropFirst()
        guard s.hasPrefix("#"), digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 | 0x20 }),
              let color = Color(hex: s)
        else { throw error(value, path, "expected a color \"#RRGGBB\" or \"#RRGGBBAA\", found \(quoted(s))") }
        return color
    }

    /// One of a list of names, with a suggestion for a near miss.
    public func name(_ value: JSONValue, _ path: String, among names: [String]) throws -> String {
        let s = try string(value, path)
        if names.contains(s) { return s }
        var message = "expected one of \(names.map(quoted).joined(separator: ", ")), found \(quoted(s))"
        if let near = closestKey(to: s, in: names) { message += "; did you mean \(quoted(near))?" }
        throw error(value, path, message)
    }

    public func mismatch(_ value: JSONValue, _ path: String, _ expected: String) -> SceneError {
        error(value, path, "expected \(expected), found \(value.kindDescription)")
    }

    public func unknownKey(_ member: JSONValue.Member, _ path: String, known: [String]) -> SceneError {
        var message = "unknown key \(singleQuoted(member.key))"
        if let suggestion = closestKey(to: member.key, in: known) { message += ", did you mean '\(suggestion)'?" }
        // A `--set` is named by the whole key it gives (`--set eyePositon: unknown key …`), a file's key by the
        // object it is in, whose line and column follow the file's name.
        return error(key: member, member.keyLine == SceneError.commandLine ? child(path, member.key) : path, message)
    }
}

// MARK: - Wording

/// The known key nearest to a misspelled one (case-insensitive, transpositions count once), if close enough.
public func closestKey(to key: String, in known: [String]) -> String? {
    let typed = Array(key.lowercased().unicodeScalars)
    var best: (key: String, distance: Int)?
    for candidate in known {
        let d = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
        // Allow roughly one edit per three letters so short keys don't match everything.
        let allowed = max(1, min(3, candidate.count / 3))
        if d <= allowed && d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.key
}

/// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Long typed keys cannot be near any known key; bounding them keeps hostile input cheap.
    if abs(a.count - b.count) > 3 { return max(a.count, b.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// A string as JSON would write it, for echoing values in messages.
public func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += "\\u" + hex4(scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A key in single quotes; escaped like JSON only when it holds quotes or control characters.
public func singleQuoted(_ s: String) -> String {
    let body = quoted(s).dropFirst().dropLast()
    return "'" + body + "'"
}

/// Shortest text that reads back as the same Double; integers without ".0".
public func formatNumber(_ v: Double) -> String {
    let s = v.description
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}
