import Geometry
import LayerTree
import XCTest
@testable import BuiltInKinds
@testable import Models

/// The CoverFlowLayout study against numbers worked by hand from its formulas. The layout throughout: a
/// 390 × 719 pt collection view, 160 × 160 items, minimumLineSpacing 25, so maxDistance = pitch = 160 + 25 =
/// 185 pt; the centring insets are (390 − 160) / 2 = 115 left and right and (719 − 160) / 2 = 279.5 top and
/// bottom, so item i's centre is at x = 115 + 185 i + 80 = 195 + 185 i, y = 279.5 + 80 = 359.5, and the
/// view's centre at offset o is o + 195.
final class CoverFlowLayoutTests: XCTestCase {
    static func layout(items: Int = 17, itemScale: Double = 0.5, itemAlpha: Double = 0.5) -> CoverFlowLayout {
        CoverFlowLayout(viewSize: Size(390, 719), itemSize: Size(160, 160), minimumLineSpacing: 25,
                        itemScale: itemScale, itemAlpha: itemAlpha, numberOfItems: items)
    }

    func testFlowLayoutGeometry() {
        let l = Self.layout()
        XCTAssertEqual(l.sectionInset, EdgeInsets(top: 279.5, left: 115, bottom: 279.5, right: 115))
        XCTAssertEqual(l.frame(ofItem: 0), Rect(115, 279.5, 160, 160))
        XCTAssertEqual(l.frame(ofItem: 16).midX, 3155)  // 195 + 185 × 16
        // 115 + 115 + 17 × 160 + 16 × 25 = 3350; less the view's 390.
        XCTAssertEqual(l.contentWidth, 3350)
        XCTAssertEqual(l.maxContentOffset, 2960)  // = 185 × 16: the last item centred
        XCTAssertEqual(l.itemsPerColumn, 1)
        // Without the vertical insets a 719 pt column holds ⌊(719 + 10) / (160 + 10)⌋ = 4 items.
        var tall = l
        tall.sectionInset = EdgeInsets(top: 0, left: 115, bottom: 0, right: 115)
        XCTAssertEqual(tall.itemsPerColumn, 4)
        // Frames intersecting [100, 490): items 0 (115…275), 1 (300…460), 2 (485…645); the gap 275…300 holds none.
        XCTAssertEqual(l.items(from: 100, to: 490), 0..<3)
        XCTAssertEqual(l.items(from: 275, to: 300), 0..<0)
        XCTAssertEqual(l.items(from: 274, to: 300), 0..<1)
        XCTAssertEqual(l.offset(centering: 2), 370)
        XCTAssertEqual(l.offset(centering: 40), 2960)
    }

    /// (item, offset, scale, alpha, zIndex), each from ratio = (185 − min(|o + 195 − x|, 185)) / 185,
    /// scale = ratio × 0.5 + 1, alpha = ratio × 0.5 + 0.5, zIndex = Int(alpha × 10):
    static let expected: [(Int, Double, Double, Double, Int)] = [
        (0, 0, 1.5, 1, 10),                   // distance 0: ratio 1
        (1, 0, 1, 0.5, 5),                    // distance 185 = maxDistance: ratio 0
        (2, 0, 1, 0.5, 5),                    // distance 370, limited to 185
        (0, 18.5, 1.45, 0.95, 9),             // distance 18.5: ratio 166.5 / 185 = 0.9; 9.5 truncates to 9
        (1, 18.5, 1.05, 0.55, 5),             // distance 166.5: ratio 0.1
        (0, 92.5, 1.25, 0.75, 7),             // halfway: both neighbours at ratio 0.5; 7.5 truncates to 7
        (1, 92.5, 1.25, 0.75, 7),
        (5, 1000, 1 + 0.5 * 110 / 185, 0.5 + 0.5 * 110 / 185, 7),   // centre 1120, distance 75: ratio 0.5946
        (6, 1000, 1 + 0.5 * 75 / 185, 0.5 + 0.5 * 75 / 185, 7),     // centre 1305, distance 110: ratio 0.4054
        (16, 2960, 1.5, 1, 10),               // the last item at the largest offset
        (0, -50, 1 + 0.5 * 135 / 185, 0.5 + 0.5 * 135 / 185, 8),     // pulled past the start: distance 50
    ]

    func testScaleAlphaAndZIndexByDistanceFromTheCentre() {
        let l = Self.layout()
        for (item, offset, scale, alpha, z) in Self.expected {
            let a = l.attributes(ofItem: item, contentOffset: offset)
            XCTAssertEqual(a.scale, scale, accuracy: 1e-12, "item \(item) at \(offset)")
            XCTAssertEqual(a.alpha, alpha, accuracy: 1e-12, "item \(item) at \(offset)")
            XCTAssertEqual(a.zIndex, z, "item \(item) at \(offset)")
            // CATransform3DScale(identity, s, s, 1), about the cell's centre, which stays the flow layout's.
            XCTAssertEqual(a.transform, Transform3D.scale(scale, scale, 1).with(accuracyOf: a.transform))
            XCTAssertEqual(a.center, Point(195 + 185 * Double(item), 359.5))
        }
        // Other constants: itemScale 0.2, itemAlpha 0.3 at ratio 0.9 give 0.9 × 0.8 + 1 = 1.72 and
        // 0.9 × 0.7 + 0.3 = 0.93, zIndex 9.
        let a = Self.layout(itemScale: 0.2, itemAlpha: 0.3).attributes(ofItem: 0, contentOffset: 18.5)
        XCTAssertEqual(a.scale, 1.72, accuracy: 1e-12)
        XCTAssertEqual(a.alpha, 0.93, accuracy: 1e-12)
        XCTAssertEqual(a.zIndex, 9)
        // The drawn frame of the centred item: 240 pt about its centre.
        XCTAssertEqual(l.attributes(ofItem: 0, contentOffset: 0).transformedFrame, Rect(75, 239.5, 240, 240))
    }

    func testTargetContentOffsetIsTheItemNearestTheCentreAtRelease() {
        let l = Self.layout()
        // Released at 100: centre 295; items 0, 1, 2 are in the bounds at distances 100, 85, 270: item 1,
        // whose centre 380 less 195 is 185 — whatever the proposed offset and the velocity say.
        XCTAssertEqual(l.targetContentOffset(proposed: 100, velocity: 0, currentOffset: 100), 185)
        XCTAssertEqual(l.targetContentOffset(proposed: 2100, velocity: 4000, currentOffset: 100), 185)
        XCTAssertEqual(l.targetContentOffset(proposed: -400, velocity: -3000, currentOffset: 100), 185)
        // Halfway (92.5): items 0 and 1 are both 92.5 away; the sort keeps item order, so item 0.
        XCTAssertEqual(l.targetContentOffset(proposed: 92.5, velocity: 0, currentOffset: 92.5), 0)
        // Near the end: centre 3095, items 15 (2970) and 16 (3155) at 125 and 60: item 16, offset 2960.
        XCTAssertEqual(l.targetContentOffset(proposed: 2900, velocity: 0, currentOffset: 2900), 2960)
        // No items: the study would trap on `!`; the proposed offset, kept in the content, is used.
        XCTAssertEqual(Self.layout(items: 0).targetContentOffset(proposed: 40, velocity: 0, currentOffset: 0), 0)
        XCTAssertEqual(l.restingOffset(projected: 2100, velocity: 4000, releasedAt: 100), 185)
    }

    // MARK: The scene: taps, batch updates

    static func scene(initialItem: Int, _ gestures: [ScrollGesture]) -> CoverFlowScene {
        let look = CoverFlowLook(colors: [.white], cornerRadius: 16, labelSize: 56, selectionColor: Color(hex: "#800080")!,
                                 selectionWidth: 5)
        return CoverFlowScene(canvas: Canvas(width: 390, height: 844, scale: 1), framesPerSecond: 30,
                              viewFrame: Rect(0, 91, 390, 719), layout: layout(), titles: (0...16).map(String.init),
                              addedTitle: "h", look: look, title: "", physics: ScrollPhysics(), gestures: gestures,
                              initialItem: initialItem, frozenOffset: nil, showsTouches: true)
    }

    static let centre = Point(195, 450), left = Point(35, 450), right = Point(355, 450)
    static let deleteButton = Point(40, 69), addButton = Point(364, 69)

    func tap(_ p: Point) -> ScrollGesture { .tap(FingerTap(point: p)) }

    func testHitTestingFollowsTheDrawnOrder() {
        let s = Self.scene(initialItem: 2, [])
        // Offset 370: item 2 drawn 75…315 on screen over items 1 (−70…90) and 3 (300…460).
        XCTAssertEqual(s.target(of: Point(80, 450), itemCount: 17, contentOffset: 370), .item(2))
        XCTAssertEqual(s.target(of: Self.left, itemCount: 17, contentOffset: 370), .item(1))
        XCTAssertEqual(s.target(of: Self.right, itemCount: 17, contentOffset: 370), .item(3))
        XCTAssertEqual(s.target(of: Point(195, 200), itemCount: 17, contentOffset: 370), nil)  // above the cards
        XCTAssertEqual(s.target(of: Point(-20, -20), itemCount: 17, contentOffset: 370), nil)  // off the screen
        XCTAssertEqual(s.target(of: Self.deleteButton, itemCount: 17, contentOffset: 370), .button(.delete))
        XCTAssertEqual(s.target(of: Self.addButton, itemCount: 17, contentOffset: 370), .button(.add))
    }

    /// Items 1, 2, 3 selected at offset 370 (item 2 centred), then deleted: the delete tap lifts at 0.8 s, so
    /// 0.95 s is halfway through the 0.3 s update, where easeInOut is 0.5.
    func testDeleteAnimatesAsABatchUpdate() throws {
        let a = Self.scene(initialItem: 2, [.wait(0.1), tap(Self.centre), .wait(0.1), tap(Self.right), .wait(0.1),
                                            tap(Self.left), .wait(0.1), tap(Self.deleteButton), .wait(0.5)]).animation()
        let selected = a.state(at: 0.79)
        XCTAssertEqual(selected.selected, [1, 2, 3])
        XCTAssertEqual(selected.tempDelete, [2, 3, 1])
        XCTAssertEqual(selected.bordered, [1, 2, 3])
        XCTAssertTrue(a.cells(at: 0.79).first { $0.item.title == "2" }!.bordered)
        XCTAssertEqual(a.updates.count, 1)
        XCTAssertEqual(a.updates[0].start, 0.8, accuracy: 1e-9)
        XCTAssertEqual(a.state(at: 0.8).items.map(\.title), ["0", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"])
        XCTAssertEqual(a.contentOffset(at: 0.95), 370)  // inside the new content (max 13 × 185 = 2405)
        let mid = a.cells(at: 0.95)
        // The deleted centre item: from scale 1.5, alpha 1, zIndex 10 to the flow layout's own attributes
        // (scale 1) at alpha 0 and zIndex 0, in place (centre 565); its border was cleared before deleteItems.
        let gone = try XCTUnwrap(mid.first { $0.item.title == "2" })
        XCTAssertEqual(gone.center.x, 565, accuracy: 1e-9)
        XCTAssertEqual(gone.scale, 1.25, accuracy: 1e-6)
        XCTAssertEqual(gone.alpha, 0.5, accuracy: 1e-6)
        XCTAssertEqual(gone.zPosition, 5, accuracy: 1e-5)
        XCTAssertFalse(gone.bordered)
        // "5" moves from index 5 (screen x 1120 − 370 = 750, scale 1, alpha 0.5) to index 2 (screen 195,
        // scale 1.5, alpha 1): halfway at screen 472.5, i.e. content 842.5, scale 1.25, alpha 0.75, so its
        // drawn frame is 200 pt square about (842.5, 359.5).
        let moving = try XCTUnwrap(mid.first { $0.item.title == "5" })
        XCTAssertEqual(moving.center.x, 842.5, accuracy: 1e-4)
        XCTAssertEqual(moving.scale, 1.25, accuracy: 1e-6)
        XCTAssertEqual(moving.alpha, 0.75, accuracy: 1e-6)
        XCTAssertEqual(moving.zPosition, 7.5, accuracy: 1e-5)
        let drawn = CoverFlowAttributes(index: 2, center: moving.center, size: moving.size, scale: moving.scale, alpha: 1, zIndex: 0)
            .transformedFrame
        XCTAssertEqual(drawn.minX, 742.5, accuracy: 1e-3)
        XCTAssertEqual(drawn.minY, 259.5, accuracy: 1e-3)
        XCTAssertEqual(drawn.width, 200, accuracy: 1e-3)
        // After the update: no borders, nothing pending, "5" centred at full size.
        let end = a.state(at: 1.3)
        XCTAssertEqual(end.tempDelete, [])
        XCTAssertEqual(end.bordered, [])
        let settled = a.cells(at: 1.3)
        XCTAssertNil(settled.first { $0.item.title == "2" })
        XCTAssertEqual(settled.first { $0.item.title == "5" }?.scale, 1.5)
    }

    /// At the end (item 16 centred, offset 2960) deleting 15 and 16 leaves 15 items, whose largest offset is
    /// 14 × 185 = 2590: the view moves there at once, and the cells travel from where they were on screen.
    func testDeleteAtTheEndMovesCellsFromWhereTheyWere() throws {
        let a = Self.scene(initialItem: 16, [tap(Self.centre), tap(Self.left), tap(Self.deleteButton), .wait(0.5)]).animation()
        XCTAssertEqual(a.updates.first?.offsetBefore, 2960)
        XCTAssertEqual(a.contentOffset(at: 0.45), 2590)
        // "14": screen 195 + 185 × 14 − 2960 = −175 before, 195 after: halfway at screen 10, content 2600.
        let mid = a.cells(at: 0.45)
        let moving = try XCTUnwrap(mid.first { $0.item.title == "14" })
        XCTAssertEqual(moving.center.x, 2600, accuracy: 1e-4)
        XCTAssertEqual(moving.scale, 1.25, accuracy: 1e-6)
    }

    /// addBtnAction appends "h" at index 17 (screen x 195 + 185 × 17 − 2960 = 380, beside the centred last
    /// item): it fades in from alpha 0 to the layout's 0.5, so halfway it is at 0.25.
    func testAddFadesTheNewItemIn() throws {
        let a = Self.scene(initialItem: 16, [tap(Self.addButton), .wait(0.5)]).animation()
        XCTAssertEqual(a.state(at: 0.2).items.last, CoverFlowItem(id: 17, title: "h"))
        let added = try XCTUnwrap(a.cells(at: 0.25).first { $0.item.title == "h" })
        XCTAssertEqual(added.alpha, 0.25, accuracy: 1e-6)
        XCTAssertEqual(added.center.x, 3340, accuracy: 1e-9)
        XCTAssertEqual(added.scale, 1, accuracy: 1e-9)
        XCTAssertEqual(a.cells(at: 0.6).first { $0.item.title == "h" }?.alpha, 0.5)
    }

    func testSelectionFollowsTheStudysCode() {
        // Select, deselect: the border goes, but tempDelete keeps the item (didDeselect does not remove it),
        // so "Delete" still removes it.
        var s = CoverFlowState(titles: ["a", "b", "c"])
        s.toggle(1)
        s.toggle(1)
        XCTAssertEqual(s.selected, [])
        XCTAssertEqual(s.bordered, [])
        XCTAssertEqual(s.tempDelete, [1])
        XCTAssertEqual(s.delete()?.after.map(\.title), ["a", "c"])
        // Listed twice (selected, deselected, selected): the descending loop removes index 1 twice.
        s = CoverFlowState(titles: ["a", "b", "c", "d"])
        s.toggle(1); s.toggle(1); s.toggle(1)
        XCTAssertEqual(s.tempDelete, [1, 1])
        XCTAssertEqual(s.delete()?.after.map(\.title), ["a", "d"])
        // Nothing listed: nothing happens.
        XCTAssertNil(s.delete())
        // Adding clears the collection view's selection (reloadData) but not tempDelete.
        s.toggle(0)
        _ = s.add(title: "h")
        XCTAssertEqual(s.selected, [])
        XCTAssertEqual(s.tempDelete, [0])
    }

    func testTapsOnNothingAndDeleteWithNothingSelectedDoNothing() {
        let a = Self.scene(initialItem: 2, [tap(Point(195, 200)), tap(Point(-30, 900)), tap(Self.deleteButton), .wait(0.2)]).animation()
        XCTAssertEqual(a.states.count, 1)
        XCTAssertTrue(a.updates.isEmpty)
        XCTAssertEqual(a.contentOffset(at: a.duration), 370)
        XCTAssertEqual(a.cells(at: a.duration), a.cells(at: 0))
    }

    /// A fling comes to rest on the item nearest the centre when the finger lifts, not where it would glide:
    /// a 100 pt drag from offset 0 lets go at 94 (the pan begins 6 pt in), near item 1 (185), with the
    /// finger still moving fast.
    func testAFlingRestsOnTheItemNearestTheCentreAtRelease() {
        let a = Self.scene(initialItem: 0, [.drag(FingerDrag(from: Point(300, 450), to: Point(200, 450), duration: 0.2, curve: .easeIn)),
                                            .release(velocity: nil), .wait(2)]).animation()
        XCTAssertEqual(a.contentOffset(at: 0.2), 100 - ScrollPhysics.panHysteresis, accuracy: 0.5)
        XCTAssertEqual(a.contentOffset(at: a.duration), 185)
    }
}

private extension Transform3D {
    /// Itself when every entry is within 1e-12 of `other`'s, so XCTAssertEqual compares with a tolerance.
    func with(accuracyOf other: Transform3D) -> Transform3D {
        zip(values, other.values).allSatisfy { abs($0 - $1) < 1e-12 } ? other : self
    }
}
