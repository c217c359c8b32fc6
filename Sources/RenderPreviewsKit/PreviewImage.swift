import Foundation
internal import Encoders
package import Raster

/// One rendered frame: its pixels, and its PNG encoding.
public struct PreviewImage: Sendable, Equatable {
    package let pixmap: Pixmap
    /// Why there are no pixels: a snapshot strategy cannot throw, so a failed render travels to its diff.
    package var problem: String?
    /// What the image shows (`mail-cell-swipe-1.2s`): names a snapshot's artifacts when no path is given.
    package var label: String?

    package init(_ pixmap: Pixmap) { self.pixmap = pixmap }

    package init(problem: String) { pixmap = Pixmap(width: 0, height: 0); self.problem = problem }

    /// Reads a PNG file's data (the goldens of a snapshot test).
    public init(pngData: Data) throws {
        do {
            pixmap = try PNGCodec.decode([UInt8](pngData))
        } catch {
            throw SceneError(file: "PNG data", line: 0, column: 0, keyPath: "", message: "\(error)")
        }
    }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    /// The pixels row by row from the top, four bytes each: red, green, blue, alpha (not premultiplied).
    public var rgba: [UInt8] { pixmap.unpremultipliedRGBA() }

    /// The image as a PNG file.
    public func pngData() throws -> Data { Data(try PNGCodec.encode(pixmap)) }

    public static func == (a: PreviewImage, b: PreviewImage) -> Bool {
        a.width == b.width && a.height == b.height && a.pixmap.pixels == b.pixmap.pixels
    }
}
