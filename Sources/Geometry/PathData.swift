/// Path data as SVG writes it, the absolute subset: `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`,
/// `Z`. Commas or whitespace separate numbers, a command's coordinates may repeat (`L 1 2 3 4` is two
/// lines; after `M` they are lines), numbers are finite decimals with an optional exponent. Like `Path`
/// itself, data need not start with `M` (a curve then starts at the origin), so any path reads back.
public struct PathDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based character position in the string.
    public var offset: Int
    public var message: String
    public var description: String { "at character \(offset): \(message)" }
}

extension Path {
    /// Reads path data; the error says where and what was expected. Linear in the input, never traps.
    public init(data: String) throws(PathDataError) {
        self.init()
        let bytes = Array(data.utf8)
        var i = 0
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x2C }
        func skip() { while i < bytes.count && isSpace(bytes[i]) { i += 1 } }
        func found() -> String {
            guard i < bytes.count else { return "the end" }
            // Show a printable ASCII character; anything else by its code.
            let b = bytes[i]
            return (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte \(b)"
        }
        func startsNumber() -> Bool {
            guard i < bytes.count else { return false }
            let b = bytes[i]
            return (0x30...0x39).contains(b) || b == 0x2B || b == 0x2D || b == 0x2E
        }
        func number(_ what: String) throws(PathDataError) -> Double {
            skip()
            let start = i
            func digits() -> Int { let s = i; while i < bytes.count && (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
            if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
            var count = digits()
            if i < bytes.count && bytes[i] == 0x2E { i += 1; count += digits() }
            guard count > 0 else { i = start; throw PathDataError(offset: start + 1, message: "expected \(what), found \(found())") }
            if i < bytes.count && (bytes[i] == 0x65 || bytes[i] == 0x45) {
                let e = i
                i += 1
                if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
                if digits() == 0 { i = e }
            }
            // At most 10,000 bytes reach here (the decoder bounds strings), so the slice is cheap.
            guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
                throw PathDataError(offset: start + 1, message: "expected a finite number, found \(String(decoding: bytes[start..<i], as: UTF8.self))")
            }
            return v
        }
        func point(_ what: String) throws(PathDataError) -> Point {
            let x = try number("the x of \(what)")
            let y = try number("the y of \(what)")
            return Point(x, y)
        }
        var command: UInt8 = 0
        while true {
            skip()
            guard i < bytes.count else { break }
            let b = bytes[i]
            if startsNumber() {
                // Repeated coordinates continue the last command (after M, as lines).
                guard command != 0 && command != UInt8(ascii: "Z") else {
                    throw PathDataError(offset: i + 1, message: "expected a command M, L, Q, C or Z, found \(found())")
                }
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            } else {
                switch b {
                case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "Q"), UInt8(ascii: "C"), UInt8(ascii: "Z"):
                    command = b
                    i += 1
                default:
                    throw PathDataError(offset: i + 1, message: "expected a command M, L, Q, C or Z (absolute coordinates), found \(found())")
                }
            }
            switch command {
            case UInt8(ascii: "M"): move(to: try point("a move"))
            case UInt8(ascii: "L"): line(to: try point("a line's end"))
            case UInt8(ascii: "Q"):
                let c = try point("a quadratic curve's control point")
                quad(to: try point("a quadratic curve's end"), control: c)
            case UInt8(ascii: "C"):
                let c1 = try point("a cubic curve's first control point")
                let c2 = try point("a cubic curve's second control point")
                cubic(to: try point("a cubic curve's end"), control1: c1, control2: c2)
            default:
                close()
            }
        }
    }

    /// The path as data `init(data:)` reads back exactly: each number in its shortest round-trip form.
    public var data: String {
        var out = ""
        func num(_ v: Double) {
            var s = v.description
            if s.hasSuffix(".0") { s.removeLast(2) }
            out += s
        }
        func pt(_ p: Point) { num(p.x); out += " "; num(p.y) }
        for e in elements {
            if !out.isEmpty { out += " " }
            switch e {
            case .move(let p): out += "M"; pt(p)
            case .line(let p): out += "L"; pt(p)
            case .quad(let c, let p): out += "Q"; pt(c); out += " "; pt(p)
            case .cubic(let c1, let c2, let p): out += "C"; pt(c1); out += " "; pt(c2); out += " "; pt(p)
            case .close: out += "Z"
            }
        }
        return out
    }
}
