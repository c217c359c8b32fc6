import Compositor
import Encoders
import Geometry
import Raster
import SceneFormat
import SceneSchema
import Text
import XCTest
import BuiltInKinds

/// Inputs that once trapped (found by scripts/fuzz or by a mutation test): each must now give a clean
/// `SceneError` or a rendered frame. The scenes are minimized; canvases are tiny so the suite stays fast.
final class HostileInputTests: XCTestCase {
    private static let text = TextMeasurer()

    /// A 20 × 20 pt layers scene at 1x with one sublayer given as JSON members.
    private func layers(rootBounds: String = "[0, 0, 20, 20]", sublayer: String) -> String {
        ##"{"kind": "layers", "canvas": {"width": 20, "height": 20, "scale": 1}, "##
            + ##""root": {"bounds": \##(rootBounds), "position": [10, 10], "sublayers": [{\##(sublayer)}]}}"##
    }

    /// Parses and renders every frame the scene has (at most a few here); a trap fails the whole run.
    private func renderAll(_ scene: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let document = try SceneLoader.parseDocument(scene, file: "fuzz.json")
        let frames = try document.frames(measuring: Self.text)
        var renderer = LayerRenderer()
        for i in 0..<min(frames.count, 3) {
            var frame = frames.frame(index: i)
            // As the fuzz harness does: at most 64 px a side.
            let side = max(frame.canvas.width, frame.canvas.height)
            if side * frame.canvas.scale > 64 { frame.canvas.scale = 64 / side }
            let image = try renderer.render(frame)
            XCTAssertEqual(image.width, frame.canvas.pixelWidth, file: file, line: line)
        }
    }

    private func assertSceneError(_ scene: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parseDocument(scene, file: "s.json"), file: file, line: line) { error in
            XCTAssertTrue(error is SceneError, "\(error)", file: file, line: line)
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    // MARK: Found by the fuzzer

    /// fuzz crash-281c1df0: a root bounds origin of 6.7e104 put every device rect past Int.max
    /// (IntRect(enclosing:) clamped only one side).
    func testHugeBoundsOriginRenders() throws {
        try renderAll(layers(rootBounds: "[6.7e104, 0, 380, 300]",
                             sublayer: ##""bounds": [0, 0, 170, 40], "backgroundColor": "#F2F2F7", "contents": {"text": {"string": "Hi"}}"##))
    }

    // MARK: Known families: scene numbers reaching Int(_:) unchecked

    func testHugePositionRenders() throws {
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "position": [1e300, 1e300], "backgroundColor": "#FF0000""##))
    }

    func testHugeLineHeightAndBaselineRender() throws {
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "contents": {"text": {"string": "Hello", "lineHeight": 1e300}}"##))
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "contents": {"text": {"string": "Hello", "verticalAlignment": "firstBaseline", "baseline": 1e300}}"##))
    }

    /// Glyph outlines scaled to 1e300 pt: the curve subdivision count was Int(inf).
    func testHugeTextAndGlyphSizesRender() throws {
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "contents": {"text": {"string": "Hello", "size": 1e300}}"##))
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "contents": {"glyph": {"name": "heart", "size": 1e300}}"##))
    }

    func testHugeTransformRenders() throws {
        try renderAll(layers(sublayer: ##""bounds": [0, 0, 10, 10], "cornerRadius": 3, "backgroundColor": "#FF0000", "transform": [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"##))
    }

    /// A huge shadowRadius made BoxBlur's pad Int(inf) (and its planes unbounded); a huge offset trapped in
    /// the shadow's shift.
    func testHugeShadowsRender() throws {
        let shadow = ##""bounds": [0, 0, 10, 10], "backgroundColor": "#FF0000", "shadowOpacity": 1, "##
        try renderAll(layers(sublayer: shadow + ##""shadowRadius": 1e300"##))
        try renderAll(layers(sublayer: shadow + ##""opacity": 0.5, "shadowRadius": 1e300"##))
        try renderAll(layers(sublayer: shadow + ##""shadowOffset": [1e300, -1e300]"##))
    }

    func testFlowWithHugeOffsetsRenders() throws {
        try renderAll(##"{"kind": "flow", "style": "vega", "contentOffset": -1e300}"##)
        try renderAll(##"{"kind": "flow", "style": "vega", "contentOffset": 1e300}"##)
    }

    /// Extreme paging options: the library's arithmetic overflows or turns NaN; frames still render (a page
    /// without a finite transform is not drawn).
    func testPagingWithExtremeOptionsRenders() throws {
        try renderAll(##"{"kind": "paging", "scale": {"like": "rotary", "minScale": -1e300, "translationRatio": [1e300, -1e300], "rotation3d": {"angle": 1e300, "minAngle": -1e300, "maxAngle": 1e300, "m34": 1e300}}, "contentOffset": 1e6}"##)
        try renderAll(##"{"kind": "paging", "scale": {"like": "easeIn", "translationCurve": "easeOut", "scaleCurve": "easeOut"}, "contentOffset": -1e6}"##)
        try renderAll(##"{"kind": "paging", "stack": {"like": "blur", "maxStackSize": 1000, "scaleFactor": 1e300, "stackRotateAngel": 1e300, "popOffsetRatio": [1e300, 1e300], "maxBlurEffectRadius": 1e300}, "contentOffset": 1e6}"##)
        try renderAll(##"{"kind": "paging", "stack": "vortex", "timeline": [{"drag": {"from": [1e300, 0], "to": [-1e300, 1e300]}}, {"release": {"velocity": 1e300}}, {"tap": [207, 734]}]}"##)
    }

    func testPagingBoundsAreSceneErrors() {
        let many = Array(repeating: ##"{"title": "x"}"##, count: 101).joined(separator: ",")
        assertSceneError(##"{"kind": "paging", "cards": [\##(many)]}"##, "s.json:1:29: cards: expected at most 100 cards, found 101")
        assertSceneError(##"{"kind": "paging", "contentOffset": 1e300}"##,
                         "s.json:1:37: contentOffset: expected an offset in −1000000...1000000 points, found 1e+300")
    }

    /// The cover-flow kind at its limits: offsets far outside the content, no items (the study would trap on a
    /// release), the largest items and spacings, taps on nothing, deletes with nothing selected and many adds.
    func testCoverFlowAtItsLimitsRenders() throws {
        try renderAll(##"{"kind": "coverflow", "contentOffset": -1000000}"##)
        try renderAll(##"{"kind": "coverflow", "contentOffset": 1000000}"##)
        try renderAll(##"{"kind": "coverflow", "items": [], "timeline": [{"tap": [40, 69]}, {"drag": {"from": [300, 400], "to": [100, 400]}}, "##
                      + ##"{"release": {}}, {"tap": [364, 69]}, {"tap": [195, 450]}, {"tap": [40, 69]}]}"##)
        try renderAll(##"{"kind": "coverflow", "viewFrame": [0, 0, 10000, 10000], "itemSize": [10000, 10000], "minimumLineSpacing": 10000, "##
                      + ##""itemScale": 0, "labelSize": 10000, "timeline": [{"tap": [-1e300, 1e300]}]}"##)
        let adds = Array(repeating: ##"{"tap": {"point": [364, 69], "duration": 0.001}}"##, count: 500).joined(separator: ", ")
        try renderAll(##"{"kind": "coverflow", "initialItem": 16, "timeline": [\##(adds), {"tap": [40, 69]}]}"##)
        assertSceneError(##"{"kind": "coverflow", "itemSize": [1e300, 1]}"##, "s.json:1:36: itemSize[0]: expected a length in (0, 10000] points, found 1e+300")
    }

    func testHugeWaitIsASceneError() {
        assertSceneError(##"{"kind": "flow", "timeline": [{"wait": 9223372036854775808}]}"##,
                         "s.json:1:30: timeline: the scene lasts 9.223372036854776e+18 s; at most 600 s are allowed")
        assertSceneError(##"{"kind": "flow", "timeline": [{"wait": 1e400}]}"##, "s.json:1:40: number 1e400 is out of range")
    }

    // MARK: Decode limits

    func testLongStringIsASceneError() {
        let long = String(repeating: "a", count: SceneDecoder.maxStringLength + 1)
        assertSceneError(layers(sublayer: ##""contents": {"text": {"string": "\##(long)"}}"##),
                         "s.json:1:175: root.sublayers[0].contents.text.string: expected a string of at most 10000 bytes, found 10001")
    }

    func testLongArrayIsASceneError() {
        let many = Array(repeating: "{}", count: SceneDecoder.maxArrayCount + 1).joined(separator: ",")
        assertSceneError(##"{"kind": "layers", "canvas": {"width": 20, "height": 20}, "root": {"sublayers": [\##(many)]}}"##,
                         "s.json:1:81: root.sublayers: expected at most 10000 elements, found 10001")
    }

    // MARK: Below the scene format

    func testPathFlatteningIsBoundedAndTotal() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(1e300, 0), control1: Point(0, 1e300), control2: Point(-1e300, 1e300))
        path.quad(to: Point(.infinity, 0), control: Point(.nan, 1))
        path.close()
        let contours = path.flattened(tolerance: 0.2)
        XCTAssertLessThanOrEqual(contours.map(\.count).reduce(0, +), 2 * Path.maxSegmentsPerCurve + 2)
        XCTAssertLessThanOrEqual(path.flattened(tolerance: 1e-300).map(\.count).reduce(0, +), 2 * Path.maxSegmentsPerCurve + 2)
    }

    func testRasterizerTakesHugeAndNonFiniteContours() {
        var target = Pixmap(width: 8, height: 8, fill: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
        var rasterizer = Rasterizer()
        let contours: [[Point]] = [
            [Point(-1e300, -1e300), Point(1e300, 0), Point(0, 1e300)],
            [Point(0, 0), Point(.infinity, 4), Point(4, .nan)],
            [Point(-1e30, 2), Point(1e30, 2), Point(1e30, 6)],
        ]
        rasterizer.fill(contours, color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), into: &target, clip: Clip(rect: target.bounds))
        XCTAssertEqual(IntRect(enclosing: Rect(1e300, -1e300, 1, 1)).isEmpty, true)
        XCTAssertEqual(IntRect(enclosing: Rect(-1e300, -1e300, 2e300, 2e300)).width, 2 * IntRect.coordinateLimit)
    }

    func testGIFFrameLongerThanTheFormatAllowsIsAnError() throws {
        let encoder = try GIFEncoder(width: 2, height: 2)
        let frame = Pixmap(width: 2, height: 2, fill: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertThrowsError(try encoder.addFrame(frame, duration: 1e300))
        XCTAssertNoThrow(try encoder.addFrame(frame, duration: 1))
    }
}

/// Vector shapes contents with numbers at the edge of Double: rendered or refused, never a trap.
final class HostileShapesTests: XCTestCase {
    func testHugeAndDegenerateShapesRender() throws {
        let huge = ##"{"kind": "layers", "canvas": {"width": 20, "height": 20}, "root": {"frame": [0, 0, 20, 20], "sublayers": [{"frame": [0, 0, 10, 10], "transform": [1, 0, 0, -0.01, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "contents": {"shapes": [{"path": "M0 0 L1e300 1e300 C-1e300 5 1e308 -1e308 3 3 Q1e-300 0 0 0 Z M5 5 Z L5 5 M1 1", "rule": "evenOdd"}, {"path": ""}]}}]}}"##
        let scene = try SceneLoader.parse(huge, file: "s.json")
        var renderer = LayerRenderer()
        _ = try renderer.render(scene)
    }
}
