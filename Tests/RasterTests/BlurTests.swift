import XCTest
@testable import Raster

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
}
