import Foundation

/// Convex polygons as point lists (either winding), for shapes drawn from panels (the drawn icons).
public enum ConvexPolygon {
    /// A convex polygon (either winding) with each edge moved inward by its inset, corners where the moved
    /// edges meet.
    public static func inset(_ p: [Point], by insets: [Double]) -> [Point] {
        let n = p.count
        var area = 0.0
        for i in 0..<n { let a = p[i], b = p[(i + 1) % n]; area += a.x * b.y - b.x * a.y }
        let sign = area > 0 ? 1.0 : -1.0
        // Each edge as a point and direction, moved along its inward normal.
        let lines: [(Point, Point)] = (0..<n).map { i in
            let a = p[i], b = p[(i + 1) % n], d = b - a
            let len = (d.x * d.x + d.y * d.y).squareRoot()
            let normal = Point(-d.y / len, d.x / len) * sign
            return (a + normal * insets[i], d)
        }
        return (0..<n).map { i in
            let (a, da) = lines[(i + n - 1) % n], (b, db) = lines[i]
            let det = da.x * db.y - da.y * db.x
            guard abs(det) > 1e-12 else { return b }
            let t = ((b.x - a.x) * db.y - (b.y - a.y) * db.x) / det
            return a + da * t
        }
    }

    /// A convex polygon with a disk taken out where it covers part of the outline: the vertices inside are
    /// replaced by the arc between where the outline enters and leaves the disk.
    public static func removingDisk(center c: Point, radius r: Double, from p: [Point]) -> [Point] {
        func inside(_ q: Point) -> Bool { let d = q - c; return d.x * d.x + d.y * d.y < r * r }
        guard p.contains(where: inside), !p.allSatisfy(inside) else { return p.allSatisfy(inside) ? [] : p }
        // Where segment a→b crosses the circle, as the parameter nearest `fromStart`'s end.
        func crossing(_ a: Point, _ b: Point) -> Point {
            let d = b - a, f = a - c
            let qa = d.x * d.x + d.y * d.y, qb = 2 * (f.x * d.x + f.y * d.y), qc = f.x * f.x + f.y * f.y - r * r
            let root = max(0, qb * qb - 4 * qa * qc).squareRoot()
            let t1 = (-qb - root) / (2 * qa), t2 = (-qb + root) / (2 * qa)
            let t = (0...1).contains(t1) ? t1 : t2
            return a + d * t
        }
        var out: [Point] = []
        let n = p.count
        var exit: Point? = nil
        // Start at a vertex outside, so the arc is never split across the end of the list.
        let start = p.firstIndex { !inside($0) }!
        for k in 0..<n {
            let a = p[(start + k) % n], b = p[(start + k + 1) % n]
            if !inside(a) { out.append(a) }
            if !inside(a) && inside(b) { exit = crossing(a, b); out.append(exit!) }
            if inside(a) && !inside(b), let from = exit {
                let to = crossing(a, b)
                out += arc(c, r, from: from, to: to, within: p)
                out.append(to)
                exit = nil
            }
        }
        return out
    }

    /// Points on the circle strictly between `from` and `to`, going the way that runs inside the convex
    /// polygon `p` (the new edge where the disk is taken out).
    static func arc(_ c: Point, _ r: Double, from: Point, to: Point, within p: [Point]) -> [Point] {
        func angle(_ q: Point) -> Double { atan2(q.y - c.y, q.x - c.x) }
        let a0 = angle(from), a1 = angle(to)
        func ccwDistance(_ x: Double, _ y: Double) -> Double { var d = y - x; while d < 0 { d += 2 * .pi }; return d }
        func contains(_ q: Point) -> Bool {
            var sign = 0.0
            for i in p.indices {
                let a = p[i], b = p[(i + 1) % p.count]
                let cross = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                if cross != 0 { if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false } }
            }
            return true
        }
        let ccwSpan = ccwDistance(a0, a1), mid = a0 + ccwSpan / 2
        let span = contains(Point(c.x + r * cos(mid), c.y + r * sin(mid))) ? ccwSpan : ccwSpan - 2 * .pi
        let steps = max(2, Int(abs(span) / 0.15))
        return (1..<steps).map { i in
            let t = a0 + span * Double(i) / Double(steps)
            return Point(c.x + r * cos(t), c.y + r * sin(t))
        }
    }
}
