import Foundation
import RenderPreviewsKindKit

/// Builds the layer tree of one frame of a swipe preview: the Inbox screen, the swiped cell with its actions
/// view (buttons laid out by the transition style, expansion and per-button animations), a removed row's
/// collapse, the action sheet, and the touch disc.
struct SwipeScreenBuilder {
    let scene: SwipeScene
    let table: SwipeTableGeometry
    let sample: SwipeSample
    let text: any TextMeasuring

    static let screenHeight = 844.0
    static let groupedBackground = Color(hex: "#F2F2F7")!
    static let secondaryText = Color(hex: "#8A8A8E")!
    static let separator = Color(hex: "#E0E0E2")!
    /// The demo's tint (systemTeal as the recordings show it): the unread indicator's flat core on
    /// ExpansionStyle_Selecton at rest, and the Edit button and the toolbar's More in all five expansion
    /// recordings (only the back button keeps the system blue).
    static let demoTint = Color(hex: "#32B1C8")!
    /// The indicator as ExpansionStyle_Selecton shows it at rest: 12.2 pt across (the demo's 12), in the tint.
    static let unreadDot = demoTint
    static let unreadDotSize = 12.0
    static let unreadPop = AnimationCurve.propertyAnimator(duration: 1.0, dampingRatio: 0.4)
    static let unreadFade = AnimationCurve.propertyAnimator(duration: 0.3, dampingRatio: 1)

    var width: Double { scene.screenWidth }
    var m: InboxMetrics { scene.metrics }

    func build() -> LayerScene {
        let canvas = scene.canvas
        var root = Layer(name: "canvas", frame: Rect(0, 0, canvas.width, canvas.height))
        root.backgroundColor = Self.groupedBackground
        root.sublayers = [screen()]
        return LayerScene(canvas: canvas, root: root)
    }

    /// The screen (in the canvas, moved up by the viewport's top). The canvas's background shows through it,
    /// except under an intro, whose push slides it over the menu: there it has that background of its own.
    func screen() -> Layer {
        var screen = Layer(name: "screen", frame: Rect(0, -scene.viewportTop, width, Self.screenHeight))
        if scene.intro != nil { screen.backgroundColor = Self.groupedBackground }
        if scene.listStyle == .plain {
            var table = Layer(name: "table", frame: Rect(0, m.listTop, width, Self.screenHeight - m.listTop))
            table.backgroundColor = .white
            screen.sublayers.append(table)
        }
        screen.sublayers.append(largeTitle())
        screen.sublayers += rows()
        if let indicator = flashedIndicator() { screen.sublayers.append(indicator) }
        if scene.chrome.showsBars { screen.sublayers += bars() }
        if let sheet = sample.sheet, let layers = actionSheet(sheet) { screen.sublayers += layers }
        if scene.showsTouches {
            screen.sublayers += DeviceChrome.touchDiscs(sample.touchMark, trail: sample.touchTrail, recorder: .swipeCellKit)
        }
        return screen
    }

    /// UITableViewController flashes its scroll indicator once it has appeared: after the intro's push, a table
    /// (not the collection demo's cards) shows it at the right edge. As TableView_Demo shows it: 2.5 pt wide from
    /// 93.8 to 547.2 pt (the list at its top), black at 0.385, fading in from 0.09 to 0.44 s after the push ends
    /// and out from 1.05 to 1.47 s.
    func flashedIndicator() -> Layer? {
        guard let intro = scene.intro, scene.listStyle != .cards else { return nil }
        let t = sample.time - intro.end
        let alpha = min(1, max(0, (t - 0.09) / 0.35), max(0, (1.47 - t) / 0.42))
        guard alpha > 0 else { return nil }
        var bar = Layer(name: "scroll-indicator", frame: flip(Rect(width - 6, 93.8, 2.5, 453.4), in: width))
        bar.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.385)
        bar.cornerRadius = 1.25
        bar.opacity = alpha
        return bar
    }

    /// Mirrors a rect (in a container `w` wide) for right-to-left layouts.
    func flip(_ r: Rect, in w: Double) -> Rect {
        scene.rightToLeft ? Rect(w - r.maxX, r.minY, r.width, r.height) : r
    }

    func label(_ name: String, _ frame: Rect, _ text: TextContents) -> Layer {
        var l = Layer(name: name, frame: frame)
        l.contents = .text(text)
        return l
    }

    func text(_ s: String, size: Double, weight: FontWeight = .regular, color: Color = .black,
              align: TextAlignment = .natural, baseline: Double? = nil, lines: Int = 1, lineHeight: Double? = nil) -> TextContents {
        var t = TextContents(s, weight: weight, size: size, color: color)
        t.alignment = align
        t.lineLimit = lines
        t.lineHeight = lineHeight
        if let baseline { t.verticalAlignment = .firstBaseline(baseline) }
        return t
    }

    /// The large title (its frame is as wide from both edges, so a right-to-left screen needs no flip; its natural
    /// alignment sets Arabic from the right).
    func largeTitle() -> Layer {
        NavigationBar.largeTitle(scene.chrome.title, x: m.titleX, baseline: m.titleBaseline, size: m.titleSize, width: width)
    }

    // MARK: Rows

    /// How far rows below removed rows have moved up.
    func shift(below row: Int) -> Double {
        sample.deletedRows.filter { $0.row < row }.reduce(0) { sum, d in
            let k = TimingCurve.easeOut(min(1, max(0, (sample.time - d.startedAt) / SwipeTimeline.rowDeletionDuration)))
            return sum + (m.rowHeight + m.rowSpacing) * k
        }
    }

    func rows() -> [Layer] {
        let frames = table.rows
        var layers: [Layer] = []
        let visibleBottom = scene.viewportTop + scene.canvas.height
        for (i, email) in scene.emails.enumerated() {
            let cell = sample.cell?.row == i ? sample.cell : nil
            // A removed row stays where it was while the rows below slide up over it (UITableView's automatic
            // deletion: TableView_Demo's Apple News row at 7.37-7.47 s).
            if cell == nil, let d = sample.deletedRows.first(where: { $0.row == i }),
               sample.time - d.startedAt >= SwipeTimeline.rowDeletionDuration { continue }
            var frame = frames[i]
            frame.origin.y -= shift(below: i)
            if frame.minY > visibleBottom || frame.maxY < scene.viewportTop { continue }
            layers.append(row(i, email, frame: frame, cell: cell))
        }
        return layers
    }

    func row(_ index: Int, _ email: InboxEmail, frame: Rect, cell: SwipeCellState?) -> Layer {
        let h = frame.height, w = frame.width
        // The cell clips its content and actions; inset-grouped rows round the outer corners of the section.
        var clip = Layer(name: "row-\(index)", frame: frame)
        clip.masksToBounds = true
        var content = Layer(name: "content", frame: Rect(cell?.offset ?? 0, 0, w, h))
        content.backgroundColor = .white
        content.sublayers = rowContent(email, index: index, size: Size(w, h))
        var inner: [Layer] = []
        if let cell, let actions = actionsView(cell, size: Size(w, h)) { inner.append(actions) }
        inner.append(content)
        if let cell, let d = cell.deletingFor {
            // The deletion mask closes from the bottom while the button finishes filling.
            let k = AnimationCurve.easeInOut(duration: SwipeTimeline.fillDuration).progress(d)
            var mask = Layer(name: "deletion-mask", frame: Rect(0, 0, w, h * (1 - k)))
            mask.masksToBounds = true
            mask.sublayers = inner
            inner = [mask]
        }
        clip.sublayers = inner
        switch scene.listStyle {
        case .plain:
            return clip
        case .cards:
            clip.cornerRadius = m.cornerRadius
            // UICollectionView's removal fades the cell out while the cells below move up over it
            // (CollectionView_Demo: 0.62, 0.45, 0.25 and 0.12 opaque at 30-130 ms).
            if let d = sample.deletedRows.first(where: { $0.row == index }) {
                clip.opacity = 1 - TimingCurve.easeOut((sample.time - d.startedAt) / SwipeTimeline.rowDeletionDuration)
            }
            return clip
        case .insetGrouped:
            // The section's first and last rows, removed rows left out.
            let gone = Set(sample.deletedRows.map(\.row)).subtracting([index])
            let kept = scene.emails.indices.filter { !gone.contains($0) }
            let first = index == kept.first, last = index == kept.last
            guard first || last, m.cornerRadius > 0 else { return clip }
            // One radius rounds only the section's outer corners: a rounded clip taller than the row.
            let r = m.cornerRadius
            var outer = Layer(name: "section-corners", frame: Rect(frame.minX, frame.minY - (first ? 0 : r), w, h + (first != last ? r : 0)))
            outer.cornerRadius = r
            outer.masksToBounds = true
            clip.position = Point(w / 2, h / 2 + (first ? 0 : r))
            outer.sublayers = [clip]
            return outer
        }
    }

    /// The disclosure chevron in its 12 x 14 box (its middle at x 6, y 7): a thin stroke with round ends, as
    /// the circular and display-mode screenshots (3 px a point) draw it. Fitted to Button_Style_Circular_Image+Title
    /// (scripts/measure_circular.py measures both): arms 4.85 pt deep and 4.05 pt either side of the tip, 1.59 pt
    /// wide; the ink 7.0 x 9.3 pt, 7.6 pt² of it, where the 11.5-pt glyph drew 6.7 x 10.3 pt and 10.2 pt². Its tip
    /// 2.04 pt past the middle, where the fit puts it (the glyph's ink ended 2.6 past it, the stroke's reaches 2.84).
    static func chevronStroke(mirrored: Bool) -> Path {
        let width = 1.59, depth = 4.85, half = 4.05
        let tip = 6 + 2.04
        func x(_ v: Double) -> Double { mirrored ? 12 - v : v }
        var path = Path()
        path.move(to: Point(x(tip - depth), 7 - half)); path.line(to: Point(x(tip), 7)); path.line(to: Point(x(tip - depth), 7 + half))
        return path.stroked(StrokeStyle(width: width, cap: .round, join: .round))
    }

    func rowContent(_ email: InboxEmail, index: Int, size: Size) -> [Layer] {
        let w = size.width, x = m.textInset
        let small = m.textSize
        // The chevron's middle: 2.6 pt before `accessoryInset` from the row's trailing edge, where the glyph's ink
        // ended when the insets were measured (the stroke's ink reaches 0.24 pt further, as in the screenshots).
        let chevronX = w - m.accessoryInset - 2.6
        var layers: [Layer] = []
        let unread = email.unread != sample.unreadToggled.contains(index)
        // The demo's indicator (12 pt) pops in when a row becomes unread and shrinks away when it is read
        // (MailCell.setUnread: scale from 0.001, UIViewPropertyAnimator 1.0 s at damping 0.4 in, 0.3 s at 1 out).
        var scale = unread ? 1.0 : 0
        if let change = sample.unreadChanges.last(where: { $0.row == index }) {
            let age = sample.time - change.at
            scale = unread ? Self.unreadPop.progress(age) : 1 - Self.unreadFade.progress(age)
        }
        if scale > 0.001 {
            let d = Self.unreadDotSize
            var dot = Layer(name: "unread", frame: flip(Rect(x / 2 - d / 2, 24 - small * 0.7 / 2 - d / 2, d, d), in: w))
            dot.backgroundColor = Self.unreadDot
            dot.cornerRadius = d / 2
            if scale != 1 { dot.transform = .scale(scale, scale) }
            layers.append(dot)
        }
        var chevron = Layer(name: "chevron", frame: flip(Rect(chevronX - 6, 24 - 5.5 - 7, 12, 14), in: w))
        chevron.contents = .shapes([FilledShape(path: Self.chevronStroke(mirrored: scene.rightToLeft), fill: Color(hex: "#A6A6AA")!)])
        layers.append(chevron)
        // The sender and the date share the line; where both do not fit the date gives way (the demo's date label
        // yields first: TableView_Demo's "오전 10:…" and CollectionView_Demo's "오…" beside a whole "The Pragmatic
        // Bookstore").
        let date = text(email.date, size: small, color: Self.secondaryText, align: scene.rightToLeft ? .left : .right, baseline: 24)
        let sender = text(email.sender, size: m.senderSize, weight: .semibold, baseline: 24)
        let line = chevronX - 12 - x - 4
        let senderWidth = min(line, self.text.width(of: sender) + 1)
        let dateWidth = max(0, min(self.text.width(of: date) + 1, line - senderWidth))
        let dateFrame = flip(Rect(chevronX - 12 - dateWidth, 0, dateWidth, 40), in: w)
        layers.append(label("date", dateFrame, date))
        layers.append(label("sender", flip(Rect(x, 0, line - dateWidth, 40), in: w), sender))
        let textWidth = w - x - 26
        layers.append(label("subject", flip(Rect(x, 24, textWidth, 30), in: w), text(email.subject, size: small, baseline: 19.7)))
        layers.append(label("body", flip(Rect(x, 44, textWidth, 50), in: w),
                            text(email.body, size: small, color: Self.secondaryText, baseline: 19.4, lines: 2, lineHeight: 19.5)))
        if scene.listStyle != .cards && index < scene.emails.count - 1 {
            var line = Layer(name: "separator", frame: flip(Rect(x, size.height - 0.5, w - x, 0.5), in: w))
            line.backgroundColor = Self.separator
            layers.append(line)
        }
        return layers
    }

    // MARK: Actions

    func actionsView(_ cell: SwipeCellState, size: Size) -> Layer? {
        let sides = table.sides(at: cell.position)
        guard let config = sides.configuration(for: cell.orientation), let layout = sides.layout(for: cell.orientation) else { return nil }
        let w = size.width, h = size.height
        let right = cell.orientation == .right
        let visible = abs(cell.offset)
        // The actions view is twice the cell wide, beside the content's edge, and clips its buttons.
        let edge = right ? w + cell.offset : cell.offset
        var view = Layer(name: "actions", frame: Rect(right ? edge : edge - 2 * w, 0, 2 * w, h))
        view.masksToBounds = true
        view.backgroundColor = config.backgroundColor ?? (config.buttonStyle == .circular ? .systemGray6 : .systemGray5)
        var starts = layout.starts(visibleWidth: visible)
        if let last = starts.indices.last {
            starts[last] *= 1 - cell.expansion
        }
        let bw = layout.buttonWidth
        // A lone action's button stays at the far edge once the row is pulled past it (MGU's contentSize), and
        // the recordings show its color all the way to the content: its wrapper stays at the content's edge and
        // the button moves out within it.
        let lone = starts.count == 1
        for (i, action) in config.actionsInViewOrder.enumerated() {
            let u = starts[i]
            let wrapperStart = lone ? 0 : u, inset = u - wrapperStart
            var wrapper = Layer(name: "wrapper-\(i)", frame: Rect(right ? wrapperStart : -wrapperStart, 0, 2 * w, h))
            if config.buttonStyle == .backgroundColor { wrapper.backgroundColor = action.resolvedBackgroundColor }
            let buttonX = right ? inset : 2 * w - bw - inset
            var button = self.button(action, config: config, frame: Rect(buttonX, 0, bw, h))
            applyTransition(action.transition, cell.transitions.indices.contains(i) ? cell.transitions[i] : nil, to: &button)
            wrapper.sublayers = [button]
            view.sublayers.append(wrapper)
        }
        return view
    }

    /// SwipeActionButton: image over title, centered as a block (first-baseline alignment counts the title as
    /// one unwrapped line).
    func button(_ action: SwipeAction, config: SwipeActionsConfiguration, frame: Rect) -> Layer {
        var button = Layer(name: "button", frame: frame)
        let circular = config.buttonStyle == .circular
        let showsImage = config.buttonDisplayMode != .titleOnly && action.icon != nil
        let showsTitle = config.buttonDisplayMode != .imageOnly && action.title != nil
        let tint = circular ? action.resolvedBackgroundColor : (action.textColor ?? .white)
        // The boxes that put the symbols' centres and the titles' baselines where the references have them
        // (measured from the row's top on the transition recordings and the display-mode screenshots): the
        // demo's 23-pt SF Symbol images in a 29-pt box and the title in a 21.5-pt box, its baseline 16.1 down
        // (symbol centres 34.5-36.1, baselines 70.2, image alone 48.7, title alone 53.8 in a 96.7-pt row);
        // circular, the 51-pt disc (51.0-51.1 across in the three circular screenshots) and the 13-pt title in a
        // 16.8-pt box, baseline 12.25 down (disc centre 38.0, baseline 79.2).
        let imageHeight = showsImage ? (circular ? 51.0 : 29.0) : 0
        let titleHeight = showsTitle ? (circular ? 16.8 : 21.5) : 0
        let spacing = showsImage && showsTitle ? (config.buttonSpacing ?? 8) : 0
        let total = imageHeight + spacing + titleHeight
        let top = (frame.height - total) / 2
        if showsImage, let icon = action.icon {
            var image = Layer(name: "image", frame: Rect(frame.width / 2 - imageHeight / 2, top, imageHeight, imageHeight))
            let symbol = Rect(imageHeight / 2 - 14, imageHeight / 2 - 14, 28, 28)
            if circular {
                image.backgroundColor = action.resolvedBackgroundColor
                image.cornerRadius = imageHeight / 2
                image.sublayers = [iconLayer(icon, in: symbol, pointSize: 22, color: .white, background: action.resolvedBackgroundColor)]
            } else {
                image.sublayers = [iconLayer(icon, in: symbol, pointSize: 23, color: action.textColor ?? .white,
                                             background: action.resolvedBackgroundColor)]
            }
            button.sublayers.append(image)
        }
        if showsTitle, let title = action.title {
            var t = SwipeScene.buttonTitle(title, style: config.buttonStyle, color: tint)
            t.alignment = .center
            t.verticalAlignment = .firstBaseline(circular ? 12.25 : 16.1)
            button.sublayers.append(label("title", Rect(0, top + imageHeight + spacing, frame.width, titleHeight), t))
        }
        return button
    }

    /// Font Awesome's glyph size that matches an SF Symbol's ink at `pointSize` (the demo's symbols: trash.fill
    /// at 23 pt is 28.2 pt tall and 24.8 wide in the recordings, flag.fill 25.6 × 27.0, where Font Awesome's at
    /// 24 pt are 20.0 × 18.7 and 19.9 × 22.3).
    static func glyphSize(_ icon: Icon, pointSize: Double) -> Double {
        let perPoint: Double
        switch icon {
        case .trash: perPoint = 1.435
        case .flag: perPoint = 1.27
        default: perPoint = 1.3
        }
        return pointSize * perPoint
    }

    /// ellipsis.circle's three dots, on the middle line of a circle `across` wide (in its bounds).
    static func ellipsisDots(across d: Double, diameter: Double, apart: Double, color: Color) -> [Layer] {
        [-1.0, 0, 1].map { k in
            var dot = Layer.circle(name: "dot", center: Point(d / 2 + k * apart, d / 2), diameter: diameter)
            dot.backgroundColor = color
            return dot
        }
    }

    /// The demo's symbols at `pointSize`: "More" is a filled circle (ellipsis.circle.fill, 1.19 times the point
    /// size across) with three round dots cut out in the button's color. TransitionStyle_Border at rest (2.03 s,
    /// 1.2308 px a point): the circle 33.9 px across, the dots 5.0 px across and 8.1 px apart, on its middle
    /// line: 0.149 and 0.24 of the circle.
    func iconLayer(_ icon: Icon, in rect: Rect, pointSize: Double, color: Color, background: Color) -> Layer {
        if icon == .ellipsis {
            let d = pointSize * 1.19
            var circle = Layer.circle(name: "more", center: Point(rect.midX, rect.midY), diameter: d)
            circle.backgroundColor = color
            circle.sublayers = Self.ellipsisDots(across: d, diameter: 0.149 * d, apart: 0.24 * d, color: background)
            return circle
        }
        var l = Layer(name: icon.rawValue, frame: rect)
        l.contents = .glyph(GlyphContents(icon, size: Self.glyphSize(icon, pointSize: pointSize), color: color))
        return l
    }

    /// The per-button transition animation at the sample's time: MGUSwipeTransitionAnimation's, played on the
    /// button's image (MGU's favoriteSwitch; the title stays as it is).
    func applyTransition(_ animation: SwipeTransitionAnimation, _ state: SwipeButtonTransition?, to button: inout Layer) {
        guard let state, animation.kind != .none else { return }
        let since = state.crossedAt.map { sample.time - $0 }
        // A title-only button has no image to animate.
        guard let imageIndex = button.sublayers.firstIndex(where: { $0.name == "image" }) else { return }
        switch animation.kind {
        case .none:
            break
        case .default:
            // Shrunk when it starts to show; back to full size over `duration` (ease in, ease out) once past the
            // threshold, and shrunk again when it hides.
            let small = animation.initialScale
            var s = small
            if let since {
                let k = AnimationCurve.easeInOut(duration: animation.duration).progress(since)
                s = state.shown ? small + (1 - small) * k : 1 - (1 - small) * k
            }
            button.sublayers[imageIndex].transform = .scale(s, s, 1)
        case .spring:
            // Scale keyframes x 1, 1.2, 0.9, 1 and y 1, 0.5, 1.25, 1 at 0, 0.5, 0.9, 1 of `duration`, eased as a whole.
            guard let since, state.shown, let u = Self.keyframeProgress(since, duration: animation.duration) else { return }
            let sx = Self.keyframes([1, 1.2, 0.9, 1], at: u), sy = Self.keyframes([1, 0.5, 1.25, 1], at: u)
            button.sublayers[imageIndex].transform = .scale(sx, sy, 1)
        case .rotate:
            // rotation.y keyframes 0, π/4, −π/12, 0 in `duration`, seen through the button's m34 = −1/35.
            guard let since, state.shown, let u = Self.keyframeProgress(since, duration: animation.duration) else { return }
            let angle = Self.keyframes([0, Double.pi / 4, -Double.pi / 12, 0], at: u)
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 35
            button.sublayerTransform = perspective
            button.sublayers[imageIndex].transform = .rotation(angle, 0, 1, 0)
        case .favorite:
            guard let since, state.shown else { return }
            favoriteBurst(since: since, in: &button)
        }
    }

    /// Where a keyframe animation of `duration` is `since` seconds in (its ease-in-ease-out timing applied), nil
    /// once it is over.
    static func keyframeProgress(_ since: Double, duration: Double) -> Double? {
        guard since >= 0, since < duration else { return nil }
        return AnimationCurve.easeInOut(duration: duration).progress(since)
    }

    /// The value at `u` of keyframes at key times 0, 0.5, 0.9 and 1, linear between them.
    static func keyframes(_ values: [Double], at u: Double) -> Double {
        let times = [0, 0.5, 0.9, 1.0]
        guard let k = times.indices.dropFirst().first(where: { u <= times[$0] }) else { return values.last! }
        let f = (u - times[k - 1]) / (times[k] - times[k - 1])
        return values[k - 1] + (values[k] - values[k - 1]) * f
    }

    /// The "favorite switch": a ring with a dot swells, bursts into rays, and the symbol pops back in.
    func favoriteBurst(since t: Double, in button: inout Layer) {
        let total = 0.6
        guard t < total, let imageIndex = button.sublayers.firstIndex(where: { $0.name == "image" }) else { return }
        var image = button.sublayers[imageIndex]
        let c = Point(image.bounds.width / 2, image.bounds.height / 2)
        var extra: [Layer] = []
        if t < 0.25 {
            // The symbol gives way to a growing ring with a dot.
            let k = t / 0.25
            let d = 8 + 18 * k
            var ring = Layer.circle(name: "ring", center: c, diameter: d)
            ring.borderWidth = 2
            ring.borderColor = .white
            var dot = Layer.circle(name: "dot", center: c, diameter: 5)
            dot.backgroundColor = .white
            extra = [ring, dot]
            image.sublayers = []
        } else {
            let k = (t - 0.25) / (total - 0.25)
            // Eight rays fly out and fade; the symbol scales up from nothing, overshoots, and settles.
            let r0 = 13 + 8 * k, len = 6 * (1 - k)
            if len > 0.5 {
                for j in 0..<8 {
                    let a = Double(j) * Double.pi / 4
                    var ray = Layer(name: "ray-\(j)")
                    ray.bounds = Rect(0, 0, len, 2)
                    ray.position = Point(c.x + cos(a) * (r0 + len / 2), c.y + sin(a) * (r0 + len / 2))
                    ray.transform = .rotation(a, 0, 0, 1)
                    ray.backgroundColor = .white
                    ray.opacity = 1 - k
                    extra.append(ray)
                }
            }
            let s = k < 0.6 ? 1.15 * k / 0.6 : 1.15 - 0.15 * (k - 0.6) / 0.4
            image.transform = .scale(max(0.01, s), max(0.01, s), 1)
        }
        button.sublayers[imageIndex] = image
        var overlay = Layer(name: "burst")
        overlay.bounds = image.bounds
        overlay.position = image.position
        overlay.sublayers = extra
        button.sublayers.append(overlay)
    }

    // MARK: Chrome

    func bars() -> [Layer] {
        var bar = Layer(name: "navigation-bar", frame: Rect(0, 0, width, m.listTop))
        // A presented sheet dims the demo's tint (Edit, the toolbar's ring) to gray; the back button keeps its
        // blue. Under ExpansionStyle_Fill's and _FillReverse's sheets Edit reads (139, 139, 140) and the back
        // button (7, 92, 194), the dim's 0.8 over systemGray2 and systemBlue.
        let tint = sample.sheet.map { $0.dismissedAt == nil } == true ? Color.systemGray2 : Self.demoTint
        var items = DeviceChrome.statusBar(time: scene.chrome.time, width: width)
        // The bar under the 47-pt status bar, as in the demo's other screens.
        var chevron = NavigationBar.backChevron(barTop: 47, color: NavigationBar.tint, mirrored: scene.rightToLeft)
        if scene.rightToLeft { chevron.position.x = width - chevron.position.x }
        items.append(chevron)
        var back = NavigationBar.backText(scene.chrome.backTitle)
        back.verticalAlignment = .firstBaseline(21)
        items.append(label("back", flip(Rect(29, 54, 160, 40), in: width), back))
        items.append(label("edit", flip(Rect(width - 176, 54, 160, 40), in: width),
                           text(scene.chrome.editTitle, size: NavigationBar.backTitleSize, color: tint, align: scene.rightToLeft ? .left : .right, baseline: 21)))
        bar.sublayers = items
        // One point past the screen's bottom: the canvas's last pixel row (844 pt is 1038.8 px) is the bar's too.
        var toolbar = Layer(name: "toolbar", frame: Rect(0, 761.3, width, Self.screenHeight + 1 - 761.3))
        // White under a hairline, with ellipsis.circle in the tint, as the five expansion recordings show it at
        // their first frame: the ring 22 pt across and 1.4 wide, centered 28.9 pt from the right edge and 27.2
        // below the bar's top, its dots 2.9 across and 4.87 apart.
        toolbar.backgroundColor = .white
        var hairline = Layer(name: "hairline", frame: Rect(0, 0, width, 0.5))
        hairline.backgroundColor = Color(hex: "#DFDFE0")!
        let ring = flip(Rect(width - 39.9, 16.2, 22, 22), in: width)
        var more = Layer.circle(name: "more", center: Point(ring.midX, ring.midY), diameter: 22)
        more.borderWidth = 1.4
        more.borderColor = tint
        more.sublayers = Self.ellipsisDots(across: 22, diameter: 2.9, apart: 4.87, color: tint)
        let home = DeviceChrome.homeIndicator(centerX: width / 2, top: Self.screenHeight - 761.3 - 12.9,
                                              style: scene.chrome.homeIndicator)
        toolbar.sublayers = [hairline, more, home]
        return [bar, toolbar]
    }

    /// The action sheet's group: the list behind blurred, under a light gray most of the way opaque.
    static let sheetMaterial = BackdropEffect(blurRadius: 20)
    static let sheetGroupColor = Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.87)
    static let sheetPressed = Color(red: 0, green: 0, blue: 0, alpha: 0.095)

    /// UIAlertController(.actionSheet) "Delete / delete row": the screen dims and the sheet rises. Placed as
    /// ExpansionStyle_Fill's and _FillReverse's sheets rest (px at 480 wide, both alike): the group from 752 to
    /// 917 with its separator at 846, the Cancel group from 927.5 to 997, the texts' ink at 773-784 (title),
    /// 800-811 (message), 873-890 (Delete) and 953-971 (Cancel). The group is a blurred material: the list
    /// behind it reads 240.5 ± 2.6 there, no text showing through.
    func actionSheet(_ state: SwipeSheetState) -> [Layer]? {
        let k = AnimationCurve.criticallyDamped(duration: 0.5).progress(sample.time - state.presentedAt)
        var dimK = k, rise = (1 - k) * 240
        if let gone = state.dismissedAt {
            // Going: the sheet drops away fast, the dim clears after it (SwipeTimeline.sheetDropDuration).
            let d = sample.time - gone
            guard d < SwipeTimeline.sheetDimClearDuration else { return nil }
            dimK *= 1 - TimingCurve.easeOut(d / SwipeTimeline.sheetDimClearDuration)
            rise += TimingCurve.easeIn(d / SwipeTimeline.sheetDropDuration) * 240
        }
        var dim = Layer(name: "dim", frame: Rect(0, 0, width, Self.screenHeight))
        dim.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
        dim.opacity = dimK
        var sheet = Layer(name: "action-sheet", frame: Rect(8, SwipeSheetState.sheetTop + rise, width - 16, SwipeSheetState.height))
        var message = Layer(name: "message-group", frame: Rect(0, 0, width - 16, 133.1))
        message.backdrop = Self.sheetMaterial
        message.backgroundColor = Self.sheetGroupColor
        message.cornerRadius = 13
        message.masksToBounds = true
        let titleText = text("Delete", size: 13, weight: .semibold, color: Self.secondaryText, align: .center, baseline: 16)
        var line = Layer(name: "separator", frame: Rect(0, 75.8, width - 16, 0.5))
        line.backgroundColor = Color(hex: "#D8D8DA")!
        message.sublayers = [
            label("title", Rect(0, 9.6, width - 16, 24), titleText),
            label("message", Rect(0, 31.2, width - 16, 24), text("delete row", size: 13, color: Self.secondaryText, align: .center, baseline: 16)),
            line,
            label("delete", Rect(0, 75.8, width - 16, 57.3), text("Delete", size: 20, color: .systemBlue, align: .center)),
        ]
        var cancel = Layer(name: "cancel-group", frame: Rect(0, 141.6, width - 16, 57))
        cancel.backgroundColor = .white
        cancel.cornerRadius = 13
        cancel.masksToBounds = true
        cancel.sublayers = [label("cancel", Rect(0, 0, width - 16, 57), text("Cancel", size: 20, weight: .semibold, color: .systemBlue, align: .center))]
        // A button under the finger darkens (TableView_Demo's Delete: 242 -> 219 while pressed).
        if state.dismissedAt == nil, let touch = sample.touch {
            func pressed(_ frame: Rect) -> Layer {
                var l = Layer(name: "pressed", frame: frame)
                l.backgroundColor = Self.sheetPressed
                return l
            }
            if SwipeSheetState.deleteButton(screenWidth: width).contains(touch) {
                message.sublayers.insert(pressed(Rect(0, 75.8, width - 16, 57.3)), at: 3)
            } else if SwipeSheetState.cancelButton(screenWidth: width).contains(touch) {
                cancel.sublayers.insert(pressed(Rect(0, 0, width - 16, 57)), at: 0)
            }
        }
        sheet.sublayers = [message, cancel]
        return [dim, sheet]
    }
}
