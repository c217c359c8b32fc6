import Foundation
import RenderPreviewsKindKit

/// A drawing board for the illustrations that stand in for the samples' photographs: positions given as
/// fractions of the picture's rect, so one drawing fits any size (aspect fill into any frame).
struct Sketch {
    let rect: Rect
    var layers: [Layer] = []

    init(_ rect: Rect) { self.rect = rect }

    func p(_ x: Double, _ y: Double) -> Point { Point(rect.minX + x * rect.width, rect.minY + y * rect.height) }
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(rect.minX + x * rect.width, rect.minY + y * rect.height, w * rect.width, h * rect.height)
    }

    /// A gradient filling the whole picture.
    mutating func fill(_ gradient: LinearGradient) {
        var layer = Layer(name: "fill", frame: rect)
        layer.contents = .gradient(gradient)
        layers.append(layer)
    }

    /// An ellipse filling `frame` (a round layer scaled to the frame's height), turned by `angle` radians.
    mutating func ellipse(_ frame: Rect, _ gradient: LinearGradient, angle: Double = 0, opacity: Double = 1) {
        let d = frame.width
        var layer = Layer(name: "ellipse", frame: Rect(frame.midX - d / 2, frame.midY - d / 2, d, d))
        layer.cornerRadius = d / 2
        layer.contents = .gradient(gradient)
        // Squash first, then turn: an ellipse tilted by `angle`.
        layer.transform = Transform3D.scale(1, frame.height / max(d, 1e-9)).concatenating(.rotation(angle, 0, 0, 1))
        layer.opacity = opacity
        layers.append(layer)
    }

    mutating func ellipse(_ frame: Rect, _ color: Color, angle: Double = 0) {
        ellipse(frame, LinearGradient(colors: [color, color]), angle: angle)
    }

    /// A rounded rectangle with a gradient.
    mutating func box(_ frame: Rect, radius: Double, _ gradient: LinearGradient, opacity: Double = 1) {
        var layer = Layer(name: "box", frame: frame)
        layer.cornerRadius = radius
        layer.contents = .gradient(gradient)
        layer.opacity = opacity
        layers.append(layer)
    }

    /// Filled paths in the picture's coordinates.
    mutating func shapes(_ shapes: [FilledShape], opacity: Double = 1) {
        var layer = Layer(name: "shapes", frame: Rect(0, 0, rect.maxX, rect.maxY))
        layer.contents = .shapes(shapes)
        layer.opacity = opacity
        layers.append(layer)
    }

    mutating func shape(_ path: Path, _ color: Color) { shapes([FilledShape(path: path, fill: color)]) }

    /// A polygon through fractional points.
    func polygon(_ points: [(Double, Double)]) -> Path { Path.polygon(points.map { p($0.0, $0.1) }) }

    /// A leaf: two arcs between its base and tip, bulging `width` (a fraction of its length) to each side.
    func leaf(from base: Point, to tip: Point, width: Double) -> Path {
        let d = tip - base
        let n = Point(-d.y * width, d.x * width)
        let m1 = Point(base.x + d.x * 0.45 + n.x, base.y + d.y * 0.45 + n.y)
        let m2 = Point(base.x + d.x * 0.45 - n.x, base.y + d.y * 0.45 - n.y)
        var path = Path()
        path.move(to: base)
        path.quad(to: tip, control: m1)
        path.quad(to: base, control: m2)
        path.close()
        return path
    }

    func stroke(_ path: Path, width: Double) -> Path {
        path.stroked(StrokeStyle(width: width, cap: .round, join: .round, miterLimit: 10))
    }

    /// A curved stem of even `width` from `a` to `b`, bent towards `control`: two offset curves, closed. (A
    /// stroked curve is flattened into many points; this stays a few curves, so `tree` can write it.)
    func band(from a: Point, to b: Point, control c: Point, width: Double) -> Path {
        let d = b - a
        let k = width / 2 / max(d.length, 1e-9)
        let n = Point(-d.y * k, d.x * k)
        var path = Path()
        path.move(to: a + n)
        path.quad(to: b + n, control: c + n)
        path.line(to: b - n)
        path.quad(to: a - n, control: c - n)
        path.close()
        return path
    }

    /// A ring of stroke `width` on the ellipse in `rect`, to fill even-odd (two ellipses rather than a
    /// flattened stroke).
    static func ring(in rect: Rect, width: Double) -> Path {
        var path = Path.ellipse(in: rect.insetBy(dx: -width / 2, dy: -width / 2))
        path.append(Path.ellipse(in: rect.insetBy(dx: width / 2, dy: width / 2)))
        return path
    }
}

extension Path {
    /// A closed polygon through `points`.
    static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        for (i, p) in points.enumerated() { if i == 0 { path.move(to: p) } else { path.line(to: p) } }
        path.close()
        return path
    }
}

extension Color {
    /// 0–255 components, as the pictures' palettes are written.
    static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }
}

/// A diagonal gradient, top left to bottom right.
func diagonal(_ colors: [Color]) -> LinearGradient { LinearGradient(colors: colors, startPoint: Point(0, 0), endPoint: Point(1, 1)) }
