import Geometry
import SceneSchema
import LayerTree
import XCTest
@testable import BuiltInKinds
@testable import Models

/// SnapshotTransformViewOptions on the Shapes card (264.96 × 502.48 pt), against numbers worked by hand from the
/// library's formulas (Lib/Snapshot/SnapshotTransformView.swift, SnapshotContainerView.swift,
/// SnapshotTransformViewOptions.PiecesValue.swift); each test shows its arithmetic.
final class SnapshotPiecesTests: XCTestCase {
    static let card = Size(264.96, 502.48)

    func position(_ index: Int, _ rows: Int, _ columns: Int) -> PiecePosition {
        PiecePosition(index: index, row: index / columns, column: index % columns, rowCount: rows, columnCount: columns)
    }

    /// Mirror values are the distance from the middle, signed: 4 columns give −1.5, −0.5, 0.5, 1.5; 5 give
    /// −2, −1, 0, 1, 2. Reversed, the library takes index' = middle − index after folding: for 4 columns the
    /// folded indices 2, 1, 1, 2 become 0, 1, 1, 0, minus 0.5 and signed by side: 0.5, −0.5, 0.5, −0.5 (the
    /// two outer columns trade places with the inner ones, which is what the library computes).
    func testMirrorIsTheSignedDistanceFromTheMiddle() {
        let four = (0..<4).map { PiecesValue<Double>.columnBasedMirror(1, reversed: false).ratio(at: position($0, 1, 4)) }
        XCTAssertEqual(four, [-1.5, -0.5, 0.5, 1.5])
        let five = (0..<5).map { PiecesValue<Double>.columnBasedMirror(2, reversed: false).ratio(at: position($0, 1, 5)) }
        XCTAssertEqual(five, [-4, -2, 0, 2, 4])
        let reversed = (0..<4).map { PiecesValue<Double>.columnBasedMirror(1, reversed: true).ratio(at: position($0, 1, 4)) }
        XCTAssertEqual(reversed, [0.5, -0.5, 0.5, -0.5])
        let rows = (0..<3).map { PiecesValue<Double>.rowBasedMirror(1, reversed: false).ratio(at: position($0 * 2, 3, 2)) }
        XCTAssertEqual(rows, [-1, 0, 1])
    }

    /// Based: ratio × index (reversed: × (count − index − 1)); odd/even picks by parity, `increasing`
    /// multiplies by the index; custom lists wrap around; aggregates sum or multiply component-wise.
    func testTheOtherPiecesValues() {
        let p = position(7, 4, 3)  // row 2, column 1
        XCTAssertEqual(PiecesValue<Double>.rowBased(0.1, reversed: false).ratio(at: p), 0.2, accuracy: 1e-12)
        XCTAssertEqual(PiecesValue<Double>.rowBased(0.1, reversed: true).ratio(at: p), 0.1, accuracy: 1e-12)
        XCTAssertEqual(PiecesValue<Double>.columnBased(3, reversed: false).ratio(at: p), 3)
        XCTAssertEqual(PiecesValue<Double>.rowOddEven(odd: 5, even: 7, increasing: false).ratio(at: p), 7)
        XCTAssertEqual(PiecesValue<Double>.columnOddEven(odd: 5, even: 7, increasing: true).ratio(at: p), 5)
        XCTAssertEqual(PiecesValue<Double>.rowOddEven(odd: 5, even: 7, increasing: true).ratio(at: p), 14)
        XCTAssertEqual(PiecesValue<Double>.indexBasedCustom([1, 2, 3]).ratio(at: p), 2)
        XCTAssertEqual(PiecesValue<Double>.rowBasedCustom([1, 2, 3]).ratio(at: p), 3)
        XCTAssertEqual(PiecesValue<Double>.columnBasedCustom([4, 5]).ratio(at: p), 5)
        // Space's translation: rowMirror (1, −1) × columnMirror (−1, 1), component-wise. For 4 rows and 3
        // columns, row 2 is +0.5 and column 1 (the middle of three) is 0: the product is (0, −0).
        let space = SnapshotOptions.preset(.space).piecesTranslationRatio
        XCTAssertEqual(space.ratio(at: p), Point(0, 0))
        // Row 0, column 0: (1, −1) × −1.5 = (−1.5, 1.5) and (−1, 1) × −1 = (1, −1); product (−1.5, −1.5).
        XCTAssertEqual(space.ratio(at: position(0, 4, 3)), Point(-1.5, -1.5))
        // Grid's translation sums rowMirror (0, −1.8) and columnMirror (−1.8, 0): 10 rows and 4 columns, row 0
        // is −4.5 and column 3 is 1.5, so (0, 8.1) + (−2.7, 0).
        let grid = SnapshotOptions.preset(.grid).piecesTranslationRatio.ratio(at: position(3, 10, 4))
        XCTAssertEqual(grid.x, -2.7, accuracy: 1e-12)
        XCTAssertEqual(grid.y, 8.1, accuracy: 1e-12)
    }

    /// The cut: a quarter of 264.96 is 66.24 wide, a tenth of 502.48 is 50.248000000000005 in floating point.
    /// Ten of those added one by one end a hair under 502.48, so the loop cuts an eleventh row 5.7e-14 tall, as
    /// the library's would: 44 frames, 4 per row. The positions' counts come from Int(1 / ratio):
    /// 4 columns and 10 rows.
    func testTheGridCutMatchesTheLibrarysLoop() throws {
        let o = SnapshotOptions.preset(.grid)
        let frames = try XCTUnwrap(o.pieceFrames(cardSize: Self.card))
        XCTAssertEqual(frames.count, 44)
        XCTAssertEqual(frames[1], Rect(66.24, 0, 66.24, 50.248000000000005))
        XCTAssertEqual(frames[40].height, 5.684341886080802e-14, accuracy: 1e-20)
        XCTAssertTrue(o.gridCounts == (rows: 10, columns: 4))
        // Space: thirds of 264.96 sum to exactly 264.96 and quarters of 502.48 to 502.48: 12 pieces, no sliver.
        XCTAssertEqual(SnapshotOptions.preset(.space).pieceFrames(cardSize: Self.card)?.count, 12)
        // Past the limit there is no cut at all (the scene format refuses such a ratio).
        var fine = SnapshotOptions()
        fine.pieceSizeRatio = Point(0.001, 0.001)
        XCTAssertNil(fine.pieceFrames(cardSize: Self.card))
        fine.pieceSizeRatio = Point(0, 0.5)
        XCTAssertNil(fine.pieceFrames(cardSize: Self.card))
    }

    /// Grid at progress 0.5, piece row 0 column 3 (66.24 × 50.248):
    /// scale = 1 − 0.5 × 0.8 = 0.6 both ways, so the scaled frame is 39.744 × 30.1488;
    /// translation = (−2.7, 8.1) × 0.5 × (39.744, 30.1488) = (−53.6544, 122.10264);
    /// corner radius = 1 × 0.5 × min(30.1488, 39.744) = 15.0744; alpha = 1 − 0 = 1.
    /// Container: scale = 1 − 0.5 × 0.1 = 0.95, tx = 0.5 × (264.96 × 0.95) × 0.7 = 88.0992, ty = 0.
    func testGridAtHalfProgress() {
        let o = SnapshotOptions.preset(.grid)
        let t = o.piece(position(3, 10, 4), size: Size(66.24, 50.248), progress: 0.5)
        XCTAssertEqual(t.scale.x, 0.6, accuracy: 1e-12)
        XCTAssertEqual(t.scale.y, 0.6, accuracy: 1e-12)
        XCTAssertEqual(t.translation.x, -53.6544, accuracy: 1e-9)
        XCTAssertEqual(t.translation.y, 122.10264, accuracy: 1e-9)
        XCTAssertEqual(t.cornerRadius, 15.0744, accuracy: 1e-9)
        XCTAssertEqual(t.alpha, 1)
        let c = o.container(progress: 0.5, size: Self.card)
        XCTAssertEqual(c.scale.x, 0.95, accuracy: 1e-12)
        XCTAssertEqual(c.translation.x, 88.0992, accuracy: 1e-9)
        XCTAssertEqual(c.translation.y, 0)
        // The layer transform scales, then translates: m11 = sx, m41 = tx.
        let m = t.transform
        XCTAssertEqual(m.m11, 0.6, accuracy: 1e-12)
        XCTAssertEqual(m.m41, -53.6544, accuracy: 1e-9)
        XCTAssertEqual(m.m42, 122.10264, accuracy: 1e-9)
    }

    /// Progress −0.8 (leaving to the left) takes |progress| for the pieces and the sign for the container.
    /// Fade, row 2 of 10 (a 264.96 × 50.248 strip): rowBased alpha 0.1 × 2 × 0.8 → alpha 0.84;
    /// rowBasedMirror scale (0.05, 0.1) × −2.5 (row 2 of 10: index 5 − 2 = 3, minus 0.5 = 2.5, before the middle: −2.5)
    /// → (−0.125, −0.25) × 0.8 = (−0.1, −0.2), so scale (1.1, 1.2) and the scaled frame 291.456 × 60.2976;
    /// translation (0, 0.1) × −2.5 × 0.8 = (0, −0.2) × 60.2976 = −12.05952; corner 0.1 × 0.8 × 60.2976 = 4.823808.
    /// Container: scale 1 − 0.8 × 0.7 = 0.44; tx = −0.8 × (264.96 × 0.44) × 1.9 = −177.205248.
    func testFadeLeavingToTheLeft() {
        let o = SnapshotOptions.preset(.fade)
        let t = o.piece(position(2, 10, 1), size: Size(264.96, 50.248), progress: -0.8)
        XCTAssertEqual(t.alpha, 0.84, accuracy: 1e-12)
        XCTAssertEqual(t.scale.x, 1.1, accuracy: 1e-12)
        XCTAssertEqual(t.scale.y, 1.2, accuracy: 1e-12)
        XCTAssertEqual(t.translation.x, 0, accuracy: 1e-12)
        XCTAssertEqual(t.translation.y, -12.05952, accuracy: 1e-9)
        XCTAssertEqual(t.cornerRadius, 4.823808, accuracy: 1e-9)
        let c = o.container(progress: -0.8, size: Self.card)
        XCTAssertEqual(c.scale.x, 0.44, accuracy: 1e-12)
        XCTAssertEqual(c.translation.x, -177.205248, accuracy: 1e-9)
    }

    /// The library's container minimum sets y from the x translation (and measures it on the width).
    func testTheContainerMinimumKeepsTheLibrarysSlip() {
        var o = SnapshotOptions()
        o.containerScaleRatio = 0
        o.containerTranslationRatio = Point(1, 0)
        o.containerMinTranslationRatio = Point(-0.5, -2)
        // progress 0.25: tx = 0.25 × 264.96 = 66.24; ty = max(66.24, 264.96 × −2) = 66.24.
        let c = o.container(progress: 0.25, size: Self.card)
        XCTAssertEqual(c.translation.x, 66.24, accuracy: 1e-9)
        XCTAssertEqual(c.translation.y, 66.24, accuracy: 1e-9)
    }

    /// On the screen: off its page a card becomes a snapshot and a container of pieces named by their row and
    /// column in the cut; at progress 0 the card itself is shown and no snapshot is made. Every card is in the
    /// layout's window (numberOfVisibleItems is nil in the sample).
    func testTheScreenShowsPiecesOffThePageOnly() throws {
        var settings = PagingKind.Settings()
        settings.snapshot = PresetValue(like: "tiles", value: .preset(.tiles))
        settings.contentOffset = 0
        let still = settings.scene.animation().frame(at: 0)
        XCTAssertEqual(Set(still.snapshots.keys), Set((1..<8).map { "page-\($0)" }))
        settings.contentOffset = 207
        let moving = settings.scene.animation().frame(at: 0)
        XCTAssertEqual(Set(moving.snapshots.keys), Set((0..<8).map { "page-\($0)" }))
        func find(_ l: Layer, _ name: String) -> Layer? {
            if l.name == name { return l }
            for s in l.sublayers { if let f = find(s, name) { return f } }
            return nil
        }
        // Tiles at progress 0.5 (page 1): row 3 is odd, so x = −0.4 × 0.5 × (264.96 × 1) = −52.992; scale
        // (1, 1 − 0.1 × 0.5) = (1, 0.95); alpha 1 − 0.4 × 0.5 = 0.8. Its contentsRect is its strip of the card.
        let piece = try XCTUnwrap(find(moving.root, "page-1-piece-3-0"))
        XCTAssertEqual(piece.contents, .snapshot("page-1"))
        XCTAssertEqual(piece.transform.m41, -52.992, accuracy: 1e-9)
        XCTAssertEqual(piece.transform.m22, 0.95, accuracy: 1e-12)
        XCTAssertEqual(piece.opacity, 0.8, accuracy: 1e-12)
        XCTAssertEqual(piece.contentsRect.minY, 0.3, accuracy: 1e-12)
        XCTAssertEqual(piece.contentsRect.height, 0.1, accuracy: 1e-12)
        XCTAssertNil(find(moving.root, "page-1"), "the card is moved out of sight while its pieces show")
        // The sliver row left by the float sums is numbered but not drawn.
        XCTAssertNil(find(moving.root, "page-1-piece-10-0"))
        XCTAssertNotNil(find(moving.root, "page-1-piece-9-0"))
    }
}
