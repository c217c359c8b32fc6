import Foundation
import Raster

/// How a pixel of the frame compares with the canvas under its rule (`GIFScreen.change`).
enum GIFPixelChange {
    /// Its rule shows exactly the canvas color (transparent over transparent too).
    static let same: UInt8 = 0
    /// The canvas color is within the rule's keep distance: it may stay.
    static let close: UInt8 = 1
    /// It must be drawn.
    static let changed: UInt8 = 2
}

/// Stage 3, the difference rectangle: where the frame, as the rules let it be shown, differs from what is
/// on screen. Only this rectangle is stored; a pixel counts as unchanged when the canvas color is within
/// its rule's keep distance (a still pixel keeps its color when the palette moves a little). Each pixel's
/// class is left in `GIFScreen.change` (rows reused from the memo keep theirs: their inputs are the same).
struct GIFChange {
    /// The bounding box of the changed pixels; nil when nothing changed.
    var rect: IntRect?
    /// Squared RGB error (summed over channels and pixels) of the frame shown with unchanged pixels kept and
    /// changed ones at their palette color: what the error budget has already spent before lossy choices.
    var error: Int64

    static func find(on screen: GIFScreen, rules: GIFEntryRules, memo: GIFChangeMemo? = nil) -> GIFChange {
        let w = screen.width, h = screen.height
        let table = rules.table
        // The memo reads the rules it was made with: they must be these.
        assert(memo.map { $0.belongs(to: rules) } ?? true)
        let reuse = memo?.reusable() ?? false
        var minX = w, minY = h, maxX = -1, maxY = -1
        // At most 3 * 255^2 a pixel: no overflow checks needed on the sum.
        var error: Int64 = 0
        for y in 0..<h {
            var rowMin = -1, rowMax = -1
            var rowError: Int64 = 0
            if reuse, let memo, !memo.dirty[y] {
                (rowMin, rowMax, rowError) = (memo.rowMin[y], memo.rowMax[y], memo.rowError[y])
            } else {
                let row = y * w
                let entries = screen.entries.baseAddress! + row, canvas = screen.canvas.baseAddress! + row
                let flat = screen.flat.baseAddress! + row, classes = screen.change.baseAddress! + row
                // Most pixels are as on screen: the row starts so, and that test reads only what it needs.
                classes.update(repeating: GIFPixelChange.same, count: w)
                /// Classes pixel `x` (the row starts `same`); returns its error.
                @inline(__always) func classify(_ x: Int) -> Int64 {
                    let rule = table[Int(entries[x])], c = canvas[x]
                    if rule.shown == c { return Int64(rule.quantError) }
                    if rule.shown != 0 && c != 0 {
                        let keep = flat[x] != 0 ? rule.keepFlat : rule.keepEdge
                        if quantizeDistance(rule.key, c) <= keep {
                            classes[x] = GIFPixelChange.close
                            return Int64(squaredError(rule.key, c))
                        }
                    }
                    classes[x] = GIFPixelChange.changed
                    return Int64(rule.quantError)
                }
                // Blocks of eight: flat UI has runs of one entry over one canvas color, whose pixels get the
                // same answer (with the same flat mark, unless shown as on screen).
                var x = 0
                while x < w {
                    let block = min(x &+ 8, w)
                    if x &+ 8 <= w, let run = GIFUniformBlock(entries + x, canvas + x) {
                        let error = classify(x)
                        let s = classes[x], marks = UnsafeRawPointer(flat + x).loadUnaligned(as: UInt64.self)
                        if s == GIFPixelChange.same || GIFScreen.isUniform8(flat + x) {
                            // So do the blocks after it that repeat it (and its flat marks, where they matter).
                            repeat {
                                GIFScreen.set8(classes + x, to: s)
                                rowError &+= 8 &* error; x &+= 8
                            } while x &+ 8 <= w && run.repeats(entries + x, canvas + x)
                                && (s == GIFPixelChange.same || UnsafeRawPointer(flat + x).loadUnaligned(as: UInt64.self) == marks)
                            continue
                        }
                        rowError &+= error; x &+= 1
                    }
                    while x < block { rowError &+= classify(x); x &+= 1 }
                }
                // The span afterwards: tracked in the loop, it cost the distance test registers.
                (rowMin, rowMax) = changedSpan(classes, width: w)
                if let memo { (memo.rowMin[y], memo.rowMax[y], memo.rowError[y]) = (rowMin, rowMax, rowError) }
            }
            error &+= rowError
            if rowMin >= 0 {
                minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                if maxY < 0 { minY = y }
                maxY = y
            }
        }
        memo?.remember()
        let rect = maxX < 0 ? nil : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return GIFChange(rect: rect, error: error)
    }

    /// The first and last `changed` pixel of a row of classes ((-1, -1) if none), eight at a time: only
    /// `changed` has bit 1 set.
    static func changedSpan(_ classes: UnsafeMutablePointer<UInt8>, width w: Int) -> (Int, Int) {
        @inline(__always) func changed(_ x: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(classes + x).loadUnaligned(as: UInt64.self)) & 0x0202_0202_0202_0202
        }
        var first = -1, x = 0
        while x + 8 <= w {
            let m = changed(x)
            if m != 0 { first = x + m.trailingZeroBitCount / 8; break }
            x += 8
        }
        if first < 0 {
            while x < w && classes[x] != GIFPixelChange.changed { x += 1 }
            if x == w { return (-1, -1) }
            first = x
        }
        var last = w - 1
        while last >= first + 8 {
            let m = changed(last - 7)
            if m != 0 { return (first, last - m.leadingZeroBitCount / 8) }
            last -= 8
        }
        while classes[last] != GIFPixelChange.changed { last -= 1 }
        return (first, last)
    }

    /// `find` again once the rules have withdrawn their lossy widening (`GIFEntryRules.withdrawLossy`), from
    /// what the last `find` with `memo` left under the wider rules: only the keep distance outside flat areas
    /// narrowed, so only pixels classed `close` there can turn `changed`; the others keep their class.
    static func narrowed(on screen: GIFScreen, rules: GIFEntryRules, memo: GIFChangeMemo) -> GIFChange {
        assert(memo.belongs(to: rules))
        let w = screen.width, h = screen.height
        let table = rules.table
        var minX = w, minY = h, maxX = -1, maxY = -1
        var error: Int64 = 0
        for y in 0..<h {
            var rowMin = memo.rowMin[y], rowMax = memo.rowMax[y], rowError = memo.rowError[y]
            let row = y * w
            let entries = screen.entries.baseAddress! + row, canvas = screen.canvas.baseAddress! + row
            let flat = screen.flat.baseAddress! + row, classes = screen.change.baseAddress! + row
            var x = 0
            while x < w {
                let end = min(x + 8, w)
                // Eight classes at a time while none is `close` (the one class with bit 0 set).
                if end - x == 8 && UnsafeRawPointer(classes + x).loadUnaligned(as: UInt64.self) & 0x0101_0101_0101_0101 == 0 {
                    x = end; continue
                }
                for i in x..<end where classes[i] == GIFPixelChange.close && flat[i] == 0 {
                    let rule = table[Int(entries[i])], c = canvas[i]
                    if quantizeDistance(rule.key, c) > rule.keepEdge {
                        rowError &+= Int64(rule.quantError) &- Int64(squaredError(rule.key, c))
                        classes[i] = GIFPixelChange.changed
                        rowMin = rowMin < 0 ? i : min(rowMin, i); rowMax = max(rowMax, i)
                    }
                }
                x = end
            }
            (memo.rowMin[y], memo.rowMax[y], memo.rowError[y]) = (rowMin, rowMax, rowError)
            error &+= rowError
            if rowMin >= 0 {
                minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                if maxY < 0 { minY = y }
                maxY = y
            }
        }
        memo.remember()
        let rect = maxX < 0 ? nil : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return GIFChange(rect: rect, error: error)
    }
}

/// Each row's answer of the last `GIFChange.find`, reused for a row whose inputs are the same: its source
/// pixels and their neighbours (so its entries and flat areas), its canvas, and the rules of every entry. The
/// encoder marks rows `dirty` where the source changed (and the rows next to them) and where it drew or
/// cleared the canvas, and calls `invalidate` when entries are renumbered.
final class GIFChangeMemo {
    // Plain buffers: arrays in a class cost an exclusivity check per row.
    let rowMin: UnsafeMutableBufferPointer<Int>, rowMax: UnsafeMutableBufferPointer<Int>
    let rowError: UnsafeMutableBufferPointer<Int64>
    let dirty: UnsafeMutableBufferPointer<Bool>
    /// The encoder's rules: their table of the build before (as it was left) is what the rows were answered
    /// under, so no copy of it is kept.
    private let rules: GIFEntryRules
    /// The build (`GIFEntryRules.builds`) the rows were last answered under.
    private var build = -1
    private var valid = false

    init(height: Int, rules: GIFEntryRules) {
        self.rules = rules
        rowMin = .allocate(capacity: height); rowMin.initialize(repeating: -1)
        rowMax = .allocate(capacity: height); rowMax.initialize(repeating: -1)
        rowError = .allocate(capacity: height); rowError.initialize(repeating: 0)
        dirty = .allocate(capacity: height); dirty.initialize(repeating: true)
    }

    deinit { rowMin.deallocate(); rowMax.deallocate(); rowError.deallocate(); dirty.deallocate() }

    func invalidate() { valid = false }

    /// Rows `range` need a new answer.
    func markDirty(_ range: Range<Int>) {
        for y in max(0, range.lowerBound)..<min(dirty.count, range.upperBound) { dirty[y] = true }
    }

    /// Whether the memo was made for `rules` (it reads their tables).
    func belongs(to rules: GIFEntryRules) -> Bool { self.rules === rules }

    /// Whether clean rows may take their remembered answer: the rules of the entries the last find saw are
    /// unchanged (entries added since belong to changed rows only).
    func reusable() -> Bool {
        let seen = rules.previous, table = rules.table
        guard valid, build == rules.builds - 1, seen.count <= table.count else { return false }
        for e in 0..<seen.count where seen[e] != table[e] { return false }
        return true
    }

    /// The rows now hold answers under the rules' current table as it is: nothing may change it before the
    /// next build.
    func remember() {
        build = rules.builds
        valid = true
        for y in dirty.indices { dirty[y] = false }
    }
}

/// How much error lossy choices may add to a moving frame: whatever keeps the whole frame at `targetPSNR`.
/// A guard for busy frames, where `GIFEntryRules.lossy` alone could add a lot of error (on our scenes it
/// rarely binds).
struct GIFErrorBudget {
    /// The PSNR (dB, over RGB, whole frame) below which a moving frame gets no more lossy choices.
    static let targetPSNR = 50.0
    /// Sum of squared channel errors over the frame at `targetPSNR`.
    let frame: Int64
    let pixels: Int

    init(pixels: Int) {
        self.pixels = pixels
        frame = Int64(Double(3 * pixels) * 65025 / pow(10, Self.targetPSNR / 10))
    }

    /// What the compressor may spend on a change: what the frame has left after `change.error`, and no more
    /// than the rectangle's share of the frame, so what stays still keeps its fidelity.
    func allowance(for change: GIFChange, in rect: IntRect) -> Int64 {
        let share = Int64(Double(frame) * Double(rect.area) / Double(pixels))
        return max(0, min(frame - change.error, share))
    }
}
