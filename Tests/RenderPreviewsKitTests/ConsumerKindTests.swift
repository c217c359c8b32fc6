import Foundation
import BuiltInKinds
import RenderPreviewsKindKit
import RenderPreviewsKit
import XCTest

/// A kind of the test's own, as a package would write one: `bad` makes its frames break a rule of the layer tree.
enum ProbeKind: PreviewKind {
    static let name = "probe"
    static let summary = "a test kind whose frames can be made invalid"

    struct Settings: PreviewSettings {
        var canvas = Canvas(width: 100, height: 80, scale: 1)
        var bad = "none"
        var duration = 1.0
    }

    static let defaults = Settings()
    static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), owner: .preview, doc: ""),
        Field("bad", \.bad, .string, doc: "what to break"),
        Field("duration", \.duration, .number(.positive), unit: "s", doc: ""),
    ])

    static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation { Probe(settings: settings) }

    struct Probe: PreviewAnimation {
        let settings: Settings
        var canvas: Canvas { settings.canvas }
        var framesPerSecond: Double { 10 }
        var duration: Double { settings.bad == "duration" ? .nan : settings.duration }
        func frame(at time: Double) -> LayerScene {
            var root = Layer(name: "root", frame: Rect(0, 0, 100, 80))
            var card = Layer(name: "card", frame: Rect(10, 10, 50, 40))
            card.backgroundColor = .black
            switch time >= 0.45 ? settings.bad : "none" {
            case "transform": card.transform.m34 = -1 / 0.0
            case "nan-position": card.position = Point(.nan, 3)
            case "opacity": card.opacity = .nan
            case "depth":
                var deep = card
                for _ in 0..<300 { var parent = Layer(name: "wrap"); parent.sublayers = [deep]; deep = parent }
                card = deep
            case "count": card.sublayers = Array(repeating: Layer(name: "leaf", frame: Rect(0, 0, 1, 1)), count: 200_000)
            default: break
            }
            root.sublayers = [card]
            return LayerScene(canvas: canvas, root: root)
        }
    }
}

final class ConsumerKindTests: XCTestCase {
    func scene(_ bad: String) throws -> PreviewScene {
        try PreviewScene(json: Data(#"{"kind": "probe", "bad": "\#(bad)"}"#.utf8), name: "probe-\(bad)", kinds: [ProbeKind.self])
    }

    func testAPackagesKindIsReadBesideTheBuiltInOnes() throws {
        let scene = try scene("none")
        XCTAssertEqual(scene.kind, "probe")
        XCTAssertEqual(scene.parameters.map(\.key), ["canvas", "bad", "duration"])
        XCTAssertEqual(scene.frameCount, 11)
        XCTAssertNoThrow(try scene.preview())
        // Without the kind, the scene names the kinds there are.
        XCTAssertThrowsError(try PreviewScene(json: Data(#"{"kind": "probe"}"#.utf8))) { error in
            XCTAssertTrue(String(describing: error).contains("found \"probe\""), String(describing: error))
        }
    }

    func testAFrameThatBreaksTheTreesRulesIsAnErrorNamingKindSceneAndFrame() throws {
        let cases = [("transform", "card.transform", "finite"), ("nan-position", "card.position", "finite"),
                     ("opacity", "card.opacity", "finite"), ("depth", "deeper than", "64"), ("count", "layers", "100000")]
        for (bad, what, rule) in cases {
            let scene = try scene(bad)
            XCTAssertNoThrow(try scene.image(at: 0), bad)
            XCTAssertThrowsError(try scene.image(at: 0.5), bad) { error in
                let text = String(describing: error)
                for part in ["probe-\(bad)", "probe", "frame 5", what, rule] {
                    XCTAssertTrue(text.contains(part), "\(bad): '\(part)' missing from: \(text)")
                }
            }
            XCTAssertThrowsError(try scene.preview(), bad)
        }
    }

    func testANonFiniteLengthIsAnError() throws {
        XCTAssertThrowsError(try scene("duration")) { error in
            XCTAssertTrue(String(describing: error).contains("duration"), String(describing: error))
        }
    }
}

final class KindRegistryTests: XCTestCase {
    /// A package's kind may not take a built-in kind's name: the command line and the designer refuse to start.
    enum Impostor: PreviewKind {
        static let name = "swipe"
        static let summary = "a kind that takes a built-in kind's name"
        typealias Settings = ProbeKind.Settings
        static let defaults = ProbeKind.defaults
        static let schema = ProbeKind.schema
        static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
            ProbeKind.animation(of: settings, text: text)
        }
    }

    func testATakenNameIsRefused() {
        XCTAssertNil((PreviewKinds.builtIn + [ProbeKind.self]).duplicateNamesRefusal)
        let refusal = (PreviewKinds.builtIn + [Impostor.self]).duplicateNamesRefusal
        XCTAssertEqual(refusal, "render-previews: error: more than one kind is named \"swipe\"; a package's kinds need names of their own\n")
    }
}
