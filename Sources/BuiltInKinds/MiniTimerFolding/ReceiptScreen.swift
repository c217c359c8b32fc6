import Foundation
import RenderPreviewsKindKit

/// One frame of the Mini Timer 1 screen. The row's drawing is measured on MiniTimer_1 frame 20 (400 px for
/// 390 pt): the strip 295 pt wide from x 48.8, rows 50 pt, punched holes 12.5 pt across at 13.2 pt from each
/// edge, the time right-aligned at 69.8 pt (16 pt type, baseline 18.7), AM/PM under it (14 pt, baseline 43.2),
/// the title from 78 pt, the squares (9 × 7 pt every 11.2 pt) under it, day and weekday right-aligned at 269.7.
struct ReceiptScreen {
    let scene: MiniTimerFoldingScene
    let sample: ScrollSample
    /// The list's offset while the tear holds it (the scroll's offset at the pull).
    let tearOffset: Double?
    let time: Double
    let text: any TextMeasuring
    /// Each row drawn once for the animation at the layout's item size (`drawnRows`): a row's drawing is
    /// fixed, about 90 layers with its dashed rule, and a frame shows a dozen.
    let rows: [Layer]

    static let ruleGray = Color(hex: "#141414")!

    var settings: MiniTimerFoldingKind.Settings { scene.settings }

    func build() -> Layer {
        let c = settings.canvas
        var root = Layer(name: "screen", frame: Rect(0, 0, c.width, c.height))
        root.backgroundColor = .black
        let tear = settings.tear.map { TearState($0, at: time) }
        let state = listState(tear)
        if state.offset > 0 { root.sublayers.append(paperBar()) }
        root.sublayers.append(list(tear, state))
        if let t = settings.tear, let tearState = tear, tearState.pieceOnScreen {
            // The torn piece is cut at the safe area's bottom as the list is.
            var clip = Layer(name: "piece-clip", frame: Rect(0, 0, c.width, listBottom))
            clip.masksToBounds = true
            clip.sublayers = [piece(t, tearState)]
            root.sublayers.append(clip)
        }
        root.sublayers.append(NavigationBar.layer(width: c.width, height: settings.viewFrame.minY, title: settings.title,
                                                  backTitle: "Back", time: settings.time, text: text))
        root.sublayers.append(DeviceChrome.homeIndicator(on: c, style: settings.homeIndicator))
        if settings.showsTouches {
            if let t = settings.tear, let state = tear, state.fingerDown {
                root.sublayers.append(DeviceChrome.touchDisc(at: finger(t, state), recorder: .flowView))
            } else {
                root.sublayers += DeviceChrome.touchDiscs(sample.touchMark, trail: sample.touchTrail, recorder: .flowView)
            }
        }
        return root
    }

    /// The finger holds the piece: it turns and drops with it.
    func finger(_ tear: TearGesture, _ state: TearState) -> Point {
        let pivot = pivotPoint(tear)
        let dx = tear.point.x - pivot.x, dy = tear.point.y - pivot.y
        let a = state.pieceAngle
        return Point(pivot.x + dx * cos(a) - dy * sin(a), pivot.y + dx * sin(a) + dy * cos(a) + state.pieceDrop)
    }

    // MARK: List

    /// The offset shown and the rows the list has: the tear holds the list still, and its close takes the torn
    /// rows out and scrolls back to the top.
    func listState(_ tear: TearState?) -> (offset: Double, count: Int, hideFrom: Int?) {
        let all = settings.rows.count
        guard let t = settings.tear, let state = tear, time >= t.at, let held = tearOffset else {
            return (sample.contentOffset, all, nil)
        }
        if state.closed { return (held * (1 - state.closeProgress), t.row, nil) }
        let pulled = time >= t.pullAt
        return (held, all, pulled ? t.row : nil)
    }

    /// The list's cells draw below the flow view down to here, the safe area's bottom (34 pt above the
    /// screen's, as on the iPhone 14 the demo was recorded on): MiniTimer_1 cuts its rows and the torn piece at
    /// 810.2 pt, with the strip running on below.
    var listBottom: Double { settings.canvas.height - Self.safeAreaBottomInset }
    static let safeAreaBottomInset = 34.0

    /// The white rounded bar above the strip while the list is scrolled from its top: the strip's width, 5 pt
    /// tall, 7.7 pt below the view's top (MiniTimer_1: x 47.6…342.3, y 98.7…103.7 pt; it shows from the
    /// fling's first frame, 1.6 s, and goes when the close is back at the top, 5.2 s). Under the rows, which
    /// fold over it at the top.
    func paperBar() -> Layer {
        let frame = settings.viewFrame, w = settings.itemSize.width
        var bar = Layer(name: "paper-bar", frame: Rect(frame.minX + (frame.width - w) / 2, frame.minY + 7.7, w, 5))
        bar.backgroundColor = .white
        bar.cornerRadius = 2.5
        return bar
    }

    func list(_ tear: TearState?, _ state: (offset: Double, count: Int, hideFrom: Int?)) -> Layer {
        let c = settings.canvas, frame = settings.viewFrame
        // Clipped at the view's top and at the safe area's bottom: the strip runs on below the view.
        var view = Layer(name: "list", frame: Rect(0, frame.minY, c.width, max(0, listBottom - frame.minY)))
        view.masksToBounds = true
        let (offset, count, hideFrom) = state
        let layout = scene.layout(itemCount: count)
        let h = settings.itemSize.height
        for i in 0..<count {
            if let hideFrom, i >= hideFrom { continue }
            let a = layout.attributes(ofItem: i, contentOffset: offset)
            guard a.alpha > 0 else { continue }
            let y = a.center.y - offset
            if y < -2 * h || y > view.bounds.height + h { continue }
            var cell = drawnRow(i, size: a.size)
            cell.position = Point(frame.minX + a.center.x, y)
            cell.transform = a.transform
            cell.zPosition = Double(a.zIndex)
            cell.sublayers += FlowScreenBuilder.foldingShade(a)
            if let t = settings.tear, let state = tear {
                // Before the close the veil is on the rows above the line; once the list is back at the top it
                // is on as many rows as were above the line on screen, from the first (as the recording shows).
                let veiled = state.closed ? t.row - Int(((tearOffset ?? 0) / settings.itemSize.height).rounded(.down)) : t.row
                if i < veiled && state.gray > 0 { cell.sublayers.append(veil(size: a.size, alpha: state.gray)) }
                if i == t.row && state.showsLine { cell.sublayers.append(tearLine(width: a.size.width)) }
            }
            view.sublayers.append(cell)
        }
        return view
    }

    func veil(size: Size, alpha: Double) -> Layer {
        var veil = Layer(name: "gray", frame: Rect(0, 0, size.width, size.height))
        veil.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: alpha)
        return veil
    }

    /// The dashed tear line along a row's top edge (black, heavier than the rules).
    func tearLine(width: Double) -> Layer {
        Self.dashes(width: width, y: 0, height: 1.5, dash: 4, gap: 2, color: .black, name: "tear-line")
    }

    static func dashes(width: Double, y: Double, height: Double, dash: Double, gap: Double, color: Color, name: String) -> Layer {
        var line = Layer(name: name, frame: Rect(0, y, width, height))
        var x = 0.0
        while x < width {
            var d = Layer(name: "dash", frame: Rect(x, 0, min(dash, width - x), height))
            d.backgroundColor = color
            line.sublayers.append(d)
            x += dash + gap
        }
        return line
    }

    // MARK: A row

    /// Every row at the layout's item size, for `rows`.
    static func drawnRows(_ scene: MiniTimerFoldingScene) -> [Layer] {
        let size = scene.settings.itemSize
        return scene.settings.rows.indices.map { row(scene.settings.rows[$0], index: $0, size: size) }
    }

    /// Row `index` drawn at `size`: the one drawn for the animation when it has that size.
    func drawnRow(_ index: Int, size: Size) -> Layer {
        index < rows.count && size == settings.itemSize ? rows[index] : Self.row(settings.rows[index], index: index, size: size)
    }

    static func row(_ r: ReceiptRow, index: Int, size: Size) -> Layer {
        var cell = Layer(name: "row-\(index)")
        cell.bounds = Rect(0, 0, size.width, size.height)
        cell.backgroundColor = .white
        func label(_ name: String, _ string: String, x: Double, width: Double, baseline: Double, size: Double,
                   alignment: TextAlignment) -> Layer {
            var l = Layer(name: name, frame: Rect(x, 0, width, 50))
            var t = TextContents(string, size: size)
            t.alignment = alignment
            t.verticalAlignment = .firstBaseline(baseline)
            l.contents = .text(t)
            return l
        }
        for (name, cx) in [("hole-left", 13.2), ("hole-right", size.width - 12.1)] {
            var hole = Layer(name: name, frame: Rect(cx - 6.25, size.height / 2 - 6.25, 12.5, 12.5))
            hole.backgroundColor = .black
            hole.cornerRadius = 6.25
            cell.sublayers.append(hole)
        }
        cell.sublayers += [
            label("time", r.time, x: 20, width: 49.8, baseline: 18.7, size: 16, alignment: .right),
            label("meridiem", r.meridiem, x: 20, width: 49.8, baseline: 43.2, size: 14, alignment: .right),
            label("title", r.title, x: 78, width: 150, baseline: 18.7, size: 16, alignment: .left),
            label("day", r.day, x: 219.7, width: 50, baseline: 18.7, size: 16, alignment: .right),
            label("weekday", r.weekday, x: 219.7, width: 50, baseline: 43.2, size: 14, alignment: .right),
        ]
        for k in 0..<r.dots {
            var square = Layer(name: "dot", frame: Rect(78 + Double(k) * 11.2, 33.4, 9, 7.2))
            square.backgroundColor = .black
            square.cornerRadius = 1.5
            cell.sublayers.append(square)
        }
        // The rule between rows: 2-pt dashes every 3.9 pt along the row's top edge, 0.9 pt thick (52 at its
        // darkest). On the top edge so that the next row, drawn over this one, does not hide it.
        if index > 0 {
            cell.sublayers.insert(dashes(width: size.width, y: 0, height: 0.9, dash: 2, gap: 1.9, color: Self.ruleGray,
                                         name: "rule"), at: 0)
        }
        return cell
    }

    // MARK: The torn piece

    /// The tear's right end: where the piece turns.
    func pivotPoint(_ tear: TearGesture) -> Point {
        let frame = settings.viewFrame
        let layout = scene.layout(itemCount: settings.rows.count)
        let a = layout.attributes(ofItem: tear.row, contentOffset: tearOffset ?? 0)
        return Point(frame.minX + a.center.x + a.size.width / 2, frame.minY + a.center.y - a.size.height / 2 - (tearOffset ?? 0))
    }

    func piece(_ tear: TearGesture, _ state: TearState) -> Layer {
        let size = settings.itemSize, c = settings.canvas
        let pivot = pivotPoint(tear)
        // Rows from the tear down to past the screen's bottom (the turn lifts the left side a little).
        let rows = min(settings.rows.count - tear.row, Int(((c.height - pivot.y) / size.height).rounded(.up)) + 2)
        var piece = Layer(name: "torn-piece")
        piece.bounds = Rect(0, 0, size.width, Double(max(rows, 0)) * size.height)
        piece.anchorPoint = Point(1, 0)
        piece.position = Point(pivot.x, pivot.y + state.pieceDrop)
        piece.transform = .rotation(state.pieceAngle, 0, 0, 1)
        piece.opacity = state.pieceAlpha
        for k in 0..<max(rows, 0) {
            var cell = drawnRow(tear.row + k, size: size)
            cell.position = Point(size.width / 2, (Double(k) + 0.5) * size.height)
            if k == 0 { cell.sublayers.append(tearLine(width: size.width)) }
            piece.sublayers.append(cell)
        }
        return piece
    }
}
