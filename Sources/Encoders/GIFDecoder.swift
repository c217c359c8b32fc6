import CGIF
import Raster

/// For tests and the benchmark: decodes with giflib (DGifOpen with an in-memory read callback, DGifSlurp) and
/// composites frames honoring disposal and transparency, as browsers do: the canvas starts transparent and
/// "restore to background" clears to transparent.
public enum GIFDecoder {
    public struct Frame {
        /// The whole canvas as shown during this frame (premultiplied; transparent where nothing is drawn).
        public var image: Pixmap
        public var delayCentiseconds: Int
        public var disposal: Int
        /// The frame's own image rectangle on the canvas.
        public var rect: (x: Int, y: Int, width: Int, height: Int)
    }

    public static func decode(_ bytes: [UInt8]) throws -> (width: Int, height: Int, loopCount: Int?, frames: [Frame]) {
        let source = GIFByteBuffer(bytes)
        var error: Int32 = 0
        guard let file = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifRead, &error) else {
            throw gifLibError("open the GIF", code: error)
        }
        // giflib reads through `source` until closed.
        defer { var e: Int32 = 0; DGifCloseFile(file, &e); withExtendedLifetime(source) {} }
        guard DGifSlurp(file) == GIF_OK else { throw gifLibError("read the GIF", code: file.pointee.Error) }
        let gif = file.pointee
        let width = Int(gif.SWidth), height = Int(gif.SHeight)
        guard width > 0, height > 0 else { throw EncoderError("GIF has an empty screen") }

        var loopCount: Int?
        func scanForLoop(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, _ count: Int32) {
            guard let blocks, count > 1 else { return }
            for i in 0..<Int(count) - 1 {
                let b = blocks[i], next = blocks[i + 1]
                guard b.Function == APPLICATION_EXT_FUNC_CODE, b.ByteCount == 11, let bytes = b.Bytes,
                      Array(UnsafeBufferPointer(start: bytes, count: 11)) == Array("NETSCAPE2.0".utf8),
                      next.Function == CONTINUE_EXT_FUNC_CODE, next.ByteCount >= 3, let n = next.Bytes, n[0] == 1
                else { continue }
                loopCount = Int(n[1]) | Int(n[2]) << 8
            }
        }

        var canvas = [UInt32](repeating: 0, count: width * height)
        var saved: [UInt32]?
        var previous: (disposal: Int, x: Int, y: Int, w: Int, h: Int)?
        var frames: [Frame] = []
        for f in 0..<Int(gif.ImageCount) {
            let image = gif.SavedImages[f]
            scanForLoop(image.ExtensionBlocks, image.ExtensionBlockCount)
            var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            _ = DGifSavedExtensionToGCB(file, Int32(f), &gcb)

            // The previous frame's disposal happens before this one is drawn.
            if let p = previous {
                if p.disposal == DISPOSE_BACKGROUND {
                    for y in max(0, p.y)..<min(height, p.y + p.h) {
                        for x in max(0, p.x)..<min(width, p.x + p.w) { canvas[y * width + x] = 0 }
                    }
                } else if p.disposal == DISPOSE_PREVIOUS, let s = saved {
                    canvas = s
                }
            }
            if gcb.DisposalMode == DISPOSE_PREVIOUS { saved = canvas }

            let desc = image.ImageDesc
            guard let map = desc.ColorMap ?? gif.SColorMap else {
                throw gifLibError("read the GIF", code: D_GIF_ERR_NO_COLOR_MAP)
            }
            let colors = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            if let raster = image.RasterBits {
                for y in 0..<h where top + y >= 0 && top + y < height {
                    for x in 0..<w where left + x >= 0 && left + x < width {
                        let i = Int(raster[y * w + x])
                        guard i != Int(gcb.TransparentColor), i < colors.count else { continue }
                        let c = colors[i]
                        canvas[(top + y) * width + left + x] =
                            0xFF00_0000 | UInt32(c.Blue) << 16 | UInt32(c.Green) << 8 | UInt32(c.Red)
                    }
                }
            }
            frames.append(Frame(image: Pixmap(bounds: IntRect(x: 0, y: 0, width: width, height: height), pixels: canvas),
                                delayCentiseconds: Int(gcb.DelayTime), disposal: Int(gcb.DisposalMode),
                                rect: (left, top, w, h)))
            previous = (Int(gcb.DisposalMode), left, top, w, h)
        }
        scanForLoop(gif.ExtensionBlocks, gif.ExtensionBlockCount)
        return (width, height, loopCount, frames)
    }
}
