import Foundation
import Geometry
import LayerTree
import XCTest
@testable import SceneFormat
@testable import SceneSchema
import BuiltInKinds

final class SceneWriterTests: XCTestCase {
    func testMinimalSceneWritesOnlyWhatIsSet() {
        let json = SceneWriter.json(LayerScene(canvas: Canvas(width: 390, height: 844), root: Layer()))
        XCTAssertEqual(json, """
        {
          "kind": "layers",
          "canvas": {
            "width": 390,
            "height": 844
          },
          "root": {}
        }
        """)
    }

    func testLayoutAndKeyOrder() {
        var card = Layer(name: "card", frame: Rect(16, 100, 358, 88))
        card.backgroundColor = Color(hex: "#FFFFFF")
        card.cornerRadius = 12
        card.shadowOpacity = 0.15
        card.transform = .perspective(eyeDistance: 500)
        var dot = Layer(name: "dot")
        dot.opacity = 0.5
        card.sublayers = [dot, Layer()]
        var root = Layer(name: "root", frame: Rect(0, 0, 390, 844))
        root.sublayers = [card]
        let scene = LayerScene(canvas: Canvas(width: 390, height: 844, scale: 3, background: Color(hex: "#F2F2F580")!),
                               root: root)
        XCTAssertEqual(SceneWriter.json(scene), """
        {
          "kind": "layers",
          "canvas": {
            "width": 390,
            "height": 844,
            "scale": 3,
            "background": "#F2F2F580"
          },
          "root": {
            "name": "root",
            "bounds": [0, 0, 390, 844],
            "position": [195, 422],
            "sublayers": [
              {
                "name": "card",
                "bounds": [0, 0, 358, 88],
                "position": [195, 144],
                "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
                "backgroundColor": "#FFFFFF",
                "cornerRadius": 12,
                "shadowOpacity": 0.15,
                "sublayers": [
                  {
                    "name": "dot",
                    "opacity": 0.5
                  },
                  {}
                ]
              }
            ]
          }
        }
        """)
    }

    func testDoubleSidedReadsAndWritesBack() throws {
        // `doubleSided`, CALayer's key path for isDoubleSided; written only when false (the default is true).
        let text = #"{"kind": "layers", "canvas": {"width": 10, "height": 10}, "root": {"sublayers": [{"name": "card", "doubleSided": false}, {"doubleSided": true}]}}"#
        let parsed = try SceneLoader.parse(text, file: "x.json")
        XCTAssertFalse(parsed.root.sublayers[0].isDoubleSided)
        XCTAssertTrue(parsed.root.sublayers[1].isDoubleSided)
        XCTAssertTrue(parsed.root.isDoubleSided)
        let json = SceneWriter.json(parsed)
        XCTAssertEqual(json, """
        {
          "kind": "layers",
          "canvas": {
            "width": 10,
            "height": 10
          },
          "root": {
            "sublayers": [
              {
                "name": "card",
                "doubleSided": false
              },
              {}
            ]
          }
        }
        """)
        XCTAssertEqual(try SceneLoader.parse(json, file: "x.json"), parsed)
    }

    func testNumberFormatting() {
        XCTAssertEqual(formatNumber(390), "390")
        XCTAssertEqual(formatNumber(-0.0), "-0")
        XCTAssertEqual(formatNumber(0.1), "0.1")
        XCTAssertEqual(formatNumber(1.0 / 3), "0.3333333333333333")
        XCTAssertEqual(formatNumber(1e-7), "1e-07")
        XCTAssertEqual(formatNumber(1e21), "1e+21")
        XCTAssertEqual(formatNumber(123456789012), "123456789012")
    }

    /// Every property away from its default, with awkward numbers and strings.
    private func richScene() -> LayerScene {
        var a = Layer(name: "a \"quoted\" \\ tab\t newline\n nul\u{0} café 😀 \u{2028}")
        a.bounds = Rect(-0.1, 1.0 / 3, 1e-7, 1e21)
        a.position = Point(.pi, -.ulpOfOne)
        a.anchorPoint = Point(-0.0, 1)
        a.zPosition = .leastNonzeroMagnitude
        a.transform = Transform3D.rotation(0.3, 1, 1, 0).translated(10.25, -3, 7).scaled(1.1, 0.9)
        a.sublayerTransform = .perspective(eyeDistance: 750)
        a.opacity = 0.7
        a.isHidden = true
        a.isDoubleSided = false
        a.backgroundColor = Color(hex: "#12345678")
        a.cornerRadius = 6.5
        a.masksToBounds = true
        a.borderWidth = 0.5
        a.borderColor = Color(hex: "#ABCDEF")!
        a.shadowColor = Color(hex: "#00000000")!
        a.shadowOpacity = 1
        a.shadowRadius = 0
        a.shadowOffset = Point(2, 2)
        var b = Layer(name: "")
        b.zPosition = .greatestFiniteMagnitude
        b.sublayers = [Layer(), a]
        var root = Layer()
        var label = Layer(name: "label")
        var text = TextContents("안녕 \"hi\"\nمرحبا", font: "NanumGothic", weight: .semibold, italic: true, size: 13.5,
                                color: Color(hex: "#11223344")!)
        text.alignment = .right
        text.lineLimit = 0
        text.lineHeight = 18
        text.verticalAlignment = .firstBaseline(-2.5)
        label.contents = .text(text)
        var icon = Layer(name: "icon")
        icon.contents = .glyph(GlyphContents(.envelopeOpen, size: 17, color: .white))
        var top = Layer(name: "top")
        var topText = TextContents("t")
        topText.verticalAlignment = .top
        top.contents = .text(topText)
        var shade = Layer(name: "shade")
        shade.contents = .gradient(LinearGradient(colors: [Color(hex: "#0000008C")!, .black], locations: [0.25, 1],
                                                  startPoint: Point(0, 0.5), endPoint: Point(1, 0.5)))
        root.sublayers = [a, b, Layer(name: "last"), label, icon, top, shade]
        return LayerScene(canvas: Canvas(width: 123.456, height: 0.75, scale: 4, background: .black), root: root)
    }

    func testRoundTrip() throws {
        let scene = richScene()
        let json = SceneWriter.json(scene)
        let parsed = try SceneLoader.parse(json, file: "roundtrip.json")
        XCTAssertEqual(parsed, scene)
        // Bit-exact, not just ==, which treats -0 and 0 alike.
        let (got, want) = (parsed.root.sublayers[0], scene.root.sublayers[0])
        XCTAssertEqual(got.transform.values.map(\.bitPattern), want.transform.values.map(\.bitPattern))
        XCTAssertEqual(got.anchorPoint.x.bitPattern, (-0.0).bitPattern)
        // Writing is deterministic and stable under a second round.
        XCTAssertEqual(SceneWriter.json(parsed), json)
    }

    func testRoundTripOfDefaultsAndFrame() throws {
        let text = ##"{"kind": "layers", "canvas": {"width": 10, "height": 20, "scale": 2, "background": "#ffffff"}, "root": {"frame": [1, 2, 3, 4], "opacity": 1}}"##
        let parsed = try SceneLoader.parse(text, file: "x")
        let json = SceneWriter.json(parsed)
        XCTAssertFalse(json.contains("scale") || json.contains("background") || json.contains("opacity"))
        XCTAssertEqual(try SceneLoader.parse(json, file: "x"), parsed)
    }

    func testNonFiniteNumbersAreWrittenAsNullAndRejected() {
        var root = Layer()
        root.zPosition = .infinity
        let json = SceneWriter.json(LayerScene(canvas: Canvas(width: 1, height: 1), root: root))
        XCTAssertTrue(json.contains(#""zPosition": null"#))
        XCTAssertThrowsError(try SceneLoader.parse(json, file: "x")) { error in
            XCTAssertEqual("\(error)", "x:8:18: root.zPosition: expected a number, found null")
        }
    }
}
