import XCTest
import BuiltInKinds
@testable import SceneFormat
@testable import SceneSchema

/// A scene file with several mistakes is reported whole in one run: every problem with its line, column and
/// key path, as far as the rest of the file does not depend on the mistaken value.
final class EveryErrorTests: XCTestCase {
    private func errors(_ text: String, overrides: [String] = []) -> [SceneError] {
        do {
            _ = try SceneLoader.parseDocument(text, file: "x.json", overrides: overrides.compactMap(SceneOverride.init))
            XCTFail("read without an error")
            return []
        } catch let error as SceneError {
            return error.all
        } catch {
            XCTFail("not a SceneError: \(error)")
            return []
        }
    }

    func testThreeIndependentMistakesAreAllReported() {
        let all = errors("""
        {
          "kind": "flow",
          "eyePositon": 300,
          "framesPerSecond": -4,
          "style": "vegas"
        }
        """)
        XCTAssertEqual(all.map(\.description), [
            "x.json:3:3: unknown key 'eyePositon', did you mean 'eyePosition'?",
            "x.json:4:22: framesPerSecond: expected a value > 0, found -4",
            #"x.json:5:12: style: expected one of "folding", "vega", "plain", found "vegas"; did you mean "vega"?"#,
        ])
        // The first is what a caller that reads one error sees; the others ride along.
        XCTAssertEqual(all.count, 3)
    }

    func testNestedObjectsAndArrayElementsAreReadOnPastAMistake() {
        let all = errors("""
        {"kind": "layers", "canvas": {"width": 100, "height": -1},
         "root": {"opacity": 2, "sublayers": [{"cornerRadius": -1}, {}, {"bordrWidth": 1}]}}
        """)
        XCTAssertEqual(all.map { "\($0.line):\($0.column) \($0.keyPath)" }, [
            "1:55 canvas.height",
            "2:22 root.opacity",
            "2:56 root.sublayers[0].cornerRadius",
            "2:66 root.sublayers[2]",
        ])
    }

    /// A rule between keys is checked only when every value it reads could be read: no error follows from
    /// another (here the gradient's locations would be counted against colors that were refused).
    func testRulesBetweenKeysAreSkippedWhenAValueFailed() {
        let bad = errors("""
        {"kind": "layers", "canvas": {"width": 10, "height": 10},
         "root": {"contents": {"gradient": {"colors": ["#FF0000", "red"], "locations": [0]}}}}
        """)
        XCTAssertEqual(bad.map(\.keyPath), ["root.contents.gradient.colors[1]"])
        // An unknown key changes no value, so the rules are still checked beside it.
        let unknown = errors("""
        {"kind": "layers", "canvas": {"width": 10, "height": 10},
         "root": {"contents": {"gradient": {"colors": ["#FF0000", "#00FF00"], "locations": [0], "colours": 1}}}}
        """)
        XCTAssertEqual(unknown.map(\.keyPath), ["root.contents.gradient", "root.contents.gradient.locations"])
    }

    func testOverridesAreReportedWithTheFile() {
        let all = errors(#"{"kind": "flow", "style": "vegas"}"#, overrides: ["eyePositon=3", "framesPerSecond=-1"])
        XCTAssertEqual(all.map(\.description), [
            #"x.json:1:27: style: expected one of "folding", "vega", "plain", found "vegas"; did you mean "vega"?"#,
            "x.json: --set eyePositon: unknown key 'eyePositon', did you mean 'eyePosition'?",
            "x.json: --set framesPerSecond: expected a value > 0, found -1",
        ])
    }

    func testReportingStopsAtTheLimit() {
        let members = (0..<30).map { #""bad\#($0)": 1"# }.joined(separator: ", ")
        let all = errors(#"{"kind": "flow", "# + members + "}")
        XCTAssertEqual(all.count, SceneDecoder.maxErrors + 1)
        XCTAssertEqual(all.dropLast().map(\.message), (0..<SceneDecoder.maxErrors).map { "unknown key 'bad\($0)'" })
        XCTAssertEqual(all.last?.description, "x.json: stopped after \(SceneDecoder.maxErrors) errors; fix these and run again")
    }

    /// A decoder that does not gather throws the first problem, as every decoder did before.
    func testADecoderThatDoesNotGatherStopsAtTheFirst() throws {
        let value = try JSONParser.parse(#"{"kind": "flow", "eyePositon": 300, "framesPerSecond": -4}"#)
        XCTAssertThrowsError(try PreviewKinds.builtIn.named("flow")!.decode(value, SceneDecoder(file: "x.json"))) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.description, "x.json:1:18: unknown key 'eyePositon', did you mean 'eyePosition'?")
            XCTAssertEqual(e?.further, [])
        }
    }
}
