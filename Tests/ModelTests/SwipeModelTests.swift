import Geometry
import LayerTree
@testable import BuiltInKinds
@testable import Models
import XCTest

final class SwipeTransitionLayoutTests: XCTestCase {
    let w = 74.0

    func layout(_ style: SwipeTransitionStyle, elastic: Bool = false) -> SwipeActionsLayout {
        SwipeActionsLayout(style: style, buttonCount: 3, buttonWidth: w, elasticOverscroll: elastic)
    }

    func testBorderSharesTheVisibleWidthEqually() {
        for visible in stride(from: 0.0, through: 222, by: 7.4) {
            let starts = layout(.border).starts(visibleWidth: visible)
            XCTAssertEqual(starts, [0, visible / 3, 2 * visible / 3].map { $0 }, accuracy: 1e-9, "visible \(visible)")
            XCTAssertEqual(layout(.border).visibleWidths(visibleWidth: visible), Array(repeating: visible / 3, count: 3),
                           accuracy: 1e-9)
        }
    }

    func testDragKeepsButtonsAtTheirWidthFromTheEdge() {
        let l = layout(.drag)
        for visible in stride(from: 0.0, through: 260, by: 13) {
            XCTAssertEqual(l.starts(visibleWidth: visible), [0, w, 2 * w], accuracy: 1e-9)
            let expected = (0..<3).map { max(0, min(w, visible - Double($0) * w)) }
            XCTAssertEqual(l.visibleWidths(visibleWidth: visible), expected, accuracy: 1e-9, "visible \(visible)")
        }
        // 100 points open: the first button whole, 26 points of the second, none of the third.
        XCTAssertEqual(l.visibleWidths(visibleWidth: 100), [74, 26, 0], accuracy: 1e-9)
    }

    func testRevealPinsTheButtonsUnderTheCell() {
        let l = layout(.reveal)
        for visible in stride(from: 0.0, through: 222, by: 11.1) {
            let starts = l.starts(visibleWidth: visible)
            // The far edge of the last button stays at the far edge of the visible area.
            XCTAssertEqual(starts[2] + w, visible, accuracy: 1e-9)
            XCTAssertEqual(starts[1] + w, starts[2], accuracy: 1e-9)
        }
        // Uncovered from the far edge: the expanding (last in view order) button shows first.
        XCTAssertEqual(l.visibleWidths(visibleWidth: 100), [0, 26, 74], accuracy: 1e-9)
    }

    func testElasticOverscrollGrowsButtonsByAQuarter() {
        let l = layout(.border, elastic: true)
        XCTAssertEqual(l.contentWidth(visibleWidth: 200), 200)
        XCTAssertEqual(l.contentWidth(visibleWidth: 322), 222 + 25, accuracy: 1e-9)
        // The buttons spread over the content width and the rest shows at the edge as a gap.
        XCTAssertEqual(l.starts(visibleWidth: 322), [75, 75 + 247.0 / 3, 75 + 2 * 247.0 / 3], accuracy: 1e-9)
    }

    func testALoneButtonStaysAtTheFarEdgePastItsWidth() {
        // MGUSwipeActionsView.contentSize: one action without elastic overscroll stops at its preferred width.
        let lone = SwipeActionsLayout(style: .border, buttonCount: 1, buttonWidth: w)
        XCTAssertEqual(lone.contentWidth(visibleWidth: 50), 50)
        XCTAssertEqual(lone.starts(visibleWidth: 50), [0], accuracy: 1e-9)
        XCTAssertEqual(lone.contentWidth(visibleWidth: 175), w)
        // From the content's edge out: the button starts 101 pt out and ends at the far edge of the 175 pt open.
        XCTAssertEqual(lone.starts(visibleWidth: 175), [101], accuracy: 1e-9)
        // Three buttons keep sharing the visible width.
        XCTAssertEqual(layout(.border).contentWidth(visibleWidth: 300), 300)
        // With elastic overscroll the lone button grows into a quarter of the overscroll as before.
        let elastic = SwipeActionsLayout(style: .border, buttonCount: 1, buttonWidth: w, elasticOverscroll: true)
        XCTAssertEqual(elastic.contentWidth(visibleWidth: 174), w + 25, accuracy: 1e-9)
    }

    func testOrientationFollowsReadingDirection() {
        XCTAssertEqual(SwipeOrientation(side: .trailing, rightToLeft: false), .right)
        XCTAssertEqual(SwipeOrientation(side: .leading, rightToLeft: false), .left)
        XCTAssertEqual(SwipeOrientation(side: .trailing, rightToLeft: true), .left)
        XCTAssertEqual(SwipeOrientation(side: .leading, rightToLeft: true), .right)
        let table = SwipeTableGeometry(rows: [], rightToLeft: true, leading: SwipeActionsConfiguration(actions: [unread]),
                                       trailing: SwipeActionsConfiguration(actions: [trash, flag]),
                                       leadingButtonWidth: 74, trailingButtonWidth: 80)
        XCTAssertEqual(table.configuration(for: .left)?.actions.count, 2)
        XCTAssertEqual(table.buttonWidth(for: .left), 80)
        XCTAssertEqual(table.buttonWidth(for: .right), 74)
    }

    func testButtonWidthIsTheWidestPreferredWithinLimits() {
        var c = SwipeActionsConfiguration(actions: [trash, flag, more])
        XCTAssertEqual(c.buttonWidth(cellWidth: 390, titleWidth: { _ in 40 }, imageWidth: 30), 74)
        XCTAssertEqual(c.buttonWidth(cellWidth: 390, titleWidth: { $0 == "Flag" ? 90 : 40 }, imageWidth: 30), 106)
        // The maximum is (width − 30) / count unless set.
        XCTAssertEqual(c.buttonWidth(cellWidth: 390, titleWidth: { _ in 400 }, imageWidth: 30), 120)
        c.maximumButtonWidth = 100
        c.buttonPadding = 4
        XCTAssertEqual(c.buttonWidth(cellWidth: 390, titleWidth: { _ in 80 }, imageWidth: 30), 88)
    }
}

let trash = SwipeAction(title: "Trash", icon: .trash, style: .destructive)
let flag = SwipeAction(title: "Flag", icon: .flag, backgroundColor: .systemOrange)
let more = SwipeAction(title: "More", icon: .ellipsis)
var unread: SwipeAction {
    var a = SwipeAction(title: "Unread", icon: .envelope, backgroundColor: .systemBlue)
    a.effect = .toggleUnread
    return a
}

func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b) \(message)", file: file, line: line) }
}

final class SwipeExpansionTests: XCTestCase {
    func testTargets() {
        XCTAssertEqual(SwipeExpansionStyle.fill.targetOffset(cellWidth: 390, preferredWidth: 222), 360)
        XCTAssertEqual(SwipeExpansionStyle.selection.targetOffset(cellWidth: 390, preferredWidth: 74), 195)
        // Never closer than the buttons plus the minimum overscroll.
        XCTAssertEqual(SwipeExpansionStyle.selection.targetOffset(cellWidth: 390, preferredWidth: 222), 242)
    }

    func testThresholds() {
        let fill = SwipeExpansionStyle.fill
        func expands(_ shown: Double, translation: Double = -100, touch: Double = 0.1) -> Bool {
            fill.shouldExpand(shown: shown, translation: translation, touchFromEdge: touch, cellWidth: 390, preferredWidth: 222)
        }
        XCTAssertFalse(expands(222), "not past the buttons")
        XCTAssertFalse(expands(252), "the overscroll trigger needs more than 30")
        XCTAssertTrue(expands(252.5))
        XCTAssertFalse(expands(300, translation: 8), "a translation of 8 points or less never expands")
        let destructive = SwipeExpansionStyle.fillDelete
        XCTAssertFalse(destructive.shouldExpand(shown: 300, translation: -200, touchFromEdge: 0.79, cellWidth: 390, preferredWidth: 222))
        XCTAssertTrue(destructive.shouldExpand(shown: 300, translation: -200, touchFromEdge: 0.81, cellWidth: 390, preferredWidth: 222))
        XCTAssertTrue(destructive.shouldExpand(shown: 361, translation: -200, touchFromEdge: 0, cellWidth: 390, preferredWidth: 222),
                      "past the target")
    }
}

final class SwipeSpringTests: XCTestCase {
    func testReleaseSpringStartsAtTheGivenVelocityAndSettles() {
        let curve = AnimationCurve.release(initialVelocity: 4)
        XCTAssertEqual(curve.progress(0), 0)
        let slope = (curve.progress(1e-5) - curve.progress(0)) / 1e-5
        XCTAssertEqual(slope, 4, accuracy: 0.01)
        // ζ = 18 / (2·√100) = 0.9: a small overshoot, then rest.
        let peak = stride(from: 0.0, through: 2, by: 0.001).map(curve.progress).max()!
        XCTAssertGreaterThan(peak, 1)
        XCTAssertLessThan(peak, 1.05)
        XCTAssertEqual(curve.progress(1.5), 1, accuracy: 1e-4)
        let settle = curve.settlingTime(distance: 222)
        XCTAssertGreaterThan(settle, 0.3)
        XCTAssertLessThan(settle, 0.9)
    }

    func testCriticallyDampedReachesRestAtItsDuration() {
        let curve = AnimationCurve.criticallyDamped(duration: 0.7)
        var last = 0.0
        for t in stride(from: 0.0, through: 0.7, by: 0.01) {
            let p = curve.progress(t)
            XCTAssertGreaterThanOrEqual(p, last)
            last = p
        }
        XCTAssertEqual(curve.progress(0.699), 1, accuracy: 0.0014)
        XCTAssertEqual(curve.progress(0.35), 1 - exp(-4.55) * (1 + 4.55), accuracy: 1e-6)
        // The recordings' calibration: TransitionStyle_Border's row, closing after the tap that lifts at 2.81 s,
        // is 190.9, 115.4 and 89.4 of 224.2 pt open 60, 120 and 160 ms later (ω = 16/s would leave 0.72,
        // 0.43 and 0.28 of it).
        for (t, open) in [(0.06, 190.9), (0.12, 115.4), (0.16, 89.4)] {
            XCTAssertEqual((1 - curve.progress(t)) * 224.2, open, accuracy: 8, "at \(t) s")
        }
    }

    func testEaseInOutIsSymmetric() {
        let c = TimingCurve.easeInOut.bezier
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(c.value(at: x) + c.value(at: 1 - x), 1, accuracy: 1e-6)
        }
    }
}

final class SwipeTimelineTests: XCTestCase {
    func table(trailing: SwipeActionsConfiguration? = nil, leading: SwipeActionsConfiguration? = nil, rtl: Bool = false) -> SwipeTableGeometry {
        SwipeTableGeometry(rows: [Rect(0, 100, 390, 96), Rect(0, 196, 390, 96), Rect(0, 292, 390, 96)], rightToLeft: rtl,
                           leading: leading, trailing: trailing, leadingButtonWidth: 74, trailingButtonWidth: 74)
    }

    var three: SwipeActionsConfiguration { SwipeActionsConfiguration(actions: [trash, flag, more]) }

    func testDragFollowsTheFingerThenResistsPastTheButtons() {
        let timeline = SwipeTimeline(table: table(trailing: three), gestures: [
            .touchDown(Point(350, 150)),
            .drag(FingerDrag(from: nil, to: Point(250, 150), duration: 0.2, curve: .linear)),
            .drag(FingerDrag(from: nil, to: Point(20, 150), duration: 0.2, curve: .linear)),
        ])
        // The pan begins 10 pt from where the finger went down (SwipeTimeline.panHysteresis) and its
        // translation counts from there.
        let mid = timeline.sample(at: 0.2)
        XCTAssertEqual(mid.cell?.offset ?? 0, -90, accuracy: 1e-9)
        let end = timeline.sample(at: 0.4)
        // 320 points of translation: 222 followed, the rest at the elastic ratio 0.4.
        XCTAssertEqual(end.cell?.offset ?? 0, -(222 + 0.4 * 98), accuracy: 1e-9)
        XCTAssertEqual(end.touch, Point(20, 150))
    }

    func testAPathIsFollowedAndAPreRollStartsTheCellOpen() {
        // A recording that loops from mid-swipe: the finger went down before the first frame (at 360: the pan
        // begins 10 pt later, at 350, and its translation counts from there).
        let path = FingerPath([.init(-0.3, Point(360, 150)), .init(0, Point(290, 150)), .init(0.4, Point(200, 150))])!
        let timeline = SwipeTimeline(table: table(trailing: three), gestures: [.path(path), .release(velocity: nil), .wait(2)])
        // (within the finger's travel in one 1 ms step, where the pan begins)
        XCTAssertEqual(timeline.sample(at: 0).cell?.offset ?? 0, -60, accuracy: 0.5, "60 pt open at the first frame")
        XCTAssertEqual(timeline.sample(at: 0).touch, Point(290, 150))
        for t in stride(from: 0.0, through: 0.4, by: 0.05) {
            let finger = path.position(at: t)
            XCTAssertEqual(timeline.sample(at: t).touch!.x, finger.x, accuracy: 1e-9)
            XCTAssertEqual(timeline.sample(at: t).cell!.offset, finger.x - 350, accuracy: 0.5)
        }
        XCTAssertNil(timeline.sample(at: 0.401).touch, "lifted at the path's end")
        XCTAssertEqual(timeline.sample(at: 2).cell?.offset ?? 0, -222, accuracy: 0.01, "the release opens the buttons")
    }

    func testPullingTheWrongWayIsResisted() {
        let timeline = SwipeTimeline(table: table(trailing: three, leading: nil), gestures: [
            .touchDown(Point(100, 150)),
            .drag(FingerDrag(from: nil, to: Point(90, 150), duration: 0.05, curve: .linear)),
            .drag(FingerDrag(from: nil, to: Point(150, 150), duration: 0.1, curve: .linear)),
        ])
        // The pan begins at x = 90 (10 pt of hysteresis); 60 pt the wrong way from there show as 0.2 of it.
        XCTAssertEqual(timeline.sample(at: 0.15).cell?.offset ?? 0, 0.2 * 60, accuracy: 1e-9)
    }

    func testReleaseSpringsOpenAndADragBackCloses() {
        let timeline = SwipeTimeline(table: table(trailing: three), gestures: [
            .touchDown(Point(350, 150)),
            .drag(FingerDrag(from: nil, to: Point(250, 150), duration: 0.3, curve: .linear)),
            .release(velocity: nil),
            .wait(1.5),
            .drag(FingerDrag(from: Point(100, 150), to: Point(300, 150), duration: 0.3, curve: .linear)),
            .release(velocity: nil),
            .wait(1.5),
        ])
        let open = timeline.sample(at: 1.7)
        XCTAssertEqual(open.cell?.offset ?? 0, -222, accuracy: 0.01)
        XCTAssertNil(timeline.sample(at: timeline.duration).cell, "closed and the actions removed")
        // The release keeps the finger's velocity (about 333 pt/s to the left): the cell is still moving fast.
        let a = timeline.sample(at: 0.31).cell!.offset, b = timeline.sample(at: 0.32).cell!.offset
        XCTAssertLessThan(b, a)
    }

    func testAReleaseAfterARestKeepsTheVelocityOfTheLastMovement() {
        // UIKit sends no touches while a finger rests: the release 0.2 s after the drag stopped springs with the
        // drag's velocity (100 pt in 0.1 s to the left), exactly as a release given that velocity, and opens
        // faster than a release without one.
        func timeline(_ release: Double?) -> SwipeTimeline {
            SwipeTimeline(table: table(trailing: three), gestures: [
                .touchDown(Point(350, 150)),
                .drag(FingerDrag(from: nil, to: Point(250, 150), duration: 0.1, curve: .linear)),
                .wait(0.2),
                .release(velocity: release),
                .wait(1),
            ])
        }
        let rested = timeline(nil), given = timeline(-100 / 0.1), still = timeline(0)
        for t in [0.32, 0.35, 0.4, 0.5] {
            XCTAssertEqual(rested.sample(at: t).cell!.offset, given.sample(at: t).cell!.offset, accuracy: 0.5, "at \(t) s")
        }
        XCTAssertLessThan(rested.sample(at: 0.35).cell!.offset, still.sample(at: 0.35).cell!.offset - 5)
    }

    func testTheExpansionSnapGoesOnWhileTheFingerRests() {
        var c = three
        c.expansionStyle = .fill
        let timeline = SwipeTimeline(table: table(trailing: c), gestures: [
            .touchDown(Point(380, 150)),
            .drag(FingerDrag(from: nil, to: Point(100, 150), duration: 0.3, curve: .linear)),
            .wait(1),
        ])
        // Shown past the buttons + 30 pt the cell snaps out to its target (360 pt) on the 0.7 s animator, which
        // goes on after the finger stops at 0.3 s.
        let a = timeline.sample(at: 0.31).cell!.offset, b = timeline.sample(at: 0.45).cell!.offset
        XCTAssertLessThan(b, a - 1)
        XCTAssertEqual(timeline.sample(at: 1.2).cell!.offset, timeline.sample(at: 1.3).cell!.offset, accuracy: 0.01)
        XCTAssertLessThan(timeline.sample(at: 1.3).cell!.offset, -360)
    }

    func testExpansionSnapsAndFillDeleteRemovesTheRow() {
        var c = three
        c.expansionStyle = .fillDelete
        let timeline = SwipeTimeline(table: table(trailing: c), gestures: [
            .touchDown(Point(380, 150)),
            .drag(FingerDrag(from: nil, to: Point(30, 150), duration: 0.5, curve: .linear)),
            .release(velocity: nil),
            .wait(1),
        ])
        // The finger passes 80% of the width (x < 78) at 0.433 s: the expansion starts its 0.6 s animation.
        XCTAssertEqual(timeline.sample(at: 0.43).cell?.expansion ?? -1, 0)
        XCTAssertGreaterThan(timeline.sample(at: 0.45).cell?.expansion ?? 0, 0)
        XCTAssertEqual(timeline.sample(at: 0.75).cell?.expansion ?? 0, 1, accuracy: 0.06)
        let end = timeline.sample(at: timeline.duration)
        XCTAssertEqual(end.deletedRows.map(\.row), [0])
        XCTAssertNil(end.cell)
    }

    func testSelectionBouncesBackAndTogglesUnread() {
        var c = SwipeActionsConfiguration(actions: [unread])
        c.expansionStyle = .selection
        let timeline = SwipeTimeline(table: table(leading: c), gestures: [
            .touchDown(Point(10, 150)),
            .drag(FingerDrag(from: nil, to: Point(300, 150), duration: 0.5, curve: .linear)),
            .release(velocity: nil),
            .wait(1),
        ])
        XCTAssertGreaterThan(timeline.sample(at: 0.5).cell?.offset ?? 0, 195, "a leading swipe moves the content right")
        let end = timeline.sample(at: timeline.duration)
        XCTAssertNil(end.cell)
        XCTAssertEqual(end.unreadToggled, [0])
    }

    func testRightToLeftTrailingActionsOpenByDraggingRight() {
        let timeline = SwipeTimeline(table: table(trailing: three, rtl: true), gestures: [
            .touchDown(Point(40, 150)),
            .drag(FingerDrag(from: nil, to: Point(200, 150), duration: 0.3, curve: .linear)),
            .release(velocity: nil),
            .wait(1),
        ])
        let s = timeline.sample(at: timeline.duration)
        XCTAssertEqual(s.cell?.orientation, .left)
        XCTAssertEqual(s.cell?.offset ?? 0, 222, accuracy: 0.01)
    }

    func testTransitionFiresWhenHalfTheButtonShows() {
        var c = three
        c.transitionStyle = .drag
        let timeline = SwipeTimeline(table: table(trailing: c), gestures: [
            .touchDown(Point(350, 150)),
            .drag(FingerDrag(from: nil, to: Point(250, 150), duration: 0.1, curve: .linear)),
        ])
        // Drag: the first button (More, view order 0) is half visible at 37 points, the second at 111; the
        // content moves from the 10 pt of hysteresis on (1 pt/ms), so 37 points show at 47 ms.
        let s = timeline.sample(at: 0.1).cell!
        XCTAssertTrue(s.transitions[0].shown)
        XCTAssertEqual(s.transitions[0].crossedAt ?? 0, 0.047, accuracy: 0.0015)
        XCTAssertFalse(s.transitions[1].shown)
        XCTAssertNotNil(s.transitions[1].appearedAt)
        XCTAssertNil(s.transitions[2].appearedAt)
    }

    /// The demo's Inbox answers editActionsForRowAt by place: after row 0 is removed, row 2 is second and takes
    /// the second place's actions; their confirmDelete sheet's Delete removes it once the sheet has gone.
    func demoTable() -> SwipeTableGeometry {
        var mail = three
        mail.expansionStyle = .fillDelete
        var confirm = trash
        confirm.effect = .confirmDelete
        var second = SwipeActionsConfiguration(actions: [confirm])
        second.expansionStyle = .fill
        var t = table(trailing: mail)
        t.rowSides = [SwipeRowSides(positions: [1], trailing: second, trailingButtonWidth: 74)]
        return t
    }

    func fullSwipe(y: Double, at start: Double) -> [SwipeGesture] {
        [.path(FingerPath([.init(start, Point(380, y)), .init(start + 0.5, Point(20, y))])!), .release(velocity: nil)]
    }

    func testActionsFollowTheRowsPlaceAndTheSheetsDeleteRemovesIt() {
        let sheetDelete = SwipeSheetState.deleteButton(screenWidth: 390)
        // Row 0 goes; rows 1 and 2 then sit at 100-196 and 196-292.
        let first = SwipeTimeline(table: demoTable(), gestures: fullSwipe(y: 150, at: 0) + [.wait(1.1)]
            + fullSwipe(y: 150, at: 1.6) + [.wait(1)])
        XCTAssertEqual(first.sample(at: 1.5).deletedRows.map(\.row), [0], "the first swipe fills and deletes")
        XCTAssertNil(first.sample(at: 1.5).sheet)
        let top = first.sample(at: 2.2)
        XCTAssertEqual(top.cell?.row, 1)
        XCTAssertEqual(top.cell?.position, 0, "the first place: the list's actions")
        XCTAssertEqual(first.sample(at: first.duration).deletedRows.map(\.row), [0, 1], "fill + delete again")
        // Swipe the row at the second place instead: rows 1 and 2 (row 0 gone) sit at 100 and 196.
        let second = SwipeTimeline(table: demoTable(), gestures: fullSwipe(y: 150, at: 0) + [.wait(1.1)]
            + fullSwipe(y: 230, at: 1.6) + [.wait(1), .tap(FingerTap(point: Point(sheetDelete.midX, sheetDelete.midY), duration: 0.1)), .wait(1)])
        let up = second.sample(at: 3)
        XCTAssertEqual(up.cell?.row, 2)
        XCTAssertEqual(up.cell?.position, 1)
        XCTAssertEqual(up.cell?.offset ?? 0, -390, accuracy: 0.5, "filled under the sheet")
        XCTAssertEqual(up.deletedRows.map(\.row), [0], "not deleted before the sheet's Delete")
        XCTAssertNotNil(up.sheet)
        XCTAssertNil(up.sheet?.dismissedAt)
        // The tap lifts at 3.2 s: the sheet goes, and its handler deletes the row 0.42 s later.
        XCTAssertEqual(second.sample(at: 3.25).sheet?.dismissedAt ?? 0, 3.2, accuracy: 0.002)
        XCTAssertEqual(second.sample(at: 3.6).deletedRows.map(\.row), [0])
        XCTAssertEqual(second.sample(at: 3.63).deletedRows.map(\.row), [0, 2])
        XCTAssertNil(second.sample(at: second.duration).cell)
    }

    func testTheSheetsCancelClosesTheRow() {
        let cancel = SwipeSheetState.cancelButton(screenWidth: 390)
        let timeline = SwipeTimeline(table: demoTable(), gestures: fullSwipe(y: 150, at: 0) + [.wait(1.1)]
            + fullSwipe(y: 230, at: 1.6) + [.wait(1), .tap(FingerTap(point: Point(cancel.midX, cancel.midY), duration: 0.1)), .wait(1.5)])
        let end = timeline.sample(at: timeline.duration)
        XCTAssertEqual(end.deletedRows.map(\.row), [0])
        XCTAssertNil(end.cell, "closed")
        XCTAssertNotNil(timeline.sample(at: 3.6).cell, "still closing")
        // A tap beside the buttons while the sheet is up does nothing.
        let beside = SwipeTimeline(table: demoTable(), gestures: fullSwipe(y: 150, at: 0) + [.wait(1.1)]
            + fullSwipe(y: 230, at: 1.6) + [.wait(1), .tap(FingerTap(point: Point(200, 300), duration: 0.1)), .wait(1)])
        XCTAssertNil(beside.sample(at: beside.duration).sheet?.dismissedAt)
    }

    func testTapOnContentClosesAnOpenCell() {
        let timeline = SwipeTimeline(table: table(trailing: three), gestures: [
            .touchDown(Point(350, 150)),
            .drag(FingerDrag(from: nil, to: Point(150, 150), duration: 0.3, curve: .linear)),
            .release(velocity: nil),
            .wait(1),
            .tap(FingerTap(point: Point(60, 150), duration: 0.1)),
            .wait(1),
        ])
        XCTAssertNotNil(timeline.sample(at: 1.2).cell)
        XCTAssertNil(timeline.sample(at: timeline.duration).cell)
    }
}
