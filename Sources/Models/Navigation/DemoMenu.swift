import Geometry
import LayerTree

/// The MGUFlowView demo's first screen: an inset-grouped table of the demos, under the mint navigation bar.
/// Measured on MiniTimer_2 frame 1 (480 px for 390 pt): sections' cards from x 19.5 to 370.5, rows 56.1 pt
/// (the last one 71.5, its subtitle on two lines), headers 55 pt above each card.
public enum DemoMenu {
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

    /// The demo's rows (the third header is the app's own spelling).
    public static let sections: [Section] = [
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
    ]

    public static var rowNames: [String] { sections.flatMap { $0.rows.map(\.name) } }

    static let cardX = 19.5, cardWidth = 351.0, rowHeight = 56.1, firstCardTop = 146.2, sectionGap = 55.3
    static let extraLineHeight = 15.4

    /// Each row's frame on the screen, by name.
    public static func rowFrames() -> [(Row, Rect)] {
        var y = firstCardTop
        var out: [(Row, Rect)] = []
        for section in sections {
            for row in section.rows {
                let h = rowHeight + Double(row.subtitleLines - 1) * extraLineHeight
                out.append((row, Rect(cardX, y, cardWidth, h)))
                y += h
            }
            y += sectionGap
        }
        return out
    }

    public static func frame(ofRow name: String) -> Rect? { rowFrames().first { $0.0.name == name }?.1 }

    /// systemGroupedBackground, the selected row's gray (UITableViewCell's default selection), the header gray.
    static let background = Color(hex: "#F2F2F7")!
    static let selection = Color(hex: "#D1D1D6")!
    static let headerColor = Color(hex: "#8A8A8E")!

    /// The screen below the bar (the push moves it), `highlighted` drawn selected.
    public static func content(size: Size, barHeight: Double, highlighted: String?) -> Layer {
        var root = Layer(name: "menu", frame: Rect(0, 0, size.width, size.height))
        root.backgroundColor = background
        let frames = rowFrames()
        var cards: [Layer] = []
        for section in sections {
            let rows = frames.filter { f in section.rows.contains(f.0) }
            guard let first = rows.first?.1, let last = rows.last?.1 else { continue }
            var header = Layer(name: "header", frame: Rect(cardX + 20.5, first.minY - 30, 300, 20))
            var headerText = TextContents(section.header, size: 13, color: headerColor)
            headerText.alignment = .left
            header.contents = .text(headerText)
            var card = Layer(name: "section", frame: Rect(cardX, first.minY, cardWidth, last.maxY - first.minY))
            card.backgroundColor = .white
            card.cornerRadius = 10
            card.masksToBounds = true
            for (i, (row, frame)) in rows.enumerated() {
                var cell = Layer(name: "row-\(row.name)", frame: Rect(0, frame.minY - first.minY, cardWidth, frame.height))
                if row.name == highlighted { cell.backgroundColor = selection }
                cell.sublayers = rowContent(row, height: frame.height)
                if i < rows.count - 1 {
                    var separator = Layer(name: "separator", frame: Rect(21, frame.height - 0.8, cardWidth - 21, 0.8))
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

    /// Title 17 pt over a 12 pt subtitle at the cell's layout margin, a disclosure chevron at the trailing side.
    static func rowContent(_ row: Row, height: Double) -> [Layer] {
        var title = Layer(name: "title", frame: Rect(20.5, 0, 300, height))
        var titleText = TextContents(row.title, size: 17)
        titleText.alignment = .left
        titleText.verticalAlignment = .firstBaseline(23.5)
        title.contents = .text(titleText)
        var subtitle = Layer(name: "subtitle", frame: Rect(20.5, 0, 290, height))
        var subtitleText = TextContents(row.subtitle, size: 12)
        subtitleText.alignment = .left
        subtitleText.lineLimit = row.subtitleLines
        subtitleText.lineHeight = extraLineHeight
        subtitleText.verticalAlignment = .firstBaseline(42.5)
        subtitle.contents = .text(subtitleText)
        var chevron = Layer(name: "chevron", frame: Rect(cardWidth - 30, height / 2 - 8, 10, 16))
        chevron.contents = .glyph(GlyphContents(.chevronRight, size: 12, color: Color(hex: "#BCBCC0")!))
        return [title, subtitle, chevron]
    }
}
