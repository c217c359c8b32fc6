/// Source-over compositing of premultiplied RGBA8 in sRGB space (no linearisation), as Core Animation and
/// Skia's defaults blend. Packed pixels are processed two channels at a time.

/// `c × a / 255`, rounded, for all four channels of a packed pixel.
@inline(__always)
func multiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (c & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((c >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

@inline(__always)
func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ multiply(dst, 255 &- (src >> 24))
}

extension Pixmap {
    /// Paints `color` through a coverage mask, optionally scaled by a second (clip) mask.
    public mutating func fill(_ mask: Mask, color: PremultipliedColor, within clip: IntRect? = nil) {
        var area = bounds.intersection(mask.bounds)
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty, color.packed != 0 else { return }
        let src = color.packed
        let opaque = (src >> 24) == 255
        let pw = bounds.width, mw = mask.bounds.width
        mask.data.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { p in
                for y in area.y..<area.maxY {
                    var pi = (y - bounds.y) * pw + (area.x - bounds.x)
                    var mi = (y - mask.bounds.y) * mw + (area.x - mask.bounds.x)
                    for _ in 0..<area.width {
                        let cov = UInt32(m[mi])
                        if cov == 255 {
                            p[pi] = opaque ? src : sourceOver(src, p[pi])
                        } else if cov != 0 {
                            p[pi] = sourceOver(multiply(src, cov), p[pi])
                        }
                        pi += 1; mi += 1
                    }
                }
            }
        }
    }

    /// Composites `source` over this pixmap, faded by `opacity` (0...255) and optionally through `mask`.
    public mutating func composite(_ source: Pixmap, opacity: UInt8 = 255, mask: Mask? = nil, within clip: IntRect? = nil) {
        var area = bounds.intersection(source.bounds)
        if let mask { area = area.intersection(mask.bounds) }
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty, opacity > 0 else { return }
        let op = UInt32(opacity)
        let pw = bounds.width, sw = source.bounds.width
        let emptyMask: [UInt8] = []
        let maskData = mask?.data ?? emptyMask
        let mw = mask?.bounds.width ?? 0, mx = mask?.bounds.x ?? 0, my = mask?.bounds.y ?? 0
        let hasMask = mask != nil
        maskData.withUnsafeBufferPointer { m in
            source.pixels.withUnsafeBufferPointer { s in
                pixels.withUnsafeMutableBufferPointer { p in
                    for y in area.y..<area.maxY {
                        var pi = (y - bounds.y) * pw + (area.x - bounds.x)
                        var si = (y - source.bounds.y) * sw + (area.x - source.bounds.x)
                        var mi = hasMask ? (y - my) * mw + (area.x - mx) : 0
                        for _ in 0..<area.width {
                            var c = s[si]
                            var k = op
                            if hasMask { k = (k * UInt32(m[mi]) + 127) / 255; mi += 1 }
                            if c != 0 && k != 0 {
                                if k != 255 { c = multiply(c, k) }
                                p[pi] = (c >> 24) == 255 ? c : sourceOver(c, p[pi])
                            }
                            pi += 1; si += 1
                        }
                    }
                }
            }
        }
    }

    /// The alpha channel as a mask.
    public func alphaMask() -> Mask {
        Mask(bounds: bounds, data: pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) })
    }
}
