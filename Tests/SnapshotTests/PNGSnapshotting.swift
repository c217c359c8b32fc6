import Encoders
import Foundation
import Raster
import SnapshotTesting

extension Diffing where Value == Pixmap {
    /// Compares rendered pixmaps through their PNG encoding. On a mismatch it writes the actual image and a
    /// diff image next to the golden (`<name>.actual.png`, `<name>.diff.png`) and says how many pixels
    /// differ by how much.
    static func png(tolerance: Int = 0, artifactsBase: String) -> Diffing {
        .diff(
            toData: { Data((try? PNGCodec.encode($0)) ?? []) },
            fromData: { data in
                (try? PNGCodec.decode([UInt8](data))) ?? Pixmap(width: 0, height: 0)
            },
            diffV2: { expected, actual in
                let difference = PixelDifference(expected: expected, actual: actual, tolerance: tolerance)
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
                for (suffix, image) in [(".actual.png", actual), (".diff.png", difference.image)] {
                    guard let png = try? PNGCodec.encode(image) else { continue }
                    attachments.append(.data(Data(png), name: (artifactsBase as NSString).lastPathComponent + suffix))
                    do {
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

extension Snapshotting where Value == Pixmap, Format == Pixmap {
    static func png(tolerance: Int = 0, artifactsBase: String) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(tolerance: tolerance, artifactsBase: artifactsBase))
    }
}
