import Foundation
import XCTest

/// The paging kind from the outside: `tree --set contentOffset=X` shows the library's transform on `page-N`,
/// and bad options are reported with their place and key path, exit 2.
final class PagingCommandTests: XCTestCase {
    static let repo = RenderPreviewsCommandTests.repo
    static let coverflow = repo.appendingPathComponent("Scenes/paging-scale-coverflow.json").path
    static let vortex = repo.appendingPathComponent("Scenes/paging-stack-vortex.json").path

    func run(_ arguments: [String]) throws -> RenderPreviewsCommandTests.Result { try RenderPreviewsCommandTests.run(arguments) }

    func find(_ layer: [String: Any], _ name: String) -> [String: Any]? {
        if layer["name"] as? String == name { return layer }
        for s in layer["sublayers"] as? [[String: Any]] ?? [] { if let f = find(s, name) { return f } }
        return nil
    }

    /// Cover flow frozen at 207 pt: item 1 is at progress 1 − 207/414 = 0.5. By the library's formulas
    /// (ScaleTransformViewOptions.layout(.coverFlow)): scale 0.7; rotation angle θ = π/1.65 × 0.5 ≈ 0.952, inside
    /// ±π/3, about (0, −1, 0) with m34 −0.0005; then translation3d x = 0.1 × 0.5 × 264.96 = 13.248 (within ±0.1 w),
    /// z = −0.7 × 0.5 × 264.96 = −92.736 (within −3 w...0). The matrix is T(x, 0, z) · R · [0.7 affine with m34].
    func testTreeShowsTheLibrarysTransformOnPageN() throws {
        let r = try run(["tree", Self.coverflow, "--set", "contentOffset=207"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let page = try XCTUnwrap(find(json["root"] as! [String: Any], "page-1"))
        let bounds = page["bounds"] as! [Double]
        XCTAssertEqual(bounds[2], 264.96, accuracy: 1e-9)
        XCTAssertEqual(bounds[3], 502.48, accuracy: 1e-9)
        let t = page["transform"] as! [Double]
        // R about (0, −1, 0) by θ is CATransform3DMakeRotation(θ, 0, −1, 0): m11 = cos θ, m13 = sin θ,
        // m31 = −sin θ, m33 = cos θ. Multiplied by the affine scale with m34 (row vectors, R first):
        // row 1 = (0.7 cos θ, 0, sin θ · 1, sin θ · m34); row 3 = (−0.7 sin θ, 0, cos θ, cos θ · m34).
        // The translation row is (x, 0, z, 1) times those rows: (0.7 (x cos θ − z sin θ), 0, x sin θ + z cos θ,
        // 1 + (x sin θ + z cos θ) m34).
        let theta = Double.pi / 1.65 * 0.5
        let c = cos(theta), s = sin(theta), m34 = -0.0005
        let x = 13.248, z = -92.736
        let expected: [Double] = [
            0.7 * c, 0, s, s * m34,
            0, 0.7, 0, 0,
            -0.7 * s, 0, c, c * m34,
            0.7 * (x * c - z * s), 0, x * s + z * c, 1 + (x * s + z * c) * m34,
        ]
        for (i, (a, b)) in zip(t, expected).enumerated() { XCTAssertEqual(a, b, accuracy: 1e-9, "m\(i / 4 + 1)\(i % 4 + 1)") }
        XCTAssertEqual(page["doubleSided"] as? Bool, false)
    }

    /// A nested key set alone changes only that key of the preset's value: the cylinder's rotation keeps its
    /// axis and m34 (−0.00056) when only its angle is set. Page 0 with the scroll on page 1 is at progress −1, so
    /// the angle is −0.5 about the preset's y axis: m13 = sin 0.5 and m14 = m13 · m34.
    func testANestedKeyKeepsThePresetsOtherValues() throws {
        let r = try run(["tree", Self.coverflow, "--set", "scale=cylinder", "--set", "scale.rotation3d.angle=0.5", "--set", "contentOffset=414"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let t = try XCTUnwrap(find(json["root"] as! [String: Any], "page-0"))["transform"] as! [Double]
        XCTAssertEqual(t[2], sin(-0.5) * -1, accuracy: 1e-12, "sin of the new angle, about the preset's y axis")
        XCTAssertEqual(t[3] / t[2], -0.0004 - 0.8 * 0.0002, accuracy: 1e-12, "the preset's m34")
    }

    func testBadOptionsAreNamedWithTheirPlace() throws {
        let unknownPreset = try run(["tree", Self.vortex, "--set", "stack=vortx"])
        XCTAssertEqual(unknownPreset.status, 2)
        XCTAssertTrue(unknownPreset.stderr.contains("--set stack: "), unknownPreset.stderr)
        XCTAssertTrue(unknownPreset.stderr.contains("did you mean \"vortex\"") || unknownPreset.stderr.contains("vortex"), unknownPreset.stderr)

        let unknownOption = try run(["tree", Self.vortex, "--set", "stack.maxStackSise=3"])
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertTrue(unknownOption.stderr.contains("did you mean 'maxStackSize'?"), unknownOption.stderr)

        let negative = try run(["tree", Self.vortex, "--set", "stack.maxStackSize=-2"])
        XCTAssertEqual(negative.status, 2)
        XCTAssertTrue(negative.stderr.contains("--set stack.maxStackSize: expected a value >= 0, found -2"), negative.stderr)
        let zero = try run(["tree", Self.vortex, "--set", "stack.maxStackSize=0"])
        XCTAssertTrue(zero.stderr.contains("--set stack.maxStackSize: expected a whole number in 1...1000 (the library divides by it), found 0"), zero.stderr)

        let nan = try run(["tree", Self.coverflow, "--set", "scale.rotation3d.angle=NaN"])
        XCTAssertEqual(nan.status, 2)
        XCTAssertTrue(nan.stderr.contains("--set scale.rotation3d.angle: expected a number"), nan.stderr)

        let both = try run(["tree", Self.coverflow, "--set", "stack=vortex"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("'stack' cannot be combined with 'scale'"), both.stderr)
    }

    /// A scene file with a bad option: FILE:LINE:COLUMN and the key path.
    func testBadFileNamesLineAndColumn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try Data("""
        {"kind": "paging",
         "stack": {"like": "blur", "topStackAlphaSpeedFactor": 0}}
        """.utf8).write(to: bad)
        let r = try run(["tree", bad.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(bad.path):2:56: stack.topStackAlphaSpeedFactor: expected a value > 0 (the library divides by it), found 0"), r.stderr)
    }
}
