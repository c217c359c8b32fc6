import Foundation
import XCTest
@testable import Geometry

final class PathTests: XCTestCase {
    /// The bounds kept as elements are added equal a walk over the elements, however the path was built.
    func testControlBoundsKeptMatchAWalk() {
        func walked(_ path: Path) -> Rect {
            var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
            for e in path.elements {
                let points: [Point]
                switch e {
                case .move(let p), .line(let p): points = [p]
                case .quad(let c, let p): points = [c, p]
                case .cubic(let c1, let c2, let p): points = [c1, c2, p]
                case .close: points = []
                }
                for p in points { lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y)) }
            }
            return lo.x <= hi.x && lo.y <= hi.y ? Rect(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y) : .null
        }
        var built = Path()
        built.move(to: Point(3, -2)); built.quad(to: Point(9, 4), control: Point(12, -7))
        built.cubic(to: Point(-1, 5), control1: Point(4, 30), control2: Point(-6, 2)); built.close()
        var appended = Path.roundedRect(Rect(10, 10, 40, 20), radius: 6)
        appended.append(built)
        appended.append(Path.ellipse(in: Rect(-30, 50, 8, 3)))
        let mapped = appended.applying(ProjectiveTransform(m11: 0.9, m12: 0.4, m13: 0, m21: -0.4, m22: 0.9, m23: 0, m31: 7, m32: -4, m33: 1))
        for path in [Path(), built, appended, mapped, Path.rect(Rect(0, 0, 1, 1), reversed: true)] {
            XCTAssertEqual(path.controlBounds, walked(path))
        }
        XCTAssertEqual(built.controlBounds, Rect(-6, -7, 18, 37))
        XCTAssertTrue(Path().controlBounds.isNull)
    }

    func testFlattenedCircleStaysWithinTheTolerance() {
        let r = 40.0, tolerance = 0.05
        let contours = Path.ellipse(in: Rect(10 - r, 20 - r, 2 * r, 2 * r)).flattened(tolerance: tolerance)
        XCTAssertEqual(contours.count, 1)
        let points = contours[0]
        // Vertices lie on the curve (the cubic approximation of a circle is off by 0.03% of r), and the
        // middle of every chord is within the tolerance of it.
        for (i, p) in points.enumerated() {
            XCTAssertEqual((p - Point(10, 20)).length, r, accuracy: r * 3e-4)
            let q = points[(i + 1) % points.count]
            let mid = Point((p.x + q.x) / 2, (p.y + q.y) / 2)
            XCTAssertLessThanOrEqual(r - (mid - Point(10, 20)).length, tolerance + r * 3e-4)
        }
    }

    func testAffineDeviceContoursAreTheMappedFlattening() {
        let path = Path.roundedRect(Rect(1, 2, 30, 20), radius: 6)
        let map = ProjectiveTransform(m11: 2, m12: 0.5, m13: 0, m21: -0.3, m22: 1.5, m23: 0, m31: 7, m32: -4, m33: 1)
        let device = path.deviceContours(through: map, tolerance: 0.1)
        XCTAssertEqual(device.count, 1)
        // Every curve end of the rounded rect, mapped, is a vertex of the device contour.
        let corners = [Point(7, 2), Point(25, 2), Point(31, 8), Point(31, 16), Point(25, 22), Point(7, 22), Point(1, 16), Point(1, 8)]
            .map(map.apply)
        for c in corners { XCTAssertTrue(device[0].contains { ($0 - c).length < 1e-9 }, "\(c)") }
    }

    func testContoursBehindTheEyeAreCutAtThePlaneInFront() {
        // A card rotated 80° under m34 = -1/20: its part with y > 20 / sin 80° (centered) is behind the eye.
        var t = Transform3D.identity
        t.m34 = -1.0 / 20
        t = t.rotated(80 * .pi / 180, 1, 0, 0)
        let map = Transform3D.translation(-20, -30, 0).concatenating(t).flattened
        let device = Path.rect(Rect(0, 0, 40, 60)).deviceContours(through: map)
        XCTAssertEqual(device.count, 1)
        let inverse = map.inverted()!
        let limit = 30 + 20 / sin(80 * Double.pi / 180)
        // Every device vertex comes from the card's visible part: back in layer space it lies on the card
        // and in front of the eye (a wrapped-around vertex would come back from y > limit).
        for p in device[0] {
            let q = inverse.apply(p)
            XCTAssertGreaterThan(q.x, -1e-6); XCTAssertLessThan(q.x, 40 + 1e-6)
            XCTAssertGreaterThan(q.y, -1e-6); XCTAssertLessThan(q.y, limit)
            XCTAssertGreaterThan(map.applyHomogeneous(q).w, 0)
        }
        // Two corners survive, two are cut: 2 + 2 points where the sides cross the plane.
        XCTAssertEqual(device[0].count, 4)
    }

    /// One buffer of contours holds what separate arrays held: the same points in the same contours, short
    /// contours dropped, through an affine map and through a perspective that puts part of the path behind
    /// the eye (each contour clipped at w = 1e-5 as a plain walk over its edges does).
    func testContoursInOneBufferMatchSeparateArrays() {
        var path = Path()
        path.move(to: Point(0, 0)); path.line(to: Point(40, 0)); path.quad(to: Point(40, 30), control: Point(55, 15))
        path.cubic(to: Point(0, 30), control1: Point(30, 45), control2: Point(10, 45)); path.close()
        path.move(to: Point(5, 5)); path.line(to: Point(6, 6))           // two points: dropped
        path.move(to: Point(10, 10)); path.line(to: Point(20, 10)); path.line(to: Point(15, 20))  // not closed
        path.close(); path.line(to: Point(30, 12)); path.line(to: Point(25, 25))  // a contour after a close
        path.append(Path.roundedRect(Rect(2, 3, 30, 20), radius: 6))

        /// The separate-arrays walk the buffer replaced.
        func reference(_ path: Path, tolerance: Double) -> [[Point]] {
            var contours: [[Point]] = [], current: [Point] = [], last = Point.zero
            func finish() { if current.count > 2 { contours.append(current) }; current = [] }
            for e in path.elements {
                switch e {
                case .move(let p): finish(); current = [p]; last = p
                case .line(let p): if current.isEmpty { current = [last] }; current.append(p); last = p
                case .quad(let c, let p):
                    if current.isEmpty { current = [last] }
                    let n = Path.quadChords(last, c, p, tolerance: tolerance)
                    for i in 1...n { current.append(Path.quadPoint(last, c, p, at: Double(i) / Double(n))) }
                    last = p
                case .cubic(let c1, let c2, let p):
                    if current.isEmpty { current = [last] }
                    let n = Path.cubicChords(last, c1, c2, p, tolerance: tolerance)
                    for i in 1...n { current.append(Path.cubicPoint(last, c1, c2, p, at: Double(i) / Double(n))) }
                    last = p
                case .close: if let first = current.first { last = first }; finish()
                }
            }
            finish()
            return contours
        }
        func clipped(_ contour: [Point], _ map: ProjectiveTransform) -> [Point]? {
            let h = contour.map(map.applyHomogeneous)
            var out: [Point] = []
            for i in 0..<h.count {
                let a = h[i], b = h[(i + 1) % h.count]
                if a.w >= 1e-5 { out.append(Point(a.x / a.w, a.y / a.w)) }
                if (a.w >= 1e-5) != (b.w >= 1e-5) {
                    let t = (1e-5 - a.w) / (b.w - a.w)
                    out.append(Point((a.x + (b.x - a.x) * t) / 1e-5, (a.y + (b.y - a.y) * t) / 1e-5))
                }
            }
            return out.count > 2 ? out : nil
        }
        let expected = reference(path, tolerance: 0.05)
        XCTAssertEqual(expected.count, 4)
        XCTAssertEqual(path.flattened(tolerance: 0.05), expected)
        XCTAssertEqual(path.flattenedContours(tolerance: 0.05).arrays, expected)

        let affine = ProjectiveTransform(m11: 1.5, m12: 0.2, m13: 0, m21: -0.3, m22: 2, m23: 0, m31: 7, m32: -3, m33: 1)
        let a = path.deviceContours(through: affine)
        let stretch = path.controlBounds.corners.map { affine.maxStretch(at: $0) }.max()!
        XCTAssertEqual(a.arrays, reference(path, tolerance: 0.2 / stretch).map { $0.map(affine.apply) })

        var t = Transform3D.identity
        t.m34 = -1.0 / 15
        let turned = Transform3D.translation(-20, -15, 0).concatenating(t.rotated(1.2, 1, 0, 0))
            .concatenating(.translation(40, 40, 0)).flattened
        let p = path.deviceContours(through: turned)
        let local = path.controlBounds.corners.map { turned.maxStretch(at: $0) }.max()!
        let projected = reference(path, tolerance: 0.2 / local).compactMap { clipped($0, turned) }
        // Part of the path is behind the eye: cut at w = 1e-5, whose image lies far away.
        XCTAssertTrue(p.points.contains { abs($0.y) > 1e4 })
        XCTAssertEqual(p.arrays, projected)
        XCTAssertEqual(Rect.bounding(contours: p), projected.reduce(Rect.null) { $0.union(Rect.bounding($1)) })
        XCTAssertEqual((a + p).arrays, a.arrays + p.arrays)
    }

    func testCircleIsTheEllipseInItsSquareAndASegmentIsOneOpenLine() {
        XCTAssertEqual(Path.circle(center: Point(3, -2), radius: 1.5).elements,
                       Path.ellipse(in: Rect(1.5, -3.5, 3, 3)).elements)
        XCTAssertEqual(Path.segment(Point(1, 2), Point(4, 6)).elements, [.move(Point(1, 2)), .line(Point(4, 6))])
    }
}
