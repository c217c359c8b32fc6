import Foundation
import RenderPreviewsKindKit

/// Which of the library's transform views the cells are, with its options; none lays the pages side by side
/// (the layout's frames for cells that are not TransformableView).
public enum PageTransformer: Hashable, Sendable {
    case none
    case scale(ScaleOptions)
    case stack(StackOptions)
    /// SnapshotTransformView: the card is cut into pieces (PagingScreen.snapshotPieces).
    case snapshot(SnapshotOptions)

    /// The transform of the card view itself; nil for plain cells and for snapshot cells, whose card stays
    /// put while its pieces move.
    public func transform(progress: Double, size: Size) -> PageTransform? {
        switch self {
        case .none, .snapshot: nil
        case .scale(let o): o.transform(progress: progress, size: size)
        case .stack(let o): o.transform(progress: progress, size: size)
        }
    }

    /// Cells of a TransformableView all take the visible rect; plain cells sit on their own pages.
    public var isTransformable: Bool { self != .none }
}

/// One entry of the Shapes demo's layout strip: the preset it selects, how it is labelled and drawn, and the
/// card colours that go with it.
public struct ShapesLayoutEntry: Hashable, Sendable {
    public var transformer: PageTransformer
    public var title: String
    public var subtitle: String
    /// The asset catalog's icon (a vector PDF in the sample).
    public var icon: String
    public var colors: [Color]
}

/// One card: a symbol and its name.
public struct ShapeCard: Hashable, Sendable {
    public var title: String
    public var symbol: ShapeSymbol

    public init(title: String, symbol: ShapeSymbol) { self.title = title; self.symbol = symbol }

    /// ShapesViewModel's eight.
    public static let demo: [ShapeCard] = [
        ShapeCard(title: "Hexagon", symbol: .hexagon), ShapeCard(title: "Rectangle", symbol: .rectangle),
        ShapeCard(title: "Shield", symbol: .shield), ShapeCard(title: "App", symbol: .app),
        ShapeCard(title: "Triangle", symbol: .triangle), ShapeCard(title: "Circle", symbol: .circle),
        ShapeCard(title: "Square", symbol: .square), ShapeCard(title: "Capsule", symbol: .capsule),
    ]
}

/// The Shapes demo screen of CollectionViewPagingLayout's sample app, paged by a script.
public struct PagingScene: Hashable, Sendable {
    public var canvas: Canvas
    public var framesPerSecond: Double
    /// The layout strip's entries (the group the screen was opened with) and the one selected at the start.
    public var entries: [ShapesLayoutEntry]
    public var selected: Int
    public var cards: [ShapeCard]
    /// The pages' collection view on the screen.
    public var pagesFrame = PagingScene.defaultPagesFrame
    public static let defaultPagesFrame = Rect(0, 113, 414, 571)
    /// The layout strip's collection view.
    public var stripFrame = Rect(0, 684, 414, 212)
    public var physics: ScrollPhysics
    public var gestures: [ScrollGesture]
    public var initialPage: Int
    /// Freezes the pages' scroll at this offset (`--set contentOffset=…`).
    public var frozenOffset: Double?
    public var showsTouches: Bool
    public var showsBackButton = true
    /// The layout strip under the pages (absent for plain pages).
    public var showsLayoutStrip = true
    public var background = Color(red: 0.9529411765, green: 0.9529411765, blue: 0.9529411765)

    public init(canvas: Canvas, framesPerSecond: Double, entries: [ShapesLayoutEntry], selected: Int, cards: [ShapeCard],
                physics: ScrollPhysics, gestures: [ScrollGesture], initialPage: Int, frozenOffset: Double?, showsTouches: Bool) {
        self.canvas = canvas; self.framesPerSecond = framesPerSecond; self.entries = entries; self.selected = selected
        self.cards = cards; self.physics = physics; self.gestures = gestures; self.initialPage = initialPage
        self.frozenOffset = frozenOffset; self.showsTouches = showsTouches
    }

    public var layout: PagingLayout {
        PagingLayout(viewSize: pagesFrame.size, numberOfItems: cards.count)
    }

    public func animation() -> PagingAnimation { PagingAnimation(scene: self) }
}

/// A paging scene with its script simulated: the pages' scroll, and the strip's selection over time.
public struct PagingAnimation: Sendable {
    public let scene: PagingScene
    public let timeline: ScrollTimeline
    public let strip: StripTimeline
    let art: PagingArt

    init(scene: PagingScene) {
        self.scene = scene
        art = PagingArt(scene: scene)
        let layout = scene.layout
        // Taps on the strip select a layout; they do not touch the pages.
        strip = StripTimeline(scene: scene)
        timeline = ScrollTimeline(layout: layout, axis: .horizontal, physics: scene.physics,
                                  initialOffset: layout.offset(ofPage: scene.initialPage), itemCount: layout.numberOfItems,
                                  gestures: scene.gestures)
    }

    public var duration: Double { timeline.duration }

    public func frame(at t: Double) -> LayerScene {
        var sample = timeline.sample(at: t)
        if let frozen = scene.frozenOffset { sample.contentOffset = frozen }
        return PagingScreen(scene: scene, sample: sample, strip: strip.state(at: t), art: art).build()
    }
}

/// The layout strip: a CollectionViewPagingLayout of its own over 10,000 items (the entries repeated), started
/// in the middle. A tap on an entry pages the strip to it (an animated setContentOffset) and, once it is there,
/// the pages reload with that entry's layout.
public struct StripTimeline: Hashable, Sendable {
    /// UIScrollView's animated setContentOffset, as the strip's setCurrentPage uses it.
    public static let scrollDuration = 0.3
    public static let itemCount = 10_000

    struct Move: Hashable, Sendable {
        var start: Double
        var from: Int
        var to: Int
    }
    let moves: [Move]
    let firstPage: Int
    let pageWidth: Double

    public struct State: Hashable, Sendable {
        /// The strip's content offset in points.
        public var contentOffset: Double
        /// The strip item whose entry the pages show.
        public var selectedPage: Int
    }

    init(scene: PagingScene) {
        let count = max(1, scene.entries.count)
        let middle = Self.itemCount / 2
        let first = middle - middle % count + scene.selected
        let width = scene.stripFrame.width
        var moves: [Move] = []
        var t = 0.0
        var page = first
        for gesture in scene.gestures {
            if case .tap(let tap) = gesture, scene.stripFrame.contains(tap.point) {
                // The strip's cells all fill its frame; the tap goes to the circle nearest to the finger.
                let state = Self.state(moves: moves, time: t, pageWidth: width, firstPage: first)
                let target = StripGeometry(frame: scene.stripFrame).item(at: tap.point, contentOffset: state.contentOffset)
                if let target, target != page {
                    moves.append(Move(start: t + tap.duration, from: page, to: target))
                    page = target
                }
            }
            t += gesture.seconds
        }
        self.moves = moves
        firstPage = first
        pageWidth = width
    }

    public func state(at t: Double) -> State { Self.state(moves: moves, time: t, pageWidth: pageWidth, firstPage: firstPage) }

    private static func state(moves: [Move], time t: Double, pageWidth: Double, firstPage: Int) -> State {
        var offset = Double(firstPage) * pageWidth
        var selected = firstPage
        for move in moves where move.start <= t {
            let k = min(1, (t - move.start) / scrollDuration)
            let eased = TimingCurve.easeInOut(k)
            offset = (Double(move.from) + (Double(move.to - move.from)) * eased) * pageWidth
            if k >= 1 { selected = move.to }
        }
        return State(contentOffset: offset, selectedPage: selected)
    }
}
