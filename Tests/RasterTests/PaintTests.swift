import Foundation
import XCTest
import Geometry
@testable import Raster

/// The paint pipeline: the image shader against analytic images, and every fill against the per-pixel
/// formulas the renderer used before there was one pipeline (the committed previews depend on them).
final class PaintTests: XCTestCase {
    /// 32 x 32 opaque ramp: red = 8 x, green = 8 y. Bilinear sampling reproduces a linear ramp exactly, so
    /// a sample at image position (u, v) should read red = 8 (u - 0.5), green = 8 (v - 0.5), clamped to the
    /// edge texels.
    let ramp: Pixmap = {
        var px = Pixmap(width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { px.pixels[y * 32 + x] = UInt32(8 * x) | UInt32(8 * y) << 8 | 0xFF00_0000 } }
        return px
    }()

    func draw(_ pattern: ImagePattern?, size: Int = 64) -> Pixmap {
        var px = Pixmap(width: size, height: size)
        px.fill(px.bounds, paint: .image(pattern!))
        return px
    }

    func assertRamp(_ px: Pixmap, red: (Int) -> Int, green: (Int) -> Int, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<px.height {
            for x in 0..<px.width {
                let p = px.pixel(x: x, y: y)
                guard Int(p.r) == red(x), Int(p.g) == green(y), p.b == 0, p.a == 255 else {
                    XCTFail("(\(x), \(y)): \(p.r), \(p.g), \(p.b), \(p.a); expected \(red(x)), \(green(y)), 0, 255", file: file, line: line)
                    return
                }
            }
        }
    }

    func testImageUnderTheIdentityIsTheImage() {
        let px = draw(ImagePattern(image: ramp, map: .identity), size: 32)
        XCTAssertEqual(px.pixels, ramp.pixels)
    }

    func testImageScaledTwiceInterpolatesBetweenTexels() {
        // Device pixel p samples image position (p + 0.5) / 2, a quarter texel off a texel center:
        // 8 (p / 2 - 1/4) = 4 p - 2, clamped to [0, 248] at the edges.
        let px = draw(ImagePattern(image: ramp, map: .scale(2, 2)))
        let expected = { (p: Int) in min(248, max(0, 4 * p - 2)) }
        assertRamp(px, red: expected, green: expected)
    }

    func testImageAtAFractionalOffsetBlendsNeighbours() {
        // Half a texel in x (the mean of two texels), a quarter in y (3/4 of one, 1/4 of the next).
        let px = draw(ImagePattern(image: ramp, map: .translation(0.5, 0.25)))
        assertRamp(px, red: { min(248, max(0, 8 * $0 - 4)) }, green: { min(248, max(0, 8 * $0 - 2)) })
    }

    func testImageAtAWholePixelOffsetCopiesTexelsAndClampsToTheEdge() {
        let pattern = ImagePattern(image: ramp, map: .translation(5, 3))
        // Spans crossing the image's edge sample (clamped); spans inside read its rows directly.
        assertRamp(draw(pattern), red: { 8 * min(31, max(0, $0 - 5)) }, green: { 8 * min(31, max(0, $0 - 3)) })
        var inside = Pixmap(width: 64, height: 64)
        inside.fill(IntRect(x: 5, y: 3, width: 32, height: 32), paint: .image(pattern!))
        XCTAssertEqual(inside.pixel(x: 5, y: 3), ramp.pixel(x: 0, y: 0))
        XCTAssertEqual(inside.pixel(x: 36, y: 34), ramp.pixel(x: 31, y: 31))
        XCTAssertEqual(inside.pixel(x: 20, y: 10), ramp.pixel(x: 15, y: 7))
        XCTAssertEqual(inside.pixel(x: 4, y: 10), .clear)
    }

    func testSourceRectClampsToItsOwnEdgeTexels() {
        let px = draw(ImagePattern(image: ramp, source: Rect(8, 4, 8, 16), map: .identity), size: 32)
        assertRamp(px, red: { 8 * min(15, max(8, $0)) }, green: { 8 * min(19, max(4, $0)) })
    }

    func testContentsRectStretchesItsPartOverTheBounds() {
        // contentsRect x 0.25...0.75 of the image (texels 8..<24) over bounds 32 wide: 2x in x. Device
        // pixel p samples u = 8 + (p + 0.5) / 2, red 8 (u - 0.5) = 62 + 4 p, clamped to texels 8 and 23.
        let pattern = ImagePattern(image: ramp, contentsRect: Rect(0.25, 0, 0.5, 1), bounds: Rect(0, 0, 32, 32), map: .identity)
        assertRamp(draw(pattern, size: 32), red: { min(184, max(64, 62 + 4 * $0)) }, green: { 8 * $0 })
    }

    func testImageUnderPerspectiveSamplesTheInverseMap() {
        // Any map: each pixel center maps back through the analytic inverse and reads the ramp there. Bilinear
        // weights are quantized to 1/256, so allow that and the final rounding.
        var t = Transform3D.identity
        t.m34 = -1.0 / 80
        t = t.rotated(35 * .pi / 180, 0, 1, 0).rotated(0.3, 0, 0, 1)
        let map = Transform3D.translation(-16, -16, 0).concatenating(t).concatenating(.translation(32, 32, 0)).flattened
        let inverse = map.inverted()!
        let px = draw(ImagePattern(image: ramp, map: map))
        var checked = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = inverse.applyHomogeneous(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.w != 0 else { continue }
                let u = min(31, max(0, p.x / p.w - 0.5)), v = min(31, max(0, p.y / p.w - 0.5))
                XCTAssertEqual(Double(px.pixel(x: x, y: y).r), 8 * u, accuracy: 0.52, "(\(x), \(y))")
                XCTAssertEqual(Double(px.pixel(x: x, y: y).g), 8 * v, accuracy: 0.52, "(\(x), \(y))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4000)
    }

    func testTranslucentImageStaysPremultipliedAndFades() {
        // White at alpha 8 x (premultiplied: every channel 8 x), scaled 2x: every channel 4 p - 2, the same
        // in all four; at opacity 0.5 each sample is then scaled by 128 / 255.
        var image = Pixmap(width: 32, height: 1)
        for x in 0..<32 { let v = UInt32(8 * x); image.pixels[x] = v | v << 8 | v << 16 | v << 24 }
        for (opacity, k) in [(1.0, 255 as UInt32), (0.5, 128)] {
            var px = Pixmap(width: 64, height: 2)
            px.fill(px.bounds, paint: .image(ImagePattern(image: image, map: .scale(2, 2), opacity: opacity)!))
            for x in 0..<64 {
                let v = UInt32(min(248, max(0, 4 * x - 2)))
                let c = multiply(v | v << 8 | v << 16 | v << 24, k)
                XCTAssertEqual(px.pixels[x], c, "x \(x), opacity \(opacity)")
            }
        }
    }

    func testImagePaintFillsAPathLikeAnyPaint() {
        // The image through a disk's coverage: inside, the image; on the rim, the image at partial coverage.
        var rasterizer = Rasterizer()
        var px = Pixmap(width: 32, height: 32)
        let contours = Path.ellipse(in: Rect(4, 4, 24, 24)).deviceContours(through: .identity)
        rasterizer.fill(contours, paint: .image(ImagePattern(image: ramp, map: .identity)!), into: &px, clip: Clip(rect: px.bounds))
        let mask = rasterizer.coverage(of: contours, clip: px.bounds)!
        for y in 0..<32 {
            for x in 0..<32 {
                XCTAssertEqual(px.pixel(x: x, y: y).packed, blend(ramp.pixel(x: x, y: y).packed, opaque: true,
                                                                  coverage: UInt32(mask.value(x: x, y: y)), over: 0))
            }
        }
    }

    // MARK: The pipeline keeps the old per-pixel formulas

    /// A reproducible pseudo-random sequence (xorshift), so failures repeat.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
        mutating func premultiplied() -> UInt32 {
            let a = UInt32(byte())
            let pick = next() % 4
            let alpha: UInt32 = pick == 0 ? 255 : pick == 1 ? 0 : a
            func channel() -> UInt32 { alpha == 0 ? 0 : UInt32(next() % UInt64(alpha + 1)) }
            return channel() | channel() << 8 | channel() << 16 | alpha << 24
        }
    }

    func randomPixmap(_ bounds: IntRect, _ rng: inout Random) -> Pixmap {
        Pixmap(bounds: bounds, pixels: (0..<bounds.area).map { _ in rng.premultiplied() })
    }

    /// A clip with an anti-aliased mask whose rectangle is smaller than the target.
    func randomClip(_ rng: inout Random) -> Clip {
        let r = IntRect(x: 3, y: 2, width: 50, height: 40)
        var mask = Mask(bounds: r)
        for i in 0..<mask.data.count { mask.data[i] = rng.next() % 3 == 0 ? 255 : rng.byte() }
        return Clip(rect: IntRect(x: 0, y: 0, width: 64, height: 64), mask: mask)
    }

    /// The renderer's per-pixel fill before the pipeline: coverage × clip (rounded once), then a color at
    /// that coverage over the pixel.
    func referenceFill(_ target: inout Pixmap, mask: Mask, clip: Clip?, color: (Int, Int) -> UInt32) {
        for y in target.bounds.y..<target.bounds.maxY {
            for x in target.bounds.x..<target.bounds.maxX {
                if let clip, !(x >= clip.rect.x && x < clip.rect.maxX && y >= clip.rect.y && y < clip.rect.maxY) { continue }
                var cov = UInt32(mask.value(x: x, y: y))
                if let m = clip?.mask { cov = (cov * UInt32(m.value(x: x, y: y)) + 127) / 255 }
                let i = (y - target.bounds.y) * target.bounds.width + x - target.bounds.x
                let c = color(x, y)
                if cov == 255 {
                    target.pixels[i] = c >> 24 == 255 ? c : sourceOver(c, target.pixels[i])
                } else if cov != 0 {
                    target.pixels[i] = sourceOver(multiply(c, cov), target.pixels[i])
                }
            }
        }
    }

    func testSolidAndGradientFillsMatchThePerPixelFormula() {
        var rng = Random(state: 0x9E37_79B9_7F4A_7C15)
        var rasterizer = Rasterizer()
        let shape = Path.roundedRect(Rect(2.3, 5.7, 55.1, 41.6), radius: 9.4)
            .deviceContours(through: Transform3D.rotation(0.2, 0, 0, 1).flattened)
        let gradient = LinearGradient(stops: [(0, (1, 0, 0, 1)), (0.4, (0, 1, 0, 0.3)), (1, (0, 0, 1, 0.8))],
                                      start: Point(5, 3), end: Point(50, 40), map: .scale(1.1, 0.9), opacity: 0.9)!
        let opaque = PremultipliedColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        let paints: [(Paint, (Int, Int) -> UInt32)] = [
            (.solid(opaque), { _, _ in opaque.packed }),
            (.solid(PremultipliedColor(packed: 0x8040_2080)), { _, _ in 0x8040_2080 }),
            (.linearGradient(gradient), { x, y in
                var c: UInt32 = 0
                gradient.shade(y: y, x: x, count: 1, into: &c)
                return c
            }),
        ]
        for (paint, color) in paints {
            for clip in [Clip(rect: IntRect(x: 0, y: 0, width: 64, height: 64)), randomClip(&rng)] {
                let start = randomPixmap(IntRect(x: 0, y: 0, width: 64, height: 64), &rng)
                var actual = start, expected = start
                rasterizer.fill(shape, paint: paint, into: &actual, clip: clip)
                let mask = rasterizer.coverage(of: shape, clip: expected.bounds.intersection(clip.rect))!
                referenceFill(&expected, mask: mask, clip: clip, color: color)
                XCTAssertEqual(actual.pixels, expected.pixels, "\(paint), clip mask \(clip.mask != nil)")

                // Through a mask (shadows) the same.
                var masked = start
                masked.fill(mask, paint: paint, clip: clip)
                XCTAssertEqual(masked.pixels, expected.pixels, "mask fill, \(paint), clip mask \(clip.mask != nil)")
            }
        }
    }

    /// Under an affine map the gradient skips the division by W (exactly 1): the colors are those of the
    /// projective formula, pixel for pixel, whatever the span's start.
    func testAffineGradientMatchesTheProjectiveFormula() {
        let maps: [ProjectiveTransform] = [.scale(1.1, 0.9), Transform3D.rotation(0.37, 0, 0, 1).flattened,
                                           Transform3D.rotation(-1.2, 0, 0, 1).flattened.concatenating(.scale(0.3, 2.6))]
        for map in maps {
            let g = LinearGradient(stops: [(0, (1, 0, 0, 1)), (0.5, (0, 1, 0, 0.6)), (1, (0, 0, 1, 1))],
                                   start: Point(-7, 3), end: Point(61, 29), map: map)!
            XCTAssertTrue(g.inverse.isAffine)
            var row = [UInt32](repeating: 0, count: 80)
            for y in -3..<70 {
                g.shade(y: y, x: -9, count: 80, into: &row)
                for i in 0..<80 {
                    let p = g.inverse.apply(Point(Double(i - 9) + 0.5, Double(y) + 0.5))
                    let t = (p.x - g.start.x) * g.direction.x + (p.y - g.start.y) * g.direction.y
                    XCTAssertEqual(row[i], g.table[Int((min(1, max(0, t)) * 255).rounded())], "\(map) at \(i - 9), \(y)")
                }
            }
        }
    }

    /// `blendSpan` blends every pixel without `blend`'s shortcuts (coverage 0 or 255, transparent or opaque
    /// colors): the arithmetic must give the same bytes in those cases.
    func testBranchFreeBlendEqualsTheShortcuts() {
        var rng = Random(state: 0x1234_5678_9ABC_DEF1)
        var mismatches = 0
        for _ in 0..<200_000 {
            let c = rng.premultiplied(), d = rng.premultiplied()
            let pick = rng.next() % 3
            let k = pick == 0 ? 0 : pick == 1 ? 255 : UInt32(rng.byte())
            if sourceOver(multiply(c, k), d) != blend(c, opaque: c >> 24 == 255, coverage: k, over: d) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0)
        for v: UInt32 in 0...255 { XCTAssertEqual(multiply(v * 0x0101_0101, 255), v * 0x0101_0101) }
    }

    func testCompositeMatchesThePerPixelFormula() {
        var rng = Random(state: 0x2545_F491_4F6C_DD1D)
        let source = randomPixmap(IntRect(x: -5, y: 7, width: 60, height: 50), &rng)
        for opacity in [255, 200, 1] as [UInt8] {
            for clip in [nil, Clip(rect: IntRect(x: 10, y: 0, width: 40, height: 64)), randomClip(&rng)] {
                let start = randomPixmap(IntRect(x: 0, y: 0, width: 64, height: 64), &rng)
                var actual = start
                actual.composite(source, opacity: opacity, clip: clip)
                // Before: k = opacity × clip, rounded once; a transparent source pixel is skipped.
                var expected = start
                for y in 0..<64 {
                    for x in 0..<64 {
                        guard x >= source.bounds.x, x < source.bounds.maxX, y >= source.bounds.y, y < source.bounds.maxY else { continue }
                        if let clip, !(x >= clip.rect.x && x < clip.rect.maxX && y >= clip.rect.y && y < clip.rect.maxY) { continue }
                        var c = source.pixel(x: x, y: y).packed
                        var k = UInt32(opacity)
                        if let m = clip?.mask { k = (k * UInt32(m.value(x: x, y: y)) + 127) / 255 }
                        guard c != 0, k != 0 else { continue }
                        if k != 255 { c = multiply(c, k) }
                        let i = y * 64 + x
                        expected.pixels[i] = c >> 24 == 255 ? c : sourceOver(c, expected.pixels[i])
                    }
                }
                XCTAssertEqual(actual.pixels, expected.pixels, "opacity \(opacity), clip \(String(describing: clip?.rect))")
            }
        }
    }
}
