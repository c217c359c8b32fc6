import XCTest
import Geometry
@testable import Raster

/// Drawing through a rasterized clip uses the clip's known full runs (`Mask.interior`) as they are; the same
/// clip without them scales every pixel. Both must give the same pixels.
final class ClipInteriorTests: XCTestCase {
    let canvas = IntRect(x: 0, y: 0, width: 80, height: 72)

    /// A rounded, rotated clip mask as the renderer makes one for masksToBounds.
    func roundedClipMask(_ rasterizer: inout Rasterizer, _ rect: Rect, radius: Double, angle: Double) -> Mask {
        let map = Transform3D.translation(-rect.midX, -rect.midY, 0).concatenating(.rotation(angle, 0, 0, 1))
            .concatenating(.translation(rect.midX, rect.midY, 0)).flattened
        return rasterizer.coverage(of: Path.roundedRect(rect, radius: radius).deviceContours(through: map), clip: canvas)!
    }

    /// The same mask with no interior known.
    func plain(_ m: Mask) -> Mask { Mask(bounds: m.bounds, data: m.data) }

    func start() -> Pixmap {
        var px = Pixmap(bounds: canvas)
        for i in 0..<px.pixels.count { px.pixels[i] = i % 7 == 0 ? 0 : UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        return px
    }

    func testRasterizedMasksKnowOnlyFullRuns() {
        var rasterizer = Rasterizer()
        for angle in [0, 0.3, 1.1] {
            let m = roundedClipMask(&rasterizer, Rect(6.4, 5.2, 60.3, 50.7), radius: 14.5, angle: angle)
            XCTAssertNotNil(m.interior)
            XCTAssertTrue(m.interiorIsFull, "angle \(angle)")
            // Mostly inside: the runs hold most of the full pixels.
            let known = (0..<m.bounds.height).reduce(0) { $0 + m.interior!.run($1).count }
            XCTAssertGreaterThan(known, m.data.filter { $0 == 255 }.count * 3 / 4)
            // And a plain mask agrees: written without zeroing, every byte is the plain sweep's.
            XCTAssertEqual(m.data, plain(m).data)
        }
        // Changing the bytes forgets the runs.
        var m = roundedClipMask(&rasterizer, Rect(6, 5, 60, 50), radius: 10, angle: 0)
        m.data[m.data.count / 2] = 3
        XCTAssertNil(m.interior)
    }

    func testFillsThroughAClipMatchTheClipWithoutItsRuns() {
        var rasterizer = Rasterizer()
        let clipMask = roundedClipMask(&rasterizer, Rect(6.4, 5.2, 60.3, 50.7), radius: 14.5, angle: 0.3)
        let gradient = LinearGradient(stops: [(0, (1, 0, 0, 1)), (1, (0, 0, 1, 0.6))], start: Point(0, 0), end: Point(70, 60),
                                      map: .identity, opacity: 1)!
        let image = Pixmap(bounds: IntRect(x: 2, y: 3, width: 70, height: 60), pixels: (0..<4200).map { UInt32($0 &* 977) | 0xFF00_0000 })
        let paints: [Paint] = [.solid(PremultipliedColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)),
                               .solid(PremultipliedColor(packed: 0x8040_2080)), .linearGradient(gradient),
                               .image(ImagePattern(pixelAligned: image)!), .image(ImagePattern(pixelAligned: image, opacity: 0.5)!)]
        // A rectangle (runs of one coverage) and a rotated rounded rect (spans at its edges).
        let shapes = [Path.rect(Rect(0, 0, 80, 72)).deviceContours(through: .identity),
                      Path.roundedRect(Rect(10.5, 8.25, 50, 44), radius: 6).deviceContours(through: Transform3D.rotation(0.15, 0, 0, 1).flattened)]
        for window in [nil, IntRect(x: 20, y: 11, width: 31, height: 40)] {
            let fast = Clip(rect: canvas, mask: clipMask, window: window)
            let slow = Clip(rect: canvas, mask: plain(clipMask), window: window)
            for paint in paints {
                for shape in shapes {
                    var a = start(), b = start()
                    rasterizer.fill(shape, paint: paint, into: &a, clip: fast)
                    rasterizer.fill(shape, paint: paint, into: &b, clip: slow)
                    XCTAssertEqual(a.pixels, b.pixels, "fill \(paint), window \(String(describing: window))")
                }
                for opacity: UInt8 in [255, 130] {
                    var a = start(), b = start()
                    a.fill(IntRect(x: 0, y: 0, width: 80, height: 72), coverage: opacity, paint: paint, clip: fast)
                    b.fill(IntRect(x: 0, y: 0, width: 80, height: 72), coverage: opacity, paint: paint, clip: slow)
                    XCTAssertEqual(a.pixels, b.pixels, "rect \(paint), coverage \(opacity)")
                }
            }
            // A group composited through the clip, and a shadow-like mask fill.
            for opacity: UInt8 in [255, 77] {
                var a = start(), b = start()
                a.composite(image, opacity: opacity, clip: fast)
                b.composite(image, opacity: opacity, clip: slow)
                XCTAssertEqual(a.pixels, b.pixels, "composite \(opacity)")
            }
            let shadow = Mask(bounds: IntRect(x: 4, y: 4, width: 70, height: 60), data: (0..<4200).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            var a = start(), b = start()
            a.fill(shadow, paint: paints[1], clip: fast)
            b.fill(shadow, paint: paints[1], clip: slow)
            XCTAssertEqual(a.pixels, b.pixels, "mask fill")
        }
    }

    func testNestedClipsMultiplyAndKeepOnlyRunsFullInBoth() {
        var rasterizer = Rasterizer()
        let outer = roundedClipMask(&rasterizer, Rect(6.4, 5.2, 60.3, 50.7), radius: 14.5, angle: 0.3)
        let inner = roundedClipMask(&rasterizer, Rect(20.5, 15.5, 50, 40), radius: 20, angle: -0.2)
        let clip = Clip(rect: canvas, mask: outer).intersecting(inner)
        let m = clip.mask!
        XCTAssertTrue(m.interiorIsFull)
        XCTAssertGreaterThan((0..<m.bounds.height).reduce(0) { $0 + m.interior!.run($1).count }, 500)
        // The bytes: the product of both, rounded once.
        for y in m.bounds.y..<m.bounds.maxY {
            for x in m.bounds.x..<m.bounds.maxX {
                let expected = (UInt32(outer.value(x: x, y: y)) * UInt32(inner.value(x: x, y: y)) + 127) / 255
                XCTAssertEqual(UInt32(m.value(x: x, y: y)), expected, "(\(x), \(y))")
            }
        }
        // A mask without runs nested in one with them: none are known.
        let mixed = Clip(rect: canvas, mask: plain(outer)).intersecting(inner)
        XCTAssertEqual(mixed.mask!.data, m.data)
        XCTAssertEqual((0..<mixed.mask!.bounds.height).reduce(0) { $0 + mixed.mask!.interior!.run($1).count }, 0)
    }
}
