import Compositor
import Geometry
import LayerTree
import Raster
import XCTest

/// Damage tracking: the region two frames' renders can differ in, and a frame redrawn only there over the
/// previous one, which must equal the frame drawn whole, bit for bit.
final class DamageTests: XCTestCase {
    let canvas = Canvas(width: 120, height: 80, scale: 2, background: .white)

    func scene(_ layers: [Layer], snapshots: [String: Layer] = [:]) -> LayerScene {
        var root = Layer(name: "root", frame: Rect(0, 0, 120, 80))
        root.sublayers = layers
        return LayerScene(canvas: canvas, root: root, snapshots: snapshots)
    }

    /// Renders `frames` in order, each over the one before, and checks every one against its whole render;
    /// returns the redrawn rectangles.
    @discardableResult
    func assertIncrementalMatchesWhole(_ frames: [LayerScene], file: StaticString = #filePath, line: UInt = #line) throws -> [IntRect?] {
        var incremental = LayerRenderer(), whole = LayerRenderer()
        var previous: (scene: LayerScene, image: Pixmap)? = nil
        var damages: [IntRect?] = []
        for (i, frame) in frames.enumerated() {
            let (image, damage) = try incremental.render(frame, over: previous)
            let expected = try whole.render(frame)
            let differing = zip(image.pixels, expected.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(i): \(differing) pixels differ (redrawn \(String(describing: damage)))", file: file, line: line)
            damages.append(damage)
            previous = (frame, image)
        }
        return damages
    }

    func testUnchangedFrameRedrawsNothing() throws {
        let a = scene([solid(Rect(10, 10, 20, 20), .red)])
        XCTAssertNil(FrameDamage.region(from: a, to: a))
        let damages = try assertIncrementalMatchesWhole([a, a])
        XCTAssertNil(damages[1])
    }

    /// A layer that moves damages where it was and where it is, in pixels (2x), and nothing else.
    func testMovedLayerDamagesOldAndNewBounds() throws {
        let a = scene([solid(Rect(10, 10, 20, 20), .red), solid(Rect(80, 40, 20, 20), .blue)])
        let b = scene([solid(Rect(14, 10, 20, 20), .red), solid(Rect(80, 40, 20, 20), .blue)])
        XCTAssertEqual(FrameDamage.region(from: a, to: b), IntRect(x: 20, y: 20, width: 48, height: 40))
        try assertIncrementalMatchesWhole([a, b])
    }

    /// A change inside a layer that casts a shadow changes the shadow too: the damage grows by the offset and
    /// the blur, and the redrawn frame matches (the shadow's blur reads across the window's edge).
    func testChangeInsideShadowedLayerMovesItsShadow() throws {
        func frame(_ dotX: Double) -> LayerScene {
            // No background: the shadow is the dot's, and moves with it.
            var card = Layer(name: "card", frame: Rect(20, 20, 60, 40))
            card.shadowOpacity = 0.8
            card.shadowRadius = 6
            card.shadowOffset = Point(0, 5)
            var dot = solid(Rect(dotX, 10, 10, 10), .red)
            dot.cornerRadius = 5
            card.sublayers = [dot]
            card.cornerRadius = 8
            return scene([card])
        }
        let damage = try XCTUnwrap(FrameDamage.region(from: frame(10), to: frame(30)))
        // The dot's own bounds at 2x: x 60...100 + 40 of card offset, y 60...80; the shadow adds 5 pt down and
        // 3 × 6 pt + 2 px of blur around.
        XCTAssertLessThanOrEqual(damage.x, 60 - 36)
        XCTAssertGreaterThanOrEqual(damage.maxY, 80 + 10 + 36)
        try assertIncrementalMatchesWhole([frame(10), frame(30), frame(31.3), frame(45)])
    }

    /// A backdrop that reads a changed pixel is redrawn with everything it reads.
    func testBackdropReadingAChangeIsRedrawnWhole() throws {
        func frame(_ x: Double) -> LayerScene {
            var glass = Layer(name: "glass", frame: Rect(30, 20, 60, 40))
            glass.backdrop = BackdropEffect(blurRadius: 8, saturation: 1.5, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3))
            glass.cornerRadius = 10
            return scene([solid(Rect(x, 30, 12, 12), .blue), glass, solid(Rect(100, 60, 10, 10), .green)])
        }
        let damage = try XCTUnwrap(FrameDamage.region(from: frame(10), to: frame(12)))
        // The glass covers x 60...180 px and reads 3σ beyond; the change at x 20...48 px reaches into that.
        XCTAssertGreaterThanOrEqual(damage.maxX, 180)
        try assertIncrementalMatchesWhole([frame(10), frame(12), frame(13.5), frame(40)])
    }

    /// Group opacity, a rounded mask, a perspective turn and a gradient: each changing frame matches.
    func testGroupsMasksAndPerspective() throws {
        func frame(_ t: Double) -> LayerScene {
            var group = solid(Rect(10, 10, 70, 50), .gray)
            group.opacity = 0.6
            group.cornerRadius = 12
            group.masksToBounds = true
            var inner = solid(Rect(-10 + 40 * t, 10, 30, 30), .red)
            inner.transform = Transform3D.rotation(t, 0, 1, 0).concatenating(.perspective(eyeDistance: 300))
            group.sublayers = [inner, solid(Rect(40, 30, 20, 10), .yellow)]
            var gradient = Layer(name: "gradient", frame: Rect(85, 5 + 10 * t, 30, 60))
            gradient.contents = .gradient(LayerTree.LinearGradient(colors: [.blue, .green], startPoint: Point(0, 0), endPoint: Point(1, 1)))
            return scene([group, gradient])
        }
        try assertIncrementalMatchesWhole(stride(from: 0.0, through: 1.0, by: 0.125).map(frame))
    }

    /// A layer showing a snapshot is damaged when the snapshot's source changes, though the layer does not.
    func testChangedSnapshotSourceDamagesItsViewers() throws {
        func frame(_ color: Color) -> LayerScene {
            var piece = Layer(name: "piece", frame: Rect(60, 20, 40, 40))
            piece.contents = .snapshot("card")
            piece.contentsRect = Rect(0, 0, 0.5, 1)
            return scene([piece], snapshots: ["card": solid(Rect(0, 0, 40, 40), color)])
        }
        XCTAssertEqual(FrameDamage.region(from: frame(.red), to: frame(.blue)), IntRect(x: 120, y: 40, width: 80, height: 80))
        try assertIncrementalMatchesWhole([frame(.red), frame(.blue), frame(.blue)])
    }

    /// Another canvas is drawn whole.
    func testCanvasChangeDamagesEverything() throws {
        let a = scene([solid(Rect(10, 10, 20, 20), .red)])
        var b = a
        b.canvas.background = .black
        XCTAssertEqual(FrameDamage.region(from: a, to: b), IntRect(x: 0, y: 0, width: 240, height: 160))
        try assertIncrementalMatchesWhole([a, b])
    }

    /// Sublayers added, removed, reordered by zPosition or hidden.
    func testStructuralChanges() throws {
        var a = solid(Rect(10, 10, 30, 30), .red), b = solid(Rect(25, 20, 30, 30), .blue)
        let f1 = scene([a, b])
        a.zPosition = 1
        let f2 = scene([a, b])
        b.isHidden = true
        let f3 = scene([a, b])
        let f4 = scene([a])
        let f5 = scene([a, b, solid(Rect(90, 50, 10, 10), .green)])
        try assertIncrementalMatchesWhole([f1, f2, f3, f4, f5, f1])
    }
}
