import Foundation
import RenderPreviewsKindKit

/// One frame of the Swipe + Drag & Drop screen, colours and sizes measured on MiniTimer_2 (480 px for 390 pt).
struct MiniTimerDragDropScreen {
    let scene: MiniTimerDragDropScene
    let swipe: SwipeSample
    let drag: DragSession.State
    let removals: [RowRemoval]
    let scroll: ScrollSample
    let time: Double
    let text: any TextMeasuring

    /// The bars above and below the drop area (48, 176, 200 in the recording).
    static let turquoise = Color(hex: "#30B0C8")!
    /// The cards' face: 243 gray fading to 237 at the bottom.
    static let cardTop = Color(hex: "#F3F3F3")!
    static let cardBottom = Color(hex: "#EDEDED")!
    /// The count's gray: MiniTimer_2's "10" reads 172 inside its strokes.
    static let detailGray = Color(hex: "#ACACAC")!
    /// The demo's numbers are in a condensed bold (iOS's DIN Condensed, by their shapes); Roboto Condensed Bold
    /// is the Debian face closest to it: at 31 pt its "45" is as wide as the recording's (36 px) at the same
    /// height (28 px).
    static let numberFont = "Roboto Condensed"
    /// The source card while its drag is on: a white card reads 116, a black veil of about half.
    static let sourceDim = 0.52
    static let green = Color(hex: "#34C759")!
    /// The lifted preview while it moves: MiniTimer_2's is opaque while held still (243 over the veiled source
    /// to 4.9 s), then about 0.8 opaque from the next frame (220 over the veiled source's 116 at 4.93 s, 195
    /// over black at 5.0 s, the green frame showing through it until 5.43 s); at the area's centre (5.47 s) it
    /// is opaque again.
    static let movingAlpha = 0.8
    /// The preview's change to translucent and the source's veil both take this long from the first move: the
    /// recording's source reads its full 116 at 4.93 s, the frame after the preview left it.
    static let movingFade = 0.04

    var settings: MiniTimerDragDropKind.Settings { scene.settings }

    func build() -> Layer {
        let c = settings.canvas
        var root = Layer(name: "screen", frame: Rect(0, 0, c.width, c.height))
        root.backgroundColor = .black
        root.sublayers = [list()] + dropArea()
        if let preview = preview() { root.sublayers.append(preview) }
        root.sublayers.append(NavigationBar.layer(width: c.width, height: settings.listFrame.minY, title: settings.title,
                                                  backTitle: "Back", time: settings.time, text: text))
        root.sublayers.append(DeviceChrome.homeIndicator(on: c, style: settings.homeIndicator))
        if settings.showsTouches {
            root.sublayers += DeviceChrome.touchDiscs(swipe.touchMark ?? scroll.touchMark, trail: swipe.touchTrail + scroll.touchTrail,
                                                      recorder: .flowView)
        }
        return root
    }

    // MARK: List

    func list() -> Layer {
        let frame = settings.listFrame
        var view = Layer(name: "list", frame: frame)
        view.masksToBounds = true
        for i in settings.items.indices {
            var alpha = 1.0
            if let r = removals.first(where: { $0.row == i }) {
                // The removed card fades as the others close (the recording's deleted row is gone in 0.1 s; the
                // dragged card's veiled one fades over its close, 0.2 s, sliding under the card below).
                let k = r.duration > 0 ? min(1, max(0, (time - r.start) / r.duration)) : (time >= r.start ? 1 : 0)
                alpha = 1 - k
            }
            guard alpha > 0 else { continue }
            // The slot, moved down by the rows removed below it, at the list's scroll: the layout's attributes
            // of the row's item at an offset as much smaller (Vega shrinks and fades a card past the bottom slot).
            let f = MiniTimerDragDropAnimation.rowFrame(scene, i, removed: removals, at: time)
            let rest = scene.frame(ofRow: Double(i))
            let shift = f.minY - rest.minY
            let layout = scene.layout
            let offset = scroll.contentOffset - shift
            let a = layout.attributes(ofItem: settings.items.count - 1 - i, contentOffset: offset)
            guard a.alpha > 0 else { continue }
            var cell = card(settings.items[i], size: f.size, name: "card-\(i)")
            cell.position = Point(a.center.x, a.center.y - offset)
            cell.transform = a.transform
            cell.zPosition = Double(a.zIndex)
            cell.opacity = alpha * a.alpha
            // The swipe model's cell, unless a drag has the finger (a lifted press cancels the pan) or took
            // this card away.
            let dragging = drag.phase == .lifted || drag.phase == .dropping || drag.phase == .cancelling
            if let state = swipe.cell, state.row == i, !dragging, !(drag.droppedAt != nil && drag.item == i) {
                cell = swiped(cell, state)
            }
            if drag.item == i, let moved = drag.movedAt, drag.phase != .idle || drag.droppedAt != nil {
                var veil = Layer(name: "source-dim", frame: Rect(0, 0, f.width, f.height))
                veil.backgroundColor = .black
                veil.cornerRadius = 10
                veil.opacity = Self.sourceDim * min(1, max(0, (time - moved) / Self.movingFade))
                cell.sublayers.append(veil)
            }
            view.sublayers.append(cell)
        }
        return view
    }

    /// A timer card: the minutes large and bold at the left, the title centred, the count in gray at the right.
    /// Sizes as MiniTimer_2's cards measure at rest (ink in pt, from the card's left and top): "45" 29.2 wide,
    /// 22.8 tall from 6.5 and 27.6; the title 35.8 × 19.5 centred at 126 (Apple SD Gothic Neo there, NanumGothic
    /// here, matched on its ink); "10" 18.7 × 14.6, its right edge 13.7 from the card's.
    func card(_ title: String, size: Size, name: String) -> Layer {
        var cell = Layer(name: name)
        cell.bounds = Rect(0, 0, size.width, size.height)
        cell.cornerRadius = 10
        cell.masksToBounds = true
        var face = Layer(name: "face", frame: cell.bounds)
        face.contents = .gradient(LinearGradient(colors: [Self.cardTop, Self.cardTop, Self.cardBottom], locations: [0, 0.5, 1]))
        var minutes = Layer(name: "minutes", frame: Rect(6.4, 0.8, 60, size.height))
        var minutesText = TextContents(settings.leadingText, font: Self.numberFont, weight: .bold, size: 31)
        minutesText.alignment = .left
        minutes.contents = .text(minutesText)
        var label = Layer(name: "title", frame: Rect(60, -1.7, size.width - 120, size.height))
        var labelText = TextContents(title, size: 20.5)
        labelText.alignment = .center
        label.contents = .text(labelText)
        var count = Layer(name: "count", frame: Rect(size.width - 62.5, 0.8, 50, size.height))
        var countText = TextContents(settings.trailingText, font: Self.numberFont, weight: .bold, size: 20, color: Self.detailGray)
        countText.alignment = .right
        count.contents = .text(countText)
        cell.sublayers = [face, minutes, label, count]
        return cell
    }

    /// The card's content moved by the swipe over the red delete action that fills the space it leaves.
    func swiped(_ cell: Layer, _ state: SwipeCellState) -> Layer {
        let size = cell.bounds.size
        var holder = Layer(name: cell.name)
        holder.bounds = cell.bounds
        holder.position = cell.position
        holder.transform = cell.transform
        holder.zPosition = cell.zPosition
        holder.opacity = cell.opacity
        let shown = max(0, -state.offset)
        var action = Layer(name: "delete-action", frame: Rect(size.width - shown, 0, shown, size.height))
        action.backgroundColor = .systemRed
        action.cornerRadius = 10
        action.masksToBounds = true
        var icon = Layer(name: "trash", frame: Rect(shown / 2 - 15, size.height / 2 - 15, 30, 30))
        // The demo's outline trash, its ink as MiniTimer_2 shows it (a 25-pt symbol's).
        icon.contents = .glyph(GlyphContents(.trashOutline, size: 25, color: .white))
        action.sublayers = [icon]
        var content = cell
        content.opacity = 1
        content.transform = .identity
        content.zPosition = 0
        content.position = Point(size.width / 2 + state.offset, size.height / 2)
        holder.sublayers = [action, content]
        return holder
    }

    // MARK: Drop area

    func dropArea() -> [Layer] {
        let c = settings.canvas, area = settings.dropArea, listBottom = settings.listFrame.maxY
        var upper = Layer(name: "bar-top", frame: Rect(0, listBottom, c.width, max(0, area.minY - listBottom)))
        upper.backgroundColor = Self.turquoise
        var lower = Layer(name: "bar-bottom", frame: Rect(0, area.maxY, c.width, max(0, c.height - area.maxY)))
        lower.backgroundColor = Self.turquoise
        var white = Layer(name: "drop-area", frame: area)
        white.backgroundColor = .white
        var layers = [upper, lower, white]
        let p = settings.placeholderSize
        let placeholder = Rect(area.midX - p.width / 2, area.midY - p.height / 2, p.width, p.height)
        let dropping = drag.phase == .dropping
        if let lifted = drag.liftedAt, time >= lifted + MiniTimerDragDropScene.placeholderDelay, drag.droppedAt == nil,
           drag.phase == .lifted || dropping {
            layers.append(dashedRect(placeholder, color: Color(hex: "#D1D1D6")!, name: "placeholder"))
        }
        if let entered = drag.enteredTargetAt {
            let since = time - entered
            let settling = dropping && drag.settle > 0
            if since < MiniTimerDragDropScene.enterHighlight && drag.phase == .lifted {
                var frame = Layer(name: "drop-highlight", frame: area)
                frame.borderWidth = 3
                frame.borderColor = .systemRed
                layers.append(frame)
            } else if !settling && (drag.phase == .lifted || dropping) {
                var frame = Layer(name: "target-highlight", frame: placeholder.insetBy(dx: 14, dy: 8))
                frame.borderWidth = 1.5
                frame.borderColor = Self.green
                layers.append(frame)
            }
        }
        if let dropped = drag.droppedAt, time >= dropped, let item = drag.item {
            let d = settings.droppedSize
            var card = card(settings.items[item], size: d, name: "dropped")
            // The drop area's cell keeps a soft shadow (the recording's box is 1 pt wider than the card).
            var holder = Layer(name: "dropped-cell")
            holder.bounds = card.bounds
            holder.position = Point(area.midX, area.midY)
            holder.cornerRadius = 10
            holder.backgroundColor = Self.cardTop
            holder.shadowColor = .black
            holder.shadowOpacity = 0.2
            holder.shadowRadius = 2
            holder.shadowOffset = Point(0, 1)
            card.position = Point(d.width / 2, d.height / 2)
            holder.sublayers = [card]
            layers.append(holder)
        }
        return layers
    }

    /// A 1-pt dashed outline with rounded corners left square (6-pt dashes, 4-pt gaps).
    func dashedRect(_ r: Rect, color: Color, name: String) -> Layer {
        var holder = Layer(name: name, frame: r)
        func dashes(length: Double, horizontal: Bool, at offset: Double) {
            var x = 0.0
            while x < length {
                let l = min(6, length - x)
                var dash = Layer(name: "dash", frame: horizontal ? Rect(x, offset, l, 1) : Rect(offset, x, 1, l))
                dash.backgroundColor = color
                holder.sublayers.append(dash)
                x += 10
            }
        }
        dashes(length: r.width, horizontal: true, at: 0)
        dashes(length: r.width, horizontal: true, at: r.height - 1)
        dashes(length: r.height, horizontal: false, at: 0)
        dashes(length: r.height, horizontal: false, at: r.width - 1)
        return holder
    }

    // MARK: Drag preview

    func preview() -> Layer? {
        guard let item = drag.item, drag.phase == .lifted || drag.phase == .dropping || drag.phase == .cancelling else { return nil }
        let base = settings.itemSize, d = settings.droppedSize
        let k = drag.settle
        let size = Size(base.width * drag.scale + (d.width - base.width * drag.scale) * k,
                        base.height * drag.scale + (d.height - base.height * drag.scale) * k)
        var layer = card(settings.items[item], size: size, name: "drag-preview")
        layer.position = drag.center
        // The lifted preview's shadow: UIKit's drag platter, soft and wide.
        var shadowed = Layer(name: "drag-platter")
        shadowed.bounds = layer.bounds
        shadowed.position = layer.position
        shadowed.cornerRadius = 10
        shadowed.backgroundColor = Self.cardTop
        shadowed.shadowColor = .black
        shadowed.shadowOpacity = 0.25 * drag.lift
        shadowed.shadowRadius = 12
        shadowed.shadowOffset = Point(0, 4)
        layer.position = Point(size.width / 2, size.height / 2)
        shadowed.sublayers = [layer]
        // Translucent once it moves, until it reaches the area's centre (the settle is opaque).
        if let moved = drag.movedAt, drag.settle == 0 {
            shadowed.opacity = 1 - (1 - Self.movingAlpha) * min(1, max(0, (time - moved) / Self.movingFade))
        }
        if drag.enteredTargetAt.map({ time - $0 >= MiniTimerDragDropScene.enterHighlight }) == true, drag.settle == 0 {
            var badge = Layer(name: "copy-badge", frame: Rect(size.width - 12, -12, 24, 24))
            badge.backgroundColor = Self.green
            badge.cornerRadius = 12
            var plus = Layer(name: "plus", frame: Rect(0, 0, 24, 24))
            plus.contents = .glyph(GlyphContents(.plus, size: 13, color: .white))
            badge.sublayers = [plus]
            shadowed.sublayers.append(badge)
        }
        return shadowed
    }
}
