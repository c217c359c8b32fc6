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

/// A color at some coverage (0...255) over a pixel; `opaque` says the color's alpha is 255.
@inline(__always)
func blend(_ src: UInt32, opaque: Bool, coverage: UInt32, over dst: UInt32) -> UInt32 {
    if coverage == 255 { return opaque ? src : sourceOver(src, dst) }
    return coverage == 0 ? dst : sourceOver(multiply(src, coverage), dst)
}

/// Where drawing may land: a rectangle of pixels and, for rounded or transformed clips, a coverage mask that
/// scales every pixel drawn (an anti-aliased clip, as Skia's clipRRect).
///
/// `window`, when set, only limits which pixels are written: everything else (the areas paths are swept
/// over, offscreen groups, masks, blurs) is computed exactly as without it, so a frame redrawn inside a
/// window over the previous frame's pixels is bit for bit the frame drawn whole.
public struct Clip: Sendable {
    public var rect: IntRect
    public var mask: Mask?
    public var window: IntRect?

    public init(rect: IntRect, mask: Mask? = nil, window: IntRect? = nil) {
        self.rect = mask.map { rect.intersection($0.bounds) } ?? rect
        self.mask = mask
        self.window = window
    }

    /// This clip further limited to a rectangle.
    public func intersecting(_ r: IntRect) -> Clip { Clip(rect: rect.intersection(r), mask: mask, window: window) }

    /// This clip further limited by a coverage mask: coverages multiply.
    public func intersecting(_ m: Mask) -> Clip {
        guard let mask else { return Clip(rect: rect, mask: m, window: window) }
        let area = rect.intersection(m.bounds).intersection(mask.bounds)
        // Full where both are known to be full.
        var interior = MaskInterior(rows: area.height)
        if let a = mask.interior, let b = m.interior {
            for y in area.y..<area.maxY {
                let ra = a.run(y - mask.bounds.y), rb = b.run(y - m.bounds.y)
                let start = max(ra.lowerBound, rb.lowerBound, area.x), end = min(ra.upperBound, rb.upperBound, area.maxX)
                if start < end { interior.setRun(y - area.y, start..<end) }
            }
        }
        let data = [UInt8](unsafeUninitializedCapacity: area.area) { out, count in
            mask.data.withUnsafeBufferPointer { p in
                m.data.withUnsafeBufferPointer { q in
                    for y in area.y..<area.maxY {
                        let o = out.baseAddress! + (y - area.y) * area.width - area.x
                        let u = p.baseAddress! + (y - mask.bounds.y) * mask.bounds.width - mask.bounds.x
                        let v = q.baseAddress! + (y - m.bounds.y) * m.bounds.width - m.bounds.x
                        for x in area.x..<area.maxX { o[x] = UInt8(truncatingIfNeeded: (UInt32(u[x]) * UInt32(v[x]) + 127) / 255) }
                    }
                }
            }
            count = area.area
        }
        return Clip(rect: area, mask: Mask(bounds: area, data: data, interior: interior), window: window)
    }

    /// The pixels drawing may write: the rectangle, within the window.
    public var writable: IntRect { window.map { rect.intersection($0) } ?? rect }
}

extension Pixmap {
    /// The alpha channel as a mask.
    public func alphaMask() -> Mask {
        Mask(bounds: bounds, data: pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) })
    }
}
