internal import Encoders
internal import Raster
import Foundation

/// An image file that cannot be shown: missing, unreadable, not a PNG, or too large.
public struct ImageError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

extension LayerImage {
    /// A PNG file decoded, as a kind shows it in a layer's `contents` (`.image(…)`). Decode an image once, when
    /// the kind reads its settings, not once a frame. `name` is what `tree` writes back (the path by default).
    public init(contentsOfFile path: String, name: String? = nil) throws(ImageError) {
        func fail(_ reason: String) -> ImageError { ImageError(path: path, reason: reason) }
        // Only a regular file of a sane size is read (not a device that never ends, nor a folder).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { throw fail("no such file") }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw fail("is a folder, not an image") }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw fail("is not a regular file") }
        if let size = attributes[.size] as? NSNumber, size.int64Value > 256 << 20 { throw fail("is larger than 256 MB") }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot be read") }
        let bytes = [UInt8](data)
        // The size is read from the header first, so a hostile one asks for no runaway allocation.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature else { throw fail("not a PNG image (PNG is read; JPEG is not yet)") }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        let (width, height) = (be32(16), be32(20))
        guard width >= 1, height >= 1, width <= LayerImage.maxSide, height <= LayerImage.maxSide else {
            throw fail("the image is \(width)x\(height) pixels; each side must be 1...\(LayerImage.maxSide)")
        }
        let pixmap: Pixmap
        do { pixmap = try PNGCodec.decode(bytes) } catch { throw fail(String(describing: error)) }
        guard let image = LayerImage(name: name ?? path, width: pixmap.width, height: pixmap.height,
                                     premultipliedPixels: pixmap.pixels) else { throw fail("the image has no pixels") }
        self = image
    }
}
