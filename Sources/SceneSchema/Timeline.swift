/// A scripted step that may say when it starts: `{"at": 1.23, "drag": {…}}`. Steps without `at` follow the
/// previous one; a step with `at` starts at that second of the scene, the time before it passing idle.
public struct Timed<Step: Equatable & Sendable>: Equatable, Sendable {
    public var at: Double?
    public var step: Step

    public init(at: Double? = nil, _ step: Step) { self.at = at; self.step = step }
}

extension Array {
    /// The steps with the idle time before each `at` made explicit by `wait`, and the script held until
    /// `end` (the scene's duration) when that is later.
    public func resolved<Step>(end: Double? = nil, duration: (Step) -> Double, wait: (Double) -> Step) -> [Step]
    where Element == Timed<Step> {
        var out: [Step] = []
        var t = 0.0
        for timed in self {
            if let at = timed.at, at > t {
                out.append(wait(at - t))
                t = at
            } else if let at = timed.at, at < 0 {
                t = at  // a first step that starts before the first frame (a path's pre-roll)
            }
            out.append(timed.step)
            t += duration(timed.step)
        }
        if let end, end > t { out.append(wait(end - t)) }
        return out
    }

    /// When the last step ends.
    public func end<Step>(duration: (Step) -> Double) -> Double where Element == Timed<Step> {
        reduce(0.0) { t, timed in
            let start = timed.at.map { $0 < 0 ? $0 : Swift.max(t, $0) } ?? t
            return start + duration(timed.step)
        }
    }
}

extension ValueType {
    /// A script: an array of steps, each `{"form": payload}` with an optional `"at": seconds`. A step may not
    /// start before the previous one ends. `start` gives the time a step starts by itself (a path of points at
    /// the scene's times): it takes no `at`, and only the first step may start before 0.
    public static func timeline<S>(_ forms: [Form<S>], duration: @escaping @Sendable (S) -> Double,
                                   start: @escaping @Sendable (S) -> Double? = { _ in nil }) -> ValueType<[Timed<S>]>
    where Value == [Timed<S>] {
        let keys = forms.map(\.key)
        let expectation = "one step: " + quotedList(keys)
        let step = ValueType<S>.oneOf(forms)
        var type = ValueType<[Timed<S>]>(
            summary: "[step]", control: .json, nested: step.nested,
            decode: { v, p, d in
                var t = 0.0
                return try d.array(v, p).enumerated().map { i, item in
                    let path = p + "[\(i)]"
                    let members = try d.object(item, path)
                    var at: Double?
                    var atMember: JSONValue.Member?
                    var forms: [JSONValue.Member] = []
                    for m in members {
                        if m.key == "at" {
                            atMember = m
                            at = try d.number(m.value, d.child(path, "at"), .nonNegative)
                            if let at, at < t - 1e-9 {
                                throw d.error(m.value, d.child(path, "at"),
                                              "the step starts at \(formatNumber(at)) s, before the previous steps end (\(formatNumber((t * 1e6).rounded() / 1e6)) s)")
                            }
                        } else if keys.contains(m.key) {
                            forms.append(m)
                        } else {
                            throw d.unknownKey(m, path, known: keys + ["at"])
                        }
                    }
                    guard forms.count == 1 else {
                        throw d.error(item, path, "expected \(expectation), found \(forms.count) keys")
                    }
                    let s = try step.decode(.init(.object(forms), line: item.line, column: item.column), path, d)
                    if let own = start(s) {
                        if let atMember {
                            throw d.error(atMember.value, d.child(path, "at"),
                                          "expected no \"at\": the step starts at its first point's time (\(formatNumber(own)) s)")
                        }
                        if own < 0 && i > 0 || own >= 0 && own < t - 1e-9 {
                            throw d.error(forms[0].value, d.child(path, forms[0].key),
                                          "the step starts at \(formatNumber(own)) s, before the previous steps end (\(formatNumber((t * 1e6).rounded() / 1e6)) s); only the first step may start before 0")
                        }
                        at = own
                    }
                    t = (at.map { $0 < 0 ? $0 : max(t, $0) } ?? t) + duration(s)
                    return Timed(at: at, s)
                }
            },
            encode: { steps in
                .array(steps.map { timed in
                    guard case .object(let body) = step.encode(timed.step) else { return .null }
                    let at = start(timed.step) == nil ? timed.at : nil
                    return .object((at.map { [JSONNode.Member("at", .number($0))] } ?? []) + body)
                })
            })
        type.nestedInline = false
        return type
    }
}
