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

    /// `tree` of a scene file written with `text`; the file's path and the run.
    func treeOfFile(_ text: String) throws -> (path: String, result: RenderPreviewsCommandTests.Result) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try Data(text.utf8).write(to: bad)
        return (bad.path, try run(["tree", bad.path]))
    }

    /// A scene file with a bad option: FILE:LINE:COLUMN and the key path.
    func testBadFileNamesLineAndColumn() throws {
        let (path, r) = try treeOfFile("""
        {"kind": "paging",
         "stack": {"like": "blur", "topStackAlphaSpeedFactor": 0}}
        """)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(path):2:56: error: stack.topStackAlphaSpeedFactor: expected a value > 0 (the library divides by it), found 0"), r.stderr)
    }

    // MARK: Snapshot cells

    static func snapshotScene(_ preset: String) -> String {
        repo.appendingPathComponent("Scenes/paging-snapshot-\(preset).json").path
    }

    /// Chess frozen at 103.5 pt: page 1 is at progress 1 − 103.5/414 = 0.75. Its pieces are 52.992 × 50.248
    /// (a fifth by a tenth of 264.96 × 502.48). Piece row 0, column 4: columnBasedMirror over 5 columns gives
    /// 2 for column 4, so translation (−1, 1) × 2 × 0.75 = (−1.5, 1.5) of the piece scaled by 1 − 0.5 × 0.75 =
    /// 0.625 (33.12 × 31.405): (−49.68, 47.1075); alpha 1 − (0.4 × 2) × 0.75 = 0.4; corner
    /// 0.5 × 0.75 × 31.405 = 11.776875. Column 2 (the middle) does not move and keeps alpha 1.
    func testTreeNamesEveryPieceWithTheLibrarysValues() throws {
        let r = try run(["tree", Self.snapshotScene("chess"), "--set", "contentOffset=103.5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let root = json["root"] as! [String: Any]
        let corner = try XCTUnwrap(find(root, "page-1-piece-0-4"))
        let t = corner["transform"] as! [Double]
        XCTAssertEqual(t[0], 0.625, accuracy: 1e-12)
        XCTAssertEqual(t[12], -49.68, accuracy: 1e-9)
        XCTAssertEqual(t[13], 47.1075, accuracy: 1e-9)
        XCTAssertEqual(corner["opacity"] as! Double, 0.4, accuracy: 1e-12)
        XCTAssertEqual(corner["cornerRadius"] as! Double, 11.776875, accuracy: 1e-9)
        XCTAssertEqual((corner["contents"] as? [String: Any])?["snapshot"] as? String, "page-1")
        let middle = try XCTUnwrap(find(root, "page-1-piece-9-2"))
        XCTAssertEqual((middle["transform"] as! [Double])[12], 0, accuracy: 1e-12)
        XCTAssertNil(middle["opacity"], "alpha 1 is the default and not written")
        // The snapshot sources are written beside the root, by name, and read back.
        let snapshots = try XCTUnwrap(json["snapshots"] as? [[String: Any]])
        XCTAssertTrue(snapshots.contains { $0["name"] as? String == "page-1" })
    }

    /// Bad snapshot options: a piece size of 0 or below, more than 10,000 pieces, an empty aggregate, an
    /// aggregate nested too deep: each names its key path, exit 2, before anything is cut.
    func testBadSnapshotOptions() throws {
        let scene = Self.snapshotScene("grid")
        let zero = try run(["tree", scene, "--set", "snapshot.pieceSizeRatio=[0, 0.5]"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertTrue(zero.stderr.contains("--set snapshot.pieceSizeRatio[0]: expected a share of the card in (0, 1], found 0"), zero.stderr)
        let negative = try run(["tree", scene, "--set", "snapshot.pieceSizeRatio=[0.5, -1]"])
        XCTAssertEqual(negative.status, 2)
        XCTAssertTrue(negative.stderr.contains("snapshot.pieceSizeRatio[1]"), negative.stderr)
        let many = try run(["tree", scene, "--set", "snapshot.pieceSizeRatio=[0.001, 0.002]"])
        XCTAssertEqual(many.status, 2)
        XCTAssertTrue(many.stderr.contains("snapshot.pieceSizeRatio: expected at most 10000 pieces, found about 1000 × 500"), many.stderr)
        let empty = try run(["tree", scene, "--set", "snapshot.piecesAlphaRatio={\"sum\": []}"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("snapshot.piecesAlphaRatio.sum: expected at least one pieces value"), empty.stderr)
        var deep = "0.1"
        for _ in 0..<12 { deep = "{\"sum\": [\(deep)]}" }
        let nested = try run(["tree", scene, "--set", "snapshot.piecesAlphaRatio=\(deep)"])
        XCTAssertEqual(nested.status, 2)
        XCTAssertTrue(nested.stderr.contains("expected pieces values nested at most 8 deep"), nested.stderr)
        // 80 × 80 pieces a card (and a sliver row: 6,480) are allowed, but not on 20 cards together (every card
        // off its page is cut in every frame).
        let cards = "[" + (0..<20).map { _ in #"{"title": "A"}"# }.joined(separator: ", ") + "]"
        let crowd = try run(["tree", scene, "--set", "cards=\(cards)", "--set", "snapshot.pieceSizeRatio=[0.0125, 0.0125]"])
        XCTAssertEqual(crowd.status, 2)
        XCTAssertTrue(crowd.stderr.contains("expected at most 100000 pieces in all (pieces per card × 20 cards), found 1"), crowd.stderr)
        let both = try run(["tree", scene, "--set", "scale=cylinder"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("cannot be combined"), both.stderr)
    }

    /// In a file: FILE:LINE:COLUMN of the offending value.
    func testBadSnapshotFileNamesLineAndColumn() throws {
        let (path, r) = try treeOfFile("""
        {"kind": "paging",
         "snapshot": {"like": "bars", "piecesScaleRatio": {"columnBasedCustom": []}}}
        """)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(path):2:73: error: snapshot.piecesScaleRatio.columnBasedCustom: expected at least one ratio"), r.stderr)
    }
}
