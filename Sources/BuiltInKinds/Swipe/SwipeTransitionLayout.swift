/// Where the buttons of an actions view sit for a given visible width (SwipeTransitionLayout).
///
/// Coordinates are along the swipe, measured from the cell content's edge outwards (points), so the same numbers
/// serve both orientations: on the right they grow to the right, on the left they grow to the left. Each
/// button sits in a wrapper that starts at `start` and reaches past the far edge; wrappers later in view order
/// cover earlier ones, so a button shows from its `start` to the next one's.
public struct SwipeActionsLayout: Hashable, Sendable {
    public var style: SwipeTransitionStyle
    public var buttonCount: Int
    /// SwipeActionsView.minimumButtonWidth: every button's width.
    public var buttonWidth: Double
    /// Buttons grow into the overscroll at a quarter of it (an expansion style with elasticOverscroll).
    public var elasticOverscroll: Bool = false

    public init(style: SwipeTransitionStyle, buttonCount: Int, buttonWidth: Double, elasticOverscroll: Bool = false) {
        self.style = style; self.buttonCount = buttonCount; self.buttonWidth = buttonWidth
        self.elasticOverscroll = elasticOverscroll
    }

    /// Width of the buttons at rest, fully open.
    public var preferredWidth: Double { buttonWidth * Double(buttonCount) }

    /// MGUSwipeActionsView.contentSize.width: the visible width, or with elastic overscroll the preferred width
    /// plus a quarter of what lies beyond it. MGU adds one case to SwipeCellKit's: a lone action without elastic
    /// overscroll stops at its preferred width, so its button stays at the far edge while the cell is pulled
    /// further (ExpansionStyle_None's Unread stays on the screen's first 74 pt with the row 175 pt open).
    public func contentWidth(visibleWidth: Double) -> Double {
        if visibleWidth < preferredWidth { return visibleWidth }
        if !elasticOverscroll { return buttonCount == 1 ? preferredWidth : visibleWidth }
        return preferredWidth + (visibleWidth - preferredWidth) * 0.25
    }

    /// Start of each button's wrapper (view order), from the content's edge.
    public func starts(visibleWidth: Double) -> [Double] {
        let n = Double(buttonCount), w = buttonWidth
        let content = contentWidth(visibleWidth: visibleWidth)
        return (0..<buttonCount).map { i in
            let i = Double(i)
            switch style {
            case .border:
                return i * content / n + (visibleWidth - content)
            case .drag:
                // The view's bounds shift by (content − visible): zero unless the buttons are elastic.
                return i * w - (content - visibleWidth)
            case .reveal:
                return i * w - (w * n - visibleWidth)
            }
        }
    }

    /// How much of each button (view order) is uncovered, the measure the transition animations use.
    public func visibleWidths(visibleWidth: Double) -> [Double] {
        let w = buttonWidth
        switch style {
        case .border:
            let content = contentWidth(visibleWidth: visibleWidth)
            let each = content / Double(buttonCount) + (visibleWidth - content)
            return Array(repeating: each, count: buttonCount)
        case .drag, .reveal:
            let widths = (0..<buttonCount).map { max(0, min(w, visibleWidth - Double($0) * w)) }
            return style == .reveal ? widths.reversed() : widths
        }
    }
}
