import Foundation
import RenderPreviewsKindKit

/// One step of a scripted interaction with a list of swipeable cells.
public enum SwipeGesture: Hashable, Sendable {
    /// A finger goes down (on the row it will swipe).
    case touchDown(Point)
    /// The finger (already down, or put down at `from`) moves to `to` over `duration` seconds.
    case drag(FingerDrag)
    /// The finger lifts; the cell springs with the finger's velocity (points/second along x, measured over the
    /// last 50 ms of the drag) unless one is given.
    case release(velocity: Double?)
    /// Nothing new happens for a while.
    case wait(Double)
    /// A finger touches a point for a moment (a button, or the content of an open cell to close it).
    case tap(FingerTap)
    /// The finger follows a measured track (going down at its first point if it is not down).
    case path(FingerPath)
}

/// The actions of some rows where they differ from the list's: the demo's `editActionsForRowAt` answers by
/// the row's place in the list when the swipe begins (after any removed rows), so a row takes the actions of
/// the place it has moved up to. A side left nil keeps the list's.
public struct SwipeRowSides: Hashable, Sendable {
    /// Places in the list, from 0 at the top.
    public var positions: [Int]
    public var leading: SwipeActionsConfiguration?
    public var trailing: SwipeActionsConfiguration?
    public var leadingButtonWidth = 0.0
    public var trailingButtonWidth = 0.0

    public init(positions: [Int], leading: SwipeActionsConfiguration? = nil, trailing: SwipeActionsConfiguration? = nil,
                leadingButtonWidth: Double = 0, trailingButtonWidth: Double = 0) {
        self.positions = positions; self.leading = leading; self.trailing = trailing
        self.leadingButtonWidth = leadingButtonWidth; self.trailingButtonWidth = trailingButtonWidth
    }
}

/// The swipeable side of a list: where the cells are and what actions they have.
public struct SwipeTableGeometry: Hashable, Sendable {
    /// Cell frames on the screen, top to bottom.
    public var rows: [Rect]
    public var rightToLeft: Bool
    public var leading: SwipeActionsConfiguration?
    public var trailing: SwipeActionsConfiguration?
    public var leadingButtonWidth: Double
    public var trailingButtonWidth: Double
    /// Rows whose actions differ from the list's, by place (the first that names a place wins).
    public var rowSides: [SwipeRowSides]
    /// The screen's width: the action sheet spans it.
    public var screenWidth: Double

    public init(rows: [Rect], rightToLeft: Bool, leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?,
                leadingButtonWidth: Double, trailingButtonWidth: Double, rowSides: [SwipeRowSides] = [],
                screenWidth: Double = 390) {
        self.rows = rows; self.rightToLeft = rightToLeft; self.leading = leading; self.trailing = trailing
        self.leadingButtonWidth = leadingButtonWidth; self.trailingButtonWidth = trailingButtonWidth
        self.rowSides = rowSides; self.screenWidth = screenWidth
    }

    /// The actions a swipe that begins at `position` in the list gets.
    public func sides(at position: Int) -> SwipeTableGeometry {
        guard let o = rowSides.first(where: { $0.positions.contains(position) }) else { return self }
        var t = self
        if let l = o.leading { t.leading = l; t.leadingButtonWidth = o.leadingButtonWidth }
        if let r = o.trailing { t.trailing = r; t.trailingButtonWidth = o.trailingButtonWidth }
        t.rowSides = []
        return t
    }

    public func side(for orientation: SwipeOrientation) -> SwipeSide {
        switch (orientation, rightToLeft) {
        case (.left, false), (.right, true): .leading
        case (.right, false), (.left, true): .trailing
        }
    }

    public func configuration(for orientation: SwipeOrientation) -> SwipeActionsConfiguration? {
        side(for: orientation) == .leading ? leading : trailing
    }

    public func buttonWidth(for orientation: SwipeOrientation) -> Double {
        side(for: orientation) == .leading ? leadingButtonWidth : trailingButtonWidth
    }

    public func layout(for orientation: SwipeOrientation) -> SwipeActionsLayout? {
        guard let c = configuration(for: orientation), !c.actions.isEmpty else { return nil }
        return SwipeActionsLayout(style: c.transitionStyle, buttonCount: c.actions.count,
                                  buttonWidth: buttonWidth(for: orientation),
                                  elasticOverscroll: c.expansionStyle?.elasticOverscroll ?? false)
    }
}

/// When a button's transition animation last fired: the time its visible share crossed the threshold, and in
/// which direction; `appearedAt` is when it started to show at all (the default animation shrinks it then).
public struct SwipeButtonTransition: Hashable, Sendable {
    public var appearedAt: Double?
    public var crossedAt: Double?
    public var shown: Bool = false
}

/// The cell being swiped at one instant.
public struct SwipeCellState: Hashable, Sendable {
    public var row: Int
    /// The row's place in the list when its swipe began (its actions are that place's: `SwipeTableGeometry.sides`).
    public var position: Int = 0
    public var orientation: SwipeOrientation
    /// The content's displacement along x (points, negative to the left).
    public var offset: Double
    /// 0...1: how far the expanding button has moved over the others.
    public var expansion: Double
    /// Per button, in view order.
    public var transitions: [SwipeButtonTransition]
    /// The row is being removed: seconds since the removal started.
    public var deletingFor: Double?
}

/// The state of the list and the finger at one instant.
public struct SwipeSample: Hashable, Sendable {
    public var time: Double
    public var touch: Point?
    public var cell: SwipeCellState?
    /// Rows removed for good (their slide-up animation started at the given time).
    public var deletedRows: [SwipeRowDeletion]
    /// Rows whose unread dot is toggled.
    public var unreadToggled: [Int]
    /// When each toggled row's dot last changed (its pop or its fade runs from then).
    public var unreadChanges: [SwipeUnreadChange] = []
    /// The "Delete" action sheet, while it is up or going away.
    public var sheet: SwipeSheetState?
    /// The touch disc to draw (the finger's, or its lift's ring); filled in by `SwipeTimeline.sample(at:)`.
    public var touchMark: TouchMark? = nil
    /// The recorder's trail of earlier touch events (`TouchMark.trailDuration`), oldest first, when asked for.
    public var touchTrail: [TouchMark] = []
}

/// UIAlertController(.actionSheet) "Delete / delete row": presented by a confirmDelete action, dismissed by a
/// tap on one of its buttons.
public struct SwipeSheetState: Hashable, Sendable {
    public var presentedAt: Double
    public var dismissedAt: Double?

    /// Where its buttons rest on the screen (points; see `SwipeScreenBuilder.actionSheet`).
    public static func deleteButton(screenWidth w: Double) -> Rect { Rect(8, sheetTop + 75.8, w - 16, 57.3) }
    public static func cancelButton(screenWidth w: Double) -> Rect { Rect(8, sheetTop + 141.6, w - 16, 57) }
    public static let sheetTop = 612.0
    public static let height = 198.6
}

public struct SwipeUnreadChange: Hashable, Sendable {
    public var row: Int
    public var at: Double
}

public struct SwipeRowDeletion: Hashable, Sendable {
    public var row: Int
    public var startedAt: Double
}

/// Runs a gesture script against swipeable cells, following SwipeCellKit's controller: the content follows the
/// finger with elastic resistance past its limits, expansion snaps and springs, releases spring open or closed,
/// and expansion completions fill, delete or bounce. The state is kept every millisecond.
public struct SwipeTimeline: Sendable {
    /// SwipeController.elasticScrollRatio: past the buttons the content follows 0.4 of the finger.
    public static let elasticScrollRatio = 0.4
    /// UITableView's row removal: the rows below slide up, ease-out, in 0.2 s from the release. Measured on
    /// ExpansionStyle_Fill+Delete (the rows below are 24, 47, 62, 79, 88, 92, 94 of 96.7 pt up at 30–230 ms
    /// after its release at 1.77 s): mean 2.4 pt off, where ease-in-ease-out over 0.3 s lagged by up to 41 pt.
    public static let rowDeletionDuration = 0.2
    /// SwipeController.performFillAction's duration: UIView.animate for the delete's mask, and the
    /// UIViewPropertyAnimator(duration: 0.3, dampingRatio: 1) that takes the row to the screen's edge. Of 0.3,
    /// 0.4 and 0.5 s to the edge and SwipeCellKit's width plus a button, it fits ExpansionStyle_Fill and
    /// _Fill+Delete best after the release (docs/fidelity.md#how-the-models-constants-were-fitted).
    public static let fillDuration = 0.3
    /// UIViewPropertyAnimator(duration: 0.7, dampingRatio: 1): opening/closing without a release velocity.
    public static let settleDuration = 0.7
    /// SwipeActionsView.setExpanded's animator.
    public static let expansionDuration = 0.6
    /// The action sheet's going, from the lift on its button (TableView_Demo and CollectionView_Demo, all four
    /// Delete taps): the sheet drops away in 0.1 s (44 and 134 pt down one and two frames on, then gone) while the
    /// dim clears in 0.2 s (0.8, 0.52, 0.35 and 0.17 of it at 30-130 ms); the demo's handler runs 0.42 s after the
    /// lift (the removals start at 4.77, 7.37, 4.97 and 7.73 s, 0.40-0.44 s after the lifts).
    public static let sheetDropDuration = 0.1
    public static let sheetDimClearDuration = 0.2
    public static let sheetHandlerDelay = 0.42
    /// UIPanGestureRecognizer's hysteresis: the pan begins once the finger is this far from where it went down,
    /// and its translation (which the content follows) counts from there. Measured on the recordings with the
    /// finger tracked per frame: TransitionStyle_Drag's content trails its slow finger by 9.7 pt (median over
    /// 0.87…2.03 s). The default of a scene's `panHysteresis`: a recording whose content trails by more (the
    /// recognizer sees touches only at the screen's rate, so a finger that sets off fast is further out at the
    /// first touch past the threshold) gives its own, measured (`compare_motion.py track`).
    public static let panHysteresis = 10.0

    private let timeline: SampledTimeline<SwipeSample>
    public var samples: [SwipeSample] { timeline.samples }
    public var duration: Double { timeline.duration }

    public init(table: SwipeTableGeometry, gestures: [SwipeGesture], panHysteresis: Double = SwipeTimeline.panHysteresis) {
        var sim = Simulation(table: table, start: FingerPath.scriptStart(gestures.first?.finger), panHysteresis: panHysteresis)
        sim.run(gestures)
        timeline = sim.timeline
    }

    /// `trailEvents`: the recorder's touch events a second, each leaving a disc of the trail (none: no trail).
    public func sample(at t: Double, trailEvents: Double? = nil) -> SwipeSample {
        var s = timeline.sample(at: t)
        s.touchMark = timeline.touchMark(at: t) { $0.touch }
        if let rate = trailEvents { s.touchTrail = timeline.touchTrail(at: t, eventRate: rate) { $0.touch } }
        return s
    }
}

/// A displacement animation of the content, applied on top of the value the finger asks for (UIKit's additive
/// animations): shown = live + (startShown − startLive)·(1 − progress).
private struct OffsetAnimation {
    var start: Double
    var from: Double
    var to: Double
    var curve: AnimationCurve
    func value(at t: Double) -> Double { from + (to - from) * curve.progress(t - start) }
    func finished(at t: Double) -> Bool {
        switch curve {
        case .criticallyDamped(let d), .easeInOut(let d): return t - start >= d
        case .spring: return t - start >= 0.2 && abs(value(at: t) - to) < 0.01
        }
    }
}

private struct Simulation {
    let table: SwipeTableGeometry
    var timeline = SampledTimeline<SwipeSample>()
    var t = 0.0
    var touch: Point?
    var history = TouchHistory()

    // The active cell.
    var row: Int?
    var orientation = SwipeOrientation.right
    var offset = 0.0
    var open = false
    var expanded = false
    var expansion = 0.0
    var expansionFrom = 0.0
    var expansionToggledAt = -1.0
    var transitions: [SwipeButtonTransition] = []
    var animation: OffsetAnimation?
    var onAnimationEnd: [(inout Simulation) -> Void] = []
    var deletingSince: Double?

    // The drag in progress.
    var dragOriginOffset: Double?
    /// The cell's pan: it begins the scene's `panHysteresis` from the touch-down; the movement that began it
    /// picks the side (SwipeCellKit), its translation moves the content.
    var pan: PanRecognizer
    var scrollRatio = 1.0
    var snap: (start: Double, delta: Double)?
    /// The content's displacement as the finger alone puts it (the snap's animation is added on top).
    var fingerOffset = 0.0

    var deleted: [SwipeRowDeletion] = []
    var unread: [Int] = []
    var unreadChanges: [SwipeUnreadChange] = []
    var sheet: SwipeSheetState?
    /// The row whose action presented the sheet.
    var sheetRow: Int?
    /// Work that waits for a moment (a sheet's handler runs once its dismissal is over).
    var scheduled: [(at: Double, run: (inout Simulation) -> Void)] = []
    /// The actions of the swiped row's place (`SwipeTableGeometry.sides`).
    var sides: SwipeTableGeometry
    var position = 0

    init(table: SwipeTableGeometry, start: Double, panHysteresis: Double) {
        self.table = table
        sides = table
        pan = PanRecognizer(hysteresis: panHysteresis)
        timeline = SampledTimeline(start: start)
        t = timeline.start
    }

    var layout: SwipeActionsLayout? { row == nil ? nil : sides.layout(for: orientation) }
    var configuration: SwipeActionsConfiguration? { row == nil ? nil : sides.configuration(for: orientation) }
    var cellWidth: Double { row.map { table.rows[$0].width } ?? 0 }

    mutating func record() {
        var cell: SwipeCellState? = nil
        if let row {
            cell = SwipeCellState(row: row, position: position, orientation: orientation, offset: offset, expansion: expansion,
                                  transitions: transitions, deletingFor: deletingSince.map { t - $0 })
        }
        timeline.record(SwipeSample(time: t, touch: touch, cell: cell, deletedRows: deleted, unreadToggled: unread,
                                   unreadChanges: unreadChanges, sheet: sheet))
    }

    mutating func run(_ gestures: [SwipeGesture]) {
        record()
        for g in gestures {
            switch g {
            case .touchDown(let p):
                touchDown(p)
            case .drag(let drag):
                if let from = drag.from { touchDown(from) } else if touch == nil { touchDown(drag.to) }
                let origin = touch!
                advance(drag.duration) { sim, f in sim.move(to: drag.position(from: origin, progress: f)) }
            case .path(let path):
                if touch == nil { touchDown(path.position(at: path.start)) }
                advance(path.duration) { sim, f in sim.move(to: path.position(at: path.start + f * path.duration)) }
            case .release(let velocity):
                release(velocity: velocity)
            case .wait(let seconds):
                // A finger held still sends no touches: a release after a pause has the velocity of the last
                // movement (see `move(to:)`).
                advance(seconds) { _, _ in }
            case .tap(let tap):
                touch = tap.point
                advance(tap.duration) { _, _ in }
                touch = nil
                self.tap(at: tap.point)
            }
        }
    }

    /// Moves time forward in 1 ms steps, running `body` (the finger) and then the animations each step.
    mutating func advance(_ seconds: Double, _ body: (inout Simulation, Double) -> Void) {
        let steps = ScriptClock.steps(seconds)
        for i in 0..<steps {
            t += ScriptClock.step
            body(&self, Double(i + 1) / Double(steps))
            tick()
            record()
        }
    }

    /// A row's place in the list, removed rows above it left out.
    func position(of row: Int) -> Int { row - deleted.filter { $0.row < row }.count }

    /// The row under a point, with removed rows taken out and the rows below moved up.
    func rowIndex(at p: Point) -> Int? {
        var shift = 0.0
        for (i, frame) in table.rows.enumerated() {
            if deleted.contains(where: { $0.row == i }) { shift += frame.height; continue }
            if p.y >= frame.minY - shift && p.y < frame.maxY - shift && p.x >= frame.minX && p.x < frame.maxX { return i }
        }
        return nil
    }

    mutating func touchDown(_ p: Point) {
        touch = p
        pan.touchDown(p)
        history.begin(at: t, p)
        dragOriginOffset = nil
        snap = nil
        if let r = rowIndex(at: p), r == row, deletingSince == nil {
            // Grabbing the open (or moving) cell: it continues from where it is (the animator stops).
            if let a = animation { offset = a.value(at: t) }
            animation = nil
            onAnimationEnd = []
            dragOriginOffset = offset
        }
    }

    mutating func move(to p: Point) {
        // UIKit reports a touch only when it moves, and UIPanGestureRecognizer's velocity at .ended is the one
        // of its last movement, however long the finger then rests (a pause does not zero it): TransitionStyle_
        // Reveal's row, released 0.2 s after a fast pull stopped, opens 176 -> 225 pt in 0.17 s and overshoots
        // to 227.5, which the release spring does with that pull's velocity and the 0.7 s animator cannot.
        if touch != p { history.append(at: t, p) }
        touch = p
        guard let down = pan.origin, let moved = pan.translation(to: p) else { return }
        let panDirection = pan.beginning.x
        let translation = moved.x
        if dragOriginOffset == nil {
            // A new swipe: the movement that began the pan picks the side, if it has actions.
            guard panDirection != 0, let r = rowIndex(at: down), deletingSince == nil else { return }
            let o: SwipeOrientation = panDirection > 0 ? .left : .right
            guard table.sides(at: position(of: r)).layout(for: o) != nil else { return }
            if row != r || orientation != o { begin(row: r, orientation: o) }
            dragOriginOffset = offset
        }
        guard let layout, let config = configuration, let origin = dragOriginOffset else { return }
        let s = orientation.scale
        let raw = origin + translation
        scrollRatio = 1
        let previousShown = abs(offset)
        if raw * s > 0 {
            // Pulled the wrong way: resisted towards the closed position.
            offset = raw * 0.2
            scrollRatio = Self.elasticRatio
        } else if let expansion = config.expansionStyle {
            let target = expansion.targetOffset(cellWidth: cellWidth, preferredWidth: layout.preferredWidth)
            let width = table.rows[row!].width, x0 = table.rows[row!].minX
            let location = p.x - x0
            let fromEdge = (orientation == .left ? location : width - location) / width
            let expand = expansion.shouldExpand(shown: previousShown, translation: translation, touchFromEdge: fromEdge,
                                                cellWidth: cellWidth, preferredWidth: layout.preferredWidth)
            let d = abs(raw)
            if expand && !expanded && target > d {
                // Snap out to the target; the finger's later travel counts from there.
                let shownNow = offset
                dragOriginOffset = -s * target - translation
                snap = (t, shownNow - (-s * target))
                offset = -s * target
            } else {
                offset = -s * Self.elastic(d, limit: target, ratio: expansion.targetOverscrollElasticity)
            }
            if expand != expanded { setExpanded(expand) }
        } else {
            let d = abs(raw)
            offset = -s * Self.elastic(d, limit: layout.preferredWidth, ratio: Self.elasticRatio)
            if d > layout.preferredWidth { scrollRatio = Self.elasticRatio }
        }
        fingerOffset = offset
        applySnap()
    }

    /// The expansion snap's animator (additive, on top of the finger's value) runs on its own clock: it goes on
    /// closing the gap while the finger rests. ExpansionStyle_Fill+Delete, finger still from 1.63 s (its path's
    /// end): the row goes on opening, 347 -> 355 -> 361 -> 365 pt at 1.63–1.73 s, where a snap advanced only by
    /// the finger's moves stood at 344.5.
    mutating func applySnap() {
        guard let snap else { return }
        let k = AnimationCurve.criticallyDamped(duration: SwipeTimeline.settleDuration).progress(t - snap.start)
        if k >= 1 { self.snap = nil; offset = fingerOffset } else { offset = fingerOffset + snap.delta * (1 - k) }
    }

    static let elasticRatio = SwipeTimeline.elasticScrollRatio

    /// UIPanGestureRecognizer.elasticTranslation: past `limit`, only `ratio` of the extra travel shows.
    static func elastic(_ d: Double, limit: Double, ratio: Double) -> Double {
        d > limit ? d - (1 - ratio) * (d - limit) : d
    }

    mutating func begin(row r: Int, orientation o: SwipeOrientation) {
        row = r
        position = position(of: r)
        sides = table.sides(at: position)
        orientation = o
        offset = 0
        open = false
        expanded = false
        expansion = 0
        expansionToggledAt = -1
        transitions = Array(repeating: SwipeButtonTransition(), count: sides.configuration(for: o)?.actions.count ?? 0)
        animation = nil
        onAnimationEnd = []
    }

    mutating func setExpanded(_ value: Bool) {
        guard value != expanded else { return }
        expanded = value
        expansionFrom = expansion
        expansionToggledAt = t
    }

    mutating func release(velocity given: Double?) {
        let velocity = given ?? history.velocity.x
        touch = nil
        history.clear()
        let wasDragging = dragOriginOffset != nil
        dragOriginOffset = nil
        pan.lift()
        snap = nil
        guard wasDragging, row != nil, let layout else { return }
        let s = orientation.scale
        if expanded {
            performExpandingAction()
            return
        }
        // SwipeController.targetState: anything but a fling back towards closed leaves the buttons open.
        let closing = velocity * s > 0
        open = !closing
        let target = open ? -s * layout.preferredWidth : 0
        let distance = target - offset
        let curve: AnimationCurve = velocity != 0 && abs(distance) > 0.01
            ? .release(initialVelocity: velocity * scrollRatio / distance)
            : .criticallyDamped(duration: SwipeTimeline.settleDuration)
        animate(to: target, curve: curve)
        if !open { onAnimationEnd = [{ $0.reset() }] }
    }

    mutating func animate(to target: Double, curve: AnimationCurve) {
        animation = OffsetAnimation(start: t, from: offset, to: target, curve: curve)
        onAnimationEnd = []
    }

    /// The action nearest the edge (the expanding one) is performed, by a full swipe or a tap on it.
    mutating func performExpandingAction() {
        guard let config = configuration, let expansion = config.expansionStyle, let action = config.actions.first else { return }
        setExpanded(true)
        let s = orientation.scale
        switch expansion.completion {
        case .bounce:
            apply(action.effect)
            hide()
        case .fill(_, true):
            // "Fill reverse": the demo's handler resolves the fill with .reset at once, so hideSwipe stops the
            // fill before it shows and the row closes from where it was released, on the 0.7 s animator from
            // rest: ExpansionStyle_FillReverse's row closes 303, 245, 202, 149, 107, 85, 60, 42, 31 pt at 30-40 ms
            // steps from 1.53 s, what that animator gives within 6 pt from where the snap had taken the row (about
            // 345 pt) at a release at 1.485 s (the scene's, read from the content: docs/fidelity.md). Filling to the screen's
            // edge and sliding back 0.4 s later, as this did before, the recording never shows.
            apply(action.effect)
            hide()
        case .fill(let delete, _):
            // To the screen's edge, where the expanded button stays (ExpansionStyle_Fill's Trash button is on screen at
            // the left edge under the sheet's dim; SwipeCellKit's target, the width plus a button, slides it off),
            // on the 0.3 s animator SwipeController.performFillAction asks for. See `fillDuration`.
            let end = -s * cellWidth
            animate(to: end, curve: .criticallyDamped(duration: SwipeTimeline.fillDuration))
            if delete {
                // Destructive: deleted with the fill (timing .with): the row's mask closes and the rows below
                // slide up while the button fills.
                deletingSince = t
                deleted.append(SwipeRowDeletion(row: row!, startedAt: t))
                onAnimationEnd = []
            } else {
                // The demo's handler runs with the fill (the recordings dim for the sheet as the finger lifts).
                apply(action.effect)
                onAnimationEnd = []
            }
        }
    }

    mutating func apply(_ effect: SwipeActionEffect) {
        switch effect {
        case .none: break
        case .toggleUnread:
            guard let r = row else { return }
            if let i = unread.firstIndex(of: r) { unread.remove(at: i) } else { unread.append(r) }
            unreadChanges.removeAll { $0.row == r }
            unreadChanges.append(SwipeUnreadChange(row: r, at: t))
        case .confirmDelete:
            if sheet == nil || sheet?.dismissedAt != nil {
                sheet = SwipeSheetState(presentedAt: t)
                sheetRow = row
            }
        }
    }

    /// hideSwipe: closes with the 0.7 s critically damped animator, then the actions go away.
    mutating func hide() {
        open = false
        animate(to: 0, curve: .criticallyDamped(duration: SwipeTimeline.settleDuration))
        onAnimationEnd = [{ $0.reset() }]
    }

    mutating func reset() {
        row = nil
        offset = 0
        expanded = false
        expansion = 0
        transitions = []
        animation = nil
        deletingSince = nil
    }

    mutating func tap(at p: Point) {
        if let s = sheet, s.dismissedAt == nil {
            tapSheet(at: p)
            return
        }
        guard let r = row, open || expanded, deletingSince == nil else { return }
        let frame = table.rows[r]
        guard rowIndex(at: p) == r, let layout, let config = configuration else { return }
        // Where along the swipe the tap is, from the content's edge outwards.
        let edge = orientation == .right ? frame.maxX + offset : frame.minX + offset
        let u = orientation == .right ? p.x - edge : edge - p.x
        guard u >= 0 else { hide(); return }
        let starts = layout.starts(visibleWidth: abs(offset))
        // The topmost wrapper under the tap (later ones cover earlier ones).
        guard let index = starts.lastIndex(where: { $0 <= u }) else { hide(); return }
        let action = config.actionsInViewOrder[index]
        if index == starts.count - 1, config.expansionStyle != nil {
            performExpandingAction()
        } else {
            apply(action.effect)
            hide()
        }
    }

    /// A tap while the sheet is up: its buttons dismiss it and, once it has gone, their handler runs (UIAlertController
    /// calls it after the dismissal): Delete removes the row whose action presented the sheet, Cancel closes that row
    /// if it is still open. A tap elsewhere does nothing (an iPhone action sheet has no outside dismissal).
    mutating func tapSheet(at p: Point) {
        let w = table.screenWidth
        let delete = SwipeSheetState.deleteButton(screenWidth: w).contains(p)
        guard delete || SwipeSheetState.cancelButton(screenWidth: w).contains(p) else { return }
        sheet?.dismissedAt = t
        let target = sheetRow
        sheetRow = nil
        scheduled.append((t + SwipeTimeline.sheetHandlerDelay, { sim in
            guard let target else { return }
            if delete { sim.remove(target) } else if sim.row == target { sim.hide() }
        }))
    }

    /// The demo's delete: the row goes. If it is the swiped one (filled under the sheet), its mask closes as in a
    /// fill + delete; the rows below slide up.
    mutating func remove(_ r: Int) {
        guard !deleted.contains(where: { $0.row == r }) else { return }
        deleted.append(SwipeRowDeletion(row: r, startedAt: t))
        if row == r { deletingSince = t; animation = nil; onAnimationEnd = [] }
    }

    /// One step of the animations: the content, the expansion, the button transitions and the row removal.
    mutating func tick() {
        if scheduled.contains(where: { $0.at <= t }) {
            let due = scheduled.filter { $0.at <= t }
            scheduled.removeAll { $0.at <= t }
            for job in due { job.run(&self) }
        }
        if snap != nil, animation == nil, dragOriginOffset != nil { applySnap() }
        if let a = animation {
            offset = a.value(at: t)
            if a.finished(at: t) {
                offset = a.to
                animation = nil
                let done = onAnimationEnd
                onAnimationEnd = []
                for f in done { f(&self) }
            }
        }
        if expansionToggledAt >= 0 {
            let k = AnimationCurve.criticallyDamped(duration: SwipeTimeline.expansionDuration).progress(t - expansionToggledAt)
            expansion = expansionFrom + ((expanded ? 1 : 0) - expansionFrom) * k
        }
        if let since = deletingSince, t - since >= SwipeTimeline.rowDeletionDuration, animation == nil {
            reset()
        }
        updateTransitions()
    }

    /// Fires each button's transition animation as its visible share crosses the threshold (and notes when it
    /// first shows), as SwipeActionsView.notifyVisibleWidthChanged does.
    mutating func updateTransitions() {
        guard row != nil, let layout, let config = configuration else { return }
        let widths = layout.visibleWidths(visibleWidth: abs(offset))
        let actions = config.actionsInViewOrder
        for i in transitions.indices {
            let share = layout.buttonWidth > 0 ? widths[i] / layout.buttonWidth : 0
            let threshold = actions[i].transition.threshold
            if share > 0 && transitions[i].appearedAt == nil { transitions[i].appearedAt = t }
            if share <= 0 { transitions[i].appearedAt = nil }
            let shown = share >= threshold
            if shown != transitions[i].shown {
                transitions[i].shown = shown
                transitions[i].crossedAt = t
            }
        }
    }
}
