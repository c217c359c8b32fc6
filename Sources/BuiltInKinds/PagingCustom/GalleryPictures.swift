import Foundation
import RenderPreviewsKindKit

/// The Gallery sample's photographs (JPEGs in the sample), drawn here as illustrations after their titles:
/// four portraits, a Christmas scene and three mountain landscapes. Each fills the rect it is given, as the
/// sample's aspect-fill image views do.
public enum GalleryPicture: String, CaseIterable, Hashable, Sendable {
    case oksana, christmas, touchYou, fjord, milena, anya, almsee, pizBeverin

    func layers(in rect: Rect) -> [Layer] {
        var s = Sketch(rect)
        switch self {
        case .oksana:
            Self.portrait(&s, backdrop: [.rgb(64, 52, 60), .rgb(150, 110, 100)], skin: .rgb(232, 190, 164),
                          hair: .rgb(120, 70, 40), clothes: [.rgb(40, 36, 44), .rgb(20, 18, 24)], lean: -0.04)
        case .christmas: Self.christmas(&s)
        case .touchYou:
            Self.portrait(&s, backdrop: [.rgb(20, 28, 44), .rgb(60, 90, 120)], skin: .rgb(220, 176, 150),
                          hair: .rgb(30, 24, 22), clothes: [.rgb(200, 200, 210), .rgb(120, 120, 140)], lean: 0.05)
        case .fjord:
            Self.landscape(&s, sky: [.rgb(120, 160, 200), .rgb(230, 210, 190)], sun: .rgb(255, 236, 200),
                           ridges: [.rgb(110, 120, 140), .rgb(60, 76, 90), .rgb(30, 44, 50)], water: [.rgb(70, 110, 140), .rgb(20, 40, 60)],
                           peak: (0.32, 0.2))
        case .milena:
            Self.portrait(&s, backdrop: [.rgb(200, 190, 170), .rgb(120, 110, 96)], skin: .rgb(240, 206, 180),
                          hair: .rgb(200, 160, 90), clothes: [.rgb(140, 40, 50), .rgb(80, 20, 30)], lean: 0)
        case .anya:
            Self.portrait(&s, backdrop: [.rgb(30, 30, 34), .rgb(70, 60, 64)], skin: .rgb(236, 196, 176),
                          hair: .rgb(90, 50, 30), clothes: [.rgb(70, 80, 100), .rgb(30, 34, 50)], lean: 0.03)
        case .almsee:
            Self.landscape(&s, sky: [.rgb(70, 110, 170), .rgb(200, 220, 240)], sun: nil,
                           ridges: [.rgb(150, 160, 180), .rgb(70, 100, 90), .rgb(30, 60, 40)], water: [.rgb(60, 120, 130), .rgb(20, 50, 60)],
                           peak: (0.62, 0.24))
        case .pizBeverin:
            Self.landscape(&s, sky: [.rgb(30, 40, 90), .rgb(240, 150, 110)], sun: .rgb(255, 210, 160),
                           ridges: [.rgb(230, 230, 240), .rgb(90, 80, 110), .rgb(40, 36, 60)], water: nil,
                           peak: (0.5, 0.12))
        }
        return s.layers
    }

    /// Head and shoulders against a soft backdrop.
    static func portrait(_ s: inout Sketch, backdrop: [Color], skin: Color, hair: Color, clothes: [Color], lean: Double) {
        s.fill(diagonal(backdrop))
        s.ellipse(s.r(0.55, 0.05, 0.6, 0.4), .rgb(255, 255, 255, 0.12))
        let x = 0.5 + lean
        s.ellipse(s.r(x - 0.27, 0.14, 0.54, 0.52), LinearGradient(colors: [hair, hair.darker(0.6)]))
        var shoulders = Path()
        shoulders.move(to: s.p(x - 0.48, 1.02))
        shoulders.cubic(to: s.p(x - 0.08, 0.66), control1: s.p(x - 0.44, 0.76), control2: s.p(x - 0.2, 0.7))
        shoulders.line(to: s.p(x + 0.08, 0.66))
        shoulders.cubic(to: s.p(x + 0.48, 1.02), control1: s.p(x + 0.2, 0.7), control2: s.p(x + 0.44, 0.76))
        shoulders.close()
        s.box(s.r(x - 0.07, 0.5, 0.14, 0.2), radius: 8, LinearGradient(colors: [skin.darker(0.8), skin]))
        s.shapes([FilledShape(path: shoulders, fill: clothes[0])])
        s.ellipse(s.r(x - 0.17, 0.22, 0.34, 0.36), LinearGradient(colors: [skin, skin.darker(0.85)], startPoint: Point(0.2, 0), endPoint: Point(0.9, 1)))
        s.ellipse(s.r(x - 0.2, 0.17, 0.4, 0.16), LinearGradient(colors: [hair, hair.darker(0.8)]), angle: lean * 2)
        s.ellipse(s.r(x - 0.09, 0.38, 0.05, 0.025), .rgb(60, 40, 40, 0.8))
        s.ellipse(s.r(x + 0.04, 0.38, 0.05, 0.025), .rgb(60, 40, 40, 0.8))
        s.ellipse(s.r(x - 0.05, 0.49, 0.1, 0.025), .rgb(180, 80, 80, 0.8))
        s.box(s.r(0, 0, 1, 1), radius: 0, LinearGradient(colors: [.rgb(0, 0, 0, 0), .rgb(0, 0, 0, 0.35)], locations: [0.6, 1]))
    }

    /// A lit tree at night with a star, snow on the ground.
    static func christmas(_ s: inout Sketch) {
        s.fill(LinearGradient(colors: [.rgb(10, 16, 40), .rgb(40, 50, 90)]))
        s.box(s.r(0, 0.8, 1, 0.2), radius: 0, LinearGradient(colors: [.rgb(200, 210, 230), .rgb(140, 150, 180)]))
        s.box(s.r(0.46, 0.74, 0.08, 0.1), radius: 2, LinearGradient(colors: [.rgb(90, 60, 40), .rgb(60, 40, 30)]))
        for (i, tier) in [(0.12, 0.42), (0.28, 0.6), (0.44, 0.78)].enumerated() {
            let half = 0.14 + Double(i) * 0.09
            s.shape(s.polygon([(0.5, tier.0), (0.5 + half, tier.1), (0.5 - half, tier.1)]), [Color.rgb(40, 120, 70), .rgb(30, 100, 60), .rgb(20, 80, 50)][i])
        }
        let bulbs: [(Double, Double, Color)] = [
            (0.46, 0.3, .rgb(255, 220, 120)), (0.56, 0.36, .rgb(255, 90, 90)), (0.4, 0.48, .rgb(120, 200, 255)),
            (0.6, 0.52, .rgb(255, 220, 120)), (0.5, 0.56, .rgb(255, 90, 90)), (0.34, 0.68, .rgb(255, 220, 120)),
            (0.66, 0.7, .rgb(120, 200, 255)), (0.48, 0.72, .rgb(255, 220, 120)),
        ]
        for (x, y, c) in bulbs { s.ellipse(s.r(x - 0.02, y - 0.012, 0.04, 0.024), c) }
        s.shape(s.polygon((0..<10).map { k in
            let a = Double(k) * .pi / 5 - .pi / 2, r = k % 2 == 0 ? 0.05 : 0.022
            return (0.5 + r * cos(a), 0.11 + r * sin(a) * 0.7)
        }), .rgb(255, 214, 90))
        for k in 0..<18 {
            let x = Double((k * 37) % 100) / 100, y = Double((k * 53) % 80) / 100
            s.ellipse(s.r(x, y, 0.012, 0.008), .rgb(255, 255, 255, 0.7))
        }
    }

    /// Sky, an optional low sun, three mountain ridges far to near (the far one's summit at `peak`, snow-capped),
    /// and a lake mirroring the sky.
    static func landscape(_ s: inout Sketch, sky: [Color], sun: Color?, ridges: [Color], water: [Color]?, peak: (x: Double, y: Double)) {
        s.fill(LinearGradient(colors: sky))
        if let sun { s.ellipse(s.r(0.62, 0.3, 0.16, 0.1), sun) }
        let horizon = water == nil ? 1.0 : 0.68
        let (px, py) = peak
        let skylines: [[(Double, Double)]] = [
            [(0, 0.42), (px - 0.3, 0.34), (px - 0.16, 0.38), (px, py), (px + 0.14, 0.3), (px + 0.26, 0.36), (px + 0.4, 0.3), (1, 0.4)],
            [(0, 0.5), (0.16, 0.41), (0.3, 0.48), (0.46, 0.38), (0.62, 0.47), (0.78, 0.4), (1, 0.5)],
            [(0, 0.6), (0.2, 0.54), (0.36, 0.6), (0.56, 0.52), (0.8, 0.6), (1, 0.55)],
        ]
        for (i, color) in ridges.enumerated() {
            s.shape(s.polygon([(0, horizon)] + skylines[i] + [(1, horizon)]), color)
            if i == 0 {
                s.shape(s.polygon([(px - 0.07, py + 0.06), (px, py), (px + 0.06, py + 0.05), (px + 0.02, py + 0.04), (px - 0.02, py + 0.07)]),
                        .rgb(250, 250, 255, 0.9))
            }
        }
        if let water {
            s.box(s.r(0, horizon, 1, 1 - horizon), radius: 0, LinearGradient(colors: water))
            for k in 0..<6 {
                let y = horizon + 0.03 + Double(k) * 0.045
                s.box(s.r(0.15 + Double(k % 3) * 0.2, y, 0.3, 0.004), radius: 0, LinearGradient(colors: [.rgb(255, 255, 255, 0.25), .rgb(255, 255, 255, 0)],
                                                                                              startPoint: Point(0, 0.5), endPoint: Point(1, 0.5)))
            }
        }
    }
}

extension Color {
    /// The colour with its components scaled by `k` (a shade), alpha kept.
    func darker(_ k: Double) -> Color { Color(red: red * k, green: green * k, blue: blue * k, alpha: alpha) }
}
