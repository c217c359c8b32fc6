import Geometry
import LayerTree

/// What the phone and the recording tool draw over every preview: the touch disc and the status bar battery.
enum DeviceChrome {
    /// The recording tool's "show touches": systemBlue, pressed or lifting (`TouchMark`).
    static func touchDisc(_ mark: TouchMark) -> Layer {
        let r = mark.radius
        var disc = Layer(name: "touch", frame: Rect(mark.center.x - r, mark.center.y - r, 2 * r, 2 * r))
        disc.backgroundColor = Color(red: 0, green: 122.0 / 255, blue: 1, alpha: mark.alpha)
        disc.cornerRadius = r
        return disc
    }

    /// The pressed disc under a finger at `p`.
    static func touchDisc(at p: Point) -> Layer { touchDisc(.pressed(at: p)) }

    /// The home indicator: a 134 × 5 pt black bar 8 pt above the bottom edge, centred.
    static func homeIndicator(on canvas: Canvas) -> Layer {
        var bar = Layer(name: "home-indicator", frame: Rect(canvas.width / 2 - 67, canvas.height - 13, 134, 5))
        bar.backgroundColor = .black
        bar.cornerRadius = 2.5
        return bar
    }

    /// The status bar battery: an outlined rounded body with a full level, in the bar's tint.
    static func battery(origin: Point, tint: Color, outlineAlpha: Double) -> Layer {
        var battery = Layer(name: "battery", frame: Rect(origin.x, origin.y, 25, 12))
        battery.borderWidth = 1
        battery.borderColor = Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: outlineAlpha)
        battery.cornerRadius = 3.5
        var level = Layer(name: "level", frame: Rect(2, 2, 21, 8))
        level.backgroundColor = tint
        level.cornerRadius = 1.5
        battery.sublayers = [level]
        return battery
    }
}
