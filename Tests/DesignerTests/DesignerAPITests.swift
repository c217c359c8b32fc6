@testable import Designer
@testable import DesignerServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SceneFormat
import XCTest
import BuiltInKinds

/// The designer's HTTP API on a free loopback port, checked against the built `render-previews`: frames and
/// GIFs byte for byte, refusals word for word.
final class DesignerAPITests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenes = repo.appendingPathComponent("Scenes").path

    var server: DesignerServer!
    var serving: Task<Void, Error>!
    var base: URL!
    var scratch: URL!

    override func setUp() async throws {
        server = try DesignerServer(folder: Self.scenes, host: "127.0.0.1", port: 0)
        let s = server!
        serving = Task { try await s.run() }
        base = try await server.waitUntilListening()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("designer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        // Nothing is in flight between tests; URLSession's idle keep-alive connections need no grace.
        await server.stop(timeout: 0)
        serving.cancel()
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: - Helpers

    func get(_ pathAndQuery: String) async throws -> (status: Int, type: String, body: Data) {
        let url = URL(string: pathAndQuery, relativeTo: base)!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", data)
    }

    /// The built command line, beside this test bundle.
    static var cli: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("render-previews")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return dir.appendingPathComponent("render-previews")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = Self.cli
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    func scene(_ name: String) -> String { (Self.scenes as NSString).appendingPathComponent(name + ".json") }

    // MARK: - Tests

    func testScenesListsTheFolder() async throws {
        let r = try await get("/api/scenes")
        XCTAssertEqual(r.status, 200)
        let list = try JSONSerialization.jsonObject(with: r.body) as! [[String: Any]]
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenes).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(list.map { $0["name"] as! String }), Set(files.map { String($0.dropLast(5)) }))
        XCTAssertEqual(list.first { $0["name"] as? String == "flow-folding" }?["kind"] as? String, "flow")
    }

    func testSceneGivesEveryDeclaredParameterWithItsControl() async throws {
        let r = try await get("/api/scenes/flow-folding")
        XCTAssertEqual(r.status, 200)
        let scene = try JSONSerialization.jsonObject(with: r.body) as! [String: Any]
        XCTAssertEqual(scene["kind"] as? String, "flow")
        XCTAssertEqual(scene["frames"] as? Int, 154)
        let parameters = scene["parameters"] as! [[String: Any]]
        let eye = try XCTUnwrap(parameters.first { $0["key"] as? String == "eyePosition" })
        XCTAssertEqual(eye["unit"] as? String, "pt")
        XCTAssertEqual(eye["default"] as? String, "500")
        XCTAssertEqual(eye["defaultValue"] as? Double, 500)
        XCTAssertEqual(eye["type"] as? String, "number > 0")
        XCTAssertEqual((eye["control"] as? [String: Any])?["above"] as? Double, 0)
        XCTAssertFalse((eye["doc"] as? String ?? "").isEmpty)
        // Objects' keys come as --set spells them.
        XCTAssertNotNil(parameters.first { $0["key"] as? String == "canvas.scale" })
        XCTAssertEqual((parameters.first { $0["key"] as? String == "style" }?["control"] as? [String: Any])?["choices"] as? [String],
                       ["folding", "vega", "plain"])
    }

    func testFrameIsByteForByteTheCommandLinesFrame() async throws {
        let r = try await get("/api/frame?scene=flow-folding&time=2&set=eyePosition=300&set=canvas.scale=1")
        XCTAssertEqual(r.status, 200)
        XCTAssertEqual(r.type, "image/png")
        let png = scratch.appendingPathComponent("x.png").path
        let cli = try run(["frame", scene("flow-folding"), "--time", "2", "--set", "eyePosition=300", "--set", "canvas.scale=1", "-o", png])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(r.body, try Data(contentsOf: URL(fileURLWithPath: png)))
        // By index, and a still scene.
        let byIndex = try await get("/api/frame?scene=swipe-transition-drag&index=40")
        _ = try run(["frame", scene("swipe-transition-drag"), "--index", "40", "-o", png])
        XCTAssertEqual(byIndex.body, try Data(contentsOf: URL(fileURLWithPath: png)))
    }

    func testGIFIsByteForByteTheCommandLinesPreview() async throws {
        let r = try await get("/api/gif?scene=swipe-animation-default&set=framesPerSecond=10")
        XCTAssertEqual(r.status, 200)
        XCTAssertEqual(r.type, "image/gif")
        let gif = scratch.appendingPathComponent("x.gif").path
        let cli = try run(["render", scene("swipe-animation-default"), "--set", "framesPerSecond=10", "-o", gif, "--quiet"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(r.body, try Data(contentsOf: URL(fileURLWithPath: gif)))
    }

    /// Each bad request answers 4xx with the line the command line prints for the same input, and the server
    /// goes on serving.
    func testBadRequestsAreRefusedInTheCommandLinesWords() async throws {
        let flow = scene("flow-folding")
        let png = scratch.appendingPathComponent("x.png").path
        let cases: [(query: String, status: Int, cli: [String])] = [
            ("/api/frame?scene=nope", 404, ["render", "--scenes", Self.scenes, "--only", "nope"]),
            ("/api/frame?scene=flow-foldin", 404, ["render", "--scenes", Self.scenes, "--only", "flow-foldin"]),
            ("/api/frame?scene=..%2F..%2Fetc%2Fpasswd", 404, ["render", "--scenes", Self.scenes, "--only", "../../etc/passwd"]),
            ("/api/frame?scene=flow-folding&set=eyePosition=-5", 400, ["frame", flow, "--set", "eyePosition=-5", "-o", png]),
            ("/api/frame?scene=flow-folding&set=eyePosition=NaN", 400, ["frame", flow, "--set", "eyePosition=NaN", "-o", png]),
            ("/api/frame?scene=flow-folding&set=eyPosition=3", 400, ["frame", flow, "--set", "eyPosition=3", "-o", png]),
            ("/api/frame?scene=flow-folding&set=eyePosition", 400, ["frame", flow, "--set", "eyePosition", "-o", png]),
            ("/api/frame?scene=flow-folding&time=99", 400, ["frame", flow, "--time", "99", "-o", png]),
            ("/api/frame?scene=flow-folding&time=-1", 400, ["frame", flow, "--time", "-1", "-o", png]),
            ("/api/frame?scene=flow-folding&time=nan", 400, ["frame", flow, "--time", "nan", "-o", png]),
            ("/api/frame?scene=flow-folding&time=abc", 400, ["frame", flow, "--time", "abc", "-o", png]),
            ("/api/frame?scene=flow-folding&index=500", 400, ["frame", flow, "--index", "500", "-o", png]),
            ("/api/frame?scene=flow-folding&index=1&time=1", 400, ["frame", flow, "--index", "1", "--time", "1", "-o", png]),
            ("/api/frame?scene=flow-folding&bogus=1", 400, ["frame", flow, "--bogus", "1", "-o", png]),
            ("/api/gif?scene=flow-folding&set=canvas.scale=9", 400, ["render", flow, "--set", "canvas.scale=9", "-o", scratch.path + "/x.gif"]),
        ]
        for c in cases {
            let r = try await get(c.query)
            XCTAssertEqual(r.status, c.status, c.query)
            let cli = try run(c.cli)
            XCTAssertEqual(cli.status, 2, c.cli.joined(separator: " "))
            let said = String(decoding: r.body, as: UTF8.self)
            XCTAssertEqual(said.split(separator: "\n").first, cli.stderr.split(separator: "\n").first, c.query)
        }
        // URLSession would mend a broken escape, so this one is asked of the API without HTTP.
        let malformed = server.api.respond(path: "/api/frame", query: "scene=flow-folding&time=%zz")
        XCTAssertEqual(malformed.status, 400)
        XCTAssertTrue(String(decoding: malformed.body, as: UTF8.self).hasPrefix("render-previews: error: malformed query"))
        let missing = try await get("/api/scenes/..%2FPackage")
        XCTAssertEqual(missing.status, 404)
        let good = try await get("/api/frame?scene=flow-folding&index=3")
        XCTAssertEqual(good.status, 200, "the server keeps serving")
    }

    /// A preset given by name shows in its `like` control, as `--set` reads it.
    func testANamedPresetFillsItsLikeControl() async throws {
        let r = try await get("/api/scenes/paging-scale-cylinder")
        XCTAssertEqual(r.status, 200)
        let parameters = (try JSONSerialization.jsonObject(with: r.body) as! [String: Any])["parameters"] as! [[String: Any]]
        let like = try XCTUnwrap(parameters.first { $0["key"] as? String == "scale.like" })
        XCTAssertEqual(like["value"] as? String, "cylinder")
    }

    func testExportGivesTheCommandTheSceneAndTheSwift() async throws {
        let r = try await get("/api/export?scene=flow-folding&set=eyePosition=300&set=style=vega&set=itemSize=%5B300,60%5D")
        XCTAssertEqual(r.status, 200)
        let e = try JSONSerialization.jsonObject(with: r.body) as! [String: String]
        XCTAssertEqual(e["command"], "render-previews render \(scene("flow-folding")) --set eyePosition=300 --set style=vega "
            + "--set 'itemSize=[300,60]' -o flow-folding-edited.gif")
        XCTAssertEqual(e["swift"], "flowView.eyePosition = 300\nflowView.style = .vega\nflowView.itemSize = CGSize(width: 300, height: 60)\n")
        // The same writer as `format`.
        let text = try String(contentsOfFile: scene("flow-folding"), encoding: .utf8)
        let edited = try SceneLoader.parseDocument(text, file: scene("flow-folding"), overrides: [
            SceneOverride("eyePosition=300")!, SceneOverride("style=vega")!, SceneOverride("itemSize=[300,60]")!])
        XCTAssertEqual(e["json"], edited.json())
        XCTAssertTrue(e["json"]!.contains("\"eyePosition\": 300"))
    }

    /// For a folding flow, an edited eyePosition shows first in the frame where a cell first folds.
    func testChangesFindsTheFirstFrameWhereTheEditShows() async throws {
        let r = try await get("/api/changes?scene=flow-folding&set=eyePosition=200")
        let change = try JSONSerialization.jsonObject(with: r.body) as! [String: Any]
        let frame = try XCTUnwrap(change["frame"] as? Int)
        XCTAssertGreaterThan(frame, 0)
        let before = try await get("/api/frame?scene=flow-folding&index=\(frame - 1)&set=eyePosition=200")
        let beforeUnedited = try await get("/api/frame?scene=flow-folding&index=\(frame - 1)")
        XCTAssertEqual(before.body, beforeUnedited.body, "nothing differs before that frame")
        let at = try await get("/api/frame?scene=flow-folding&index=\(frame)&set=eyePosition=200")
        let atUnedited = try await get("/api/frame?scene=flow-folding&index=\(frame)")
        XCTAssertNotEqual(at.body, atUnedited.body)
        // No edits: the first frame that moves.
        let moving = try JSONSerialization.jsonObject(with: try await get("/api/changes?scene=flow-folding").body) as! [String: Any]
        XCTAssertEqual(moving["reason"] as? String, "differs from frame 0")
    }

    func testThePageServesItsControlsAndPreview() async throws {
        let page = try await get("/?scene=flow-folding")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.type.hasPrefix("text/html"))
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains("data-preview"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing is loaded from elsewhere")
        let script = String(decoding: try await get("/designer.js").body, as: UTF8.self)
        XCTAssertTrue(script.contains("\"data-param\": p.key"))
        let nowhere = try await get("/nowhere")
        XCTAssertEqual(nowhere.status, 404)
    }
}

/// `render-previews design` runs the designer product from beside it: the URL is printed when the server is
/// ready, it listens on loopback, and Ctrl-C stops it cleanly.
final class DesignCommandTests: XCTestCase {
    func testDesignPrintsItsURLServesAndStopsOnCtrlC() async throws {
        let process = Process()
        process.executableURL = DesignerAPITests.cli
        process.arguments = ["design", "--port", "0", "--scenes", DesignerAPITests.scenes]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // The first line says where the page is.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let url = try XCTUnwrap(text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }, text)
        let (data, response) = try await URLSession.shared.data(from: URL(string: url + "api/scenes")!)
        XCTAssertEqual((response as! HTTPURLResponse).statusCode, 200)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("flow-folding"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "Ctrl-C stops the server cleanly")
        XCTAssertEqual(process.terminationReason, .exit)
    }
}

/// The controls and the render bound, without HTTP.
final class DesignerModelTests: XCTestCase {
    /// Every control of every scene takes the value its scene file gives it back through `--set` unchanged:
    /// the dotted keys are the ones `--set` reads, for every kind, with no list kept here.
    func testEveryControlKeyIsASetKey() throws {
        let service = PreviewService(folder: DesignerAPITests.scenes)
        for name in try service.sceneNames() {
            let scene = try service.load(name)
            let description = Controls.describe(scene, source: try service.source(of: name)).text()
            let json = try JSONSerialization.jsonObject(with: Data(description.utf8)) as! [String: Any]
            for p in json["parameters"] as! [[String: Any]] {
                // Values the file leaves out (a kind's canvas) are shown, not set alone.
                guard let value = p["value"], p["inFile"] as? Bool != false else { continue }
                let text = value is String ? value as! String
                    : String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
                let key = p["key"] as! String
                XCTAssertNoThrow(try service.load(name, overrides: [SceneOverride(keyPath: key, value: text)]), "\(name): \(key)=\(text)")
            }
        }
    }

    /// A key the file leaves to a preset shows the preset's value, marked as not in the file: "scale":
    /// "cylinder" gives minScale 0.55 (ScaleTransformViewOptions.layout(.cylinder)), not the declared 0.75;
    /// the canvas the file leaves out is the kind's.
    func testKeysLeftToAPresetShowThePresetsValue() throws {
        let service = PreviewService(folder: DesignerAPITests.scenes)
        let scene = try service.load("paging-scale-cylinder")
        let description = Controls.describe(scene, source: try service.source(of: "paging-scale-cylinder")).text()
        let json = try JSONSerialization.jsonObject(with: Data(description.utf8)) as! [String: Any]
        let parameters = Dictionary(uniqueKeysWithValues: (json["parameters"] as! [[String: Any]]).map { ($0["key"] as! String, $0) })
        XCTAssertEqual(parameters["scale.like"]?["value"] as? String, "cylinder")
        XCTAssertNil(parameters["scale.like"]?["inFile"])
        XCTAssertEqual(parameters["scale.minScale"]?["value"] as? Double, 0.55)
        XCTAssertEqual(parameters["scale.minScale"]?["inFile"] as? Bool, false)
        XCTAssertEqual(parameters["scale.minScale"]?["defaultValue"] as? Double, 0.75)
        XCTAssertEqual(parameters["canvas.scale"]?["value"] as? Double, 0.5)
        XCTAssertEqual(parameters["canvas.scale"]?["inFile"] as? Bool, false)
    }

    func testSwiftLiteralsFollowTheControls() {
        let swift = CodeExport.swift(kind: "flow", overrides: [
            SceneOverride("eyePosition=250")!, SceneOverride("reversed=true")!, SceneOverride("leadingSpacing=null")!,
            SceneOverride("style=vega")!, SceneOverride("eyePosition=300")!, SceneOverride("itemSize=[300, 60]")!,
        ])
        XCTAssertEqual(swift, """
            flowView.eyePosition = 300
            flowView.reversed = true
            flowView.leadingSpacing = nil
            flowView.style = .vega
            flowView.itemSize = CGSize(width: 300, height: 60)

            """)
        XCTAssertEqual(CodeExport.receiver(of: "someNewKind"), "someNewKindView")
        XCTAssertEqual(CodeExport.receiver(of: "paging-custom"), "pagingCustomView")
        XCTAssertEqual(CodeExport.receiver(of: "minitimer-swipe-drag-drop"), "minitimerSwipeDragDropView")
    }

    /// The preview's own keys (its canvas, the demo's screen, the script) are no library's properties: the
    /// export names them in a comment, after the properties, in the order they were edited.
    func testThePreviewsOwnKeysAreNamedNotAssigned() {
        let swift = CodeExport.swift(kind: "flow", overrides: [
            SceneOverride("time=1:24")!, SceneOverride("eyePosition=300")!, SceneOverride("canvas.background=#FF000080")!,
            SceneOverride("homeIndicator=gray")!, SceneOverride("timeline=[]")!, SceneOverride("showsTouches=false")!,
        ])
        XCTAssertEqual(swift, """
            flowView.eyePosition = 300
            // The preview's own, not the library's (edit the scene): time, canvas.background, homeIndicator, timeline, showsTouches

            """)
        // A key a library has, whose value has no Swift literal, is still named at its property.
        let swipe = CodeExport.swift(kind: "swipe", overrides: [SceneOverride("metrics.rowHeight=90")!,
                                                                 SceneOverride("trailing.actions=[]")!])
        XCTAssertEqual(swipe, """
            // options.trailing.actions: [] (edit the scene: no Swift literal for it)
            // The preview's own, not the library's (edit the scene): metrics.rowHeight

            """)
        // Every kind declares its script and canvas as the preview's.
        for kind in PreviewKinds.builtIn.all where kind.name != "layers" {
            let owners = Dictionary(uniqueKeysWithValues: kind.parameters.map { ($0.key, $0.owner) })
            XCTAssertEqual(owners["canvas"], .preview, kind.name)
            XCTAssertEqual(owners["timeline"], .preview, kind.name)
            XCTAssertEqual(owners["showsTouches"], .preview, kind.name)
        }
    }

    /// CollectionViewPagingLayout's options as a cell holds them: `scaleOptions`, optional parts chained.
    func testPagingOptionsAreTheLibrarysProperties() {
        let swift = CodeExport.swift(kind: "paging", overrides: [
            SceneOverride("scale.minScale=0.3")!, SceneOverride("scale.rotation3d.angle=0.5")!,
            SceneOverride("scale.translation3d.translateRatios=[0.1, 0, 0.2]")!, SceneOverride("scale.scaleCurve=easeIn")!,
        ])
        XCTAssertEqual(swift, """
            scaleOptions.minScale = 0.3
            scaleOptions.rotation3d?.angle = 0.5
            scaleOptions.translation3d?.translateRatios = (0.1, 0, 0.2)
            scaleOptions.scaleCurve = .easeIn

            """)
        let snapshot = CodeExport.swift(kind: "paging", overrides: [
            SceneOverride("snapshot.pieceSizeRatio=[0.25, 0.1]")!, SceneOverride("snapshot.containerScaleRatio=0.2")!,
            SceneOverride("snapshot.piecesAlphaRatio={\"rowBased\": 0.1}")!,
        ])
        XCTAssertEqual(snapshot, """
            snapshotOptions.pieceSizeRatio = CGSize(width: 0.25, height: 0.1)
            snapshotOptions.containerScaleRatio = 0.2
            // snapshotOptions.piecesAlphaRatio: {"rowBased": 0.1} (edit the scene: no Swift literal for it)

            """)
    }

    /// One render running and one waiting per client: a newer request takes the waiting one's place.
    func testANewerRequestSupersedesTheWaitingOne() async {
        let gate = RenderGate()
        let first = await gate.enter("c")
        XCTAssertTrue(first)
        let second = Task { await gate.enter("c") }
        try? await Task.sleep(nanoseconds: 50_000_000)
        let third = Task { await gate.enter("c") }
        let secondResult = await second.value
        XCTAssertFalse(secondResult, "superseded")
        let other = await gate.enter("other client")
        XCTAssertTrue(other, "clients do not wait for each other")
        await gate.leave("c")
        let thirdResult = await third.value
        XCTAssertTrue(thirdResult)
        await gate.leave("c")
        let again = await gate.enter("c")
        XCTAssertTrue(again)
    }

    func testQueriesReadAsTheCommandLineReadsOptions() throws {
        let q = try DesignerQuery("scene=a+b&set=x%3D1&set=y=2&time=1&time=2")
        XCTAssertEqual(q.value("scene"), "a b")
        XCTAssertEqual(q.values("set"), ["x=1", "y=2"])
        XCTAssertEqual(q.value("time"), "2", "the last one wins, as with options")
        XCTAssertThrowsError(try DesignerQuery("a=%E0%A4%A"))
    }
}
