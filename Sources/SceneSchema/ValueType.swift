import Geometry
import LayerTree

/// How a designer edits a parameter: the control the designer page shows for it.
public enum Control: Hashable, Sendable {
    case number(NumberRule)
    case integer
    case toggle
    case choice([String])
    case color
    case text
    /// A fixed number of numbers ([x, y], [x, y, w, h]); the labels name them.
    case numbers([String])
    /// Anything else (lists, nested choices) is edited as JSON.
    case json
}

/// A parameter as the docs and the designer see it: its key path, its type, its default and one line of meaning.
public struct Parameter: Hashable, Sendable {
    public var key: String
    public var summary: String
    public var unit: String?
    public var defaultText: String
    /// The default is described in words (it depends on other keys) rather than written as a value.
    public var defaultIsNote = false
    public var doc: String
    public var control: Control
    /// An object's own keys (a swipe scene's `metrics.listTop`).
    public var children: [Parameter] = []
    /// Whether the docs list the children in the parent's table (else they get a table of their own).
    public var inline = true
    public var owner = KeyOwner.library

    public init(key: String, summary: String, unit: String? = nil, defaultText: String, defaultIsNote: Bool = false,
                doc: String, control: Control, children: [Parameter] = [], inline: Bool = true, owner: KeyOwner = .library) {
        self.key = key; self.summary = summary; self.unit = unit; self.defaultText = defaultText
        self.defaultIsNote = defaultIsNote; self.doc = doc; self.control = control; self.children = children; self.inline = inline
        self.owner = owner
    }
}

/// One type of scene value: how it is read from JSON (with positioned errors), written back, described in
/// the docs and edited by a designer. Built from a few primitives and combinators, so each key's rules are
/// written once.
public struct ValueType<Value>: Sendable {
    public var summary: String
    public var control: Control
    /// Parameters nested inside (an object's fields), for the docs and the designer.
    public var nested: [Parameter] = []
    /// Whether the docs list `nested` in the parent's table.
    public var nestedInline = true
    let decoder: @Sendable (JSONValue, String, SceneDecoder) throws -> Value
    let encoder: @Sendable (Value) -> JSONNode
    /// Objects read their keys over the value they replace and write only what differs from it, so a nested
    /// key set alone (`--set scale.rotation3d.angle=0.5` over a preset) keeps the rest of that value.
    var updater: (@Sendable (inout Value, JSONValue, String, SceneDecoder) throws -> Void)? = nil
    var relativeEncoder: (@Sendable (Value, Value) -> JSONNode)? = nil
    /// Objects written with every key, defaults included (a preset with all its values): what the designer
    /// shows for keys a scene leaves to a preset or a default.
    var explicitEncoder: (@Sendable (Value) -> JSONNode)? = nil

    public init(summary: String, control: Control = .json, nested: [Parameter] = [],
                decode: @escaping @Sendable (JSONValue, String, SceneDecoder) throws -> Value,
                encode: @escaping @Sendable (Value) -> JSONNode) {
        self.summary = summary; self.control = control; self.nested = nested; decoder = decode; encoder = encode
    }

    public func decode(_ value: JSONValue, _ path: String, _ d: SceneDecoder) throws -> Value { try decoder(value, path, d) }
    public func encode(_ value: Value) -> JSONNode { encoder(value) }

    /// Reads `value` into `current`: over it for objects, replacing it otherwise.
    public func update(_ current: inout Value, _ value: JSONValue, _ path: String, _ d: SceneDecoder) throws {
        if let updater { try updater(&current, value, path, d) } else { current = try decoder(value, path, d) }
    }

    /// `value` as written where reading starts from `base` (an object writes only what differs from it).
    public func encode(_ value: Value, over base: Value) -> JSONNode { relativeEncoder?(value, base) ?? encoder(value) }

    /// `value` with every key of every object written.
    public func encodeExplicitly(_ value: Value) -> JSONNode { explicitEncoder?(value) ?? encoder(value) }

    /// The same JSON read into another type: `to` may reject a value (with the decoder at hand for positions).
    public func map<T>(summary: String? = nil, control: Control? = nil,
                       to: @escaping @Sendable (Value, JSONValue, String, SceneDecoder) throws -> T,
                       from: @escaping @Sendable (T) -> Value) -> ValueType<T> {
        let base = self
        var type = ValueType<T>(summary: summary ?? base.summary, control: control ?? base.control, nested: base.nested,
                                decode: { v, p, d in try to(base.decoder(v, p, d), v, p, d) },
                                encode: { base.encoder(from($0)) })
        type.nestedInline = base.nestedInline
        if let explicit = base.explicitEncoder { type.explicitEncoder = { explicit(from($0)) } }
        return type
    }
}

// MARK: - Scalars

extension ValueType where Value == Double {
    public static func number(_ rule: NumberRule = .any) -> ValueType {
        let summary = rule.summary.isEmpty ? "number" : "number \(rule.summary)"
        return ValueType(summary: summary, control: .number(rule),
                         decode: { v, p, d in try d.number(v, p, rule) }, encode: { .number($0) })
    }
}

extension ValueType where Value == Int {
    public static let integer = ValueType(summary: "whole number ≥ 0", control: .integer,
                                          decode: { v, p, d in try d.integer(v, p) }, encode: { .number(Double($0)) })
}

extension ValueType where Value == Bool {
    public static let bool = ValueType(summary: "bool", control: .toggle,
                                       decode: { v, p, d in try d.bool(v, p) }, encode: { .bool($0) })
}

extension ValueType where Value == String {
    public static let string = ValueType(summary: "string", control: .text,
                                         decode: { v, p, d in try d.string(v, p) }, encode: { .string($0) })
}

extension ValueType where Value == Color {
    /// `"#RRGGBB[AA]"`, or `[r, g, b, a]` in 0...1 for a color that 8 bits a channel cannot hold (a model's
    /// computed fade), so `tree` output reads back to the same pixels.
    public static let color = ValueType(
        summary: "color \"#RRGGBB[AA]\"", control: .color,
        decode: { v, p, d in
            if case .array = v.kind {
                let c = try d.numbers(v, p, [.unit, .unit, .unit, .unit])
                return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            }
            return try d.color(v, p)
        },
        encode: { c in
            Color(hex: c.hex) == c ? .string(c.hex) : .numbers([c.red, c.green, c.blue, c.alpha])
        })
}

extension ValueType where Value == Point {
    public static func point(_ x: NumberRule = .any, _ y: NumberRule = .any) -> ValueType {
        ValueType(summary: "[x, y]", control: .numbers(["x", "y"]),
                  decode: { v, p, d in let n = try d.numbers(v, p, [x, y]); return Point(n[0], n[1]) },
                  encode: { .numbers([$0.x, $0.y]) })
    }
}

extension ValueType where Value == Size {
    public static func size(_ rule: NumberRule = .positive) -> ValueType {
        ValueType(summary: "[w, h]", control: .numbers(["w", "h"]),
                  decode: { v, p, d in let n = try d.numbers(v, p, [rule, rule]); return Size(n[0], n[1]) },
                  encode: { .numbers([$0.width, $0.height]) })
    }
}

extension ValueType where Value == Rect {
    public static let rect = ValueType(
        summary: "[x, y, w, h]", control: .numbers(["x", "y", "w", "h"]),
        decode: { v, p, d in
            let n = try d.numbers(v, p, [.any, .any, .nonNegative, .nonNegative])
            return Rect(n[0], n[1], n[2], n[3])
        },
        encode: { .numbers([$0.origin.x, $0.origin.y, $0.size.width, $0.size.height]) })
}

extension ValueType where Value == Transform3D {
    /// CATransform3D's 16 numbers, row by row (m11 … m44).
    public static let transform = ValueType(
        summary: "16 numbers (m11 … m44)", control: .json,
        decode: { v, p, d in Transform3D(try d.numbers(v, p, Array(repeating: .any, count: 16)))! },
        encode: { .numbers($0.values) })
}

extension ValueType where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enumeration's raw values, with a suggestion for a near miss.
    public static func choice(_ type: Value.Type = Value.self) -> ValueType {
        let cases = Array(Value.allCases)
        let names = cases.map(\.rawValue)
        return ValueType(summary: names.map(quoted).joined(separator: ", "), control: .choice(names),
                         decode: { v, p, d in
                             let name = try d.name(v, p, among: names)
                             return cases[names.firstIndex(of: name)!]
                         },
                         encode: { .string($0.rawValue) })
    }
}

// MARK: - Combinators

extension ValueType {
    /// `null` or the value; nil is written as `null`.
    public static func optional<W>(_ wrapped: ValueType<W>) -> ValueType<W?> where Value == W? {
        var type = ValueType<W?>(summary: wrapped.summary + " or null", control: wrapped.control, nested: wrapped.nested,
                                 decode: { v, p, d in
                                     if case .null = v.kind { return nil }
                                     return try wrapped.decode(v, p, d)
                                 },
                                 encode: { $0.map(wrapped.encode) ?? .null })
        type.nestedInline = wrapped.nestedInline
        if let explicit = wrapped.explicitEncoder { type.explicitEncoder = { $0.map(explicit) ?? .null } }
        if wrapped.updater != nil {
            type.updater = { current, v, p, d in
                if case .null = v.kind { current = nil; return }
                if var value = current { try wrapped.update(&value, v, p, d); current = value } else { current = try wrapped.decode(v, p, d) }
            }
            type.relativeEncoder = { value, base in
                guard let value else { return .null }
                return base.map { wrapped.encode(value, over: $0) } ?? wrapped.encode(value)
            }
        }
        return type
    }

    /// A JSON array of values; element paths read `key[i]`.
    /// `atLeastOne` names the element when an empty array is refused ("action").
    public static func array<E>(_ element: ValueType<E>, atLeastOne: String? = nil) -> ValueType<[E]> where Value == [E] {
        var type = ValueType<[E]>(summary: "[\(element.summary)]", control: .json, nested: element.nested,
                                  decode: { v, p, d in
                                      let items = try d.array(v, p)
                                      if let name = atLeastOne, items.isEmpty {
                                          throw d.error(v, p, "expected at least one \(name), found an empty array")
                                      }
                                      // A gathering decoder reads every element, whatever the ones before held.
                                      var values: [E] = [], failed = false
                                      values.reserveCapacity(items.count)
                                      for (i, item) in items.enumerated() {
                                          do { values.append(try element.decode(item, p + "[\(i)]", d)) } catch {
                                              try d.gather(error)
                                              failed = true
                                          }
                                      }
                                      if failed { throw SceneDecoder.Gathered() }
                                      return values
                                  },
                                  encode: { .array($0.map(element.encode)) })
        // An element's keys are documented in a table of their own.
        type.nestedInline = false
        return type
    }

    /// A value that may also be given by name: a string picks a preset, anything else is read as `type`.
    /// A value equal to a preset is written as its name.
    public static func named(_ presets: [(String, Value)], otherwise type: ValueType, doc: String? = nil) -> ValueType
    where Value: Equatable & Sendable & SendableMetatype {
        let names = presets.map(\.0)
        let table = presets.map { Preset(name: $0.0, value: $0.1) }
        var named = ValueType(summary: (doc ?? names.map(quoted).joined(separator: ", ")) + " or " + type.summary,
                         control: type.control == .json ? .json : type.control, nested: type.nested,
                         decode: { v, p, d in
                             if case .string = v.kind {
                                 let name = try d.name(v, p, among: names)
                                 return table.first { $0.name == name }!.value
                             }
                             return try type.decode(v, p, d)
                         },
                         encode: { value in
                             if let preset = table.first(where: { $0.value == value }) { return .string(preset.name) }
                             return type.encode(value)
                         })
        named.nestedInline = type.nestedInline
        return named
    }

    /// Breaks a definition cycle (a layer's sublayers are layers): the type is looked up when first used.
    public static func deferred(summary: String, _ type: @escaping @Sendable () -> ValueType) -> ValueType {
        ValueType(summary: summary, control: .json,
                  decode: { v, p, d in try type().decode(v, p, d) }, encode: { type().encode($0) })
    }
}

/// A named value, kept in an array so presets stay in their declared order.
private struct Preset<Value: Sendable>: Sendable {
    let name: String
    let value: Value
}

// MARK: - One of several keyed forms

/// One form of a value written as `{"key": payload}` (a timeline step, a layer's contents).
public struct Form<Value>: Sendable {
    public let key: String
    public let doc: String
    /// The payload as the docs and the designer see it.
    public let parameter: Parameter
    let decode: @Sendable (JSONValue, String, SceneDecoder) throws -> Value
    let encode: @Sendable (Value) -> JSONNode?

    /// `make` builds the value from the payload; `match` gives the payload back when a value has this form.
    public init<P>(_ key: String, _ payload: ValueType<P>, doc: String = "",
                   make: @escaping @Sendable (P) -> Value, match: @escaping @Sendable (Value) -> P?) {
        self.key = key; self.doc = doc
        parameter = Parameter(key: key, summary: payload.summary, unit: nil, defaultText: "", doc: doc, control: payload.control,
                              children: payload.nested, inline: payload.nestedInline)
        decode = { v, p, d in make(try payload.decode(v, p, d)) }
        encode = { value in match(value).map(payload.encode) }
    }
}

extension ValueType {
    /// `{"key": payload}` with exactly one key among the forms'.
    public static func oneOf(_ forms: [Form<Value>], expected: String? = nil) -> ValueType {
        let keys = forms.map(\.key)
        let expectation = expected ?? "one key: " + quotedList(keys)
        var type = ValueType(summary: keys.map { "{\"\($0)\": …}" }.joined(separator: " | "), control: .json,
                         nested: forms.map(\.parameter),
                         decode: { v, p, d in
                             let member = try d.onlyMember(v, p, expected: expectation)
                             guard let form = forms.first(where: { $0.key == member.key }) else {
                                 throw d.unknownKey(member, p, known: keys)
                             }
                             return try form.decode(member.value, d.child(p, member.key), d)
                         },
                         encode: { value in
                             for form in forms { if let payload = form.encode(value) { return .object([.init(form.key, payload)]) } }
                             return .null
                         })
        type.nestedInline = false
        return type
    }
}

/// `"a", "b" or "c"`.
public func quotedList(_ names: [String]) -> String {
    let q = names.map(quoted)
    guard q.count > 1 else { return q.first ?? "" }
    return q.dropLast().joined(separator: ", ") + " or " + q.last!
}
