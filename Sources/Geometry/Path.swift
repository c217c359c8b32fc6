/// A vector path in some 2D space: contours of lines and quadratic and cubic Bézier curves.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The control points' extremes, kept as elements are added (in the same order a walk would take them):
    /// bounds are asked of the same path for every frame it is drawn in, and an artwork path has hundreds of
    /// points.
    private var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    public init() {}

    @inline(__always) private mutating func include(_ p: Point) {
        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    private mutating func add(_ e: Element) {
        switch e {
        case .move(let p), .line(let p): include(p)
        case .quad(let c, let p): include(c); include(p)
        case .cubic(let c1, let c2, let p): include(c1); include(c2); include(p)
        case .close: break
        }
        elements.append(e)
    }

    public mutating func move(to p: Point) { add(.move(p)) }
    public mutating func line(to p: Point) { add(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { add(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) { add(.cubic(c1, c2, p)) }
    public mutating func close() { add(.close) }

    public mutating func append(_ other: Path) {
        elements.reserveCapacity(elements.count + other.elements.count)
        for e in other.elements { add(e) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The path with every point mapped by an affine transform (curves stay curves).
    public func applying(_ t: ProjectiveTransform) -> Path {
        var p = Path()
        p.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let a): p.add(.move(t.apply(a)))
            case .line(let a): p.add(.line(t.apply(a)))
            case .quad(let c, let a): p.add(.quad(t.apply(c), t.apply(a)))
            case .cubic(let c1, let c2, let a): p.add(.cubic(t.apply(c1), t.apply(c2), t.apply(a)))
            case .close: p.add(.close)
            }
        }
        return p
    }

    // MARK: Shapes

    /// A rectangle, clockwise in a y-down space (the winding `reversed` flips).
    public static func rect(_ r: Rect, reversed: Bool = false) -> Path {
        var corners = r.corners
        if reversed { corners.reverse() }
        var p = Path()
        p.move(to: corners[0])
        for c in corners.dropFirst() { p.line(to: c) }
        p.close()
        return p
    }

    /// A rounded rectangle with circular corners (CALayer's default corner curve); the radius is clamped to
    /// half the shorter side, as Core Animation does.
    public static func roundedRect(_ r: Rect, radius: Double, reversed: Bool = false) -> Path {
        let r = r.standardized
        let radius = min(max(0, radius), r.width / 2, r.height / 2)
        if radius <= 0 { return rect(r, reversed: reversed) }
        // Control point distance for a quarter circle made of one cubic.
        let k = radius * 0.5522847498307936
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        var p = Path()
        if !reversed {
            p.move(to: Point(x0 + radius, y0))
            p.line(to: Point(x1 - radius, y0))
            p.cubic(to: Point(x1, y0 + radius), control1: Point(x1 - radius + k, y0), control2: Point(x1, y0 + radius - k))
            p.line(to: Point(x1, y1 - radius))
            p.cubic(to: Point(x1 - radius, y1), control1: Point(x1, y1 - radius + k), control2: Point(x1 - radius + k, y1))
            p.line(to: Point(x0 + radius, y1))
            p.cubic(to: Point(x0, y1 - radius), control1: Point(x0 + radius - k, y1), control2: Point(x0, y1 - radius + k))
            p.line(to: Point(x0, y0 + radius))
            p.cubic(to: Point(x0 + radius, y0), control1: Point(x0, y0 + radius - k), control2: Point(x0 + radius - k, y0))
        } else {
            p.move(to: Point(x0 + radius, y0))
            p.cubic(to: Point(x0, y0 + radius), control1: Point(x0 + radius - k, y0), control2: Point(x0, y0 + radius - k))
            p.line(to: Point(x0, y1 - radius))
            p.cubic(to: Point(x0 + radius, y1), control1: Point(x0, y1 - radius + k), control2: Point(x0 + radius - k, y1))
            p.line(to: Point(x1 - radius, y1))
            p.cubic(to: Point(x1, y1 - radius), control1: Point(x1 - radius + k, y1), control2: Point(x1, y1 - radius + k))
            p.line(to: Point(x1, y0 + radius))
            p.cubic(to: Point(x1 - radius, y0), control1: Point(x1, y0 + radius - k), control2: Point(x1 - radius + k, y0))
        }
        p.close()
        return p
    }

    /// An ellipse inscribed in `r`, four cubics.
    public static func ellipse(in r: Rect) -> Path {
        let r = r.standardized
        let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let kx = rx * 0.5522847498307936, ky = ry * 0.5522847498307936
        var p = Path()
        p.move(to: Point(cx + rx, cy))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        p.close()
        return p
    }

    /// The circle of `radius` about `center` (an ellipse in the square around it).
    public static func circle(center: Point, radius: Double) -> Path {
        ellipse(in: Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius))
    }

    /// The straight segment from `a` to `b`, open: a line to stroke.
    public static func segment(_ a: Point, _ b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.line(to: b)
        return p
    }

    // MARK: Flattening

    /// Most chords one curve is flattened into. Ordinary curves need far fewer (a 1000 px corner at 0.2 px
    /// tolerance takes ~60); the bound keeps a huge or non-finite curve from asking for billions of points.
    public static let maxSegmentsPerCurve = 1024

    /// Chords for a curve whose squared chord count is estimated as `q`; NaN (non-finite points) gives one.
    static func segmentCount(_ q: Double) -> Int {
        let n = q.squareRoot().rounded(.up)
        guard n > 1 else { return 1 }
        return n < Double(maxSegmentsPerCurve) ? Int(n) : maxSegmentsPerCurve
    }

    /// Chords for the quadratic a → (c) → b within `tolerance`: the deviation is at most |a − 2c + b| / 4 over
    /// n², so n is the square root of that over the tolerance.
    @inline(__always) static func quadChords(_ a: Point, _ c: Point, _ b: Point, tolerance: Double) -> Int {
        segmentCount((a - c * 2 + b).length / (4 * tolerance))
    }

    @inline(__always) static func quadPoint(_ a: Point, _ c: Point, _ b: Point, at t: Double) -> Point {
        let u = 1 - t
        return a * (u * u) + c * (2 * u * t) + b * (t * t)
    }

    /// Chords for the cubic a → (c1, c2) → b within `tolerance`, from its second differences.
    @inline(__always) static func cubicChords(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, tolerance: Double) -> Int {
        let dd = max((a - c1 * 2 + c2).length, (c1 - c2 * 2 + b).length)
        return segmentCount(3 * dd / (4 * tolerance))
    }

    @inline(__always) static func cubicPoint(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, at t: Double) -> Point {
        let u = 1 - t
        let wa = u * u * u, wb = 3 * u * u * t, wc = 3 * u * t * t, wd = t * t * t
        return Point(wa * a.x + wb * c1.x + wc * c2.x + wd * b.x, wa * a.y + wb * c1.y + wc * c2.y + wd * b.y)
    }

    /// Closed polylines approximating the path within `tolerance` (the largest distance between a curve
    /// and its chords, in the path's own units). Every contour is closed implicitly, as fills are.
    public func flattened(tolerance: Double) -> [[Point]] {
        flattenedContours(tolerance: tolerance).arrays
    }

    /// `flattened(tolerance:)` as one buffer of points.
    public func flattenedContours(tolerance: Double) -> Contours {
        var contours = Contours()
        contours.reserveCapacity(points: elements.count + 8)
        var last = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                contours.closeOpenContour()
                contours.extend(p)
                last = p
            case .line(let p):
                if contours.openCount == 0 { contours.extend(last) }
                contours.extend(p)
                last = p
            case .quad(let c, let p):
                if contours.openCount == 0 { contours.extend(last) }
                let n = Self.quadChords(last, c, p, tolerance: tolerance)
                for i in 1...n { contours.extend(Self.quadPoint(last, c, p, at: Double(i) / Double(n))) }
                last = p
            case .cubic(let c1, let c2, let p):
                if contours.openCount == 0 { contours.extend(last) }
                let n = Self.cubicChords(last, c1, c2, p, tolerance: tolerance)
                for i in 1...n { contours.extend(Self.cubicPoint(last, c1, c2, p, at: Double(i) / Double(n))) }
                last = p
            case .close:
                if contours.openCount > 0 { last = contours.points[contours.ends.last ?? 0] }
                contours.closeOpenContour()
            }
        }
        contours.closeOpenContour()
        return contours
    }

    /// The path's contours mapped through a projective transform into device space.
    ///
    /// Curves are flattened in the path's own space with a tolerance scaled by how much the map stretches
    /// it, then every contour is clipped against the plane W = wMin before the division, so geometry that
    /// passes behind the eye is cut away instead of wrapping around (lines stay lines under the map).
    public func deviceContours(through map: ProjectiveTransform, tolerance: Double = 0.2) -> Contours {
        let localBounds = controlBounds
        guard !localBounds.isNull else { return Contours() }
        var stretch = 0.0
        for corner in localBounds.corners { stretch = max(stretch, map.maxStretch(at: corner)) }
        let localTolerance = tolerance / max(stretch, 1e-6)
        var contours = flattenedContours(tolerance: localTolerance)
        if map.isAffine {
            // Mapped in place: the flattened contours are ours alone.
            contours.mapPoints(map.apply)
            return contours
        }
        var out = Contours()
        out.reserveCapacity(points: contours.points.count + 4 * contours.count)
        for c in contours { Self.projectClipped(c, map, into: &out) }
        return out
    }

    /// Bounds of all points including control points (a superset of the path's area).
    public var controlBounds: Rect {
        minX <= maxX && minY <= maxY ? Rect(minX, minY, maxX - minX, maxY - minY) : .null
    }

    /// Points behind the eye (W <= 0) have no image: clip at a small positive W first. The clipped contour
    /// is added to `out` when more than two points remain.
    static func projectClipped(_ contour: ArraySlice<Point>, _ map: ProjectiveTransform, into out: inout Contours) {
        let wMin = 1e-5
        guard let first = contour.first else { return }
        // Each point is mapped once, carried over as the next edge's start.
        let h0 = map.applyHomogeneous(first)
        var a = h0
        var i = contour.startIndex
        while i < contour.endIndex {
            let b = i + 1 < contour.endIndex ? map.applyHomogeneous(contour[i + 1]) : h0
            let aIn = a.w >= wMin, bIn = b.w >= wMin
            if aIn { out.extend(Point(a.x / a.w, a.y / a.w)) }
            if aIn != bIn {
                let t = (wMin - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                out.extend(Point(x / wMin, y / wMin))
            }
            a = b
            i += 1
        }
        out.closeOpenContour()
    }
}
