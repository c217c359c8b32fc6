import Foundation

/// How overlapping contours decide what is inside: CAShapeLayer's fillRule, PDF's f and f*.
public enum FillRule: String, CaseIterable, Hashable, Sendable {
    /// Inside where the contours wind around a point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses an odd number of contours.
    case evenOdd
}

/// The shape of a stroke's ends (CAShapeLayer's lineCap, PDF's J).
public enum LineCap: String, CaseIterable, Hashable, Sendable {
    case butt, round, square
}

/// The shape of a stroke's corners (CAShapeLayer's lineJoin, PDF's j).
public enum LineJoin: String, CaseIterable, Hashable, Sendable {
    case miter, round, bevel
}

/// A stroke's pen: width, ends, corners.
public struct StrokeStyle: Hashable, Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Longest miter, as a multiple of the width, before a corner is beveled instead (PDF's M, default 10).
    public var miterLimit: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}

extension Path {
    /// The path's subpaths flattened within `tolerance`, open ones kept open (strokes need their ends).
    /// Repeated points are dropped.
    public func polylines(tolerance: Double) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        var last = Point.zero
        func add(_ p: Point) {
            if let l = current.last, l == p { return }
            current.append(p)
        }
        func finish(closed: Bool) {
            if !current.isEmpty { result.append((current, closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                add(p)
                last = p
            case .quad(let c, let p):
                if current.isEmpty { current = [last] }
                let n = Self.quadChords(last, c, p, tolerance: tolerance)
                for i in 1...n { add(Self.quadPoint(last, c, p, at: Double(i) / Double(n))) }
                last = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                let n = Self.cubicChords(last, c1, c2, p, tolerance: tolerance)
                for i in 1...n { add(Self.cubicPoint(last, c1, c2, p, at: Double(i) / Double(n))) }
                last = p
            case .close:
                if let first = current.first { last = first }
                if current.count > 1, current.last == current.first { current.removeLast() }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    /// The area a pen of `style` covers when drawn along the path, as a fill with the non-zero rule: a union
    /// of pieces (a quad per segment, a wedge per join, the caps) all wound the same way, which the
    /// non-zero fill joins without seams. Dashes are not supported.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.05) -> Path {
        var out = Path()
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return out }
        func piece(_ pts: [Point]) {
            guard pts.count > 2 else { return }
            // All pieces wound alike (positive signed area), so overlaps add up instead of cancelling.
            var area = 0.0
            for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; area += a.x * b.y - b.x * a.y }
            guard area != 0, area.isFinite else { return }
            let ordered = area > 0 ? pts : pts.reversed()
            out.move(to: ordered[0])
            for p in ordered.dropFirst() { out.line(to: p) }
            out.close()
        }
        func disc(_ c: Point) {
            // Enough sides that the polygon stays within the tolerance of the circle.
            let n = max(8, min(64, Int((Double.pi / (2 * max(1e-9, (2 * tolerance / hw)).squareRoot())).rounded(.up)) * 2))
            piece((0..<n).map { i in
                let a = Double(i) / Double(n) * 2 * Double.pi
                return Point(c.x + hw * cos(a), c.y + hw * sin(a))
            })
        }
        func normal(_ a: Point, _ b: Point) -> Point {
            let d = b - a, l = d.length
            return Point(-d.y / l * hw, d.x / l * hw)
        }
        for (points, closed) in polylines(tolerance: min(tolerance, hw / 4)) {
            if points.count == 1 {
                // A zero-length subpath: only round and square caps draw a dot.
                let p = points[0]
                switch style.cap {
                case .butt: break
                case .round: disc(p)
                case .square: piece([Point(p.x - hw, p.y - hw), Point(p.x + hw, p.y - hw), Point(p.x + hw, p.y + hw), Point(p.x - hw, p.y + hw)])
                }
                continue
            }
            let count = points.count
            let segments = closed ? count : count - 1
            for i in 0..<segments {
                let a = points[i], b = points[(i + 1) % count]
                let n = normal(a, b)
                piece([a + n, b + n, b - n, a - n])
            }
            // Joins at interior vertices, and at every vertex of a closed polyline.
            let joints = closed ? Array(0..<count) : Array(1..<max(1, count - 1))
            for j in joints {
                let prev = points[(j + count - 1) % count], v = points[j], next = points[(j + 1) % count]
                let n0 = normal(prev, v), n1 = normal(v, next)
                let cross = (v.x - prev.x) * (next.y - v.y) - (v.y - prev.y) * (next.x - v.x)
                if cross == 0 && (n0.x * n1.x + n0.y * n1.y) > 0 { continue }  // straight on
                // The outer side of the turn is where the normals point away from the bend.
                let s: Double = cross > 0 ? -1 : 1
                let o0 = v + n0 * s, o1 = v + n1 * s
                switch style.join {
                case .round: disc(v)
                case .bevel: piece([v, o0, o1])
                case .miter:
                    // Miter tip where the outer edges meet; its length over the width is 1 / sin(θ/2).
                    let cosTheta = max(-1, min(1, (n0.x * n1.x + n0.y * n1.y) / (hw * hw)))
                    let half = ((1 + cosTheta) / 2).squareRoot()  // cos of half the turn
                    if half > 1e-9, 1 / half <= style.miterLimit {
                        let bis = (n0 + n1) * s
                        let len = bis.length
                        let tip = len > 0 ? v + bis * (hw / half / len) : o0
                        piece([v, o0, tip, o1])
                    } else {
                        piece([v, o0, o1])
                    }
                }
            }
            if !closed {
                for (end, inner) in [(points[0], points[1]), (points[count - 1], points[count - 2])] {
                    switch style.cap {
                    case .butt: break
                    case .round: disc(end)
                    case .square:
                        let n = normal(inner, end)
                        let d = Point(n.y, -n.x) * -1  // along the segment, away from `inner`, length hw
                        let out = Point(end.x - inner.x, end.y - inner.y)
                        let e = (d.x * out.x + d.y * out.y) >= 0 ? d : d * -1
                        piece([end + n, end + n + e, end - n + e, end - n])
                    }
                }
            }
        }
        return out
    }
}
