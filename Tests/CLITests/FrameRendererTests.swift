import Compositor
import Geometry
import LayerTree
import Previews
import Raster
import SceneSchema
import XCTest

/// The frame loop: workers render runs of consecutive frames, each redrawn over the worker's previous one;
/// frames come out in order and equal to whole renders, whatever the number of workers and frames.
final class FrameRendererTests: XCTestCase {
    /// A card sliding right and a dot blinking, 21 frames at 12 fps.
    struct Slide: PreviewAnimation {
        var canvas: Canvas { Canvas(width: 80, height: 40, scale: 2, background: .white) }
        var framesPerSecond: Double { 12 }
        var duration: Double { 20.0 / 12 }
        func frame(at time: Double) -> LayerScene {
            var root = Layer(name: "root", frame: Rect(0, 0, 80, 40))
            var card = Layer(name: "card", frame: Rect(4 + 30 * time, 8, 24, 20))
            card.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9)
            card.cornerRadius = 6
            var dot = Layer(name: "dot", frame: Rect(70, 4, 6, 6))
            dot.backgroundColor = Color(red: 1, green: 0, blue: 0)
            dot.isHidden = Int(time * 12) % 3 == 0
            root.sublayers = [card, dot]
            return LayerScene(canvas: canvas, root: root)
        }
    }

    func testEveryWorkerCountGivesTheWholeRendersInOrder() throws {
        let frames = SceneFrames(Slide())
        XCTAssertEqual(frames.count, 21)
        var whole = LayerRenderer()
        let expected = try (0..<frames.count).map { try whole.render(frames.frame(index: $0)).pixels }
        // Batches of 4 frames a worker: with 4 workers the last batch has 5 frames (2, 2, 1 and none); with
        // 5 or 7, some workers have nothing in the last batch.
        for workers in [1, 2, 3, 4, 5, 7] {
            let renderer = FrameRenderer(workers: workers)
            var seen: [Int] = []
            try renderer.forEachFrame(of: frames, { i, image in
                seen.append(i)
                XCTAssertEqual(image.pixels, expected[i], "frame \(i) with \(workers) workers")
            })
            XCTAssertEqual(seen, Array(0..<21), "\(workers) workers")
            XCTAssertLessThan(renderer.redrawnPixels, renderer.framePixels, "\(workers) workers redrew only changes")
        }
    }
}
