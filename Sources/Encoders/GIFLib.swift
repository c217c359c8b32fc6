import CGIF

// Thin wrappers over giflib: in-memory output and input through its callback API, color maps, the file
// assembly (image data written as already compressed code blocks) and giflib's own LZW as a reference.

/// Bytes giflib writes through `EGifOpen`'s callback or reads through `DGifOpen`'s.
final class GIFByteBuffer {
    var bytes: [UInt8]
    var readOffset = 0
    init(_ bytes: [UInt8] = []) { self.bytes = bytes }
}

func gifLibError(_ what: String, code: Int32) -> EncoderError {
    let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return EncoderError("giflib could not \(what): \(text)")
}

private let gifWrite: OutputFunc = { file, data, length in
    guard let file, let data, length > 0 else { return 0 }
    let sink = Unmanaged<GIFByteBuffer>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return length
}

let gifRead: InputFunc = { file, data, length in
    guard let file, let data, length > 0 else { return 0 }
    let source = Unmanaged<GIFByteBuffer>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
    let n = min(Int(length), source.bytes.count - source.readOffset)
    guard n > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { b in
        data.update(from: b.baseAddress! + source.readOffset, count: n)
    }
    source.readOffset += n
    return Int32(n)
}

/// A giflib color map for a palette of at most 255 colors; the index after the last color is the
/// transparent one, and the table is padded (black) to a power of two, at least 2.
final class GIFColorMap {
    let colors: [UInt32]
    let object: UnsafeMutablePointer<ColorMapObject>
    var transparentIndex: Int { colors.count }
    var bitsPerPixel: Int { Int(object.pointee.BitsPerPixel) }

    init(colors: [UInt32]) throws {
        precondition(colors.count <= 255)
        self.colors = colors
        var size = 2
        while size < colors.count + 1 { size *= 2 }
        var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in colors.enumerated() {
            table[i] = GifColorType(Red: UInt8(c & 0xFF), Green: UInt8((c >> 8) & 0xFF), Blue: UInt8((c >> 16) & 0xFF))
        }
        guard let object = GifMakeMapObject(Int32(size), &table) else {
            throw EncoderError("giflib could not allocate a color map")
        }
        self.object = object
    }

    deinit { GifFreeMapObject(object) }
}

/// An open giflib writer into memory; closes on deinit if not closed.
final class GIFWriter {
    let sink = GIFByteBuffer()
    private var file: UnsafeMutablePointer<GifFileType>?

    init() throws {
        var error: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), gifWrite, &error) else {
            throw gifLibError("start a GIF", code: error)
        }
        self.file = file
    }

    deinit { if file != nil { var e: Int32 = 0; EGifCloseFile(file, &e) } }

    private func check(_ result: Int32, _ what: String) throws {
        guard result == GIF_OK else { throw gifLibError(what, code: file?.pointee.Error ?? 0) }
    }

    func screen(width: Int, height: Int, map: GIFColorMap) throws {
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map.object), "write the screen descriptor")
    }

    func extensionBlocks(code: Int32, _ blocks: [[UInt8]]) throws {
        try check(EGifPutExtensionLeader(file, code), "write an extension")
        for var b in blocks { try check(EGifPutExtensionBlock(file, Int32(b.count), &b), "write an extension") }
        try check(EGifPutExtensionTrailer(file), "write an extension")
    }

    func imageDescriptor(x: Int, y: Int, width: Int, height: Int, localMap: GIFColorMap?) throws {
        try check(EGifPutImageDesc(file, Int32(x), Int32(y), Int32(width), Int32(height), false, localMap?.object),
                  "write an image descriptor")
    }

    /// LZW-compresses the whole image in one call (giflib does not care about row boundaries).
    func pixels(_ indices: UnsafeMutableBufferPointer<UInt8>) throws {
        try check(EGifPutLine(file, indices.baseAddress, Int32(indices.count)), "compress an image")
    }

    /// Copies already compressed data sub-blocks (ending with the empty block) after an image descriptor.
    func codeBlocks(_ data: [UInt8], codeSize: Int) throws {
        try data.withUnsafeBufferPointer { d in
            var at = 0, first = true
            while at < d.count && d[at] != 0 {
                let block = d.baseAddress! + at
                try check(first ? EGifPutCode(file, Int32(codeSize), block) : EGifPutCodeNext(file, block), "write image data")
                first = false
                at += Int(d[at]) + 1
            }
        }
        try check(EGifPutCodeNext(file, nil), "write image data")
    }

    func close() throws -> [UInt8] {
        var error: Int32 = 0
        let result = EGifCloseFile(file, &error)
        file = nil
        guard result == GIF_OK else { throw gifLibError("finish the GIF", code: error) }
        return sink.bytes
    }
}

/// LZW code blocks of one image (as they follow the code-size byte, with the terminating empty block) as
/// giflib compresses them: the reference `GIFLZWEncoder` is checked against.
func gifCompress(_ indices: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, map: GIFColorMap) throws -> [UInt8] {
    let writer = try GIFWriter()
    try writer.screen(width: width, height: height, map: map)
    try writer.imageDescriptor(x: 0, y: 0, width: width, height: height, localMap: nil)
    let start = writer.sink.bytes.count
    try writer.pixels(indices)
    let data = Array(writer.sink.bytes[start...])
    _ = try writer.close()
    return data
}
