import RenderPreviewsKindKit

/// How SnapshotTransformViewOptions are written in a scene: the library's field names; a PiecesValue as a
/// bare ratio (`.static`) or an object with one key naming its case.
extension PagingKind {
    /// Aggregates nested deeper than this are refused: every piece evaluates the whole tree in every frame.
    static let maxPiecesNesting = 8

    /// `ratio` is CGFloat (a number) or CGPoint / CGSize (`[x, y]`).
    static func piecesType<R: PieceRatio>(_ ratio: ValueType<R>) -> ValueType<PiecesValue<R>> {
        let pair = ValueType<(R, R)>(
            summary: "[odd, even]", control: .json,
            decode: { v, p, d in
                let items = try d.array(v, p)
                guard items.count == 2 else { throw d.error(v, p, "expected [odd, even], two ratios, found \(items.count)") }
                return (try ratio.decode(items[0], p + "[0]", d), try ratio.decode(items[1], p + "[1]", d))
            },
            encode: { .array([ratio.encode($0.0), ratio.encode($0.1)]) })
        let list = ValueType<[R]>.array(ratio, atLeastOne: "ratio (the library divides by the count)")
        let nested = ValueType<[PiecesValue<R>]>(
            summary: "[pieces value]", control: .json,
            decode: { v, p, d in
                guard d.depth < maxPiecesNesting else {
                    throw d.error(v, p, "expected pieces values nested at most \(maxPiecesNesting) deep")
                }
                var deeper = d
                deeper.depth += 1
                let items = try d.array(v, p)
                if items.isEmpty { throw d.error(v, p, "expected at least one pieces value (the library stops on an empty aggregate)") }
                let element = piecesType(ratio)
                return try items.enumerated().map { i, item in try element.decode(item, p + "[\(i)]", deeper) }
            },
            encode: { values in .array(values.map { piecesType(ratio).encode($0) }) })
        typealias P = PiecesValue<R>
        func based(_ key: String, _ make: @escaping @Sendable (R) -> P, _ match: @escaping @Sendable (P) -> R?) -> Form<P> {
            Form(key, ratio, make: make, match: match)
        }
        let forms: [Form<P>] = [
            based("rowBased", { .rowBased($0, reversed: false) }, { if case .rowBased(let r, false) = $0 { r } else { nil } }),
            based("rowBasedReversed", { .rowBased($0, reversed: true) }, { if case .rowBased(let r, true) = $0 { r } else { nil } }),
            based("columnBased", { .columnBased($0, reversed: false) }, { if case .columnBased(let r, false) = $0 { r } else { nil } }),
            based("columnBasedReversed", { .columnBased($0, reversed: true) }, { if case .columnBased(let r, true) = $0 { r } else { nil } }),
            based("rowBasedMirror", { .rowBasedMirror($0, reversed: false) }, { if case .rowBasedMirror(let r, false) = $0 { r } else { nil } }),
            based("rowBasedMirrorReversed", { .rowBasedMirror($0, reversed: true) }, { if case .rowBasedMirror(let r, true) = $0 { r } else { nil } }),
            based("columnBasedMirror", { .columnBasedMirror($0, reversed: false) }, { if case .columnBasedMirror(let r, false) = $0 { r } else { nil } }),
            based("columnBasedMirrorReversed", { .columnBasedMirror($0, reversed: true) },
                  { if case .columnBasedMirror(let r, true) = $0 { r } else { nil } }),
            Form("rowOddEven", pair, make: { .rowOddEven(odd: $0.0, even: $0.1, increasing: false) },
                 match: { if case .rowOddEven(let o, let e, false) = $0 { (o, e) } else { nil } }),
            Form("rowOddEvenIncreasing", pair, make: { .rowOddEven(odd: $0.0, even: $0.1, increasing: true) },
                 match: { if case .rowOddEven(let o, let e, true) = $0 { (o, e) } else { nil } }),
            Form("columnOddEven", pair, make: { .columnOddEven(odd: $0.0, even: $0.1, increasing: false) },
                 match: { if case .columnOddEven(let o, let e, false) = $0 { (o, e) } else { nil } }),
            Form("columnOddEvenIncreasing", pair, make: { .columnOddEven(odd: $0.0, even: $0.1, increasing: true) },
                 match: { if case .columnOddEven(let o, let e, true) = $0 { (o, e) } else { nil } }),
            Form("indexBasedCustom", list, make: { .indexBasedCustom($0) }, match: { if case .indexBasedCustom(let l) = $0 { l } else { nil } }),
            Form("rowBasedCustom", list, make: { .rowBasedCustom($0) }, match: { if case .rowBasedCustom(let l) = $0 { l } else { nil } }),
            Form("columnBasedCustom", list, make: { .columnBasedCustom($0) }, match: { if case .columnBasedCustom(let l) = $0 { l } else { nil } }),
            Form("sum", nested, make: { .sum($0) }, match: { if case .sum(let v) = $0 { v } else { nil } }),
            Form("product", nested, make: { .product($0) }, match: { if case .product(let v) = $0 { v } else { nil } }),
        ]
        let cases = ValueType<P>.oneOf(forms)
        return ValueType<P>(
            summary: "\(ratio.summary) or {\"rowBased\" | \"columnBasedMirror\" | \"rowOddEven\" | \"sum\" | …: …}", control: .json,
            decode: { v, p, d in
                if case .object = v.kind { return try cases.decode(v, p, d) }
                return .constant(try ratio.decode(v, p, d))
            },
            encode: { value in
                if case .constant(let r) = value { return ratio.encode(r) }
                return cases.encode(value)
            })
    }

    /// Piece sizes above 0 (the library makes no snapshot otherwise); at most 1 counts as the whole card.
    static let pieceSizeType = ValueType<Point>(
        summary: "[width, height], each in (0, 1]", control: .numbers(["w", "h"]),
        decode: { v, p, d in
            let rule = NumberRule(minimum: 0, exclusive: true, maximum: 1, expectation: "a share of the card in (0, 1]")
            let n = try d.numbers(v, p, [rule, rule])
            return Point(n[0], n[1])
        },
        encode: { .numbers([$0.x, $0.y]) })

    static let snapshotSchema = Schema<SnapshotOptions>([
        Field("pieceSizeRatio", \.pieceSizeRatio, pieceSizeType, doc: "a piece's [width, height] as a share of the card's"),
        Field("piecesCornerRadiusRatio", \.piecesCornerRadiusRatio, piecesType(.number()),
              doc: "corner radius = ratio × |progress| × the piece's shorter scaled side"),
        Field("piecesAlphaRatio", \.piecesAlphaRatio, piecesType(.number()), doc: "alpha = 1 − ratio × |progress|"),
        Field("piecesTranslationRatio", \.piecesTranslationRatio, piecesType(pointType),
              doc: "[x, y] × |progress| × the piece's scaled size"),
        Field("minPiecesTranslationRatio", \.minPiecesTranslationRatio, .optional(piecesType(pointType)), doc: ""),
        Field("maxPiecesTranslationRatio", \.maxPiecesTranslationRatio, .optional(piecesType(pointType)), doc: ""),
        Field("piecesScaleRatio", \.piecesScaleRatio, piecesType(pointType), doc: "[width, height]: scale = 1 − ratio × |progress|"),
        Field("containerScaleRatio", \.containerScaleRatio, .number(), doc: "the whole snapshot: scale = 1 − ratio × |progress|"),
        Field("containerTranslationRatio", \.containerTranslationRatio, pointType, doc: "of the card's scaled size, per unit of progress"),
        Field("containerMinTranslationRatio", \.containerMinTranslationRatio, .optional(pointType), doc: "(the library compares y with the x translation)"),
        Field("containerMaxTranslationRatio", \.containerMaxTranslationRatio, .optional(pointType), doc: ""),
    ], check: { o, object, d in
        // Counted as the library cuts, so that a ratio of 0.001 is refused before a million views exist.
        let card = PagingScreen.cardFrame(in: PagingScene.defaultPagesFrame.size).size
        if o.pieceFrames(cardSize: card) == nil {
            let columns = (1 / o.pieceSizeRatio.x).rounded(.up), rows = (1 / o.pieceSizeRatio.y).rounded(.up)
            throw d.error(object.position(of: "pieceSizeRatio"), d.child(object.path, "pieceSizeRatio"),
                          "expected at most \(SnapshotOptions.maxPieces) pieces, found about \(formatNumber(columns)) × \(formatNumber(rows))")
        }
    })

    static let snapshotType = ValueType<PresetValue<SnapshotOptions>>.presets(
        SnapshotOptions.Preset.allCases.map { ($0.rawValue, SnapshotOptions.preset($0)) }, base: SnapshotOptions(),
        schema: snapshotSchema, summary: "a preset's name or SnapshotTransformViewOptions",
        doc: "start from this SnapshotTransformViewOptions.layout(…)")
}
