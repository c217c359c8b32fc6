/// A point in a 2D space (points or pixels, depending on the stage).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(x), \(y))" }
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle; like CGRect, a negative size is allowed and `standardized` fixes it.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public static let zero = Rect(0, 0, 0, 0)
    /// The empty rect: the identity of `union`.
    public static let null = Rect(.infinity, .infinity, 0, 0)

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var standardized: Rect { Rect(minX, minY, width, height) }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    public var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x0, y0, max(maxX, other.maxX) - x0, max(maxY, other.maxY) - y0)
    }

    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width - 2 * dx, height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width, height)
    }

    /// Bounding rect of a set of points; `.null` when empty.
    public static func bounding(_ points: [Point]) -> Rect { bounding(points[...]) }

    /// Bounding rect of a run of points; `.null` when empty.
    public static func bounding(_ points: ArraySlice<Point>) -> Rect {
        guard let first = points.first else { return .null }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The bounding box of several contours (`null` for none), contour by contour.
    public static func bounding(contours: Contours) -> Rect {
        var box = Rect.null
        for c in contours { box = box.union(bounding(c)) }
        return box
    }

    public var description: String { "(\(minX), \(minY); \(width), \(height))" }
}

/// `value` rounded by `rule` and clamped to ±`limit`, NaN giving 0: scene numbers reach pixel arithmetic
/// through transforms and sums, and `Int(_:)` traps on anything out of range.
public func clampedInt(_ value: Double, limit: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
    guard !value.isNaN else { return 0 }
    let l = Double(limit)
    return Int(min(l, max(-l, value.rounded(rule))))
}
