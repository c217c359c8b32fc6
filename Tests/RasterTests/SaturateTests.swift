import XCTest
@testable import Raster
import TestSupport

final class SaturateTests: XCTestCase {
    /// The remembered conversions (runs and the direct-mapped table) give what converting every pixel
    /// gives: many colors (table collisions), runs, repeats far apart, transparent and odd pixels.
    func testRememberedColorsMatchConvertingEveryPixel() {
        var random = SeededRandom(11)
        func next() -> UInt32 { random.next() }
        var px = Pixmap(bounds: IntRect(x: 0, y: 0, width: 211, height: 97))
        var palette: [UInt32] = []
        for _ in 0..<3000 {
            let a = next() % 256
            palette.append((next() % (a + 1)) | (next() % (a + 1)) << 8 | (next() % (a + 1)) << 16 | a << 24)
        }
        palette += [0, 0x0000_0012, 0xFF80_8080, 0xFFFF_FFFF]
        var i = 0
        while i < px.pixels.count {
            // Runs of one color, colors drawn again and again, and fresh ones.
            let c = next() % 4 == 0 ? next() : palette[Int(next()) % palette.count]
            for _ in 0..<Int(1 + next() % 5) where i < px.pixels.count { px.pixels[i] = c; i += 1 }
        }
        for factor: Float in [0, 0.5, 1, 1.8, -2, 64, 200] {
            var fast = px, plain = px
            fast.saturate(factor)
            plain.saturateEachPixel(factor)
            XCTAssertEqual(fast.pixels, plain.pixels, "factor \(factor)")
        }
    }
}
