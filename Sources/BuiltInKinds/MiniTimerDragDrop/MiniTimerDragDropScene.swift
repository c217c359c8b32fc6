import Foundation
import RenderPreviewsKindKit

/// The screen's model: card slots from MGUFlowView's reversed layout, the swipe of SwipeCellKit's controller,
/// and the shared drag session.
public struct MiniTimerDragDropScene: Equatable, Sendable {
    public var settings: MiniTimerDragDropKind.Settings
    public var gestures: [SwipeGesture]
    /// The list's own scroll, a finger of its own: the cards' swipe and drag assume the list at rest.
    public var scroll: [ScrollGesture] = []

    /// UICollectionView's removal: the cards above a removed one close the gap (the list is bottom-anchored).
    public static let closeDuration = 0.3
    /// The dropped card's removal: the cards above close the gap about linearly in 0.2 s (MiniTimer_2: the card
    /// above's bottom edge 14, 24, 39, 53 and 72 pt down at the frames from 5.47 s, at rest by 5.63 s), and the
    /// veiled card moves down with them under the card below, fading (its gray 116, then 101, 91, 67, 51, 18,
    /// gone at 5.63 s).
    public static let dropCloseDuration = 0.2
    /// The drop area shows its placeholder this long after the lift starts (MiniTimer_2: 4.43 s, the lift at 4.35).
    public static let placeholderDelay = 0.1
    /// The area's red frame shows this long after the preview enters it, then the placeholder's green one.
    public static let enterHighlight = 0.1

    var layout: FlowLayout {
        FlowLayout(viewSize: settings.listFrame.size, itemSize: settings.itemSize, leadingSpacing: settings.leadingSpacing,
                   interitemSpacing: settings.interitemSpacing, reversed: true, transformer: .vega,
                   numberOfItems: settings.items.count)
    }

    /// The card shown `slotsDown` slots below display row `i`'s own (rows below it removed), on the screen. The
    /// reversed layout puts data item 0 at the bottom, so display row i is item n − 1 − i; at the resting
    /// offset (the end) a slot's screen y does not depend on the item count.
    func frame(ofRow i: Double) -> Rect {
        let l = layout
        let n = Double(settings.items.count)
        let j = n - 1 - i
        let y = settings.listFrame.minY + l.viewSize.height - l.leadingSpacing - l.itemSize.height / 2 - j * l.itemSpacing
        let x = settings.listFrame.minX + l.viewSize.width / 2
        return Rect(x - l.itemSize.width / 2, y - l.itemSize.height / 2, l.itemSize.width, l.itemSize.height)
    }

    /// The delete action the demo gives every card (SwipeCellKit's destructive style, a trash image).
    var swipeConfiguration: SwipeActionsConfiguration {
        var config = SwipeActionsConfiguration(actions: [SwipeAction(title: nil, icon: .trashOutline, backgroundColor: .systemRed,
                                                                      style: .destructive)])
        // A tap on the button deletes (fill and delete); a full swipe never does in the recording, so the
        // expansion's target is the whole width and it has no touch trigger.
        config.expansionStyle = SwipeExpansionStyle(target: .percentage(1), completion: .fill(delete: true, reverse: false))
        return config
    }

    public func animation(measuring text: any TextMeasuring) -> MiniTimerDragDropAnimation {
        MiniTimerDragDropAnimation(scene: self, text: text)
    }
}

/// A card leaving the list: the rows above close the gap from `start`, over `duration`, eased in and out or
/// linearly; with `slides` the removed card moves down with them (under the card below) as it fades, else it
/// fades in place.
struct RowRemoval: Hashable, Sendable {
    var row: Int
    var start: Double
    var duration = MiniTimerDragDropScene.closeDuration
    var linear = false
    var slides = false

    /// The share of the close done at t (0…1).
    func progress(at t: Double) -> Double {
        let k = duration > 0 ? min(1, max(0, (t - start) / duration)) : (t >= start ? 1 : 0)
        return linear ? k : TimingCurve.easeInOut(k)
    }
}

/// The scene simulated: the swipe first (it owns the finger's track), then the drag session over that track,
/// both every millisecond.
public struct MiniTimerDragDropAnimation: Sendable {
    public let scene: MiniTimerDragDropScene
    let swipe: SwipeTimeline
    let scroll: ScrollTimeline
    let drag: SampledTimeline<DragSession.State>
    let removedBySwipe: [RowRemoval]
    let text: any TextMeasuring

    init(scene: MiniTimerDragDropScene, text: any TextMeasuring) {
        self.scene = scene
        self.text = text
        let config = scene.swipeConfiguration
        let rows = scene.settings.items.indices.map { scene.frame(ofRow: Double($0)) }
        let width = config.buttonWidth(cellWidth: scene.settings.itemSize.width, titleWidth: { _ in 0 },
                                       imageWidth: SwipeScene.buttonImageWidth)
        let table = SwipeTableGeometry(rows: rows, rightToLeft: false, leading: nil, trailing: config,
                                       leadingButtonWidth: 0, trailingButtonWidth: width)
        swipe = SwipeTimeline(table: table, gestures: scene.gestures, panHysteresis: scene.settings.swipeHysteresis)
        let layout = scene.layout
        let physics = ScrollPhysics(decelerationRate: scene.settings.decelerationRate, hysteresis: scene.settings.panHysteresis)
        scroll = ScrollTimeline(layout: layout, physics: physics,
                                initialOffset: layout.maxContentOffset, itemCount: layout.numberOfItems, gestures: scene.scroll)
        var removed: [RowRemoval] = []
        for deletion in swipe.samples.last?.deletedRows ?? [] {
            removed.append(RowRemoval(row: deletion.row, start: deletion.startedAt))
        }
        removedBySwipe = removed
        let s = scene.settings
        let target = s.dropArea
        var session = DragSession(parameters: s.drag, target: target)
        // The swipe's samples start where its script does (before 0 for a path's pre-roll).
        let start = swipe.duration - Double(max(0, swipe.samples.count - 1)) * ScriptClock.step
        var timeline = SampledTimeline<DragSession.State>(start: start)
        for (k, sample) in swipe.samples.enumerated() {
            let t = start + Double(k) * ScriptClock.step
            session.step(at: t, touch: sample.touch, item: { p in
                for i in s.items.indices where !removed.contains(where: { $0.row == i && $0.start <= t }) {
                    let f = MiniTimerDragDropAnimation.rowFrame(scene, i, removed: removed, at: t)
                    if f.contains(p) { return (i, Point(f.midX, f.midY)) }
                }
                return nil
            })
            timeline.record(session.state)
        }
        drag = timeline
    }

    public var duration: Double { max(swipe.duration, scroll.duration) }

    /// Removals at `t`: the swiped-away card, and the dragged one once its drop has flown to the area.
    func removals(_ state: DragSession.State) -> [RowRemoval] {
        var out = removedBySwipe
        if let item = state.item, let released = state.releasedAt, state.phase == .dropping || state.droppedAt != nil {
            out.append(RowRemoval(row: item, start: released + scene.settings.drag.dropMoveDuration,
                                  duration: MiniTimerDragDropScene.dropCloseDuration, linear: true, slides: true))
        }
        return out
    }

    /// Row `i`'s frame at `t`: its slot, moved down by the rows removed below it as they close.
    static func rowFrame(_ scene: MiniTimerDragDropScene, _ i: Int, removed: [RowRemoval], at t: Double) -> Rect {
        var shift = 0.0
        for r in removed where r.row > i || (r.row == i && r.slides) {
            shift += r.progress(at: t)
        }
        return scene.frame(ofRow: Double(i) + shift)
    }

    public func frame(at t: Double) -> LayerScene {
        let s = scene.settings
        let trail = s.showsTouches && s.touchTrail
        let swiped = swipe.sample(at: t, trailEvents: trail ? TouchMark.trailEventRate : nil)
        let builder = MiniTimerDragDropScreen(scene: scene, swipe: swiped, drag: drag.sample(at: t), removals: removals(drag.sample(at: t)),
                                              scroll: scroll.sample(at: t, trail: trail),
                                              time: t, text: text)
        if let intro = s.intro,
           let root = intro.frame(at: t, canvas: s.canvas, barHeight: s.listFrame.minY, time: s.time,
                                  homeIndicator: s.homeIndicator, showsTouches: s.showsTouches, text: text,
                                  pushed: { builder.build() }) {
            return LayerScene(canvas: s.canvas, root: root)
        }
        return LayerScene(canvas: s.canvas, root: builder.build())
    }
}
