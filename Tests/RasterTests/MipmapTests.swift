import Foundation
import XCTest
import Geometry
@testable import Raster
import TestSupport

/// Layer contents drawn from a mipmapped image: exact where magnified (bilinear reproduces a linear ramp),
/// and steady where minified: a fine checkerboard shrunk eightfold reads as flat grey wherever it lands on the
/// pixel grid, where plain bilinear sampling picks whichever texels the pixel centres hit (shimmer).
final class MipmapTests: XCTestCase {
    /// 64 × 64 opaque ramp: red = 4 x, green = 4 y.
    let ramp: Pixmap = {
        var px = Pixmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { px.pixels[y * 64 + x] = UInt32(4 * x) | UInt32(4 * y) << 8 | 0xFF00_0000 } }
        return px
    }()

    /// 256 × 256 checkerboard of single black and white texels.
    let checker: Pixmap = {
        var px = Pixmap(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { px.pixels[y * 256 + x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        return px
    }()

    func draw(_ pattern: ImagePattern?, width: Int, height: Int) -> Pixmap {
        var px = Pixmap(width: width, height: height)
        px.fill(px.bounds, paint: .image(pattern!))
        return px
    }

    /// Levels halve (rounding up) down to 1 × 1; each texel is the rounded mean of its 2 × 2 block, an odd last
    /// column or row averaged with itself.
    func testLevelsAreBoxAverages() {
        var image = Pixmap(width: 3, height: 2)
        // Reds 0, 100, 200 / 40, 60, 255 (opaque).
        let reds: [UInt32] = [0, 100, 200, 40, 60, 255]
        for i in 0..<6 { image.pixels[i] = reds[i] | 0xFF00_0000 }
        let mip = MipmappedImage(image)
        XCTAssertEqual(mip.levels.map { [$0.width, $0.height] }, [[3, 2], [2, 1], [1, 1]])
        // (0 + 100 + 40 + 60) / 4 = 50; (200 + 200 + 255 + 255) / 4 = 227.5 → 228 (rounded half up).
        XCTAssertEqual(mip.levels[1].pixel(x: 0, y: 0).r, 50)
        XCTAssertEqual(mip.levels[1].pixel(x: 1, y: 0).r, 228)
        // (50 + 228 + 50 + 228) / 4 = 139.
        XCTAssertEqual(mip.levels[2].pixel(x: 0, y: 0).r, 139)
        XCTAssertEqual(mip.levels[2].pixel(x: 0, y: 0).a, 255)
    }

    /// The level choice's log2, plain arithmetic, against libm.
    func testLog2IsCloseToLibm() {
        for x in stride(from: 1.0, to: 300, by: 0.37) {
            XCTAssertEqual(ImagePattern.log2(x), Foundation.log2(x), accuracy: 1e-5, "\(x)")
        }
    }

    /// contentsRect (0.25, 0.5, 0.5, 0.25) of the ramp is texels 16...48 × 32...48; stretched over a 64 × 32
    /// layer it is magnified 2× and bilinear reads the ramp exactly: red at device x is 4 × (16 + (x + 0.5) / 2
    /// − 0.5), green at y is 4 × (32 + (y + 0.5) / 2 − 0.5), clamped to the source's edge texels.
    func testContentsRectIsSampledExactlyWhenMagnified() {
        let pattern = ImagePattern(image: MipmappedImage(ramp), contentsRect: Rect(0.25, 0.5, 0.5, 0.25),
                                   bounds: Rect(0, 0, 64, 32), map: .identity)
        let px = draw(pattern, width: 64, height: 32)
        for y in 0..<32 {
            for x in 0..<64 {
                let u = min(max(16 + (Double(x) + 0.5) / 2, 16.5), 47.5) - 0.5
                let v = min(max(32 + (Double(y) + 0.5) / 2, 32.5), 47.5) - 0.5
                let p = px.pixel(x: x, y: y)
                XCTAssertEqual(Double(p.r), 4 * u, accuracy: 1, "(\(x), \(y)) red")
                XCTAssertEqual(Double(p.g), 4 * v, accuracy: 1, "(\(x), \(y)) green")
                if abs(Double(p.r) - 4 * u) > 1 || abs(Double(p.g) - 4 * v) > 1 { return }
            }
        }
    }

    /// Shrunk to 32 × 32 (8 texels a pixel) at several sub-pixel offsets, the checkerboard's mean is 127.5 grey:
    /// every pixel of every placement stays within 3 of it with mip levels; bilinear alone lands on single
    /// texels and swings far (this is what would shimmer as a piece moves).
    func testAMinifiedCheckerboardDoesNotShimmer() {
        var worstMipmapped = 0.0, worstPlain = 0.0
        for offset in [0.0, 0.0625, 0.3, 0.5] {
            let map = ProjectiveTransform.translation(offset, offset)
            let bounds = Rect(0, 0, 32, 32)
            for levels in [16, 1] {
                let image = MipmappedImage(checker, levels: levels)
                let px = draw(ImagePattern(image: image, contentsRect: Rect(0, 0, 1, 1), bounds: bounds, map: map),
                              width: 34, height: 34)
                // Pixels fully inside the layer.
                var deviation = 0.0
                for y in 2..<31 { for x in 2..<31 { deviation = max(deviation, abs(Double(px.pixel(x: x, y: y).r) - 127.5)) } }
                if levels == 16 { worstMipmapped = max(worstMipmapped, deviation) } else { worstPlain = max(worstPlain, deviation) }
            }
        }
        XCTAssertLessThanOrEqual(worstMipmapped, 3)
        XCTAssertGreaterThan(worstPlain, 60, "plain bilinear should alias here, or this test shows nothing")
    }

    /// Between levels the two nearest are blended: a checkerboard scaled by 1 / 3 (log2 3 ≈ 1.58, between
    /// levels 1 and 2, both already flat grey) stays grey; and a scale of 1 uses level 0 alone, so an
    /// integral contentsRect at whole pixels copies texels.
    func testBlendedLevelsAndTheUnscaledCase() {
        let third = draw(ImagePattern(image: MipmappedImage(checker), contentsRect: Rect(0, 0, 1, 1),
                                      bounds: Rect(0, 0, 256.0 / 3, 256.0 / 3), map: .identity), width: 85, height: 85)
        for y in 2..<80 { for x in 2..<80 { XCTAssertEqual(Double(third.pixel(x: x, y: y).r), 127.5, accuracy: 3) } }
        let copy = draw(ImagePattern(image: MipmappedImage(ramp), contentsRect: Rect(0, 0, 0.5, 0.5),
                                     bounds: Rect(0, 0, 32, 32), map: .identity), width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { XCTAssertEqual(copy.pixels[y * 32 + x], ramp.pixels[y * 64 + x]) } }
    }

    /// An image that does not start at (0, 0) (an offscreen keeps its device coordinates) is moved there for
    /// its levels: shown through contentsRect it reads as the same image at the origin, and does not trap.
    func testAnImageAwayFromTheOriginReadsTheSame() {
        let moved = Pixmap(bounds: IntRect(x: 5, y: -3, width: 64, height: 64), pixels: ramp.pixels)
        let a = draw(ImagePattern(image: moved, contentsRect: Rect(0.25, 0.25, 0.5, 0.5), bounds: Rect(0, 0, 32, 32), map: .identity),
                     width: 32, height: 32)
        let b = draw(ImagePattern(image: ramp, contentsRect: Rect(0.25, 0.25, 0.5, 0.5), bounds: Rect(0, 0, 32, 32), map: .identity),
                     width: 32, height: 32)
        XCTAssertEqual(a.pixels, b.pixels)
        XCTAssertEqual(a.pixels[0], ramp.pixels[16 * 64 + 16])
    }

    /// An image wider than its extent (a snapshot rounded up to whole pixels): unit coordinates span the
    /// extent, not the pixmap. The ramp's extent 0...32 × 0...32 shown 1:1 is its top-left quarter.
    func testExtentIsWhatUnitCoordinatesSpan() {
        let image = MipmappedImage(ramp, extent: Rect(0, 0, 32, 32))
        let px = draw(ImagePattern(image: image, contentsRect: Rect(0, 0, 1, 1), bounds: Rect(0, 0, 32, 32), map: .identity),
                      width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { XCTAssertEqual(px.pixels[y * 32 + x], ramp.pixels[y * 64 + x]) } }
    }

    /// The sampler's trap-free floor gives what the plain conversion gives: at integers and either side of
    /// them, at exact halves (where the rounding inside it ties), and on positions and weights like a span's.
    func testFloorOfNonNegativeMatchesThePlainConversion() {
        var values: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 255.5, 256, 4095.5, 1e6 + 0.5, 1e12, 0x1p50, 0x1p51 - 0.5]
        for k in 0...2048 { let d = Double(k) / 8; values += [d, d.nextUp, k == 0 ? 0 : d.nextDown] }
        var random = SeededRandom(5)
        for _ in 0..<100_000 { values.append(Double(random.next() % 100_000_000) / 65_536) }
        for v in values { XCTAssertEqual(floorOfNonNegative(v), Int(v), "\(v)") }
    }

    /// The sampler works on a pixel's four channels as one vector; a plain per-channel reference of the same
    /// formula (clamped position, weights in 1/256 of a texel, the four texels' weighted sum rounded, the two
    /// levels mixed by the level weight) agrees on every pixel of a translucent image under a magnifying, a
    /// minifying (trilinear) and a perspective map.
    func testVectorSamplingMatchesAPlainPerChannelReference() {
        var rng = SeededRandom(7)
        var image = Pixmap(width: 37, height: 29)
        for i in image.pixels.indices {
            let a = rng.next() % 256
            let c = (0..<3).map { _ in rng.next() % (a + 1) }
            image.pixels[i] = c[0] | c[1] << 8 | c[2] << 16 | a << 24
        }
        let mip = MipmappedImage(image)
        let maps: [ProjectiveTransform] = [
            .scale(2.3, 1.7),
            ProjectiveTransform(m11: 0.31, m12: 0.08, m13: 0, m21: -0.05, m22: 0.27, m23: 0, m31: 3.2, m32: 1.9, m33: 1),
            ProjectiveTransform(m11: 0.9, m12: 0.1, m13: 0.002, m21: 0.05, m22: 0.8, m23: -0.001, m31: 2, m32: 1, m33: 1),
        ]
        func channel(_ c: UInt32, _ k: Int) -> Int { Int((c >> (8 * UInt32(k))) & 0xFF) }
        func reference(_ level: ImagePattern.Level, u: Double, v: Double) -> [Int] {
            let t = level.texels
            let u = min(max(u, level.uRange.lowerBound), level.uRange.upperBound)
            let v = min(max(v, level.vRange.lowerBound), level.vRange.upperBound)
            let su = max(0, u - (Double(t.x) + 0.5)), sv = max(0, v - (Double(t.y) + 0.5))
            let iu = Int(su.rounded(.down)), iv = Int(sv.rounded(.down))
            let wx = Int(((su - Double(iu)) * 256 + 0.5).rounded(.down)), wy = Int(((sv - Double(iv)) * 256 + 0.5).rounded(.down))
            let i0 = min(t.x + iu, t.maxX - 1), j0 = min(t.y + iv, t.maxY - 1)
            let i1 = min(i0 + 1, t.maxX - 1), j1 = min(j0 + 1, t.maxY - 1)
            let img = level.image, b = img.bounds
            func texel(_ i: Int, _ j: Int) -> UInt32 { img.pixels[(j - b.y) * b.width + (i - b.x)] }
            return (0..<4).map { k in
                let sum = channel(texel(i0, j0), k) * (256 - wx) * (256 - wy) + channel(texel(i1, j0), k) * wx * (256 - wy)
                    + channel(texel(i0, j1), k) * (256 - wx) * wy + channel(texel(i1, j1), k) * wx * wy
                return (sum + 32768) >> 16
            }
        }
        var sampled = 0
        for map in maps {
            let pattern = ImagePattern(image: mip, contentsRect: Rect(0, 0, 1, 1), bounds: Rect(0, 0, 37, 29), map: map)!
            let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
            defer { scratch.deallocate() }
            for y in 0..<48 {
                let row = pattern.shade(y: y, x: 0, count: 64, scratch: scratch) { Array(UnsafeBufferPointer(start: $0, count: 64)) }
                for x in 0..<64 {
                    let t = pattern.inverse, px = Double(x) + 0.5, py = Double(y) + 0.5
                    var u = px * t.m11 + py * t.m21 + t.m31, v = px * t.m12 + py * t.m22 + t.m32
                    if !t.isAffine { let w = px * t.m13 + py * t.m23 + t.m33; u /= w; v /= w }
                    var expected = reference(pattern.fine, u: u, v: v)
                    if let coarse = pattern.coarse {
                        let w = Int(pattern.coarseWeight), b = reference(coarse, u: u * 0.5, v: v * 0.5)
                        expected = (0..<4).map { (expected[$0] * (256 - w) + b[$0] * w + 128) >> 8 }
                    }
                    XCTAssertEqual((0..<4).map { channel(row[x], $0) }, expected, "map \(map) at (\(x), \(y))")
                    sampled += 1
                }
            }
            if map.m11 == 0.31 { XCTAssertNotNil(pattern.coarse, "the minifying map samples two levels") }
        }
        XCTAssertEqual(sampled, 3 * 48 * 64)
    }
}
