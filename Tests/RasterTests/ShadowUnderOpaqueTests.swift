import XCTest
@testable import Raster
import TestSupport

final class ShadowUnderOpaqueTests: XCTestCase {
    /// A shadow's coverage cleared where the group drawn over it is opaque leaves the same pixels as the
    /// whole shadow once the group is composited: opaque group pixels replace whatever was below.
    func testClearingCoverageUnderOpaquePixelsChangesNoPixel() {
        var random = SeededRandom(5)
        func next() -> UInt32 { random.next() }
        var group = Pixmap(bounds: IntRect(x: 7, y: 3, width: 23, height: 17))
        for i in 0..<group.pixels.count {
            // Opaque, translucent and transparent pixels.
            let a: UInt32 = [255, 255, 254, 128, 0][Int(next() % 5)]
            group.pixels[i] = a == 0 ? 0 : (next() % (a + 1)) | (next() % (a + 1)) << 8 | (next() % (a + 1)) << 16 | a << 24
        }
        var shadow = Mask(bounds: IntRect(x: 2, y: 6, width: 31, height: 19))
        for i in 0..<shadow.data.count { shadow.data[i] = UInt8(truncatingIfNeeded: next()) }
        var background = Pixmap(width: 40, height: 30)
        for i in 0..<background.pixels.count { background.pixels[i] = 0xFF00_0000 | next() & 0xFF_FFFF }
        let color = PremultipliedColor(red: 0, green: 0.1, blue: 0.3, alpha: 0.6)
        var whole = background, cleared = background
        whole.fill(shadow, color: color)
        whole.composite(group)
        var hidden = shadow
        hidden.clear(whereOpaque: group)
        XCTAssertNotEqual(hidden.data, shadow.data)
        cleared.fill(hidden, color: color)
        cleared.composite(group)
        XCTAssertEqual(cleared.pixels, whole.pixels)
    }
}
