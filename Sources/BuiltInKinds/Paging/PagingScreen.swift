import Foundation
import RenderPreviewsKindKit

/// The layout strip's geometry: each cell fills the strip, a 100 pt circle at its top centre, transformed by
/// ScaleTransformView's default options, with the title and subtitle under it.
struct StripGeometry {
    let frame: Rect
    static let circleSize = 100.0
    static let options = ScaleOptions()

    var layout: PagingLayout {
        PagingLayout(viewSize: frame.size, numberOfItems: StripTimeline.itemCount, numberOfVisibleItems: 10)
    }

    var circleFrame: Rect { Rect(frame.width / 2 - Self.circleSize / 2, 0, Self.circleSize, Self.circleSize) }

    /// The strip item whose circle is under `point` (screen space), the nearest circle when none is; UIKit's hit
    /// test goes through the cell's selectableView (the circle).
    func item(at point: Point, contentOffset: Double) -> Int? {
        let local = Point(point.x - frame.minX, point.y - frame.minY)
        let c = circleFrame
        var best: (Int, Double)? = nil
        for (index, progress) in layout.visibleItems(contentOffset: contentOffset) {
            let t = Self.options.transform(progress: progress, size: c.size).affine
            let center = Point(c.midX + t.tx, c.midY + t.ty)
            let half = c.width / 2 * abs(t.a)
            let d = (local - center).length
            if d <= half { return index }
            if best == nil || d < best!.1 { best = (index, d) }
        }
        return best?.0
    }
}

/// One frame of the Shapes demo screen as a layer tree.
struct PagingScreen {
    let scene: PagingScene
    let sample: ScrollSample
    let strip: StripTimeline.State
    let art: PagingArt

    /// ShapeCardView inside the cell: 18% of the width left and right, 6% of the height above and below.
    static func cardFrame(in cell: Size) -> Rect {
        let dx = cell.width * 0.18, dy = cell.height * 0.06
        return Rect(dx, dy, cell.width - 2 * dx, cell.height - 2 * dy)
    }

    var entry: ShapesLayoutEntry {
        let entries = scene.entries
        return entries[((strip.selectedPage % entries.count) + entries.count) % entries.count]
    }

    /// The screen's views in ShapesViewController.xib's order, back to front: the layout strip, the cards'
    /// collection view, the page control (hidden in this sample: not drawn) and the back button. Neither
    /// collection view clips (the controller turns clipsToBounds off), so a card that leaves its page passes
    /// over the strip's discs, and the back arrow stays over every card.
    func build() -> LayerScene {
        var root = Layer(name: "screen", frame: Rect(0, 0, scene.canvas.width, scene.canvas.height))
        root.backgroundColor = scene.background
        root.masksToBounds = true
        if scene.showsLayoutStrip { root.sublayers.append(layoutStrip()) }
        let (pages, snapshots) = pages()
        root.sublayers.append(pages)
        if let back = art.backButton { root.sublayers.append(back) }
        if scene.showsTouches, let mark = sample.touchMark { root.sublayers.append(DeviceChrome.touchDisc(mark)) }
        return LayerScene(canvas: scene.canvas, root: root, snapshots: snapshots)
    }

    // MARK: Pages

    /// The pages' scroll view, and the snapshots of cards that are shown in pieces.
    func pages() -> (Layer, [String: Layer]) {
        let frame = scene.pagesFrame
        var view = Layer(name: "pages", frame: frame)
        let offset = sample.contentOffset
        view.bounds.origin = Point(offset, 0)
        let layout = scene.layout
        let size = frame.size
        var snapshots: [String: Layer] = [:]
        let cardSize = Self.cardFrame(in: size).size
        // Every card has the same size, so one cut serves all of them.
        var cut: [Rect]? = nil
        if case .snapshot(let options) = entry.transformer { cut = options.pieceFrames(cardSize: cardSize) }
        for (index, progress) in layout.visibleItems(contentOffset: offset) {
            let transform = entry.transformer.transform(progress: progress, size: cardSize)
            let x = entry.transformer.isTransformable ? offset : Double(index) * size.width
            var cell = Layer(name: "cell-\(index)", frame: Rect(x, 0, size.width, size.height))
            cell.zPosition = Double(transform?.zIndex ?? Int(-abs(libraryRound(progress))))
            let card = card(index, transform, cellSize: size)
            if case .snapshot(let options) = entry.transformer, progress != 0 {
                // Off its page the card is moved out of sight and its snapshot's pieces are shown instead.
                snapshots[card.name!] = card
                cell.sublayers.append(snapshotPieces(of: card, options, cut: cut ?? [], progress: progress))
            } else {
                cell.sublayers.append(card)
            }
            if let blur = transform?.blur { cell.sublayers.append(blurView(index, blur, cellSize: size)) }
            view.sublayers.append(cell)
        }
        return (view, snapshots)
    }

    /// SnapshotContainerView over the card: pieces of the card's snapshot, each a view of its own with the
    /// library's transform, alpha and corner radius, in a container that is itself moved and scaled. A
    /// piece thinner than a millionth of a point (a sliver the library's float sums can leave at an edge)
    /// keeps its place in the numbering but is not drawn. `frames` is the options' cut of the card (none when
    /// the library makes no snapshot).
    func snapshotPieces(of card: Layer, _ options: SnapshotOptions, cut frames: [Rect], progress: Double) -> Layer {
        let name = card.name!
        var container = Layer(name: name + "-snapshot", frame: Rect(card.position.x - card.bounds.width / 2,
                                                                    card.position.y - card.bounds.height / 2,
                                                                    card.bounds.width, card.bounds.height))
        let size = card.bounds.size
        container.transform = options.container(progress: progress, size: size).transform
        let (rowCount, columnCount) = options.gridCounts
        // Names follow the cut's own rows and columns: a new row starts where x returns to 0.
        var row = 0, column = 0
        for (index, frame) in frames.enumerated() {
            defer {
                column += 1
                if index + 1 < frames.count, frames[index + 1].minX == 0 { row += 1; column = 0 }
            }
            guard frame.width >= 1e-6, frame.height >= 1e-6 else { continue }
            let position = PiecePosition(index: index, row: index / columnCount, column: index % columnCount,
                                         rowCount: rowCount, columnCount: columnCount)
            let t = options.piece(position, size: frame.size, progress: progress)
            var piece = Layer(name: "\(name)-piece-\(row)-\(column)", frame: frame)
            piece.contents = .snapshot(name)
            piece.contentsRect = Rect(frame.minX / size.width, frame.minY / size.height,
                                      frame.width / size.width, frame.height / size.height)
            piece.transform = t.transform
            piece.opacity = min(1, max(0, t.alpha))
            piece.cornerRadius = max(0, t.cornerRadius)
            piece.masksToBounds = true
            container.sublayers.append(piece)
        }
        return container
    }

    func card(_ index: Int, _ t: PageTransform?, cellSize: Size) -> Layer {
        let frame = Self.cardFrame(in: cellSize)
        var card = Layer(name: "page-\(index)", frame: frame)
        card.contents = .gradient(LinearGradient(colors: entry.colors, startPoint: Point(0, 0), endPoint: Point(1, 1)))
        card.cornerRadius = 30
        card.borderWidth = 5
        card.borderColor = .white
        if let t {
            if t.transform.isFinite {
                card.transform = t.transform
            } else {
                // The library's log curve past its domain gives NaN; UIKit then draws nothing of the view.
                card.isHidden = true
            }
            card.isDoubleSided = t.isDoubleSided
            // The library's alpha arithmetic goes below 0 deep in a stack; UIView.alpha keeps 0...1.
            card.opacity = min(1, max(0, t.alpha))
            if let s = t.shadow { card.setShadow(s) }
        }
        card.sublayers = art.cardContents[index]
        return card
    }

    /// The library's BlurEffectView filling the cell, given the card's translation (scale) or none (stack).
    func blurView(_ index: Int, _ blur: PageBlur, cellSize: Size) -> Layer {
        var view = Layer(name: "blur-\(index)", frame: Rect(0, 0, cellSize.width, cellSize.height))
        view.transform = .translation(blur.translation.x, blur.translation.y)
        let full = blur.style.full
        view.backdrop = BackdropEffect(blurRadius: full.radius * blur.fraction,
                                       saturation: 1 + (full.saturation - 1) * blur.fraction,
                                       tint: full.tint.withAlpha(full.tint.alpha * blur.fraction))
        return view
    }

    // MARK: Layout strip

    func layoutStrip() -> Layer {
        let geometry = StripGeometry(frame: scene.stripFrame)
        var view = Layer(name: "layouts", frame: scene.stripFrame)
        let offset = strip.contentOffset
        view.bounds.origin = Point(offset, 0)
        let size = scene.stripFrame.size
        let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
        for (index, progress) in geometry.layout.visibleItems(contentOffset: offset) {
            let entries = scene.entries
            let entry = entries[((index % entries.count) + entries.count) % entries.count]
            let t = StripGeometry.options.transform(progress: progress, size: geometry.circleFrame.size)
            var cell = Layer(name: "layout-\(index)", frame: Rect(offset, 0, size.width, size.height))
            cell.zPosition = Double(t.zIndex)
            var circle = Layer(name: "circle", frame: geometry.circleFrame)
            circle.backgroundColor = .white
            circle.cornerRadius = 50
            circle.transform = t.transform
            if let s = t.shadow { circle.setShadow(s) }
            // The imageView's tint is grey, but the icons are not templates: they keep their own colours.
            circle.sublayers = art.icons[entry.icon] ?? []
            let alpha = max(0, 1 - abs(progress))
            var title = Layer(name: "title", frame: Rect(0, 120, size.width, 21.5))
            var titleText = TextContents(entry.title, size: 18, color: gray)
            titleText.alignment = .center
            title.contents = .text(titleText)
            title.opacity = alpha
            var subtitle = Layer(name: "subtitle", frame: Rect(0, 142.5, size.width, 21.5))
            var subtitleText = TextContents(entry.subtitle, weight: .ultraLight, size: 18, color: gray)
            subtitleText.alignment = .center
            subtitle.contents = .text(subtitleText)
            subtitle.opacity = alpha
            cell.sublayers = [circle, title, subtitle]
            view.sublayers.append(cell)
        }
        return view
    }
}

extension Transform3D {
    var isFinite: Bool { values.allSatisfy(\.isFinite) }
}

extension Layer {
    /// The shadow the library sets on the transformed view's layer.
    mutating func setShadow(_ s: PageShadow) {
        shadowColor = s.color; shadowOpacity = s.opacity; shadowRadius = s.radius; shadowOffset = s.offset
    }
}
