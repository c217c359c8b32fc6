import CPNG
import Foundation
import Raster

public struct EncoderError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// PNG through libpng's simplified API, which reports errors as messages instead of longjmp-ing.
public enum PNGCodec {
    /// 8-bit straight-alpha RGBA PNG of a pixmap. The same pixels always give the same bytes.
    public static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        let rgba = pixmap.unpremultipliedRGBA()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(pixmap.width)
        image.height = png_uint_32(pixmap.height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // Speed over the last few percent of size: frames are intermediate; the GIF is what ships.
        image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        defer { png_image_free(&image) }
        // Room for the uncompressed image plus framing; libpng says so and asks again if it needs more.
        var capacity = rgba.count + pixmap.height + 4096
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = out.withUnsafeMutableBytes { o in
                rgba.withUnsafeBytes { r in
                    png_image_write_to_memory(&image, o.baseAddress, &size, 0, r.baseAddress, png_int_32(pixmap.width * 4), nil)
                }
            }
            if ok != 0 {
                out.removeSubrange(size...)
                return out
            }
            if size > capacity { capacity = size; image.warning_or_error = 0; continue }
            throw EncoderError("libpng could not encode the image: \(message(of: &image))")
        }
        throw EncoderError("libpng could not encode the image: \(message(of: &image))")
    }

    /// Decodes any PNG into premultiplied RGBA8.
    public static func decode(_ data: [UInt8]) throws -> Pixmap {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw EncoderError("libpng could not read the PNG: \(message(of: &image))") }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let done = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil) }
        guard done != 0 else { throw EncoderError("libpng could not decode the PNG: \(message(of: &image))") }
        return Pixmap(width: width, height: height, straightRGBA: rgba)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// Writes a file so that readers see either the old file or the whole new one, never a part: the bytes go
/// to a temporary file beside the target, which is then renamed over it.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
        try Data(bytes).write(to: temp)
        if rename(temp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            throw EncoderError("cannot write \(path): \(reason)")
        }
    } catch let error as EncoderError {
        throw error
    } catch {
        try? FileManager.default.removeItem(at: temp)
        throw EncoderError("cannot write \(path): \(error.localizedDescription)")
    }
}
