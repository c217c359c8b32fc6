import ArgumentParser
import Foundation
import Previews
import SceneSchema
import Text

/// Damage tracking's test over real scenes: every frame drawn incrementally (over the worker's previous
/// frame, only where it changed) and whole, compared pixel for pixel.
struct VerifyDamage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-damage",
        abstract: "Render every frame both whole and redrawn only where it changed; exit 1 on any pixel that differs.",
        discussion: """
        Prints, per scene, the frames and the share of pixels the incremental render redrew. With no scene \
        given, every scene in --scenes.
        """)

    @Argument(help: "Scene files (JSON); all of --scenes when none are given.")
    var files: [String] = []

    @Option(help: "The folder of scene files.")
    var scenes: String = "Scenes"

    @OptionGroup var settings: SceneSettings

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        try reportingErrors {
            let text = TextMeasurer()
            var mismatches: [String] = []
            var redrawn = 0, total = 0
            for path in files.isEmpty ? try sceneFiles(in: scenes, only: nil) : files {
                let frames = try settings.load(path, kinds: RenderPreviews.kinds).frames(measuring: text)
                let renderer = FrameRenderer(verifiesIncremental: true)
                do {
                    try renderer.forEachFrame(of: frames, { _, _ in })
                } catch let mismatch as FrameMismatch {
                    FileHandle.standardError.write(Data("\(path): error: \(mismatch)\n".utf8))
                    mismatches.append(path)
                    continue
                }
                redrawn += renderer.redrawnPixels; total += renderer.framePixels
                if !quiet {
                    print("\(path) frames=\(frames.count) redrawn=\(String(format: "%.1f", 100 * Double(renderer.redrawnPixels) / Double(max(1, renderer.framePixels))))%")
                }
            }
            if !mismatches.isEmpty { throw ExitCode(1) }
            print("incremental renders are identical to whole renders (\(String(format: "%.1f", 100 * Double(redrawn) / Double(max(1, total))))% of pixels redrawn)")
        }
    }
}
