/// A parsed JSON value that remembers where it came from, so scene errors can point at it.
/// Lines and columns are 1-based; columns count Unicode scalars.
public struct JSONValue: Hashable, Sendable {
    /// One `"key": value` pair; object members keep their source order.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var keyLine: Int
        public var keyColumn: Int
        public var value: JSONValue

        public init(key: String, keyLine: Int, keyColumn: Int, value: JSONValue) {
            self.key = key; self.keyLine = keyLine; self.keyColumn = keyColumn; self.value = value
        }
    }

    public enum Kind: Hashable, Sendable {
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind; self.line = line; self.column = column
    }

    /// "an object", "a number", … as used in "expected X, found Y" messages.
    public var kindDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A malformed JSON document: what was wrong and exactly where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}

/// A strict RFC 8259 parser (Foundation's JSONSerialization reports no positions).
/// Beyond the RFC it rejects duplicate keys, numbers that overflow to infinity, lone surrogate escapes
/// (a Swift String cannot hold them) and nesting deeper than `maxDepth`.
public enum JSONParser {
    /// Bounds recursion so hostile input cannot overflow the stack.
    public static let maxDepth = 512

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: Array(text.utf8))
        return try reader.document()
    }
}

private extension UInt8 {
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
    static let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r"), tab = UInt8(ascii: "\t"), space = UInt8(ascii: " ")
    static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: "."), zero = UInt8(ascii: "0")

    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isWordByte: Bool { isDigit || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A) || self == 0x5F }
    var hexValue: UInt32? {
        switch self {
        case 0x30...0x39: UInt32(self - 0x30)
        case 0x41...0x46: UInt32(self - 0x41 + 10)
        case 0x61...0x66: UInt32(self - 0x61 + 10)
        default: nil
        }
    }
}

/// Works on UTF-8 bytes for speed; columns are counted in scalars on demand.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    var line = 1
    var lineStart = 0
    // Column cache: positions are asked for in increasing order, so counting stays linear on long lines.
    var cachedOffset = 0
    var cachedColumn = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    /// Line and column of `offset`, which must lie on the current line.
    mutating func position(_ offset: Int) -> (line: Int, column: Int) {
        if offset < cachedOffset || cachedOffset < lineStart {
            cachedOffset = lineStart
            cachedColumn = 1
        }
        while cachedOffset < offset {
            if bytes[cachedOffset] & 0xC0 != 0x80 { cachedColumn += 1 }
            cachedOffset += 1
        }
        return (line, cachedColumn)
    }

    mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        let p = position(offset)
        return JSONSyntaxError(line: p.line, column: p.column, message: message)
    }

    /// The character at `offset` for "found …" in messages.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let text = String(decoding: bytes[offset..<min(offset + length, bytes.count)], as: UTF8.self)
        let scalar = text.unicodeScalars.first!
        switch scalar {
        case "\n", "\r": return "a line break"
        case "\t": return "a tab"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace:
            return "U+" + hex4(scalar.value)
        default: return "'\(text)'"
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case .space, .tab:
                index += 1
            case .lf:
                index += 1
                line += 1; lineStart = index
            case .cr:
                index += 1
                // "\r\n" is one line break: the "\n" counts it.
                if index >= bytes.count || bytes[index] != .lf { line += 1; lineStart = index }
            default:
                return
            }
        }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3; cachedOffset = 3 }
        let value = try value()
        skipWhitespace()
        if !atEnd { throw error(at: index, "expected end of input after the JSON value, found \(found(at: index))") }
        return value
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let start = index
        let (line, column) = position(start)
        guard !atEnd else { throw error(at: start, "expected a value, found end of input") }
        let kind: JSONValue.Kind
        switch bytes[index] {
        case .openBrace: kind = try object()
        case .openBracket: kind = try array()
        case .quote: kind = .string(try string())
        case .minus, 0x30...0x39: kind = .number(try number())
        case let b where b.isWordByte:
            var end = index
            while end < bytes.count && bytes[end].isWordByte { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            switch word {
            case "true": kind = .bool(true)
            case "false": kind = .bool(false)
            case "null": kind = .null
            default: throw error(at: start, "expected a value, found '\(word)'")
            }
            index = end
        default:
            throw error(at: start, "expected a value, found \(found(at: start))")
        }
        return JSONValue(kind, line: line, column: column)
    }

    mutating func enterNesting(at offset: Int) throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth {
            throw error(at: offset, "nesting is deeper than \(JSONParser.maxDepth) levels")
        }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue.Kind {
        try enterNesting(at: index)
        index += 1
        var members: [JSONValue.Member] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        skipWhitespace()
        if !atEnd && bytes[index] == .closeBrace {
            index += 1; depth -= 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard !atEnd, bytes[index] == .quote else {
                let context = members.isEmpty ? "a string key or '}'" : "a string key after ','"
                throw error(at: index, "expected \(context), found \(found(at: index))")
            }
            let keyStart = index
            let keyPosition = position(keyStart)
            let key = try string()
            if let first = seen[key] {
                throw error(at: keyStart, "duplicate key '\(key)' (first defined at \(first.line):\(first.column))")
            }
            seen[key] = keyPosition
            skipWhitespace()
            guard !atEnd, bytes[index] == .colon else {
                throw error(at: index, "expected ':' after object key, found \(found(at: index))")
            }
            index += 1
            let value = try value()
            members.append(.init(key: key, keyLine: keyPosition.line, keyColumn: keyPosition.column, value: value))
            skipWhitespace()
            if !atEnd && bytes[index] == .comma { index += 1; continue }
            if !atEnd && bytes[index] == .closeBrace { index += 1; break }
            throw error(at: index, "expected ',' or '}' after object member, found \(found(at: index))")
        }
        depth -= 1
        return .object(members)
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue.Kind {
        try enterNesting(at: index)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if !atEnd && bytes[index] == .closeBracket {
            index += 1; depth -= 1
            return .array([])
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            if !atEnd && bytes[index] == .comma { index += 1; continue }
            if !atEnd && bytes[index] == .closeBracket { index += 1; break }
            throw error(at: index, "expected ',' or ']' after array element, found \(found(at: index))")
        }
        depth -= 1
        return .array(elements)
    }

    /// Reads 4 hex digits at `offset`, or nil.
    func hexQuad(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for b in bytes[offset..<offset + 4] {
            guard let h = b.hexValue else { return nil }
            v = v << 4 | h
        }
        return v
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard !atEnd else { throw error(at: open, "unterminated string") }
            let b = bytes[index]
            switch b {
            case .quote:
                index += 1
                // The input came from a String, so the copied bytes are valid UTF-8.
                return String(decoding: out, as: UTF8.self)
            case .backslash:
                try escape(into: &out, stringStart: open)
            case .lf, .cr:
                // A raw line break almost always means a missing closing quote.
                throw error(at: open, "unterminated string")
            case 0..<0x20:
                throw error(at: index, "control character U+\(hex4(UInt32(b))) must be escaped in a string")
            default:
                out.append(b)
                index += 1
            }
        }
    }

    mutating func escape(into out: inout [UInt8], stringStart: Int) throws(JSONSyntaxError) {
        let slash = index
        index += 1
        guard !atEnd else { throw error(at: stringStart, "unterminated string") }
        let c = bytes[index]
        index += 1
        switch c {
        case .quote, .backslash, .slash: out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(.lf)
        case UInt8(ascii: "r"): out.append(.cr)
        case UInt8(ascii: "t"): out.append(.tab)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad(at: index) else {
                throw error(at: slash, "invalid escape: expected 4 hex digits after '\\u'")
            }
            let text = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            index += 4
            var scalarValue = unit
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 6 <= bytes.count, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u"),
                      let low = hexQuad(at: index + 2), (0xDC00...0xDFFF).contains(low)
                else { throw error(at: slash, "unpaired surrogate '\\u\(text)' in string") }
                index += 6
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(at: slash, "unpaired surrogate '\\u\(text)' in string")
            }
            UTF8.encode(Unicode.Scalar(scalarValue)!) { out.append($0) }
        default:
            index -= 1
            let what = found(at: index)
            let shown = what.hasPrefix("'") ? "'\\" + what.dropFirst() : "'\\' followed by \(what)"
            throw error(at: slash, "invalid escape \(shown) in string")
        }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == .minus {
            index += 1
            guard !atEnd && bytes[index].isDigit else {
                throw error(at: index, "expected a digit after '-', found \(found(at: index))")
            }
        }
        if bytes[index] == .zero {
            index += 1
            if !atEnd && bytes[index].isDigit { throw error(at: start, "numbers cannot have leading zeros") }
        } else {
            while !atEnd && bytes[index].isDigit { index += 1 }
        }
        if !atEnd && bytes[index] == .dot {
            index += 1
            guard !atEnd && bytes[index].isDigit else {
                throw error(at: index, "expected a digit after '.', found \(found(at: index))")
            }
            while !atEnd && bytes[index].isDigit { index += 1 }
        }
        if !atEnd && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if !atEnd && (bytes[index] == .plus || bytes[index] == .minus) { index += 1 }
            guard !atEnd && bytes[index].isDigit else {
                throw error(at: index, "expected a digit in the exponent, found \(found(at: index))")
            }
            while !atEnd && bytes[index].isDigit { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // The grammar was checked above, so Double(_:) only fails on range, and it rounds correctly.
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? text.prefix(37) + "..." : Substring(text)
            throw error(at: start, "number \(shown) is out of range")
        }
        return value
    }
}

func hex4(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
