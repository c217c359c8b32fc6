import Foundation
import Geometry
import LayerTree
import XCTest
@testable import BuiltInKinds
@testable import Models

final class FlowLayoutTests: XCTestCase {
    let view = Size(390, 719)
    var folding: FlowLayout {
        FlowLayout(viewSize: view, itemSize: Size(350, 65), leadingSpacing: 20, interitemSpacing: 0,
                   transformer: .folding(eyePosition: 500), numberOfItems: 16)
    }
    var vega: FlowLayout {
        FlowLayout(viewSize: view, itemSize: Size(350, 65), leadingSpacing: 28, interitemSpacing: 20,
                   transformer: .vega, numberOfItems: 16)
    }

    func assertEqual(_ a: Transform3D, _ b: Transform3D, accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.values, b.values) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line) }
    }

    func testContentHeightIsPaddedToWholePages() {
        // 2·20 + 16·65 = 1080, padded so 1109 - 719 = 390 = 3 fold pages of 130.
        XCTAssertEqual(folding.contentHeight, 1109, accuracy: 1e-9)
        XCTAssertEqual(folding.maxContentOffset, 390, accuracy: 1e-9)
        // 2·28 + 15·20 + 16·65 = 1396, padded to 1399 (680 = 8 pages of 85).
        XCTAssertEqual(vega.contentHeight, 1399, accuracy: 1e-9)
        var short = vega
        short.numberOfItems = 3
        XCTAssertEqual(short.contentHeight, 719, accuracy: 1e-9)
    }

    func testPositionsForwardAndReversed() {
        XCTAssertEqual(folding.position(ofItem: 0, contentOffset: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(folding.position(ofItem: 3, contentOffset: 0), 3, accuracy: 1e-12)
        XCTAssertEqual(folding.position(ofItem: 0, contentOffset: 32.6667), -0.50256, accuracy: 1e-5)
        var reversed = vega
        reversed.reversed = true
        // Reversed: item 0 sits in the bottom slot when scrolled to the bottom, and items stack upwards.
        let bottom = reversed.maxContentOffset
        XCTAssertEqual(reversed.position(ofItem: 0, contentOffset: bottom), 0, accuracy: 1e-9)
        XCTAssertEqual(reversed.position(ofItem: 2, contentOffset: bottom), 2, accuracy: 1e-9)
        XCTAssertEqual(reversed.center(ofItem: 0).y, reversed.contentHeight - 28 - 32.5, accuracy: 1e-9)
        // Scrolling up moves item 0 below its slot: it rolls away (negative position).
        XCTAssertEqual(reversed.position(ofItem: 0, contentOffset: bottom - 42.5), -0.5, accuracy: 1e-9)
    }

    /// The device reading (../shared/reference/README.md): item 0 at content offset 32.6667.
    func testFoldingItemZeroMatchesTheDeviceReading() {
        let a = folding.attributes(ofItem: 0, contentOffset: 32.6667)
        let recorded = Transform3D([1, 0, 0, 0, 0, 0.748718, -0.662889, 0.00132578,
                                    0, 0.662889, 0.748718, -0.00149744, 0, -8.16667, -21.5439, 1.04309])!
        assertEqual(a.transform, recorded, accuracy: 1e-4)
        var layer = Layer(name: "item-0")
        layer.bounds = Rect(0, 0, 350, 65)
        layer.position = a.center
        layer.transform = a.transform
        let map = layer.transformToSuperlayer.flattened
        let frame = Rect.bounding(layer.bounds.corners.map(map.apply))
        XCTAssertEqual(frame.minX, 20, accuracy: 1e-3)
        XCTAssertEqual(frame.minY, 52.6667, accuracy: 1e-3)
        XCTAssertEqual(frame.width, 350, accuracy: 1e-3)
        XCTAssertEqual(frame.height, 47.384, accuracy: 1e-3)
    }

    func testFoldingBranches() {
        let s = 65.0
        func at(_ i: Int, position p: Double) -> FlowItemAttributes {
            // contentOffset that puts item i at position p.
            folding.attributes(ofItem: i, contentOffset: Double(i) * s - p * s)
        }
        // Flat: odd items from position 1 up, even items from 0 up.
        for (i, p) in [(1, 1.0), (3, 2.5), (0, 0.0), (2, 0.4)] {
            let a = at(i, position: p)
            XCTAssertEqual(a.transform, .identity, "item \(i) at \(p)")
            XCTAssertEqual(a.alpha, 1)
        }
        // Hidden: even items at -2 and below, odd items at -1 and below.
        for (i, p) in [(0, -2.0), (2, -3.0), (1, -1.0), (3, -1.5)] {
            XCTAssertEqual(at(i, position: p).alpha, 0, "item \(i) at \(p)")
        }
        // Even item folding: at -1 it has turned acos(0.5) = -60° about x and its center stays in the top slot;
        // near -2 it approaches 90°.
        let even = at(2, position: -1)
        XCTAssertEqual(even.transform.m22, 0.5, accuracy: 1e-12)
        XCTAssertEqual(even.transform.m23, -sin(Double.pi / 3), accuracy: 1e-12)
        XCTAssertEqual(even.center.y, folding.center(ofItem: 2).y + s, accuracy: 1e-9)
        XCTAssertEqual(at(0, position: -1.999).transform.m22, 0, accuracy: 0.03)
        // Odd item folding: at 0 its angle is acos(0.5) = 60°.
        let odd = at(1, position: 0)
        XCTAssertEqual(odd.transform.m22, 0.5, accuracy: 1e-12)
        XCTAssertEqual(odd.transform.m23, sin(Double.pi / 3), accuracy: 1e-12)
        XCTAssertEqual(odd.zIndex, 0)
    }

    func testVegaBranches() {
        let s = 85.0
        let flat = vega.attributes(ofItem: 3, contentOffset: 0)
        XCTAssertEqual(flat.transform, .identity)
        XCTAssertEqual(flat.zIndex, 0)
        // Item 0 rolled 1.5 items past the top: pushed down by 1.5·85, scaled 0.85, alpha 0.7, zIndex -3.
        let rolled = vega.attributes(ofItem: 0, contentOffset: 1.5 * s)
        XCTAssertEqual(rolled.position, -1.5, accuracy: 1e-12)
        XCTAssertEqual(rolled.transform.m42, 1.5 * s, accuracy: 1e-9)
        XCTAssertEqual(rolled.transform.m11, 0.85, accuracy: 1e-12)
        XCTAssertEqual(rolled.transform.m22, 0.85, accuracy: 1e-12)
        XCTAssertEqual(rolled.alpha, 0.7, accuracy: 1e-12)
        XCTAssertEqual(rolled.zIndex, -3)
        // Far away: scale and alpha clamp at 0.
        XCTAssertEqual(vega.attributes(ofItem: 0, contentOffset: 12 * s).alpha, 0)
        // Reversed: the translation goes the other way (upwards past the bottom slot).
        var reversed = vega
        reversed.reversed = true
        let r = reversed.attributes(ofItem: 0, contentOffset: reversed.maxContentOffset - 0.5 * s)
        XCTAssertEqual(r.position, -0.5, accuracy: 1e-9)
        XCTAssertEqual(r.transform.m42, -0.5 * s, accuracy: 1e-9)
    }

    func testIndicators() {
        // Folding: centred 10 pt below the visible top, fading in over two items.
        let i = folding.indicator(contentOffset: 65, size: Size(350, 65))!
        XCTAssertEqual(i.center.y, 65 + 10, accuracy: 1e-9)
        XCTAssertEqual(i.alpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(folding.indicator(contentOffset: 0, size: Size(350, 65))!.alpha, 0)
        XCTAssertEqual(folding.indicator(contentOffset: 200, size: Size(350, 65))!.alpha, 1)
        // Vega: 14 below the visible top, fading in over one item.
        let v = vega.indicator(contentOffset: 42.5, size: Size(350, 65))!
        XCTAssertEqual(v.center.y, 42.5 + 14, accuracy: 1e-9)
        XCTAssertEqual(v.alpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(v.zIndex, 1000)
    }

    func testPagingTargets() {
        // Folding pages are two items (130 pt); a fast release pushes 0.35 of a page in its direction.
        XCTAssertEqual(folding.pagingTarget(projected: 60, velocity: 0), 0)
        XCTAssertEqual(folding.pagingTarget(projected: 70, velocity: 0), 130)
        XCTAssertEqual(folding.pagingTarget(projected: 30, velocity: 400), 130)   // 30/130 + 0.35 = 0.58
        XCTAssertEqual(folding.pagingTarget(projected: 30, velocity: 250), 0)     // below 0.3 pt/ms
        XCTAssertEqual(folding.pagingTarget(projected: 300, velocity: -900), 260) // 2.31 - 0.35 = 1.96
        XCTAssertEqual(folding.pagingTarget(projected: 5000, velocity: 3000), 390) // clamped to the content
        XCTAssertEqual(vega.pagingTarget(projected: 130, velocity: 0), 170)        // 85-pt pages
    }

    func testDecelerationAndRubberBand() {
        let physics = ScrollPhysics(decelerationRate: 0.998)
        XCTAssertEqual(physics.projectedDistance(velocity: 1000), 499, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics(decelerationRate: 0.99).projectedDistance(velocity: 1000), 99, accuracy: 1e-9)
        // Rubber band: small pulls move almost 1:1 times c, large ones approach the view height.
        XCTAssertEqual(physics.rubberBand(10, dimension: 719), (1 - 1 / (10 * 0.55 / 719 + 1)) * 719, accuracy: 1e-12)
        XCTAssertLessThan(physics.rubberBand(10000, dimension: 719), 719)
        XCTAssertEqual(physics.rubberBand(1, dimension: 719), 0.55, accuracy: 0.001)
    }

    func testAFlingComesToRestOnAPage() {
        let gestures: [ScrollGesture] = [.wait(0.1), .drag(FingerDrag(from: Point(195, 600), to: Point(195, 450), duration: 0.15, curve: .linear)),
                                         .release(velocity: nil), .wait(2)]
        let timeline = ScrollTimeline(layout: folding, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 0, itemCount: folding.numberOfItems,
                                      gestures: gestures)
        let end = timeline.sample(at: timeline.duration)
        XCTAssertNil(end.touch)
        XCTAssertEqual(end.contentOffset.truncatingRemainder(dividingBy: 130), 0, accuracy: 1e-9)
        XCTAssertGreaterThan(end.contentOffset, 150)   // dragged 150 pt and flung at 1000 pt/s
        // While dragging the content follows the finger 1:1, from where the pan began (6 pt in).
        let mid = timeline.sample(at: 0.1 + 0.075)
        XCTAssertEqual(mid.contentOffset, 75 - ScrollPhysics.panHysteresis, accuracy: 1.5)
        XCTAssertNotNil(mid.touch)
        // Deterministic.
        let again = ScrollTimeline(layout: folding, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 0, itemCount: folding.numberOfItems,
                                   gestures: gestures)
        XCTAssertEqual(again.samples, timeline.samples)
    }

    func testAPathIsFollowedFromBeforeTheFirstFrame() {
        // The shared gesture core: a path that starts before 0 leaves the scroll mid-drag at 0.
        let path = FingerPath([.init(-0.2, Point(195, 600)), .init(0, Point(195, 550)), .init(0.3, Point(195, 400))])!
        let timeline = ScrollTimeline(layout: folding, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 0,
                                      itemCount: folding.numberOfItems, gestures: [.path(path), .release(velocity: nil), .wait(2)])
        // The content follows from where the pan began: the first millisecond's finger 6 pt or more from 600.
        let began = (1...200).map { path.position(at: -0.2 + Double($0) * ScriptClock.step).y }.first { 600 - $0 >= ScrollPhysics.panHysteresis }!
        XCTAssertEqual(timeline.sample(at: 0).contentOffset, began - 550, accuracy: 1e-9)
        for t in stride(from: 0.0, through: 0.3, by: 0.05) {
            XCTAssertEqual(timeline.sample(at: t).touch!.y, path.position(at: t).y, accuracy: 1e-9)
            XCTAssertEqual(timeline.sample(at: t).contentOffset, began - path.position(at: t).y, accuracy: 1e-9)
        }
        let end = timeline.sample(at: timeline.duration)
        XCTAssertNil(end.touch)
        XCTAssertGreaterThan(end.contentOffset, 200, "the release flings on with the path's velocity")
    }

    func testPullingPastTheTopRubberBandsAndSpringsBack() {
        let gestures: [ScrollGesture] = [.drag(FingerDrag(from: Point(195, 300), to: Point(195, 500), duration: 0.3, curve: .easeInOut)),
                                         .release(velocity: nil), .wait(1.5)]
        let timeline = ScrollTimeline(layout: folding, physics: ScrollPhysics(), initialOffset: 0, itemCount: folding.numberOfItems, gestures: gestures)
        let pulled = timeline.sample(at: 0.3)
        XCTAssertEqual(pulled.contentOffset, -ScrollPhysics().rubberBand(200 - ScrollPhysics.panHysteresis, dimension: 719), accuracy: 0.3)
        XCTAssertEqual(timeline.sample(at: timeline.duration).contentOffset, 0, accuracy: 1e-9)
    }

    func testTheContentHoldsUntilThePanBegins() {
        // UIScrollView's pan begins 6 pt from the touch-down; the content then follows the translation from
        // there, so it stays 6 pt behind the finger (a slow drag: 0.1 pt per step).
        let gestures: [ScrollGesture] = [.drag(FingerDrag(from: Point(195, 600), to: Point(195, 500), duration: 1, curve: .linear)),
                                         .release(velocity: 0)]
        let timeline = ScrollTimeline(layout: folding, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 0,
                                      itemCount: folding.numberOfItems, gestures: gestures)
        XCTAssertEqual(ScrollPhysics.panHysteresis, 6)
        XCTAssertEqual(timeline.sample(at: 0.05).contentOffset, 0, "5 pt from the touch-down: the pan has not begun")
        XCTAssertEqual(timeline.sample(at: 0.5).contentOffset, 50 - 6, accuracy: 1e-6)
        XCTAssertEqual(timeline.sample(at: 1).contentOffset, 100 - 6, accuracy: 1e-6)
        // A finger that lifts before the pan begins does not fling.
        let nudge = ScrollTimeline(layout: folding, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 0, itemCount: folding.numberOfItems,
                                   gestures: [.drag(FingerDrag(from: Point(195, 600), to: Point(195, 595), duration: 0.01, curve: .linear)),
                                              .release(velocity: nil), .wait(1)])
        XCTAssertEqual(nudge.sample(at: nudge.duration).contentOffset, 0)
    }

    func testASpringBackStartsAtTheReleaseVelocity() {
        // Pulled 100 pt past the top and let go still moving down at 500 pt/s: the critically damped edge spring
        // (ω = 13) first carries on down, then comes back: x(t) = (x0 + (v0 + ωx0)·t)·e^(−ωt).
        func run(_ v: Double) -> ScrollTimeline {
            ScrollTimeline(layout: folding, physics: ScrollPhysics(), initialOffset: 0, itemCount: folding.numberOfItems,
                           gestures: [.drag(FingerDrag(from: Point(195, 300), to: Point(195, 500), duration: 0.3, curve: .linear)),
                                      .release(velocity: v), .wait(1)])
        }
        let moving = run(-500), still = run(0)
        let x0 = moving.sample(at: 0.3).contentOffset
        let w = ScrollPhysics().springBackFrequency
        XCTAssertEqual(w, 13)
        for t in [0.02, 0.05, 0.1, 0.2, 0.4] {
            let expected = (x0 + (-500 + w * x0) * t) * exp(-w * t)
            XCTAssertEqual(moving.sample(at: 0.3 + t).contentOffset, expected, accuracy: 0.05, "t = \(t)")
        }
        XCTAssertLessThan(moving.sample(at: 0.32).contentOffset, x0, "it goes on past where it was released")
        XCTAssertGreaterThan(still.sample(at: 0.32).contentOffset, x0)
        XCTAssertEqual(moving.sample(at: moving.duration).contentOffset, 0)
    }

    func testAFlingIntoTheEndOvershootsAndComesBack() {
        // 16 Vega items end at 680; a fling from 500 at 3000 pt/s projects to 797: it crosses the end still moving,
        // goes on past it and the edge spring brings it back.
        let timeline = ScrollTimeline(layout: vega, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 500,
                                      itemCount: vega.numberOfItems, gestures: [.release(velocity: 3000), .wait(1.5)])
        let offsets = timeline.samples.map(\.contentOffset)
        let peak = offsets.max()!
        // Free deceleration leaves 3000 − 10.05·180 ≈ 1190 pt/s at the edge; the spring's overshoot is v/(ωe).
        XCTAssertEqual(peak - 680, 1190 / (13 * M_E), accuracy: 3)
        XCTAssertEqual(timeline.sample(at: timeline.duration).contentOffset, 680)
        // One motion: up to the peak, then back down to the end without crossing it again.
        let top = offsets.firstIndex(of: peak)!
        XCTAssertTrue(zip(offsets[..<top], offsets[1...top]).allSatisfy { $0 <= $1 })
        XCTAssertTrue(offsets[top...].allSatisfy { $0 >= 680 })
        // A slower fling that projects short of the end pages there without overshooting.
        let short = ScrollTimeline(layout: vega, physics: ScrollPhysics(decelerationRate: 0.99), initialOffset: 500,
                                   itemCount: vega.numberOfItems, gestures: [.release(velocity: 1500), .wait(1.5)])
        XCTAssertLessThanOrEqual(short.samples.map(\.contentOffset).max()!, 680)
    }

    func testCellsAreCulledWhereTheyShow() {
        // Scrolled 3.5 items on, Vega item 0 shows in the top slot (pinned there, scaled 0.65, alpha 0.3) though
        // its layout frame is 3.5 items above the view: it is drawn. Items far below the view are not.
        let offset = 3.5 * 85
        let pinned = vega.attributes(ofItem: 0, contentOffset: offset)
        XCTAssertEqual(pinned.alpha, 0.3, accuracy: 1e-9)
        XCTAssertLessThan(pinned.center.y, offset - 2 * 85, "its layout frame is well above the view")
        XCTAssertTrue(vega.shows(pinned, contentOffset: offset))
        XCTAssertTrue(vega.shows(vega.attributes(ofItem: 5, contentOffset: offset), contentOffset: offset))
        XCTAssertFalse(vega.shows(vega.attributes(ofItem: 15, contentOffset: 0), contentOffset: 0))
        // Folding: a cell folded away (position -1.5) draws; its page's top is above the view.
        let folded = folding.attributes(ofItem: 0, contentOffset: 1.5 * 65)
        XCTAssertTrue(folding.shows(folded, contentOffset: 1.5 * 65))
    }

    func testAnIconsEnclosureIsARingOrADiscOfItsTint() {
        struct Fixed: TextMeasuring { func width(of text: TextContents) -> Double { 10 } }
        let settings = FlowKind.Settings()
        let sample = ScrollSample(contentOffset: 0, touch: nil, itemCount: 16, previousItemCount: 16, updateProgress: 1)
        let builder = FlowScreenBuilder(scene: settings.scene, sample: sample, text: Fixed())
        let tint = Color(hex: "#2EC453")!
        func icon(_ enclosure: IconEnclosure) -> Layer {
            builder.content(FlowItem(title: "t", subtitle: "s", icon: .phone, color: tint, enclosure: enclosure), size: Size(350, 65))[0]
        }
        XCTAssertEqual(icon(.none).contents, .glyph(GlyphContents(.phone, size: 22, color: tint)))
        XCTAssertTrue(icon(.none).sublayers.isEmpty)
        // A disc of the tint, 22.7 pt across, centered on the icon's place, with the glyph in white over it.
        let disc = icon(.filledCircle)
        XCTAssertNil(disc.contents)
        XCTAssertEqual(disc.sublayers.count, 2)
        XCTAssertEqual(disc.sublayers[0].backgroundColor, tint)
        XCTAssertEqual(disc.sublayers[0].borderWidth, 0)
        XCTAssertEqual(disc.sublayers[0].bounds.width, 22.7, accuracy: 1e-9)
        XCTAssertEqual(disc.sublayers[0].cornerRadius, 22.7 / 2, accuracy: 1e-9)
        XCTAssertEqual(disc.sublayers[0].position, disc.sublayers[1].position)
        guard case .glyph(let white)? = disc.sublayers[1].contents else { return XCTFail("no glyph") }
        XCTAssertEqual(white.color, .white)
        // A ring: no fill, a 1.5-pt border of the tint, the glyph in the tint.
        let ring = icon(.circle)
        XCTAssertNil(ring.sublayers[0].backgroundColor)
        XCTAssertEqual(ring.sublayers[0].borderWidth, 1.5)
        XCTAssertEqual(ring.sublayers[0].borderColor, tint)
        guard case .glyph(let tinted)? = ring.sublayers[1].contents else { return XCTFail("no glyph") }
        XCTAssertEqual(tinted.color, tint)
    }

    func testABadgeSitsAtItsCornerOverAGap() {
        struct Fixed: TextMeasuring { func width(of text: TextContents) -> Double { 10 } }
        let sample = ScrollSample(contentOffset: 0, touch: nil, itemCount: 16, previousItemCount: 16, updateProgress: 1)
        let builder = FlowScreenBuilder(scene: FlowKind.Settings().scene, sample: sample, text: Fixed())
        let tint = Color(hex: "#FC3128")!, gray = Color(hex: "#8E8E93")!
        for (corner, dx, dy) in [(IconBadge.Corner.bottomRight, 9.7, 5.3), (.bottomLeft, -8, 5.3), (.topRight, 10, -3.3)] {
            let item = FlowItem(title: "t", subtitle: "s", icon: .calendar, color: tint,
                                badge: IconBadge(icon: .clock, color: gray, corner: corner))
            let icon = builder.content(item, size: Size(350, 65))[0]
            // The icon's own glyph stays; over it the gap (white, 1.5 pt wider on each side), the disc, the glyph.
            XCTAssertEqual(icon.contents, .glyph(GlyphContents(.calendar, size: 22, color: tint)))
            XCTAssertEqual(icon.sublayers.map(\.name), ["badge-gap", "badge", "badge-glyph"])
            let gap = icon.sublayers[0], disc = icon.sublayers[1]
            XCTAssertEqual(gap.backgroundColor, .white)
            XCTAssertEqual(gap.bounds.width, 14, accuracy: 1e-9)
            XCTAssertEqual(disc.backgroundColor, gray)
            XCTAssertEqual(disc.bounds.width, 11, accuracy: 1e-9)
            XCTAssertEqual(disc.cornerRadius, 5.5, accuracy: 1e-9)
            XCTAssertEqual(disc.position.x, 15 + dx, accuracy: 1e-9)
            XCTAssertEqual(disc.position.y, 15 + dy, accuracy: 1e-9)
            XCTAssertEqual(gap.position, disc.position)
            guard case .glyph(let g)? = icon.sublayers[2].contents else { return XCTFail("no glyph") }
            XCTAssertEqual(g.icon, .clock)
            XCTAssertEqual(g.color, .white)
        }
    }

    func testAnimatedItemCountChangesAndTaps() {
        var reversed = vega
        reversed.reversed = true
        reversed.numberOfItems = 1
        let gestures: [ScrollGesture] = [.tap(FingerTap(point: Point(350, 69), duration: 0.1)), .setItemCount(3), .wait(0.5)]
        let timeline = ScrollTimeline(layout: reversed, physics: ScrollPhysics(), initialOffset: reversed.maxContentOffset,
                                      itemCount: reversed.numberOfItems, gestures: gestures)
        XCTAssertEqual(timeline.sample(at: 0.05).touch, Point(350, 69))
        XCTAssertNil(timeline.sample(at: 0.15).touch)
        let mid = timeline.sample(at: 0.1 + ScrollTimeline.updateDuration / 2)
        XCTAssertEqual(mid.previousItemCount, 1)
        XCTAssertEqual(mid.itemCount, 3)
        XCTAssertEqual(mid.updateProgress, 0.5, accuracy: 0.01)
        let end = timeline.sample(at: timeline.duration)
        XCTAssertEqual(end.previousItemCount, 3)
        XCTAssertEqual(end.updateProgress, 1)
        // A forward layout that loses items clamps its offset to the new end.
        var shrinking = vega
        shrinking.numberOfItems = 16
        let shrink = ScrollTimeline(layout: shrinking, physics: ScrollPhysics(), initialOffset: 680, itemCount: shrinking.numberOfItems,
                                    gestures: [.setItemCount(10), .wait(0.1)])
        var ten = vega
        ten.numberOfItems = 10
        XCTAssertEqual(shrink.sample(at: shrink.duration).contentOffset, ten.maxContentOffset, accuracy: 1e-9)
    }

    /// UIStepper acts as the finger touches down (VegaStyle_Reverse's list changes while the finger is still on
    /// the +), anywhere in the bar's height over either half, only when that half can act; the pressed half is
    /// lit from the touch-down to `highlightHold` after the lift, fading over `highlightFade`.
    func testTheStepperActsAsItTouchesDownAndLightsWhileHeld() {
        var reversed = vega
        reversed.reversed = true
        reversed.numberOfItems = 1
        let stepper = FlowStepper(screenWidth: 390, barBottom: 91)
        func run(_ gestures: [ScrollGesture], count: Int = 1) -> ScrollTimeline {
            ScrollTimeline(layout: reversed, physics: ScrollPhysics(), initialOffset: reversed.maxContentOffset,
                           itemCount: count, gestures: gestures,
                           pressed: { tap, n in stepper.action(at: tap.point, itemCount: n, maximum: 3) })
        }
        let plus = Point(342.6, 83), minus = Point(303.3, 71.1)
        XCTAssertEqual(stepper.segment(at: plus), .plus)
        XCTAssertEqual(stepper.segment(at: minus), .minus)
        XCTAssertNil(stepper.segment(at: Point(342.6, 95)), "below the bar")
        XCTAssertNil(stepper.segment(at: Point(250, 70)), "left of the control")

        let delay = FlowStepper.responseDelay, fade = FlowStepper.highlightFade, hold = FlowStepper.highlightHold
        let timeline = run([.wait(0.1), .tap(FingerTap(point: plus, duration: 0.12)), .wait(0.5)])
        XCTAssertEqual(timeline.sample(at: 0.1 + delay - 0.002).itemCount, 1)
        XCTAssertEqual(timeline.sample(at: 0.1 + delay + 0.002).itemCount, 2, "while the finger is down")
        XCTAssertNotNil(timeline.sample(at: 0.1 + delay + 0.002).touch)
        XCTAssertNil(stepper.highlight(in: timeline, at: 0.099, maximum: 3))
        XCTAssertEqual(stepper.highlight(in: timeline, at: 0.1 + fade / 2, maximum: 3)?.amount ?? 0, 0.5, accuracy: 0.02)
        XCTAssertEqual(stepper.highlight(in: timeline, at: 0.22 + hold, maximum: 3)?.amount ?? 0, 1, accuracy: 0.02)
        XCTAssertEqual(stepper.highlight(in: timeline, at: 0.22 + hold + fade / 2, maximum: 3)?.amount ?? 0, 0.5, accuracy: 0.02)
        XCTAssertEqual(stepper.highlight(in: timeline, at: 0.22 + hold + fade / 2, maximum: 3)?.segment, .plus)
        XCTAssertNil(stepper.highlight(in: timeline, at: 0.22 + hold + fade + 0.01, maximum: 3))

        // − at one item and + at all of them cannot act: nothing changes, nothing lights.
        let atMinimum = run([.tap(FingerTap(point: minus, duration: 0.12)), .wait(0.3)])
        XCTAssertEqual(atMinimum.sample(at: atMinimum.duration).itemCount, 1)
        XCTAssertNil(stepper.highlight(in: atMinimum, at: 0.1, maximum: 3))
        let atMaximum = run([.tap(FingerTap(point: plus, duration: 0.12)), .wait(0.3)], count: 3)
        XCTAssertEqual(atMaximum.sample(at: atMaximum.duration).itemCount, 3)
        // − from two items disables itself, and stays lit while held, as the recording's last − does.
        let toOne = run([.tap(FingerTap(point: minus, duration: 0.2)), .wait(0.3)], count: 2)
        XCTAssertEqual(toOne.sample(at: 0.15).itemCount, 1)
        XCTAssertEqual(stepper.highlight(in: toOne, at: 0.19, maximum: 3)?.amount ?? 0, 1, accuracy: 0.02)
        // Taps anywhere else do nothing; a tap shorter than the delay that ends the script still acts.
        let elsewhere = run([.tap(FingerTap(point: Point(200, 400), duration: 0.1)), .wait(0.2)])
        XCTAssertEqual(elsewhere.sample(at: elsewhere.duration).itemCount, 1)
        let last = run([.tap(FingerTap(point: plus, duration: 0.01))])
        XCTAssertEqual(last.sample(at: last.duration).itemCount, 2)
        // Three taps in a row count up from where the last one left the stepper.
        let three = run([.tap(FingerTap(point: plus, duration: 0.05)), .wait(0.1), .tap(FingerTap(point: plus, duration: 0.05)),
                         .wait(0.1), .tap(FingerTap(point: plus, duration: 0.05)), .wait(0.5)])
        XCTAssertEqual(three.sample(at: three.duration).itemCount, 3)
        // A press before the last one's update has started: that update starts at once, then its own.
        let quick = run([.tap(FingerTap(point: plus, duration: 0.01)), .tap(FingerTap(point: plus, duration: 0.1)), .wait(0.3)])
        XCTAssertEqual(quick.sample(at: 0.015).itemCount, 2)
        XCTAssertEqual(quick.sample(at: 0.015).previousItemCount, 1)
        XCTAssertEqual(quick.sample(at: 0.01 + delay + 0.002).itemCount, 3)
        // A finger on a control does not hold the content: a forward list that loses items under it clamps its
        // offset to the new end while the finger is still down.
        var forward = vega
        forward.numberOfItems = 16
        let shrink = ScrollTimeline(layout: forward, physics: ScrollPhysics(), initialOffset: 680, itemCount: 16,
                                    gestures: [.tap(FingerTap(point: minus, duration: 0.3)), .wait(0.1)],
                                    pressed: { _, _ in TouchDownAction(itemCount: 10, delay: 0.05) })
        var ten = vega
        ten.numberOfItems = 10
        XCTAssertNotNil(shrink.sample(at: 0.2).touch)
        XCTAssertEqual(shrink.sample(at: 0.2).contentOffset, ten.maxContentOffset, accuracy: 1e-9)
    }
}
