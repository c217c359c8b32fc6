import Geometry
import LayerTree
import SceneSchema

/// CollectionViewPagingLayout's TransformableView as a value: a paged collection view scrolled by a finger script
/// (UIScrollView's physics, isPagingEnabled), whose cells a kind draws from their progress alone. Progress is
/// the library's: 0 for the page in view, 1 for the next one, −1 for the previous, fractions between, so a
/// cell's `transform(progress:)` ports as it is written for iOS.
public struct TransformablePages: Sendable {
    /// The collection view's frame on the screen.
    public let frame: Rect
    public let layout: PagingLayout
    public let timeline: ScrollTimeline

    /// `numberOfVisibleItems` is the library's `layout.numberOfVisibleItems` (nil: every cell); `startPage` the
    /// page in view before the script begins.
    public init(frame: Rect, numberOfItems: Int, numberOfVisibleItems: Int? = nil, axis: ScrollAxis = .horizontal,
                startPage: Int = 0, physics: ScrollPhysics = ScrollPhysics(decelerationRate: 0.99),
                gestures: [ScrollGesture]) {
        self.frame = frame
        layout = PagingLayout(viewSize: frame.size, numberOfItems: numberOfItems, numberOfVisibleItems: numberOfVisibleItems,
                              scrollDirection: axis)
        timeline = ScrollTimeline(layout: layout, axis: axis, physics: physics,
                                  initialOffset: layout.offset(ofPage: min(max(0, startPage), max(0, numberOfItems - 1))),
                                  itemCount: numberOfItems, gestures: gestures)
    }

    /// Seconds until the script has ended and the pages have come to rest.
    public var duration: Double { timeline.duration }

    /// The collection view at `time`: one layer a visible cell from `cell(index, progress, size)`, placed on the
    /// view's visible rect as the library's layout places it (every cell on the same spot, the transform moving
    /// it; `zPosition` −|round(progress)| unless the cell sets its own).
    public func view(at time: Double, cell: (_ index: Int, _ progress: Double, _ size: Size) -> Layer) -> Layer {
        view(contentOffset: timeline.sample(at: time).contentOffset, cell: cell)
    }

    /// The same for a given content offset (a still, or `--set contentOffset=…`).
    public func view(contentOffset: Double, cell: (_ index: Int, _ progress: Double, _ size: Size) -> Layer) -> Layer {
        var view = Layer(name: "pages", frame: frame)
        let vertical = layout.scrollDirection == .vertical
        view.bounds.origin = vertical ? Point(0, contentOffset) : Point(contentOffset, 0)
        for (index, progress) in layout.visibleItems(contentOffset: contentOffset) {
            var layer = cell(index, progress, frame.size)
            layer.bounds.size = layer.bounds.size == .zero ? frame.size : layer.bounds.size
            layer.position = Point(view.bounds.origin.x + frame.width / 2, view.bounds.origin.y + frame.height / 2)
            if layer.zPosition == 0 { layer.zPosition = -libraryRound(abs(progress)) }
            view.sublayers.append(layer)
        }
        return view
    }

    /// The recorder's touch disc at `time`, while a finger is down or lifting.
    public func touchDisc(at time: Double) -> Layer? {
        timeline.sample(at: time).touchMark.map { DeviceChrome.touchDisc($0) }
    }
}

extension ScrollGesture {
    /// The finger's steps on paged content, each with what it does there (the docs' and the designer's words).
    public static let pagedForms = fingerForms(
        wait: "time passes; a release keeps settling on its page",
        drag: "the finger moves; the pages follow it, rubber-banded past the ends",
        release: "the finger lifts; the pages settle on one (isPagingEnabled)",
        tap: "a finger touches a point and lifts")
}
