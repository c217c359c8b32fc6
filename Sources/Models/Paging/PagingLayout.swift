import Foundation
import Geometry

/// CollectionViewPagingLayout: every visible cell's frame is the collection view's visible rect, and each cell
/// is told its `progress`, page index − contentOffset / page length (0 centred, 1 a page ahead).
public struct PagingLayout: Hashable, Sendable {
    public var viewSize: Size
    public var numberOfItems: Int
    /// How many cells get attributes around the current page; nil: all of them.
    public var numberOfVisibleItems: Int?
    public var scrollDirection: ScrollAxis = .horizontal

    public init(viewSize: Size, numberOfItems: Int, numberOfVisibleItems: Int? = nil, scrollDirection: ScrollAxis = .horizontal) {
        self.viewSize = viewSize; self.numberOfItems = numberOfItems
        self.numberOfVisibleItems = numberOfVisibleItems; self.scrollDirection = scrollDirection
    }

    /// One page: the view's width (or height, scrolling vertically).
    public var pageLength: Double { scrollDirection == .horizontal ? viewSize.width : viewSize.height }

    /// Offsets are kept to a range where page arithmetic stays exact and integer conversions cannot trap.
    public static let offsetLimit = 1e7

    /// The items that get attributes at `contentOffset`, with their progress, as layoutAttributesForElements
    /// picks them: a window of numberOfVisibleItems around the nearest page, shifted to stay inside the items.
    public func visibleItems(contentOffset: Double) -> [(index: Int, progress: Double)] {
        let offset = min(Self.offsetLimit, max(-Self.offsetLimit, contentOffset))
        let scroll = offset / max(pageLength, 1)
        let count = numberOfVisibleItems ?? numberOfItems
        let mid = count / 2
        let current = Int(libraryRound(scroll))
        var start = current - mid
        var end = current + mid
        if count % 2 != 0 {
            if current < mid { start -= 1 } else { end += 1 }
        }
        let startOutside = max(0, -start)
        let endOutside = max(0, end - numberOfItems)
        let first = max(0, start - endOutside)
        let last = min(numberOfItems, end + startOutside)
        guard first < last else { return [] }
        return (first..<last).map { ($0, Double($0) - scroll) }
    }

    /// setCurrentPage's offset for `page`, kept inside the content.
    public func offset(ofPage page: Int) -> Double {
        min(max(0, pageLength * Double(page)), maxContentOffset)
    }

    /// The page under the offset, as the layout's currentPage reports it.
    public func page(at contentOffset: Double) -> Int {
        let offset = min(Self.offsetLimit, max(-Self.offsetLimit, contentOffset))
        return pageLength > 0 ? Int(libraryRound(offset / pageLength)) : 0
    }
}

extension PagingLayout: ScrollableLayout {
    public var maxContentOffset: Double { max(0, Double(numberOfItems) * pageLength - pageLength) }
    public var visibleLength: Double { pageLength }

    /// isPagingEnabled: a release comes to rest on a page boundary, at most one page from where the finger let
    /// go; a flick (over 300 pt/s here) goes on to the next page in its direction, a slow release to the nearest.
    public func restingOffset(projected: Double, velocity: Double, releasedAt offset: Double) -> Double {
        let page = max(pageLength, 1)
        let at = offset / page
        let target: Double
        if abs(velocity) >= Self.flickVelocity {
            target = velocity > 0 ? at.rounded(.down) + 1 : at.rounded(.up) - 1
        } else {
            target = at.rounded()
        }
        return min(maxContentOffset, max(0, target * page))
    }

    /// Points per second above which a paging release counts as a flick.
    static let flickVelocity = 300.0

    public mutating func update(itemCount count: Int, offset: Double) -> Double {
        numberOfItems = count
        return min(offset, maxContentOffset)
    }
}
