import Foundation
import XCTest
@testable import Geometry

final class Transform3DTests: XCTestCase {
    func assertEqual(_ a: Transform3D, _ b: Transform3D, accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.values, b.values) {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testRotationAboutXMatchesCoreAnimationLayout() {
        let a = 0.3
        let r = Transform3D.rotation(a, 1, 0, 0)
        XCTAssertEqual(r.m22, cos(a)); XCTAssertEqual(r.m23, sin(a))
        XCTAssertEqual(r.m32, -sin(a)); XCTAssertEqual(r.m33, cos(a))
        XCTAssertEqual(r.m11, 1)
    }

    func testRotationAboutArbitraryAxisIsOrthonormalAndKeepsTheAxis() {
        let r = Transform3D.rotation(1.1, 1, 2, 3)
        let axis = r.apply(x: 1, y: 2, z: 3)
        XCTAssertEqual(axis.x, 1, accuracy: 1e-12); XCTAssertEqual(axis.y, 2, accuracy: 1e-12); XCTAssertEqual(axis.z, 3, accuracy: 1e-12)
        assertEqual(r.concatenating(Transform3D.rotation(-1.1, 1, 2, 3)), .identity, accuracy: 1e-12)
        // A quarter turn about z sends x to y (y-down screen: clockwise on screen).
        let q = Transform3D.rotation(.pi / 2, 0, 0, 1).apply(x: 1, y: 0, z: 0)
        XCTAssertEqual(q.x, 0, accuracy: 1e-12); XCTAssertEqual(q.y, 1, accuracy: 1e-12)
    }

    func testTranslateAppliesBeforeTheExistingTransform() {
        // CATransform3DTranslate(S, ...) = T · S: the point is translated first, then scaled.
        let t = Transform3D.scale(2, 2, 1).translated(10, 0, 0)
        let p = t.apply(x: 1, y: 0, z: 0)
        XCTAssertEqual(p.x, 22)
        let concat = Transform3D.translation(10, 0, 0).concatenating(.scale(2, 2, 1))
        XCTAssertEqual(t, concat)
    }

    func testPerspectiveScalesNearerPointsUp() {
        let p = Transform3D.perspective(eyeDistance: 500)
        let near = p.apply(x: 100, y: 0, z: 100)
        let far = p.apply(x: 100, y: 0, z: -100)
        XCTAssertEqual(near.x / near.w, 100 / (1 - 100.0 / 500), accuracy: 1e-9)
        XCTAssertEqual(far.x / far.w, 100 / (1 + 100.0 / 500), accuracy: 1e-9)
    }

    func testInverse() {
        var t = Transform3D.rotation(0.7, 0.2, 1, 0.1).translated(3, -4, 5).scaled(2, 0.5, 1.5)
        t.m34 = -1 / 400
        let inv = try! XCTUnwrap(t.inverted())
        assertEqual(t.concatenating(inv), .identity, accuracy: 1e-12)
        assertEqual(inv.concatenating(t), .identity, accuracy: 1e-12)
        XCTAssertNil(Transform3D.scale(0, 1, 1).inverted())
        let f = t.flattened
        let fi = try! XCTUnwrap(f.inverted())
        let back = fi.apply(f.apply(Point(7, 9)))
        XCTAssertEqual(back.x, 7, accuracy: 1e-9); XCTAssertEqual(back.y, 9, accuracy: 1e-9)
    }

    func testFlattenedKeepsRowsAndColumnsOneTwoFour() {
        let t = Transform3D((1...16).map(Double.init))!
        let f = t.flattened
        XCTAssertEqual([f.m11, f.m12, f.m13, f.m21, f.m22, f.m23, f.m31, f.m32, f.m33], [1, 2, 4, 5, 6, 8, 13, 14, 16])
    }

    /// The seed's folding transform for an even item (MGUFlowFoldTransformer, applyTransformTo:).
    static func foldingTransform(position: Double, itemSpacing: Double, eyePosition: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / eyePosition
        let area = itemSpacing / 2 * position + itemSpacing
        let angle = -acos(area / itemSpacing)
        let yTranslate = itemSpacing / 2 + (-cos(angle) * itemSpacing / 2)
        let zTranslate = sin(angle) * itemSpacing / 2
        t = t.translated(0, 0, zTranslate)
        t = t.translated(0, -yTranslate, 0)
        t = t.rotated(angle, 1, 0, 0)
        return t
    }

    /// The device reading in ../shared/reference/README.md: item 0 of the folding layout at content offset
    /// 32.6667 (item 350 x 65, leading 20, eye 500).
    func testFoldingCellMatchesTheDeviceReading() {
        let recorded = Transform3D([1, 0, 0, 0, 0, 0.748718, -0.662889, 0.00132578,
                                    0, 0.662889, 0.748718, -0.00149744, 0, -8.16667, -21.5439, 1.04309])!
        let contentOffset = 32.6667, leading = 20.0, height = 65.0
        let centerY = leading + height / 2
        let position = (centerY - contentOffset - leading - height / 2) / height
        XCTAssertEqual(position, -0.50256, accuracy: 1e-5)
        let t = Self.foldingTransform(position: position, itemSpacing: 65, eyePosition: 500)
        assertEqual(t, recorded, accuracy: 1e-5)

        // The cell's frame: its bounds projected through its layer map (bounding box), in content space.
        let center = Point(20 + 175, centerY - position * height)
        let map = Transform3D.translation(-175, -32.5, 0).concatenating(recorded)
            .concatenating(.translation(center.x, center.y, 0)).flattened
        let frame = Rect.bounding(Rect(0, 0, 350, 65).corners.map(map.apply))
        XCTAssertEqual(frame.minX, 20, accuracy: 1e-3)
        XCTAssertEqual(frame.minY, 52.6667, accuracy: 1e-3)
        XCTAssertEqual(frame.width, 350, accuracy: 1e-3)
        XCTAssertEqual(frame.height, 47.384, accuracy: 1e-3)
    }

    func testDeterminantOverWCubedIsTheAreaScaleInFrontOfTheEye() {
        // The renderer's back-face test rests on det(J) = det(H) / W³ where W > 0: check it against a finite
        // difference Jacobian, for a card turned 100° about y under a perspective (det < 0, its back).
        let h = Transform3D.rotation(100 * .pi / 180, 0, 1, 0).concatenating(.perspective(eyeDistance: 300))
            .concatenating(.translation(50, 20, 0)).flattened
        let p = Point(-40, 7), e = 1e-5
        let w = h.applyHomogeneous(p).w
        XCTAssertGreaterThan(w, 0)
        let u = h.apply(p), dx = h.apply(Point(p.x + e, p.y)), dy = h.apply(Point(p.x, p.y + e))
        let jacobian = ((dx.x - u.x) * (dy.y - u.y) - (dx.y - u.y) * (dy.x - u.x)) / (e * e)
        XCTAssertEqual(jacobian, h.determinant / (w * w * w), accuracy: 1e-4 * abs(jacobian))
        XCTAssertLessThan(h.determinant, 0)
        XCTAssertEqual(ProjectiveTransform.identity.determinant, 1)
    }

    func testRectOperations() {
        let a = Rect(0, 0, 10, 10), b = Rect(5, -5, 10, 10)
        XCTAssertEqual(a.union(b), Rect(0, -5, 15, 15))
        XCTAssertEqual(a.intersection(b), Rect(5, 0, 5, 5))
        XCTAssertTrue(a.intersection(Rect(20, 20, 1, 1)).isNull)
        XCTAssertEqual(Rect.null.union(a), a)
        XCTAssertEqual(Rect(10, 10, -4, -2).standardized, Rect(6, 8, 4, 2))
    }
}
