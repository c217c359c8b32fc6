import Foundation
import RenderPreviewsKindKit

/// Builds the layer tree of one frame: the demo screen, the flow view scrolled to the sample's offset with
/// every cell's layout attributes applied, the indicator, and the touch disc.
struct FlowScreenBuilder {
    let scene: FlowScene
    let sample: ScrollSample
    let text: any TextMeasuring
    /// The stepper's lit segment and how much (`FlowStepper.highlight`).
    var stepperHighlight: (segment: FlowStepper.Segment, amount: Double)? = nil

    func build() -> LayerScene {
        let canvas = scene.canvas
        var root = Layer(name: "screen", frame: Rect(0, 0, canvas.width, canvas.height))
        root.backgroundColor = scene.chrome.background
        root.sublayers = [flowView(), navigationBar(),
                          DeviceChrome.homeIndicator(on: scene.canvas, style: scene.chrome.homeIndicator)]
        if scene.showsTouches { root.sublayers += DeviceChrome.touchDiscs(sample.touchMark, trail: sample.touchTrail, recorder: .flowView) }
        return LayerScene(canvas: canvas, root: root)
    }

    // MARK: Flow view

    func layout(itemCount: Int) -> FlowLayout {
        var layout = scene.layout
        layout.viewSize = scene.viewFrame.size
        layout.numberOfItems = min(itemCount, scene.items.count)
        return layout
    }

    func flowView() -> Layer {
        let frame = scene.viewFrame
        var view = Layer(name: "flow")
        view.bounds = Rect(0, sample.contentOffset, frame.width, frame.height)
        view.position = Point(frame.midX, frame.midY)
        view.masksToBounds = true
        let current = layout(itemCount: sample.itemCount)
        let before = layout(itemCount: sample.previousItemCount)
        let k = TimingCurve.easeInOut(sample.updateProgress)
        var cells: [Layer] = []
        for i in 0..<max(current.numberOfItems, before.numberOfItems) {
            let inNew = i < current.numberOfItems, inOld = i < before.numberOfItems
            var a: FlowItemAttributes
            if inNew && inOld {
                a = interpolate(before.attributes(ofItem: i, contentOffset: sample.contentOffset),
                                current.attributes(ofItem: i, contentOffset: sample.contentOffset), k)
            } else if inNew {
                // Inserted: fades in where it lands (UIKit's default insertion).
                a = current.attributes(ofItem: i, contentOffset: sample.contentOffset)
                a.alpha *= k
            } else {
                a = before.attributes(ofItem: i, contentOffset: sample.contentOffset)
                a.alpha *= 1 - k
            }
            guard a.alpha > 0 else { continue }
            // Off-screen cells are not in the tree, as a collection view would not have them.
            guard current.shows(a, contentOffset: sample.contentOffset) else { continue }
            cells.append(cell(a))
        }
        view.sublayers = cells
        if let indicator = current.indicator(contentOffset: sample.contentOffset, size: current.itemSize), indicator.alpha > 0 {
            view.sublayers.append(indicatorLayer(indicator))
        }
        return view
    }

    func interpolate(_ a: FlowItemAttributes, _ b: FlowItemAttributes, _ k: Double) -> FlowItemAttributes {
        if k >= 1 { return b }
        if k <= 0 { return a }
        var r = b
        r.center = a.center + (b.center - a.center) * k
        r.alpha = a.alpha + (b.alpha - a.alpha) * k
        r.position = a.position + (b.position - a.position) * k
        let av = a.transform.values, bv = b.transform.values
        r.transform = Transform3D(zip(av, bv).map { $0 + ($1 - $0) * k })!
        return r
    }

    func cell(_ a: FlowItemAttributes) -> Layer {
        let item = scene.items[a.index]
        var cell = Layer(name: "item-\(a.index)")
        cell.bounds = Rect(0, 0, a.size.width, a.size.height)
        cell.position = a.center
        cell.transform = a.transform
        cell.opacity = a.alpha
        cell.zPosition = Double(a.zIndex)
        cell.backgroundColor = .white
        switch scene.cellStyle {
        case .card:
            cell.cornerRadius = 14
            cell.shadowColor = .black
            cell.shadowOpacity = 0.2
            cell.shadowRadius = 8
            cell.shadowOffset = Point(1, 5)
        case .folding:
            // listPlainCellConfiguration with a hairline black stroke (2/scale wide, 1/scale outside).
            var stroke = Layer(name: "stroke", frame: cell.bounds.insetBy(dx: -1.0 / 3, dy: -1.0 / 3))
            stroke.borderWidth = 2.0 / 3
            stroke.borderColor = .black
            cell.sublayers.append(stroke)
        }
        cell.sublayers += content(item, size: a.size)
        if scene.cellStyle == .folding { cell.sublayers += foldingOverlays(a) }
        return cell
    }

    static let enclosureDiameter = 22.7
    static let badgeDiameter = 11.0

    /// A badge over the icon: the gap (the cell's white, 1.5 pt around), the disc and its white glyph.
    static func badgeLayers(_ badge: IconBadge, iconCenter: Point) -> [Layer] {
        let c = Point(iconCenter.x + badge.offset.x, iconCenter.y + badge.offset.y)
        func disc(_ name: String, _ d: Double, _ color: Color) -> Layer {
            var l = Layer.circle(name: name, center: c, diameter: d)
            l.backgroundColor = color
            return l
        }
        var glyph = Layer(name: "badge-glyph", frame: Rect(c.x - badgeDiameter / 2, c.y - badgeDiameter / 2, badgeDiameter, badgeDiameter))
        glyph.contents = .glyph(GlyphContents(badge.icon, size: 7, color: .white))
        return [disc("badge-gap", badgeDiameter + 3, .white), disc("badge", badgeDiameter, badge.color), glyph]
    }

    /// UIListContentConfiguration.cellConfiguration: icon at the leading margin, title over subtitle.
    func content(_ item: FlowItem, size: Size) -> [Layer] {
        var icon = Layer(name: "icon", frame: Rect(12, size.height / 2 - 15, 30, 30))
        switch item.enclosure {
        case .none:
            icon.contents = .glyph(GlyphContents(item.icon, size: 22, color: item.color))
        case .circle, .filledCircle:
            // VegaStyle's teletype.answer.circle.fill and coloncurrencysign.circle: 22.7 pt across, the ring
            // about 1.5 pt wide, the glyph about 60% of the circle.
            let d = Self.enclosureDiameter
            var circle = Layer.circle(name: "enclosure", center: Point(15, 15), diameter: d)
            if item.enclosure == .filledCircle { circle.backgroundColor = item.color } else {
                circle.borderWidth = 1.5; circle.borderColor = item.color
            }
            var glyph = Layer(name: "glyph", frame: Rect(0, 0, 30, 30))
            glyph.contents = .glyph(GlyphContents(item.icon, size: 13.5, color: item.enclosure == .filledCircle ? .white : item.color))
            icon.sublayers = [circle, glyph]
        }
        if let badge = item.badge { icon.sublayers += Self.badgeLayers(badge, iconCenter: Point(15, 15)) }
        var title = Layer(name: "title", frame: Rect(56, 0, size.width - 72, size.height))
        var titleText = TextContents(item.title, size: 17)
        titleText.alignment = .left
        titleText.verticalAlignment = .firstBaseline(30)
        title.contents = .text(titleText)
        var subtitle = Layer(name: "subtitle", frame: Rect(56, 0, size.width - 72, size.height))
        var subtitleText = TextContents(item.subtitle, italic: true, size: 12,
                                        color: Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
        subtitleText.alignment = .left
        subtitleText.verticalAlignment = .firstBaseline(49)
        subtitle.contents = .text(subtitleText)
        return [icon, title, subtitle]
    }

    /// MGUFlowFoldCell's two black gradient overlays, faded in as the cell folds.
    func foldingOverlays(_ a: FlowItemAttributes) -> [Layer] { Self.foldingShade(a) }

    /// The shade of a folding cell in the layout's attributes (shared with kinds that fold their own cells).
    static func foldingShade(_ a: FlowItemAttributes) -> [Layer] {
        let even = a.index % 2 == 0
        let alpha = even ? (a.position >= 0 ? 0 : abs(a.position) / 2) : (a.position >= 1 ? 0 : abs(a.position - 1) / 2)
        guard alpha > 0 else { return [] }
        var overlay = Layer(name: even ? "shade-even" : "shade-odd", frame: Rect(0, 0, a.size.width, a.size.height))
        overlay.opacity = min(1, alpha)
        let colors = even ? [Color(red: 0, green: 0, blue: 0, alpha: 0.55), Color(red: 0, green: 0, blue: 0, alpha: 0.9)]
                          : [Color(red: 0, green: 0, blue: 0, alpha: 0.6), Color(red: 0, green: 0, blue: 0, alpha: 0.05)]
        overlay.contents = .gradient(LinearGradient(colors: colors))
        return [overlay]
    }

    func indicatorLayer(_ a: FlowIndicatorAttributes) -> Layer {
        var view = Layer(name: "indicator")
        view.bounds = Rect(0, 0, a.size.width, a.size.height)
        view.position = a.center
        view.opacity = a.alpha
        view.zPosition = Double(a.zIndex)
        var bar = Layer(name: "bar", frame: Rect(0, a.size.height / 2 - 2.5, max(a.size.width, a.size.height), 5))
        bar.backgroundColor = scene.indicatorColor
        bar.cornerRadius = 2.5
        view.sublayers = [bar]
        return view
    }

    // MARK: Chrome

    /// Status bar and navigation bar over the top 91 points, in the demo's mint.
    func navigationBar() -> Layer {
        let width = scene.canvas.width, barBottom = scene.viewFrame.minY
        var bar = Layer(name: "navigation-bar", frame: Rect(0, 0, width, barBottom))
        bar.backgroundColor = scene.chrome.barColor
        func label(_ name: String, _ frame: Rect, _ text: TextContents) -> Layer {
            var l = Layer(name: name, frame: frame)
            l.contents = .text(text)
            return l
        }
        var title = NavigationBar.titleText(scene.chrome.title)
        let back = NavigationBar.backText(scene.chrome.backTitle)
        let chevron = NavigationBar.backChevron(barTop: barBottom - 44, color: NavigationBar.tint)
        // UIKit centers the title on the bar, moved aside just enough to clear the back button and the right
        // item (8 pt from it, as the reversed recording shows), and truncates it when even that is too narrow.
        let backEnd = 28 + text.width(of: back) + 10
        let trailingStart = (scene.stepper?.frame.minX ?? width) - 8
        let titleWidth = text.width(of: title) + 1
        let titleX = max(backEnd, min((width - titleWidth) / 2, trailingStart - titleWidth))
        let titleBoxWidth = min(titleWidth, max(0, trailingStart - titleX))
        if titleBoxWidth < titleWidth { title.alignment = .left }
        bar.sublayers = DeviceChrome.statusBar(time: scene.chrome.time, width: width) + [
            chevron,
            label("back", Rect(28, barBottom - 44, 150, 44), back),
            label("title", Rect(titleX, barBottom - 44, titleBoxWidth, 44), title),
        ]
        if let stepper = scene.stepper { bar.sublayers.append(stepperLayer(stepper)) }
        return bar
    }

    /// UIStepper as VegaStyle_Reverse shows it: two 47 x 32 segments on a translucent rounded background, their
    /// symbols black and thin (13.8 pt across, 1.6 wide, centred in each segment; the minus at 52% of the bar's
    /// color while the list is at its one-item minimum), a faint divider, and the pressed segment's light gray
    /// (202, 202, 204) inset 2 pt (the + pressed at 2.5 s: 328.2-372.1 by 55.2-82.9 pt), fading in and out.
    func stepperLayer(_ stepper: FlowStepper) -> Layer {
        var control = Layer(name: "stepper", frame: stepper.frame)
        control.backgroundColor = Color(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12)
        control.cornerRadius = 8
        var parts: [Layer] = []
        if let lit = stepperHighlight {
            var pressed = Layer(name: "pressed", frame: Rect(lit.segment == .minus ? 2 : 49, 2, 43, 28))
            pressed.backgroundColor = Color(hex: "#CACACC")!
            pressed.cornerRadius = 6
            pressed.opacity = lit.amount
            parts.append(pressed)
        }
        var divider = Layer(name: "divider", frame: Rect(46.75, 8, 0.5, 16))
        divider.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.12)
        parts.append(divider)
        func bar(_ name: String, _ r: Rect, alpha: Double = 1) -> Layer {
            var l = Layer(name: name, frame: r)
            l.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: alpha)
            return l
        }
        let length = 13.8, line = 1.6
        parts.append(bar("minus", Rect(23.5 - length / 2, 16 - line / 2, length, line), alpha: sample.itemCount <= 1 ? 0.48 : 1))
        parts.append(bar("plus-across", Rect(70.5 - length / 2, 16 - line / 2, length, line)))
        parts.append(bar("plus-down", Rect(70.5 - line / 2, 16 - length / 2, line, length)))
        control.sublayers = parts
        return control
    }
}
