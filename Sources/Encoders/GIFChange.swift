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

    /// The change under `rules`, and (`strict`) under the same rules once `withdrawLossy()` has narrowed
    /// them (every pixel kept only within `keepFlat`): one pass over the frame gives both.
    static func find(on screen: GIFScreen, rules: GIFEntryRules) -> (change: GIFChange, strict: GIFChange) {
        let w = screen.width, h = screen.height
        let table = rules.table
        var bounds = Bounds(w, h), strictBounds = Bounds(w, h)
        // At most 3 * 255^2 a pixel: no overflow checks needed on the sums. `common`: the pixels both count alike.
        var common: Int64 = 0, error: Int64 = 0, strictError: Int64 = 0
        for y in 0..<h {
            var row = RowSpan(), strictRow = RowSpan()
            let at = y * w
            let entries = screen.entries.baseAddress! + at, canvas = screen.canvas.baseAddress! + at
            let flat = screen.flat.baseAddress! + at
            for x in 0..<w {
                let e = Int(entries[x]), c = canvas[x]
                // Most pixels are as on screen: read only what that test needs.
                if table[e].shown == c { common &+= Int64(table[e].quantError); continue }
                let rule = table[e]
                var kept = false, strictKept = false
                if rule.shown != 0 && c != 0 {
                    let d = quantizeDistance(rule.key, c)
                    kept = d <= (flat[x] != 0 ? rule.keepFlat : rule.keepEdge)
                    strictKept = d <= rule.keepFlat
                }
                let shownError = Int64(rule.quantError)
                let keptError = kept || strictKept ? Int64(squaredError(rule.key, c)) : 0
                if kept { error &+= keptError } else { error &+= shownError; row.add(x) }
                if strictKept { strictError &+= keptError } else { strictError &+= shownError; strictRow.add(x) }
            }
            bounds.add(row, y); strictBounds.add(strictRow, y)
        }
        error &+= common; strictError &+= common
        return (GIFChange(rect: bounds.rect, error: error), GIFChange(rect: strictBounds.rect, error: strictError))
    }
}

/// The changed pixels of a row, first and last.
private struct RowSpan {
    var min = -1, max = -1
    @inline(__always) mutating func add(_ x: Int) { if min < 0 { min = x }; max = x }
}

/// The bounding box of changed rows' spans.
private struct Bounds {
    var minX: Int, minY: Int, maxX = -1, maxY = -1
    init(_ w: Int, _ h: Int) { minX = w; minY = h }
    @inline(__always) mutating func add(_ row: RowSpan, _ y: Int) {
        guard row.min >= 0 else { return }
        minX = Swift.min(minX, row.min); maxX = Swift.max(maxX, row.max)
        if maxY < 0 { minY = y }
        maxY = y
    }
    var rect: IntRect? { maxX < 0 ? nil : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
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
