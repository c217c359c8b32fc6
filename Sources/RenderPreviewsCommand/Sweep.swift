import ArgumentParser
import Compositor
import Encoders
import Foundation
import Geometry
import LayerTree
import Raster
import SceneFormat
import SceneSchema
import Text

struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame per value of a setting side by side, labeled, to compare settings at a glance.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .customLong("set-values"), help: ArgumentHelp("The setting and its values, e.g. eyePosition=200,350,500,800.",
                                                                valueName: "key=v1,v2,…"))
    var setValues: String

    @OptionGroup var selection: FrameSelection
    @OptionGroup var settings: SceneSettings

    @Option(name: .shortAndLong, help: "The PNG contact sheet to write.")
    var output: String

    func validate() throws {
        try checkExtension(output, "png", "sweep")
        guard let eq = setValues.firstIndex(of: "="), eq != setValues.startIndex,
              !setValues[setValues.index(after: eq)...].split(separator: ",").isEmpty else {
            throw ValidationError("--set-values expects key=v1,v2,…, found '\(setValues)'")
        }
    }

    func run() throws {
        try reportingErrors {
            let eq = setValues.firstIndex(of: "=")!
            let key = String(setValues[..<eq])
            let values = setValues[setValues.index(after: eq)...].split(separator: ",").map(String.init)
            var renderer = LayerRenderer()
            let text = TextMeasurer()
            var tiles: [Pixmap] = []
            for value in values {
                let overrides = settings.overrides + [SceneOverride(keyPath: key, value: value)]
                let document = try SceneLoader.loadDocument(path: scene, overrides: overrides, kinds: RenderPreviews.kinds)
                tiles.append(try renderer.render(selection.frame(of: document, path: scene, measuring: text)))
            }
            // Tiles in one row, each with its "key = value" label above it.
            let labelHeight = 44, gap = 16
            let width = tiles.reduce(0) { $0 + $1.width } + gap * (tiles.count + 1)
            let height = (tiles.map(\.height).max() ?? 0) + labelHeight + gap
            var labels = Layer(name: "labels", frame: Rect(0, 0, Double(width), Double(labelHeight)))
            var x = gap
            for (tile, value) in zip(tiles, values) {
                var label = Layer(name: "label", frame: Rect(Double(x), 0, Double(tile.width), Double(labelHeight)))
                var text = TextContents("\(key) = \(value)", weight: .semibold, size: 20, color: Color(hex: "#1C1C1E")!)
                text.alignment = .center
                label.contents = .text(text)
                labels.sublayers.append(label)
                x += tile.width + gap
            }
            let header = try renderer.render(LayerScene(canvas: Canvas(width: Double(width), height: Double(labelHeight), scale: 1,
                                                                       background: Color(hex: "#F2F2F7")!), root: labels))
            var sheet = Pixmap(width: width, height: height, fill: PremultipliedColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1))
            sheet.composite(header)
            x = gap
            for tile in tiles {
                sheet.composite(Pixmap(bounds: IntRect(x: x, y: labelHeight, width: tile.width, height: tile.height), pixels: tile.pixels))
                x += tile.width + gap
            }
            try Files.write(PNGCodec.encode(sheet), to: output)
        }
    }
}
