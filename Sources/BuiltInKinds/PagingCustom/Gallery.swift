import Foundation
import RenderPreviewsKindKit

/// One photo of the Gallery sample (GalleryViewModel): its title and "by" its author.
public struct GalleryPhoto: Hashable, Sendable {
    public var title: String
    public var author: String
    /// The photograph (a JPEG in the sample), drawn here as an illustration.
    public var picture: GalleryPicture

    public var subtitle: String { "by " + author }

    /// GalleryViewModel's eight, in its order (asset names galleryImage07, 03, 08, 02, 01, 05, 04, 06).
    public static let samples: [GalleryPhoto] = [
        GalleryPhoto(title: "Oksana", author: "Dmitry Simakovichr", picture: .oksana),
        GalleryPhoto(title: "Christmas", author: "Lukáš Kuda", picture: .christmas),
        GalleryPhoto(title: "Touch You", author: "Dmitry Simakovichr", picture: .touchYou),
        GalleryPhoto(title: "Above the Fjord", author: "Wim Lassche", picture: .fjord),
        GalleryPhoto(title: "Milena", author: "Edith Laurent-Neuhauser", picture: .milena),
        GalleryPhoto(title: "Portrait Anya", author: "Dmitry Simakovich", picture: .anya),
        GalleryPhoto(title: "Almsee", author: "Michael Gruber", picture: .almsee),
        GalleryPhoto(title: "Piz Beverin", author: "Michael Mettier", picture: .pizBeverin),
    ]
}

/// PhotoCollectionViewCell.transform(progress:) as values.
struct GalleryTransforms: Hashable, Sendable {
    /// photoContainerView.layer.transform: half a turn about y per page, m34 −0.0015.
    var photo: Transform3D
    var photoAlpha: Double
    var backgroundAlpha: Double
    var title: AffineTransform2D
    var subtitle: AffineTransform2D
    var titleAlpha: Double
    var subtitleAlpha: Double

    /// The subtitle's alpha from the xib, until the first transform away from the page overwrites it.
    static let subtitleRestingAlpha = 0.74
    /// The text animator that brings the labels home once a page comes to rest: 1 s, ease out.
    static let textSettleDuration = 1.0

    /// The photo's slow zoom (its own property animator): 7 s linear to 1.2 while the page rests, held while it
    /// moves, then back to 1 the same way, and so on.
    static let zoomDuration = 7.0
    static let zoomScale = 1.2

    static func photoZoom(restedSeconds s: Double) -> Double {
        let k = max(0, s) / zoomDuration
        let cycle = k.rounded(.down)
        let share = k - cycle
        let rising = Int(cycle) % 2 == 0
        return 1 + (zoomScale - 1) * (rising ? share : 1 - share)
    }

    /// The labels' transforms for a page `p` away: they drop and stretch as the page leaves.
    static func texts(_ p: Double) -> (title: AffineTransform2D, subtitle: AffineTransform2D) {
        let a = abs(p)
        return (AffineTransform2D.identity.translatedBy(x: 0, y: 10 + 200 * a / 2).scaledBy(x: 1, y: 1.2 + 2 * a),
                AffineTransform2D.identity.translatedBy(x: 0, y: 20 + 190 * a / 2).scaledBy(x: 1, y: 1.2 + 1.5 * a))
    }

    /// `rest`: at progress exactly 0 the cell starts its text animator (from where the last transform left the
    /// labels, the limit of `texts` at 0) and its photo zoom; before the first scroll the labels are at home.
    init(progress p: Double, rest: GalleryRest) {
        var photo = Transform3D.identity
        photo.m34 = -0.0015
        self.photo = photo.rotated(.pi * p, 0, 1, 0)
        photoAlpha = abs(p) > 0.5 ? 0 : 1
        backgroundAlpha = min(1, max(0, 1 - abs(p)))
        if p == 0 {
            let start = Self.texts(0)
            let k = rest.hasScrolled ? TimingCurve.easeOut(min(1, (rest.seconds ?? .infinity) / Self.textSettleDuration)) : 1
            title = Self.mix(start.title, .identity, k)
            subtitle = Self.mix(start.subtitle, .identity, k)
            // The alpha is not animated: it stays as the last transform set it, 1 − |p| / 0.3 for a tiny p.
            titleAlpha = 1
            subtitleAlpha = rest.hasScrolled ? 1 : Self.subtitleRestingAlpha
        } else {
            (title, subtitle) = Self.texts(p)
            titleAlpha = min(1, max(0, 1 - abs(p) / 0.3))
            subtitleAlpha = titleAlpha
        }
    }

    /// A translate-and-scale transform part way to another, as the animator interpolates it.
    static func mix(_ a: AffineTransform2D, _ b: AffineTransform2D, _ k: Double) -> AffineTransform2D {
        AffineTransform2D(a: a.a + (b.a - a.a) * k, b: a.b + (b.b - a.b) * k, c: a.c + (b.c - a.c) * k, d: a.d + (b.d - a.d) * k,
                        tx: a.tx + (b.tx - a.tx) * k, ty: a.ty + (b.ty - a.ty) * k)
    }
}

/// The Gallery cell's subviews as PhotoCollectionViewCell.xib places them in a cell of the screen's size.
struct GalleryPageLayout: Sendable {
    let photo: GalleryPhoto
    /// 77% × 57.5% of the cell, its centre at 111.6% of the cell's centre x and 88% of its centre y.
    let photoFrame: Rect
    let title: Rect
    let subtitle: Rect

    init(photo: GalleryPhoto, cell: Size, text: any TextMeasuring) {
        self.photo = photo
        let size = Size(cell.width * 0.77, cell.height * 0.575)
        let center = Point(cell.width / 2 * 1.116, cell.height / 2 * 0.88)
        photoFrame = Rect(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height)
        let subtitleHeight = labelHeight(26), titleHeight = labelHeight(33)
        let subtitleTop = photoFrame.maxY - 13 - subtitleHeight
        subtitle = Rect(13, subtitleTop, text.width(of: TextContents(photo.subtitle, weight: .light, size: 26)), subtitleHeight)
        title = Rect(13, subtitleTop + 3 - titleHeight, text.width(of: TextContents(photo.title, weight: .semibold, size: 33)), titleHeight)
    }
}

extension CustomScreen {
    func gallery(_ pages: [GalleryPageLayout], rest: GalleryRest) -> [Layer] {
        let view = self.pages { index, progress, size in
            galleryCell(pages[index], index: index, transforms: GalleryTransforms(progress: progress, rest: rest), rest: rest,
                        progress: progress, size: size)
        }
        return [view, circleSymbol(.squareArrowLeft, frame: Rect(27, 58, 33, 30)),
                circleSymbol(.triangleLeft, frame: Rect(117.5, 759, 55, 53)),
                circleSymbol(.triangleRight, frame: Rect(241.5, 759, 55, 53))]
    }

    func galleryCell(_ page: GalleryPageLayout, index: Int, transforms t: GalleryTransforms, rest: GalleryRest, progress: Double,
                     size: Size) -> Layer {
        var cell = Layer(name: "cell-\(index)", frame: Rect(0, 0, size.width, size.height))
        cell.zPosition = -abs(libraryRound(progress))
        let bounds = Rect(0, 0, size.width, size.height)

        // The photo again behind everything, under a dark UIVisualEffectView.
        var background = Layer(name: "background", frame: bounds)
        background.opacity = t.backgroundAlpha
        background.masksToBounds = true
        var image = Layer(name: "background-image", frame: bounds)
        image.sublayers = page.photo.picture.layers(in: bounds)
        var blur = Layer(name: "blur", frame: bounds)
        let dark = BlurStyle.dark.full
        blur.backdrop = BackdropEffect(blurRadius: dark.radius, saturation: dark.saturation, tint: dark.tint)
        background.sublayers = [image, blur]

        var container = Layer(name: "photo-container", frame: page.photoFrame)
        container.zPosition = 500
        container.transform = t.photo
        container.opacity = t.photoAlpha
        container.cornerRadius = 6
        container.shadowColor = .black
        container.shadowOpacity = 0.5
        container.shadowOffset = Point(0, 2)
        container.shadowRadius = 23
        var frame = Layer(name: "photo-frame", frame: Rect(0, 0, page.photoFrame.width, page.photoFrame.height))
        frame.cornerRadius = 6
        frame.masksToBounds = true
        var photo = Layer(name: "photo", frame: frame.bounds)
        photo.sublayers = page.photo.picture.layers(in: frame.bounds)
        let zoom = GalleryTransforms.photoZoom(restedSeconds: rest.restedByPage[index] ?? 0)
        photo.transform = .scale(zoom, zoom)
        frame.sublayers = [photo]
        container.sublayers = [frame]

        var title = galleryLabel("title", TextContents(page.photo.title, weight: .semibold, size: 33, color: .white), frame: page.title)
        title.transform = Transform3D(t.title)
        title.opacity = t.titleAlpha
        var subtitle = galleryLabel("subtitle", TextContents(page.photo.subtitle, weight: .light, size: 26, color: .white), frame: page.subtitle)
        subtitle.transform = Transform3D(t.subtitle)
        subtitle.opacity = t.subtitleAlpha
        cell.sublayers = [background, container, title, subtitle]
        return cell
    }

    /// The cell's white labels: above the photo (zPosition 1000 to its 500), with a small black shadow.
    func galleryLabel(_ name: String, _ text: TextContents, frame: Rect) -> Layer {
        var label = Layer(name: name, frame: frame)
        label.contents = .text(text)
        label.zPosition = 1000
        label.shadowColor = .black
        label.shadowOpacity = 0.5
        label.shadowOffset = Point(0, 2)
        label.shadowRadius = 2
        return label
    }

    enum WhiteSymbol { case squareArrowLeft, triangleLeft, triangleRight, arrowCircleLeft, arrowCircleRight }

    /// The dark screens' white SF Symbol buttons: arrow.left.square.fill (28 pt), arrowtriangle.left/right
    /// .circle.fill (47 pt light) with their glyphs cut out, arrow.left/right.circle (47 pt thin) outlined.
    func circleSymbol(_ symbol: WhiteSymbol, frame: Rect) -> Layer {
        var button = Layer(name: "button", frame: frame)
        let c = Point(frame.width / 2, frame.height / 2)
        var shapes: [FilledShape] = []
        let stroke = { (path: Path, width: Double) in path.stroked(StrokeStyle(width: width, cap: .round, join: .round, miterLimit: 10)) }
        switch symbol {
        case .squareArrowLeft:
            // One outline (a block arrow) so that even-odd cuts it cleanly out of the square.
            let side = 26.0, arm = 7.5, head = 6.5, shaft = 1.6
            var square = Path.roundedRect(Rect(c.x - side / 2, c.y - side / 2, side, side), radius: 6)
            square.append(Path.polygon([Point(c.x - arm, c.y), Point(c.x - arm + head, c.y - head), Point(c.x - arm + head, c.y - shaft),
                                   Point(c.x + arm, c.y - shaft), Point(c.x + arm, c.y + shaft), Point(c.x - arm + head, c.y + shaft),
                                   Point(c.x - arm + head, c.y + head)]))
            shapes = [FilledShape(path: square, fill: .white, rule: .evenOdd)]
        case .triangleLeft, .triangleRight:
            let r = 22.5, t = 8.0
            let s = symbol == .triangleLeft ? -1.0 : 1.0
            var disc = Path.circle(center: c, radius: r)
            disc.append(Path.polygon([Point(c.x + s * t * 1.1, c.y), Point(c.x - s * t * 0.7, c.y - t), Point(c.x - s * t * 0.7, c.y + t)]))
            shapes = [FilledShape(path: disc, fill: .white, rule: .evenOdd)]
        case .arrowCircleLeft, .arrowCircleRight:
            let r = 22.0, arm = 10.0, head = 7.0
            let s = symbol == .arrowCircleLeft ? -1.0 : 1.0
            var arrow = Path()
            arrow.move(to: Point(c.x - s * arm, c.y)); arrow.line(to: Point(c.x + s * arm, c.y))
            arrow.move(to: Point(c.x + s * (arm - head), c.y - head)); arrow.line(to: Point(c.x + s * arm, c.y)); arrow.line(to: Point(c.x + s * (arm - head), c.y + head))
            shapes = [FilledShape(path: Sketch.ring(in: Rect(c.x - r, c.y - r, 2 * r, 2 * r), width: 1.2), fill: .white, rule: .evenOdd),
                      FilledShape(path: stroke(arrow, 1.2), fill: .white)]
        }
        var art = Layer(name: "symbol", frame: Rect(0, 0, frame.width, frame.height))
        art.contents = .shapes(shapes)
        button.sublayers = [art]
        return button
    }
}
