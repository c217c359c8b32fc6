import Geometry
import LayerTree

/// One glyph placed in a layer's space: its face, id, point size and pen position on the baseline.
public struct PlacedGlyph: Hashable {
    public var face: Face
    public var glyph: UInt32
    public var size: Double
    public var origin: Point
}

/// A laid-out line: glyphs in visual order, its width (trailing spaces excluded) and baseline.
public struct TextLine: Hashable {
    public var glyphs: [PlacedGlyph]
    public var width: Double
    public var baseline: Double
    /// The scalars of the text this line shows (before any ellipsis).
    public var scalars: Range<Int>
    public var isTruncated: Bool
}

/// Text laid out in a box: lines top to bottom, measured in points.
public struct TextBlock: Hashable {
    public var lines: [TextLine]
    /// Widest line and total height (line count × line height).
    public var size: Size
    public var isTruncated: Bool { lines.last?.isTruncated ?? false }
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }

    /// Every glyph outline in the block's space, ready to fill with one color.
    public func path() -> Path {
        var path = Path()
        for line in lines {
            for g in line.glyphs {
                let k = g.size / g.face.unitsPerEm
                let outline = g.face.outline(glyph: g.glyph)
                path.append(outline.applying(ProjectiveTransform(m11: k, m12: 0, m13: 0, m21: 0, m22: k, m23: 0,
                                                                 m31: g.origin.x, m32: g.origin.y, m33: 1)))
            }
        }
        return path
    }

    /// The block moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> TextBlock {
        var moved = self
        for i in moved.lines.indices {
            moved.lines[i].baseline += dy
            for j in moved.lines[i].glyphs.indices {
                moved.lines[i].glyphs[j].origin = moved.lines[i].glyphs[j].origin + Point(dx, dy)
            }
        }
        return moved
    }
}

/// Lays out labels as UILabel does: greedy line breaking at spaces (inside a word only when the word alone is
/// too wide), tail truncation with "…" on the last allowed line, alignment per line, font fallback per
/// character (Hangul, Arabic), and right-to-left paragraphs where the first strong letter is Arabic or Hebrew.
public final class TextLayoutEngine {
    public let fonts: FontLibrary

    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Lays `text` out for a box `width` points wide; the block's origin is its top-left corner.
    public func layout(_ text: TextContents, width: Double) throws -> TextBlock {
        let primary = try fonts.face(FontDescriptor(family: text.font, weight: text.weight, italic: text.italic))
        let metrics = LineMetrics(face: primary, size: text.size, lineHeight: text.lineHeight)
        let all = Array(text.string.unicodeScalars)
        // Paragraphs are separated by newlines; each is broken into lines on its own.
        var paragraphs: [Range<Int>] = []
        var start = 0
        for (i, s) in all.enumerated() where s == "\n" {
            paragraphs.append(start..<i)
            start = i + 1
        }
        paragraphs.append(start..<all.count)

        var lines: [(line: TextLine, rtl: Bool)] = []
        paragraphLoop: for (pi, range) in paragraphs.enumerated() {
            let paragraph = Array(all[range])
            let rtl = Self.isRightToLeft(paragraph)
            let breaks = try lineBreaks(paragraph, primary: primary, size: text.size, width: width)
            for (bi, b) in breaks.enumerated() {
                let lastAllowed = text.lineLimit > 0 && lines.count == text.lineLimit - 1
                let moreFollows = bi < breaks.count - 1 || pi < paragraphs.count - 1
                var line: TextLine
                if lastAllowed && moreFollows {
                    line = try truncatedLine(paragraph, from: b.lowerBound, primary: primary, size: text.size, width: width, rtl: rtl)
                } else {
                    line = try shapeLine(paragraph, b, primary: primary, size: text.size, rtl: rtl)
                }
                line.scalars = (line.scalars.lowerBound + range.lowerBound)..<(line.scalars.upperBound + range.lowerBound)
                lines.append((line, rtl))
                if lastAllowed { break paragraphLoop }
            }
        }
        // Baselines and alignment.
        var placed: [TextLine] = []
        var widest = 0.0
        for (i, (line, rtl)) in lines.enumerated() {
            let x: Double
            switch text.alignment {
            case .left: x = 0
            case .right: x = width - line.width
            case .center: x = (width - line.width) / 2
            case .natural: x = rtl ? width - line.width : 0
            }
            placed.append(line.positioned(x: x, baseline: metrics.baseline(ofLine: i)))
            widest = max(widest, line.width)
        }
        return TextBlock(lines: placed, size: Size(widest, Double(placed.count) * metrics.lineHeight))
    }

    /// Lays `text` out inside `bounds`, placed by its vertical alignment.
    public func place(_ text: TextContents, in bounds: Rect) throws -> TextBlock {
        let block = try layout(text, width: bounds.width)
        let top: Double
        switch text.verticalAlignment {
        case .top: top = bounds.minY
        case .center: top = bounds.midY - block.size.height / 2
        case .firstBaseline(let b): top = bounds.minY + b - block.firstBaseline
        }
        return block.offsetBy(dx: bounds.minX, dy: top)
    }

    // MARK: Breaking

    /// Where a paragraph breaks into lines for `width`, as ranges of its scalars (an empty paragraph is one
    /// empty line). Measured with the paragraph shaped once; each line is shaped again on its own.
    func lineBreaks(_ scalars: [Unicode.Scalar], primary: Face, size: Double, width: Double) throws -> [Range<Int>] {
        if scalars.isEmpty { return [0..<0] }
        let advances = try scalarAdvances(scalars, primary: primary, size: size)
        var lines: [Range<Int>] = []
        var start = 0
        var x = 0.0
        var i = 0
        while i < scalars.count {
            // The next word: non-spaces up to and including a hyphen (a break opportunity too), then the
            // spaces after it (which may hang past the edge).
            var wordEnd = i
            while wordEnd < scalars.count && !Self.isBreakingSpace(scalars[wordEnd]) {
                wordEnd += 1
                if Self.isHyphen(scalars[wordEnd - 1]) && wordEnd > i + 1 { break }
            }
            var spaceEnd = wordEnd
            while spaceEnd < scalars.count && Self.isBreakingSpace(scalars[spaceEnd]) { spaceEnd += 1 }
            let wordWidth = advances[i..<wordEnd].reduce(0, +)
            if x + wordWidth > width + 1e-9 && i > start {
                lines.append(start..<i)
                start = i
                x = 0
                continue
            }
            if wordWidth > width + 1e-9 {
                // A word wider than the box: break between clusters.
                var w = 0.0
                for j in i..<wordEnd {
                    if w + advances[j] > width + 1e-9 && j > start {
                        lines.append(start..<j)
                        start = j
                        w = 0
                    }
                    w += advances[j]
                }
                x = w
            } else {
                x += wordWidth
            }
            x += advances[wordEnd..<spaceEnd].reduce(0, +)
            i = spaceEnd
        }
        lines.append(start..<scalars.count)
        return lines
    }

    /// The advance of each scalar in the shaped paragraph (a ligature's advance goes to its first scalar).
    func scalarAdvances(_ scalars: [Unicode.Scalar], primary: Face, size: Double) throws -> [Double] {
        var advances = [Double](repeating: 0, count: scalars.count)
        for run in try runs(scalars, 0..<scalars.count, primary: primary) {
            for g in Shaper.shape(scalars, range: run.range, face: run.face, size: size, direction: run.direction).glyphs {
                advances[g.cluster] += g.advance
            }
        }
        return advances
    }

    // MARK: Shaping lines

    /// A run of scalars shaped with one face and one direction.
    struct Run {
        var range: Range<Int>
        var face: Face
        var direction: TextDirection
    }

    /// Splits a range into runs by face (fallback per character) and by direction (Arabic and Hebrew letters
    /// right to left; Latin, Hangul and digits left to right; spaces and punctuation join the run they are in).
    func runs(_ scalars: [Unicode.Scalar], _ range: Range<Int>, primary: Face) throws -> [Run] {
        var runs: [Run] = []
        for i in range {
            let s = scalars[i]
            let neutral = Self.isNeutral(s)
            if neutral, var last = runs.last, last.face.hasGlyph(for: s) {
                last.range = last.range.lowerBound..<(i + 1)
                runs[runs.count - 1] = last
                continue
            }
            let face = try (primary.hasGlyph(for: s) ? primary : fonts.face(for: s, preferred: primary)) ?? primary
            let direction: TextDirection = Self.isRightToLeftLetter(s) ? .rightToLeft : .leftToRight
            if var last = runs.last, last.face == face, last.direction == direction || neutral {
                last.range = last.range.lowerBound..<(i + 1)
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(range: i..<(i + 1), face: face, direction: direction))
            }
        }
        return runs
    }

    /// Shapes one line (a range of a paragraph) into glyphs in visual order, pen starting at x = 0.
    func shapeLine(_ scalars: [Unicode.Scalar], _ range: Range<Int>, primary: Face, size: Double, rtl: Bool,
                   truncated: Bool = false) throws -> TextLine {
        // Trailing spaces do not count towards the width (they hang past the edge, as in UIKit).
        var visibleEnd = range.upperBound
        while visibleEnd > range.lowerBound && Self.isBreakingSpace(scalars[visibleEnd - 1]) { visibleEnd -= 1 }
        var lineRuns = try runs(scalars, range.lowerBound..<visibleEnd, primary: primary)
        if rtl { lineRuns.reverse() }
        var glyphs: [PlacedGlyph] = []
        var x = 0.0
        for run in lineRuns {
            for g in Shaper.shape(scalars, range: run.range, face: run.face, size: size, direction: run.direction).glyphs {
                glyphs.append(PlacedGlyph(face: run.face, glyph: g.glyph, size: size, origin: Point(x + g.offset.x, g.offset.y)))
                x += g.advance
            }
        }
        return TextLine(glyphs: glyphs, width: x, baseline: 0, scalars: range, isTruncated: truncated)
    }

    /// The last allowed line: as much of the rest of the paragraph as fits with "…" after it.
    func truncatedLine(_ scalars: [Unicode.Scalar], from start: Int, primary: Face, size: Double, width: Double,
                       rtl: Bool) throws -> TextLine {
        let ellipsis: Unicode.Scalar = "\u{2026}"
        func candidate(_ end: Int) throws -> TextLine {
            var trimmed = end
            while trimmed > start && Self.isBreakingSpace(scalars[trimmed - 1]) { trimmed -= 1 }
            let text = Array(scalars[start..<trimmed]) + [ellipsis]
            var line = try shapeLine(text, 0..<text.count, primary: primary, size: size, rtl: rtl, truncated: true)
            line.scalars = start..<trimmed
            return line
        }
        // Binary search for the longest prefix that fits (widths grow with the prefix).
        var lo = start, hi = scalars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if try candidate(mid).width <= width + 1e-9 { lo = mid } else { hi = mid - 1 }
        }
        return try candidate(lo)
    }

    // MARK: Character classes

    static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\u{3000}" }

    static func isHyphen(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "\u{2010}" || s == "\u{2013}" }

    static func isRightToLeftLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return s.properties.isAlphabetic
        default: return false
        }
    }

    /// Spaces and punctuation take the direction and face of the run around them. The truncation ellipsis
    /// does not: it comes from the label's own font, as UIKit draws it.
    static func isNeutral(_ s: Unicode.Scalar) -> Bool {
        if s == "\u{2026}" { return false }
        switch s.properties.generalCategory {
        case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .connectorPunctuation, .mathSymbol, .nonspacingMark,
             .enclosingMark, .spacingMark, .format, .control:
            return true
        default:
            return false
        }
    }

    /// A paragraph is right to left when its first strong letter is.
    static func isRightToLeft(_ scalars: [Unicode.Scalar]) -> Bool {
        for s in scalars where s.properties.isAlphabetic { return isRightToLeftLetter(s) }
        return false
    }
}

/// Vertical metrics of a label's lines, from its primary face, as UIFont reports them.
struct LineMetrics {
    var ascent: Double
    var descent: Double
    var lineHeight: Double
    var fixed: Bool

    init(face: Face, size: Double, lineHeight: Double?) {
        let k = size / face.unitsPerEm
        ascent = face.ascender * k
        descent = -face.descender * k
        fixed = lineHeight != nil
        self.lineHeight = lineHeight ?? (ascent + descent + max(0, face.lineGap * k))
    }

    /// The natural line puts the baseline one ascent below its top (leading below); a fixed line height puts
    /// the extra space above the glyphs, as UIKit's minimum/maximumLineHeight do.
    func baseline(ofLine i: Int) -> Double {
        Double(i) * lineHeight + (fixed ? lineHeight - descent : ascent)
    }
}

extension TextLine {
    func positioned(x: Double, baseline: Double) -> TextLine {
        var line = self
        line.baseline = baseline
        for i in line.glyphs.indices {
            line.glyphs[i].origin = Point(line.glyphs[i].origin.x + x, line.glyphs[i].origin.y + baseline)
        }
        return line
    }
}
