// Palette quantization for GIF frames of UI content: exact entries for the frequent (flat) colors, median-cut
// clusters refined by k-means for the long tail of anti-aliasing, shadow and gradient colors.

/// A pixel as the quantizer sees it: opaque straight RGB as 0xFF_BBGGRR (memory order R, G, B, A like
/// `Pixmap`), or 0 for a transparent pixel (alpha < 128). GIF has one bit of alpha, so partial alpha is
/// unpremultiplied and shown opaque.
@inline(__always)
func quantizeKey(_ p: UInt32) -> UInt32 {
    let a = p >> 24
    if a == 255 { return p }
    if a < 128 { return 0 }
    let half = a / 2
    let r = min(255, ((p & 0xFF) * 255 + half) / a)
    let g = min(255, (((p >> 8) & 0xFF) * 255 + half) / a)
    let b = min(255, (((p >> 16) & 0xFF) * 255 + half) / a)
    return 0xFF00_0000 | b << 16 | g << 8 | r
}

/// Channel weights of the distance: the eye is most sensitive to green and least to blue; mild weights so
/// the metric stays close to plain RGB error (which is what PSNR and diff tools measure).
let quantizeWeightR: Int32 = 3, quantizeWeightG: Int32 = 4, quantizeWeightB: Int32 = 2

/// Weighted squared RGB distance between two opaque keys.
@inline(__always)
func quantizeDistance(_ a: UInt32, _ b: UInt32) -> Int32 {
    let dr = Int32(a & 0xFF) &- Int32(b & 0xFF)
    let dg = Int32((a >> 8) & 0xFF) &- Int32((b >> 8) & 0xFF)
    let db = Int32((a >> 16) & 0xFF) &- Int32((b >> 16) & 0xFF)
    return quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
}

/// Plain squared RGB error between two opaque keys (what PSNR measures).
@inline(__always)
func squaredError(_ a: UInt32, _ b: UInt32) -> Int32 {
    let dr = Int32(a & 0xFF) &- Int32(b & 0xFF)
    let dg = Int32((a >> 8) & 0xFF) &- Int32((b >> 8) & 0xFF)
    let db = Int32((a >> 16) & 0xFF) &- Int32((b >> 16) & 0xFF)
    return dr &* dr &+ dg &* dg &+ db &* db
}

/// A key's bytes (r, g, b, a in memory order) widened to four Int64 lanes: one widening move, where
/// building the vector lane by lane took a dozen instructions. Sums of count · lanes then take one multiply
/// a color (both factors fit 32 bits).
@inline(__always)
func quantizeLanes(_ k: UInt32) -> SIMD4<Int64> {
    SIMD4<Int64>(truncatingIfNeeded: unsafeBitCast(k, to: SIMD4<UInt8>.self))
}

/// Exact histogram of a frame's colors. Entries are numbered in scan order, so everything derived from them
/// is deterministic (no hash-order iteration).
struct QuantizeHistogram {
    private(set) var keys: [UInt32] = []
    private(set) var counts: [Int32] = []
    private var table: [Int32] = []
    private var shift: UInt32 = 32

    /// Counts `pixels` and writes each pixel's entry number to `entries`. Given the row `width`, a run that
    /// starts under a pixel of its color takes that pixel's entry without a lookup (the one above was
    /// numbered first, so entries are numbered as without it).
    mutating func count(_ pixels: UnsafeBufferPointer<UInt32>, entries: UnsafeMutableBufferPointer<Int32>, width: Int = 0) {
        keys.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        if table.isEmpty { resize(bits: 14) } else { table.withUnsafeMutableBufferPointer { $0.update(repeating: -1) } }
        let n = pixels.count
        guard n > 0 else { return }
        let px = pixels.baseAddress!, out = entries.baseAddress!
        // Counts are tallied in a plain buffer and copied into `counts` at the end: adding to the array in
        // the loop checked its uniqueness run by run.
        var capacity = max(1024, counts.capacity)
        var tally = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        tally.initialize(repeating: 0, count: capacity)
        defer { tally.deallocate() }
        var i = 0
        while i < n {
            // Flat UI is mostly runs of one color: one hash lookup a run.
            let p = px[i]
            let e = width > 0 && i >= width && px[i - width] == p ? out[i - width] : entry(for: quantizeKey(p))
            out[i] = e
            var end = i &+ 1
            // Most runs are short: one pixel at a time, and eight a step once the run is long. (Indices stay
            // below `n`: wrapping arithmetic spares the overflow checks.)
            while end < n && px[end] == p {
                out[end] = e; end &+= 1
                if end &- i == 8 {
                    let same = SIMD8<UInt32>(repeating: p), run = SIMD8<Int32>(repeating: e)
                    while end &+ 8 <= n && UnsafeRawPointer(px + end).loadUnaligned(as: SIMD8<UInt32>.self) == same {
                        UnsafeMutableRawPointer(out + end).storeBytes(of: run, as: SIMD8<Int32>.self)
                        end &+= 8
                    }
                    while end < n && px[end] == p { out[end] = e; end &+= 1 }
                    break
                }
            }
            if Int(e) >= capacity {
                let grown = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
                grown.moveInitialize(from: tally, count: capacity)
                (grown + capacity).initialize(repeating: 0, count: capacity)
                tally.deallocate()
                (tally, capacity) = (grown, 2 * capacity)
            }
            tally[Int(e)] += Int32(end - i)
            i = end
        }
        // `entry` added a count of 0 for each new key.
        counts.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: tally, count: $0.count) }
    }

    /// Moves the pixels of `rows` that differ from `previous` (the frame last counted, whose entries
    /// `entries` holds) from their old entry to their new one. Colors that leave the frame keep their entry
    /// at count 0 (see `liveCount`); everything built from a histogram skips them, and no result depends on
    /// how entries are numbered, so this counts what `count` would.
    mutating func update(_ pixels: UnsafeBufferPointer<UInt32>, previous: UnsafeBufferPointer<UInt32>, width: Int,
                         rows: [Range<Int>], entries: UnsafeMutableBufferPointer<Int32>) {
        let src = pixels.baseAddress!, old = previous.baseAddress!, out = entries.baseAddress!
        for range in rows {
            for i in (range.lowerBound * width)..<(range.upperBound * width) where src[i] != old[i] {
                counts[Int(out[i])] -= 1
                let e = entry(for: quantizeKey(src[i]))
                counts[Int(e)] += 1
                out[i] = e
            }
        }
    }

    /// Whether some pixel of the frame is transparent.
    var hasTransparent: Bool { keys.indices.contains { keys[$0] == 0 && counts[$0] > 0 } }

    /// Entries with pixels in the frame (`update` leaves the others at count 0).
    var liveCount: Int { counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }

    /// Inlined: a lookup mostly finds its key (a frame has far fewer colors than runs); a new key is entered
    /// out of line.
    @inline(__always)
    private mutating func entry(for key: UInt32) -> Int32 {
        let mask = table.count - 1
        var h = Int((key &* 0x9E37_79B1) >> shift)
        while true {
            let e = table[h]
            if e < 0 { return enter(key, at: h) }
            if keys[Int(e)] == key { return e }
            h = (h + 1) & mask
        }
    }

    /// A new entry for `key`, whose probe ended at the empty slot `h`.
    @inline(never)
    private mutating func enter(_ key: UInt32, at h: Int) -> Int32 {
        let e = Int32(keys.count)
        keys.append(key); counts.append(0)
        table[h] = e
        if keys.count * 2 > table.count { resize(bits: table.count.trailingZeroBitCount + 1) }
        return e
    }

    private mutating func resize(bits: Int) {
        table = [Int32](repeating: -1, count: 1 << bits)
        shift = UInt32(32 - bits)
        let mask = table.count - 1
        for (e, key) in keys.enumerated() {
            var h = Int((key &* 0x9E37_79B1) >> shift)
            while table[h] >= 0 { h = (h + 1) & mask }
            table[h] = Int32(e)
        }
    }

    /// The `k` most frequent opaque entries, most frequent first (ties by key: deterministic).
    func top(_ k: Int) -> [Int] {
        quantizeTop(k, of: keys, counts: counts)
    }
}

/// The `k` most frequent opaque entries of `keys`, most frequent first, ties broken by key. A bounded min-heap
/// keeps this O(n log k): frames can have tens of thousands of colors.
func quantizeTop(_ k: Int, of keys: [UInt32], counts: [Int32]) -> [Int] {
    guard k > 0 else { return [] }
    // Heap order: the root is the weakest kept entry.
    @inline(__always) func weaker(_ a: Int, _ b: Int) -> Bool {
        counts[a] != counts[b] ? counts[a] < counts[b] : keys[a] > keys[b]
    }
    var heap: [Int] = []
    heap.reserveCapacity(k)
    for e in 0..<keys.count where keys[e] != 0 && counts[e] > 0 {
        if heap.count < k {
            heap.append(e)
            var c = heap.count - 1
            while c > 0 {
                let p = (c - 1) / 2
                if weaker(heap[c], heap[p]) { heap.swapAt(c, p); c = p } else { break }
            }
        } else if weaker(heap[0], e) {
            heap[0] = e
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var m = p
                if l < heap.count && weaker(heap[l], heap[m]) { m = l }
                if r < heap.count && weaker(heap[r], heap[m]) { m = r }
                if m == p { break }
                heap.swapAt(p, m); p = m
            }
        }
    }
    return heap.sorted { weaker($1, $0) }
}

/// Maps colors to a palette: exact hits through a small hash table, others to the nearest entry (lowest
/// index among equals) found by `QuantizeNearestSearch`. `cachedNearest` remembers its answers: a palette
/// usually serves several frames, which share most of their colors.
struct QuantizeMapper {
    let colors: [UInt32]
    private var exactTable: [UInt32]
    private var exactIndex: [Int16]
    private let search: QuantizeNearestSearch

    init(colors: [UInt32]) {
        self.colors = colors
        exactTable = [UInt32](repeating: 0, count: 1024)
        exactIndex = [Int16](repeating: -1, count: 1024)
        for (i, c) in colors.enumerated() {
            var h = Int((c &* 0x9E37_79B1) >> 22)
            while exactIndex[h] >= 0 {
                if exactTable[h] == c { break }
                h = (h + 1) & 1023
            }
            if exactIndex[h] < 0 { exactTable[h] = c; exactIndex[h] = Int16(i) }
        }
        search = QuantizeNearestSearch(colors)
    }

    /// Index of `key` if it is exactly in the palette, else -1.
    @inline(__always)
    func exact(_ key: UInt32) -> Int {
        var h = Int((key &* 0x9E37_79B1) >> 22)
        while true {
            let i = exactIndex[h]
            if i < 0 { return -1 }
            if exactTable[h] == key { return Int(i) }
            h = (h + 1) & 1023
        }
    }

    /// The entry nearest `key` (lowest index among equals) and its distance.
    func nearest(_ key: UInt32) -> (index: Int, distance: Int32) {
        let e = exact(key)
        if e >= 0 { return (e, 0) }
        guard !colors.isEmpty else { return (0, .max) }
        return search.nearest(key)
    }

    /// `nearest(key)`, found faster from `guess`, a palette index likely to be the answer (any index is
    /// correct: the guess only shortens the search).
    func nearest(_ key: UInt32, guess: Int) -> (index: Int, distance: Int32) {
        let e = exact(key)
        if e >= 0 { return (e, 0) }
        guard !colors.isEmpty else { return (0, .max) }
        return search.nearest(key, guess: guess)
    }

    /// `nearest(key)`, remembered for the next time `key` is asked.
    func cachedNearest(_ key: UInt32) -> (index: Int, distance: Int32) {
        search.cachedAnswer(key) { nearest($0) }
    }

    /// The same, a search (if one is needed) narrowed from the start by `guess`, a palette index (without
    /// the test whether the guess is the answer: a guess that is not a likely answer would make that cost more
    /// than it saves).
    func cachedNearest(_ key: UInt32, near guess: Int) -> (index: Int, distance: Int32) {
        search.cachedAnswer(key) { key in
            let e = exact(key)
            if e >= 0 { return (e, 0) }
            return search.nearest(key, best: quantizeDistance(key, colors[guess]), index: guess)
        }
    }

    /// Remembers `answer` as `nearest(key)`'s (found otherwise), unless an answer is remembered already.
    func remember(_ key: UInt32, _ answer: (index: Int, distance: Int32)) {
        _ = search.cachedAnswer(key) { _ in answer }
    }

    /// Room in the cache for `count` answers (a fresh mapper then does not grow it step by step).
    func reserveCache(_ count: Int) { search.reserveCache(count) }
}

/// The nearest-entry search: entries sorted by their weighted sum 3r + 4g + 2b, scanned outward from the
/// query's. Since (3dr + 4dg + 2db)² <= 9 (3dr² + 4dg² + 2db²) (Cauchy-Schwarz), an entry whose sum differs
/// by ds is at least ds² / 9 away: the scan stops on each side once that exceeds the best distance. UI
/// palettes spread mostly along the gray axis, which this sum follows; across it, (dr - db)² <= 5/6 of the
/// distance the same way, so an entry whose r - b differs by more is passed over without its distance
/// (it is strictly farther: ties, which go to the lower index, are still compared). Palettes of up to 256
/// colors are scanned eight entries at a time instead (a third of the instructions), with the same bound
/// on the sum. Also a cache of answers by key.
final class QuantizeNearestSearch {
    private let count: Int
    /// In sum order: the sums, the channels (r, g, b, r - b) and the palette indices.
    private let sums: UnsafeMutablePointer<Int32>
    private let channels: UnsafeMutablePointer<SIMD4<Int32>>
    private let indices: UnsafeMutablePointer<Int32>
    /// Per sum 0...2295, the first place in sum order whose sum is not below it: where a query starts.
    private let starts: UnsafeMutablePointer<Int16>
    private static let sumLimit = 3 * 255 + 4 * 255 + 2 * 255
    /// By palette index: the place in sum order, and the distance from its color to the nearest other entry
    /// of the search (-1: not computed yet), which decides when a guess, or an entry left out, is the answer
    /// without a scan.
    private let places: UnsafeMutablePointer<Int32>
    private let separation: UnsafeMutablePointer<Int32>
    /// The same entries in sum order, eight to a block (lane k % 8 of block k / 8): r, g, b and the
    /// palette index, the last block padded with entries farther from every color than any real one. Nil
    /// for palettes of more than 256 colors, whose indices do not fit the scan's 8 bits.
    private let lanes: UnsafeMutablePointer<SIMD8<Int32>>?
    private let blockCount: Int
    /// A padding lane's channels: at least 645 from any color, so farther than every real entry (at most
    /// 585,225 away), and its distance shifted by 8 still fits in an Int32.
    private static let paddingChannel: Int32 = 900
    /// Open-addressed answers by key (0: empty; keys asked are opaque, never 0): index << 32 | distance.
    private var cacheKeys: UnsafeMutablePointer<UInt32>?
    private var cacheValues: UnsafeMutablePointer<UInt64>?
    private var cacheCapacity = 0, cacheCount = 0
    private var cacheShift: UInt32 = 22

    /// A search over `colors`, or over those marked in `only` (answers are still palette indices).
    init(_ colors: [UInt32], only included: [Bool]? = nil) {
        count = included.map { $0.reduce(0) { $0 + ($1 ? 1 : 0) } } ?? colors.count
        sums = .allocate(capacity: max(1, count))
        channels = .allocate(capacity: max(1, count))
        indices = .allocate(capacity: max(1, count))
        starts = .allocate(capacity: Self.sumLimit + 1)
        places = .allocate(capacity: max(1, colors.count))
        separation = .allocate(capacity: max(1, colors.count))
        separation.initialize(repeating: -1, count: max(1, colors.count))
        blockCount = (count + 7) / 8
        if colors.count <= 256 && count > 0 {
            lanes = .allocate(capacity: 4 * blockCount)
            lanes!.initialize(repeating: SIMD8(repeating: Self.paddingChannel), count: 4 * blockCount)
        } else {
            lanes = nil
        }
        // A counting sort by sum, which leaves `starts` behind: the entries per sum, added up to where each
        // sum's entries end, then placed from the highest index down, each at its sum's end moved back by one.
        // Equal sums end up in index order, and each sum's count of entries below it is what `starts` wants.
        starts.initialize(repeating: 0, count: Self.sumLimit + 1)
        colors.withUnsafeBufferPointer { colors in
            for i in colors.indices where included?[i] ?? true { starts[Self.sum(colors[i])] &+= 1 }
            for s in 1...Self.sumLimit { starts[s] &+= starts[s - 1] }
            for i in colors.indices.reversed() where included?[i] ?? true {
                let c = colors[i], s = Self.sum(c)
                starts[s] &-= 1
                let k = Int(starts[s])
                sums[k] = Int32(s)
                let r = Int32(c & 0xFF), b = Int32((c >> 16) & 0xFF)
                channels[k] = SIMD4(r, Int32((c >> 8) & 0xFF), b, r - b)
                indices[k] = Int32(i)
                places[i] = Int32(k)
            }
        }
        if let lanes {
            for k in 0..<count {
                let b = 4 * (k >> 3), lane = k & 7, c = channels[k]
                lanes[b][lane] = c.x; lanes[b + 1][lane] = c.y; lanes[b + 2][lane] = c.z
                lanes[b + 3][lane] = indices[k]
            }
        }
    }

    deinit {
        sums.deallocate(); channels.deallocate(); indices.deallocate(); starts.deallocate()
        places.deallocate(); separation.deallocate(); lanes?.deallocate()
        cacheKeys?.deallocate(); cacheValues?.deallocate()
    }

    @inline(__always)
    private static func sum(_ c: UInt32) -> Int {
        3 * Int(c & 0xFF) + 4 * Int((c >> 8) & 0xFF) + 2 * Int((c >> 16) & 0xFF)
    }

    /// The nearest entry (lowest index among equals) of a non-empty palette and its `quantizeDistance`.
    func nearest(_ key: UInt32) -> (index: Int, distance: Int32) {
        scan(key, best: .max, bestIndex: .max)
    }

    /// `nearest(key)` from a guessed palette index. With D = √distance a metric (a weighted Euclidean
    /// one), an entry j other than the guess g is at least D(g, j) - D(key, g) from the key; so when
    /// 4 distance(key, g) < the distance from g to every other entry, g is strictly the nearest. Otherwise
    /// the search starts with the guess as the best so far, which narrows it at once.
    func nearest(_ key: UInt32, guess: Int) -> (index: Int, distance: Int32) {
        let g = Int(places[guess])
        let c = channels[g]
        let dr = c.x &- Int32(key & 0xFF), dg = c.y &- Int32((key >> 8) & 0xFF), db = c.z &- Int32((key >> 16) & 0xFF)
        let d = quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
        var apart = separation[guess]
        if apart < 0 { apart = separationOf(g); separation[guess] = apart }
        if 4 * Int64(d) < Int64(apart) { return (guess, d) }
        return scan(key, best: d, bestIndex: Int32(guess))
    }

    /// The nearest entry if one is nearer than `best` (the distance of palette entry `index`), or as near
    /// at a lower index; else (`index`, `best`).
    func nearest(_ key: UInt32, best: Int32, index: Int) -> (index: Int, distance: Int32) {
        scan(key, best: best, bestIndex: Int32(index))
    }

    /// `nearest(key, best: best, index: index)` for a palette entry the search leaves out (of color `color`),
    /// e.g. one that stayed when the search holds those that moved: as for a guess, when 4 `best` is below
    /// the distance from `color` to every entry here, they are all strictly farther and there is no scan.
    func nearest(_ key: UInt32, best: Int32, index: Int, outside color: UInt32) -> (index: Int, distance: Int32) {
        var apart = separation[index]
        if apart < 0 { apart = scan(color, best: .max, bestIndex: .max).distance; separation[index] = apart }
        if 4 * Int64(best) < Int64(apart) { return (index, best) }
        return scan(key, best: best, bestIndex: Int32(index))
    }

    /// The distance from the entry at place `k` (sum order) to the nearest other entry (Int32.max alone).
    private func separationOf(_ k: Int) -> Int32 {
        if let lanes, count > 1 { return blockSeparation(k, lanes) }
        let channels = channels, sums = sums
        let c = channels[k], s = sums[k]
        var best = Int32.max, reach = Int64.max, across = Int64.max
        @inline(__always) func consider(_ j: Int) {
            let o = channels[j], e = Int64(o.w &- c.w)
            if 6 &* e &* e > across { return }
            let dr = o.x &- c.x, dg = o.y &- c.y, db = o.z &- c.z
            let d = quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
            if d < best { best = d; reach = 9 * Int64(d); across = 5 * Int64(d) }
        }
        var up = k + 1, down = k - 1
        while up < count {
            let ds = Int64(sums[up] &- s)
            if ds * ds > reach { break }
            consider(up); up += 1
        }
        while down >= 0 {
            let ds = Int64(s &- sums[down])
            if ds * ds > reach { break }
            consider(down); down -= 1
        }
        return best
    }

    /// `separationOf` eight entries at a time, bounded on the sum as `blockScan` is. The entry's own lane
    /// is left out; padding lanes are farther than the other entry there is, so they never give the answer.
    private func blockSeparation(_ k: Int, _ lanes: UnsafeMutablePointer<SIMD8<Int32>>) -> Int32 {
        let c = channels[k], s = sums[k]
        let cr = SIMD8<Int32>(repeating: c.x), cg = SIMD8<Int32>(repeating: c.y), cb = SIMD8<Int32>(repeating: c.z)
        let sums = sums
        @inline(__always) func distances(_ b: Int) -> SIMD8<Int32> {
            let p = lanes + 4 &* b
            let dr = p[0] &- cr, dg = p[1] &- cg, db = p[2] &- cb
            return quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
        }
        let first = k >> 3
        var own = distances(first)
        own[k & 7] = .max
        var best = own.min(), reach = 9 * Int64(best)
        var up = first + 1
        while up < blockCount {
            let ds = Int64(sums[up &* 8] &- s)
            if ds * ds > reach { break }
            let m = distances(up).min()
            if m < best { best = m; reach = 9 * Int64(m) }
            up += 1
        }
        var down = first - 1
        while down >= 0 {
            let ds = Int64(s &- sums[down &* 8 &+ 7])
            if ds * ds > reach { break }
            let m = distances(down).min()
            if m < best { best = m; reach = 9 * Int64(m) }
            down -= 1
        }
        return best
    }

    /// The nearest entry, the best so far given (an entry and its distance, or Int32.max for none): the scan
    /// outward in sum order covers every entry that could be nearer or equal.
    private func scan(_ key: UInt32, best initialBest: Int32, bestIndex initialIndex: Int32) -> (index: Int, distance: Int32) {
        if let lanes, count > 0 { return blockScan(key, best: initialBest, bestIndex: initialIndex, lanes) }
        return entryScan(key, best: initialBest, bestIndex: initialIndex)
    }

    /// `scan` eight entries at a time: each lane's distance shifted left by 8 with the palette index below
    /// it, so the least of these numbers is the nearest entry, the lowest index among equals. Blocks hold
    /// consecutive places in sum order, so the bound on the sum stops the scan a block at a time: a block
    /// after the query's starts at a sum not below the query's, one before it ends below it.
    @inline(__always)
    private func blockScan(_ key: UInt32, best initialBest: Int32, bestIndex initialIndex: Int32,
                           _ lanes: UnsafeMutablePointer<SIMD8<Int32>>) -> (index: Int, distance: Int32) {
        let kr = SIMD8<Int32>(repeating: Int32(key & 0xFF)), kg = SIMD8<Int32>(repeating: Int32((key >> 8) & 0xFF))
        let kb = SIMD8<Int32>(repeating: Int32((key >> 16) & 0xFF))
        let s = Int32(Self.sum(key))
        let sums = sums
        // A given best beyond any entry's distance (none given) is no candidate: every real lane is below it.
        var bestKey = initialBest > 585_225 ? Int32.max : initialBest &<< 8 | initialIndex
        var reach = 9 * Int64(bestKey >> 8)
        @inline(__always) func block(_ b: Int) {
            let p = lanes + 4 &* b
            let dr = p[0] &- kr, dg = p[1] &- kg, db = p[2] &- kb
            let d = quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
            let m = (d &<< 8 | p[3]).min()
            if m < bestKey { bestKey = m; reach = 9 * Int64(m >> 8) }
        }
        let first = min(Int(starts[Int(s)]), count - 1) >> 3
        block(first)
        var up = first + 1
        while up < blockCount {
            let ds = Int64(sums[up &* 8] &- s)
            if ds * ds > reach { break }
            block(up); up += 1
        }
        var down = first - 1
        while down >= 0 {
            let ds = Int64(s &- sums[down &* 8 &+ 7])
            if ds * ds > reach { break }
            block(down); down -= 1
        }
        if bestKey == .max { return (Int(initialIndex), initialBest) }
        return (Int(bestKey & 0xFF), bestKey >> 8)
    }

    /// `scan` one entry at a time (palettes of more than 256 colors).
    private func entryScan(_ key: UInt32, best initialBest: Int32, bestIndex initialIndex: Int32) -> (index: Int, distance: Int32) {
        let n = count
        let kr = Int32(key & 0xFF), kg = Int32((key >> 8) & 0xFF), kb = Int32((key >> 16) & 0xFF)
        let s = Int32(Self.sum(key)), kw = kr &- kb
        // Local copies: the loops then keep them in registers.
        let sums = sums, channels = channels, indices = indices
        var best = initialBest, bestIndex = initialIndex
        // Entries beyond `reach` (ds² > 9 best) are farther than the best so far, and so are those beyond
        // `across` (6 (dr - db)² > 5 best).
        var reach = best == .max ? Int64.max : 9 * Int64(best)
        var across = best == .max ? Int64.max : 5 * Int64(best)
        @inline(__always) func consider(_ k: Int) {
            let c = channels[k], e = Int64(c.w &- kw)
            if 6 &* e &* e > across { return }
            let dr = c.x &- kr, dg = c.y &- kg, db = c.z &- kb
            let d = quantizeWeightR &* dr &* dr &+ quantizeWeightG &* dg &* dg &+ quantizeWeightB &* db &* db
            let i = indices[k]
            if d < best || (d == best && i < bestIndex) {
                best = d; bestIndex = i; reach = 9 * Int64(d); across = 5 * Int64(d)
            }
        }
        let start = Int(starts[Int(s)])
        var up = start, down = start - 1
        while up < n {
            let ds = Int64(sums[up] &- s)
            if ds * ds > reach { break }
            consider(up)
            up += 1
        }
        while down >= 0 {
            let ds = Int64(s &- sums[down])
            if ds * ds > reach { break }
            consider(down)
            down -= 1
        }
        return (Int(bestIndex), best)
    }

    /// The cache's slot for a key: bits of its hash from the top, as many as the table needs.
    @inline(__always)
    private func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> cacheShift) }

    /// The remembered answer for `key`, or `compute`'s, remembered (one probe of the table either way).
    @inline(__always)
    func cachedAnswer(_ key: UInt32, _ compute: (UInt32) -> (index: Int, distance: Int32)) -> (index: Int, distance: Int32) {
        if (cacheCount + 1) * 2 > cacheCapacity { growCache(to: max(1024, cacheCapacity * 2)) }
        let keys = cacheKeys!, mask = cacheCapacity - 1
        var h = slot(key)
        while true {
            let k = keys[h]
            if k == key { let v = cacheValues![h]; return (Int(v >> 32), Int32(truncatingIfNeeded: v)) }
            if k == 0 { break }
            h = (h + 1) & mask
        }
        let answer = compute(key)
        keys[h] = key
        cacheValues![h] = UInt64(answer.index) << 32 | UInt64(UInt32(bitPattern: answer.distance))
        cacheCount += 1
        return answer
    }

    func reserveCache(_ count: Int) {
        var capacity = max(1024, cacheCapacity)
        while count * 2 > capacity { capacity *= 2 }
        if capacity > cacheCapacity { growCache(to: capacity) }
    }

    private func growCache(to capacity: Int) {
        let oldKeys = cacheKeys, oldValues = cacheValues, oldCapacity = cacheCapacity
        cacheCapacity = capacity
        cacheShift = UInt32(32 - capacity.trailingZeroBitCount)
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: cacheCapacity)
        let values = UnsafeMutablePointer<UInt64>.allocate(capacity: cacheCapacity)
        // Only the keys need clearing: a value is read only where its key was written with it.
        keys.initialize(repeating: 0, count: cacheCapacity)
        cacheKeys = keys; cacheValues = values
        let mask = cacheCapacity - 1
        if let oldKeys, let oldValues {
            for j in 0..<oldCapacity where oldKeys[j] != 0 {
                var h = slot(oldKeys[j])
                while keys[h] != 0 { h = (h + 1) & mask }
                keys[h] = oldKeys[j]; values[h] = oldValues[j]
            }
            oldKeys.deallocate(); oldValues.deallocate()
        }
    }
}

/// Per color (a histogram entry, or a key of a list), its nearest palette entry (lowest index among equals)
/// and their distance; index -1: not known.
struct QuantizeAnswers {
    var index: [Int32] = []
    var distance: [Int32] = []
}

/// Builds palettes from a frame's histogram.
enum QuantizeBuilder {
    /// A palette of at most `maxColors` for the opaque colors of `keys`/`counts`: the `exactCount` most
    /// frequent colors verbatim (flat fills must come out exact), the remaining slots median-cut clusters of
    /// the other colors weighted by count, refined by a few k-means rounds.
    static func build(keys: [UInt32], counts: [Int32], maxColors: Int, exactCount: Int) -> [UInt32] {
        var nearest = QuantizeAnswers()
        return build(keys: keys, counts: counts, maxColors: maxColors, exactCount: exactCount, nearest: &nearest)
    }

    /// The same, and for the tail (the colors clustered) each color's nearest entry of the palette and its
    /// distance, which the refinement finds anyway (-1 for the other colors, which are found exactly).
    static func build(keys: [UInt32], counts: [Int32], maxColors: Int, exactCount: Int,
                      nearest: inout QuantizeAnswers) -> [UInt32] {
        nearest = QuantizeAnswers()
        // Filled in place: `filter` grew its result entry by entry.
        let opaque = [Int](unsafeUninitializedCapacity: keys.count) { buffer, count in
            count = 0
            for e in keys.indices where keys[e] != 0 && counts[e] > 0 { buffer[count] = e; count += 1 }
        }
        if opaque.count <= maxColors {
            return quantizeTop(opaque.count, of: keys, counts: counts).map { keys[$0] }
        }
        let exact = quantizeTop(min(exactCount, maxColors), of: keys, counts: counts)
        var isExact = [Bool](repeating: false, count: keys.count)
        for e in exact { isExact[e] = true }
        let tail = [Int](unsafeUninitializedCapacity: opaque.count) { buffer, count in
            count = 0
            for e in opaque where !isExact[e] { buffer[count] = e; count += 1 }
        }
        var palette = exact.map { keys[$0] }
        let clusters = maxColors - palette.count
        guard clusters > 0 else { return palette }
        let tailKeys = tail.map { keys[$0] }, tailCounts = tail.map { counts[$0] }
        var boxOf: [Int32] = []
        palette += medianCut(keys: tailKeys, counts: tailCounts, boxes: clusters, boxOf: &boxOf)
        // Each color's box is the first guess of its nearest entry.
        var answers = QuantizeAnswers(index: boxOf.map { Int32(exact.count) + $0 }, distance: [])
        refine(&palette, fixed: exact.count, keys: tailKeys, counts: tailCounts, rounds: 3, nearest: &answers)
        // Duplicates dropped, first copies kept in order (a cluster can land on an exact color). The answers
        // follow their entries: an answer is the lowest index at its distance, so it is a first copy.
        var firstIndex: [UInt32: Int32] = [:], newIndex = [Int32](repeating: 0, count: palette.count), out: [UInt32] = []
        for (j, c) in palette.enumerated() {
            if let k = firstIndex[c] { newIndex[j] = k } else { firstIndex[c] = Int32(out.count); newIndex[j] = Int32(out.count); out.append(c) }
        }
        // Filled as locals and then stored: through `nearest` each write checked its array's uniqueness.
        var index = [Int32](repeating: -1, count: keys.count), distance = [Int32](repeating: 0, count: keys.count)
        for (t, e) in tail.enumerated() {
            index[e] = newIndex[Int(answers.index[t])]; distance[e] = answers.distance[t]
        }
        nearest = QuantizeAnswers(index: index, distance: distance)
        return out
    }

    /// Splits the colors into `boxes` boxes, always splitting the box with the largest weighted squared error
    /// at the weighted median of its widest (weighted-variance) channel; returns the boxes' weighted means.
    static func medianCut(keys: [UInt32], counts: [Int32], boxes target: Int) -> [UInt32] {
        var boxOf: [Int32] = []
        return medianCut(keys: keys, counts: counts, boxes: target, boxOf: &boxOf)
    }

    /// The same, and per color the index of its box in the result.
    static func medianCut(keys: [UInt32], counts: [Int32], boxes target: Int, boxOf: inout [Int32]) -> [UInt32] {
        guard !keys.isEmpty else { return [] }
        /// A color's key, count and number, moved together: the passes over a box read them in order.
        struct Color { var key: UInt32, count: Int32, e: Int32 }
        var order = keys.indices.map { Color(key: keys[$0], count: counts[$0], e: Int32($0)) }
        /// A box's colors are `order[start..<end]`; its weight and per-channel sums of c·v and c·v², kept as
        /// integers (exact, so a box split off its parent has the parent's sums minus its sibling's).
        struct Box {
            var start: Int, end: Int
            var w: Int64 = 0
            var s: SIMD3<Int64> = .zero, q: SIMD3<Int64> = .zero
            var error = -1.0, axis = 0
        }
        let weights = (Double(quantizeWeightR), Double(quantizeWeightG), Double(quantizeWeightB))
        /// The box's weighted squared error and widest channel, from its sums (the same Doubles a float
        /// accumulation of these integers gives: every partial sum is exact).
        func finished(_ box: Box) -> Box {
            var b = box
            let w = Double(b.w)
            var total = 0.0, axis = 0, widest = -1.0
            @inline(__always) func consider(_ a: Int, _ s: Double, _ q: Double, _ weight: Double) {
                let sse = max(0, q - s * s / w) * weight
                total += sse
                if sse > widest { widest = sse; axis = a }
            }
            consider(0, Double(b.s.x), Double(b.q.x), weights.0)
            consider(1, Double(b.s.y), Double(b.q.y), weights.1)
            consider(2, Double(b.s.z), Double(b.q.z), weights.2)
            b.error = b.end - b.start > 1 ? total : -1
            b.axis = axis
            return b
        }
        // A box splits at the weighted median of its widest channel, in the order (channel value, key): the
        // prefix of that order holding half the weight. Only the prefix as a set matters, so colors are
        // bucketed by channel value and only the bucket where the half falls is sorted, by key. Nothing
        // depends on the order of the colors within a box (sums are exact, the bucket is sorted), so one pass
        // moves the colors below the median's value to the front, those above it aside and those at it to
        // the bucket.
        var bucketWeight = [Int64](repeating: 0, count: 256)
        // Scratch for a split (plain buffers: appending to arrays checked their uniqueness color by color):
        // the colors above the median's value, and the bucket's colors by key, then number.
        let rest = UnsafeMutablePointer<Color>.allocate(capacity: keys.count)
        let inBucket = UnsafeMutablePointer<UInt64>.allocate(capacity: keys.count)
        defer { rest.deallocate(); inBucket.deallocate() }
        var boxes: [Box] = []
        order.withUnsafeMutableBufferPointer { orderBuffer in
            bucketWeight.withUnsafeMutableBufferPointer { bw in
                keys.withUnsafeBufferPointer { keys in
                    counts.withUnsafeBufferPointer { counts in
                        let order = orderBuffer.baseAddress!
                        let bw = bw.baseAddress!
                        func summed(_ start: Int, _ end: Int) -> Box {
                            var w: Int64 = 0, s = SIMD4<Int64>.zero, q = SIMD4<Int64>.zero
                            for i in start..<end {
                                // Lanes r, g, b and 0; c·(v·v) keeps both factors of each multiply in 32 bits.
                                let c = Int64(order[i].count), v = quantizeLanes(order[i].key & 0xFF_FFFF)
                                w &+= c; s &+= c &* v; q &+= c &* (v &* v)
                            }
                            return Box(start: start, end: end, w: w, s: SIMD3(s[0], s[1], s[2]), q: SIMD3(q[0], q[1], q[2]))
                        }
                        boxes = [finished(summed(0, keys.count))]
                        while boxes.count < target {
                            var pick = -1
                            for (i, b) in boxes.enumerated() where b.error > 0 && (pick < 0 || b.error > boxes[pick].error) { pick = i }
                            guard pick >= 0 else { break }
                            let box = boxes[pick], shift = UInt32(8 * box.axis), n = box.end - box.start
                            // The buckets are all 0 between splits; only the box's range of values is
                            // filled, walked and cleared.
                            var low = 255, high = 0
                            for i in box.start..<box.end {
                                let v = Int((order[i].key >> shift) & 0xFF)
                                bw[v] &+= Int64(order[i].count)
                                low = min(low, v); high = max(high, v)
                            }
                            let total = box.w
                            // Below `low` the buckets are empty: the walk from 0 would pass them with
                            // nothing added (the box has weight), so it starts at `low`.
                            var acc: Int64 = 0, v = low
                            while v < 255 && 2 * (acc + bw[v]) < total { acc += bw[v]; v += 1 }
                            (bw + low).update(repeating: 0, count: high - low + 1)
                            var write = box.start, later = 0, bucketCount = 0
                            for i in box.start..<box.end {
                                let c = order[i], cv = Int((c.key >> shift) & 0xFF)
                                if cv < v {
                                    order[write] = c; write += 1
                                } else if cv > v {
                                    rest[later] = c; later += 1
                                } else {
                                    inBucket[bucketCount] = UInt64(c.key & 0xFF_FFFF) << 32 | UInt64(c.e); bucketCount += 1
                                }
                            }
                            let before = write - box.start
                            var bucket = UnsafeMutableBufferPointer(start: inBucket, count: bucketCount)
                            bucket.sort()
                            var taken = 0
                            for item in bucket {
                                acc += Int64(counts[Int(item & 0xFFFF_FFFF)]); taken += 1
                                if 2 * acc >= total { break }
                            }
                            // The prefix leaves at least one color for the other box, as splitting the sorted box did.
                            let prefix = min(before + taken, n - 1)
                            // The bucket's colors in the prefix join the front, the others go before the rest.
                            for (j, item) in bucket.enumerated() {
                                let e = Int(item & 0xFFFF_FFFF)
                                let c = Color(key: keys[e], count: counts[e], e: Int32(e))
                                if j < prefix - before { order[write] = c; write += 1 } else { rest[later] = c; later += 1 }
                            }
                            (order + write).update(from: rest, count: later)
                            let split = box.start + prefix
                            // Sum the smaller side; the other is the rest of the parent.
                            var left: Box, other: Box
                            if prefix <= n - prefix {
                                left = summed(box.start, split)
                                other = Box(start: split, end: box.end, w: box.w - left.w, s: box.s &- left.s, q: box.q &- left.q)
                            } else {
                                other = summed(split, box.end)
                                left = Box(start: box.start, end: split, w: box.w - other.w, s: box.s &- other.s, q: box.q &- other.q)
                            }
                            boxes[pick] = finished(left)
                            boxes.append(finished(other))
                        }
                    }
                }
            }
        }
        boxOf = [Int32](repeating: 0, count: keys.count)
        for (i, b) in boxes.enumerated() {
            for k in b.start..<b.end { boxOf[Int(order[k].e)] = Int32(i) }
        }
        return boxes.map { b in
            let w = Double(b.w)
            let r = UInt32((Double(b.s.x) / w).rounded()), g = UInt32((Double(b.s.y) / w).rounded())
            let bl = UInt32((Double(b.s.z) / w).rounded())
            return 0xFF00_0000 | bl << 16 | g << 8 | r
        }
    }

    /// Lloyd rounds on the entries after `fixed` (exact entries stay): each color goes to its nearest entry,
    /// each cluster entry moves to the weighted mean of its colors.
    /// `guesses` (per key, a palette index, e.g. its median-cut box) only speed up the searches.
    static func refine(_ palette: inout [UInt32], fixed: Int, keys: [UInt32], counts: [Int32], rounds: Int,
                       guesses: [Int32]? = nil) {
        var nearest = QuantizeAnswers(index: guesses ?? [], distance: [])
        refine(&palette, fixed: fixed, keys: keys, counts: counts, rounds: rounds, nearest: &nearest)
    }

    /// `refine` from the guesses in `nearest.index` (-1: none), leaving in `nearest` each key's nearest entry
    /// of the refined palette and its distance.
    ///
    /// After the first round each key's answer is exact for the palette before the update. An entry that did
    /// not move keeps its distance, and every other entry that did not move is still farther (or as near at
    /// a higher index), so a key whose entry stayed is compared only with the entries that moved, which after
    /// the first round are a third of them or fewer, and not even with them when its entry is much nearer
    /// (see `QuantizeNearestSearch.nearest(_:best:index:outside:)`).
    static func refine(_ palette: inout [UInt32], fixed: Int, keys: [UInt32], counts: [Int32], rounds: Int,
                       nearest: inout QuantizeAnswers) {
        guard !palette.isEmpty else { return }
        let n = keys.count
        if nearest.index.count != n { nearest.index = [Int32](repeating: -1, count: n) }
        if nearest.distance.count != n { nearest.distance = [Int32](repeating: 0, count: n) }
        // Per entry, whether the last update moved it; nil while the answers are only guesses.
        var moved: [Bool]? = nil
        // Per entry, the weighted sums of r, g and b of its colors and their weight: the lanes of
        // `quantizeLanes` with the alpha byte set to 1.
        var sums = [SIMD4<Int64>](repeating: .zero, count: palette.count)
        var round = 0
        while true {
            let search = QuantizeNearestSearch(palette)
            let movedSearch = moved.map { QuantizeNearestSearch(palette, only: $0) }
            // The last pass only finds the answers for the refined palette.
            let updating = round < rounds
            if updating && round > 0 { sums.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) } }
            // A local copy for the loop, which read through the inout `palette` retained a buffer per color.
            let colors = palette
            nearest.index.withUnsafeMutableBufferPointer { index in
                nearest.distance.withUnsafeMutableBufferPointer { distance in
                    sums.withUnsafeMutableBufferPointer { sums in
                        keys.withUnsafeBufferPointer { keys in
                            counts.withUnsafeBufferPointer { counts in
                                for i in 0..<n {
                                    let k = keys[i], a = Int(index[i])
                                    let (j, d): (index: Int, distance: Int32)
                                    if let movedSearch, !moved![a] {
                                        (j, d) = movedSearch.nearest(k, best: distance[i], index: a, outside: colors[a])
                                    } else {
                                        (j, d) = a >= 0 ? search.nearest(k, guess: a) : search.nearest(k)
                                    }
                                    index[i] = Int32(j); distance[i] = d
                                    guard updating && j >= fixed else { continue }
                                    sums[j] &+= Int64(counts[i]) &* quantizeLanes(k & 0xFF_FFFF | 0x0100_0000)
                                }
                            }
                        }
                    }
                }
            }
            guard updating else { return }
            var movedNow = [Bool](repeating: false, count: palette.count), any = false
            for j in fixed..<palette.count where sums[j][3] > 0 {
                let t = sums[j], w = t[3], h = w / 2
                let c = 0xFF00_0000 | UInt32((t[2] + h) / w) << 16 | UInt32((t[1] + h) / w) << 8 | UInt32((t[0] + h) / w)
                if c != palette[j] { palette[j] = c; movedNow[j] = true; any = true }
            }
            // Nothing moved: the answers are the refined palette's already.
            if !any { return }
            moved = movedNow
            round += 1
        }
    }
}
