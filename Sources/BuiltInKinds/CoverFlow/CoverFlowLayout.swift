import Foundation
import RenderPreviewsKindKit

/// UIEdgeInsets: a flow layout's sectionInset.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// One item's layout attributes as the study's layout hands them to the collection view.
public struct CoverFlowAttributes: Hashable, Sendable {
    public var index: Int
    /// The flow layout's frame: center and size before the transform.
    public var center: Point
    public var size: Size
    /// CATransform3DScale(identity, scale, scale, 1), about the cell's centre (its anchor point).
    public var scale: Double
    public var alpha: Double
    public var zIndex: Int

    public var transform: Transform3D { .scale(scale, scale, 1) }
    public var frame: Rect { Rect(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height) }
    /// The frame as drawn: scaled about the centre.
    public var transformedFrame: Rect {
        let w = size.width * abs(scale), h = size.height * abs(scale)
        return Rect(center.x - w / 2, center.y - h / 2, w, h)
    }
}

/// The study's CoverFlowLayout: a horizontal UICollectionViewFlowLayout (one item a column, so one row) whose
/// layoutAttributesForElements scales and fades each item by its distance from the view's centre, and whose
/// targetContentOffset snaps to the item nearest the centre.
public struct CoverFlowLayout: Hashable, Sendable {
    /// The collection view's bounds size.
    public var viewSize: Size
    public var itemSize: Size
    public var minimumLineSpacing: Double = 25
    public var sectionInset: EdgeInsets
    /// The study's constants: the centred item grows by (1 − itemScale) and fades from 1 to itemAlpha.
    public var itemScale: Double = 0.5
    public var itemAlpha: Double = 0.5
    public var numberOfItems: Int

    public init(viewSize: Size, itemSize: Size, minimumLineSpacing: Double = 25, sectionInset: EdgeInsets? = nil,
                itemScale: Double = 0.5, itemAlpha: Double = 0.5, numberOfItems: Int) {
        self.viewSize = viewSize; self.itemSize = itemSize; self.minimumLineSpacing = minimumLineSpacing
        self.sectionInset = sectionInset ?? Self.centringInset(viewSize: viewSize, itemSize: itemSize)
        self.itemScale = itemScale; self.itemAlpha = itemAlpha; self.numberOfItems = numberOfItems
    }

    /// Insets that let the first and last item reach the centre and hold the row in the middle of the view.
    public static func centringInset(viewSize: Size, itemSize: Size) -> EdgeInsets {
        let h = max(0, (viewSize.width - itemSize.width) / 2), v = max(0, (viewSize.height - itemSize.height) / 2)
        return EdgeInsets(top: v, left: h, bottom: v, right: h)
    }

    /// UICollectionViewFlowLayout's default minimumInteritemSpacing: the gap between items of one column.
    public static let interitemSpacing = 10.0

    /// The height a column offers its items.
    public var columnHeight: Double { viewSize.height - sectionInset.top - sectionInset.bottom }

    /// How many items a horizontal flow layout stacks in one column; the model lays out one.
    public var itemsPerColumn: Int {
        guard itemSize.height > 0 else { return 1 }
        return max(1, Int(((columnHeight + Self.interitemSpacing) / (itemSize.height + Self.interitemSpacing)).rounded(.down)))
    }

    /// Offsets are kept to a range where index arithmetic stays exact and integer conversions cannot trap.
    static let offsetLimit = 1e9

    public var pitch: Double { itemSize.width + minimumLineSpacing }

    /// The flow layout's frame of item `index`: columns from the left inset, one pitch apart; a lone item is
    /// centred in its column's height.
    public func frame(ofItem index: Int) -> Rect {
        let x = sectionInset.left + Double(index) * pitch
        let y = sectionInset.top + (columnHeight - itemSize.height) / 2
        return Rect(x, y, itemSize.width, itemSize.height)
    }

    public var contentWidth: Double {
        let n = Double(numberOfItems)
        return sectionInset.left + sectionInset.right + (numberOfItems > 0 ? n * itemSize.width + (n - 1) * minimumLineSpacing : 0)
    }

    /// The items whose (untransformed) frames intersect `minX..<maxX` of the content, as the flow layout's
    /// layoutAttributesForElements(in:) picks them before the study changes them.
    public func items(from minX: Double, to maxX: Double) -> Range<Int> {
        guard numberOfItems > 0, pitch > 0, maxX > minX else { return 0..<0 }
        let lo = min(Self.offsetLimit, max(-Self.offsetLimit, minX)), hi = min(Self.offsetLimit, max(-Self.offsetLimit, maxX))
        // Item i spans [left + i·pitch, left + i·pitch + width); CGRectIntersectsRect needs an overlap of some width.
        let first = Int(((lo - sectionInset.left - itemSize.width) / pitch).rounded(.down)) + 1
        let last = Int(((hi - sectionInset.left) / pitch).rounded(.up)) - 1
        let a = max(0, first), b = min(numberOfItems - 1, last)
        return a <= b ? a..<(b + 1) : 0..<0
    }

    /// The flow layout's own attributes for an item: what layoutAttributesForItem(at:) returns, since the study
    /// changes only layoutAttributesForElements(in:).
    public func plainAttributes(ofItem index: Int) -> CoverFlowAttributes {
        let f = frame(ofItem: index)
        return CoverFlowAttributes(index: index, center: Point(f.midX, f.midY), size: itemSize, scale: 1, alpha: 1, zIndex: 0)
    }

    /// changeLayoutAttribute(attribute:): distance from the view's centre, limited to itemSize.width +
    /// minimumLineSpacing, gives the ratio that scales and fades the item.
    public func attributes(ofItem index: Int, contentOffset: Double) -> CoverFlowAttributes {
        var a = plainAttributes(ofItem: index)
        let r = ratio(centerX: a.center.x, contentOffset: contentOffset)
        a.scale = r * (1 - itemScale) + 1
        a.alpha = r * (1 - itemAlpha) + itemAlpha
        // NSInteger(CGFloat) truncates towards zero.
        let z = a.alpha * 10
        a.zIndex = z.isFinite ? Int(min(1e6, max(-1e6, z)).rounded(.towardZero)) : 0
        return a
    }

    /// distance(ofCenter:): |contentOffset.x + bounds.width / 2 − center.x|.
    public func distance(ofCenter x: Double, contentOffset: Double) -> Double {
        abs(contentOffset + viewSize.width / 2 - x)
    }

    public func ratio(centerX: Double, contentOffset: Double) -> Double {
        let maxDistance = pitch
        guard maxDistance > 0 else { return 1 }
        let d = min(distance(ofCenter: centerX, contentOffset: contentOffset), maxDistance)
        return (maxDistance - d) / maxDistance
    }

    /// targetContentOffset(forProposedContentOffset:withScrollingVelocity:) as written: the attributes in the
    /// collection view's *current* bounds, sorted by distance from the *current* centre, and the nearest one's
    /// centre minus half the view's width. The proposed offset and the velocity are not read, so a fling comes
    /// to rest on the item nearest the centre where the finger let go. Equal distances keep item order (Swift's
    /// sort is stable). With no item in the bounds the app would trap on `!`; we keep the proposed offset.
    /// UIScrollView keeps the target inside the content.
    public func targetContentOffset(proposed: Double, velocity: Double, currentOffset: Double) -> Double {
        let visible = items(from: currentOffset, to: currentOffset + viewSize.width)
        let nearest = visible.min { a, b in
            let da = distance(ofCenter: frame(ofItem: a).midX, contentOffset: currentOffset)
            let db = distance(ofCenter: frame(ofItem: b).midX, contentOffset: currentOffset)
            return da < db || (da == db && a < b)
        }
        let target = nearest.map { frame(ofItem: $0).midX - viewSize.width / 2 } ?? proposed
        return min(maxContentOffset, max(0, target))
    }

    /// The offset that puts item `index` in the centre, kept inside the content.
    public func offset(centering index: Int) -> Double {
        guard numberOfItems > 0 else { return 0 }
        let i = min(max(0, index), numberOfItems - 1)
        return min(maxContentOffset, max(0, frame(ofItem: i).midX - viewSize.width / 2))
    }
}

extension CoverFlowLayout: ScrollableLayout {
    public var maxContentOffset: Double { max(0, contentWidth - viewSize.width) }
    public var visibleLength: Double { viewSize.width }

    public func restingOffset(projected: Double, velocity: Double, releasedAt offset: Double) -> Double {
        targetContentOffset(proposed: projected, velocity: velocity, currentOffset: offset)
    }

    /// A batch update changes the content size; UIScrollView then keeps the offset inside it.
    public mutating func update(itemCount count: Int, offset: Double) -> Double {
        numberOfItems = count
        return min(offset, maxContentOffset)
    }
}
