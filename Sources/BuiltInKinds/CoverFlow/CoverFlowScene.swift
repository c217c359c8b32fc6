import Foundation
import RenderPreviewsKindKit

/// The study's screen: a navigation controller whose view holds the collection view with the CoverFlowLayout,
/// an add and a delete button in the bar, and a scripted finger.
public struct CoverFlowScene: Hashable, Sendable {
    public var canvas: Canvas
    public var framesPerSecond: Double
    /// The collection view on the screen (below the navigation bar).
    public var viewFrame: Rect
    /// The layout with the data source's starting item count.
    public var layout: CoverFlowLayout
    public var titles: [String]
    /// What addBtnAction appends.
    public var addedTitle: String
    public var look: CoverFlowLook
    public var title: String
    public var physics: ScrollPhysics
    public var gestures: [ScrollGesture]
    /// The item centred at the start.
    public var initialItem: Int
    /// Freezes the scroll at this offset in every frame (`--set contentOffset=…`).
    public var frozenOffset: Double?
    public var showsTouches: Bool

    public init(canvas: Canvas, framesPerSecond: Double, viewFrame: Rect, layout: CoverFlowLayout, titles: [String],
                addedTitle: String, look: CoverFlowLook, title: String, physics: ScrollPhysics, gestures: [ScrollGesture],
                initialItem: Int, frozenOffset: Double?, showsTouches: Bool) {
        self.canvas = canvas; self.framesPerSecond = framesPerSecond; self.viewFrame = viewFrame; self.layout = layout
        self.titles = titles; self.addedTitle = addedTitle; self.look = look; self.title = title; self.physics = physics
        self.gestures = gestures; self.initialItem = initialItem; self.frozenOffset = frozenOffset; self.showsTouches = showsTouches
    }

    /// The bar buttons' touch areas: "Delete" at the leading edge, "+" at the trailing edge, 44 pt tall.
    public var deleteButtonFrame: Rect { Rect(0, viewFrame.minY - 44, 80, 44) }
    public var addButtonFrame: Rect { Rect(canvas.width - 52, viewFrame.minY - 44, 52, 44) }

    public func layout(itemCount: Int) -> CoverFlowLayout {
        var l = layout
        l.viewSize = viewFrame.size
        l.numberOfItems = itemCount
        return l
    }

    /// What a finger at `point` (screen) touches: a bar button, or the topmost cell as drawn (highest zIndex,
    /// then the later item), hit-tested through its scale; nil for anything else.
    public enum Target: Hashable, Sendable { case button(CoverFlowButton), item(Int) }

    public func target(of point: Point, itemCount: Int, contentOffset: Double) -> Target? {
        if deleteButtonFrame.contains(point) { return .button(.delete) }
        if addButtonFrame.contains(point) { return .button(.add) }
        guard viewFrame.contains(point) else { return nil }
        let local = Point(point.x - viewFrame.minX + contentOffset, point.y - viewFrame.minY)
        let l = layout(itemCount: itemCount)
        let hits = l.items(from: contentOffset - l.pitch, to: contentOffset + viewFrame.width + l.pitch)
            .map { l.attributes(ofItem: $0, contentOffset: contentOffset) }
            .filter { $0.alpha > 0 && $0.transformedFrame.contains(local) }
        return hits.max { ($0.zIndex, $0.index) < ($1.zIndex, $1.index) }.map { .item($0.index) }
    }

    public func animation() -> CoverFlowAnimation { CoverFlowAnimation(scene: self) }
}

/// How the cells and the bar look: none of it is in the study.
public struct CoverFlowLook: Hashable, Sendable {
    /// Card colours, by the item's place in the data (an added item continues the cycle).
    public var colors: [Color]
    public var cornerRadius: Double
    public var labelSize: Double
    /// The study's border: UIColor.purple, 5 pt.
    public var selectionColor: Color
    public var selectionWidth: Double

    public init(colors: [Color], cornerRadius: Double, labelSize: Double, selectionColor: Color, selectionWidth: Double) {
        self.colors = colors; self.cornerRadius = cornerRadius; self.labelSize = labelSize
        self.selectionColor = selectionColor; self.selectionWidth = selectionWidth
    }

    func color(of item: CoverFlowItem) -> Color { colors.isEmpty ? .white : colors[item.id % colors.count] }
}

/// One cell as drawn at an instant: its item, its attributes (centre in content space) and its border.
public struct CoverFlowCell: Hashable, Sendable {
    public var item: CoverFlowItem
    public var center: Point
    public var size: Size
    public var scale: Double
    public var alpha: Double
    /// The layer's zPosition: the attributes' zIndex, animated by Core Animation during an update.
    public var zPosition: Double
    public var bordered: Bool
}

/// A cover-flow scene with its script simulated: the scroll, and what each tap did to the data.
public struct CoverFlowAnimation: Sendable {
    public let scene: CoverFlowScene
    public let timeline: ScrollTimeline
    /// The data after each change, with the time it took effect (the first at 0).
    public let states: [(time: Double, state: CoverFlowState)]
    public let updates: [CoverFlowUpdate]

    init(scene: CoverFlowScene) {
        self.scene = scene
        var state = CoverFlowState(titles: scene.titles)
        var states: [(time: Double, state: CoverFlowState)] = [(0, state)]
        var changes: [(time: Double, before: [CoverFlowItem], after: [CoverFlowItem])] = []
        let layout = scene.layout(itemCount: state.items.count)
        // A tap acts as the finger lifts, on what was under it when it touched down.
        timeline = ScrollTimeline(layout: layout, axis: .horizontal, physics: scene.physics,
                                  initialOffset: layout.offset(centering: scene.initialItem), itemCount: state.items.count,
                                  gestures: scene.gestures) { tap, offset, time in
            let before = state
            var count: Int? = nil
            switch scene.target(of: tap.point, itemCount: state.items.count, contentOffset: offset) {
            case .item(let index)?:
                state.toggle(index)
            case .button(.add)?:
                let change = state.add(title: scene.addedTitle)
                changes.append((time, change.before, change.after))
                count = state.items.count
            case .button(.delete)?:
                if let change = state.delete() {
                    changes.append((time, change.before, change.after))
                    count = state.items.count
                }
            case nil:
                break
            }
            if state != before { states.append((time, state)) }
            return count
        }
        self.states = states
        let timeline = timeline
        updates = changes.map { change in
            CoverFlowUpdate(start: change.time, before: change.before, after: change.after,
                            offsetBefore: timeline.sample(at: change.time).contentOffset)
        }
    }

    public var duration: Double { timeline.duration }

    public func state(at t: Double) -> CoverFlowState {
        states.last { $0.time <= t + 1e-9 }?.state ?? states[0].state
    }

    /// The update animating at `t` and its eased progress: UIView's default curve over 0.3 s.
    public func update(at t: Double) -> (update: CoverFlowUpdate, progress: Double)? {
        guard let u = updates.last(where: { $0.start <= t + 1e-9 }) else { return nil }
        let linear = (t - u.start) / ScrollTimeline.updateDuration
        guard linear < 1 else { return nil }
        return (u, TimingCurve.easeInOut(max(0, linear)))
    }

    public func contentOffset(at t: Double) -> Double {
        scene.frozenOffset ?? timeline.sample(at: t).contentOffset
    }

    /// The cells on screen at `t`, back to front as added (the layer's zPosition orders them).
    public func cells(at t: Double) -> [CoverFlowCell] {
        let offset = contentOffset(at: t)
        let state = state(at: t)
        let l = scene.layout(itemCount: state.items.count)
        func cell(_ a: CoverFlowAttributes, _ item: CoverFlowItem) -> CoverFlowCell {
            CoverFlowCell(item: item, center: a.center, size: a.size, scale: a.scale, alpha: a.alpha,
                          zPosition: Double(a.zIndex), bordered: state.bordered.contains(item.id))
        }
        guard let (u, k) = update(at: t) else {
            return l.items(from: offset - l.pitch, to: offset + scene.viewFrame.width + l.pitch).map {
                cell(l.attributes(ofItem: $0, contentOffset: offset), state.items[$0])
            }
        }
        return animatedCells(u, k, offset: offset, state: state)
    }

    /// A batch update in flight: every item goes from where it was on screen (at the offset the update began
    /// with) to where it will be (at the current offset). Items in both lists move; an inserted one starts as
    /// the flow layout's own attributes at alpha 0 (our reading: initialLayoutAttributesForAppearingItem builds
    /// on layoutAttributesForItem, which the study does not change, so scale 1); a deleted one ends that way.
    func animatedCells(_ u: CoverFlowUpdate, _ k: Double, offset: Double, state: CoverFlowState) -> [CoverFlowCell] {
        let old = scene.layout(itemCount: u.before.count), new = scene.layout(itemCount: u.after.count)
        let offsetBefore = scene.frozenOffset ?? u.offsetBefore
        let oldIndex = Dictionary(u.before.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let newIndex = Dictionary(u.after.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let margin = new.pitch + scene.viewFrame.width
        var cells: [CoverFlowCell] = []
        func add(_ item: CoverFlowItem, from a: CoverFlowAttributes, at aOffset: Double, to b: CoverFlowAttributes, at bOffset: Double) {
            // Screen-space positions, so a content offset clamped by the update moves the cells, not the view.
            let ax = a.center.x - aOffset, bx = b.center.x - bOffset
            let x = ax + (bx - ax) * k + offset
            guard x > offset - margin, x < offset + scene.viewFrame.width + margin else { return }
            cells.append(CoverFlowCell(
                item: item, center: Point(x, a.center.y + (b.center.y - a.center.y) * k), size: b.size,
                scale: a.scale + (b.scale - a.scale) * k, alpha: a.alpha + (b.alpha - a.alpha) * k,
                zPosition: Double(a.zIndex) + Double(b.zIndex - a.zIndex) * k,
                bordered: state.bordered.contains(item.id)))
        }
        for (i, item) in u.after.enumerated() {
            let b = new.attributes(ofItem: i, contentOffset: offset)
            if let j = oldIndex[item.id] {
                add(item, from: old.attributes(ofItem: j, contentOffset: offsetBefore), at: offsetBefore, to: b, at: offset)
            } else {
                var a = new.plainAttributes(ofItem: i)
                a.alpha = 0
                add(item, from: a, at: offset, to: b, at: offset)
            }
        }
        for (j, item) in u.before.enumerated() where newIndex[item.id] == nil {
            var b = old.plainAttributes(ofItem: j)
            b.alpha = 0
            add(item, from: old.attributes(ofItem: j, contentOffset: offsetBefore), at: offsetBefore, to: b, at: offsetBefore)
        }
        return cells
    }

    public func frame(at t: Double) -> LayerScene {
        var sample = timeline.sample(at: t)
        if let frozen = scene.frozenOffset { sample.contentOffset = frozen }
        return CoverFlowScreen(scene: scene, contentOffset: sample.contentOffset, touch: sample.touchMark, cells: cells(at: t)).build()
    }
}
