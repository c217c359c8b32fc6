import Foundation
import RenderPreviewsKindKit

/// The Fruits sample's product photos (transparent PNGs in the sample), drawn here as illustrations from
/// ellipses, paths and gradients at the PNGs' point sizes.
public enum FruitPicture: String, CaseIterable, Hashable, Sendable {
    case mango, apple, cherry, papaya, blackberry

    /// The @1x PNG's size: the image view's intrinsic size.
    var size: Size {
        switch self {
        case .mango: Size(311, 219)
        case .apple: Size(285, 277)
        case .cherry: Size(306, 284)
        case .papaya: Size(336, 233)
        case .blackberry: Size(306, 237)
        }
    }

    static let leafGreen = [Color.rgb(96, 160, 60), Color.rgb(34, 96, 34)]

    func layers(in rect: Rect) -> [Layer] {
        var s = Sketch(rect)
        switch self {
        case .mango: Self.mango(&s)
        case .apple: Self.apple(&s)
        case .cherry: Self.cherry(&s)
        case .papaya: Self.papaya(&s)
        case .blackberry: Self.blackberry(&s)
        }
        return s.layers
    }

    /// A whole mango, a leaf at its stem, a cheek at the left and a hedgehog-cut half at the right.
    static func mango(_ s: inout Sketch) {
        s.shape(s.leaf(from: s.p(0.63, 0.16), to: s.p(0.2, 0.2), width: 0.16), .rgb(52, 120, 44))
        s.ellipse(s.r(0.22, 0.14, 0.52, 0.56), diagonal([.rgb(214, 40, 40), .rgb(240, 90, 40), .rgb(250, 196, 60)]), angle: -0.2)
        s.ellipse(s.r(0.3, 0.22, 0.16, 0.12), .rgb(255, 255, 255, 0.25), angle: -0.4)
        s.shape(s.band(from: s.p(0.6, 0.17), to: s.p(0.67, 0.2), control: s.p(0.64, 0.14), width: 3), .rgb(110, 80, 40))
        s.ellipse(s.r(0.03, 0.52, 0.46, 0.3), diagonal([.rgb(255, 214, 80), .rgb(244, 160, 30)]), angle: 0.15)
        s.ellipse(s.r(0.48, 0.42, 0.46, 0.52), diagonal([.rgb(250, 200, 40), .rgb(236, 140, 20)]))
        for row in 0..<4 {
            for col in 0..<3 {
                let x = 0.53 + Double(col) * 0.12 + (row % 2 == 0 ? 0 : 0.03)
                let y = 0.47 + Double(row) * 0.11
                s.box(s.r(x, y, 0.1, 0.09), radius: 4, diagonal([.rgb(255, 226, 90), .rgb(246, 176, 30)]))
            }
        }
    }

    /// A green apple: a body of three overlapping ellipses shaded alike top to bottom (so they read as one), the
    /// dimple, a stem and a leaf.
    static func apple(_ s: inout Sketch) {
        let skin = LinearGradient(colors: [.rgb(196, 224, 96), .rgb(146, 196, 56), .rgb(86, 142, 30)])
        s.ellipse(s.r(0.1, 0.2, 0.5, 0.74), skin)
        s.ellipse(s.r(0.4, 0.2, 0.5, 0.74), skin)
        s.ellipse(s.r(0.2, 0.24, 0.6, 0.7), skin)
        s.ellipse(s.r(0.42, 0.22, 0.16, 0.06), .rgb(90, 130, 30, 0.5))
        s.ellipse(s.r(0.2, 0.3, 0.12, 0.22), .rgb(255, 255, 255, 0.3), angle: 0.3)
        s.shape(s.band(from: s.p(0.5, 0.26), to: s.p(0.54, 0.04), control: s.p(0.48, 0.12), width: 6), .rgb(110, 76, 40))
        s.shape(s.leaf(from: s.p(0.53, 0.12), to: s.p(0.82, 0.05), width: 0.2), .rgb(70, 140, 50))
    }

    /// Two cherries on joined stems, with a leaf.
    static func cherry(_ s: inout Sketch) {
        var stems = s.band(from: s.p(0.29, 0.5), to: s.p(0.58, 0.06), control: s.p(0.36, 0.2), width: 4)
        stems.append(s.band(from: s.p(0.7, 0.42), to: s.p(0.58, 0.06), control: s.p(0.7, 0.2), width: 4))
        s.shape(stems, .rgb(100, 110, 40))
        s.shape(s.leaf(from: s.p(0.58, 0.07), to: s.p(0.88, 0.16), width: 0.22), .rgb(60, 130, 50))
        let skin = diagonal([.rgb(236, 40, 60), .rgb(180, 10, 30), .rgb(100, 0, 16)])
        s.ellipse(s.r(0.06, 0.46, 0.44, 0.47), skin)
        s.ellipse(s.r(0.46, 0.38, 0.47, 0.5), skin)
        s.ellipse(s.r(0.14, 0.54, 0.1, 0.1), .rgb(255, 255, 255, 0.35))
        s.ellipse(s.r(0.55, 0.46, 0.1, 0.1), .rgb(255, 255, 255, 0.35))
    }

    /// A papaya cut lengthwise: skin, orange flesh and the seed cavity.
    static func papaya(_ s: inout Sketch) {
        s.ellipse(s.r(0.04, 0.14, 0.92, 0.72), diagonal([.rgb(170, 190, 50), .rgb(240, 170, 30)]), angle: -0.12)
        s.ellipse(s.r(0.08, 0.2, 0.84, 0.6), diagonal([.rgb(255, 150, 60), .rgb(240, 100, 30)]), angle: -0.12)
        s.ellipse(s.r(0.3, 0.33, 0.44, 0.32), diagonal([.rgb(220, 90, 30), .rgb(190, 60, 20)]), angle: -0.12)
        // Seeds in two rings about the cavity's centre, tilted with it.
        var seeds: [FilledShape] = []
        let centre = s.p(0.52, 0.49), tilt = -0.12
        for i in 0..<14 {
            let a = Double(i) / 14 * 2 * .pi, k = i % 2 == 0 ? 1 : 0.6
            let x = 0.15 * cos(a) * k * s.rect.width, y = 0.1 * sin(a) * k * s.rect.height
            let c = Point(centre.x + x * cos(tilt) - y * sin(tilt), centre.y + x * sin(tilt) + y * cos(tilt))
            seeds.append(FilledShape(path: Path.circle(center: c, radius: 6), fill: .rgb(40, 24, 20)))
        }
        s.shapes(seeds)
    }

    /// Three blackberries, each a cluster of glossy drupelets, under a leaf.
    static func blackberry(_ s: inout Sketch) {
        s.shape(s.leaf(from: s.p(0.5, 0.3), to: s.p(0.92, 0.12), width: 0.2), .rgb(60, 130, 50))
        let drupe = diagonal([.rgb(110, 60, 110), .rgb(40, 10, 44)])
        for (cx, cy) in [(0.3, 0.55), (0.68, 0.58), (0.48, 0.38)] {
            for ring in 0..<3 {
                let count = [1, 6, 11][ring]
                let radius = Double(ring) * 0.075
                for k in 0..<count {
                    let a = Double(k) / Double(count) * 2 * .pi + Double(ring) * 0.3
                    let x = cx + radius * cos(a) * 0.78, y = cy + radius * sin(a)
                    s.ellipse(s.r(x - 0.045, y - 0.058, 0.09, 0.116), drupe)
                    s.ellipse(s.r(x - 0.02, y - 0.04, 0.025, 0.032), .rgb(255, 255, 255, 0.45))
                }
            }
        }
    }

    /// The sample's vegan badge (an image): a leaf in a ring, in the label's green.
    static func veganIcon(in r: Rect) -> [FilledShape] {
        let green = Color(red: 0.5294117647, green: 0.7647058824, blue: 0.2509803922)
        let ring = Sketch.ring(in: r.insetBy(dx: 2, dy: 2), width: 2)
        let s = Sketch(r)
        let leaf = s.leaf(from: s.p(0.32, 0.7), to: s.p(0.72, 0.28), width: 0.28)
        return [FilledShape(path: ring, fill: green, rule: .evenOdd), FilledShape(path: leaf, fill: green)]
    }
}
