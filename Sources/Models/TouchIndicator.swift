import Geometry
import LayerTree

/// The recording tool's "show touches": a translucent blue disc under the finger, shared by every preview.
enum TouchIndicator {
    static func layer(at p: Point) -> Layer {
        var disc = Layer(name: "touch", frame: Rect(p.x - 19, p.y - 19, 38, 38))
        disc.backgroundColor = Color(red: 0.25, green: 0.55, blue: 1, alpha: 0.7)
        disc.cornerRadius = 19
        return disc
    }
}
