import Compositor
import Geometry
import LayerTree
import Raster
import XCTest

// Shared helpers for the Core Animation semantics tests: build a layer tree under a root that fills the
// canvas, render it with the public LayerRenderer, and read pixels back.
//
// All canvases have an opaque white background, so every pixel of the result is opaque and its premultiplied
// bytes are the straight sRGB bytes.

/// An opaque pixel's color bytes.
struct RGB: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int
    init(_ r: Int, _ g: Int, _ b: Int) { self.r = r; self.g = g; self.b = b }
    var description: String { "(\(r), \(g), \(b))" }

    static let white = RGB(255, 255, 255)
    static let red = RGB(255, 0, 0)
    static let green = RGB(0, 255, 0)
    static let blue = RGB(0, 0, 255)
    static let black = RGB(0, 0, 0)
    static let yellow = RGB(255, 255, 0)
    /// #808080: 128/255 per channel, stored exactly as 128.
    static let gray = RGB(128, 128, 128)
}

extension Color {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let yellow = Color(red: 1, green: 1, blue: 0)
    static let gray = Color(hex: "#808080")!
}

/// A layer placed by `frame` (bounds at the origin, position at the frame's center) filled with `color`.
func solid(_ frame: Rect, _ color: Color, name: String? = nil) -> Layer {
    var l = Layer(name: name, frame: frame)
    l.backgroundColor = color
    return l
}

/// Renders `sublayers` under a root layer covering a `width` × `height` point canvas at `scale` pixels per
/// point, on white.
func render(_ sublayers: [Layer], width: Double, height: Double, scale: Double = 1) throws -> Pixmap {
    var root = Layer(name: "root", frame: Rect(0, 0, width, height))
    root.sublayers = sublayers
    var renderer = LayerRenderer()
    return try renderer.render(LayerScene(canvas: Canvas(width: width, height: height, scale: scale, background: .white), root: root))
}

func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> RGB {
    let c = p.pixel(x: x, y: y)
    return RGB(Int(c.r), Int(c.g), Int(c.b))
}

/// Asserts the pixel at (x, y) is opaque and each channel is within `tolerance` of `expected`.
func assertPixel(_ p: Pixmap, _ x: Int, _ y: Int, _ expected: RGB, tolerance: Int = 0, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let c = p.pixel(x: x, y: y)
    XCTAssertEqual(c.a, 255, "alpha at (\(x), \(y)) \(message)", file: file, line: line)
    let got = RGB(Int(c.r), Int(c.g), Int(c.b))
    let ok = abs(got.r - expected.r) <= tolerance && abs(got.g - expected.g) <= tolerance && abs(got.b - expected.b) <= tolerance
    XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(got), expected \(expected) ±\(tolerance) \(message)", file: file, line: line)
}

/// How much of pixel (x, y) a red (or any color with green = 0) fill covers, on white: source-over of an
/// opaque color with green 0 at coverage c leaves green = 255 × (1 − c).
func coverageOfRed(_ p: Pixmap, _ x: Int, _ y: Int) -> Double {
    1 - Double(p.pixel(x: x, y: y).g) / 255
}

/// The edges of a red run along row `y` (device pixels), measured by coverage: `inside` is a pixel fully
/// within the run; the left edge is `inside` minus the covered area to its left, the right edge `inside`
/// plus the covered area from it on. Exact to the 8-bit coverage of the two boundary pixels.
func redEdgesInRow(_ p: Pixmap, y: Int, inside: Int) -> (left: Double, right: Double) {
    var left = Double(inside), right = Double(inside)
    for x in 0..<inside { left -= coverageOfRed(p, x, y) }
    for x in inside..<p.width { right += coverageOfRed(p, x, y) }
    return (left, right)
}

/// The same along column `x`.
func redEdgesInColumn(_ p: Pixmap, x: Int, inside: Int) -> (top: Double, bottom: Double) {
    var top = Double(inside), bottom = Double(inside)
    for y in 0..<inside { top -= coverageOfRed(p, x, y) }
    for y in inside..<p.height { bottom += coverageOfRed(p, x, y) }
    return (top, bottom)
}

/// True when every pixel is the white background.
func isBlank(_ p: Pixmap) -> Bool {
    let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1).packed
    return p.pixels.allSatisfy { $0 == white }
}
