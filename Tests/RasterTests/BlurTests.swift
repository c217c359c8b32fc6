import XCTest
@testable import Raster
import TestSupport

final class BlurTests: XCTestCase {
    func testPixmapBlurMatchesTheMaskBlurAndStaysPremultiplied() {
        // A translucent, uneven picture: channels vary independently, each at or below its alpha.
        var px = Pixmap(bounds: IntRect(x: 4, y: 6, width: 20, height: 14))
        for i in 0..<px.pixels.count {
            let a = UInt32((i * 37) % 256)
            px.pixels[i] = (a * 3 / 4) | (a / 2) << 8 | ((a * UInt32(i % 5)) / 4) << 16 | a << 24
        }
        let blurred = px.blurred(sigma: 2.5)
        let alpha = px.alphaMask().blurred(sigma: 2.5)
        XCTAssertEqual(blurred.bounds, alpha.bounds)
        XCTAssertEqual(blurred.alphaMask().data, alpha.data)
        for c in blurred.pixels {
            let a = c >> 24
            XCTAssertTrue(c & 0xFF <= a && (c >> 8) & 0xFF <= a && (c >> 16) & 0xFF <= a)
        }
        // One opaque color blurs to that color at the blurred alpha (well inside: exactly the color).
        let solid = Pixmap(bounds: IntRect(x: 0, y: 0, width: 30, height: 30), pixels: [UInt32](repeating: 0xFF20_80C0, count: 900))
        let b = solid.blurred(sigma: 3)
        XCTAssertEqual(b.pixel(x: 15, y: 15).packed, 0xFF20_80C0)
        let edge = b.pixel(x: 0, y: 15)
        XCTAssertEqual(Double(edge.r), Double(edge.a) * 0xC0 / 255, accuracy: 1)
        XCTAssertEqual(Double(edge.g), Double(edge.a) * 0x80 / 255, accuracy: 1)
    }

    /// Pseudo-random pixels (premultiplied: every channel at or below its alpha), some rows transparent.
    private func noise(_ bounds: IntRect, seed: UInt64) -> Pixmap {
        var random = SeededRandom(seed)
        func next() -> UInt32 { random.next() }
        var px = Pixmap(bounds: bounds)
        for i in 0..<px.pixels.count {
            if (i / bounds.width) % 7 == 3 { continue }
            let a = next() % 256
            px.pixels[i] = (next() % (a + 1)) | (next() % (a + 1)) << 8 | (next() % (a + 1)) << 16 | a << 24
        }
        return px
    }

    /// The blur computed only in a region (transposed passes, eight lanes at a time) is bit for bit the
    /// whole blur there: odd and even box widths, odd sizes, regions inside, across and outside the result.
    func testRegionBlurEqualsTheWholeBlurBitForBit() {
        let image = noise(IntRect(x: -3, y: 5, width: 37, height: 29), seed: 7)
        let sources = [image.bounds, IntRect(x: 2, y: 9, width: 19, height: 13), IntRect(x: -10, y: 0, width: 20, height: 50)]
        // σ 1 and 3: even boxes (2, 6); 1.5 and 2.5: odd ones (3, 5); 0.5: no blur at all.
        for sigma in [1.0, 1.5, 2.5, 3.0, 0.5] {
            for source in sources {
                let crop = image.cropped(to: source)
                let wholeAlpha = crop.alphaMask().blurred(sigma: sigma)
                let whole = crop.blurred(sigma: sigma)
                let g = wholeAlpha.bounds
                let regions = [g, IntRect(x: g.x + 3, y: g.y + 5, width: 11, height: 9),
                               IntRect(x: g.x - 4, y: g.maxY - 6, width: g.width / 2 + 1, height: 20),
                               IntRect(x: g.maxX - 1, y: g.y, width: 5, height: 1),
                               IntRect(x: g.x, y: g.y + 5, width: 2, height: 8),
                               IntRect(x: g.x + 7, y: g.y - 30, width: 3, height: 31)]
                for region in regions {
                    let alpha = image.blurredAlpha(of: source, sigma: sigma, within: region)
                    let rgba = image.blurred(of: source, sigma: sigma, within: region)
                    let area = region.intersection(g)
                    XCTAssertEqual(alpha.bounds, area, "σ \(sigma) source \(source) region \(region)")
                    XCTAssertEqual(rgba.bounds, area, "σ \(sigma) source \(source) region \(region)")
                    for y in area.y..<area.maxY {
                        for x in area.x..<area.maxX {
                            XCTAssertEqual(alpha.value(x: x, y: y), wholeAlpha.value(x: x, y: y), "σ \(sigma) at \(x), \(y)")
                            XCTAssertEqual(rgba.pixel(x: x, y: y), whole.pixel(x: x, y: y), "σ \(sigma) at \(x), \(y)")
                        }
                    }
                }
            }
        }
    }

    /// The trap-free rounding gives what the plain conversion gives, at the boundaries (exact halves and
    /// integers, either side of 0 and 255) and on values like a blur's.
    func testRoundedByteMatchesThePlainConversion() {
        func plain(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }
        var values: [Float] = [-1000, -1, -0.5, -0.25, -0.0, 0, 0.25, 0.49999997, 0.5, 0.50000006, 1, 1.5, 2.5,
                               127.5, 128, 253.5, 254.5, 254.99998, 255, 255.5, 256, 1e6]
        for k in 0...1024 { let f = Float(k) / 4; values += [f, f.nextUp, f.nextDown] }
        var random = SeededRandom(11)
        for _ in 0..<100_000 { values.append(Float(random.next() % 2_600_000) / 10_000 - 1) }
        for v in values { XCTAssertEqual(roundedByte(v), plain(v), "\(v)") }
        var out = [UInt8](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { roundedBytes($0.baseAddress!, into: &out, count: values.count) }
        XCTAssertEqual(out, values.map { UInt8(plain($0)) })
    }
}
