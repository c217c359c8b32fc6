// GIF's variable-width LZW, written to match giflib's encoder code for code (same clear timing, same code
// widths, 255-byte sub-blocks), with one addition: pixels that may take more than one value (an unchanged
// pixel can be the transparent index or its own color; an approximated color any entry close enough) are
// decided while compressing, picking a value that continues the current dictionary string (choices that add
// error over the preferred value are paid from a budget). The result is what giflib would produce for the
// chosen values.

import Foundation
import Raster

/// What the compressor may choose from, pixel by pixel. `values` holds each pixel's preferred index and
/// receives the chosen one; `alternatives` a second acceptable index (equal to the value when there is none).
/// With `terms`, any palette entry within a pixel's limit of its source color is acceptable too.
struct GIFLZWInput {
    var values: UnsafeMutableBufferPointer<UInt8>
    var alternatives: UnsafeBufferPointer<UInt8>? = nil
    var terms: GIFLossyTerms? = nil
    var palette: UnsafeBufferPointer<UInt32>? = nil
    /// How much squared RGB error the lossy choices may add over the preferred values, in total.
    var budget: Int64 = .max
}

/// A pixel's lossy terms, read where they live (the screen's planes and the frame's rules) only when the
/// compressor needs them, where a string breaks: its source color, how far from it a lossy choice may be
/// (-1: none) and the canvas color before the frame (what the transparent index shows). Copying them out for
/// every pixel of the rectangle cost more than all the reads.
struct GIFLossyTerms {
    /// The screen's planes and the rules of their entries.
    let entries: UnsafePointer<Int32>, canvas: UnsafePointer<UInt32>, flat: UnsafePointer<UInt8>
    let rules: UnsafePointer<GIFEntryRule>
    let screenWidth: Int
    /// The compressed image's rectangle on the screen.
    let rect: IntRect

    /// A cursor from image pixels (rectangle order) to screen pixels, for increasing image pixels.
    struct Cursor {
        /// The image pixel that starts the cursor's row, and its screen pixel.
        var rowFirst: Int
        var rowStart: Int
    }

    var cursor: Cursor { Cursor(rowFirst: 0, rowStart: rect.y * screenWidth + rect.x) }

    /// The screen pixel of image pixel `i` (not before the cursor's row).
    @inline(__always)
    func pixel(_ i: Int, _ c: inout Cursor) -> Int {
        while i >= c.rowFirst + rect.width { c.rowFirst += rect.width; c.rowStart += screenWidth }
        return c.rowStart + (i - c.rowFirst)
    }

    @inline(__always) func source(_ p: Int) -> UInt32 { rules[Int(entries[p])].key }

    @inline(__always) func limit(_ p: Int) -> Int32 {
        let rule = rules[Int(entries[p])]
        return flat[p] != 0 ? rule.limitFlat : rule.limitEdge
    }
}

/// Codes packed LSB-first into 255-byte sub-blocks, in a buffer the caller sized for the worst case.
private struct GIFCodeWriter {
    let out: UnsafeMutablePointer<UInt8>
    var count = 0
    private var blockStart = 0
    private var word: UInt64 = 0, used = 0
    var bits: Int
    var runningCode: Int
    var maxCode1: Int

    init(out: UnsafeMutablePointer<UInt8>, bits: Int, runningCode: Int) {
        self.out = out; self.bits = bits; self.runningCode = runningCode; maxCode1 = 1 << bits
        out[0] = 0; count = 1
    }

    @inline(__always) mutating func output(_ code: Int) {
        word |= UInt64(code) << UInt64(used)
        used += bits
        while used >= 8 {
            out[count] = UInt8(truncatingIfNeeded: word); count += 1
            word >>= 8; used -= 8
            if count - blockStart == 256 { out[blockStart] = 255; blockStart = count; out[count] = 0; count += 1 }
        }
        // Same rule as giflib: widen once the next code no longer fits.
        if runningCode >= maxCode1 && code <= 4095 { bits += 1; maxCode1 = 1 << bits }
    }

    /// The last partial byte, the last block's length and the empty block that ends the data.
    mutating func finish() -> Int {
        if used > 0 {
            out[count] = UInt8(truncatingIfNeeded: word); count += 1; used = 0
            if count - blockStart == 256 { out[blockStart] = 255; blockStart = count; out[count] = 0; count += 1 }
        }
        let n = count - blockStart - 1
        if n > 0 { out[blockStart] = UInt8(n); out[count] = 0; count += 1 } else { out[blockStart] = 0 }
        return count
    }
}

/// The string table: an open-addressed hash from key (prefix code << 8 | pixel) to code, key and code packed
/// in one word. At most 4094 entries in 8192 slots (load at most 1/2, linear probing): 32 KB, which stays in
/// cache where a table indexed directly by key (4 MB) did not: a few more instructions, far less waiting (see
/// docs/speed.md#gif-encoder-constants). A key entered twice keeps its first code.
struct GIFLZWDictionary {
    static let slots = 8192
    /// All ones: the key of prefix 4095, which is never entered (the table clears before code 4095 exists).
    static let empty: UInt32 = .max
    let words: UnsafeMutablePointer<UInt32>

    init() { words = .allocate(capacity: Self.slots); clear() }

    func deallocate() { words.deallocate() }

    func clear() { words.update(repeating: Self.empty, count: Self.slots) }

    @inline(__always) private static func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt32(truncatingIfNeeded: key) &* 0x9E37_79B1) &>> 19)
    }

    /// The code of `key`, or -1.
    @inline(__always) func code(_ key: Int) -> Int {
        let tag = UInt32(truncatingIfNeeded: key) &<< 12
        var s = Self.home(key)
        while true {
            let w = words[s]
            if w & 0xFFFF_F000 == tag { return Int(w & 0xFFF) }
            if w == Self.empty { return -1 }
            s = (s &+ 1) & (Self.slots - 1)
        }
    }

    /// Enters `key` with `code` unless it is there already.
    @inline(__always) func insert(_ key: Int, code: Int) {
        let tag = UInt32(truncatingIfNeeded: key) &<< 12
        var s = Self.home(key)
        while true {
            let w = words[s]
            if w == Self.empty { words[s] = tag | UInt32(truncatingIfNeeded: code); return }
            if w & 0xFFFF_F000 == tag { return }
            s = (s &+ 1) & (Self.slots - 1)
        }
    }
}

/// The LZW stage: one dictionary and output buffer, reused for every image (one instance per thread).
final class GIFLZWEncoder {
    // The entries also form a tree (first child, next sibling, newest first) so a lossy pixel can scan a
    // string's extensions; its stamps say which generation (clear to clear) an entry's children belong to.
    private static let generationLimit: UInt32 = 1 << 20
    private let dictionary = GIFLZWDictionary()
    private let firstChild = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
    private let childStamp = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
    private let nextSibling = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
    private let lastChar = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    /// Per code, the palette color of its last value with the top byte 1 (distances read the low three
    /// bytes only), 0 when that value is no palette entry: the lossy search reads one table a child.
    private let childColor = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
    private var generation: UInt32 = 1
    private var out = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var outCapacity = 1

    /// How many extensions of a string a lossy pixel examines (bounds the time on busy roots).
    static let searchLimit = 48

    init() {
        childStamp.initialize(repeating: 0, count: 4096)
        firstChild.initialize(repeating: -1, count: 4096)
        nextSibling.initialize(repeating: -1, count: 4096)
        lastChar.initialize(repeating: 0, count: 4096)
        childColor.initialize(repeating: 0, count: 4096)
    }

    deinit {
        dictionary.deallocate()
        for p in [UnsafeMutableRawPointer(firstChild), UnsafeMutableRawPointer(childStamp),
                  UnsafeMutableRawPointer(nextSibling), UnsafeMutableRawPointer(lastChar), UnsafeMutableRawPointer(childColor),
                  UnsafeMutableRawPointer(out)] {
            p.deallocate()
        }
    }

    /// An empty dictionary: a new image, or after a clear code.
    private func nextGeneration() -> UInt32 {
        dictionary.clear()
        generation &+= 1
        if generation == Self.generationLimit {
            childStamp.update(repeating: 0, count: 4096)
            generation = 1
        }
        return generation
    }

    func encode(_ values: UnsafeMutableBufferPointer<UInt8>, bitsPerPixel: Int) -> [UInt8] {
        encode(GIFLZWInput(values: values), bitsPerPixel: bitsPerPixel)
    }

    /// Plain compression of fixed values (a copy is taken: the coder writes its choices into its input).
    func encode(_ values: [UInt8], bitsPerPixel: Int) -> [UInt8] {
        var copy = values
        return copy.withUnsafeMutableBufferPointer { encode($0, bitsPerPixel: bitsPerPixel) }
    }

    /// Compresses the pixels (indices of a palette of `1 << bitsPerPixel` entries) into data sub-blocks ending
    /// with the empty block, greedily choosing among each pixel's acceptable values one that extends the
    /// current string.
    func encode(_ input: GIFLZWInput, bitsPerPixel: Int) -> [UInt8] {
        start(input, bitsPerPixel: bitsPerPixel)
        _ = resume(until: input.values.count)
        return finish()
    }

    /// The compression in progress (`start`, `resume`, `finish`): what the loop carries from pixel to pixel.
    private struct Run {
        var input: GIFLZWInput
        var bits: Int
        var writer: GIFCodeWriter
        var current: Int, last: UInt8, next: Int
        var generation: UInt32, budget: Int64
        var cursor: GIFLossyTerms.Cursor
    }
    private var run: Run?

    /// Begins compressing `input` (see `encode`): nothing past its first pixel is read until `resume`.
    func start(_ input: GIFLZWInput, bitsPerPixel: Int) {
        let n = input.values.count
        precondition(n > 0)
        // Worst case: a 12-bit code per pixel plus the clear codes, block lengths and terminator.
        let needed = n * 2 + n / 128 + 64
        if outCapacity < needed { out.deallocate(); out = .allocate(capacity: needed); outCapacity = needed }
        let bits = max(2, bitsPerPixel)
        let clearCode = 1 << bits
        var w = GIFCodeWriter(out: out, bits: bits + 1, runningCode: clearCode + 2)
        let gen = nextGeneration()
        w.output(clearCode)
        run = Run(input: input, bits: bits, writer: w, current: Int(input.values[0]), last: input.values[0], next: 1,
                  generation: gen, budget: input.budget,
                  cursor: input.terms?.cursor ?? GIFLossyTerms.Cursor(rowFirst: 0, rowStart: 0))
    }

    /// Compresses on up to pixel `end` (exclusive) and returns the bytes written so far: a compression can be
    /// watched part of the way, and abandoned, without changing what it writes when it goes on.
    func resume(until end: Int) -> Int {
        guard var r = run else { return 0 }
        let lossy = r.input.terms != nil && r.input.palette != nil
        // One loop, specialized per kind of input: fixed values pay for no choice.
        switch (r.input.alternatives != nil, lossy) {
        case (false, false): compress(&r, until: end, GIFLZWFixed.self)
        case (true, false): compress(&r, until: end, GIFLZWAlternatives.self)
        case (false, true): compress(&r, until: end, GIFLZWLossy.self)
        case (true, true): compress(&r, until: end, GIFLZWLossyAlternatives.self)
        }
        run = r
        return r.writer.count
    }

    /// Ends the compression (`resume` must have reached the last pixel): the last string, the end code and the
    /// block framing.
    func finish() -> [UInt8] {
        guard var r = run else { return [] }
        precondition(r.next >= r.input.values.count)
        r.writer.output(r.current)
        r.writer.output((1 << r.bits) + 1)
        let count = r.writer.finish()
        run = nil
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    /// Drops a compression begun with `start`.
    func abandon() { run = nil }

    /// The compression proper into `out`, from where `r` stands up to pixel `end`.
    private func compress<Mode: GIFLZWMode>(_ r: inout Run, until end: Int, _: Mode.Type) {
        let input = r.input
        let values = input.values, n = min(end, values.count)
        let bits = r.bits
        let clearCode = 1 << bits, eofCode = clearCode + 1
        var w = r.writer
        let dictionary = dictionary
        let firstChild = firstChild, childStamp = childStamp, nextSibling = nextSibling, lastChar = lastChar
        let childColor = childColor
        let alternatives = input.alternatives ?? UnsafeBufferPointer(start: nil, count: 0)
        let palette = input.palette ?? UnsafeBufferPointer(start: nil, count: 0)
        // A lossy mode has terms (see `resume`).
        let terms = input.terms
        var cursor = r.cursor
        var budget = r.budget
        let budgeted = input.budget != .max && input.terms != nil
        var gen = r.generation
        var current = r.current, last = r.last
        var i = r.next
        defer {
            r.writer = w; r.current = current; r.last = last; r.next = i
            r.generation = gen; r.budget = budget; r.cursor = cursor
        }
        while true {
            // Most pixels continue the current string with their first choice (a run of the same value,
            // else the preferred one): a tight loop for them, the rest below.
            var preferred: UInt8 = 0, other: UInt8 = 0, first: UInt8 = 0
            while i < n {
                preferred = values[i]
                other = Mode.alternatives ? alternatives[i] : preferred
                first = other == last ? other : preferred
                let c = dictionary.code(current &<< 8 | Int(first))
                if c < 0 { break }
                if Mode.alternatives { values[i] = first }
                last = first; current = c; i &+= 1
            }
            if i >= n { break }
            defer { i &+= 1 }
            if other != preferred {
                let second = other == last ? preferred : other
                let c2 = dictionary.code(current &<< 8 | Int(second))
                if c2 >= 0 { values[i] = second; last = second; current = c2; continue }
            }
            var v = first
            let at = Mode.lossy ? terms!.pixel(i, &cursor) : 0
            let limit: Int32 = Mode.lossy ? terms!.limit(at) : -1
            if Mode.lossy && limit >= 0 {
                // Any extension of the string close enough to the source, the closest first, while the
                // error it adds over the preferred value fits the budget.
                let source = terms!.source(at)
                // What a choice adds is its squared error less the preferred value's, and a squared error is at
                // most half the weighted distance (weights 3, 4, 2 against 1, 1, 1): while the budget holds half
                // the limit, every extension within the limit fits, and only the chosen one's cost is needed.
                let tight = budgeted && budget < Int64((limit &+ 1) / 2)
                var preferredError: Int32 = -1
                @inline(__always) func costOver(_ color: UInt32) -> Int32 {
                    if preferredError < 0 {
                        let p = Int(preferred), c = terms!.canvas[at]
                        preferredError = p < palette.count ? squaredError(source, palette[p]) : (c != 0 ? squaredError(source, c) : 0)
                    }
                    return squaredError(source, color) &- preferredError
                }
                var best = Int32.max, bestCode = -1, bestCost: Int32 = 0
                if childStamp[current] == gen {
                    var child = Int(firstChild[current]), seen = 0
                    while child >= 0 && seen < Self.searchLimit {
                        // 0: the child's value is no palette entry (the transparent index).
                        let color = childColor[child]
                        if color != 0 {
                            let d = quantizeDistance(source, color)
                            if d <= limit && d < best {
                                if !tight { best = d; bestCode = child } else {
                                    let cost = costOver(color)
                                    if Int64(cost) <= budget { best = d; bestCode = child; bestCost = cost }
                                }
                            }
                        }
                        child = Int(nextSibling[child]); seen &+= 1
                    }
                }
                if bestCode >= 0 {
                    if budgeted { budget -= Int64(tight ? bestCost : costOver(childColor[bestCode])) }
                    let ch = lastChar[bestCode]
                    values[i] = ch; last = ch; current = bestCode; continue
                }
                // Otherwise start the next string with the last value if acceptable: runs compress.
                if Int(last) < palette.count && quantizeDistance(source, palette[Int(last)]) <= limit {
                    let cost = budgeted ? costOver(palette[Int(last)]) : 0
                    if Int64(cost) <= budget { budget -= Int64(cost); v = last }
                }
            }
            if Mode.alternatives || Mode.lossy { values[i] = v }
            w.output(current)
            last = v
            let parent = current
            current = Int(v)
            if w.runningCode >= 4095 {
                w.output(clearCode)
                w.runningCode = eofCode + 1; w.bits = bits + 1; w.maxCode1 = 1 << w.bits
                gen = nextGeneration()
            } else {
                let code = w.runningCode
                dictionary.insert(parent &<< 8 | Int(v), code: code)
                if Mode.lossy {
                    nextSibling[code] = childStamp[parent] == gen ? firstChild[parent] : -1
                    firstChild[parent] = Int16(code); childStamp[parent] = gen
                    lastChar[code] = v
                    childColor[code] = Int(v) < palette.count ? palette[Int(v)] & 0xFF_FFFF | 0x100_0000 : 0
                }
                w.runningCode += 1
            }
        }
    }
}

/// Which choices an input offers, as constants: `compress` is specialized for each.
protocol GIFLZWMode { static var alternatives: Bool { get }; static var lossy: Bool { get } }
enum GIFLZWFixed: GIFLZWMode { static var alternatives: Bool { false }; static var lossy: Bool { false } }
enum GIFLZWAlternatives: GIFLZWMode { static var alternatives: Bool { true }; static var lossy: Bool { false } }
enum GIFLZWLossy: GIFLZWMode { static var alternatives: Bool { false }; static var lossy: Bool { true } }
enum GIFLZWLossyAlternatives: GIFLZWMode { static var alternatives: Bool { true }; static var lossy: Bool { true } }
