import RenderPreviewsKindKit

/// One entry of the study's `sectionCount` array, with an identity so a cell keeps its look as it moves.
public struct CoverFlowItem: Hashable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) { self.id = id; self.title = title }
}

/// The view controller's state, kept as the study's code keeps it.
public struct CoverFlowState: Hashable, Sendable {
    /// `sectionCount`.
    public var items: [CoverFlowItem]
    /// The collection view's selected index paths (item numbers).
    public var selected: Set<Int> = []
    /// `tempDelete`: didSelectItemAt appends, didDeselectItemAt does not remove, so an item selected and then
    /// deselected is still deleted (and one selected twice is listed twice).
    public var tempDelete: [Int] = []
    /// Items whose cell has the purple border: set on select, cleared on deselect and on delete.
    public var bordered: Set<Int> = []
    var nextID: Int

    public init(titles: [String]) {
        items = titles.enumerated().map { CoverFlowItem(id: $0.offset, title: $0.element) }
        nextID = titles.count
    }

    /// A tap on item `index`: didSelectItemAt, or didDeselectItemAt when it is selected. The first didSelect
    /// sets allowsMultipleSelection, and nothing is selected before it, so every tap toggles.
    public mutating func toggle(_ index: Int) {
        guard items.indices.contains(index) else { return }
        if selected.contains(index) {
            selected.remove(index)
            bordered.remove(items[index].id)
        } else {
            selected.insert(index)
            bordered.insert(items[index].id)
            tempDelete.append(index)
        }
    }

    /// addBtnAction (the study's second way): performBatchUpdates { append; insertItems; reloadData }.
    /// reloadData clears the collection view's selection; tempDelete and the borders stay.
    public mutating func add(title: String) -> (before: [CoverFlowItem], after: [CoverFlowItem]) {
        let before = items
        items.append(CoverFlowItem(id: nextID, title: title))
        nextID += 1
        selected = []
        return (before, items)
    }

    /// deleteBtnAction: tempDelete sorted descending, each item's border cleared, removed from the array and
    /// deleted from the collection view; then reloadData and tempDelete emptied. Nil when nothing was listed
    /// (the loop does not run and reloadData changes nothing visible). An index past the array, which the
    /// app would trap on, is skipped.
    public mutating func delete() -> (before: [CoverFlowItem], after: [CoverFlowItem])? {
        guard !tempDelete.isEmpty else { return nil }
        let before = items
        for index in tempDelete.sorted(by: >) where items.indices.contains(index) {
            bordered.remove(items[index].id)
            items.remove(at: index)
        }
        tempDelete = []
        selected = []
        return (before, items)
    }
}

/// One animated batch update: the items before and after, from `start` for ScrollTimeline.updateDuration.
public struct CoverFlowUpdate: Hashable, Sendable {
    public var start: Double
    public var before: [CoverFlowItem]
    public var after: [CoverFlowItem]
    /// The content offset as the update began: the old attributes are where they were then.
    public var offsetBefore: Double
}

/// The navigation bar's two buttons.
public enum CoverFlowButton: Hashable, Sendable { case add, delete }
