import Foundation
import RenderPreviewsKindKit

/// One product of the Fruits sample (FruitsViewModel).
public struct Fruit: Hashable, Sendable {
    public enum PriceType: String, Hashable, Sendable {
        case unit = "per unit"
        case kilogram = "per Kg"
    }

    public var pageTitle: String
    public var title: String
    public var description: String
    public var isVegan: Bool
    public var price: Double
    public var priceType: PriceType
    public var tint: Color
    /// The product photo (a PNG in the sample), drawn here as an illustration.
    public var picture: FruitPicture

    static let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna"

    /// FruitsViewModel's five, with their tint colours (also the asset catalog's colour sets).
    public static let samples: [Fruit] = [
        Fruit(pageTitle: "Mango", title: "Tommy Atkins", description: lorem, isVegan: true, price: 1.68, priceType: .unit,
              tint: Color(red: 1, green: 0.7647058824, blue: 0), picture: .mango),
        Fruit(pageTitle: "Apple", title: "Green Apple", description: lorem, isVegan: true, price: 0.78, priceType: .unit,
              tint: Color(red: 0.6784313725, green: 0.8156862745, blue: 0.2549019608), picture: .apple),
        Fruit(pageTitle: "Cherry", title: "Sweet Cherry", description: lorem, isVegan: true, price: 3.14, priceType: .kilogram,
              tint: Color(red: 0.8862745098, green: 0.07843137255, blue: 0.1803921569), picture: .cherry),
        Fruit(pageTitle: "Papaya", title: "Papaya", description: lorem, isVegan: true, price: 4.28, priceType: .unit,
              tint: Color(red: 1, green: 0.4235294118, blue: 0.05882352941), picture: .papaya),
        Fruit(pageTitle: "Berry", title: "Blackberry", description: lorem, isVegan: true, price: 4.12, priceType: .kilogram,
              tint: Color(red: 0.3294117647, green: 0.231372549, blue: 0.3294117647), picture: .blackberry),
    ]

    /// The price as PriceTagView sets it: NumberFormatter's USD currency string, split after the dot into a
    /// large part ("$1.") and the cents ("68").
    var priceParts: (whole: String, cents: String) {
        let cents = Int((price * 100).rounded())
        return ("$\(cents / 100).", String(format: "%02d", cents % 100))
    }
}

/// FruitsCollectionViewCell.transform(progress:) as values: what each subview is given for a progress.
struct FruitTransforms: Hashable, Sendable {
    var pageTitle: AffineTransform2D
    var pageTitleAlpha: Double
    var image: AffineTransform2D
    var cardBackground: AffineTransform2D
    /// cardViewContainer.layer.transform: a perspective turn, about (0, 1, 1) leaving, (0, 1, −0.1) arriving.
    var card: Transform3D
    var priceTag: Transform3D
    var priceTagAlpha: Double
    /// The transform the title, description, vegan badge and page control share: a page's width per progress.
    var slide: AffineTransform2D
    var pageControlAlpha: Double
    var showsQuantity: Bool

    static let pageTitleWidth = 80.0

    /// `imageHeight`: the image view's frame height when the cell reads it. UIKit reports the frame of the view
    /// as it is transformed, so the sample reads its own last scale back; we take the scale set now.
    init(progress p: Double, cellWidth width: Double, imageHeight: Double) {
        let titleScale = max(1 - abs(0.3 * p), 0.7)
        let w = Self.pageTitleWidth
        let titleX = w / 2 + p * w - titleScale * w / 2
        pageTitle = AffineTransform2D.identity.translatedBy(x: titleX, y: 0).scaledBy(x: titleScale, y: titleScale)
        pageTitleAlpha = p < 0 ? max(1 + p, 0) : max(1 - abs(0.7 * p), 0.3)

        let translationX = width * p
        let imageScale = 1 - abs(0.5 * p)
        image = AffineTransform2D.identity.translatedBy(x: translationX, y: p * imageHeight * imageScale / 8)
            .scaledBy(x: imageScale, y: imageScale)
        let backgroundScale = 1 - abs(0.3 * p)
        cardBackground = AffineTransform2D.identity.translatedBy(x: translationX / 1.55, y: 0)
            .scaledBy(x: backgroundScale, y: backgroundScale)

        var card = Transform3D.identity
        if p < 0 {
            let angle = max(-abs(-Double.pi / 3 * p), -Double.pi / 3)
            card.m34 = -0.011
            card = card.rotated(angle, 0, 1, 1)
        } else {
            let angle = max(-abs(-Double.pi / 8 * p), -Double.pi / 8)
            card.m34 = 0.002
            card.m41 = width * 0.093 * p
            card = card.rotated(angle, 0, 1, -0.1)
        }
        self.card = card

        var tag = Transform3D.identity
        tag.m34 = -0.008
        priceTag = tag.rotated(.pi * p, 0, 1, 0)
        priceTagAlpha = abs(p) > 0.5 ? 0 : 1

        slide = AffineTransform2D.identity.translatedBy(x: width * p, y: 0)
        // UIView.alpha keeps 0...1 of the sample's 1 − |p| / 0.5.
        pageControlAlpha = min(1, max(0, 1 - abs(p) / 0.5))
        showsQuantity = -0.5 < p && p < 0.5
    }
}

/// UILabel's height for one line of the system font: its line height, rounded up to the half point.
func labelHeight(_ size: Double) -> Double { (size * 1.2 * 2).rounded(.up) / 2 }

/// The Fruits cell's subviews as Auto Layout places them in a cell of the collection view's size
/// (FruitsCollectionViewCell.xib, PriceTagView.xib, QuantityControllerView.xib).
struct FruitPageLayout: Sendable {
    let fruit: Fruit
    let pageTitle: Rect
    let card: Rect
    let image: Rect
    let pageControl: Rect
    let details: Rect
    let title: Rect
    let description: Rect
    let vegan: Rect
    let priceTag: Rect
    let priceWhole: Rect
    let priceCents: Rect
    let priceType: Rect
    let quantity: Rect

    static let margin = 33.0

    init(fruit: Fruit, cell: Size, text: any TextMeasuring) {
        self.fruit = fruit
        let m = Self.margin
        pageTitle = Rect(m, 0, 95, labelHeight(27))
        // 57.6% of the cell's width and 35% of its height, centred, 53 pt under the page title.
        let cardSize = Size(cell.width * 0.576, max(230, cell.height * 0.35))
        card = Rect((cell.width - cardSize.width) / 2, pageTitle.maxY + 53, cardSize.width, cardSize.height)
        // The image view keeps the PNG's size (its 100 pt constraints are weaker than its content size), its
        // centre at 70% of the card's centre height.
        let picture = fruit.picture.size
        image = Rect(cardSize.width / 2 - picture.width / 2, cardSize.height * 0.35 - picture.height / 2, picture.width, picture.height)
        let dots = PageDots(count: Fruit.samples.count, current: 0)
        pageControl = Rect((cardSize.width - dots.size.width) / 2, cardSize.height - 20 - dots.size.height, dots.size.width, dots.size.height)

        details = Rect(m, card.maxY + 30, cell.width - 2 * m, cell.height - card.maxY - 30)
        title = Rect(0, 0, details.width, labelHeight(27))
        let lines = wrappedLineCount(TextContents(fruit.description, size: 16), width: details.width, text: text)
        description = Rect(0, title.maxY + 7, details.width, Double(lines) * labelHeight(16))
        let veganWidth = 24 + 5 + text.width(of: TextContents("Vegan", weight: .bold, size: 14))
        vegan = Rect(0, description.maxY + 8, veganWidth, 24)

        // PriceTagView: 20 pt margins, the price 6 pt from the top, "per unit" 7 pt up into it, 11 pt under.
        let parts = fruit.priceParts
        let wholeWidth = text.width(of: TextContents(parts.whole, weight: .semibold, size: 30))
        let centsWidth = text.width(of: TextContents(parts.cents, size: 20))
        let typeWidth = text.width(of: TextContents(fruit.priceType.rawValue, weight: .light, size: 22))
        let priceHeight = labelHeight(30)
        let tagWidth = 40 + max(wholeWidth + centsWidth, typeWidth)
        let tagHeight = 6 + priceHeight - 7 + labelHeight(22) + 11
        priceTag = Rect(0, vegan.maxY + 30, tagWidth, tagHeight)
        priceWhole = Rect(20, 6, wholeWidth, priceHeight)
        priceCents = Rect(20 + wholeWidth, 6, centsWidth, priceHeight)
        priceType = Rect(20, 6 + priceHeight - 7, typeWidth, labelHeight(22))
        quantity = Rect(details.width - 150, priceTag.maxY - 56, 150, 56)
    }
}

/// Lines a multi-line label wraps `text` into at `width`: words added while the line still fits.
func wrappedLineCount(_ text: TextContents, width: Double, text measurer: any TextMeasuring) -> Int {
    var lines = 0
    var line = ""
    for word in text.string.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        var probe = text
        probe.string = candidate
        if line.isEmpty || measurer.width(of: probe) <= width {
            line = candidate
        } else {
            lines += 1
            line = String(word)
        }
    }
    return lines + (line.isEmpty ? 0 : 1)
}

/// The sample's PageControlView: dots of radius 3.5, 5 pt apart, the current one a 3 pt ring, the others white
/// at 57%.
struct PageDots {
    let count: Int
    let current: Int
    static let radius = 3.5, gap = 5.0, ring = 3.0

    var size: Size {
        Size(Double(count) * Self.radius * 2 + Double(count - 1) * Self.gap + Self.ring * 2, Self.radius * 2 + Self.ring * 2)
    }

    var shapes: [FilledShape] {
        (0..<count).map { i in
            let c = Point(Self.radius + Self.ring + Double(i) * (Self.gap + Self.radius * 2), size.height / 2)
            let dot = Path.circle(center: c, radius: Self.radius)
            if i == current {
                return FilledShape(path: Sketch.ring(in: Rect(c.x - Self.radius, c.y - Self.radius, Self.radius * 2, Self.radius * 2), width: Self.ring),
                                   fill: .white, rule: .evenOdd)
            }
            return FilledShape(path: dot, fill: Color(red: 1, green: 1, blue: 1, alpha: 0.57))
        }
    }
}

extension CustomScreen {
    static let buttonTint = Color(red: 0.3098039216, green: 0.5215686275, blue: 0.8666666667)
    static let buttonBackTint = Color(red: 0.8117647059, green: 0.8823529412, blue: 1)

    func fruits(_ pages: [FruitPageLayout]) -> [Layer] {
        let width = scene.sample.pagesFrame.width
        let view = self.pages { index, progress, size in
            fruitCell(pages[index], index: index, transforms: FruitTransforms(progress: progress, cellWidth: width,
                                                                              imageHeight: pages[index].image.height),
                      progress: progress, size: size)
        }
        return [squareButton(.back, frame: Rect(32, 63, 23, 20)), view]
    }

    func fruitCell(_ page: FruitPageLayout, index: Int, transforms t: FruitTransforms, progress: Double, size: Size) -> Layer {
        let fruit = page.fruit
        var cell = Layer(name: "cell-\(index)", frame: Rect(0, 0, size.width, size.height))
        cell.zPosition = -abs(libraryRound(progress))

        var pageTitle = Layer(name: "page-title", frame: page.pageTitle)
        var titleText = TextContents(fruit.pageTitle, weight: .bold, size: 27)
        titleText.alignment = .center
        pageTitle.contents = .text(titleText)
        pageTitle.transform = Transform3D(t.pageTitle)
        pageTitle.opacity = t.pageTitleAlpha

        var card = Layer(name: "card", frame: page.card)
        card.transform = t.card
        var background = Layer(name: "card-background", frame: Rect(0, 0, page.card.width, page.card.height))
        background.backgroundColor = fruit.tint
        background.cornerRadius = 15
        background.shadowColor = fruit.tint
        background.shadowOpacity = 0.7
        background.shadowRadius = 7
        background.shadowOffset = Point(0, 0.5)
        background.transform = Transform3D(t.cardBackground)
        var image = Layer(name: "image", frame: page.image)
        image.sublayers = fruit.picture.layers(in: Rect(0, 0, page.image.width, page.image.height))
        image.transform = Transform3D(t.image)
        var dots = Layer(name: "page-control", frame: page.pageControl)
        dots.contents = .shapes(PageDots(count: Fruit.samples.count, current: index).shapes)
        dots.transform = Transform3D(t.slide)
        dots.opacity = t.pageControlAlpha
        card.sublayers = [background, image, dots]

        var details = Layer(name: "details", frame: page.details)
        var title = Layer(name: "title", frame: page.title)
        title.contents = .text(TextContents(fruit.title, weight: .bold, size: 27))
        title.transform = Transform3D(t.slide)
        var description = Layer(name: "description", frame: page.description)
        var descriptionText = TextContents(fruit.description, size: 16, color: Color(red: 0.5, green: 0.5, blue: 0.5))
        descriptionText.lineLimit = 0
        description.contents = .text(descriptionText)
        description.transform = Transform3D(t.slide)
        details.sublayers = [title, description]
        if fruit.isVegan {
            var vegan = Layer(name: "vegan", frame: page.vegan)
            vegan.transform = Transform3D(t.slide)
            var icon = Layer(name: "vegan-icon", frame: Rect(0, 0, 24, 24))
            icon.contents = .shapes(FruitPicture.veganIcon(in: icon.bounds))
            var label = Layer(name: "vegan-label", frame: Rect(29, 0, page.vegan.width - 29, 24))
            label.contents = .text(TextContents("Vegan", weight: .bold, size: 14,
                                                color: Color(red: 0.5294117647, green: 0.7647058824, blue: 0.2509803922)))
            vegan.sublayers = [icon, label]
            details.sublayers.append(vegan)
        }
        details.sublayers.append(priceTag(page, t))
        if t.showsQuantity { details.sublayers.append(quantityController(frame: page.quantity)) }
        cell.sublayers = [pageTitle, card, details]
        return cell
    }

    func priceTag(_ page: FruitPageLayout, _ t: FruitTransforms) -> Layer {
        var tag = Layer(name: "price-tag", frame: page.priceTag)
        tag.backgroundColor = .white
        tag.cornerRadius = 15
        tag.transform = t.priceTag
        tag.opacity = t.priceTagAlpha
        let parts = page.fruit.priceParts
        var whole = Layer(name: "price", frame: page.priceWhole)
        var wholeText = TextContents(parts.whole, weight: .semibold, size: 30, color: Color(red: 0, green: 0, blue: 0, alpha: 0.69))
        // The attributed string's two runs share one baseline, the larger font's (SF's ascent is 0.95 em).
        let baseline = page.priceWhole.height / 2 - labelHeight(30) / 2 + 30 * 0.95
        wholeText.verticalAlignment = .firstBaseline(baseline)
        whole.contents = .text(wholeText)
        var cents = Layer(name: "cents", frame: page.priceCents)
        var centsText = TextContents(parts.cents, size: 20, color: Color(red: 0, green: 0, blue: 0, alpha: 0.49))
        centsText.verticalAlignment = .firstBaseline(baseline)
        cents.contents = .text(centsText)
        var type = Layer(name: "price-type", frame: page.priceType)
        type.contents = .text(TextContents(page.fruit.priceType.rawValue, weight: .light, size: 22,
                                           color: Color(red: 0, green: 0, blue: 0, alpha: 0.23)))
        tag.sublayers = [whole, cents, type]
        return tag
    }

    /// QuantityControllerView: minus and plus buttons 18 pt from the sides, the quantity (0) between them.
    func quantityController(frame: Rect) -> Layer {
        var view = Layer(name: "quantity", frame: frame)
        view.backgroundColor = .white
        view.cornerRadius = 15
        var label = Layer(name: "quantity-label", frame: Rect(0, 0, frame.width, frame.height))
        var text = TextContents("0", weight: .semibold, size: 31, color: Color(red: 0, green: 0, blue: 0, alpha: 0.69))
        text.alignment = .center
        label.contents = .text(text)
        view.sublayers = [squareButton(.minus, frame: Rect(18, frame.height / 2 - 10, 23, 20)), label,
                          squareButton(.plus, frame: Rect(frame.width - 18 - 23, frame.height / 2 - 10, 23, 20))]
        return view
    }

    enum SquareSymbol { case back, minus, plus }

    /// The sample's blue buttons: a ButtonTint background behind an SF Symbol square (arrow.left / minus / plus
    /// .square.fill) in ButtonBackTint, its glyph cut out so the background shows through.
    func squareButton(_ symbol: SquareSymbol, frame: Rect) -> Layer {
        var button = Layer(name: "button", frame: frame)
        button.backgroundColor = Self.buttonTint
        // The symbol is larger than the button (28 pt symbol, −5 pt content insets).
        let side = 27.0
        let square = Rect(frame.width / 2 - side / 2, frame.height / 2 - side / 2, side, side)
        var glyph = Path()
        let c = Point(square.midX, square.midY), arm = side * 0.25
        switch symbol {
        case .back:
            let head = side * 0.22
            glyph.move(to: Point(c.x + arm, c.y)); glyph.line(to: Point(c.x - arm, c.y))
            glyph.move(to: Point(c.x - arm + head, c.y - head)); glyph.line(to: Point(c.x - arm, c.y)); glyph.line(to: Point(c.x - arm + head, c.y + head))
        case .minus:
            glyph.move(to: Point(c.x - arm, c.y)); glyph.line(to: Point(c.x + arm, c.y))
        case .plus:
            glyph.move(to: Point(c.x - arm, c.y)); glyph.line(to: Point(c.x + arm, c.y))
            glyph.move(to: Point(c.x, c.y - arm)); glyph.line(to: Point(c.x, c.y + arm))
        }
        let stroke = glyph.stroked(StrokeStyle(width: side * 0.1, cap: .round, join: .round, miterLimit: 10))
        var art = Layer(name: "symbol", frame: Rect(0, 0, frame.width, frame.height))
        art.contents = .shapes([FilledShape(path: Path.roundedRect(square, radius: side * 0.22), fill: Self.buttonBackTint),
                                FilledShape(path: stroke, fill: Self.buttonTint)])
        button.sublayers = [art]
        return button
    }
}
