import Foundation
import Geometry
import LayerTree
import XCTest
@testable import SceneFormat
@testable import SceneSchema
import BuiltInKinds

/// A scene document around one root layer body, so tests can focus on the layer.
private func scene(root: String, canvas: String = #"{"width": 100, "height": 50}"#) -> String {
    #"{"kind": "layers", "canvas": \#(canvas), "root": \#(root)}"#
}

final class SceneLoaderTests: XCTestCase {
    private func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "Scenes/x.json"), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    func testMinimalSceneUsesDefaults() throws {
        let loaded = try SceneLoader.parse(#"{"kind": "layers", "canvas": {"width": 390, "height": 844}, "root": {}}"#,
                                           file: "x.json")
        XCTAssertEqual(loaded, LayerScene(canvas: Canvas(width: 390, height: 844, scale: 2, background: .white),
                                          root: Layer()))
        XCTAssertEqual(loaded.root.anchorPoint, Point(0.5, 0.5))
        XCTAssertEqual(loaded.root.shadowRadius, 3)
        XCTAssertEqual(loaded.root.shadowOffset, Point(0, -3))
        XCTAssertNil(loaded.root.backgroundColor)
    }

    func testEveryProperty() throws {
        let text = scene(root: """
        {
          "name": "card", "bounds": [1, 2, 30, 40], "position": [5, 6], "anchorPoint": [0, 1],
          "zPosition": -2, "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, -0.002, 10, 20, 0, 1],
          "sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.001, 0, 0, 0, 1],
          "opacity": 0.5, "hidden": true, "doubleSided": false, "backgroundColor": "#FF000080",
          "cornerRadius": 12, "masksToBounds": true, "borderWidth": 1.5, "borderColor": "#00ff00", "shadowColor": "#0000FF",
          "shadowOpacity": 0.25, "shadowRadius": 8, "shadowOffset": [0, 4],
          "sublayers": [{"name": "a"}, {"name": null, "backgroundColor": null}]
        }
        """, canvas: ##"{"width": 390, "height": 844, "scale": 3, "background": "#F2F2F5"}"##)
        let loaded = try SceneLoader.parse(text, file: "x.json")
        XCTAssertEqual(loaded.canvas, Canvas(width: 390, height: 844, scale: 3, background: Color(hex: "#F2F2F5")!))
        var expected = Layer(name: "card")
        expected.bounds = Rect(1, 2, 30, 40)
        expected.position = Point(5, 6)
        expected.anchorPoint = Point(0, 1)
        expected.zPosition = -2
        expected.transform = Transform3D([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, -0.002, 10, 20, 0, 1])!
        expected.sublayerTransform = .perspective(eyeDistance: 1000)
        expected.opacity = 0.5
        expected.isHidden = true
        expected.isDoubleSided = false
        expected.backgroundColor = Color(hex: "#FF000080")
        expected.cornerRadius = 12
        expected.masksToBounds = true
        expected.borderWidth = 1.5
        expected.borderColor = Color(red: 0, green: 1, blue: 0)
        expected.shadowColor = Color(red: 0, green: 0, blue: 1)
        expected.shadowOpacity = 0.25
        expected.shadowRadius = 8
        expected.shadowOffset = Point(0, 4)
        expected.sublayers = [Layer(name: "a"), Layer()]
        XCTAssertEqual(loaded.root, expected)
    }

    func testFrameSetsBoundsAndPosition() throws {
        let loaded = try SceneLoader.parse(scene(root: #"{"frame": [10, 20, 100, 50]}"#), file: "x.json")
        XCTAssertEqual(loaded.root, Layer(frame: Rect(10, 20, 100, 50)))
        XCTAssertEqual(loaded.root.bounds, Rect(0, 0, 100, 50))
        XCTAssertEqual(loaded.root.position, Point(60, 45))
    }

    func testBoundsAndPositionTogetherAreFine() throws {
        let loaded = try SceneLoader.parse(scene(root: #"{"position": [1, 2], "bounds": [0, 0, 3, 4]}"#), file: "x.json")
        XCTAssertEqual(loaded.root.position, Point(1, 2))
        XCTAssertEqual(loaded.root.bounds, Rect(0, 0, 3, 4))
    }

    // MARK: Errors

    func testErrorDescriptionFormat() {
        let error = SceneError(file: "Scenes/x.json", line: 12, column: 7, keyPath: "root.sublayers[2].transform",
                               message: "expected 16 numbers, found 9")
        XCTAssertEqual(error.description, "Scenes/x.json:12:7: root.sublayers[2].transform: expected 16 numbers, found 9")
        XCTAssertEqual(SceneError(file: "a.json", line: 1, column: 2, message: "m").description, "a.json:1:2: m")
        XCTAssertEqual(SceneError(file: "a.json", line: 0, column: 0, message: "no such file").description,
                       "a.json: no such file")
        XCTAssertEqual(error.localizedDescription, error.description)
    }

    func testTransformLengthErrorInNestedLayer() {
        let text = """
        {
          "kind": "layers",
          "canvas": {"width": 100, "height": 100},
          "root": {
            "sublayers": [
              {},
              {"name": "b"},
              {
                "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0]
              }
            ]
          }
        }
        """
        assertError(text, "Scenes/x.json:9:22: root.sublayers[2].transform: expected 16 numbers, found 9")
    }

    func testSyntaxErrorHasNoKeyPath() {
        assertError("{\n  \"kind\": \"layers\"\n  \"canvas\": {}\n}",
                    "Scenes/x.json:3:3: expected ',' or '}' after object member, found '\"'")
    }

    func testTopLevel() {
        assertError("[]", "Scenes/x.json:1:1: expected an object, found an array")
        assertError(#"{"canvas": {"width": 1, "height": 1}, "root": {}}"#,
                    "Scenes/x.json:1:1: missing required key 'kind'")
        assertError(#"{"kind": "frames", "canvas": 1}"#, #"Scenes/x.json:1:10: kind: expected "layers", "flow", "swipe", "paging", "coverflow", "paging-custom", "minitimer-swipe-drag-drop" or "minitimer-folding-timers", found "frames""#)
        assertError(#"{"kind": 3}"#, "Scenes/x.json:1:10: kind: expected a string, found a number")
        assertError(#"{"kind": "layers", "root": {}}"#, "Scenes/x.json:1:1: missing required key 'canvas'")
        assertError(#"{"kind": "layers", "canvas": {"width": 1, "height": 1}}"#,
                    "Scenes/x.json:1:1: missing required key 'root'")
        assertError(#"{"kind": "layers", "canvas": {"width": 1, "height": 1}, "root": {}, "roots": []}"#,
                    "Scenes/x.json:1:69: unknown key 'roots', did you mean 'root'?")
        assertError(#"{"kind": "layers", "canvas": {"width": 1, "height": 1}, "root": []}"#,
                    "Scenes/x.json:1:65: root: expected an object, found an array")
    }

    func testCanvas() {
        assertError(scene(root: "{}", canvas: #"{"height": 5}"#), "Scenes/x.json:1:30: canvas: missing required key 'width'")
        assertError(scene(root: "{}", canvas: #"{"width": 5}"#), "Scenes/x.json:1:30: canvas: missing required key 'height'")
        assertError(scene(root: "{}", canvas: #"{"width": 0, "height": 5}"#),
                    "Scenes/x.json:1:40: canvas.width: expected a value > 0, found 0")
        assertError(scene(root: "{}", canvas: #"{"width": 5, "height": "5"}"#),
                    "Scenes/x.json:1:53: canvas.height: expected a number, found a string")
        assertError(scene(root: "{}", canvas: #"{"width": 5, "height": 5, "scale": 4.5}"#),
                    "Scenes/x.json:1:65: canvas.scale: expected a value > 0 and <= 4, found 4.5")
        assertError(scene(root: "{}", canvas: #"{"width": 5, "height": 5, "scale": 0}"#),
                    "Scenes/x.json:1:65: canvas.scale: expected a value > 0 and <= 4, found 0")
        assertError(scene(root: "{}", canvas: #"{"width": 5, "height": 5, "background": "white"}"#),
                    ##"Scenes/x.json:1:70: canvas.background: expected a color "#RRGGBB" or "#RRGGBBAA", found "white""##)
        assertError(scene(root: "{}", canvas: #"{"width": 5, "height": 5, "Scale": 1}"#),
                    "Scenes/x.json:1:56: canvas: unknown key 'Scale', did you mean 'scale'?")
        assertError(scene(root: "{}", canvas: "7"), "Scenes/x.json:1:30: canvas: expected an object, found a number")
    }

    func testCanvasPixelLimit() throws {
        assertError(scene(root: "{}", canvas: #"{"width": 2500, "height": 844}"#),
                    "Scenes/x.json:1:30: canvas: pixel size 5000x1688 (width and height times scale 2) "
                        + "exceeds the maximum of 4096x4096")
        assertError(scene(root: "{}", canvas: #"{"width": 390, "height": 1e300, "scale": 4}"#),
                    "Scenes/x.json:1:30: canvas: pixel size 1560x4e+300 (width and height times scale 4) "
                        + "exceeds the maximum of 4096x4096")
        assertError(scene(root: "{}", canvas: #"{"width": 390, "height": 0.2, "scale": 1}"#),
                    "Scenes/x.json:1:30: canvas: pixel size 390x0 (width and height times scale 1) is empty")
        // Exactly at the limit is fine.
        XCTAssertNoThrow(try SceneLoader.parse(scene(root: "{}", canvas: #"{"width": 2048, "height": 1024}"#), file: "x"))
        XCTAssertNoThrow(try SceneLoader.parse(scene(root: "{}", canvas: #"{"width": 1024, "height": 1024, "scale": 4}"#), file: "x"))
    }

    func testWrongTypes() {
        // The root layer's "{" is at column 68 (see `scene`).
        assertError(scene(root: #"{"opacity": "1"}"#), "Scenes/x.json:1:80: root.opacity: expected a number, found a string")
        assertError(scene(root: #"{"hidden": 1}"#), "Scenes/x.json:1:79: root.hidden: expected a boolean, found a number")
        assertError(scene(root: #"{"name": 1}"#), "Scenes/x.json:1:77: root.name: expected a string, found a number")
        assertError(scene(root: #"{"doubleSided": "no"}"#),
                    #"Scenes/x.json:1:84: root.doubleSided: expected a boolean, found a string"#)
        assertError(scene(root: #"{"masksToBounds": null}"#),
                    "Scenes/x.json:1:86: root.masksToBounds: expected a boolean, found null")
        assertError(scene(root: #"{"borderColor": null}"#),
                    "Scenes/x.json:1:84: root.borderColor: expected a color string, found null")
        assertError(scene(root: #"{"sublayers": {}}"#), "Scenes/x.json:1:82: root.sublayers: expected an array, found an object")
        assertError(scene(root: #"{"sublayers": [{}, true]}"#),
                    "Scenes/x.json:1:87: root.sublayers[1]: expected an object, found a boolean")
        assertError(scene(root: #"{"position": "1,2"}"#),
                    "Scenes/x.json:1:81: root.position: expected an array of 2 numbers, found a string")
        assertError(scene(root: #"{"shadowOffset": [0, "3"]}"#),
                    "Scenes/x.json:1:89: root.shadowOffset[1]: expected a number, found a string")
    }

    func testArrayLengths() {
        assertError(scene(root: #"{"bounds": [0, 0, 10]}"#), "Scenes/x.json:1:79: root.bounds: expected 4 numbers, found 3")
        assertError(scene(root: #"{"anchorPoint": []}"#), "Scenes/x.json:1:84: root.anchorPoint: expected 2 numbers, found 0")
        assertError(scene(root: #"{"sublayerTransform": [1, 0, 0, 1]}"#),
                    "Scenes/x.json:1:90: root.sublayerTransform: expected 16 numbers, found 4")
    }

    func testRanges() {
        assertError(scene(root: #"{"opacity": 1.5}"#), "Scenes/x.json:1:80: root.opacity: expected a value in 0...1, found 1.5")
        assertError(scene(root: #"{"shadowOpacity": -0.1}"#),
                    "Scenes/x.json:1:86: root.shadowOpacity: expected a value in 0...1, found -0.1")
        assertError(scene(root: #"{"cornerRadius": -1}"#), "Scenes/x.json:1:85: root.cornerRadius: expected a value >= 0, found -1")
        assertError(scene(root: #"{"borderWidth": -2}"#), "Scenes/x.json:1:84: root.borderWidth: expected a value >= 0, found -2")
        assertError(scene(root: #"{"shadowRadius": -3}"#), "Scenes/x.json:1:85: root.shadowRadius: expected a value >= 0, found -3")
        assertError(scene(root: #"{"bounds": [0, 0, -10, 5]}"#),
                    "Scenes/x.json:1:86: root.bounds[2]: expected a value >= 0, found -10")
        assertError(scene(root: #"{"frame": [0, 0, 10, -5]}"#),
                    "Scenes/x.json:1:89: root.frame[3]: expected a value >= 0, found -5")
        // Negative origins and positions are fine.
        XCTAssertNoThrow(try SceneLoader.parse(scene(root: #"{"bounds": [-5, -5, 10, 10], "position": [-1, -2]}"#), file: "x"))
    }

    func testColors() throws {
        for bad in ["#FFF", "FFFFFF", "#GGGGGG", "#+FFFFF", "#-0000000", "#FFFFFFF", "#FF FF FF"] {
            assertError(scene(root: ##"{"backgroundColor": "\##(bad)"}"##),
                        ##"Scenes/x.json:1:88: root.backgroundColor: expected a color "#RRGGBB" or "#RRGGBBAA", found "\##(bad)""##)
        }
        let loaded = try SceneLoader.parse(scene(root: ##"{"backgroundColor": "#80aBcD40"}"##), file: "x")
        XCTAssertEqual(loaded.root.backgroundColor, Color(red: 128 / 255, green: 171 / 255, blue: 205 / 255, alpha: 64 / 255))
    }

    func testFrameConflicts() {
        assertError(scene(root: #"{"bounds": [0, 0, 1, 1], "frame": [0, 0, 1, 1]}"#),
                    "Scenes/x.json:1:93: root.frame: 'frame' cannot be combined with 'bounds'")
        assertError(scene(root: #"{"frame": [0, 0, 1, 1], "position": [0, 0]}"#),
                    "Scenes/x.json:1:92: root.position: 'position' cannot be combined with 'frame'")
        assertError(scene(root: #"{"position": [0, 0], "bounds": [0, 0, 1, 1], "frame": [0, 0, 1, 1]}"#),
                    "Scenes/x.json:1:113: root.frame: 'frame' cannot be combined with 'position'")
    }

    func testTextAndGlyphContents() throws {
        let loaded = try SceneLoader.parse(scene(root: """
        {"sublayers": [
          {"contents": {"text": {"string": "Inbox", "weight": "bold", "size": 34, "color": "#FF0000",
                                 "alignment": "center", "lineLimit": 2, "lineHeight": 41, "italic": true,
                                 "verticalAlignment": "firstBaseline", "baseline": 30}}},
          {"contents": {"glyph": {"name": "trash", "size": 20, "color": "#FFFFFF"}}},
          {"contents": {"text": {"string": "x"}}},
          {"contents": {"gradient": {"colors": ["#00000080", "#000000E6"], "locations": [0, 0.8], "endPoint": [1, 1]}}}
        ]}
        """), file: "x.json")
        var text = TextContents("Inbox", weight: .bold, italic: true, size: 34, color: Color(hex: "#FF0000")!)
        text.alignment = .center
        text.lineLimit = 2
        text.lineHeight = 41
        text.verticalAlignment = .firstBaseline(30)
        XCTAssertEqual(loaded.root.sublayers[0].contents, .text(text))
        XCTAssertEqual(loaded.root.sublayers[1].contents, .glyph(GlyphContents(.trash, size: 20, color: .white)))
        XCTAssertEqual(loaded.root.sublayers[2].contents, .text(TextContents("x")))
        XCTAssertEqual(loaded.root.sublayers[3].contents,
                       .gradient(LinearGradient(colors: [Color(hex: "#00000080")!, Color(hex: "#000000E6")!], locations: [0, 0.8],
                                                endPoint: Point(1, 1))))
        XCTAssertThrowsError(try SceneLoader.parse(scene(root: ##"{"contents": {"gradient": {"colors": ["#000000"], "locations": [0, 1]}}}"##), file: "x"))
    }

    func testContentsErrors() {
        assertError(scene(root: #"{"contents": "image.png"}"#),
                    "Scenes/x.json:1:81: root.contents: expected an object, found a string")
        assertError(scene(root: #"{"contents": {"txt": {}}}"#),
                    "Scenes/x.json:1:82: root.contents: unknown key 'txt', did you mean 'text'?")
        assertError(scene(root: #"{"contents": {"text": {"size": 3}}}"#),
                    "Scenes/x.json:1:90: root.contents.text: missing required key 'string'")
        assertError(scene(root: #"{"contents": {"text": {"string": "a", "weight": "bolt"}}}"#),
                    #"Scenes/x.json:1:116: root.contents.text.weight: expected one of "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", found "bolt"; did you mean "bold"?"#)
        assertError(scene(root: #"{"contents": {"text": {"string": "a", "lineLimit": 1.5}}}"#),
                    "Scenes/x.json:1:119: root.contents.text.lineLimit: expected a whole number >= 0, found 1.5")
        assertError(scene(root: #"{"contents": {"text": {"string": "a", "verticalAlignment": "firstBaseline"}}}"#),
                    #"Scenes/x.json:1:90: root.contents.text: verticalAlignment "firstBaseline" needs 'baseline' (points from the top of the bounds)"#)
        assertError(scene(root: #"{"contents": {"glyph": {"name": "trash-can"}}}"#),
                    #"Scenes/x.json:1:100: root.contents.glyph.name: expected one of "trash", "flag", "ellipsis", "envelope", "trash-outline", "envelope-open", "envelope-badge", "star", "star-outline", "bell", "archive", "reply", "share", "check", "heart", "calendar", "clock", "phone", "dollar", "photo", "grid", "note", "clock-hands", "photo-angled", "user-plus", "user", "globe", "circle", "folder", "camera", "person-crop", "teletype", "circle-hexagongrid", "chevron-right", "chevron-left", "face-id", "plus", "minus", "search", "paperplane", "tray", "wifi", "signal", "mic-slash", "sun", "colon-sign", found "trash-can""#)
        assertError(scene(root: #"{"contents": {"text": {"string": "a"}, "glyph": {"name": "star"}}}"#),
                    #"Scenes/x.json:1:81: root.contents: expected an object with one key, "text", "glyph", "gradient", "shapes", "snapshot" or "image", found 2 keys"#)
    }

    func testUnknownKeysSuggestCloseMatches() {
        let cases: [(String, String)] = [
            ("backgroundcolour", "unknown key 'backgroundcolour', did you mean 'backgroundColor'?"),
            ("BackgroundColor", "unknown key 'BackgroundColor', did you mean 'backgroundColor'?"),
            ("opactiy", "unknown key 'opactiy', did you mean 'opacity'?"),
            ("isHidden", "unknown key 'isHidden', did you mean 'hidden'?"),
            ("isDoubleSided", "unknown key 'isDoubleSided', did you mean 'doubleSided'?"),
            ("sublayer", "unknown key 'sublayer', did you mean 'sublayers'?"),
            ("cornerRadii", "unknown key 'cornerRadii', did you mean 'cornerRadius'?"),
            ("nme", "unknown key 'nme', did you mean 'name'?"),
            ("color", "unknown key 'color'"),
            ("x", "unknown key 'x'"),
            ("layer\"s", #"unknown key 'layer\"s'"#),
        ]
        for (key, message) in cases {
            let text = "{\"kind\": \"layers\", \"canvas\": {\"width\": 1, \"height\": 1}, \"root\": {\n  \"\(quotedBody(key))\": 1}}"
            assertError(text, "Scenes/x.json:2:3: root: \(message)")
        }
    }

    private func quotedBody(_ s: String) -> String { s.replacingOccurrences(of: "\"", with: "\\\"") }

    func testUnknownKeyInDeepLayerReportsItsPath() {
        let text = """
        {"kind": "layers", "canvas": {"width": 1, "height": 1}, "root": {
          "sublayers": [{}, {"sublayers": [{"shadowOfset": [0, 1]}]}]
        }}
        """
        assertError(text, "Scenes/x.json:2:37: root.sublayers[1].sublayers[0]: unknown key 'shadowOfset', did you mean 'shadowOffset'?")
    }

    func testSublayerDepthLimit() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: #"{"sublayers": ["#, count: levels) + "{}" + String(repeating: "]}", count: levels)
        }
        let loaded = try SceneLoader.parse(scene(root: nested(64)), file: "x")
        var depth = 0
        var layer = loaded.root
        while let next = layer.sublayers.first { layer = next; depth += 1 }
        XCTAssertEqual(depth, 64)

        let path = "root" + String(repeating: ".sublayers[0]", count: 65)
        assertError(scene(root: nested(65)),
                    "Scenes/x.json:1:\(68 + 15 * 65): \(path): layers are nested more than 64 levels deep")
    }

    func testUnicodeEscapesInNames() throws {
        let loaded = try SceneLoader.parse(scene(root: #"{"name": "caf\u00e9 \ud83d\ude00 \"q\" \u4e2d"}"#), file: "x")
        XCTAssertEqual(loaded.root.name, "café 😀 \"q\" 中")
        // Keys may be escaped too: "\u006eame" is "name".
        XCTAssertEqual(try SceneLoader.parse(scene(root: #"{"\u006eame": "n"}"#), file: "x").root.name, "n")
    }

    func testNumbersMustBeFinite() {
        assertError(scene(root: #"{"zPosition": 1e999}"#), "Scenes/x.json:1:82: number 1e999 is out of range")
    }

    func testDuplicateKeysAreRejected() {
        assertError(scene(root: #"{"opacity": 1, "opacity": 0.5}"#),
                    "Scenes/x.json:1:83: duplicate key 'opacity' (first defined at 1:69)")
    }

    // MARK: Files

    func testLoadReadsAFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("SceneFormatTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ok.json").path
        try scene(root: #"{"name": "r"}"#).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try SceneLoader.load(path: path).root.name, "r")

        let bad = dir.appendingPathComponent("bad.json").path
        try "{\"kind\": \"layers\",\n\"canvas\": 1}".write(toFile: bad, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SceneLoader.load(path: bad)) { error in
            XCTAssertEqual("\(error)", "\(bad):2:11: canvas: expected an object, found a number")
        }

        let binary = dir.appendingPathComponent("binary.json").path
        try Data([0x7B, 0xFF, 0x7D]).write(to: URL(fileURLWithPath: binary))
        XCTAssertThrowsError(try SceneLoader.load(path: binary)) { error in
            XCTAssertEqual("\(error)", "\(binary): file is not valid UTF-8")
        }

        XCTAssertThrowsError(try SceneLoader.load(path: dir.path)) { error in
            XCTAssertEqual("\(error)", "\(dir.path): is a directory, not a scene file")
        }
    }

    func testLoadMissingFile() {
        XCTAssertThrowsError(try SceneLoader.load(path: "Scenes/does-not-exist.json")) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.description, "Scenes/does-not-exist.json: no such file")
            XCTAssertEqual(e?.line, 0)
        }
    }
}
