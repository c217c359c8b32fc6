import Compositor
import Geometry
import LayerTree
import Raster
import XCTest

/// Snapshot contents: a scene's named subtree is drawn once into an image at the canvas scale, and layers show
/// it as a CALayer shows a CGImage, through contentsRect, stretched over their bounds, faded by their opacity,
/// clipped to rounded corners only with masksToBounds.
final class SnapshotContentsTests: XCTestCase {
    /// A 40 × 40 source: red left half, blue right half, a green square in the top-left quarter.
    static let source: Layer = {
        var card = Layer(name: "card", frame: Rect(500, 500, 40, 40))  // its own placement plays no part
        card.transform = .scale(3, 3)
        card.backgroundColor = .blue
        card.sublayers = [solid(Rect(0, 0, 20, 40), .red), solid(Rect(0, 0, 10, 10), .green)]
        return card
    }()

    func render(_ layers: [Layer], scale: Double = 1, snapshots: [String: Layer] = ["card": source]) throws -> Pixmap {
        var root = Layer(name: "root", frame: Rect(0, 0, 100, 60))
        root.sublayers = layers
        var renderer = LayerRenderer()
        return try renderer.render(LayerScene(canvas: Canvas(width: 100, height: 60, scale: scale, background: .white),
                                              root: root, snapshots: snapshots))
    }

    func piece(_ frame: Rect, _ contentsRect: Rect, name: String = "card") -> Layer {
        var l = Layer(frame: frame)
        l.contents = .snapshot(name)
        l.contentsRect = contentsRect
        return l
    }

    /// Four pieces at their own places put the card back together, pixel for pixel, at 1× and 2×.
    func testPiecesInPlaceRebuildTheSource() throws {
        for scale in [1.0, 2.0] {
            let pieces = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)].map { x, y in
                piece(Rect(10 + 40 * x, 10 + 40 * y, 20, 20), Rect(x, y, 0.5, 0.5))
            }
            var whole = Self.source
            whole.transform = .identity
            whole.position = Point(30, 30)
            let direct = try render([whole], scale: scale)
            let rebuilt = try render(pieces, scale: scale)
            XCTAssertEqual(rebuilt.pixels, direct.pixels, "at \(scale)×")
        }
    }

    /// contentsRect picks the part shown and stretches it over the bounds: the top-left quarter (green
    /// square on red) on a 40 × 40 layer shows green over its top-left 20 × 20.
    func testContentsRectStretchesItsPart() throws {
        let p = try render([piece(Rect(0, 0, 40, 40), Rect(0, 0, 0.5, 0.5))])
        assertPixel(p, 10, 10, .green)
        assertPixel(p, 30, 10, .red)
        assertPixel(p, 10, 30, .red)
        assertPixel(p, 45, 10, .white)
    }

    /// Opacity fades the image; masksToBounds clips it to the rounded corners (without it, the contents fill
    /// the square bounds, as on iOS).
    func testOpacityAndCorners() throws {
        var faded = piece(Rect(0, 0, 40, 40), Rect(0.5, 0, 0.5, 1))  // all blue
        faded.opacity = 0.5
        var rounded = piece(Rect(50, 0, 40, 40), Rect(0.5, 0, 0.5, 1))
        rounded.cornerRadius = 20
        rounded.masksToBounds = true
        var square = piece(Rect(50, 42, 18, 18), Rect(0.5, 0, 0.5, 1))
        square.cornerRadius = 9
        let p = try render([faded, rounded, square])
        assertPixel(p, 20, 20, RGB(127, 127, 255), tolerance: 1)
        assertPixel(p, 51, 1, .white, "outside the rounded corner")
        assertPixel(p, 70, 20, .blue)
        assertPixel(p, 50, 42, .blue, "no masksToBounds: the corner is drawn")
    }

    /// A piece shrunk eightfold onto whole pixels (5 × 5, pixel centres on level 3's texel centres) shows
    /// 8 × 8 means of the card, so its 25 pixels average to the card's mean: red 700/1600 (its half less the
    /// green square), green 100/1600, blue 800/1600.
    func testAShrunkPieceShowsItsMean() throws {
        var small = piece(Rect(0, 0, 40, 40), Rect(0, 0, 1, 1))
        small.transform = Transform3D.scale(0.125, 0.125).concatenating(.translation(0.5, 0.5))
        let p = try render([small])
        var sum = (r: 0.0, g: 0.0, b: 0.0)
        for y in 18..<23 { for x in 18..<23 { let c = rgb(p, x, y); sum.r += Double(c.r); sum.g += Double(c.g); sum.b += Double(c.b) } }
        XCTAssertEqual(sum.r / 25, 255 * 700 / 1600, accuracy: 2)
        XCTAssertEqual(sum.g / 25, 255 * 100 / 1600, accuracy: 2)
        XCTAssertEqual(sum.b / 25, 255 * 800 / 1600, accuracy: 2)
        assertPixel(p, 17, 20, .white)
        assertPixel(p, 23, 20, .white)
    }

    /// An unknown name shows nothing; a snapshot that shows itself draws nothing there instead of recursing;
    /// hostile bounds are drawn at a lower scale, never a runaway image.
    func testUnknownNamesCyclesAndHugeBounds() throws {
        let unknown = try render([piece(Rect(0, 0, 40, 40), Rect(0, 0, 1, 1), name: "nope")])
        assertPixel(unknown, 20, 20, .white)
        var loop = Layer(name: "loop", frame: Rect(0, 0, 40, 40))
        loop.backgroundColor = .red
        loop.sublayers = [piece(Rect(10, 10, 20, 20), Rect(0, 0, 1, 1), name: "loop")]
        let cyclic = try render([piece(Rect(0, 0, 40, 40), Rect(0, 0, 1, 1), name: "loop")], snapshots: ["loop": loop])
        assertPixel(cyclic, 20, 20, .red)
        var huge = Layer(name: "huge", frame: Rect(0, 0, 1e7, 1e7))
        huge.backgroundColor = .green
        let start = ContinuousClock.now
        let big = try render([piece(Rect(0, 0, 40, 40), Rect(0, 0, 1e-6, 1e-6), name: "huge")], snapshots: ["huge": huge])
        assertPixel(big, 20, 20, .green)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    /// Pieces of one snapshot meeting inside a pixel split it between them, as the device's aliased edges
    /// split its pixels: no background shows along their shared edge (a seam of white, 64 per channel,
    /// drawn one by one with source-over), while their outer edges keep their anti-aliased coverage.
    /// Moved apart, the gap between them shows the background in proportion.
    func testAbuttingPiecesSplitTheirSharedPixels() throws {
        // Two halves of the all-blue right half of the card, 20 × 40 each, the cut at x = 30.5 (pixel 30).
        func container(gap: Double) -> Layer {
            var c = Layer(name: "card-snapshot", frame: Rect(10.5, 10, 40, 40))
            c.sublayers = [piece(Rect(0, 0, 20, 40), Rect(0.5, 0, 0.25, 1)),
                           piece(Rect(20 + gap, 0, 20, 40), Rect(0.75, 0, 0.25, 1))]
            return c
        }
        let p = try render([container(gap: 0)])
        assertPixel(p, 30, 20, .blue, "the shared edge")
        assertPixel(p, 29, 20, .blue)
        assertPixel(p, 10, 20, RGB(128, 128, 255), tolerance: 1, "the outer edge, half covered")
        assertPixel(p, 50, 20, RGB(128, 128, 255), tolerance: 1, "the outer edge, half covered")
        let apart = try render([container(gap: 0.5)])
        assertPixel(apart, 30, 20, RGB(128, 128, 255), tolerance: 1, "half a pixel of background between them")

        // Turned, the shared edge crosses pixels at every fraction: it still shows no background.
        var turned = container(gap: 0)
        turned.transform = .rotation(0.3, 0, 0, 1)
        let t = try render([turned])
        let centre = Point(30.5, 30)
        for y in 14...46 {
            // The cut through the centre, turned by 0.3 rad: x = centre.x - (y - centre.y) tan 0.3.
            let x = Int((centre.x - (Double(y) + 0.5 - centre.y) * tan(0.3)).rounded(.down))
            assertPixel(t, x, y, .blue, tolerance: 1, "on the turned cut")
        }
    }
}
