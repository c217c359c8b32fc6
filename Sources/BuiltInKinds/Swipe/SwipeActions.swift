import RenderPreviewsKindKit

/// Which edge of the cell the actions come from, in the reading direction: leading is on the left in
/// left-to-right layouts and on the right in right-to-left ones.
public enum SwipeSide: String, Hashable, Sendable, CaseIterable {
    case leading, trailing
}

/// SwipeActionsOrientation: the screen side the actions view sits on (left = -1, right = +1).
public enum SwipeOrientation: Double, Hashable, Sendable {
    case left = -1
    case right = 1

    public var scale: Double { rawValue }

    public init(side: SwipeSide, rightToLeft: Bool) {
        switch (side, rightToLeft) {
        case (.leading, false), (.trailing, true): self = .left
        case (.trailing, false), (.leading, true): self = .right
        }
    }
}

public enum SwipeActionStyle: String, Hashable, Sendable, CaseIterable {
    case `default`, destructive
}

/// The per-button animation played as a button's visible share crosses the threshold.
public enum SwipeTransitionAnimationKind: String, Hashable, Sendable, CaseIterable {
    case none, `default`, spring, rotate, favorite
}

public struct SwipeTransitionAnimation: Hashable, Sendable {
    public var kind: SwipeTransitionAnimationKind
    /// MGUSwipeTransitionAnimation's: 0.15 s, 0.3 s for the spring.
    public var duration: Double
    public var initialScale: Double = 0.8
    /// Share of the button's width that must be visible (0...1).
    public var threshold: Double = 0.5

    public init(_ kind: SwipeTransitionAnimationKind, duration: Double? = nil, initialScale: Double = 0.8, threshold: Double = 0.5) {
        self.kind = kind; self.duration = duration ?? (kind == .spring ? 0.3 : 0.15)
        self.initialScale = initialScale; self.threshold = threshold
    }

    public static let none = SwipeTransitionAnimation(.none)
}

/// One button behind the cell.
public struct SwipeAction: Hashable, Sendable {
    public var title: String?
    public var icon: Icon?
    /// nil: the style's color (systemRed for destructive, systemGray3 otherwise).
    public var backgroundColor: Color?
    public var textColor: Color?
    public var highlightedBackgroundColor: Color?
    public var highlightedTextColor: Color?
    public var style: SwipeActionStyle = .default
    public var transition: SwipeTransitionAnimation = .none
    /// What the action does when it is performed (the demo's handlers).
    public var effect: SwipeActionEffect = .none

    public init(title: String?, icon: Icon?, backgroundColor: Color? = nil, style: SwipeActionStyle = .default) {
        self.title = title; self.icon = icon; self.backgroundColor = backgroundColor; self.style = style
    }

    /// The fill behind the button, as SwipeActionButtonWrapperView picks it.
    public var resolvedBackgroundColor: Color {
        backgroundColor ?? (style == .destructive ? .systemRed : .systemGray3)
    }
}

/// The demo's action handlers, as far as they show on screen.
public enum SwipeActionEffect: String, Hashable, Sendable, CaseIterable {
    case none
    /// Toggles the row's unread dot (Read / Unread).
    case toggleUnread
    /// Presents the "Delete" action sheet.
    case confirmDelete
}

public enum SwipeTransitionStyle: String, Hashable, Sendable, CaseIterable {
    /// Buttons share the visible width equally, each uncovered from its leading edge.
    case border
    /// Buttons keep their width and travel with the cell's edge.
    case drag
    /// Buttons stay put under the cell and are uncovered one by one.
    case reveal
}

public enum SwipeButtonDisplayMode: String, Hashable, Sendable, CaseIterable {
    case imageTitle, imageOnly, titleOnly
}

public enum SwipeButtonStyle: String, Hashable, Sendable, CaseIterable {
    /// Each button fills its slot with the action's color.
    case backgroundColor
    /// A round button in the action's color on the actions view's background, the title below in that color.
    case circular
}

public enum SwipeVerticalAlignment: String, Hashable, Sendable, CaseIterable {
    /// Image and title centered as a block whose title height is one unwrapped line.
    case centerFirstBaseline
    case center
}

/// MGUSwipeExpansionStyle: when a swipe goes past the buttons far enough, the first action takes the row.
public struct SwipeExpansionStyle: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        /// A share of the cell's width.
        case percentage(Double)
        /// The cell's width less this inset.
        case edgeInset(Double)
    }

    public enum Trigger: Hashable, Sendable {
        /// The finger is this share of the width away from the actions' edge.
        case touchThreshold(Double)
        /// The swipe goes this far past the buttons.
        case overscroll(Double)
    }

    public enum Completion: Hashable, Sendable {
        /// The cell springs back closed (selection).
        case bounce
        /// The button fills the row; `delete` removes the row (rows below slide up); `reverse` runs the handler
        /// and closes the cell at once, before the fill shows (the demo resets it).
        case fill(delete: Bool, reverse: Bool)
    }

    public var target: Target
    public var triggers: [Trigger] = []
    /// Buttons grow into the overscroll (at a quarter of it) instead of leaving a gap.
    public var elasticOverscroll: Bool = false
    public var completion: Completion = .bounce
    public var minimumTargetOverscroll: Double = 20
    public var targetOverscrollElasticity: Double = 0.2
    public var minimumExpansionTranslation: Double = 8

    public init(target: Target, triggers: [Trigger] = [], elasticOverscroll: Bool = false, completion: Completion = .bounce) {
        self.target = target; self.triggers = triggers; self.elasticOverscroll = elasticOverscroll; self.completion = completion
    }

    /// MGU's selection has no elastic overscroll (SwipeCellKit's has): its lone button stays at the far edge
    /// while the row is pulled towards the target, as ExpansionStyle_Selecton shows from 1.07 to 1.17 s.
    public static let selection = SwipeExpansionStyle(target: .percentage(0.5), completion: .bounce)
    public static let fill = SwipeExpansionStyle(target: .edgeInset(30), triggers: [.overscroll(30)], completion: .fill(delete: false, reverse: false))
    public static let fillDelete = SwipeExpansionStyle(target: .edgeInset(30), triggers: [.touchThreshold(0.8)], completion: .fill(delete: true, reverse: false))
    public static let fillReverse = SwipeExpansionStyle(target: .edgeInset(30), triggers: [.overscroll(30)], completion: .fill(delete: false, reverse: true))

    /// How far the cell must be swiped to expand: the target, but at least the buttons plus the minimum overscroll.
    public func targetOffset(cellWidth: Double, preferredWidth: Double) -> Double {
        let offset: Double
        switch target {
        case .percentage(let p): offset = cellWidth * p
        case .edgeInset(let inset): offset = cellWidth - inset
        }
        return max(preferredWidth + minimumTargetOverscroll, offset)
    }

    /// SwipeExpansionStyle.shouldExpand: `shown` is the cell's current displacement, `translation` the finger's
    /// travel, `touchFromEdge` the finger's share of the width measured from the side opposite the actions.
    public func shouldExpand(shown: Double, translation: Double, touchFromEdge: Double, cellWidth: Double, preferredWidth: Double) -> Bool {
        guard abs(translation) > minimumExpansionTranslation else { return false }
        let delta = shown.rounded(.down)
        if delta <= preferredWidth { return false }
        if delta > targetOffset(cellWidth: cellWidth, preferredWidth: preferredWidth) { return true }
        for trigger in triggers {
            switch trigger {
            case .touchThreshold(let v): if touchFromEdge > v { return true }
            case .overscroll(let v): if shown > preferredWidth + v { return true }
            }
        }
        return false
    }
}

/// MGUSwipeActionsConfiguration (SwipeOptions): the actions of one side and how they look and behave.
public struct SwipeActionsConfiguration: Hashable, Sendable {
    /// In the order given by the app: the first is nearest the cell's edge and is the one that expands.
    public var actions: [SwipeAction]
    public var transitionStyle: SwipeTransitionStyle = .border
    public var expansionStyle: SwipeExpansionStyle? = nil
    /// Behind the buttons (systemGray5 by default; circular buttons use systemGray6 in the demo).
    public var backgroundColor: Color? = nil
    public var minimumButtonWidth: Double? = nil
    public var maximumButtonWidth: Double? = nil
    public var buttonPadding: Double? = nil
    public var buttonSpacing: Double? = nil
    public var buttonVerticalAlignment: SwipeVerticalAlignment = .centerFirstBaseline
    public var buttonDisplayMode: SwipeButtonDisplayMode = .imageTitle
    public var buttonStyle: SwipeButtonStyle = .backgroundColor

    public init(actions: [SwipeAction]) { self.actions = actions }

    /// The actions in the actions view's subview order (reversed: the expanding action is drawn last, on top).
    public var actionsInViewOrder: [SwipeAction] { actions.reversed() }

    /// Every button gets the same width: the widest preferred width, at least the minimum (74 unless set)
    /// and at most the maximum ((cell width − 30) / count unless set). `titleWidth` measures a title at the
    /// button font.
    public func buttonWidth(cellWidth: Double, titleWidth: (String) -> Double, imageWidth: Double) -> Double {
        guard !actions.isEmpty else { return 0 }
        let maximum = maximumButtonWidth ?? (cellWidth - 30) / Double(actions.count)
        let minimum = minimumButtonWidth ?? min(maximum, 74)
        let padding = buttonPadding ?? 8
        return actions.reduce(minimum) { widest, action in
            let text = buttonDisplayMode == .imageOnly ? 0 : action.title.map(titleWidth) ?? 0
            let image = buttonDisplayMode == .titleOnly || action.icon == nil ? 0 : imageWidth
            return max(widest, min(maximum, max(text, image) + 2 * padding))
        }
    }
}

extension Color {
    /// UIKit's light-mode system colors (as the references show them).
    public static let systemRed = Color(hex: "#FF3B30")!
    public static let systemOrange = Color(hex: "#FF9500")!
    public static let systemBlue = Color(hex: "#007AFF")!
    public static let systemGray = Color(hex: "#8E8E93")!
    public static let systemGray2 = Color(hex: "#AEAEB2")!
    public static let systemGray3 = Color(hex: "#C7C7CC")!
    public static let systemGray5 = Color(hex: "#E5E5EA")!
    public static let systemGray6 = Color(hex: "#F2F2F7")!
}
