@testable import Encoders
import TestSupport
import XCTest

/// The change search finds each row's changed span from its classes, eight at a time, after classing the
/// row: the same span as looking at each pixel.
final class ChangedSpanTests: XCTestCase {
    func testSpanMatchesAPlainScan() {
        var random = SeededRandom(5)
        let kinds = [GIFPixelChange.same, GIFPixelChange.close, GIFPixelChange.changed]
        for width in 1...41 {
            for _ in 0..<60 {
                // Mostly unchanged rows with a few changed pixels, some rows with none, some with many.
                let density = Int(random.next() % 4)
                var row = (0..<width).map { _ -> UInt8 in
                    let r = Int(random.next() % 16)
                    return r < density ? GIFPixelChange.changed : kinds[r % 2]
                }
                let expected: (Int, Int) = {
                    guard let first = row.firstIndex(of: GIFPixelChange.changed) else { return (-1, -1) }
                    return (first, row.lastIndex(of: GIFPixelChange.changed)!)
                }()
                let found = row.withUnsafeMutableBufferPointer { GIFChange.changedSpan($0.baseAddress!, width: width) }
                XCTAssertTrue(found == expected, "width \(width), row \(row): \(found) instead of \(expected)")
            }
        }
    }
}
