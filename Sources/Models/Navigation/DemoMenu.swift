import Geometry
import LayerTree

/// A demo app's first screen: an inset-grouped table of the demos, each row a title over a subtitle with a
/// disclosure chevron, under section headers. Two apps: MGUFlowView's (under its mint navigation bar) and the
/// MGUSwipeCell demo's (under a large title).
public struct DemoMenu: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var name: String
        public var title: String
        public var subtitle: String
        /// Lines of the subtitle (the row grows 15.4 pt a line past the first).
        public var subtitleLines = 1
    }

    public struct Section: Hashable, Sendable {
        public var header: String
        public var rows: [Row]
    }

    public var sections: [Section]
    /// The top of the first section's card; the cards' gap.
    var firstCardTop: Double
    var sectionGap: Double
    /// The row's title and subtitle baselines from the row's top; the title's size.
    public var titleBaseline = 23.5, subtitleBaseline = 42.5
    public var titleSize = 17.0
    /// How far above its card a header's 20-pt line starts.
    var headerTop = 30.0
    var subtitleWeight = FontWeight.regular
    /// The menu's title is a large title over the list (the swipe demo), not a mint bar's (the flow demo).
    public var largeTitle = false
    /// The app's title for its menu.
    public var title: String

    static let cardX = 19.5, cardWidth = 351.0, rowHeight = 56.1
    static let extraLineHeight = 15.4

    /// The MGUFlowView demo's menu. Measured on MiniTimer_2 frame 1 (480 px for 390 pt): sections' cards from
    /// x 19.5 to 370.5, rows 56.1 pt (the last one 71.5, its subtitle on two lines), headers 55 pt above each card.
    /// (The third header is the app's own spelling.)
    public static let flowView = DemoMenu(sections: [
        Section(header: "BASIC", rows: [
            Row(name: "foldingStyle", title: "Folding Style", subtitle: "종이처럼 접히는 스타일"),
            Row(name: "vegaStyle", title: "Vega Style", subtitle: "끝에서 잠기는 스타일"),
            Row(name: "vegaStyleReverse", title: "Vega Style - Reverse", subtitle: "아래에서부터 채울 수 있다."),
        ]),
        Section(header: "MINI TIMER 에서 사용한 예", rows: [
            Row(name: "miniTimer1", title: "Mini Timer 에서 이용 1", subtitle: "Mini Timer앱에서 실제 사용한 Flow View"),
            Row(name: "miniTimer2", title: "Mini Timer 에서 이용 2", subtitle: "Mini Timer앱에서 실제 사용한 Flow View"),
        ]),
        Section(header: "ADVENCED", rows: [
            Row(name: "swipe", title: "Swipe", subtitle: "직접 만든 스와이프 CollectionView Cell과 함께 사용"),
            Row(name: "swipeDragDrop", title: "Swipe + Drag & Drop",
                subtitle: "직접 만든 스와이프 CollectionView Cell +\nDrag&Drop 예", subtitleLines: 2),
        ]),
    ], firstCardTop: 146.2, sectionGap: 55.3, title: "MGUFlowView")

    /// The MGUSwipeCell demo's menu, as TableView_Demo and CollectionView_Demo open on it (320 px for 390 pt): cards
    /// from 180.4 and 404.6, headers' baselines 8.5 pt above them, titles 16 pt (Inter at SF's 17 is 6.5% wider:
    /// "MGUSwipeTableViewCell" 186.5 pt in the recording), subtitles black and medium.
    public static let swipeCell = DemoMenu(sections: [
        Section(header: "UITABLEVIEW", rows: [
            Row(name: "tablePlain", title: "MGUSwipeTableViewCell", subtitle: "UITableViewStylePlain"),
            Row(name: "tableGrouped", title: "MGUSwipeTableViewCell", subtitle: "UITableViewStyleGrouped"),
            Row(name: "tableInsetGrouped", title: "MGUSwipeTableViewCell", subtitle: "UITableViewStyleInsetGrouped"),
        ]),
        Section(header: "UICOLLECTIONVIEW", rows: [
            Row(name: "collectionTable", title: "MGUSwipeCollectionViewCell", subtitle: "테이블뷰 스타일"),
            Row(name: "collectionFree", title: "MGUSwipeCollectionViewCell", subtitle: "일반 콜렉션뷰의 자유로운 스타일"),
            Row(name: "collectionMiniTimer", title: "MGUSwipeCollectionViewCell", subtitle: "Mini Timer 앱에서 사용한 스타일"),
        ]),
    ], firstCardTop: 180.4, sectionGap: 55.9, subtitleBaseline: 45, titleSize: 16, headerTop: 23.6,
       subtitleWeight: .medium, largeTitle: true, title: "Swipe Cell")


    public var rowNames: [String] { sections.flatMap { $0.rows.map(\.name) } }

    /// Each row's frame on the screen, by name.
    public func rowFrames() -> [(Row, Rect)] {
        var y = firstCardTop
        var out: [(Row, Rect)] = []
        for section in sections {
            for row in section.rows {
                let h = Self.rowHeight + Double(row.subtitleLines - 1) * Self.extraLineHeight
                out.append((row, Rect(Self.cardX, y, Self.cardWidth, h)))
                y += h
            }
            y += sectionGap
        }
        return out
    }

    public func frame(ofRow name: String) -> Rect? { rowFrames().first { $0.0.name == name }?.1 }

    /// systemGroupedBackground, the selected row's gray (UITableViewCell's default selection), the header gray.
    public static let background = Color(hex: "#F2F2F7")!
    public static let selection = Color(hex: "#D1D1D6")!
    static let headerColor = Color(hex: "#8A8A8E")!

    /// The screen below the bar (the push moves it), `highlighted` drawn selected.
    public func content(size: Size, highlighted: String?) -> Layer {
        var root = Layer(name: "menu", frame: Rect(0, 0, size.width, size.height))
        root.backgroundColor = Self.background
        let frames = rowFrames()
        var cards: [Layer] = []
        for section in sections {
            let rows = frames.filter { f in section.rows.contains(f.0) }
            guard let first = rows.first?.1, let last = rows.last?.1 else { continue }
            var header = Layer(name: "header", frame: Rect(Self.cardX + 20.5, first.minY - headerTop, 300, 20))
            var headerText = TextContents(section.header, size: 13, color: Self.headerColor)
            headerText.alignment = .left
            header.contents = .text(headerText)
            var card = Layer(name: "section", frame: Rect(Self.cardX, first.minY, Self.cardWidth, last.maxY - first.minY))
            card.backgroundColor = .white
            card.cornerRadius = 10
            card.masksToBounds = true
            for (i, (row, frame)) in rows.enumerated() {
                var cell = Layer(name: "row-\(row.name)", frame: Rect(0, frame.minY - first.minY, Self.cardWidth, frame.height))
                if row.name == highlighted { cell.backgroundColor = Self.selection }
                cell.sublayers = rowContent(row, height: frame.height)
                if i < rows.count - 1 {
                    var separator = Layer(name: "separator", frame: Rect(21, frame.height - 0.8, Self.cardWidth - 21, 0.8))
                    separator.backgroundColor = Color(hex: "#E5E5EA")!
                    cell.sublayers.append(separator)
                }
                card.sublayers.append(cell)
            }
            cards += [header, card]
        }
        root.sublayers = cards
        return root
    }

    /// The title over a 12 pt subtitle at the cell's layout margin, a disclosure chevron at the trailing side.
    public func rowContent(_ row: Row, height: Double) -> [Layer] {
        var title = Layer(name: "title", frame: Rect(20.5, 0, 300, height))
        var titleText = TextContents(row.title, size: titleSize)
        titleText.alignment = .left
        titleText.verticalAlignment = .firstBaseline(titleBaseline)
        title.contents = .text(titleText)
        var subtitle = Layer(name: "subtitle", frame: Rect(20.5, 0, 290, height))
        var subtitleText = TextContents(row.subtitle, weight: subtitleWeight, size: 12)
        subtitleText.alignment = .left
        subtitleText.lineLimit = row.subtitleLines
        subtitleText.lineHeight = Self.extraLineHeight
        subtitleText.verticalAlignment = .firstBaseline(subtitleBaseline)
        subtitle.contents = .text(subtitleText)
        var chevron = Layer(name: "chevron", frame: Rect(Self.cardWidth - 30, height / 2 - 8, 10, 16))
        chevron.contents = .glyph(GlyphContents(.chevronRight, size: 12, color: Color(hex: "#BCBCC0")!))
        return [title, subtitle, chevron]
    }
}
