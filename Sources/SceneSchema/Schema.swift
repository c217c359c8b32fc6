/// Whose a key's value is. The designer's Swift export writes the library's as properties and only names the
/// preview's, which no library type has.
public enum KeyOwner: Hashable, Sendable {
    /// A setting of the view, layout or cell the preview shows (`eyePosition`, `scale`).
    case library
    /// The preview's own: its canvas, the demo's screen and data, the script (`time`, `showsTouches`, `timeline`).
    case preview
}

/// One key of a declared object: where its value goes, its type, and a line of meaning. Declared once, it
/// gives decoding, writing, the docs table and the designer's control.
public struct Field<Root>: @unchecked Sendable {
    // @unchecked: key paths are immutable values; Swift does not yet mark every key path type Sendable.
    public let key: String
    public let doc: String
    public let owner: KeyOwner
    public let unit: String?
    public let isRequired: Bool
    /// Shown in the docs instead of the default value when the default depends on other keys.
    public let defaultNote: String?
    let type: (summary: String, control: Control, nested: (children: [Parameter], inline: Bool))
    let decodeInto: (inout Root, JSONValue, String, SceneDecoder) throws -> Void
    /// nil for keys that are only read (a layer's `frame` sets bounds and position).
    let encodeFrom: ((Root) -> JSONNode)?
    /// The value as written over the defaults' own (objects write only what differs from it).
    let encodeOver: ((Root, Root) -> JSONNode)?
    /// The value with every key of its objects written.
    let encodeExplicitly: ((Root) -> JSONNode)?
    let sameAs: (Root, Root) -> Bool

    public init<V: Equatable>(_ key: String, _ keyPath: WritableKeyPath<Root, V>, _ type: ValueType<V>, unit: String? = nil,
                              required: Bool = false, default note: String? = nil, owner: KeyOwner = .library, doc: String) {
        self.key = key; self.doc = doc; self.unit = unit; isRequired = required; defaultNote = note; self.owner = owner
        self.type = (type.summary, type.control, (type.nested, type.nestedInline))
        decodeInto = { root, v, p, d in try type.update(&root[keyPath: keyPath], v, p, d) }
        encodeFrom = { type.encode($0[keyPath: keyPath]) }
        encodeOver = { type.encode($0[keyPath: keyPath], over: $1[keyPath: keyPath]) }
        encodeExplicitly = { type.encodeExplicitly($0[keyPath: keyPath]) }
        sameAs = { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }

    /// A key that is read but never written: `apply` puts its value into the root.
    public static func readOnly<V>(_ key: String, _ type: ValueType<V>, owner: KeyOwner = .library, doc: String,
                                   apply: @escaping (inout Root, V) -> Void) -> Field {
        Field(key: key, doc: doc, type: type, owner: owner, apply: apply)
    }

    private init<V>(key: String, doc: String, type: ValueType<V>, owner: KeyOwner,
                    apply: @escaping (inout Root, V) -> Void) {
        self.key = key; self.doc = doc; unit = nil; isRequired = false; defaultNote = nil; self.owner = owner
        self.type = (type.summary, type.control, (type.nested, type.nestedInline))
        decodeInto = { root, v, p, d in apply(&root, try type.decode(v, p, d)) }
        encodeFrom = nil
        encodeOver = nil
        encodeExplicitly = nil
        sameAs = { _, _ in true }
    }
}

/// The members of the object being decoded, for checks that involve several keys.
public struct DecodedObject: Sendable {
    public let value: JSONValue
    public let path: String
    public let members: [JSONValue.Member]

    public func member(_ key: String) -> JSONValue.Member? { members.first { $0.key == key } }
    /// The value of a key, or the object itself when the key is absent (errors then point at the object).
    public func position(of key: String) -> JSONValue { member(key)?.value ?? value }
}

/// The keys of one object, in the order they are written, with rules that span several keys.
public struct Schema<Root>: @unchecked Sendable {
    public var fields: [Field<Root>]
    /// Groups of keys of which at most one may be given (a layer's `frame` against `bounds` and `position`).
    public var exclusive: [[String]]
    /// Runs after the keys are read, to check rules between them or finish derived values.
    public var check: ((inout Root, DecodedObject, SceneDecoder) throws -> Void)?

    public init(_ fields: [Field<Root>], exclusive: [[String]] = [],
                check: ((inout Root, DecodedObject, SceneDecoder) throws -> Void)? = nil) {
        self.fields = fields; self.exclusive = exclusive; self.check = check
    }

    public var keys: [String] { fields.map(\.key) }

    /// Reads an object's members over `root`, which holds the defaults. Unknown keys get a did-you-mean;
    /// `handled` names keys the caller reads itself (they are skipped, and suggested like declared ones).
    /// A gathering decoder goes on past a key's problem to the next key; the rules between keys are checked
    /// only when every value could be read (an unknown key or a conflict changes no value).
    public func decode(_ value: JSONValue, _ path: String, _ d: SceneDecoder, into root: inout Root,
                       handled: [String] = []) throws {
        let members = try d.object(value, path)
        var seen: [String] = []
        var failed = false
        for member in members where !handled.contains(member.key) {
            let p = d.child(path, member.key)
            guard let field = fields.first(where: { $0.key == member.key }) else {
                try d.gather(d.unknownKey(member, path, known: keys + handled))
                continue
            }
            // The message names the earliest key the new one conflicts with.
            if let earlier = seen.first(where: { s in exclusive.contains { $0.contains(s) && $0.contains(member.key) && s != member.key } }) {
                try d.gather(d.error(key: member, p, "'\(member.key)' cannot be combined with '\(earlier)'"))
                continue
            }
            seen.append(member.key)
            do {
                try field.decodeInto(&root, member.value, p, d)
            } catch {
                try d.gather(error)
                failed = true
            }
        }
        for field in fields where field.isRequired && !seen.contains(field.key) {
            try d.gather(d.error(value, path, "missing required key '\(field.key)'"))
            failed = true
        }
        if failed { throw SceneDecoder.Gathered() }
        try check?(&root, DecodedObject(value: value, path: path, members: members), d)
    }

    /// The members that differ from `defaults` (required ones always), in declared order.
    public func encode(_ root: Root, defaults: Root) -> JSONNode {
        .object(fields.compactMap { field in
            guard let encode = field.encodeOver else { return nil }
            if !field.isRequired && field.sameAs(root, defaults) { return nil }
            return JSONNode.Member(field.key, encode(root, defaults))
        })
    }

    /// Every parameter with its default; an object's keys are its children.
    /// Every written key, whatever its value: the settings in full.
    public func encodeExplicitly(_ root: Root) -> JSONNode {
        .object(fields.compactMap { field in field.encodeExplicitly.map { JSONNode.Member(field.key, $0(root)) } })
    }

    public func parameters(defaults: Root) -> [Parameter] {
        fields.map { field in
            let defaultText: String
            if field.isRequired {
                defaultText = "required"
            } else if let note = field.defaultNote {
                defaultText = note
            } else if let encode = field.encodeFrom {
                defaultText = encode(defaults).inline()
            } else {
                defaultText = "—"
            }
            return Parameter(key: field.key, summary: field.type.summary, unit: field.unit, defaultText: defaultText,
                             defaultIsNote: field.defaultNote != nil, doc: field.doc, control: field.type.control, children: field.type.nested.children,
                             inline: field.type.nested.inline, owner: field.owner)
        }
    }
}

extension ValueType {
    /// An object declared by a schema, decoded over `defaults`; only values that differ from them are written.
    /// `inline`: the docs list its keys in the parent's table (else in a table of their own).
    public static func object(_ schema: Schema<Value>, defaults: Value, summary: String = "object",
                              inline: Bool = true) -> ValueType where Value: Sendable {
        var type = ValueType(summary: summary, control: .json, nested: schema.parameters(defaults: defaults),
                  decode: { v, p, d in
                      var root = defaults
                      try schema.decode(v, p, d, into: &root)
                      return root
                  },
                  encode: { schema.encode($0, defaults: defaults) })
        type.nestedInline = inline
        type.updater = { current, v, p, d in try schema.decode(v, p, d, into: &current) }
        type.relativeEncoder = { schema.encode($0, defaults: $1) }
        type.explicitEncoder = { schema.encodeExplicitly($0) }
        return type
    }
}

/// A value picked from a kind's presets and possibly changed: `like` names the preset it starts from (nil: the
/// declared defaults), `value` is the result.
public struct PresetValue<Value: Hashable & Sendable>: Hashable, Sendable {
    public var like: String?
    public var value: Value

    public init(like: String?, value: Value) { self.like = like; self.value = value }
}

extension ValueType {
    /// A preset by name (`"cylinder"`), or an object of the schema's keys over a preset (`{"like": "cylinder",
    /// "minScale": 0.5}`) or over `base`. Written back as the name when nothing was changed.
    public static func presets<V>(_ presets: [(String, V)], base: V, schema: Schema<V>, summary: String,
                                  doc: String = "start from this preset") -> ValueType where Value == PresetValue<V> {
        let names = presets.map(\.0)
        let like = Parameter(key: "like", summary: quotedList(names), defaultText: "", doc: doc, control: .choice(names))
        @Sendable func preset(_ name: String?) -> V { presets.first { $0.0 == name }?.1 ?? base }
        var type = ValueType(
            summary: summary, control: .json,
            nested: [like] + schema.parameters(defaults: base),
            decode: { v, p, d in
                if case .string = v.kind {
                    let name = try d.name(v, p, among: names)
                    return PresetValue(like: name, value: preset(name))
                }
                var name: String? = nil
                if let member = try d.object(v, p).first(where: { $0.key == "like" }) {
                    name = try d.name(member.value, d.child(p, "like"), among: names)
                }
                var value = preset(name)
                try schema.decode(v, p, d, into: &value, handled: ["like"])
                return PresetValue(like: name, value: value)
            },
            encode: { chosen in
                let start = preset(chosen.like)
                if let name = chosen.like, chosen.value == start { return .string(name) }
                guard case .object(let members) = schema.encode(chosen.value, defaults: start) else { return .object([]) }
                return .object((chosen.like.map { [JSONNode.Member("like", .string($0))] } ?? []) + members)
            })
        type.explicitEncoder = { chosen in
            guard case .object(let members) = schema.encodeExplicitly(chosen.value) else { return .object([]) }
            return .object((chosen.like.map { [JSONNode.Member("like", .string($0))] } ?? []) + members)
        }
        return type
    }
}
