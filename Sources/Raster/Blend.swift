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

/// A solid color at some coverage (0...255) over a pixel; `opaque` says the color's alpha is 255.
@inline(__always)
func paint(_ src: UInt32, opaque: Bool, coverage: UInt32, over dst: UInt32) -> UInt32 {
    if coverage == 255 { return opaque ? src : sourceOver(src, dst) }
    return coverage == 0 ? dst : sourceOver(multiply(src, coverage), dst)
}

/// Where drawing may land: a rectangle of pixels and, for rounded or transformed clips, a coverage mask that
/// scales every pixel drawn (an anti-aliased clip, as Skia's clipRRect).
public struct Clip: Sendable {
    public var rect: IntRect
    public var mask: Mask?

    public init(rect: IntRect, mask: Mask? = nil) {
        self.rect = mask.map { rect.intersection($0.bounds) } ?? rect
        self.mask = mask
    }

    /// This clip further limited to a rectangle.
    public func intersecting(_ r: IntRect) -> Clip { Clip(rect: rect.intersection(r), mask: mask) }

    /// This clip further limited by a coverage mask: coverages multiply.
    public func intersecting(_ m: Mask) -> Clip {
        guard let mask else { return Clip(rect: rect, mask: m) }
        let area = rect.intersection(m.bounds).intersection(mask.bounds)
        var data = [UInt8](repeating: 0, count: area.area)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                data[(y - area.y) * area.width + x - area.x] =
                    UInt8((UInt32(mask.value(x: x, y: y)) * UInt32(m.value(x: x, y: y)) + 127) / 255)
            }
        }
        return Clip(rect: area, mask: Mask(bounds: area, data: data))
    }
}

extension Pixmap {
    /// Paints `color` through a coverage mask, limited by `clip`.
    public mutating func fill(_ mask: Mask, color: PremultipliedColor, clip: Clip? = nil) {
        var area = bounds.intersection(mask.bounds)
        if let clip { area = area.intersection(clip.rect) }
        guard !area.isEmpty, color.packed != 0 else { return }
        let src = color.packed
        let opaque = (src >> 24) == 255
        let pw = bounds.width, mw = mask.bounds.width
        if let clipMask = clip?.mask {
            let cw = clipMask.bounds.width
            clipMask.data.withUnsafeBufferPointer { c in
                mask.data.withUnsafeBufferPointer { m in
                    pixels.withUnsafeMutableBufferPointer { p in
                        for y in area.y..<area.maxY {
                            var pi = (y - bounds.y) * pw + (area.x - bounds.x)
                            var mi = (y - mask.bounds.y) * mw + (area.x - mask.bounds.x)
                            var ci = (y - clipMask.bounds.y) * cw + (area.x - clipMask.bounds.x)
                            for _ in 0..<area.width {
                                let cov = (UInt32(m[mi]) * UInt32(c[ci]) + 127) / 255
                                p[pi] = paint(src, opaque: opaque, coverage: cov, over: p[pi])
                                pi += 1; mi += 1; ci += 1
                            }
                        }
                    }
                }
            }
            return
        }
        mask.data.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { p in
                for y in area.y..<area.maxY {
                    var pi = (y - bounds.y) * pw + (area.x - bounds.x)
                    var mi = (y - mask.bounds.y) * mw + (area.x - mask.bounds.x)
                    var n = area.width
                    while n > 0 {
                        let cov = UInt32(m[mi])
                        if cov == 255 && opaque {
                            // Interior run: a plain store, which the optimizer turns into wide writes.
                            var run = 1
                            while run < n && m[mi + run] == 255 { run += 1 }
                            (p.baseAddress! + pi).update(repeating: src, count: run)
                            pi += run; mi += run; n -= run
                            continue
                        }
                        p[pi] = paint(src, opaque: opaque, coverage: cov, over: p[pi])
                        pi += 1; mi += 1; n -= 1
                    }
                }
            }
        }
    }

    /// Composites `source` over this pixmap, faded by `opacity` (0...255) and optionally through `mask`.
    public mutating func composite(_ source: Pixmap, opacity: UInt8 = 255, clip: Clip? = nil) {
        let mask = clip?.mask
        var area = bounds.intersection(source.bounds)
        if let clip { area = area.intersection(clip.rect) }
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
