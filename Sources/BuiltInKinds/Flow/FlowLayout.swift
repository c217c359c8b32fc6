import Foundation
import RenderPreviewsKindKit

/// How MGUFlowView transforms its cells as they reach the top slot.
public enum FlowTransformer: Hashable, Sendable {
    /// A plain list.
    case none
    /// Cells fold like paper, two at a time (MGUFlowFoldTransformer); m34 = -1 / eyePosition.
    case folding(eyePosition: Double)
    /// Cells roll away, shrinking and fading (MGUFlowVegaTransformer).
    case vega
}

/// Layout attributes of one cell, as the transformer leaves them (UICollectionViewLayoutAttributes).
public struct FlowItemAttributes: Hashable, Sendable {
    public var index: Int
    /// Center in the flow view's content space.
    public var center: Point
    public var size: Size
    public var transform: Transform3D
    public var alpha: Double
    public var zIndex: Int
    /// Distance from the top slot in items (negative once scrolled past it).
    public var position: Double
}

/// The leading indicator (a horizontal bar that appears as cells fold or roll away).
public struct FlowIndicatorAttributes: Hashable, Sendable {
    public var center: Point
    public var size: Size
    public var alpha: Double
    public var zIndex: Int
}

/// MGUFlowView's vertical layout: item positions, content size and paging (prepareLayout), and the seed's
/// transformer formulas (applyTransformTo:), exactly.
public struct FlowLayout: Hashable, Sendable {
    public var viewSize: Size
    public var itemSize: Size
    public var leadingSpacing: Double
    public var interitemSpacing: Double
    public var reversed: Bool
    public var transformer: FlowTransformer
    public var numberOfItems: Int

    public init(viewSize: Size, itemSize: Size, leadingSpacing: Double = 20, interitemSpacing: Double = 0,
                reversed: Bool = false, transformer: FlowTransformer = .none, numberOfItems: Int) {
        self.viewSize = viewSize; self.itemSize = itemSize; self.leadingSpacing = leadingSpacing
        self.interitemSpacing = interitemSpacing; self.reversed = reversed; self.transformer = transformer
        self.numberOfItems = numberOfItems
    }

    /// Both transformers propose the view's own interitem spacing (proposedInteritemSpacing), so it is used
    /// as set: 0 in the folding demo, 20 in the Vega demos.
    public var actualInteritemSpacing: Double { interitemSpacing }

    public var itemSpacing: Double { itemSize.height + actualInteritemSpacing }

    /// Pages are two items for folding, one otherwise.
    public var pageLength: Double {
        if case .folding = transformer { return itemSpacing * 2 }
        return itemSpacing
    }

    /// prepareLayout's content height: leading and trailing spacing, items and gaps, at least the view, then
    /// padded so the last page ends exactly at the bottom.
    public var contentHeight: Double {
        let n = Double(numberOfItems)
        var height = leadingSpacing * 2 + max(0, n - 1) * actualInteritemSpacing + n * itemSize.height
        height = max(height, viewSize.height)
        if height != viewSize.height {
            let maxOffset = height - viewSize.height
            let remainder = fmod(maxOffset, pageLength)
            if remainder > Double(Float.ulpOfOne) { height += pageLength - remainder }
        }
        return height
    }

    public var maxContentOffset: Double { max(0, contentHeight - viewSize.height) }

    /// Center of item `i` in content space; reversed layouts fill from the bottom of the content.
    public func center(ofItem i: Int) -> Point {
        let x = viewSize.width / 2
        let fromTop = leadingSpacing + itemSize.height / 2 + Double(i) * itemSpacing
        return Point(x, reversed ? contentHeight - fromTop : fromTop)
    }

    /// The cell's distance from its first slot in items, for a content offset (spec: core-animation.md).
    /// Reversed layouts measure from the bottom slot, upwards.
    public func position(ofItem i: Int, contentOffset: Double) -> Double {
        let c = center(ofItem: i).y
        if reversed {
            let bottomSlot = contentOffset + viewSize.height - leadingSpacing - itemSize.height / 2
            return (bottomSlot - c) / itemSpacing
        }
        return (c - contentOffset - leadingSpacing - itemSize.height / 2) / itemSpacing
    }

    // MARK: Transformers

    public func attributes(ofItem i: Int, contentOffset: Double) -> FlowItemAttributes {
        let position = position(ofItem: i, contentOffset: contentOffset)
        var a = FlowItemAttributes(index: i, center: center(ofItem: i), size: itemSize, transform: .identity,
                                   alpha: 1, zIndex: 0, position: position)
        switch transformer {
        case .none:
            break
        case .folding(let eye):
            applyFolding(&a, eye: eye)
        case .vega:
            applyVega(&a)
        }
        return a
    }

    private func applyFolding(_ a: inout FlowItemAttributes, eye: Double) {
        let p = a.position, s = itemSpacing, even = a.index % 2 == 0
        if p >= 1 || (p >= 0 && even) {
            return
        }
        if p <= -2 || (p <= -1 && !even) {
            a.alpha = 0
            return
        }
        var t = Transform3D.identity
        t.m34 = -1 / eye
        a.center.y -= p * s
        if even {
            // The upper half of a page: from flat (0) to folded away (-2).
            let area = s / 2 * p + s
            let angle = -acos(area / s)
            let yPull = s / 2 + (-cos(angle) * s / 2)
            let z = sin(angle) * s / 2
            t = t.translated(0, 0, z)
            t = t.translated(0, -yPull, 0)
            t = t.rotated(angle, 1, 0, 0)
        } else {
            // The lower half: from flat (1) to folded under (-1).
            let area = s / 2 * p + s / 2
            let angle = acos(area / s)
            let yPull = s / 2 - cos(angle) * s / 2
            let y = s - 3 * yPull
            let z = -sin(angle) * s / 2
            t = t.translated(0, 0, z)
            t = t.translated(0, y, 0)
            t = t.rotated(angle, 1, 0, 0)
        }
        a.transform = t
    }

    private func applyVega(_ a: inout FlowItemAttributes) {
        let p = a.position, s = itemSpacing
        if p >= 0 { return }
        let y = reversed ? p * s : -p * s
        let scale = min(1, max(0, p / 10 + 1))
        let alpha = min(1, max(0, p / 5 + 1))
        a.transform = Transform3D.translation(0, y, 0).scaled(scale, scale, 1)
        a.zIndex = clampedInt(p - 1, limit: 1 << 30, rounding: .down)  // p comes from a scene's offset: no trap
        a.alpha = alpha
    }

    /// Whether a cell with these attributes is near enough the view to draw at `contentOffset`: judged where its
    /// transform shows it (a Vega card pinned in the top slot is far from its layout frame), with two items'
    /// margin for the rest of its extent.
    public func shows(_ a: FlowItemAttributes, contentOffset: Double) -> Bool {
        let c = a.transform.apply(x: 0, y: 0, z: 0)
        let y = a.center.y + (c.w != 0 ? c.y / c.w : 0)
        let margin = itemSpacing * 2
        return y >= contentOffset - margin && y <= contentOffset + viewSize.height + margin
    }

    // MARK: Indicator

    /// The leading indicator, tied to item 0's position (it appears as the first cells fold or roll away).
    public func indicator(contentOffset: Double, size: Size) -> FlowIndicatorAttributes? {
        guard numberOfItems > 0 else { return nil }
        let p = position(ofItem: 0, contentOffset: contentOffset)
        let s = itemSpacing
        var center = center(ofItem: 0)
        switch transformer {
        case .none:
            return nil
        case .folding:
            let margin = (s + leadingSpacing) / 2
            let alpha = p >= 0 ? 0 : (p <= -2 ? 1 : -p / 2)
            center.y = center.y - p * s - margin
            return FlowIndicatorAttributes(center: center, size: size, alpha: alpha, zIndex: 1000)
        case .vega:
            var margin = (s - actualInteritemSpacing + leadingSpacing) / 2
            margin += p * s
            if reversed { margin = -margin }
            let alpha = p >= 0 ? 0 : (p <= -1 ? 1 : abs(p))
            center.y -= margin
            return FlowIndicatorAttributes(center: center, size: size, alpha: alpha, zIndex: 1000)
        }
    }

    // MARK: Paging

    /// Where a fling comes to rest (MGUFlowLayout's targetContentOffsetForProposedContentOffset): the
    /// projected offset in pages, pushed 0.35 of a page in the direction of a release faster than 0.3 pt/ms,
    /// rounded to a page and kept within the content. `velocity` is in points per second.
    public func pagingTarget(projected: Double, velocity: Double) -> Double {
        let page = pageLength
        var pages = projected / page
        if abs(velocity) / 1000 >= 0.3 { pages += 0.35 * (velocity > 0 ? 1 : -1) }
        return min(maxContentOffset, max(0, pages.rounded() * page))
    }
}

extension FlowLayout: ScrollableLayout {
    public var visibleLength: Double { viewSize.height }

    public func restingOffset(projected: Double, velocity: Double, releasedAt offset: Double) -> Double {
        pagingTarget(projected: projected, velocity: velocity)
    }

    /// Re-preparing the layout moves the bounds at once (adjustCollectionViewBounds): a reversed layout keeps its
    /// bottom in view, which leaves every cell where it was relative to the bottom; a shrinking forward layout
    /// clamps the offset to the new end.
    public mutating func update(itemCount count: Int, offset: Double) -> Double {
        numberOfItems = count
        return reversed ? maxContentOffset : min(offset, maxContentOffset)
    }
}
