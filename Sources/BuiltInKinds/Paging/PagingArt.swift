import RenderPreviewsKindKit

/// What every frame of a Shapes screen draws the same, built once per animation: each card's content (its
/// symbol, title and text placeholder), the strip's icons and the back button. The strip's icons and the
/// card's text placeholder are the sample's own PDFs (Artwork); the card symbols and the back arrow are drawn
/// here. Frames share these layers, so damage tracking finds them equal by identity instead of comparing
/// rebuilt paths point by point, and no frame scales the artwork again.
struct PagingArt: Sendable {
    private var assets: [String: VectorArtwork] = [:]
    /// Per card of the scene, what the card view holds.
    private(set) var cardContents: [[Layer]] = []
    /// Per icon name, the icon centred in the strip's circle.
    private(set) var icons: [String: [Layer]] = [:]
    private(set) var backButton: Layer?

    init(scene: PagingScene) {
        // A bundled asset that cannot be read draws nothing; the snapshot tests would show it missing.
        for name in Set(scene.entries.map(\.icon) + ["textPlaceholder"]).sorted() where !name.isEmpty {
            assets[name] = try? VectorArtwork.named(name)
        }
        let cardSize = PagingScreen.cardFrame(in: scene.pagesFrame.size).size
        cardContents = scene.cards.map { cardContent($0, size: cardSize) }
        let circle = Rect(0, 0, StripGeometry.circleSize, StripGeometry.circleSize)
        for entry in scene.entries where icons[entry.icon] == nil {
            icons[entry.icon] = artwork(entry.icon, in: circle, centered: true)
        }
        backButton = scene.showsBackButton ? Self.backButton() : nil
    }

    /// The asset as a layer: UIImageView showing it at its own size, centred (the strip's icons), or scaled to
    /// fit `bounds` keeping its proportions (scaleAspectFit, the text placeholder).
    func layer(_ name: String, in bounds: Rect, centered: Bool) -> Layer? {
        guard let art = assets[name], art.size.width > 0, art.size.height > 0 else { return nil }
        let size: Size
        if centered {
            size = art.size
        } else {
            let k = min(bounds.width / art.size.width, bounds.height / art.size.height)
            size = Size(art.size.width * k, art.size.height * k)
        }
        var layer = Layer(name: name, frame: Rect(bounds.midX - size.width / 2, bounds.midY - size.height / 2, size.width, size.height))
        layer.contents = .shapes(art.shapes(fitting: Rect(0, 0, size.width, size.height)))
        return layer
    }
}

extension PagingArt {
    func symbolContents(_ symbol: ShapeSymbol, in bounds: Rect) -> LayerContents {
        .shapes([FilledShape(path: symbol.path(in: bounds), fill: .white)])
    }

    /// `arrow.left.square.fill`: a rounded square with a left arrow cut out of it (the arrow drawn in the
    /// button's own light background).
    static func backArrowContents(in bounds: Rect) -> LayerContents {
        let side = min(bounds.width, bounds.height) - 1
        let square = Rect(bounds.midX - side / 2, bounds.midY - side / 2, side, side)
        let tint = Color(red: 0.7764705882, green: 0.7764705882, blue: 0.7843137255)
        var arrow = Path()
        let y = square.midY, left = square.minX + side * 0.24, right = square.maxX - side * 0.24, head = side * 0.24
        arrow.move(to: Point(right, y)); arrow.line(to: Point(left, y))
        arrow.move(to: Point(left + head, y - head)); arrow.line(to: Point(left, y)); arrow.line(to: Point(left + head, y + head))
        let outline = arrow.stroked(StrokeStyle(width: side * 0.11, cap: .round, join: .round, miterLimit: 10))
        return .shapes([FilledShape(path: Path.roundedRect(square, radius: side * 0.22), fill: tint),
                        FilledShape(path: outline, fill: Color(red: 0.98, green: 0.98, blue: 0.98))])
    }

    func artwork(_ name: String, in bounds: Rect, centered: Bool = false) -> [Layer] {
        layer(name, in: bounds, centered: centered).map { [$0] } ?? []
    }

    /// The card's vertical stack (image, title, text placeholder) as Auto Layout places it: 30 pt from the
    /// sides, centred, at most 350 pt tall; the rows' frames are the xib's for that height.
    func cardContent(_ card: ShapeCard, size: Size) -> [Layer] {
        let stackHeight = min(350, size.height * 0.85)
        let stack = Rect(30, (size.height - stackHeight) / 2, size.width - 60, stackHeight)
        let imageWidth = max(124, stack.width * 0.5)
        var symbol = Layer(name: "symbol", frame: Rect(stack.midX - imageWidth / 2, stack.minY - 0.5, imageWidth, 98.5))
        symbol.contents = symbolContents(card.symbol, in: symbol.bounds)
        var title = Layer(name: "title", frame: Rect(stack.minX, stack.minY + 109.5, stack.width, 44.5))
        var text = TextContents(card.title, weight: .light, size: 36, color: .white)
        text.alignment = .center
        title.contents = .text(text)
        var placeholder = Layer(name: "placeholder", frame: Rect(stack.minX, stack.minY + 167, stack.width, 183))
        placeholder.opacity = 0.74
        placeholder.sublayers = artwork("textPlaceholder", in: placeholder.bounds)
        return [symbol, title, placeholder]
    }

    // MARK: Chrome

    /// The back button: `arrow.left.square.fill` in the xib's light grey, on lightTextColor.
    static func backButton() -> Layer {
        var button = Layer(name: "back", frame: Rect(32, 63, 23, 20))
        button.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
        var symbol = Layer(name: "symbol", frame: Rect(-0.5, -1.5, 24, 23))
        symbol.contents = backArrowContents(in: symbol.bounds)
        button.sublayers = [symbol]
        return button
    }
}
