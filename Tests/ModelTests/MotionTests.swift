import Geometry
import XCTest
@testable import BuiltInKinds
@testable import Models

/// The shared easing library and gesture core.
final class MotionTests: XCTestCase {
    func testNamedCurvesAreCoreAnimations() {
        // CSS defines the same cubic Béziers (ease-in, ease-out, ease-in-out, ease); values at the middle are
        // the curves' published ones.
        XCTAssertEqual(TimingCurve.easeIn(0.5), 0.3153, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.easeOut(0.5), 0.6847, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.easeInOut(0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.default(0.5), 0.8024, accuracy: 1e-3)
        XCTAssertEqual(TimingCurve.linear(0.3), 0.3)
        for (_, curve) in TimingCurve.named {
            XCTAssertEqual(curve(0), 0, "\(curve)")
            XCTAssertEqual(curve(1), 1, "\(curve)")
            XCTAssertEqual(curve(-1), 0, "\(curve) clamps")
            XCTAssertEqual(curve(2), 1, "\(curve) clamps")
            var last = 0.0
            for i in 1...100 {
                let v = curve(Double(i) / 100)
                XCTAssertGreaterThanOrEqual(v, last - 1e-12, "\(curve) is monotonic")
                last = v
            }
        }
        // UIView.animate's curve and a drag's "easeInOut" are one curve.
        XCTAssertEqual(AnimationCurve.easeInOut(duration: 0.3).progress(0.075), TimingCurve.easeInOut(0.25), accuracy: 1e-12)
    }

    func testTouchHistoryMeasuresTheLast50Milliseconds() {
        var h = TouchHistory()
        XCTAssertEqual(h.velocity, .zero)
        h.begin(at: 0, Point(0, 0))
        // Slow for 100 ms, then 1000 pt/s along x and −500 pt/s along y for 100 ms.
        for i in 1...100 { h.append(at: Double(i) / 1000, Point(Double(i) * 0.1, 0)) }
        for i in 1...100 { h.append(at: 0.1 + Double(i) / 1000, Point(10 + Double(i), -Double(i) / 2)) }
        XCTAssertEqual(h.velocity.x, 1000, accuracy: 1e-6)
        XCTAssertEqual(h.velocity.y, -500, accuracy: 1e-6)
        h.clear()
        XCTAssertEqual(h.velocity, .zero)
    }

    func testSampledTimelineClampsAndRounds() {
        var t = SampledTimeline<Int>()
        for i in 0...10 { t.record(i) }
        XCTAssertEqual(t.duration, 0.01, accuracy: 1e-12)
        XCTAssertEqual(t.sample(at: 0.0044), 4)
        XCTAssertEqual(t.sample(at: 0.0046), 5)
        XCTAssertEqual(t.sample(at: -1), 0)
        XCTAssertEqual(t.sample(at: 9), 10)
        XCTAssertEqual(ScriptClock.steps(0.0305), 31)
    }

    func testTheTouchMarkIsPressedWhileDownAndARingForAMomentAfterTheLift() {
        // A finger down at (10, 20) for 100 ms, then up for 300 ms.
        var t = SampledTimeline<Point?>()
        for i in 0...400 { t.record(i <= 100 ? Point(10, 20) : nil) }
        let pressed = t.touchMark(at: 0.05) { $0 }
        XCTAssertEqual(pressed, .pressed(at: Point(10, 20)))
        XCTAssertEqual(pressed?.radius, 23)
        XCTAssertEqual(pressed?.isPressed, true)
        // Each recording tool draws the pressed disc in its own opacity; the lift's ring as the mark says.
        XCTAssertEqual(DeviceChrome.touchDisc(pressed!, recorder: .swipeCellKit).backgroundColor?.alpha, 0.55)
        XCTAssertEqual(DeviceChrome.touchDisc(pressed!, recorder: .flowView).backgroundColor?.alpha, 0.45)
        // Lifted at 0.101 s: the ring starts at the pressed size, grows 10 pt and fades as measured on the
        // recordings' taps (radius 25 and 28 pt, alpha about 0.33 and 0.27, 60 and 90 ms after the lift).
        let start = t.touchMark(at: 0.101) { $0 }
        XCTAssertEqual(start?.radius ?? 0, 23, accuracy: 1e-9)
        XCTAssertEqual(start?.alpha ?? 0, 0.42, accuracy: 1e-9)
        XCTAssertEqual(start?.center, Point(10, 20))
        XCTAssertEqual(start?.isPressed, false)
        XCTAssertEqual(DeviceChrome.touchDisc(start!, recorder: .flowView).backgroundColor?.alpha ?? 0, 0.42, accuracy: 1e-9)
        let ring60 = t.touchMark(at: 0.161) { $0 }
        XCTAssertEqual(ring60?.radius ?? 0, 25, accuracy: 1)
        XCTAssertEqual(ring60?.alpha ?? 0, 0.33, accuracy: 0.02)
        let ring90 = t.touchMark(at: 0.191) { $0 }
        XCTAssertEqual(ring90?.radius ?? 0, 27, accuracy: 1)
        XCTAssertEqual(ring90?.alpha ?? 0, 0.28, accuracy: 0.02)
        XCTAssertNil(t.touchMark(at: 0.101 + TouchMark.liftDuration) { $0 })
        XCTAssertNil(t.touchMark(at: 0.35) { $0 })
    }

    func testATrailFollowsAMovingFingerAndShrinksAway() {
        // Down at (100, 100) and still for 100 ms, then moving down 1 pt a millisecond for 100 ms, then still
        // again until 0.4 s, then up.
        var t = SampledTimeline<Point?>()
        for i in 0...500 {
            let y = 100 + Double(min(100, max(0, i - 100)))
            t.record(i <= 400 ? Point(100, y) : nil)
        }
        // Before the move, no event moved the finger: no trail.
        XCTAssertTrue(t.touchTrail(at: 0.09) { $0 }.isEmpty)
        // At 0.2 s: the events at 60 a second since 0.1 s, each where the finger was, oldest first, smaller
        // with age (48·(1 − (age/0.2)²) pt across) at the same faint alpha.
        let trail = t.touchTrail(at: 0.2) { $0 }
        XCTAssertEqual(trail.count, 6)
        XCTAssertEqual(trail.map(\.center.y), (7...12).map { 100 + (Double($0) / 60 - 0.1) * 1000 }, accuracy: 1)
        for m in trail {
            let age = 0.2 - (m.center.y - 100) / 1000 - 0.1
            XCTAssertEqual(m.radius, TouchMark.pressedRadius * (1 - (age / 0.2) * (age / 0.2)), accuracy: 0.05)
            XCTAssertEqual(m.alpha, 0.08)
            XCTAssertEqual(m.center.x, 100)
        }
        XCTAssertTrue(zip(trail, trail.dropFirst()).allSatisfy { $0.radius < $1.radius })
        // Still again: the trail shrinks away within 0.2 s of the last move, and stays gone after the lift.
        XCTAssertFalse(t.touchTrail(at: 0.35) { $0 }.isEmpty)
        XCTAssertTrue(t.touchTrail(at: 0.41) { $0 }.isEmpty)
        XCTAssertTrue(t.touchTrail(at: 0.45) { $0 }.isEmpty)
    }

    /// A recording whose touches came fewer a second leaves fewer, farther ghosts: at 20 events a second the
    /// same move leaves two, 50 pt apart, at 0.15 and 0.1 s.
    func testATrailsEventRateSpacesItsGhosts() {
        var t = SampledTimeline<Point?>()
        for i in 0...300 { t.record(Point(100, 100 + Double(min(100, max(0, i - 100))))) }
        let trail = t.touchTrail(at: 0.2, eventRate: 20) { $0 }
        XCTAssertEqual(trail.map(\.center.y), [150, 200], accuracy: 0.5)
        XCTAssertEqual(t.touchTrail(at: 0.2) { $0 }.count, 6)
    }

    func testADragFollowsItsCurve() {
        let drag = FingerDrag(to: Point(100, 0), duration: 1, curve: .easeOut)
        XCTAssertEqual(drag.position(from: .zero, progress: 0.5).x, 68.47, accuracy: 0.1)
        XCTAssertEqual(drag.position(from: .zero, progress: 1), Point(100, 0))
    }

    func testFingerPathPassesItsPointsWithoutOvershoot() {
        let knots: [FingerPath.Knot] = [.init(0, Point(300, 100)), .init(0.2, Point(290, 101)), .init(0.3, Point(200, 101)),
                                        .init(0.6, Point(60, 104)), .init(0.8, Point(60, 104))]
        let path = FingerPath(knots)!
        for k in knots { XCTAssertEqual(path.position(at: k.time), k.point) }
        XCTAssertEqual(path.position(at: -1), knots[0].point, "held before the first point")
        XCTAssertEqual(path.position(at: 9), knots[4].point, "held after the last")
        // Monotone between points: x never rises and never goes below the 60 pt it stops at.
        var previous = 300.0
        for t in stride(from: 0.0, through: 0.8, by: 0.001) {
            let x = path.position(at: t).x
            XCTAssertLessThanOrEqual(x, previous + 1e-9)
            XCTAssertGreaterThanOrEqual(x, 60 - 1e-9)
            previous = x
        }
        XCTAssertNil(FingerPath([knots[0]]), "one point is no path")
        XCTAssertNil(FingerPath([knots[1], knots[0]]), "times must increase")
    }
}
