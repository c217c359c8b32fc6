import Artwork
import Geometry
import LayerTree

/// The Shapes screen's vector art, read once per animation: the strip's icons and the card's text placeholder
/// are the sample's own PDFs (Artwork), the card symbols and the back arrow are drawn here.
struct PagingArt: Sendable {
    var assets: [String: VectorArtwork] = [:]

    init(names: Set<String>) {
        // A bundled asset that cannot be read draws nothing; the snapshot tests would show it missing.
        for name in names.sorted() where !name.isEmpty { assets[name] = try? VectorArtwork.named(name) }
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

extension PagingScreen {
    func symbolContents(_ symbol: ShapeSymbol, in bounds: Rect) -> LayerContents {
        .shapes([FilledShape(path: symbol.path(in: bounds), fill: .white)])
    }

    /// `arrow.left.square.fill`: a rounded square with a left arrow cut out of it (the arrow drawn in the
    /// button's own light background).
    func backArrowContents(in bounds: Rect) -> LayerContents {
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
        art.layer(name, in: bounds, centered: centered).map { [$0] } ?? []
    }
}
