import Foundation
import RenderPreviewsKindKit

/// The SF Symbols the Shapes demo's cards show (`hexagon.fill` …), redrawn as paths: the shapes' proportions
/// and corner rounding are ours, read off the symbols by eye, as SF Symbols cannot be shipped.
public enum ShapeSymbol: String, CaseIterable, Hashable, Sendable {
    case hexagon, rectangle, shield, app, triangle, circle, square, capsule

    /// Width over height of the symbol's glyph.
    var aspect: Double {
        switch self {
        case .hexagon: 0.89
        case .rectangle: 1.36
        case .shield: 0.84
        case .app, .circle, .square: 1
        case .triangle: 1.13
        case .capsule: 1.78
        }
    }

    /// The symbol drawn as UIImageView's scaleAspectFit draws it in `box`.
    public func path(in box: Rect) -> Path {
        let b = box.standardized
        let h = min(b.height, b.width / aspect), w = h * aspect
        let r = Rect(b.midX - w / 2, b.midY - h / 2, w, h)
        func at(_ x: Double, _ y: Double) -> Point { Point(r.minX + x * w, r.minY + y * h) }
        switch self {
        case .circle: return Path.ellipse(in: r)
        case .square: return Path.roundedRect(r, radius: 0.16 * w)
        case .app: return Path.roundedRect(r, radius: 0.225 * w)
        case .rectangle: return Path.roundedRect(r, radius: 0.12 * h)
        case .capsule: return Path.roundedRect(r, radius: h / 2)
        case .hexagon:
            return Self.roundedPolygon([at(0.5, 0), at(1, 0.25), at(1, 0.75), at(0.5, 1), at(0, 0.75), at(0, 0.25)],
                                       radius: 0.07 * h)
        case .triangle:
            return Self.roundedPolygon([at(0.5, 0), at(1, 1), at(0, 1)], radius: 0.08 * h)
        case .shield:
            var p = Path()
            p.move(to: at(0.5, 0))
            p.cubic(to: at(1, 0.13), control1: at(0.66, 0.09), control2: at(0.84, 0.13))
            p.line(to: at(1, 0.5))
            p.cubic(to: at(0.5, 1), control1: at(1, 0.78), control2: at(0.78, 0.9))
            p.cubic(to: at(0, 0.5), control1: at(0.22, 0.9), control2: at(0, 0.78))
            p.line(to: at(0, 0.13))
            p.cubic(to: at(0.5, 0), control1: at(0.16, 0.13), control2: at(0.34, 0.09))
            p.close()
            return p
        }
    }

    /// A convex polygon with each corner replaced by a quadratic curve `radius` long on either side.
    static func roundedPolygon(_ corners: [Point], radius: Double) -> Path {
        var p = Path()
        let n = corners.count
        for i in 0..<n {
            let c = corners[i], prev = corners[(i + n - 1) % n], next = corners[(i + 1) % n]
            func toward(_ q: Point) -> Point {
                let d = q - c, l = d.length
                return l > 0 ? c + d * (min(radius, l / 2) / l) : c
            }
            let a = toward(prev), b = toward(next)
            if i == 0 { p.move(to: a) } else { p.line(to: a) }
            p.quad(to: b, control: c)
        }
        p.close()
        return p
    }
}
