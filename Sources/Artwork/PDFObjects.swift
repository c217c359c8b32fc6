/// PDF's object syntax (ISO 32000 §7.3), just enough for vector artwork: numbers, strings, names, arrays,
/// dictionaries, references and streams, and the file's indirect objects found by scanning for `N G obj`
/// (Quartz writes PDF 1.3/1.4: no object streams), so a stale or broken xref table does not matter.

/// Why a PDF could not be read.
public struct ArtworkError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

indirect enum PDFObject: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary([String: PDFObject])
    case reference(Int)
    /// A stream: its dictionary and its raw (still encoded) bytes.
    case stream([String: PDFObject], ArraySlice<UInt8>)

    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var name: String? { if case .name(let n) = self { n } else { nil } }
    var array: [PDFObject]? { if case .array(let a) = self { a } else { nil } }
    var dictionary: [String: PDFObject]? {
        switch self {
        case .dictionary(let d), .stream(let d, _): d
        default: nil
        }
    }
}

/// A token of PDF syntax: an object, a keyword (`obj`, `R`, content operators) or a bracket.
enum PDFToken {
    case object(PDFObject)
    case keyword(String)
    case arrayStart, arrayEnd, dictionaryStart, dictionaryEnd
}

/// Reads tokens and objects from bytes. Every loop advances or stops, nesting is bounded: bad bytes give
/// an error or an end, never a trap.
struct PDFLexer {
    let bytes: ArraySlice<UInt8>
    var i: Int

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes; i = bytes.startIndex }

    static let maxNesting = 32
    static let maxStringLength = 1 << 20

    static func isWhite(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0x00 }
    static func isDelimiter(_ b: UInt8) -> Bool {
        b == 0x28 || b == 0x29 || b == 0x3C || b == 0x3E || b == 0x5B || b == 0x5D || b == 0x7B || b == 0x7D || b == 0x2F || b == 0x25
    }
    static func isRegular(_ b: UInt8) -> Bool { !isWhite(b) && !isDelimiter(b) }

    var atEnd: Bool { i >= bytes.endIndex }

    mutating func skipWhitespace() {
        while i < bytes.endIndex {
            let b = bytes[i]
            if Self.isWhite(b) { i += 1; continue }
            if b == 0x25 {  // % comment to the end of the line
                while i < bytes.endIndex && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                continue
            }
            break
        }
    }

    mutating func nextToken() throws -> PDFToken? {
        skipWhitespace()
        guard i < bytes.endIndex else { return nil }
        let b = bytes[i]
        switch b {
        case 0x5B: i += 1; return .arrayStart
        case 0x5D: i += 1; return .arrayEnd
        case 0x3C:
            if i + 1 < bytes.endIndex && bytes[i + 1] == 0x3C { i += 2; return .dictionaryStart }
            return .object(.string(try hexString()))
        case 0x3E:
            if i + 1 < bytes.endIndex && bytes[i + 1] == 0x3E { i += 2; return .dictionaryEnd }
            throw ArtworkError("unexpected '>' at byte \(i)")
        case 0x28: return .object(.string(try literalString()))
        case 0x2F: return .object(.name(name()))
        case 0x7B, 0x7D, 0x29: i += 1; return .keyword(String(UnicodeScalar(b)))
        default:
            let start = i
            while i < bytes.endIndex && Self.isRegular(bytes[i]) { i += 1 }
            if i == start { i += 1; throw ArtworkError("unexpected byte \(b) at \(start)") }
            let word = bytes[start..<i]
            if let n = Self.number(word) { return .object(.number(n)) }
            let text = String(decoding: word, as: UTF8.self)
            switch text {
            case "true": return .object(.bool(true))
            case "false": return .object(.bool(false))
            case "null": return .object(.null)
            default: return .keyword(text)
            }
        }
    }

    /// `[+-]digits[.digits]` or `[+-].digits`; nil for anything else (a keyword). Read by Double's own
    /// parser, so "0.4745098" is the same Double as the literal.
    static func number(_ word: ArraySlice<UInt8>) -> Double? {
        guard word.count <= 64 else { return nil }
        var text: [UInt8] = []
        var digits = 0, dot = false
        for (k, c) in word.enumerated() {
            if c >= 0x30 && c <= 0x39 {
                digits += 1
            } else if c == 0x2E && !dot {
                dot = true
                if digits == 0 { text.append(0x30) }  // ".5" -> "0.5"
            } else if (c == 0x2B || c == 0x2D) && k == 0 {
            } else {
                return nil
            }
            text.append(c)
        }
        guard digits > 0 else { return nil }
        if text.last == 0x2E { text.append(0x30) }  // "5." -> "5.0"
        guard let v = Double(String(decoding: text, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    mutating func name() -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.endIndex && Self.isRegular(bytes[i]) {
            if bytes[i] == 0x23, i + 2 < bytes.endIndex, let h = Self.hex(bytes[i + 1]), let l = Self.hex(bytes[i + 2]) {
                out.append(h << 4 | l); i += 3
            } else {
                out.append(bytes[i]); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    mutating func hexString() throws -> [UInt8] {
        i += 1
        var out: [UInt8] = [], high: UInt8? = nil
        while i < bytes.endIndex {
            let b = bytes[i]
            i += 1
            if b == 0x3E {
                if let h = high { out.append(h << 4) }
                return out
            }
            if Self.isWhite(b) { continue }
            guard let v = Self.hex(b) else { throw ArtworkError("bad hex string byte \(b) at \(i - 1)") }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
            if out.count > Self.maxStringLength { throw ArtworkError("string too long at \(i)") }
        }
        throw ArtworkError("unterminated hex string")
    }

    mutating func literalString() throws -> [UInt8] {
        i += 1
        var out: [UInt8] = [], depth = 1
        while i < bytes.endIndex {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x28: depth += 1; out.append(b)
            case 0x29:
                depth -= 1
                if depth == 0 { return out }
                out.append(b)
            case 0x5C:
                guard i < bytes.endIndex else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x30...0x37:
                    var v = Int(e - 0x30), n = 1
                    while n < 3, i < bytes.endIndex, (0x30...0x37).contains(bytes[i]) { v = v * 8 + Int(bytes[i] - 0x30); i += 1; n += 1 }
                    out.append(UInt8(truncatingIfNeeded: v))
                case 0x0D: if i < bytes.endIndex && bytes[i] == 0x0A { i += 1 }
                case 0x0A: break
                default: out.append(e)
                }
            default: out.append(b)
            }
            if out.count > Self.maxStringLength { throw ArtworkError("string too long at \(i)") }
        }
        throw ArtworkError("unterminated string")
    }

    /// One whole object (arrays and dictionaries read to their end); `N G R` becomes a reference.
    mutating func object(depth: Int = 0) throws -> PDFObject {
        guard let token = try nextToken() else { throw ArtworkError("expected an object, found the end") }
        return try object(from: token, depth: depth)
    }

    mutating func object(from token: PDFToken, depth: Int) throws -> PDFObject {
        guard depth < Self.maxNesting else { throw ArtworkError("objects nested too deep") }
        switch token {
        case .object(.number(let n)):
            // `N G R`: look ahead without consuming anything else.
            let save = i
            if n >= 0, n == n.rounded(), n < 1e9,
               case .object(.number(let g))? = try? nextToken(), g >= 0, g == g.rounded(),
               case .keyword("R")? = try? nextToken() {
                return .reference(Int(n))
            }
            i = save
            return .number(n)
        case .object(let o): return o
        case .arrayStart:
            var items: [PDFObject] = []
            while true {
                guard let t = try nextToken() else { throw ArtworkError("unterminated array") }
                if case .arrayEnd = t { return .array(items) }
                items.append(try object(from: t, depth: depth + 1))
            }
        case .dictionaryStart:
            var d: [String: PDFObject] = [:]
            while true {
                guard let t = try nextToken() else { throw ArtworkError("unterminated dictionary") }
                if case .dictionaryEnd = t { return .dictionary(d) }
                guard case .object(.name(let key)) = t else { throw ArtworkError("expected a name as a dictionary key at byte \(i)") }
                d[key] = try object(depth: depth + 1)
            }
        case .keyword(let k): throw ArtworkError("unexpected keyword '\(k.prefix(20))' at byte \(i)")
        case .arrayEnd, .dictionaryEnd: throw ArtworkError("unexpected closing bracket at byte \(i)")
        }
    }
}

/// A PDF file's indirect objects by number.
struct PDFFile {
    var objects: [Int: PDFObject] = [:]

    static let maxObjects = 100_000

    init(bytes: [UInt8]) throws {
        guard bytes.count >= 8, bytes.starts(with: Array("%PDF-".utf8)) else { throw ArtworkError("not a PDF file (no %PDF- header)") }
        let all = bytes[...]
        // Every `N G obj`: the keyword's position and the number before it.
        var found: [(at: Int, number: Int)] = []
        let o = UInt8(ascii: "o"), b = UInt8(ascii: "b"), j = UInt8(ascii: "j")
        var k = 0
        while k + 3 <= bytes.count {
            defer { k += 1 }
            guard bytes[k] == o, bytes[k + 1] == b, bytes[k + 2] == j,
                  k + 3 == bytes.count || !PDFLexer.isRegular(bytes[k + 3]),
                  let number = Self.objectNumber(before: k, in: bytes) else { continue }
            guard found.count < Self.maxObjects else { throw ArtworkError("more than \(Self.maxObjects) objects") }
            found.append((k, number))
        }
        // Each object is read only up to the next one, so hostile text costs linear time in all.
        var pending: [(number: Int, dictionary: [String: PDFObject], start: Int, limit: Int)] = []
        let streamWord = Array("stream".utf8)
        for (n, entry) in found.enumerated() {
            let limit = n + 1 < found.count ? found[n + 1].at : bytes.count
            var lexer = PDFLexer(all[(entry.at + 3)..<limit])
            // A damaged object is skipped: the page may not need it.
            guard let value = try? lexer.object() else { continue }
            lexer.skipWhitespace()
            if case .dictionary(let d) = value, bytes[lexer.i...].starts(with: streamWord) {
                var start = lexer.i + streamWord.count
                if start < bytes.count && bytes[start] == 0x0D { start += 1 }
                if start < bytes.count && bytes[start] == 0x0A { start += 1 }
                pending.append((entry.number, d, start, bytes.count))
            } else {
                objects[entry.number] = value
            }
        }
        // Streams last: Quartz gives /Length as a reference to an object written after the stream.
        var searchBudget = 8 * bytes.count
        for s in pending {
            var length = s.dictionary["Length"]
            if case .reference(let r)? = length { length = objects[r] }
            let end = try Self.streamEnd(start: s.start, declared: length, in: bytes, budget: &searchBudget)
            objects[s.number] = .stream(s.dictionary, all[s.start..<end])
        }
    }

    /// The object number of `N G obj` whose keyword starts at `k`.
    static func objectNumber(before k: Int, in bytes: [UInt8]) -> Int? {
        var p = k - 1
        func white() -> Bool { var n = 0; while p >= 0 && PDFLexer.isWhite(bytes[p]) { p -= 1; n += 1 }; return n > 0 }
        func digits() -> Int? {
            var value = 0, scale = 1, n = 0
            while p >= 0 && bytes[p] >= 0x30 && bytes[p] <= 0x39 && n < 9 { value += Int(bytes[p] - 0x30) * scale; scale *= 10; p -= 1; n += 1 }
            return n > 0 ? value : nil
        }
        guard white(), digits() != nil, white(), let number = digits() else { return nil }
        guard p < 0 || !PDFLexer.isRegular(bytes[p]) else { return nil }
        return number
    }

    /// Where a stream's data ends: its /Length when that lands on `endstream`, else the next `endstream`
    /// (searches share `budget`, so many unterminated streams cannot cost quadratic time).
    static func streamEnd(start: Int, declared: PDFObject?, in bytes: [UInt8], budget: inout Int) throws -> Int {
        let end = Array("endstream".utf8)
        if case .number(let n)? = declared, n >= 0, n <= Double(bytes.count - start) {
            var e = start + Int(n)
            while e < bytes.count && PDFLexer.isWhite(bytes[e]) { e += 1 }
            if bytes[e...].starts(with: end) { return start + Int(n) }
        }
        var e = start
        while e + end.count <= bytes.count {
            budget -= 1
            guard budget > 0 else { throw ArtworkError("too many streams without a usable /Length or endstream") }
            if bytes[e] == end[0] && bytes[e..<(e + end.count)].elementsEqual(end) {
                // The EOL before endstream is not data.
                var stop = e
                if stop > start && bytes[stop - 1] == 0x0A { stop -= 1 }
                if stop > start && bytes[stop - 1] == 0x0D { stop -= 1 }
                return stop
            }
            e += 1
        }
        return bytes.count
    }

    /// The object behind references (chains bounded).
    func resolve(_ object: PDFObject?) -> PDFObject? {
        var current = object
        for _ in 0..<16 {
            guard case .reference(let n)? = current else { return current }
            current = objects[n]
        }
        return nil
    }

    func dictionary(_ object: PDFObject?) -> [String: PDFObject]? { resolve(object)?.dictionary }
    func number(_ object: PDFObject?) -> Double? { resolve(object)?.number }
    func array(_ object: PDFObject?) -> [PDFObject]? { resolve(object)?.array }
    func name(_ object: PDFObject?) -> String? { resolve(object)?.name }

    /// Most bytes inflating one file may produce, over all its streams.
    static let maxDecodedBytes = 32 << 20

    /// A stream's data with its filters undone (FlateDecode only, no predictors).
    func decoded(_ object: PDFObject?, budget: inout Int) throws -> [UInt8] {
        guard case .stream(let d, let raw)? = resolve(object) else { throw ArtworkError("expected a stream") }
        var filters: [String] = []
        switch resolve(d["Filter"]) {
        case nil, .null?: break
        case .name(let n)?: filters = [n]
        case .array(let a)?: filters = a.compactMap { name($0) }
        default: throw ArtworkError("unreadable /Filter")
        }
        var data = Array(raw)
        for f in filters {
            guard f == "FlateDecode" || f == "Fl" else { throw ArtworkError("unsupported stream filter /\(f)") }
            if let parms = dictionary(d["DecodeParms"]), let p = number(parms["Predictor"]), p > 1 {
                throw ArtworkError("unsupported Flate predictor \(Int(p))")
            }
            data = try Inflate.inflate(data, limit: budget)
            budget -= data.count
        }
        return data
    }
}
