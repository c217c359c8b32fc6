import Foundation
import RenderPreviewsKindKit

/// CardCollectionViewCell.transform(progress:) and zPosition(progress:) as values: the card ahead flies up
/// 240 pt and drops behind the stack, the cards behind wait 13 pt apart, 5% smaller each.
struct CardTransforms: Hashable, Sendable {
    var affine: AffineTransform2D
    var alpha: Double
    var zIndex: Int

    static let offset = 240.0
    static let spacing = 13.0
    static let turn = Double.pi * 0.08

    init(progress p: Double) {
        var alpha = 1 + p
        var y = p * Self.spacing
        var angle = 0.0
        var scale = 1 - p * 0.05
        if p > 3 {
            alpha = 1 - p + 3
            y = 3 * Self.spacing
        }
        if p < 0, p >= -0.5 {
            alpha = 1
            let l = -Self.logProgress(min: 0, max: -0.5, progress: p)
            y = l * Self.offset
            angle = l * -Self.turn
        } else if p < -0.5, p > -1 {
            alpha = 1
            let l = Self.logProgress(min: -0.5, max: -1, progress: p, reverse: true)
            y = -Self.offset + l * (Self.offset + 30)
            angle = Self.turn - l * Self.turn
        }
        if p < -0.5 {
            scale = 1 + 0.5 * 0.05 + (p + 0.5) * 0.35
        }
        // A dip in scale halfway between pages, logarithmic in the distance to the nearest one.
        let between = abs(libraryRound(p) - p)
        var adjust = Self.logProgress(min: 0, max: 0.5, progress: between) * 0.1
        if p < 0, p >= -1 { adjust *= -1 }
        scale -= adjust
        affine = AffineTransform2D.identity.translatedBy(x: 0, y: y).scaledBy(x: scale, y: scale).rotated(by: angle)
        // UIView.alpha keeps 0...1.
        self.alpha = min(1, max(0, alpha))
        zIndex = p < -0.5 ? -10 : Int(-abs(libraryRound(p)))
    }

    /// The cell's logarithmic easing of `progress` between `min` and `max`: log10(1 + 99x) / 2, or its mirror.
    static func logProgress(min: Double, max: Double, progress: Double, reverse: Bool = false) -> Double {
        let value = abs(progress - min) / abs(max - min) * 99
        return reverse ? 1 - log10(1 + (99 - value)) / 2 : log10(1 + value) / 2
    }
}

/// One of the Cards sample's five bank cards (PNGs in the sample), drawn here as an illustration: the
/// gradient, the chip, the number, holder and expiry printed on them, and the network's mark.
public struct BankCard: Hashable, Sendable {
    public enum Network: Hashable, Sendable { case visa, mastercard }

    public var colors: [Color]
    public var network: Network

    public var number: [String] { network == .visa ? ["1234", "2489", "2987", "1084"] : ["8976", "7913", "1134", "0092"] }
    public var expiry: String { network == .visa ? "08/23" : "02/25" }
    static let holder = "AMIR KHORSANDI"

    /// CardsViewModel's card01, 02, 06, 07, 08.
    public static let samples: [BankCard] = [
        BankCard(colors: [.rgb(200, 24, 60), .rgb(240, 80, 100)], network: .visa),
        BankCard(colors: [.rgb(150, 70, 240), .rgb(120, 90, 250)], network: .mastercard),
        BankCard(colors: [.rgb(226, 100, 40), .rgb(150, 70, 220)], network: .visa),
        BankCard(colors: [.rgb(30, 80, 230), .rgb(40, 190, 150)], network: .mastercard),
        BankCard(colors: [.rgb(220, 60, 80), .rgb(60, 50, 150)], network: .visa),
    ]

    /// The card's face in `rect` (320 × 201.5 pt in the cell).
    func layers(in rect: Rect) -> [Layer] {
        var s = Sketch(rect)
        s.fill(LinearGradient(colors: colors, startPoint: Point(0, 0.8), endPoint: Point(1, 0.2)))
        s.ellipse(s.r(0.4, -0.5, 1.1, 1.75), .rgb(255, 255, 255, 0.06))
        s.ellipse(s.r(0.62, -0.2, 0.8, 1.27), .rgb(255, 255, 255, 0.05))
        // The chip: gold, with its contact lines.
        let chip = s.r(0.07, 0.2, 0.17, 0.2)
        s.box(chip, radius: 7, diagonal([.rgb(250, 214, 120), .rgb(226, 170, 70)]))
        var lines = Path()
        lines.move(to: Point(chip.minX, chip.midY)); lines.line(to: Point(chip.minX + chip.width * 0.32, chip.midY))
        lines.move(to: Point(chip.maxX, chip.midY)); lines.line(to: Point(chip.maxX - chip.width * 0.32, chip.midY))
        lines.move(to: Point(chip.minX + chip.width * 0.32, chip.minY)); lines.line(to: Point(chip.minX + chip.width * 0.32, chip.maxY))
        lines.move(to: Point(chip.maxX - chip.width * 0.32, chip.minY)); lines.line(to: Point(chip.maxX - chip.width * 0.32, chip.maxY))
        s.shape(s.stroke(lines, width: 1), .rgb(170, 120, 40))
        let white = Color.white, faint = Color(red: 1, green: 1, blue: 1, alpha: 0.7)
        for (i, group) in number.enumerated() {
            s.layers.append(Self.label(group, frame: s.r(0.07 + Double(i) * 0.242, 0.46, 0.2, 0.12), size: 17, weight: .medium, color: white))
        }
        s.layers.append(Self.label("CARD HOLDER", frame: s.r(0.065, 0.72, 0.5, 0.07), size: 9.5, weight: .semibold, color: faint))
        s.layers.append(Self.label(Self.holder, frame: s.r(0.065, 0.8, 0.6, 0.09), size: 12, weight: .bold, color: white))
        s.layers.append(Self.label("EXPIRES", frame: s.r(0.6, 0.72, 0.335, 0.07), size: 9.5, weight: .semibold, color: faint, alignment: .right))
        s.layers.append(Self.label(expiry, frame: s.r(0.6, 0.8, 0.335, 0.09), size: 12, weight: .bold, color: white, alignment: .right))
        switch network {
        case .visa:
            var mark = TextContents("VISA", weight: .bold, italic: true, size: 26, color: white)
            mark.alignment = .right
            var layer = Layer(name: "network", frame: s.r(0.6, 0.08, 0.335, 0.17))
            layer.contents = .text(mark)
            s.layers.append(layer)
        case .mastercard:
            let d = rect.height * 0.2
            let right = rect.minX + rect.width * 0.935
            s.ellipse(Rect(right - d * 1.65, rect.minY + rect.height * 0.08, d, d), .rgb(235, 0, 27))
            s.ellipse(Rect(right - d, rect.minY + rect.height * 0.08, d, d), .rgb(255, 150, 0, 0.9))
            s.layers.append(Self.label("mastercard", frame: Rect(right - d * 1.9, rect.minY + rect.height * 0.08 + d, d * 1.9, 12),
                                       size: 8, weight: .medium, color: white, alignment: .center))
        }
        return s.layers
    }

    static func label(_ string: String, frame: Rect, size: Double, weight: FontWeight, color: Color,
                      alignment: TextAlignment = .left) -> Layer {
        var layer = Layer(name: "label", frame: frame)
        var text = TextContents(string, weight: weight, size: size, color: color)
        text.alignment = alignment
        layer.contents = .text(text)
        return layer
    }
}

extension CustomScreen {
    /// The card's size in the cell: 320 pt wide at the card's 8560:5390 aspect, centred.
    static let cardSize = Size(320, 320 * 5390 / 8560)

    /// In CardsViewController.xib's order, back to front: the collection view, the back, previous and next
    /// buttons, and the "Glow" image view last, over the buttons and any card that passes there.
    func cards() -> [Layer] {
        let view = self.pages { index, progress, size in cardCell(index: index, transforms: CardTransforms(progress: progress), size: size) }
        return [view, circleSymbol(.squareArrowLeft, frame: Rect(27, 58, 33, 30)),
                circleSymbol(.arrowCircleLeft, frame: Rect(118, 760.5, 53.5, 51.5)),
                circleSymbol(.arrowCircleRight, frame: Rect(242.5, 760.5, 53.5, 51.5)), glow()]
    }

    func cardCell(index: Int, transforms t: CardTransforms, size: Size) -> Layer {
        var cell = Layer(name: "cell-\(index)", frame: Rect(0, 0, size.width, size.height))
        cell.zPosition = Double(t.zIndex)
        let card = Self.cardSize
        // backgroundContainerView: clear, its shadow cast by the rounded image inside.
        var container = Layer(name: "card", frame: Rect((size.width - card.width) / 2, (size.height - card.height) / 2, card.width, card.height))
        container.cornerRadius = 20
        container.shadowColor = .black
        container.shadowOpacity = 0.6
        container.shadowOffset = Point(0, 2)
        container.shadowRadius = 10
        container.transform = Transform3D(t.affine)
        container.opacity = t.alpha
        var image = Layer(name: "image", frame: Rect(0, 0, card.width, card.height))
        image.cornerRadius = 20
        image.masksToBounds = true
        let samples = BankCard.samples
        image.sublayers = samples[((index % samples.count) + samples.count) % samples.count].layers(in: image.bounds)
        container.sublayers = [image]
        cell.sublayers = [container]
        return cell
    }

    /// The "Glow" image along the bottom of the screen (a PNG in the sample): a soft indigo light rising from
    /// the bottom edge, drawn as a gradient.
    func glow() -> Layer {
        var glow = Layer(name: "glow", frame: Rect(0, 645, 414, 251))
        glow.contents = .gradient(LinearGradient(colors: [.rgb(120, 124, 210, 0), .rgb(120, 124, 210, 0.25), .rgb(120, 124, 210, 0.55)],
                                                 locations: [0, 0.5, 1]))
        return glow
    }
}
