import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
import XCTest
@testable import Artwork

/// The bundled artwork through the compositor. `ARTWORK_RENDER_DIR=/some/dir swift test --filter
/// ArtworkRenderTests` also writes every asset at 3x there, to compare with `pdftoppm -png -r 216`.
final class ArtworkRenderTests: XCTestCase {
    static func render(_ art: VectorArtwork, scale: Double = 3) throws -> Pixmap {
        var layer = Layer(frame: Rect(0, 0, art.size.width, art.size.height))
        layer.contents = .shapes(art.shapes)
        var renderer = LayerRenderer()
        return try renderer.render(LayerScene(canvas: Canvas(width: art.size.width, height: art.size.height, scale: scale,
                                                            background: .white), root: layer))
    }

    func testEveryBundledAssetLoadsAndDrawsSomething() throws {
        let dir = ProcessInfo.processInfo.environment["ARTWORK_RENDER_DIR"]
        for asset in VectorArtwork.assets {
            let art = try VectorArtwork.named(asset.name)
            XCTAssertGreaterThan(art.size.width, 0, asset.name)
            XCTAssertFalse(art.shapes.isEmpty, asset.name)
            XCTAssertEqual(art.skipped, [], asset.name)
            if let dir {
                // White-on-clear icons (the buttons) show only tinted: ARTWORK_RENDER_TINT=1 draws all black.
                let shown = ProcessInfo.processInfo.environment["ARTWORK_RENDER_TINT"] == nil ? art : art.tinted(with: .black)
                let png = try PNGCodec.encode(try Self.render(shown))
                _ = FileManager.default.createFile(atPath: "\(dir)/\(asset.name).png", contents: Data(png))
                print("\(asset.name): \(art.size.width)x\(art.size.height) pt, \(art.shapes.count) shapes, skipped: \(art.skipped)")
            }
        }
    }
}

/// Our 3x renders of a few assets beside poppler's (`pdftoppm -png -r 216`, committed in __Snapshots__):
/// the same shapes, colors and alpha; only anti-aliasing differs, along edges.
final class ArtworkFidelityTests: XCTestCase {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// `loose`: share of pixels allowed to differ by more than 48 levels; `anyDifference`: by more than 2.
    func assertMatchesPoppler(_ name: String, loose looseShare: Double = 0.002, anyDifference: Double = 0.12,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let ours = try ArtworkRenderTests.render(try VectorArtwork.named(name))
        let data = try Data(contentsOf: Self.references.appendingPathComponent("\(name)-pdftoppm-216dpi.png"))
        let reference = try PNGCodec.decode([UInt8](data))
        let loose = PixelDifference(expected: reference, actual: ours, tolerance: 48)
        let any = PixelDifference(expected: reference, actual: ours, tolerance: 2)
        XCTAssertTrue(loose.sameSize, "\(name): \(ours.width)x\(ours.height) vs \(reference.width)x\(reference.height)", file: file, line: line)
        // Edge pixels differ by a few levels; a wrong shape, color or alpha would differ over whole areas.
        XCTAssertLessThan(Double(loose.differingPixels) / Double(loose.totalPixels), looseShare, "\(name): \(loose.summary)", file: file, line: line)
        XCTAssertLessThan(Double(any.differingPixels) / Double(any.totalPixels), anyDifference, "\(name): \(any.summary)", file: file, line: line)
    }

    func testScaleCylinderMatchesPoppler() throws { try assertMatchesPoppler("scale_cylinder") }
    /// Alpha from ExtGState /ca.
    func testStackTransparentMatchesPoppler() throws { try assertMatchesPoppler("stack_transparent") }
    /// Strokes with square caps inside transparency-group form XObjects.
    func testSnapshotLinesMatchesPoppler() throws { try assertMatchesPoppler("snapshot_lines") }
    /// Blurred 8-bit images with soft masks, drawn as nested alpha levels.
    func testScaleBlurMatchesPoppler() throws { try assertMatchesPoppler("scale_blur", anyDifference: 0.5) }
    /// An axial shading drawn as bands.
    func testSnapshotFadeMatchesPoppler() throws { try assertMatchesPoppler("snapshot_fade", loose: 0.01) }
}
