import Foundation
import RenderPreviewsKindKit

/// Which of the sample app's custom TransformableView screens is shown (the library README's flowlayout,
/// gallery and cards previews).
public enum CustomSample: String, CaseIterable, Hashable, Sendable {
    case fruits, gallery, cards

    /// The collection view's frame on the 414 × 896 pt screen, from the view controllers' xibs (safe area top 44,
    /// bottom 34, as the xibs were laid out).
    var pagesFrame: Rect {
        switch self {
        // Under the back button: 44 + 19 + 20 + 25, down to the bottom.
        case .fruits: Rect(0, 108, 414, 788)
        case .gallery: Rect(0, 0, 414, 896)
        // As tall as the screen, centred on the safe area: (44 + 862) / 2 − 448.
        case .cards: Rect(0, 5, 414, 896)
        }
    }

    /// `layout.numberOfVisibleItems` in each view controller.
    var numberOfVisibleItems: Int {
        switch self {
        case .fruits: 6
        case .gallery: 10
        case .cards: 7
        }
    }

    var axis: ScrollAxis { self == .cards ? .vertical : .horizontal }

    /// The data source's item count. Cards repeats its five cards over 100,000 items and starts in the middle;
    /// 50,000 pages of 896 pt are past the offsets PagingLayout keeps exact, so the model repeats them over
    /// 1,000 items from item 500: the same card (500 ≡ 50,000 mod 5) with the same neighbours, and no end
    /// within reach of a script.
    var itemCount: Int {
        switch self {
        case .fruits: Fruit.samples.count
        case .gallery: GalleryPhoto.samples.count
        case .cards: 1_000
        }
    }

    var firstPage: Int { self == .cards ? 500 : 0 }

    /// The view controller's view.backgroundColor.
    var background: Color {
        switch self {
        case .fruits: Color(red: 0.9529411765, green: 0.9529411765, blue: 0.9529411765)
        case .gallery: .black
        case .cards: Color(red: 0.05882352941, green: 0.06274509804, blue: 0.1137254902)
        }
    }
}

/// One of the custom-implementation screens, paged by a script.
public struct PagingCustomScene: Hashable, Sendable {
    public var canvas: Canvas
    public var framesPerSecond: Double
    public var sample: CustomSample
    public var physics: ScrollPhysics
    public var gestures: [ScrollGesture]
    /// The page shown at the start, counted from the sample's own first page.
    public var initialPage: Int
    /// Freezes the pages' scroll at this offset (`--set contentOffset=…`).
    public var frozenOffset: Double?
    public var showsTouches: Bool

    public init(canvas: Canvas, framesPerSecond: Double, sample: CustomSample, physics: ScrollPhysics, gestures: [ScrollGesture],
                initialPage: Int, frozenOffset: Double?, showsTouches: Bool) {
        self.canvas = canvas; self.framesPerSecond = framesPerSecond; self.sample = sample; self.physics = physics
        self.gestures = gestures; self.initialPage = initialPage; self.frozenOffset = frozenOffset; self.showsTouches = showsTouches
    }

    public var layout: PagingLayout {
        PagingLayout(viewSize: sample.pagesFrame.size, numberOfItems: sample.itemCount,
                     numberOfVisibleItems: sample.numberOfVisibleItems, scrollDirection: sample.axis)
    }

    public func animation(text: any TextMeasuring) -> PagingCustomAnimation { PagingCustomAnimation(scene: self, text: text) }
}

/// A custom-sample scene with its script simulated.
public struct PagingCustomAnimation: Sendable {
    public let scene: PagingCustomScene
    public let timeline: ScrollTimeline
    /// The cells' subviews laid out once (Auto Layout's frames do not change while paging).
    let fruits: [FruitPageLayout]
    let gallery: [GalleryPageLayout]

    init(scene: PagingCustomScene, text: any TextMeasuring) {
        self.scene = scene
        let layout = scene.layout
        timeline = ScrollTimeline(layout: layout, axis: scene.sample.axis, physics: scene.physics,
                                  initialOffset: layout.offset(ofPage: scene.sample.firstPage + scene.initialPage),
                                  itemCount: layout.numberOfItems, gestures: scene.gestures)
        let cell = scene.sample.pagesFrame.size
        fruits = scene.sample == .fruits ? Fruit.samples.map { FruitPageLayout(fruit: $0, cell: cell, text: text) } : []
        gallery = scene.sample == .gallery ? GalleryPhoto.samples.map { GalleryPageLayout(photo: $0, cell: cell, text: text) } : []
    }

    public var duration: Double { timeline.duration }

    public func frame(at t: Double) -> LayerScene {
        var sample = timeline.sample(at: t)
        if let frozen = scene.frozenOffset { sample.contentOffset = frozen }
        var root = Layer(name: "screen", frame: Rect(0, 0, scene.canvas.width, scene.canvas.height))
        root.backgroundColor = scene.sample.background
        root.masksToBounds = true
        let screen = CustomScreen(scene: scene, contentOffset: sample.contentOffset)
        switch scene.sample {
        case .fruits: root.sublayers = screen.fruits(fruits)
        case .gallery: root.sublayers = screen.gallery(gallery, rest: galleryRest(at: t))
        case .cards: root.sublayers = screen.cards()
        }
        if scene.showsTouches, let mark = sample.touchMark { root.sublayers.append(DeviceChrome.touchDisc(mark)) }
        return LayerScene(canvas: scene.canvas, root: root)
    }

    /// How long the gallery has rested on a page at `t` (the cells' progress exactly 0 starts their text
    /// animators), whether it has moved at all since the start, and how long each page has rested in all (its
    /// photo's zoom runs only then). Every item has a cell of its own (10 visible, 8 items), so no animator
    /// passes from one photo to another.
    func galleryRest(at t: Double) -> GalleryRest {
        if scene.frozenOffset != nil { return GalleryRest(seconds: nil, hasScrolled: true) }
        let samples = timeline.samples
        guard !samples.isEmpty else { return GalleryRest(seconds: nil, hasScrolled: false) }
        let step = ScriptClock.step
        let last = min(samples.count - 1, max(0, Int((t / step).rounded())))
        let page = scene.layout.pageLength
        func restingPage(_ offset: Double) -> Int? {
            guard page > 0 else { return nil }
            let index = (offset / page).rounded()
            return offset == index * page ? Int(index) : nil
        }
        let offset = samples[last].contentOffset
        var first = last
        while first > 0, samples[first - 1].contentOffset == offset { first -= 1 }
        var rested: [Int: Double] = [:]
        for sample in samples[..<last] {
            if let index = restingPage(sample.contentOffset) { rested[index, default: 0] += step }
        }
        return GalleryRest(seconds: restingPage(offset) != nil ? Double(last - first) * step : nil, hasScrolled: first > 0,
                           restedByPage: rested)
    }
}

/// The gallery's settled state: seconds since the scroll came to rest on a page (nil while it moves), whether
/// it ever moved, and each page's seconds at rest so far.
struct GalleryRest: Hashable, Sendable {
    var seconds: Double?
    var hasScrolled: Bool
    var restedByPage: [Int: Double] = [:]
}

/// One frame of a custom sample's screen: the collection view's cells, each given its progress, and the
/// view controller's chrome.
struct CustomScreen {
    let scene: PagingCustomScene
    let contentOffset: Double

    /// The collection view with its visible cells; every cell takes the visible rect (CollectionViewPagingLayout),
    /// ordered by the cell's zPosition.
    func pages(_ cell: (_ index: Int, _ progress: Double, _ size: Size) -> Layer) -> Layer {
        let frame = scene.sample.pagesFrame
        var view = Layer(name: "pages", frame: frame)
        let vertical = scene.sample.axis == .vertical
        view.bounds.origin = vertical ? Point(0, contentOffset) : Point(contentOffset, 0)
        for (index, progress) in scene.layout.visibleItems(contentOffset: contentOffset) {
            var layer = cell(index, progress, frame.size)
            layer.position = Point(view.bounds.origin.x + frame.width / 2, view.bounds.origin.y + frame.height / 2)
            view.sublayers.append(layer)
        }
        return view
    }
}

extension ScrollGesture {
    static let customForms = fingerForms(
        wait: "time passes; a release keeps settling on its page",
        drag: "the finger moves; the pages follow it, rubber-banded past the ends",
        release: "the finger lifts; the pages settle on one (isPagingEnabled)",
        tap: "a finger touches a point and lifts; nothing else happens (the samples' buttons are not modelled)")
}
