import Foundation
import RenderPreviewsKindKit

/// One frame of the study's screen as a layer tree: the collection view scrolled to the offset with each cell's
/// attributes applied, the navigation bar with its two buttons, the home indicator and the touch disc.
struct CoverFlowScreen {
    let scene: CoverFlowScene
    let contentOffset: Double
    let touch: TouchMark?
    let cells: [CoverFlowCell]

    static let tint = Color(hex: "#007AFF")!

    func build() -> LayerScene {
        let canvas = scene.canvas
        var root = Layer(name: "screen", frame: Rect(0, 0, canvas.width, canvas.height))
        root.backgroundColor = .white
        root.sublayers = [collectionView(), navigationBar(), DeviceChrome.homeIndicator(on: scene.canvas)]
        if scene.showsTouches, let touch { root.sublayers.append(DeviceChrome.touchDisc(touch)) }
        return LayerScene(canvas: canvas, root: root)
    }

    func collectionView() -> Layer {
        let frame = scene.viewFrame
        var view = Layer(name: "collection", frame: frame)
        view.bounds.origin = Point(contentOffset, 0)
        view.masksToBounds = true
        view.sublayers = cells.map(cell)
        return view
    }

    /// The cell's own layer carries the card: the study sets the border on cell.layer, so it follows the
    /// rounded corners and scales with the cell.
    func cell(_ c: CoverFlowCell) -> Layer {
        let look = scene.look
        var cell = Layer(name: "item-\(c.item.title)")
        cell.bounds = Rect(0, 0, c.size.width, c.size.height)
        cell.position = c.center
        cell.transform = .scale(c.scale, c.scale, 1)
        cell.opacity = min(1, max(0, c.alpha))
        cell.zPosition = c.zPosition
        cell.backgroundColor = look.color(of: c.item)
        cell.cornerRadius = look.cornerRadius
        if c.bordered {
            cell.borderWidth = look.selectionWidth
            cell.borderColor = look.selectionColor
        }
        var label = Layer(name: "label", frame: cell.bounds)
        var text = TextContents(c.item.title, weight: .bold, size: look.labelSize, color: .white)
        text.alignment = .center
        label.contents = .text(text)
        cell.sublayers = [label]
        return cell
    }

    // MARK: Chrome

    /// Status bar and a default (light, translucent-looking) navigation bar: "Delete" at the leading edge,
    /// the title, and the system "+" item at the trailing edge.
    func navigationBar() -> Layer {
        let width = scene.canvas.width, barBottom = scene.viewFrame.minY
        var bar = Layer(name: "navigation-bar", frame: Rect(0, 0, width, barBottom))
        bar.backgroundColor = Color(hex: "#F9F9F9")!
        func label(_ name: String, _ frame: Rect, _ text: TextContents) -> Layer {
            var l = Layer(name: name, frame: frame)
            l.contents = .text(text)
            return l
        }
        var title = TextContents(scene.title, weight: .semibold, size: 17, color: .black)
        title.alignment = .center
        var delete = TextContents("Delete", size: 17, color: Self.tint)
        delete.alignment = .left
        let add = scene.addButtonFrame
        var plus = Layer(name: "add", frame: Rect(add.minX + 8, add.minY, add.width - 16, add.height))
        plus.contents = .glyph(GlyphContents(.plus, size: 22, color: Self.tint))
        var hairline = Layer(name: "hairline", frame: Rect(0, barBottom - 1.0 / 3, width, 1.0 / 3))
        hairline.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
        let deleteFrame = scene.deleteButtonFrame
        // Centred on the bar, clear of both buttons.
        let titleInset = max(deleteFrame.maxX, width - add.minX)
        bar.sublayers = DeviceChrome.statusBar(time: "9:41", width: width) + [
            label("delete", Rect(deleteFrame.minX + 16, deleteFrame.minY, deleteFrame.width - 16, deleteFrame.height), delete),
            label("title", Rect(titleInset, barBottom - 44, max(0, width - 2 * titleInset), 44), title),
            plus,
            hairline,
        ]
        return bar
    }
}
