import Foundation
import Geometry

/// A drag-and-drop session (UIDragInteraction with a drop target), driven by a finger: a long press lifts the
/// item under it (after `longPressDelay`, if the finger has not moved more than `allowableMovement`), the
/// preview grows and follows the finger, and on release it flies to the drop target if the finger is over it,
/// else back to where it came from. Fed one finger state per script step; kinds say what is under a point.
public struct DragSession: Sendable {
    public struct Parameters: Hashable, Sendable {
        /// From touch-down to the start of the lift (MiniTimer_2: the card starts growing 0.35 s after the
        /// finger shows).
        public var longPressDelay = 0.35
        /// UILongPressGestureRecognizer.allowableMovement: more and the press fails (a swipe or a scroll).
        public var allowableMovement = 10.0
        /// The lift: the preview grows to `liftScale` (MiniTimer_2: 254.4 → 265.6 pt in 0.25 s).
        public var liftDuration = 0.25
        public var liftScale = 1.044
        /// The drop: the preview flies to the target's centre, then settles into the target's size.
        public var dropMoveDuration = 0.35
        public var dropSettleDuration = 0.35
        /// A cancelled drag flies back in this time.
        public var cancelDuration = 0.3

        public init() {}
    }

    public enum Phase: Hashable, Sendable {
        case idle
        /// The finger is down, waiting for the long press.
        case pressing
        /// The press moved too far (a swipe or a scroll has the touch): nothing until the finger lifts.
        case failed
        case lifted
        case dropping
        case cancelling
    }

    /// The session at one instant.
    public struct State: Hashable, Sendable {
        public var phase: Phase = .idle
        /// The item being dragged (the kind's index) and where it was when lifted.
        public var item: Int?
        public var sourceCenter: Point = .zero
        /// The finger's offset from the item's centre at the lift (the preview keeps it).
        public var grab: Point = .zero
        /// The preview's centre and scale, and how far the lift went (0…1; the shadow follows it).
        public var center: Point = .zero
        public var scale = 1.0
        public var lift = 0.0
        /// When the lift started, the finger first moved after it, the preview entered the target, and the
        /// finger lifted (scene seconds).
        public var liftedAt: Double?
        public var movedAt: Double?
        public var enteredTargetAt: Double?
        public var releasedAt: Double?
        /// 0…1 of the drop's settle (the preview into the target's size); 1 once dropped.
        public var settle = 0.0
        /// The item was dropped into the target at this time (the drop animation's end).
        public var droppedAt: Double?
    }

    public let parameters: Parameters
    /// The drop target on the screen (the kind sizes the dropped item as `settle` goes to 1).
    public let target: Rect
    public private(set) var state = State()
    private var downAt = 0.0
    private var downPoint = Point.zero
    private var from = Point.zero
    private var fromScale = 1.0

    public init(parameters: Parameters, target: Rect) {
        self.parameters = parameters; self.target = target
    }

    /// One step: the finger at `touch` (nil when up) at time `t`; `item` gives the item under a point and its
    /// centre (the kind knows where its items are).
    public mutating func step(at t: Double, touch: Point?, item: (Point) -> (index: Int, center: Point)?) {
        let p = parameters
        switch state.phase {
        case .idle:
            if let touch, state.droppedAt == nil {
                state.phase = .pressing
                downAt = t
                downPoint = touch
            }
        case .pressing:
            guard let touch else { state.phase = .idle; return }
            if hypot(touch.x - downPoint.x, touch.y - downPoint.y) > p.allowableMovement { state.phase = .failed; return }
            if t - downAt >= p.longPressDelay, let hit = item(touch) {
                state.phase = .lifted
                state.item = hit.index
                state.sourceCenter = hit.center
                state.grab = Point(touch.x - hit.center.x, touch.y - hit.center.y)
                state.center = hit.center
                state.liftedAt = t
            }
        case .failed:
            if touch == nil { state.phase = .idle }
        case .lifted:
            let k = TimingCurve.easeOut(min(1, (t - (state.liftedAt ?? t)) / p.liftDuration))
            state.lift = k
            state.scale = 1 + (p.liftScale - 1) * k
            if let touch {
                let c = Point(touch.x - state.grab.x, touch.y - state.grab.y)
                if state.movedAt == nil, hypot(c.x - state.center.x, c.y - state.center.y) > 0.5 { state.movedAt = t }
                state.center = c
                let over = target.contains(c)
                if over && state.enteredTargetAt == nil { state.enteredTargetAt = t }
                if !over { state.enteredTargetAt = nil }
            } else {
                state.releasedAt = t
                from = state.center
                fromScale = state.scale
                state.phase = state.enteredTargetAt != nil ? .dropping : .cancelling
            }
        case .dropping:
            let dt = t - (state.releasedAt ?? t)
            let move = TimingCurve.easeOut(min(1, dt / p.dropMoveDuration))
            let goal = Point(target.midX, target.midY)
            state.center = Point(from.x + (goal.x - from.x) * move, from.y + (goal.y - from.y) * move)
            let settle = TimingCurve.easeInOut(min(1, max(0, (dt - p.dropMoveDuration) / p.dropSettleDuration)))
            state.settle = settle
            state.scale = fromScale
            state.lift = 1 - settle
            if dt >= p.dropMoveDuration + p.dropSettleDuration {
                state.phase = .idle
                state.droppedAt = t
            }
        case .cancelling:
            let dt = t - (state.releasedAt ?? t)
            let k = TimingCurve.easeInOut(min(1, dt / p.cancelDuration))
            state.center = Point(from.x + (state.sourceCenter.x - from.x) * k, from.y + (state.sourceCenter.y - from.y) * k)
            state.scale = fromScale + (1 - fromScale) * k
            state.lift = 1 - k
            if k >= 1 { state = State() }
        }
    }
}
