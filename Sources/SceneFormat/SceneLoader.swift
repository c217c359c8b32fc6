import Foundation
import Geometry
import LayerTree

/// Reads "layers" scene files:
/// `{"kind": "layers", "canvas": {"width": 390, "height": 844, "scale": 2, "background": "#F2F2F5"}, "root": {…}}`.
/// Every error is a `SceneError` pointing at the offending value.
public enum SceneLoader {
    /// Deepest sublayer nesting accepted below the root layer.
    public static let maxSublayerDepth = 64
    /// Largest canvas side in pixels (points × scale).
    public static let maxPixelSize = 4096

    /// A `layers` scene file.
    public static func load(path: String) throws -> LayerScene {
        try parse(readText(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) throws -> LayerScene {
        guard case .layers(let scene) = try parseDocument(text, file: file) else {
            throw SceneError(file: file, line: 0, column: 0, message: "expected a \"layers\" scene")
        }
        return scene
    }

    /// Any scene file, with `--set key=value` overrides applied before it is checked.
    public static func loadDocument(path: String, overrides: [SceneOverride] = []) throws -> SceneDocument {
        try parseDocument(readText(path: path), file: path, overrides: overrides)
    }

    public static func parseDocument(_ text: String, file: String, overrides: [SceneOverride] = []) throws -> SceneDocument {
        var document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw SceneError(file: file, line: error.line, column: error.column, message: error.message)
        }
        for o in overrides { document = try o.apply(to: document, file: file) }
        return try SceneDecoder(file: file).document(document)
    }

    static func readText(path: String) throws -> String {
        func fail(_ message: String) -> SceneError { SceneError(file: path, line: 0, column: 0, message: message) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such file")
        }
        if isDirectory.boolValue { throw fail("is a directory, not a scene file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw fail("cannot read file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("file is not valid UTF-8") }
        return text
    }
}

// MARK: - Decoding

/// Keys a layer object may have, in the order the writer emits them (also the did-you-mean candidates).
let layerKeys = [
    "name", "frame", "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
    "opacity", "hidden", "backgroundColor", "cornerRadius", "masksToBounds", "borderWidth", "borderColor",
    "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "contents", "sublayers",
]
let contentsKeys = ["text", "glyph", "gradient"]
let gradientKeys = ["colors", "locations", "startPoint", "endPoint"]
let textKeys = ["string", "font", "weight", "italic", "size", "color", "alignment", "lineLimit", "lineHeight",
                "verticalAlignment", "baseline"]
let glyphKeys = ["name", "size", "color"]
let canvasKeys = ["width", "height", "scale", "background"]
let sceneKeys = ["kind", "canvas", "root"]

/// Allowed range of a number, with the wording used in "expected a value …" messages.
enum NumberRule {
    case any, nonNegative, positive, unit, scale

    func accepts(_ v: Double) -> Bool {
        switch self {
        case .any: true
        case .nonNegative: v >= 0
        case .positive: v > 0
        case .unit: v >= 0 && v <= 1
        case .scale: v > 0 && v <= 4
        }
    }

    var expectation: String {
        switch self {
        case .any: "a number"
        case .nonNegative: "a value >= 0"
        case .positive: "a value > 0"
        case .unit: "a value in 0...1"
        case .scale: "a value > 0 and <= 4"
        }
    }
}

struct SceneDecoder {
    let file: String

    func error(_ value: JSONValue, _ path: String, _ message: String) -> SceneError {
        SceneError(file: file, line: value.line, column: value.column, keyPath: path, message: message)
    }

    func error(key member: JSONValue.Member, _ path: String, _ message: String) -> SceneError {
        SceneError(file: file, line: member.keyLine, column: member.keyColumn, keyPath: path, message: message)
    }

    func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    // MARK: Scene

    func document(_ value: JSONValue) throws -> SceneDocument {
        let members = try object(value, "")
        // The kind decides what the other keys mean, so it is checked before them.
        guard let kindMember = members.first(where: { $0.key == "kind" }) else {
            throw error(value, "", "missing required key 'kind'")
        }
        let kind = try string(kindMember.value, "kind")
        switch kind {
        case "layers": return .layers(try scene(value))
        case "flow": return .flow(try flowScene(value))
        case "swipe": return .swipe(try swipeScene(value))
        default:
            throw error(kindMember.value, "kind", "expected \"layers\", \"flow\" or \"swipe\", found \(quoted(kind))")
        }
    }

    func scene(_ value: JSONValue) throws -> LayerScene {
        let members = try object(value, "")
        var canvas: Canvas?
        var root: Layer?
        for member in members {
            switch member.key {
            case "kind": break
            case "canvas": canvas = try self.canvas(member.value, "canvas")
            case "root": root = try layer(member.value, "root", depth: 0)
            default: throw unknownKey(member, "", known: sceneKeys)
            }
        }
        guard let canvas else { throw error(value, "", "missing required key 'canvas'") }
        guard let root else { throw error(value, "", "missing required key 'root'") }
        return LayerScene(canvas: canvas, root: root)
    }

    func canvas(_ value: JSONValue, _ path: String) throws -> Canvas {
        var width: Double?, height: Double?
        var canvas = Canvas(width: 0, height: 0)
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "width": width = try number(v, p, .positive)
            case "height": height = try number(v, p, .positive)
            case "scale": canvas.scale = try number(v, p, .scale)
            case "background": canvas.background = try color(v, p)
            default: throw unknownKey(member, path, known: canvasKeys)
            }
        }
        guard let width else { throw error(value, path, "missing required key 'width'") }
        guard let height else { throw error(value, path, "missing required key 'height'") }
        canvas.width = width
        canvas.height = height
        // Checked in Double: Canvas.pixelWidth would trap converting a huge product to Int.
        let pixelWidth = (width * canvas.scale).rounded(), pixelHeight = (height * canvas.scale).rounded()
        let size = "\(formatNumber(pixelWidth))x\(formatNumber(pixelHeight))"
        let limit = Double(SceneLoader.maxPixelSize)
        if pixelWidth > limit || pixelHeight > limit {
            throw error(value, path, "pixel size \(size) (width and height times scale \(formatNumber(canvas.scale))) "
                + "exceeds the maximum of \(SceneLoader.maxPixelSize)x\(SceneLoader.maxPixelSize)")
        }
        if pixelWidth < 1 || pixelHeight < 1 {
            throw error(value, path, "pixel size \(size) (width and height times scale \(formatNumber(canvas.scale))) "
                + "is empty")
        }
        return canvas
    }

    // MARK: Layer

    func layer(_ value: JSONValue, _ path: String, depth: Int) throws -> Layer {
        if depth > SceneLoader.maxSublayerDepth {
            throw error(value, path, "layers are nested more than \(SceneLoader.maxSublayerDepth) levels deep")
        }
        var layer = Layer()
        // frame sets bounds and position, so it excludes both; remember which appeared first.
        var placement: String?
        var frame: Rect?
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "frame", "bounds", "position":
                if let placement, placement == "frame" || member.key == "frame" {
                    throw error(key: member, p, "'\(member.key)' cannot be combined with '\(placement)'")
                }
                placement = placement ?? member.key
                switch member.key {
                case "frame": frame = try rect(v, p)
                case "bounds": layer.bounds = try rect(v, p)
                default: layer.position = try point(v, p)
                }
            case "name": layer.name = try optional(v) { try string(v, p) }
            case "anchorPoint": layer.anchorPoint = try point(v, p)
            case "zPosition": layer.zPosition = try number(v, p)
            case "transform": layer.transform = try transform(v, p)
            case "sublayerTransform": layer.sublayerTransform = try transform(v, p)
            case "opacity": layer.opacity = try number(v, p, .unit)
            case "hidden": layer.isHidden = try bool(v, p)
            case "backgroundColor": layer.backgroundColor = try optional(v) { try color(v, p) }
            case "cornerRadius": layer.cornerRadius = try number(v, p, .nonNegative)
            case "masksToBounds": layer.masksToBounds = try bool(v, p)
            case "borderWidth": layer.borderWidth = try number(v, p, .nonNegative)
            case "borderColor": layer.borderColor = try color(v, p)
            case "shadowColor": layer.shadowColor = try color(v, p)
            case "shadowOpacity": layer.shadowOpacity = try number(v, p, .unit)
            case "shadowRadius": layer.shadowRadius = try number(v, p, .nonNegative)
            case "shadowOffset": layer.shadowOffset = try point(v, p)
            case "sublayers":
                let items = try array(v, p)
                layer.sublayers = try items.enumerated().map { i, item in
                    try self.layer(item, p + "[\(i)]", depth: depth + 1)
                }
            case "contents": layer.contents = try contents(v, p)
            default:
                throw unknownKey(member, path, known: layerKeys)
            }
        }
        if let frame {
            // Same arithmetic as Layer(frame:), so both spellings give equal layers.
            let placed = Layer(frame: frame)
            layer.bounds = placed.bounds
            layer.position = placed.position
        }
        return layer
    }

    // MARK: Contents

    func contents(_ value: JSONValue, _ path: String) throws -> LayerContents {
        let member = try onlyMember(value, path, expected: "an object with one key, \"text\", \"glyph\" or \"gradient\"")
        let p = child(path, member.key)
        switch member.key {
        case "text": return .text(try text(member.value, p))
        case "glyph": return .glyph(try glyph(member.value, p))
        case "gradient": return .gradient(try gradient(member.value, p))
        default: throw unknownKey(member, path, known: contentsKeys)
        }
    }

    func text(_ value: JSONValue, _ path: String) throws -> TextContents {
        var text = TextContents("")
        var string: String?
        var vertical: (JSONValue, String)?
        var baseline: (JSONValue, Double)?
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "string": string = try self.string(v, p)
            case "font": text.font = try self.string(v, p)
            case "weight": text.weight = try choice(v, p, FontWeight.self)
            case "italic": text.italic = try bool(v, p)
            case "size": text.size = try number(v, p, .positive)
            case "color": text.color = try color(v, p)
            case "alignment": text.alignment = try choice(v, p, TextAlignment.self)
            case "lineLimit": text.lineLimit = try integer(v, p)
            case "lineHeight": text.lineHeight = try number(v, p, .positive)
            case "verticalAlignment":
                let s = try self.string(v, p)
                guard ["center", "top", "firstBaseline"].contains(s) else {
                    throw error(v, p, "expected one of \"center\", \"top\", \"firstBaseline\", found \(quoted(s))")
                }
                vertical = (v, s)
            case "baseline": baseline = (v, try number(v, p))
            default: throw unknownKey(member, path, known: textKeys)
            }
        }
        guard let string else { throw error(value, path, "missing required key 'string'") }
        text.string = string
        switch vertical?.1 {
        case "top": text.verticalAlignment = .top
        case "firstBaseline":
            guard let baseline else {
                throw error(value, path, "verticalAlignment \"firstBaseline\" needs 'baseline' (points from the top of the bounds)")
            }
            text.verticalAlignment = .firstBaseline(baseline.1)
        default:
            if let baseline {
                throw error(baseline.0, child(path, "baseline"), "'baseline' applies only with verticalAlignment \"firstBaseline\"")
            }
        }
        return text
    }

    func glyph(_ value: JSONValue, _ path: String) throws -> GlyphContents {
        var glyph = GlyphContents(.circle)
        var named = false
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "name": glyph.icon = try choice(v, p, Icon.self); named = true
            case "size": glyph.size = try number(v, p, .positive)
            case "color": glyph.color = try color(v, p)
            default: throw unknownKey(member, path, known: glyphKeys)
            }
        }
        guard named else { throw error(value, path, "missing required key 'name'") }
        return glyph
    }

    func gradient(_ value: JSONValue, _ path: String) throws -> LinearGradient {
        var gradient = LinearGradient(colors: [])
        var locationsValue: JSONValue?
        for member in try object(value, path) {
            let p = child(path, member.key), v = member.value
            switch member.key {
            case "colors":
                gradient.colors = try array(v, p).enumerated().map { i, c in try color(c, p + "[\(i)]") }
            case "locations":
                locationsValue = v
                gradient.locations = try array(v, p).enumerated().map { i, n in try number(n, p + "[\(i)]", .unit) }
            case "startPoint": gradient.startPoint = try point(v, p)
            case "endPoint": gradient.endPoint = try point(v, p)
            default: throw unknownKey(member, path, known: gradientKeys)
            }
        }
        guard !gradient.colors.isEmpty else { throw error(value, path, "missing required key 'colors' (one or more colors)") }
        if let locations = gradient.locations, let v = locationsValue {
            guard locations.count == gradient.colors.count else {
                throw error(v, child(path, "locations"), "expected \(gradient.colors.count) locations, one per color, found \(locations.count)")
            }
            guard zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw error(v, child(path, "locations"), "expected ascending locations")
            }
        }
        return gradient
    }

    /// One of an enumeration's raw values, with a suggestion for a near miss.
    func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: String, _ type: T.Type) throws -> T where T.RawValue == String {
        let s = try string(value, path)
        if let v = T(rawValue: s) { return v }
        let names = T.allCases.map(\.rawValue)
        var message = "expected one of \(names.map(quoted).joined(separator: ", ")), found \(quoted(s))"
        if let near = closestKey(to: s, in: names) { message += "; did you mean \(quoted(near))?" }
        throw error(value, path, message)
    }

    func integer(_ value: JSONValue, _ path: String) throws -> Int {
        let n = try number(value, path, .nonNegative)
        guard n == n.rounded(), n <= 1_000_000 else { throw error(value, path, "expected a whole number >= 0, found \(formatNumber(n))") }
        return Int(n)
    }

    // MARK: Values

    func object(_ value: JSONValue, _ path: String) throws -> [JSONValue.Member] {
        guard case .object(let members) = value.kind else { throw mismatch(value, path, "an object") }
        return members
    }

    /// The single member of an object that stands for one choice (`{"drag": {…}}`), or an error naming the choices.
    func onlyMember(_ value: JSONValue, _ path: String, expected: String) throws -> JSONValue.Member {
        let members = try object(value, path)
        guard members.count == 1, let member = members.first else {
            throw error(value, path, "expected \(expected), found \(members.count) keys")
        }
        return member
    }

    func array(_ value: JSONValue, _ path: String) throws -> [JSONValue] {
        guard case .array(let items) = value.kind else { throw mismatch(value, path, "an array") }
        return items
    }

    func string(_ value: JSONValue, _ path: String) throws -> String {
        guard case .string(let s) = value.kind else { throw mismatch(value, path, "a string") }
        return s
    }

    func bool(_ value: JSONValue, _ path: String) throws -> Bool {
        guard case .bool(let b) = value.kind else { throw mismatch(value, path, "a boolean") }
        return b
    }

    func number(_ value: JSONValue, _ path: String, _ rule: NumberRule = .any) throws -> Double {
        guard case .number(let n) = value.kind else { throw mismatch(value, path, "a number") }
        guard rule.accepts(n) else {
            throw error(value, path, "expected \(rule.expectation), found \(formatNumber(n))")
        }
        return n
    }

    /// `null` means "not set" for the properties that are optional in `Layer`.
    func optional<T>(_ value: JSONValue, _ decode: () throws -> T) rethrows -> T? {
        if case .null = value.kind { return nil }
        return try decode()
    }

    /// A fixed-length array of numbers; `rules` gives each element's range (one rule per element).
    func numbers(_ value: JSONValue, _ path: String, _ rules: [NumberRule]) throws -> [Double] {
        guard case .array(let items) = value.kind else {
            throw mismatch(value, path, "an array of \(rules.count) numbers")
        }
        guard items.count == rules.count else {
            throw error(value, path, "expected \(rules.count) numbers, found \(items.count)")
        }
        return try zip(items, rules).enumerated().map { i, pair in
            try number(pair.0, path + "[\(i)]", pair.1)
        }
    }

    func point(_ value: JSONValue, _ path: String) throws -> Point {
        let v = try numbers(value, path, [.any, .any])
        return Point(v[0], v[1])
    }

    func rect(_ value: JSONValue, _ path: String) throws -> Rect {
        let v = try numbers(value, path, [.any, .any, .nonNegative, .nonNegative])
        return Rect(v[0], v[1], v[2], v[3])
    }

    func transform(_ value: JSONValue, _ path: String) throws -> Transform3D {
        Transform3D(try numbers(value, path, Array(repeating: .any, count: 16)))!
    }

    func color(_ value: JSONValue, _ path: String) throws -> Color {
        guard case .string(let s) = value.kind else { throw mismatch(value, path, "a color string") }
        // Color(hex:) alone would accept a sign ("#+FFFFF") via UInt32(_:radix:), so check the digits here.
        let digits = s.utf8.dropFirst()
        guard s.hasPrefix("#"), digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 | 0x20 }),
              let color = Color(hex: s)
        else { throw error(value, path, "expected a color \"#RRGGBB\" or \"#RRGGBBAA\", found \(quoted(s))") }
        return color
    }

    func mismatch(_ value: JSONValue, _ path: String, _ expected: String) -> SceneError {
        error(value, path, "expected \(expected), found \(value.kindDescription)")
    }

    func unknownKey(_ member: JSONValue.Member, _ path: String, known: [String]) -> SceneError {
        var message = "unknown key \(singleQuoted(member.key))"
        if let suggestion = closestKey(to: member.key, in: known) { message += ", did you mean '\(suggestion)'?" }
        return error(key: member, path, message)
    }
}

// MARK: - Helpers

/// The known key nearest to a misspelled one (case-insensitive, transpositions count once), if close enough.
func closestKey(to key: String, in known: [String]) -> String? {
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
func quoted(_ s: String) -> String {
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
func singleQuoted(_ s: String) -> String {
    let body = quoted(s).dropFirst().dropLast()
    return "'" + body + "'"
}

/// Shortest text that reads back as the same Double; integers without ".0".
func formatNumber(_ v: Double) -> String {
    let s = v.description
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}
