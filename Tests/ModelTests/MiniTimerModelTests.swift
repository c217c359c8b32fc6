import Geometry
import LayerTree
@testable import BuiltInKinds
@testable import Models
import XCTest

/// The push curve and the drag session, against the numbers measured on the MiniTimer recordings.
final class MiniTimerModelTests: XCTestCase {
    func testPushFollowsTheMeasuredEdge() {
        XCTAssertEqual(NavigationPush.progress(0), 0)
        XCTAssertEqual(NavigationPush.progress(NavigationPush.duration), 1)
        // Within 0.5 pt of rest on a 390-pt screen just before the end (the measured settling).
        XCTAssertLessThan(390 * (1 - NavigationPush.progress(NavigationPush.duration - 0.001)), 0.5)
        // MiniTimer_2: the edge at 157.6 pt (progress 0.596) 105 ms after the fitted start, 65.8 pt at 175 ms.
        XCTAssertEqual(390 * (1 - NavigationPush.progress(0.105)), 157.6, accuracy: 12)
        XCTAssertEqual(390 * (1 - NavigationPush.progress(0.175)), 65.8, accuracy: 8)
    }

    func testMenuRowsAreWhereTheRecordingHasThem() throws {
        let folding = try XCTUnwrap(DemoMenu.flowView.frame(ofRow: "foldingStyle"))
        XCTAssertEqual(folding.minY, 146.2, accuracy: 0.5)
        let mini = try XCTUnwrap(DemoMenu.flowView.frame(ofRow: "miniTimer1"))
        XCTAssertEqual(mini.minY, 369.7, accuracy: 1)
        let last = try XCTUnwrap(DemoMenu.flowView.frame(ofRow: "swipeDragDrop"))
        XCTAssertEqual(last.maxY, 665.4, accuracy: 1)
        XCTAssertNil(DemoMenu.flowView.frame(ofRow: "nothing"))
    }

    func testTheLargeTitleBecomesTheBackButtonsTitle() throws {
        var large = Layer(name: "large-title", frame: Rect(17, 88, 356, 52))
        var big = TextContents("Swipe Cell", weight: .bold, size: 34)
        big.verticalAlignment = .firstBaseline(40)
        large.contents = .text(big)
        var back = Layer(name: "back", frame: Rect(29, 54, 160, 40))
        var small = TextContents("Swipe Cell", size: 17)
        small.verticalAlignment = .firstBaseline(21)
        back.contents = .text(small)
        for (p, at, scale) in [(0.0, Point(17, 128), 1.0), (0.5, Point(23, 101.5), 0.75), (1.0, Point(29, 75), 0.5)] {
            let copies = NavigationPush.titleMorph(from: large, to: back, progress: p)
            XCTAssertEqual(copies.count, 2)
            // Both copies hang from the same point on the baseline, the large one at `scale` of its size.
            for copy in copies {
                XCTAssertEqual(copy.position.x, at.x, accuracy: 1e-9)
                XCTAssertEqual(copy.position.y, at.y, accuracy: 1e-9)
            }
            XCTAssertEqual(copies[0].transform.m11, scale, accuracy: 1e-9)
            XCTAssertEqual(copies[1].transform.m11 * 17, scale * 34, accuracy: 1e-9, "the small copy is as big")
            XCTAssertEqual(copies[0].opacity + copies[1].opacity, 1, accuracy: 1e-9)
        }
        // The intro's timing: highlight with the lift unless a delay is given; the push after its delay.
        var intro = NavigationIntro(row: "tableInsetGrouped", menu: .swipeCell)
        intro.tapAt = 0.4; intro.tapDuration = 0.09; intro.pushDelay = 0.074
        intro.highlightDelay = nil
        XCTAssertEqual(intro.highlightAt, 0.49, accuracy: 1e-9)
        XCTAssertEqual(intro.pushStart, 0.564, accuracy: 1e-9)
        XCTAssertEqual(NavigationIntro(row: "vegaStyle").highlightDelay, 0, "the flow menus highlight at the touch-down")
    }

    /// Runs a session over a finger track given as a function of time (nil: up), 1 ms steps.
    func run(_ finger: (Double) -> Point?, until end: Double, target: Rect = Rect(0, 610, 390, 200)) -> [Double: DragSession.State] {
        var session = DragSession(parameters: DragSession.Parameters(), target: target)
        var out: [Double: DragSession.State] = [:]
        var t = 0.0
        while t <= end + 1e-9 {
            session.step(at: t, touch: finger(t), item: { p in
                Rect(67.5, 402, 255, 80).contains(p) ? (0, Point(195, 442)) : nil
            })
            out[(t * 1000).rounded() / 1000] = session.state
            t += ScriptClock.step
        }
        return out
    }

    func testLongPressLiftsFollowsAndDrops() throws {
        let states = run({ t in
            if t < 0.1 || t > 1.2 { return nil }
            if t < 0.9 { return Point(235, 442) }
            return Point(235, 442 + (t - 0.9) / 0.3 * 268)  // down into the drop area
        }, until: 2.2)
        XCTAssertEqual(states[0.44]?.phase, .pressing)
        XCTAssertEqual(states[0.46]?.phase, .lifted)
        XCTAssertEqual(states[0.46]?.item, 0)
        XCTAssertEqual(try XCTUnwrap(states[0.8]?.scale), 1.044, accuracy: 1e-6)
        // The preview keeps the grab offset: the finger 40 pt right of the centre.
        XCTAssertEqual(try XCTUnwrap(states[1.0]?.center.x), 195, accuracy: 1e-6)
        XCTAssertEqual(states[1.3]?.phase, .dropping)
        let dropped = try XCTUnwrap(states[2.2])
        XCTAssertNotNil(dropped.droppedAt)
        XCTAssertEqual(dropped.center.y, 710, accuracy: 1e-6)
        XCTAssertEqual(dropped.settle, 1, accuracy: 1e-9)
    }

    func testAPanFailsThePressUntilTheFingerLifts() {
        let states = run({ t in t < 1.5 ? Point(250 - min(t, 0.2) * 400, 442) : nil }, until: 1.6)
        XCTAssertEqual(states[0.1]?.phase, .failed)
        XCTAssertEqual(states[1.4]?.phase, .failed)
        XCTAssertNil(states[1.4]?.item)
        XCTAssertEqual(states[1.6]?.phase, .idle)
    }

    func testADropOutsideTheTargetFliesBack() throws {
        let states = run({ t in t < 0.8 ? Point(235, 442 - max(0, t - 0.5) * 300) : nil }, until: 1.5)
        XCTAssertEqual(states[0.81]?.phase, .cancelling)
        let end = try XCTUnwrap(states[1.5])
        XCTAssertEqual(end.phase, .idle)
        XCTAssertNil(end.droppedAt)
    }

    /// The tear's motion against MiniTimer_1's frames (the piece's top edge at x 290, 46 pt from the pivot).
    func testTearFollowsTheMeasuredFrames() {
        let tear = TearGesture(row: 14, point: Point(205, 345), at: 3.63, pullAt: 4.47, releaseAt: 4.7, closeAt: 5)
        XCTAssertEqual(TearState(tear, at: 4.0).gray, 0)
        XCTAssertEqual(TearState(tear, at: 4.1).gray, 0.545 * 0.07 / 0.14, accuracy: 1e-9)
        XCTAssertTrue(TearState(tear, at: 4.1).showsLine)
        // Tipped: -2.06° and -4.40° measured 33 and 67 ms after the pull, -5.28° from 100 ms.
        XCTAssertEqual(TearState(tear, at: 4.503).pieceAngle * 180 / .pi, -1.75, accuracy: 0.4)
        XCTAssertEqual(TearState(tear, at: 4.537).pieceAngle * 180 / .pi, -3.55, accuracy: 0.9)
        XCTAssertEqual(TearState(tear, at: 4.65).pieceAngle * 180 / .pi, -5.3, accuracy: 1e-9)
        // The fall: the edge 36, 131, 270 and 435 pt lower at 30, 70, 100 and 130 ms (within the fit's 6.7 pt).
        for (dt, measured) in [(0.03, 36.1), (0.07, 130.6), (0.10, 270.1), (0.13, 434.8)] {
            XCTAssertEqual(TearState(tear, at: 4.7 + dt).pieceDrop - tear.gap, measured, accuracy: 7)
        }
        XCTAssertFalse(TearState(tear, at: 4.9).pieceOnScreen)
        // The close: the list's end 430 → 0 pt of offset, linear over 0.21 s.
        XCTAssertEqual(TearState(tear, at: 5.105).closeProgress, 0.5, accuracy: 1e-9)
        // The gray lifts linearly: the veiled hole reads 116, 92, 68, 44, 19 at the recording's frames from
        // 5.267 s (within 3 units), 0 by 5.45 s.
        for (t, hole) in [(5.267, 116.0), (5.3, 92.0), (5.333, 68.0), (5.367, 44.0), (5.4, 19.0)] {
            XCTAssertEqual(TearState(tear, at: t).gray * 255, hole, accuracy: 3, "\(t)")
        }
        XCTAssertEqual(TearState(tear, at: 5.425).gray, 0, accuracy: 1e-9)
    }

    /// The dropped card's removal (MiniTimer_2 from 5.45 s): linear in 0.2 s, and the removed card moves down
    /// with the cards above it; the swipe's delete keeps its eased 0.3 s and leaves its card in place.
    func testTheDropsRemovalSlidesTheVeiledCardDown() {
        let drop = RowRemoval(row: 4, start: 5.45, duration: MiniTimerDragDropScene.dropCloseDuration, linear: true, slides: true)
        XCTAssertEqual(drop.progress(at: 5.55), 0.5, accuracy: 1e-9)
        XCTAssertEqual(drop.progress(at: 5.65), 1)
        let delete = RowRemoval(row: 4, start: 3.4)
        XCTAssertEqual(delete.progress(at: 3.55), 0.5, accuracy: 1e-9)
        XCTAssertLessThan(delete.progress(at: 3.45), 50.0 / 300)
        let scene = MiniTimerDragDropKind.defaults.scene
        let rest = scene.frame(ofRow: 4), next = scene.frame(ofRow: 5)
        // Half way the card and the one above it are half a slot down; with the delete the card stays.
        let slid = MiniTimerDragDropAnimation.rowFrame(scene, 4, removed: [drop], at: 5.55)
        XCTAssertEqual(slid.minY, (rest.minY + next.minY) / 2, accuracy: 1e-9)
        XCTAssertEqual(MiniTimerDragDropAnimation.rowFrame(scene, 3, removed: [drop], at: 5.55).minY - scene.frame(ofRow: 3).minY,
                       slid.minY - rest.minY, accuracy: 1e-9)
        XCTAssertEqual(MiniTimerDragDropAnimation.rowFrame(scene, 4, removed: [delete], at: 3.55).minY, rest.minY, accuracy: 1e-9)
    }
}
