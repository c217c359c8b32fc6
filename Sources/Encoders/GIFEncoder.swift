import Foundation
import Raster

public struct GIFOptions: Sendable {
    /// The NETSCAPE2.0 loop count as written: 0 loops forever; n > 0 asks players to repeat n times.
    public var loopCount: Int = 0
    public init() {}
}

/// Streams frames into an animated GIF89a in memory: frames are given one at a time (memory stays bounded:
/// keep only what is on screen, the pending frame's indices and the palettes, not all frames).
///
/// Each frame goes through the stages in order (`encode(_:delay:)`):
/// 1. palette (`GIFPaletteStage`): the frame's colors counted; the current palette kept, repaired or rebuilt;
/// 2. rules (`GIFEntryRules`): per color, how far from it a shown color may be: the frequent colors exact,
///    the others within a tolerance, and while the picture moves, outside flat areas, within `lossy`;
/// 3. difference rectangle (`GIFChange`): only the rectangle of pixels not acceptable as they are on screen
///    is stored, within a per-frame error budget (`GIFErrorBudget`);
/// 4. index choice (`GIFIndexCandidates`): each pixel's acceptable indices: its entry, transparent, the
///    canvas color, any entry within its lossy limit;
/// 5. LZW (`GIFCandidateCoder`, `GIFLZWEncoder`): two candidate images compressed, choosing among each
///    pixel's acceptable indices one that continues the current string; one that falls behind by 5% at a
///    quarter, a half or three quarters is dropped; the smaller kept, with a compact table of its own when it
///    uses few colors (`GIFCompactImage`);
/// 6. the file (`GIFFileAssembly`) in `finish()`: the palette that saves most becomes the global table.
/// The first still frame after a motion refines what the lossy choices left approximate.
public final class GIFEncoder {
    /// The colors every frame shows exactly (see `GIFPaletteStage.exactColors`).
    static let exactColors = GIFPaletteStage.exactColors

    private let width: Int, height: Int
    private let options: GIFOptions

    private var timeline = GIFTimeline()
    /// A first frame that rounds to no time: shown only if nothing else comes.
    private var heldFirst: Pixmap?
    /// The previous source frame: lossy choices only while the picture moves (a still picture is refined).
    private var previousSource: [UInt32] = []

    private let screen: GIFScreen
    /// Rows of the last change search, reused where nothing they depend on changed.
    private let changeMemo: GIFChangeMemo
    private var histogram = QuantizeHistogram()
    private var palettes = GIFPaletteStage()
    private let rules = GIFEntryRules()
    private let candidates = GIFIndexCandidates()
    private let coder = GIFCandidateCoder()
    /// For the exact compressions on this thread: compact tables, grown and continuation frames.
    private let lzw = GIFLZWEncoder()

    /// Emitted frames, compressed, in order.
    private var records: [GIFFrameRecord] = []
    private var pending: GIFPendingFrame?
    private var finished = false

    /// Whether work is carried from frame to frame and stage to stage (only changed rows counted again, rows
    /// of the change search reused, its pixel classes read by the index choice); off only in tests, to show
    /// it changes no byte.
    let carriesWork: Bool
    /// Frames whose lossy widening was withdrawn (the error budget was spent): tests check they occur.
    private(set) var withdrawals = 0

    public convenience init(width: Int, height: Int, options: GIFOptions = GIFOptions()) throws {
        try self.init(width: width, height: height, options: options, carriesWork: true)
    }

    init(width: Int, height: Int, options: GIFOptions, carriesWork: Bool) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncoderError("GIF size \(width)x\(height) is outside 1...65535")
        }
        guard (0...65535).contains(options.loopCount) else {
            throw EncoderError("GIF loop count \(options.loopCount) is outside 0...65535")
        }
        self.width = width; self.height = height; self.options = options
        self.carriesWork = carriesWork
        screen = GIFScreen(width: width, height: height)
        changeMemo = GIFChangeMemo(height: height, rules: rules)
    }

    /// `duration` in seconds of this frame on the timeline (see `GIFTimeline`). A frame whose delay rounds to
    /// zero merges into the previous frame's delay rather than being emitted as a 0-cs frame (browsers clamp
    /// 0/1 cs to 10).
    /// Longest frame accepted: an hour, 55 records of the format's longest delay.
    public static let maxFrameSeconds = 3600.0

    public func addFrame(_ frame: Pixmap, duration: Double) throws {
        guard !finished else { throw EncoderError("GIF frame added after finish()") }
        guard frame.width == width, frame.height == height else {
            throw EncoderError("GIF frame is \(frame.width)x\(frame.height), expected \(width)x\(height)")
        }
        guard duration.isFinite, duration >= 0 else { throw EncoderError("GIF frame duration \(duration) is not a time") }
        // A scene's framesPerSecond may be tiny: a frame of 1e300 s would overflow the centisecond count, and
        // every 655.35 s of a delay is one more record (delays past the 16-bit field are split).
        guard duration <= Self.maxFrameSeconds else {
            throw EncoderError("GIF frame duration \(duration) s exceeds \(Int(Self.maxFrameSeconds)) s")
        }
        let delay = timeline.delay(for: duration)
        if pending == nil {
            // Nothing on screen yet: a first frame shown for no time is replaced by the next one.
            if delay == 0 { heldFirst = frame; return }
            heldFirst = nil
        } else if delay == 0 {
            return
        }
        try encode(frame, delay: delay)
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw EncoderError("GIF finish() called twice") }
        if pending == nil, let first = heldFirst { try encode(first, delay: 0) }
        guard let last = pending else { throw EncoderError("GIF has no frames") }
        finished = true
        emit(last.record)
        pending = nil
        let file = GIFFileAssembly(width: width, height: height, loopCount: options.loopCount,
                                   maps: palettes.maps, records: records)
        records = []
        return try file.bytes()
    }

    // MARK: Stages

    /// One frame through the stages; it becomes the pending frame, or (nothing changed) extends it.
    private func encode(_ frame: Pixmap, delay: Int) throws {
        let first = pending == nil
        // Only the rows that changed since the last frame are counted again (and their flat areas marked).
        var changed = screen.count(frame, previous: first || !carriesWork ? nil : previousSource, into: &histogram)
        if !carriesWork && !first { changed = previousSource == frame.pixels ? .none : .all }
        switch changed {
        case .none: break
        case .all: changeMemo.invalidate()
        case .rows(let rows):
            // A row's flat areas read the rows next to it.
            for r in rows { changeMemo.markDirty((r.lowerBound - 1)..<(r.upperBound + 1)) }
        }
        if screen.renumbered { changeMemo.invalidate() }
        let top = histogram.top(GIFPaletteStage.exactColors)
        let mapping = try palettes.choose(for: histogram, top: top)
        let palette = palettes.current!

        let moving = !first && changed != .none
        previousSource = frame.pixels
        rules.build(keys: histogram.keys, mapping: mapping, exact: top, lossy: moving)
        let cleared = !first && clearUnderTransparentPixels()
        if moving { screen.markFlatAreas(changed) }

        guard var next = changeFrame(palette, first: first, lossy: moving) ?? (cleared ? clearingFrame(palette) : nil) else {
            pending!.record.delay += delay
            return
        }
        next.record.delay = delay
        if let p = pending { emit(p.record) }
        pending = next
    }

    /// Stages 3 to 5: the changed rectangle, its candidate images, the smaller compressed, and the result drawn
    /// on the canvas. Nil when nothing changed.
    private func changeFrame(_ palette: GIFPalette, first: Bool, lossy: Bool) -> GIFPendingFrame? {
        var rect = screen.bounds
        var budget = Int64.max
        if !first {
            let frameBudget = GIFErrorBudget(pixels: width * height)
            var change = GIFChange.find(on: screen, rules: rules, memo: carriesWork ? changeMemo : nil)
            if lossy && change.error > frameBudget.frame {
                // What earlier frames left approximate already spends the budget: this frame refreshes it.
                rules.withdrawLossy()
                withdrawals += 1
                change = carriesWork ? GIFChange.narrowed(on: screen, rules: rules, memo: changeMemo)
                                     : GIFChange.find(on: screen, rules: rules)
            }
            guard let changed = change.rect else { return nil }
            rect = changed
            if lossy { budget = frameBudget.allowance(for: change, in: changed) }
        }
        // A first frame is whole: viewers that ignore the background's transparency show no gaps.
        // Without work carried, each pixel is tested again: the check that the classes `find` left agree.
        candidates.fill(rect, screen: screen, rules: rules, mapper: palette.mapper, transparent: palette.transparent,
                        classified: !first && carriesWork)
        let colors = palette.mapper.colors
        let (data, chosen) = coder.compress(candidates, palette: colors, bitsPerPixel: palette.map.bitsPerPixel, budget: budget)
        changeMemo.markDirty(rect.y..<rect.maxY)
        let usesTransparency = colors.withUnsafeBufferPointer {
            screen.draw(chosen, in: rect, palette: $0, transparent: palette.transparent)
        }
        let indices = Array(chosen)
        let record = GIFFrameRecord(rect: rect, palette: palette.id, transparent: usesTransparency, disposal: .keep,
                                    delay: 0, data: data, compact: GIFCompactImage(indices, map: palette.map, lzw: lzw))
        return GIFPendingFrame(record: record, indices: indices)
    }

    /// Pixels turning transparent over opaque ones cannot be drawn over what is on screen: the pending frame
    /// then restores its area (grown to cover them) to the background, which players show transparent.
    /// Returns whether it does.
    private func clearUnderTransparentPixels() -> Bool {
        guard histogram.hasTransparent, var p = pending, let turning = screen.pixelsTurningTransparent(rules) else {
            return false
        }
        let area = p.record.rect.union(turning)
        p.grow(to: area, map: palettes.maps[p.record.palette], lzw: lzw)
        p.record.disposal = .restoreBackground
        pending = p
        screen.clear(area)
        changeMemo.markDirty(area.y..<area.maxY)
        return true
    }

    /// When nothing changed but the pending frame now clears its area, the time after it must be a frame of
    /// its own: one transparent pixel.
    private func clearingFrame(_ palette: GIFPalette) -> GIFPendingFrame {
        let at = pending!.record.rect
        let indices = [palette.transparent]
        let record = GIFFrameRecord(rect: IntRect(x: at.x, y: at.y, width: 1, height: 1), palette: palette.id,
                                    transparent: true, disposal: .keep, delay: 0,
                                    data: lzw.encode(indices, bitsPerPixel: palette.map.bitsPerPixel),
                                    compact: GIFCompactImage(indices, map: palette.map, lzw: lzw))
        return GIFPendingFrame(record: record, indices: indices)
    }

    /// Adds a frame to the output, split where its delay exceeds the GIF field.
    private func emit(_ record: GIFFrameRecord) {
        records += record.splitForDelayField(maps: palettes.maps, lzw: lzw)
    }
}
