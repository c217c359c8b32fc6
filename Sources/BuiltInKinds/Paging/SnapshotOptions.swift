import Foundation
import RenderPreviewsKindKit

/// What a piece ratio can be: the library's PiecesValue works on CGFloat, CGPoint and CGSize alike, with
/// products and sums taken component by component. Points stand for both CGPoint and CGSize here.
public protocol PieceRatio: Hashable, Sendable {
    static var zero: Self { get }
    static func * (a: Self, b: Double) -> Self
    /// Component-wise product (the library's MultipliableToSelf).
    func times(_ other: Self) -> Self
    /// Component-wise sum (SummableToSelf).
    func plus(_ other: Self) -> Self
}

extension Double: PieceRatio {
    public func times(_ other: Double) -> Double { self * other }
    public func plus(_ other: Double) -> Double { self + other }
}

extension Point: PieceRatio {
    public func times(_ other: Point) -> Point { Point(x * other.x, y * other.y) }
    public func plus(_ other: Point) -> Point { Point(x + other.x, y + other.y) }
}

/// Where a piece is in the library's grid: its index in the pieces array and the row and column the library
/// derives from it (index / columnCount, index % columnCount, with columnCount = Int(1 / width ratio)).
public struct PiecePosition: Hashable, Sendable {
    public var index: Int
    public var row: Int
    public var column: Int
    public var rowCount: Int
    public var columnCount: Int

    public init(index: Int, row: Int, column: Int, rowCount: Int, columnCount: Int) {
        self.index = index; self.row = row; self.column = column; self.rowCount = rowCount; self.columnCount = columnCount
    }
}

/// SnapshotTransformViewOptions.PiecesValue: a ratio that varies with the piece's row, column or index.
public enum PiecesValue<Ratio: PieceRatio>: Hashable, Sendable {
    case columnBased(Ratio, reversed: Bool)
    case rowBased(Ratio, reversed: Bool)
    case columnOddEven(odd: Ratio, even: Ratio, increasing: Bool)
    case rowOddEven(odd: Ratio, even: Ratio, increasing: Bool)
    case columnBasedMirror(Ratio, reversed: Bool)
    case rowBasedMirror(Ratio, reversed: Bool)
    case indexBasedCustom([Ratio])
    case rowBasedCustom([Ratio])
    case columnBasedCustom([Ratio])
    case constant(Ratio)
    /// `.aggregated(values, +)`: the values' sum.
    case sum([PiecesValue])
    /// `.aggregated(values, *)`: their component-wise product.
    case product([PiecesValue])

    /// The library's getRatio(position:). Custom lists and aggregates are never empty (the scene format
    /// refuses empty ones, where the library would divide by zero or stop with fatalError).
    public func ratio(at p: PiecePosition) -> Ratio {
        switch self {
        case .columnBased(let r, let reversed): return Self.based(r, count: p.columnCount, current: p.column, reversed: reversed)
        case .rowBased(let r, let reversed): return Self.based(r, count: p.rowCount, current: p.row, reversed: reversed)
        case .columnOddEven(let odd, let even, let increasing):
            return (p.column % 2 == 0 ? even : odd) * (increasing ? Double(p.column) : 1)
        case .rowOddEven(let odd, let even, let increasing):
            return (p.row % 2 == 0 ? even : odd) * (increasing ? Double(p.row) : 1)
        case .indexBasedCustom(let list): return list[p.index % list.count]
        case .rowBasedCustom(let list): return list[p.row % list.count]
        case .columnBasedCustom(let list): return list[p.column % list.count]
        case .constant(let r): return r
        case .columnBasedMirror(let r, let reversed): return Self.mirror(r, count: p.columnCount, current: p.column, reversed: reversed)
        case .rowBasedMirror(let r, let reversed): return Self.mirror(r, count: p.rowCount, current: p.row, reversed: reversed)
        case .sum(let values):
            let all = values.map { $0.ratio(at: p) }
            return all.dropFirst().reduce(all[0]) { $0.plus($1) }
        case .product(let values):
            let all = values.map { $0.ratio(at: p) }
            return all.dropFirst().reduce(all[0]) { $0.times($1) }
        }
    }

    static func based(_ r: Ratio, count: Int, current: Int, reversed: Bool) -> Ratio {
        r * Double(reversed ? count - current - 1 : current)
    }

    /// Distance from the middle row or column, negative before it: …, −1, 0, 1, … for an odd count and
    /// …, −1.5, −0.5, 0.5, 1.5, … for an even one; `reversed` counts from the edges instead.
    static func mirror(_ r: Ratio, count: Int, current: Int, reversed: Bool) -> Ratio {
        let middle = count / 2
        if count % 2 == 1, current == middle { return r * 0 }
        var index = current
        if index >= middle {
            index -= middle
            if count % 2 == 0 { index += 1 }
        } else {
            index = middle - index
        }
        if reversed { index = middle - index }
        var position = Double(index)
        if count % 2 == 0 { position -= 0.5 }
        return r * position * (current >= middle ? 1 : -1)
    }

    /// Every list inside is non-empty (what the library needs not to trap).
    public var isWellFormed: Bool {
        switch self {
        case .indexBasedCustom(let l), .rowBasedCustom(let l), .columnBasedCustom(let l): !l.isEmpty
        case .sum(let v), .product(let v): !v.isEmpty && v.allSatisfy(\.isWellFormed)
        default: true
        }
    }
}

/// SnapshotTransformViewOptions, field for field, with the library's defaults.
public struct SnapshotOptions: Hashable, Sendable {
    /// A piece's size as a share of the card's (CGSize: x is the width, y the height).
    public var pieceSizeRatio = Point(1, 1.0 / 8.0)
    public var piecesCornerRadiusRatio: PiecesValue<Double> = .constant(0)
    public var piecesAlphaRatio: PiecesValue<Double> = .constant(0)
    public var piecesTranslationRatio: PiecesValue<Point> = .rowOddEven(odd: Point(0, -1), even: Point(-1, -1), increasing: false)
    public var minPiecesTranslationRatio: PiecesValue<Point>? = nil
    public var maxPiecesTranslationRatio: PiecesValue<Point>? = nil
    /// CGSize ratios: x for the width, y for the height.
    public var piecesScaleRatio: PiecesValue<Point> = .constant(Point(0, 1))
    public var containerScaleRatio = 0.25
    public var containerTranslationRatio = Point(1, 0)
    public var containerMinTranslationRatio: Point? = nil
    public var containerMaxTranslationRatio: Point? = nil

    public init() {}

    /// The most pieces a card may be cut into (the scene format refuses more).
    public static let maxPieces = 10_000

    /// SnapshotContainerView's cut of a card of `size`: row by row, pieces of the ratio's size (at most the
    /// card's), the last row and column cut short by the card's edge. The arithmetic is the library's, in
    /// Double like CGFloat, so a sum of widths that falls a hair short of the edge leaves a sliver piece,
    /// as it would there. Nil when a ratio is not above 0 (no snapshot), or past `limit` pieces.
    public func pieceFrames(cardSize size: Size, limit: Int = maxPieces) -> [Rect]? {
        guard pieceSizeRatio.x > 0, pieceSizeRatio.y > 0, size.width > 0, size.height > 0,
              pieceSizeRatio.x.isFinite, pieceSizeRatio.y.isFinite else { return nil }
        let width = min(pieceSizeRatio.x * size.width, size.width)
        let height = min(pieceSizeRatio.y * size.height, size.height)
        var frames: [Rect] = []
        var x = 0.0, y = 0.0
        while y < size.height {
            if frames.count >= limit { return nil }
            frames.append(Rect(x, y, min(width, size.width - x), min(height, size.height - y)))
            x += width
            if x >= size.width {
                x = 0
                y += height
            }
        }
        return frames
    }

    /// The library's row and column counts for piece positions: from the ratios, floored at 0.01.
    public var gridCounts: (rows: Int, columns: Int) {
        func count(_ ratio: Double) -> Int {
            let r = abs(ratio) < 0.01 ? 0.01 : ratio
            return Int(1.0 / r)
        }
        return (count(pieceSizeRatio.y), count(pieceSizeRatio.x))
    }

    /// The container's transform at `progress` for a card of `size`: translation, then the scale.
    ///
    /// The library reads the container's `frame` for the translation before it sets the new transform, so
    /// the frame is the one scaled at the previous call. We take the scale of this call: what the previous
    /// call gives while the page rests, and one frame's change off while it moves.
    public func container(progress: Double, size: Size) -> PieceTransform {
        let scale = max(1 - abs(progress) * containerScaleRatio, 0)
        let frameWidth = size.width * scale, frameHeight = size.height * scale
        var tx = progress * frameWidth * containerTranslationRatio.x
        var ty = progress * frameHeight * containerTranslationRatio.y
        if let m = containerMinTranslationRatio {
            tx = max(tx, frameWidth * m.x)
            // The library's own line: the y minimum compares with the x translation, and uses the width.
            ty = max(tx, frameWidth * m.y)
        }
        if let m = containerMaxTranslationRatio {
            tx = min(tx, frameWidth * m.x)
            ty = min(ty, frameHeight * m.y)
        }
        return PieceTransform(translation: Point(tx, ty), scale: Point(scale, scale), alpha: 1, cornerRadius: 0)
    }

    /// One piece's transform, alpha and corner radius at `progress` (SnapshotContainerView.transform).
    /// As for the container, the frame the translation is measured on is taken at this call's scale.
    public func piece(_ position: PiecePosition, size: Size, progress: Double) -> PieceTransform {
        let p = abs(progress)
        let pieceScale = piecesScaleRatio.ratio(at: position) * p
        let sx = max(0, 1 - pieceScale.x), sy = max(0, 1 - pieceScale.y)
        let frame = Size(size.width * sx, size.height * sy)
        let move = piecesTranslationRatio.ratio(at: position) * p
        var tx = move.x * frame.width, ty = move.y * frame.height
        if let m = minPiecesTranslationRatio?.ratio(at: position) {
            tx = max(tx, frame.width * m.x)
            ty = max(ty, frame.height * m.y)
        }
        if let m = maxPiecesTranslationRatio?.ratio(at: position) {
            tx = min(tx, frame.width * m.x)
            ty = min(ty, frame.height * m.y)
        }
        let alpha = 1 - piecesAlphaRatio.ratio(at: position) * p
        // Set after the transform, so measured on the piece as now scaled (but applied to its bounds).
        let radius = piecesCornerRadiusRatio.ratio(at: position) * p * min(frame.height, frame.width)
        return PieceTransform(translation: Point(tx, ty), scale: Point(sx, sy), alpha: alpha, cornerRadius: radius)
    }
}

/// A CGAffineTransform made as `.translatedBy(x, y).scaledBy(sx, sy)` (about the view's centre), with the
/// alpha and corner radius the library gives the view.
public struct PieceTransform: Hashable, Sendable {
    public var translation: Point
    public var scale: Point
    public var alpha: Double
    public var cornerRadius: Double

    /// The layer transform: scale first, then translate.
    public var transform: Transform3D {
        Transform3D.scale(scale.x, scale.y, 1).concatenating(.translation(translation.x, translation.y, 0))
    }
}

extension SnapshotOptions {
    /// SnapshotTransformViewOptions.Layout, in the library's order.
    public enum Preset: String, CaseIterable, Sendable {
        case grid, space, chess, tiles, lines, bars, puzzle, fade
    }

    /// The library's `.layout(_:)` values.
    public static func preset(_ preset: Preset) -> SnapshotOptions {
        var o = SnapshotOptions()
        switch preset {
        case .grid:
            o.pieceSizeRatio = Point(1.0 / 4.0, 1.0 / 10.0)
            o.piecesCornerRadiusRatio = .constant(1)
            o.piecesAlphaRatio = .constant(0)
            o.piecesTranslationRatio = .sum([.rowBasedMirror(Point(0, -1.8), reversed: false), .columnBasedMirror(Point(-1.8, 0), reversed: false)])
            o.piecesScaleRatio = .constant(Point(0.8, 0.8))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(0.7, 0)
        case .space:
            o.pieceSizeRatio = Point(1.0 / 3.0, 1.0 / 4.0)
            o.piecesCornerRadiusRatio = .constant(0.7)
            o.piecesAlphaRatio = .sum([.rowBasedMirror(0.2, reversed: false), .columnBasedMirror(0.4, reversed: false)])
            o.piecesTranslationRatio = .product([.rowBasedMirror(Point(1, -1), reversed: false), .columnBasedMirror(Point(-1, 1), reversed: false)])
            o.piecesScaleRatio = .constant(Point(0.5, 0.5))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(0.7, 0)
        case .chess:
            o.pieceSizeRatio = Point(1.0 / 5.0, 1.0 / 10.0)
            o.piecesCornerRadiusRatio = .constant(0.5)
            o.piecesAlphaRatio = .columnBasedMirror(0.4, reversed: false)
            o.piecesTranslationRatio = .columnBasedMirror(Point(-1, 1), reversed: false)
            o.piecesScaleRatio = .constant(Point(0.5, 0.5))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(0.7, 0)
        case .tiles:
            o.pieceSizeRatio = Point(1, 1.0 / 10.0)
            o.piecesCornerRadiusRatio = .constant(0)
            o.piecesAlphaRatio = .constant(0.4)
            o.piecesTranslationRatio = .rowOddEven(odd: Point(-0.4, 0), even: Point(0.4, 0), increasing: false)
            o.piecesScaleRatio = .constant(Point(0, 0.1))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(1, 0)
        case .lines:
            o.pieceSizeRatio = Point(1, 1.0 / 16.0)
            o.piecesCornerRadiusRatio = .constant(0)
            o.piecesAlphaRatio = .constant(0.4)
            o.piecesTranslationRatio = .rowOddEven(odd: Point(-0.15, 0), even: Point(0.15, 0), increasing: false)
            o.piecesScaleRatio = .constant(Point(0.6, 0.96))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(0.8, 0)
        case .bars:
            o.pieceSizeRatio = Point(1.0 / 10.0, 1)
            o.piecesCornerRadiusRatio = .constant(1.2)
            o.piecesAlphaRatio = .constant(0.4)
            o.piecesTranslationRatio = .columnOddEven(odd: Point(0, -0.1), even: Point(0, 0.1), increasing: false)
            o.piecesScaleRatio = .constant(Point(0.2, 0.6))
            o.containerScaleRatio = 0.1
            o.containerTranslationRatio = Point(1, 0)
        case .puzzle:
            o.pieceSizeRatio = Point(1.0 / 4.0, 1.0 / 10.0)
            o.piecesCornerRadiusRatio = .constant(0)
            o.piecesAlphaRatio = .sum([.rowOddEven(odd: 0.2, even: 0, increasing: false), .columnOddEven(odd: 0, even: 0.2, increasing: false)])
            o.piecesTranslationRatio = .rowOddEven(odd: Point(-0.15, 0), even: Point(0.15, 0), increasing: false)
            o.piecesScaleRatio = .columnOddEven(odd: Point(0.1, 0.4), even: Point(0.4, 0.1), increasing: false)
            o.containerScaleRatio = 0.2
            o.containerTranslationRatio = Point(1, 0)
        case .fade:
            o.pieceSizeRatio = Point(1, 1.0 / 10.0)
            o.piecesCornerRadiusRatio = .constant(0.1)
            o.piecesAlphaRatio = .rowBased(0.1, reversed: false)
            o.piecesTranslationRatio = .rowBasedMirror(Point(0, 0.1), reversed: false)
            o.piecesScaleRatio = .rowBasedMirror(Point(0.05, 0.1), reversed: false)
            o.containerScaleRatio = 0.7
            o.containerTranslationRatio = Point(1.9, 0)
        }
        return o
    }
}
