import Dispatch
import Raster

/// Stage 4, the index choice: for each pixel of the changed rectangle, the palette indices it may be drawn
/// with, as two candidate images (the smaller after compression wins, see `GIFCandidateCoder`):
/// - opaque: no transparency; an unchanged pixel is drawn again in the canvas color when the palette has it
///   exactly (on busy content, holes can cost more than they save);
/// - mixed: an unchanged pixel is the transparent index, or (as `alternatives`) the canvas color's entry.
/// Changed pixels take their entry in both. The lossy choice, any entry within the rule's limit of the
/// source, is left to the compressor (`GIFLossyTerms`, read from the screen where a string breaks), which
/// knows which value continues its string.
final class GIFIndexCandidates {
    private let opaqueStorage = GIFScratch<UInt8>(repeating: 0), mixedStorage = GIFScratch<UInt8>(repeating: 0)
    private let alternativeStorage = GIFScratch<UInt8>(repeating: 0)

    /// The rectangle the planes below cover, row by row.
    private(set) var rect = IntRect(x: 0, y: 0, width: 0, height: 0)
    private(set) var opaque = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private(set) var mixed = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Per pixel, a second acceptable value of `mixed` (equal to it when there is none).
    private(set) var alternatives = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Where the compressor reads each pixel's lossy terms.
    private(set) var terms: GIFLossyTerms?
    /// Opaque pixels left as they are on screen: when none, the mixed candidate is the opaque one.
    private(set) var unchanged = 0

    /// The planes for `rect`. `classified`: `screen.change` holds each pixel's class under these rules (a
    /// `GIFChange.find` ran since they and the canvas last changed); otherwise each pixel is tested here.
    func fill(_ rect: IntRect, screen: GIFScreen, rules: GIFEntryRules, mapper: QuantizeMapper, transparent: UInt8,
              classified: Bool) {
        let area = rect.area
        self.rect = rect
        opaque = opaqueStorage.first(area); mixed = mixedStorage.first(area); alternatives = alternativeStorage.first(area)
        terms = GIFLossyTerms(entries: UnsafePointer(screen.entries.baseAddress!), canvas: UnsafePointer(screen.canvas.baseAddress!),
                              flat: UnsafePointer(screen.flat.baseAddress!), rules: UnsafePointer(rules.table.baseAddress!),
                              screenWidth: screen.width, rect: rect)
        if classified {
            fillClassified(rect, screen: screen, rules: rules, mapper: mapper, transparent: transparent)
        } else {
            fillTesting(rect, screen: screen, rules: rules, mapper: mapper, transparent: transparent)
        }
    }

    /// `fill` from the classes `GIFChange.find` left: the keep distance is not computed again.
    private func fillClassified(_ rect: IntRect, screen: GIFScreen, rules: GIFEntryRules, mapper: QuantizeMapper,
                                transparent: UInt8) {
        let table = rules.table, entries = screen.entries.baseAddress!, canvas = screen.canvas.baseAddress!
        let classes = screen.change.baseAddress!
        var planes = GIFCandidatePlanes(self, transparent: transparent)
        var unchanged = 0, k = 0
        for y in rect.y..<rect.maxY {
            // The row's planes indexed by `k`, the pixel's number in the rectangle: one counter in the loop.
            let shift = y * screen.width + rect.x - k
            let entries = entries + shift, canvas = canvas + shift, classes = classes + shift
            let end = k + rect.width
            while k < end {
                let block = min(k &+ 8, end)
                let one = planes.place(k, classes[k], index: table[Int(entries[k])].index, canvas: canvas[k], mapper: mapper)
                // Eight pixels of one entry over one canvas color in one class (flat UI) take the same indices.
                if k &+ 8 <= end && GIFScreen.isUniform8(classes + k), let run = GIFUniformBlock(entries + k, canvas + k) {
                    // So do the blocks after it that repeat it.
                    let first = k, s = classes[k]
                    repeat {
                        planes.copy8(from: first, to: k)
                        unchanged &+= 8 &* one; k &+= 8
                    } while k &+ 8 <= end && run.repeats(entries + k, canvas + k)
                        && UnsafeRawPointer(classes + k).loadUnaligned(as: UInt64.self) == UInt64(s) &* 0x0101_0101_0101_0101
                    continue
                }
                unchanged &+= one; k &+= 1
                while k < block {
                    unchanged &+= planes.place(k, classes[k], index: table[Int(entries[k])].index, canvas: canvas[k], mapper: mapper)
                    k &+= 1
                }
            }
        }
        self.unchanged = unchanged
    }

    /// `fill` testing each pixel against the canvas (the first frame, and tests of `fillClassified`).
    private func fillTesting(_ rect: IntRect, screen: GIFScreen, rules: GIFEntryRules, mapper: QuantizeMapper,
                             transparent: UInt8) {
        let flat = screen.flat.baseAddress!
        var planes = GIFCandidatePlanes(self, transparent: transparent)
        fillPixels(rect, screen: screen, rules: rules) { k, p, rule, c in
            let keep = flat[p] != 0 ? rule.keepFlat : rule.keepEdge
            let s = rule.shown == c ? GIFPixelChange.same
                : rule.shown != 0 && c != 0 && quantizeDistance(rule.key, c) <= keep ? GIFPixelChange.close : GIFPixelChange.changed
            return planes.place(k, s, index: rule.index, canvas: c, mapper: mapper)
        }
    }

    /// Calls `body` with each pixel of `rect` (its number `k` in the rectangle, its screen pixel, its rule and
    /// canvas color) and keeps the count of unchanged pixels, the sum of what `body` returns.
    @inline(__always)
    private func fillPixels(_ rect: IntRect, screen: GIFScreen, rules: GIFEntryRules,
                            _ body: (_ k: Int, _ pixel: Int, _ rule: GIFEntryRule, _ canvas: UInt32) -> Int) {
        let table = rules.table, entries = screen.entries.baseAddress!, canvas = screen.canvas.baseAddress!
        var unchanged = 0, k = 0
        for y in rect.y..<rect.maxY {
            let at = y * screen.width + rect.x
            for p in at..<(at + rect.width) {
                unchanged &+= body(k, p, table[Int(entries[p])], canvas[p])
                k &+= 1
            }
        }
        self.unchanged = unchanged
    }
}

/// The three planes `GIFIndexCandidates.fill` writes, as plain pointers held in locals: through the class's
/// properties, every store (bytes may alias anything) made the loop load all three again.
private struct GIFCandidatePlanes {
    let opaque: UnsafeMutablePointer<UInt8>, mixed: UnsafeMutablePointer<UInt8>
    let alternatives: UnsafeMutablePointer<UInt8>
    let transparent: UInt8
    /// The last canvas color looked up in the palette and its exact entry (close pixels come in runs of one
    /// canvas color); -2 before the first.
    private var lastCanvas: UInt32 = 0, lastExact = -2

    init(_ candidates: GIFIndexCandidates, transparent: UInt8) {
        opaque = candidates.opaque.baseAddress!; mixed = candidates.mixed.baseAddress!
        alternatives = candidates.alternatives.baseAddress!
        self.transparent = transparent
    }

    /// Pixels `k..<k + 8` as pixel `first`.
    @inline(__always)
    func copy8(from first: Int, to k: Int) {
        GIFScreen.set8(opaque + k, to: opaque[first]); GIFScreen.set8(mixed + k, to: mixed[first])
        GIFScreen.set8(alternatives + k, to: alternatives[first])
    }

    /// The candidates' indices at pixel `k` of class `s` (see `GIFPixelChange`) whose entry is `index` and
    /// canvas color `canvas`; 1 when the pixel is opaque and left as it is on screen.
    @inline(__always)
    mutating func place(_ k: Int, _ s: UInt8, index i: UInt8, canvas c: UInt32, mapper: QuantizeMapper) -> Int {
        if s == GIFPixelChange.close {
            // Close enough to what is on screen: keep that color if the palette has it.
            if c != lastCanvas || lastExact == -2 { lastCanvas = c; lastExact = mapper.exact(c) }
            let j = lastExact
            mixed[k] = transparent
            alternatives[k] = j >= 0 ? UInt8(j) : transparent
            opaque[k] = j >= 0 ? UInt8(j) : i
            return 1
        }
        // Exactly what is on screen (transparent in the mixed image), or changed.
        mixed[k] = s == GIFPixelChange.changed ? i : transparent
        alternatives[k] = i; opaque[k] = i
        return s == GIFPixelChange.same && c != 0 ? 1 : 0
    }
}

/// Stage 5, the candidates' LZW: each candidate compressed by its own `GIFLZWEncoder` (on two threads when
/// the rectangle is big enough to pay for it), which makes the remaining choices in place; the smaller wins.
/// The two race: at a quarter, a half and three quarters of the pixels, one that has written more than
/// `raceMargin` over the other's bytes so far is dropped, and the other finishes alone. The frames after a
/// race compress its winner alone until the next race (`rerunInterval`, `rerunShareShift`).
final class GIFCandidateCoder {
    private let compressors = (0..<2).map { _ in GIFLZWEncoder() }
    /// Below this many pixels, a second thread costs more than it saves.
    static let parallelArea = 4096
    /// When at least this share of the rectangle's pixels is unchanged, only the mixed candidate is
    /// compressed: the opaque one then almost never wins, and compressing it costs much
    /// (docs/speed.md#gif-encoder-constants).
    static let mixedOnlyShare = 0.9
    /// Where the race is judged (eighths of the pixels) and by how much a candidate must trail to be dropped:
    /// a candidate that trails by this much seldom catches up, and an eighth in, the two are often within
    /// noise (docs/speed.md#gif-encoder-constants).
    static let raceCheckpoints = [2, 4, 6]
    static let raceMargin = 0.05
    /// Between races only the last race's winner is compressed: a race is run again after this many frames
    /// that could have raced, or sooner when the unchanged share has moved by `rerunShareShift` since the last
    /// race. The winner seldom changes while a motion goes on, and when it does the unchanged share has
    /// moved. It trades a fraction of a percent of bytes for a few percent of CPU
    /// (docs/speed.md#gif-encoder-constants).
    static let rerunInterval = 8
    static let rerunShareShift = 0.05

    /// The last race: its winner, the unchanged share it was run at, and the racing frames since.
    private var lastRace: (winner: Int, share: Double, framesSince: Int)? = nil

    /// The winning candidate's compressed data and its chosen indices (a view into `candidates`, valid until
    /// the next `fill`). `budget`: squared error the lossy choices may add (`.max` when the picture is
    /// still: the rules' limits are then within the tolerance only).
    func compress(_ candidates: GIFIndexCandidates, palette: [UInt32], bitsPerPixel: Int,
                  budget: Int64) -> (data: [UInt8], indices: UnsafeBufferPointer<UInt8>) {
        let area = candidates.rect.area
        // Candidate 0 is the opaque image, 1 the mixed one (the opaque one when nothing is unchanged).
        let share = Double(candidates.unchanged) / Double(max(1, area))
        let mixedOnly = share >= Self.mixedOnlyShare
        var kinds = candidates.unchanged == 0 ? [0] : mixedOnly ? [1] : [0, 1]
        var races = kinds.count > 1
        if races, let last = lastRace, last.framesSince + 1 < Self.rerunInterval,
           abs(share - last.share) < Self.rerunShareShift {
            kinds = [last.winner]
            lastRace!.framesSince += 1
            races = false
        }
        let results = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 2)
        results.initialize(repeating: [], count: 2)
        let written = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        written.initialize(repeating: 0, count: 2)
        defer { results.deinitialize(count: 2); results.deallocate(); written.deallocate() }
        palette.withUnsafeBufferPointer { palette in
            let opaque = GIFLZWInput(values: candidates.opaque, terms: candidates.terms, palette: palette, budget: budget)
            var mixed = opaque
            mixed.values = candidates.mixed; mixed.alternatives = UnsafeBufferPointer(candidates.alternatives)
            let jobs = [opaque, mixed]
            for k in kinds { compressors[k].start(jobs[k], bitsPerPixel: bitsPerPixel) }
            let parallel = area >= Self.parallelArea
            /// The running candidates on to pixel `end`, their bytes so far in `written`.
            func advance(_ running: [Int], to end: Int) {
                nonisolated(unsafe) let out = written, compressors = compressors
                let work = { @Sendable (j: Int) in out[running[j]] = compressors[running[j]].resume(until: end) }
                if parallel && running.count > 1 {
                    DispatchQueue.concurrentPerform(iterations: running.count, execute: work)
                } else {
                    for j in running.indices { work(j) }
                }
            }
            if kinds.count > 1 {
                for eighth in Self.raceCheckpoints {
                    advance(kinds, to: area * eighth / 8)
                    let a = Double(written[0]), b = Double(written[1])
                    if a > b * (1 + Self.raceMargin) { kinds = [1]; compressors[0].abandon(); break }
                    if b > a * (1 + Self.raceMargin) { kinds = [0]; compressors[1].abandon(); break }
                }
            }
            advance(kinds, to: area)
            for k in kinds { results[k] = compressors[k].finish() }
        }
        let best = kinds == [1] || (kinds.count > 1 && results[1].count < results[0].count) ? 1 : 0
        if races { lastRace = (best, share, 0) }
        return (results[best], UnsafeBufferPointer(best == 0 ? candidates.opaque : candidates.mixed))
    }
}
