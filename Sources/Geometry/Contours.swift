/// Closed polylines (a flattened path's contours), all points in one buffer: contour `k` is
/// `points[ends[k - 1] ..< ends[k]]`. One buffer a path, where an array per contour cost an allocation for
/// every glyph outline and rounded corner of every frame.
public struct Contours: RandomAccessCollection, Hashable, Sendable {
    public private(set) var points: [Point] = []
    /// Where each contour ends in `points` (exclusive), in order.
    public private(set) var ends: [Int] = []

    public init() {}

    public init(_ contours: [[Point]]) {
        for c in contours { append(c) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    public subscript(k: Int) -> ArraySlice<Point> {
        points[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
    }

    /// The contours as separate arrays.
    public var arrays: [[Point]] { map { Array($0) } }

    public mutating func append<C: Collection>(_ contour: C) where C.Element == Point {
        points.append(contentsOf: contour)
        ends.append(points.count)
    }

    public mutating func reserveCapacity(points count: Int) { points.reserveCapacity(count) }

    /// Adds `p` to the contour being built (the points after the last end).
    @inline(__always)
    mutating func extend(_ p: Point) { points.append(p) }

    /// Points of the contour being built.
    var openCount: Int { points.count - (ends.last ?? 0) }

    /// The contour being built becomes a contour when it has more than two points; otherwise it is dropped.
    mutating func closeOpenContour() {
        let start = ends.last ?? 0
        if points.count - start > 2 { ends.append(points.count) } else { points.removeSubrange(start...) }
    }

    /// Every point replaced by `transform` of it, in place.
    public mutating func mapPoints(_ transform: (Point) -> Point) {
        points.withUnsafeMutableBufferPointer { p in
            for i in p.indices { p[i] = transform(p[i]) }
        }
    }

    public static func + (a: Contours, b: Contours) -> Contours {
        var out = a
        for c in b { out.append(c) }
        return out
    }
}
