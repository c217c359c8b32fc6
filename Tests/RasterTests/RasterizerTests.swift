import Foundation
import XCTest
import Geometry
@testable import Raster

final class RasterizerTests: XCTestCase {
    var rasterizer = Rasterizer()
    let clip = IntRect(x: 0, y: 0, width: 64, height: 64)

    func coverage(_ path: Path, _ map: ProjectiveTransform = .identity) -> Mask {
        rasterizer.coverage(of: path.deviceContours(through: map, tolerance: 0.01), clip: clip)!
    }

    func testRectAtFractionalPositionCoversItsExactArea() {
        let r = Rect(10.3, 20.6, 7.25, 3.5)
        let m = coverage(.rect(r))
        XCTAssertEqual(m.coveredArea, 7.25 * 3.5, accuracy: 0.02)
        // Pixel 10 on a row fully inside: 0.7 of it is covered.
        XCTAssertEqual(Double(m.value(x: 10, y: 21)) / 255, 0.7, accuracy: 0.5 / 255)
        // Corner pixel (10, 20): 0.7 × 0.4.
        XCTAssertEqual(Double(m.value(x: 10, y: 20)) / 255, 0.28, accuracy: 0.5 / 255)
        XCTAssertEqual(m.value(x: 12, y: 22), 255)
        XCTAssertEqual(m.value(x: 9, y: 22), 0)
    }

    func testWindingDirectionDoesNotMatter() {
        let r = Rect(3.1, 4.9, 20.2, 11.7)
        XCTAssertEqual(coverage(.rect(r)).data, coverage(.rect(r, reversed: true)).data)
    }

    func testRotatedSquareHasTheSquaresArea() {
        for angle in stride(from: 0.0, to: .pi / 2, by: 0.17) {
            let rotate = Transform3D.translation(-10, -10, 0).concatenating(.rotation(angle, 0, 0, 1))
                .concatenating(.translation(31.37, 29.81, 0)).flattened
            let m = coverage(.rect(Rect(0, 0, 20, 20)), rotate)
            XCTAssertEqual(m.coveredArea, 400, accuracy: 0.1, "angle \(angle)")
        }
    }

    func testSlantedEdgeGivesTheAreaOfEachPixel() {
        // Triangle (0,0) (8,0) (0,8): pixel (x, y) fully below the diagonal is full, those on it are half.
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(8, 0)); p.line(to: Point(0, 8)); p.close()
        let m = coverage(p)
        XCTAssertEqual(m.coveredArea, 32, accuracy: 0.02)
        XCTAssertEqual(m.value(x: 2, y: 5), 128)  // on the diagonal: exactly half
        XCTAssertEqual(m.value(x: 2, y: 4), 255)
        XCTAssertEqual(m.value(x: 3, y: 5), 0)
    }

    func testCircleAreaAndRing() {
        let disk = coverage(.ellipse(in: Rect(12.25, 8.5, 30, 30)))
        XCTAssertEqual(disk.coveredArea, .pi * 225, accuracy: 0.5)
        var ring = Path.roundedRect(Rect(10, 10, 40, 30), radius: 8)
        ring.append(.roundedRect(Rect(12, 12, 36, 26), radius: 6, reversed: true))
        let corner: Double = 4 - Double.pi
        let outer: Double = 40 * 30 - corner * 64
        let inner: Double = 36 * 26 - corner * 36
        let expected = outer - inner
        XCTAssertEqual(coverage(ring).coveredArea, expected, accuracy: 0.3)
    }

    func testQuadraticCurveEnclosesTheParabolasArea() {
        // y = parabola through (0, 0), peak 10 at x = 10, (20, 0): area 2/3 × base × height.
        var p = Path()
        p.move(to: Point(20.5, 30.25)); p.quad(to: Point(40.5, 30.25), control: Point(30.5, 10.25)); p.close()
        XCTAssertEqual(coverage(p).coveredArea, 2.0 / 3 * 20 * 10, accuracy: 0.1)
    }

    func testGeometryOutsideTheClipIsCutNotWrapped() {
        // A rect that starts left of and above the clip: only its visible part counts.
        let m = rasterizer.coverage(of: Path.rect(Rect(-10.5, -3.25, 20, 10)).deviceContours(through: .identity), clip: clip)!
        XCTAssertEqual(m.bounds, IntRect(x: 0, y: 0, width: 10, height: 7))
        XCTAssertEqual(m.coveredArea, 9.5 * 6.75, accuracy: 0.01)
        XCTAssertEqual(m.value(x: 0, y: 0), 255)
    }

    func testPerspectiveQuadMatchesItsAnalyticCorners() {
        // A 40 x 20 card rotated 50° about x under m34 = -1/100, about its center, placed at (32, 32).
        var t = Transform3D.identity
        t.m34 = -1.0 / 100
        t = t.rotated(50 * .pi / 180, 1, 0, 0)
        let map = Transform3D.translation(-20, -10, 0).concatenating(t).concatenating(.translation(32, 32, 0)).flattened
        let m = coverage(.rect(Rect(0, 0, 40, 20)), map)
        // Analytic corners: the top edge (y = -10) tilts away (z < 0) and shrinks, the bottom grows.
        let c = cos(50 * Double.pi / 180), s = sin(50 * Double.pi / 180)
        func project(_ x: Double, _ y: Double) -> Point {
            let z = y * s, w = 1 - z / 100
            return Point(x / w + 32, y * c / w + 32)
        }
        let corners = [project(-20, -10), project(20, -10), project(20, 10), project(-20, 10)]
        XCTAssertLessThan(corners[1].x - corners[0].x, 40)
        XCTAssertGreaterThan(corners[2].x - corners[3].x, 40)
        // Shoelace area of the analytic quad equals the coverage sum.
        var area = 0.0
        for i in 0..<4 { let a = corners[i], b = corners[(i + 1) % 4]; area += a.x * b.y - b.x * a.y }
        // Coverage is stored in 8 bits: each edge pixel may be off by half a step.
        var perimeter = 0.0
        for i in 0..<4 { perimeter += (corners[(i + 1) % 4] - corners[i]).length }
        XCTAssertEqual(m.coveredArea, abs(area) / 2, accuracy: (perimeter + 4) * 0.5 / 255)
        // And the mask's rows start exactly where the projected edges are.
        XCTAssertEqual(m.bounds.y, Int(corners[0].y.rounded(.down)))
        XCTAssertEqual(m.bounds.maxY, Int(corners[2].y.rounded(.up)))
    }

    func testGeometryBehindTheEyeIsClipped() throws {
        // Rotated 80° under a strong perspective the near edge passes behind the eye (w <= 0).
        var t = Transform3D.identity
        t.m34 = -1.0 / 20
        t = t.rotated(80 * .pi / 180, 1, 0, 0)
        let map = Transform3D.translation(-20, -30, 0).concatenating(t).concatenating(.translation(32, 32, 0)).flattened
        let contours = Path.rect(Rect(0, 0, 40, 60)).deviceContours(through: map)
        XCTAssertFalse(contours.isEmpty)
        for c in contours { for p in c { XCTAssertTrue(p.x.isFinite && p.y.isFinite) } }
        let m = try XCTUnwrap(rasterizer.coverage(of: contours, clip: clip))

        // Centered local point (x, y) goes to (x / w + 32, y cos / w + 32), w = 1 - y sin / 20: w reaches 0 at
        // y = 20 / sin, so only y < 20 / sin has an image. The far edge y = -30 lands on the row y0 below; the
        // side edges x = ±20 become the lines |X - 32| = 20 + (Y - 32) tan, which open out downwards to
        // infinity as w → 0. The visible part is that wedge below y0, cut by the 64 x 64 clip.
        let a = 80 * Double.pi / 180, tanA = tan(a)
        let y0 = 32 - 30 * cos(a) / (1 + 30 * sin(a) / 20)
        let yFull = 32 + 12 / tanA  // where the half-width reaches 32: the wedge fills the clip's rows
        let wedge = 2 * (20 * (yFull - y0) + tanA / 2 * (pow(yFull - 32, 2) - pow(y0 - 32, 2)))
        let expected = wedge + (64 - yFull) * 64
        XCTAssertEqual(m.coveredArea, expected, accuracy: 0.5)
        // Nothing on the wrong side: without the clip at w > 0 the part behind the eye would project above
        // y0 (its corners come out near Y = 21), mirrored.
        XCTAssertEqual(m.bounds.y, Int(y0.rounded(.down)))
        XCTAssertEqual(m.bounds.maxY, 64)
        let above = (0..<Int(y0.rounded(.down))).flatMap { y in (0..<64).map { m.value(x: $0, y: y) } }
        XCTAssertEqual(above.filter { $0 != 0 }.count, 0)
        // Below the wedge's apex every pixel is covered, and beside the far edge nothing is.
        for x in 0..<64 { XCTAssertEqual(m.value(x: x, y: 40), 255, "x \(x)") }
        XCTAssertEqual(m.value(x: 32, y: 30), 255)
        XCTAssertEqual(m.value(x: 5, y: 30), 0)
    }

    func testCompositeAndFillBlendSourceOver() {
        var px = Pixmap(width: 2, height: 1, fill: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
        let mask = Mask(bounds: IntRect(x: 0, y: 0, width: 2, height: 1), data: [255, 128])
        px.fill(mask, color: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // 50% red over white: (255, 128, 128); at half coverage: 25% red.
        XCTAssertEqual(px.pixel(x: 0, y: 0), PremultipliedColor(packed: 0xFF7F_7FFF))  // 50% red is 128/255
        let p1 = px.pixel(x: 1, y: 0)
        XCTAssertEqual(p1.r, 255); XCTAssertEqual(Int(p1.g), 191, accuracy: 1); XCTAssertEqual(p1.a, 255)
    }

    func testLinearGradientMatchesItsEndsAndMidpointUnderAMap() {
        // Black to white across x in a local space scaled 2x into device space.
        let map = ProjectiveTransform.scale(2, 2)
        let gradient = LinearGradient(stops: [(0, (0, 0, 0, 1)), (1, (1, 1, 1, 1))], start: Point(0, 0), end: Point(32, 0), map: map)!
        var px = Pixmap(width: 64, height: 8)
        rasterizer.fill(Path.rect(Rect(0, 0, 32, 4)).deviceContours(through: map), paint: .linearGradient(gradient), into: &px,
                        clip: Clip(rect: px.bounds))
        // Pixel x has its centre at local (x + 0.5) / 2, so t = (x + 0.5) / 64.
        for x in [0, 16, 31, 47, 63] {
            let expected = Double(x) + 0.5
            XCTAssertEqual(Double(px.pixel(x: x, y: 3).r), (expected / 64 * 255).rounded(), accuracy: 1.01, "x \(x)")
            XCTAssertEqual(px.pixel(x: x, y: 3).a, 255)
        }
    }

    func testBlurKeepsMassAndSpreadsBySigma() {
        let m = Mask(bounds: IntRect(x: 10, y: 10, width: 60, height: 60), value: 255)
        let b = m.blurred(sigma: 4)
        XCTAssertEqual(b.coveredArea, 3600, accuracy: 2)
        // Far inside stays opaque; the first pixel inside an edge (centre 0.5 px in) has Φ(0.5/σ) of the
        // mass of a true Gaussian, and three boxes stay within 3% of it.
        XCTAssertEqual(b.value(x: 40, y: 40), 255)
        let gaussian = 255 * 0.5 * (1 + erf(0.5 / (4 * 2.0.squareRoot())))
        XCTAssertEqual(Double(b.value(x: 10, y: 40)), gaussian, accuracy: 255 * 0.03)
        XCTAssertEqual(Double(b.value(x: 2, y: 40)), 255 * 0.5 * (1 + erf(-7.5 / (4 * 2.0.squareRoot()))), accuracy: 255 * 0.03)
        XCTAssertEqual(b.value(x: 10 - 16, y: 40), 0)
    }
}

/// Vertical segments take a shortcut in the accumulation; it must write what the general loop writes.
final class VerticalEdgeTests: XCTestCase {
    func testVerticalShortcutMatchesTheGeneralLoop() {
        let clip = IntRect(x: 0, y: 0, width: 90, height: 80)
        let turned = Transform3D.translation(-30, -25, 0).concatenating(.rotation(0.7, 0, 1, 0))
            .concatenating(.perspective(eyeDistance: 300)).concatenating(.translation(45.3, 40.1, 0)).flattened
        let shapes: [Contours] = [
            Path.rect(Rect(10.3, 5.6, 40.45, 30.2)).deviceContours(through: .identity),
            Path.rect(Rect(20, 7, 33, 41)).deviceContours(through: .identity),
            Path.roundedRect(Rect(5.25, 3.5, 60.1, 50.8), radius: 11.3).deviceContours(through: .scale(1.3, 1.1)),
            // A ring (border), and shapes crossing the left and right edges of the clip.
            Path.roundedRect(Rect(8.5, 8.5, 50, 40), radius: 6).deviceContours(through: .identity)
                + Path.roundedRect(Rect(14.5, 14.5, 38, 28), radius: 0, reversed: true).deviceContours(through: .identity),
            Path.rect(Rect(-12.7, 10.2, 30, 50.5)).deviceContours(through: .identity),
            Path.rect(Rect(70.2, -5.5, 40, 60.25)).deviceContours(through: .identity),
            // A card turned about the vertical axis under perspective: its sides stay vertical.
            Path.roundedRect(Rect(0, 0, 60, 50), radius: 8).deviceContours(through: turned),
        ]
        var rasterizer = Rasterizer()
        for (i, shape) in shapes.enumerated() {
            let a = rasterizer.coverage(of: shape, clip: clip), b = rasterizer.coverage(of: shape, clip: clip, verticalShortcut: false)
            XCTAssertEqual(a?.bounds, b?.bounds, "shape \(i)")
            XCTAssertEqual(a?.data, b?.data, "shape \(i)")
            XCTAssertGreaterThan(a?.coveredArea ?? 0, 100, "shape \(i)")
        }
    }
}
