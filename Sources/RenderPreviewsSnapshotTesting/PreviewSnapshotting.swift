import Foundation
public import RenderPreviewsKit
public import SnapshotTesting
internal import Encoders
internal import Raster

extension Diffing where Value == PreviewImage {
    /// Compares images through their PNG encoding, pixel by pixel: channels that differ by at most
    /// `tolerance` (0...255) count as equal. A mismatch says how many pixels differ and by how much, and
    /// attaches the actual image and a diff image (differing pixels in red on grey). Both are also written as
    /// `<base>.actual.png` and `<base>.diff.png`, and removed again once the image matches: `artifactsBase` is a
    /// path without extension (typically the golden's); without one they go to `$SNAPSHOT_ARTIFACTS` (else the
    /// temporary folder), into `RenderPreviews/`, named after the scene and time (XCTest and Swift Testing on
    /// Linux drop attachments, so the files are what a failure leaves to look at).
    public static func image(tolerance: Int = 0, artifactsBase: String? = nil) -> Diffing {
        .diff(
            toData: { (try? $0.pngData()) ?? Data() },
            fromData: { data in
                do { return try PreviewImage(pngData: data) } catch { return PreviewImage(problem: "the golden is not a PNG (\(error))") }
            },
            diffV2: { expected, actual in
                if let problem = actual.problem ?? expected.problem { return (problem, []) }
                let difference = PixelDifference(expected: expected.pixmap, actual: actual.pixmap, tolerance: tolerance)
                let artifactsBase = artifactsBase ?? defaultArtifactsBase(actual.label ?? "image")
                if difference.isEmpty {
                    for suffix in [".actual.png", ".diff.png"] { try? FileManager.default.removeItem(atPath: artifactsBase + suffix) }
                    return nil
                }
                var message = "Rendered image does not match the golden: \(difference.summary)."
                if !difference.sameSize {
                    message += " Expected \(expected.width)x\(expected.height), rendered \(actual.width)x\(actual.height)."
                }
                var attachments: [DiffAttachment] = []
                var written: [String] = []
                let stem = (artifactsBase as NSString).lastPathComponent
                for (suffix, image) in [(".actual.png", actual.pixmap), (".diff.png", difference.image)] {
                    guard let png = try? PNGCodec.encode(image) else { continue }
                    attachments.append(.data(Data(png), name: stem + suffix))
                    do {
                        try FileManager.default.createDirectory(atPath: (artifactsBase as NSString).deletingLastPathComponent,
                                                                withIntermediateDirectories: true)
                        try writeAtomically(png, to: artifactsBase + suffix)
                        written.append(artifactsBase + suffix)
                    } catch {
                        message += " Could not write \(artifactsBase + suffix): \(error)."
                    }
                }
                if !written.isEmpty { message += " Wrote " + written.joined(separator: " and ") + "." }
                return (message, attachments)
            }
        )
    }
}

extension Snapshotting where Value == PreviewImage, Format == PreviewImage {
    /// A rendered image as a PNG golden, compared as ``SnapshotTesting/Diffing/image(tolerance:artifactsBase:)`` does.
    public static func image(tolerance: Int = 0, artifactsBase: String? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance, artifactsBase: artifactsBase))
    }
}

extension Snapshotting where Value == PreviewScene, Format == PreviewImage {
    /// The scene's frame at `time` seconds (a still scene's one frame) as a PNG golden.
    ///
    /// ```swift
    /// assertSnapshot(of: try PreviewScene(contentsOf: url), as: .png(time: 0.5))
    /// ```
    public static func png(time: Double = 0, tolerance: Int = 0, artifactsBase: String? = nil) -> Snapshotting {
        Snapshotting<PreviewImage, PreviewImage>.image(tolerance: tolerance, artifactsBase: artifactsBase).pullback { scene in
            do {
                var image = try scene.image(at: time)
                image.label = "\(scene.name)-\(time)s"
                return image
            } catch {
                return PreviewImage(problem: "\(error)")
            }
        }
    }

    /// The whole preview as one PNG golden: its key frames (`PreviewScene.keyFrameTimes`, or `times`) side by
    /// side, left to right, 8 transparent pixels apart. A change anywhere in the animation that shows at a
    /// key frame fails it; one golden keeps the review to one picture.
    public static func keyFrames(_ times: [Double]? = nil, tolerance: Int = 0, artifactsBase: String? = nil) -> Snapshotting {
        Snapshotting<PreviewImage, PreviewImage>.image(tolerance: tolerance, artifactsBase: artifactsBase).pullback { scene in
            do {
                var strip = PreviewImage(filmstrip(try (times ?? scene.keyFrameTimes).map { try scene.image(at: $0).pixmap }, gap: 8))
                strip.label = "\(scene.name)-key-frames"
                return strip
            } catch {
                return PreviewImage(problem: "\(error)")
            }
        }
    }
}

/// `$SNAPSHOT_ARTIFACTS/RenderPreviews/<label>`: where swift-snapshot-testing writes failed snapshots, too.
func defaultArtifactsBase(_ label: String) -> String {
    let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
    return ((root as NSString).appendingPathComponent("RenderPreviews") as NSString)
        .appendingPathComponent(label.replacingOccurrences(of: "/", with: "-"))
}

/// Images laid left to right on a transparent strip as tall as the tallest.
func filmstrip(_ images: [Pixmap], gap: Int) -> Pixmap {
    let width = images.map(\.width).reduce(0, +) + gap * max(0, images.count - 1)
    var strip = Pixmap(width: width, height: images.map(\.height).max() ?? 0)
    var x = 0
    for image in images {
        for row in 0..<image.height {
            let from = row * image.width, to = row * strip.width + x
            strip.pixels.replaceSubrange(to..<(to + image.width), with: image.pixels[from..<(from + image.width)])
        }
        x += image.width + gap
    }
    return strip
}
