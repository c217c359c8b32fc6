import Geometry
import LayerTree

/// The recording tool's "show touches": a translucent blue disc under the finger, shared by every preview.
enum TouchIndicator {
    /// systemBlue at 55%, 38 points across while pressed, as in the recordings (docs/swipe-reference.md).
    static func layer(at p: Point) -> Layer {
        let r = 19.0
        var disc = Layer(name: "touch", frame: Rect(p.x - r, p.y - r, 2 * r, 2 * r))
        disc.backgroundColor = Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 0.55)
        disc.cornerRadius = r
        return disc
    }
}
