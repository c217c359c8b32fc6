import Foundation
import RenderPreviewsKindKit

/// One row of the demo list: an icon (SF Symbol in the original), a title and an italic subtitle.
public struct FlowItem: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var icon: Icon
    public var color: Color
    public var enclosure: IconEnclosure
    public var badge: IconBadge?

    public init(title: String, subtitle: String, icon: Icon, color: Color, enclosure: IconEnclosure = .none,
                badge: IconBadge? = nil) {
        self.title = title; self.subtitle = subtitle; self.icon = icon; self.color = color; self.enclosure = enclosure
        self.badge = badge
    }
}

/// SF Symbols' `.badge.…` variants: a small disc of its own color at a corner of the icon, a glyph cut out of
/// it in white and a gap around it (VegaStyle: 11 pt across, 10 pt right or 8 pt left of the icon's center
/// and 5 pt below it or 3 pt above).
public struct IconBadge: Hashable, Sendable {
    public enum Corner: String, Hashable, Sendable, CaseIterable { case topRight, bottomRight, bottomLeft }
    public var icon: Icon
    public var color: Color
    public var corner: Corner

    public init(icon: Icon, color: Color, corner: Corner = .bottomRight) {
        self.icon = icon; self.color = color; self.corner = corner
    }

    /// The badge's center from the icon's.
    var offset: Point {
        switch corner {
        case .topRight: Point(10, -3.3)
        case .bottomRight: Point(9.7, 5.3)
        case .bottomLeft: Point(-8, 5.3)
        }
    }

    /// systemGreen's plus, the badge most of the demo's symbols carry.
    public static let plus = IconBadge(icon: .plus, color: Color(hex: "#34C759")!)
}

/// What surrounds a cell's icon, as SF Symbols' `.circle` and `.circle.fill` variants draw it: a ring of the
/// color around the glyph, or a disc of the color with the glyph cut out in white.
public enum IconEnclosure: String, Hashable, Sendable, CaseIterable {
    case none
    case circle
    case filledCircle = "circle.fill"
}

/// How the demo cells look: MGUFlowFoldCell (square, a hairline stroke, darkening overlays as it folds) or
/// MGUFlowCell (a rounded card with a soft shadow).
public enum FlowCellStyle: String, Hashable, Sendable, CaseIterable {
    case folding, card
}

/// The screen around the flow view: status bar and navigation bar of the demo app.
public struct FlowChrome: Hashable, Sendable {
    public var title: String
    public var backTitle: String = "MGUFlowView"
    /// The reversed demo's UIStepper (minus and plus) at the right of the navigation bar.
    public var showsStepper: Bool = false
    public var time: String = "1:12"
    public var homeIndicator: HomeIndicatorStyle = .dark
    /// systemMint, the demo's navigation bar.
    public var barColor: Color = Color(hex: "#00C7BE")!
    public var background: Color = .white

    public init(title: String) { self.title = title }
}

/// A MGUFlowView preview: the layout, its items, the screen around it and a scripted scroll.
public struct FlowScene: Hashable, Sendable {
    public var canvas: Canvas
    public var framesPerSecond: Double
    /// The flow view's frame on the screen (below the navigation bar).
    public var viewFrame: Rect
    public var layout: FlowLayout
    public var physics: ScrollPhysics
    public var cellStyle: FlowCellStyle
    public var items: [FlowItem]
    public var chrome: FlowChrome
    public var gestures: [ScrollGesture]
    public var initialOffset: Double?
    /// Freezes the scroll at this offset for every frame (`--set contentOffset=…`).
    public var frozenOffset: Double?
    public var showsTouches: Bool
    /// The recorder's trail behind a moving finger (with `showsTouches`).
    public var showsTouchTrail = true
    /// The demo menu and the push that open the scene, if any.
    public var intro: NavigationIntro?
    /// The indicator bar (systemTeal, 5 pt, radius 2.5).
    public var indicatorColor: Color = Color(hex: "#30B0C7")!

    public init(canvas: Canvas, framesPerSecond: Double, viewFrame: Rect, layout: FlowLayout, physics: ScrollPhysics,
                cellStyle: FlowCellStyle, items: [FlowItem], chrome: FlowChrome, gestures: [ScrollGesture],
                initialOffset: Double? = nil, frozenOffset: Double? = nil, showsTouches: Bool = true,
                intro: NavigationIntro? = nil) {
        self.canvas = canvas; self.framesPerSecond = framesPerSecond; self.viewFrame = viewFrame; self.layout = layout
        self.physics = physics; self.cellStyle = cellStyle; self.items = items; self.chrome = chrome
        self.gestures = gestures; self.initialOffset = initialOffset; self.frozenOffset = frozenOffset
        self.showsTouches = showsTouches; self.intro = intro
    }

    /// The bar's stepper, when it shows one.
    var stepper: FlowStepper? {
        chrome.showsStepper ? FlowStepper(screenWidth: canvas.width, barBottom: viewFrame.minY) : nil
    }

    /// Runs the scroll script once; frames are then cheap to take. `text` measures the bar's titles.
    public func animation(measuring text: any TextMeasuring) -> FlowAnimation { FlowAnimation(scene: self, text: text) }
}

/// A flow scene with its scroll simulated: frame `i` is at time i / fps.
public struct FlowAnimation: Sendable {
    public let scene: FlowScene
    public let timeline: ScrollTimeline
    let text: any TextMeasuring

    init(scene: FlowScene, text: any TextMeasuring) {
        self.scene = scene
        self.text = text
        var layout = scene.layout
        layout.viewSize = scene.viewFrame.size
        layout.numberOfItems = min(layout.numberOfItems, scene.items.count)
        let stepper = scene.stepper, maximum = scene.items.count
        timeline = ScrollTimeline(layout: layout, physics: scene.physics,
                                  initialOffset: scene.initialOffset ?? (layout.reversed ? layout.maxContentOffset : 0),
                                  itemCount: layout.numberOfItems, gestures: scene.gestures,
                                  pressed: { tap, count in stepper?.action(at: tap.point, itemCount: count, maximum: maximum) })
    }

    public var duration: Double { timeline.duration }


    public func frame(at t: Double) -> LayerScene {
        var s = timeline.sample(at: t, trail: scene.showsTouches && scene.showsTouchTrail)
        if let frozen = scene.frozenOffset { s.contentOffset = frozen }
        let lit = scene.stepper?.highlight(in: timeline, at: t, maximum: scene.items.count)
        let screen = FlowScreenBuilder(scene: scene, sample: s, text: text, stepperHighlight: lit)
        if let intro = scene.intro,
           let root = intro.frame(at: t, canvas: scene.canvas, barHeight: scene.viewFrame.minY, time: scene.chrome.time,
                                  homeIndicator: scene.chrome.homeIndicator, showsTouches: scene.showsTouches, text: text,
                                  pushed: { screen.build().root }) {
            return LayerScene(canvas: scene.canvas, root: root)
        }
        return screen.build()
    }
}
