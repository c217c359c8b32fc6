import Foundation
import Raster

/// Stage 3, the difference rectangle: where the frame, as the rules let it be shown, differs from what is
/// on screen. Only this rectangle is stored; a pixel counts as unchanged when the canvas color is within
/// its rule's keep distance (a still pixel keeps its color when the palette moves a little).
struct GIFChange {
    /// The bounding box of the changed pixels; nil when nothing changed.
    var rect: IntRect?
    /// Squared RGB error (summed over channels and pixels) of the frame shown with unchanged pixels kept and
    /// changed ones at their palette color: what the error budget has already spent before lossy choices.
    var error: Int64

    static func find(on screen: GIFScreen, rules: GIFEntryRules, memo: GIFChangeMemo? = nil) -> GIFChange {
        let w = screen.width, h = screen.height
        let table = rules.table
        let reuse = memo?.reusable(rules: table) ?? false
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
                let flat = screen.flat.baseAddress! + row
                for x in 0..<w {
                    let e = Int(entries[x]), c = canvas[x]
                    // Most pixels are as on screen: read only what that test needs.
                    if table[e].shown == c { rowError &+= Int64(table[e].quantError); continue }
                    let rule = table[e]
                    if rule.shown != 0 && c != 0 {
                        let keep = flat[x] != 0 ? rule.keepFlat : rule.keepEdge
                        if quantizeDistance(rule.key, c) <= keep { rowError &+= Int64(squaredError(rule.key, c)); continue }
                    }
                    rowError &+= Int64(rule.quantError)
                    if rowMin < 0 { rowMin = x }
                    rowMax = x
                }
                if let memo { (memo.rowMin[y], memo.rowMax[y], memo.rowError[y]) = (rowMin, rowMax, rowError) }
            }
            error &+= rowError
            if rowMin >= 0 {
                minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                if maxY < 0 { minY = y }
                maxY = y
            }
        }
        memo?.remember(rules: table)
        let rect = maxX < 0 ? nil : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return GIFChange(rect: rect, error: error)
    }
}

/// Each row's answer of the last `GIFChange.find`, reused for a row whose inputs are the same: its source
/// pixels and their neighbours (so its entries and flat areas), its canvas, and the rules of every entry. The
/// encoder marks rows `dirty` where the source changed (and the rows next to them) and where it drew or
/// cleared the canvas, and calls `invalidate` when entries are renumbered.
final class GIFChangeMemo {
    var rowMin: [Int], rowMax: [Int], rowError: [Int64]
    var dirty: [Bool]
    private var rules: [GIFEntryRule] = []
    private var valid = false

    init(height: Int) {
        rowMin = [Int](repeating: -1, count: height); rowMax = rowMin
        rowError = [Int64](repeating: 0, count: height)
        dirty = [Bool](repeating: true, count: height)
    }

    func invalidate() { valid = false }

    /// Rows `range` need a new answer.
    func markDirty(_ range: Range<Int>) {
        for y in max(0, range.lowerBound)..<min(dirty.count, range.upperBound) { dirty[y] = true }
    }

    /// Whether clean rows may take their remembered answer: the rules of the entries the last find saw are
    /// unchanged (entries added since belong to changed rows only).
    func reusable(rules table: UnsafeMutableBufferPointer<GIFEntryRule>) -> Bool {
        guard valid, rules.count <= table.count else { return false }
        for e in 0..<rules.count where rules[e] != table[e] { return false }
        return true
    }

    func remember(rules table: UnsafeMutableBufferPointer<GIFEntryRule>) {
        rules = Array(table)
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
