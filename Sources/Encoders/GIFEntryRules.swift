/// How the pixels of one color of the frame (a histogram entry) may be shown. One record a color, all
/// fields together: the per-pixel loops read a pixel's rule with one cache line.
struct GIFEntryRule: Equatable {
    /// The source color (0: transparent).
    var key: UInt32
    /// The palette's color for it (0 for transparent): what drawing the pixel shows.
    var shown: UInt32
    /// Squared RGB error of `shown` against `key`: what drawing the pixel costs in PSNR terms.
    var quantError: Int32
    /// A color already on screen within this weighted distance of `key` counts as unchanged: in flat areas,
    /// and elsewhere (`keepEdge`, wider while the picture moves).
    var keepFlat: Int32, keepEdge: Int32
    /// Where >= 0, the compressor may draw any palette entry within this weighted distance of `key` if that
    /// continues its string; -1: only `index`.
    var limitFlat: Int32, limitEdge: Int32
    /// The palette index of `shown`.
    var index: UInt8
}

/// Stage 2, the acceptance rules: per frame color, which displayed colors are good enough. The frequent
/// colors must come out exact (flat fills, text); the others may be off by `tolerance` beyond their nearest
/// entry, and while the picture moves, outside flat areas, by `lossy`. Later stages only read these rules.
final class GIFEntryRules {
    /// How much farther than its nearest entry (weighted squared distance; 9 is one level on every channel)
    /// an approximated color may be shown: lets the compressor pick an entry that continues its string, and
    /// keeps a still pixel's old color instead of redrawing it for a marginally better one. Never applies to
    /// the exact colors.
    static let tolerance: Int32 = 48
    /// While the picture moves, outside flat areas (edges, text, shadows, gradients: a 3x3 neighbourhood of
    /// more than one color), how far (weighted squared distance) a shown color may be from the source: an
    /// unchanged-enough pixel stays, and the compressor may pick any entry this close that continues its
    /// string. 64 is about 2.7 levels on every channel: wider saves bytes but takes the PSNR below
    /// ffmpeg + gifsicle's on a flow scene (docs/speed.md#gif-encoder-constants).
    static let lossy: Int32 = 64

    /// Two tables, used in turn: the last build's stays readable (as it was left) through the next one.
    private var storage = GIFScratch<GIFEntryRule>(repeating: GIFEntryRule(
        key: 0, shown: 0, quantError: 0, keepFlat: 0, keepEdge: 0, limitFlat: -1, limitEdge: -1, index: 0))
    private var spare = GIFScratch<GIFEntryRule>(repeating: GIFEntryRule(
        key: 0, shown: 0, quantError: 0, keepFlat: 0, keepEdge: 0, limitFlat: -1, limitEdge: -1, index: 0))
    /// The rules, indexed by histogram entry.
    private(set) var table = UnsafeMutableBufferPointer<GIFEntryRule>(start: nil, count: 0)
    /// The table of the build before, as it was left (withdrawals included): what the change search's memo
    /// compares with instead of keeping a copy.
    private(set) var previous = UnsafeMutableBufferPointer<GIFEntryRule>(start: nil, count: 0)
    /// How many builds there were: which one `previous` belongs to (`builds - 1`).
    private(set) var builds = 0

    /// The rules for the frame's colors `keys` as `mapping` shows them; `exact` are the entries that must stay
    /// exact; `lossy` while the picture moves.
    func build(keys: [UInt32], mapping: GIFPaletteMapping, exact: [Int], lossy: Bool) {
        previous = table
        swap(&storage, &spare)
        builds += 1
        table = storage.first(keys.count)
        for e in 0..<keys.count {
            let key = keys[e], shown = mapping.color[e], nearest = mapping.distance[e]
            var rule = GIFEntryRule(key: key, shown: shown, quantError: 0, keepFlat: nearest, keepEdge: nearest,
                                    limitFlat: -1, limitEdge: -1, index: mapping.index[e])
            if key != 0 {
                rule.quantError = squaredError(key, shown)
                rule.keepFlat = nearest + Self.tolerance
                rule.limitFlat = rule.keepFlat
            }
            table[e] = rule
        }
        for e in exact { table[e].keepFlat = mapping.distance[e]; table[e].limitFlat = -1 }
        for e in 0..<keys.count {
            var rule = table[e]
            rule.keepEdge = rule.keepFlat; rule.limitEdge = rule.limitFlat
            if lossy && rule.key != 0 {
                rule.keepEdge = max(rule.keepFlat, Self.lossy)
                rule.limitEdge = max(rule.limitFlat, Self.lossy)
            }
            table[e] = rule
        }
    }

    /// The same rules without the lossy widening: for a frame where what earlier frames left approximate
    /// already spends the error budget.
    func withdrawLossy() {
        for e in table.indices { table[e].keepEdge = table[e].keepFlat; table[e].limitEdge = table[e].limitFlat }
    }
}
