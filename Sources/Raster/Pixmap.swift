import Geometry

/// An integer rectangle of pixels.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    /// Pixel coordinates are kept within ±2^24 (far beyond any canvas, small enough that sums cannot overflow).
    public static let coordinateLimit = 1 << 24

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return IntRect(x: x0, y: y0, width: min(maxX, o.maxX) - x0, height: min(maxY, o.maxY) - y0)
    }

    /// The smallest pixel rect holding `r` (nil-like empty for a null or non-finite rect).
    /// The smallest rectangle holding both.
    public func union(_ o: IntRect) -> IntRect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return IntRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public init(enclosing r: Rect) {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0); return
        }
        // Both ends clamped: a rect far off one side (huge transforms or offsets) must not trap either.
        let limit = Self.coordinateLimit
        let x0 = clampedInt(r.minX, limit: limit, rounding: .down), y0 = clampedInt(r.minY, limit: limit, rounding: .down)
        let x1 = clampedInt(r.maxX, limit: limit, rounding: .up), y1 = clampedInt(r.maxY, limit: limit, rounding: .up)
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "(\(x), \(y); \(width)x\(height))" }
}

/// A premultiplied sRGB color packed as in memory R, G, B, A (little-endian UInt32).
public struct PremultipliedColor: Hashable, Sendable {
    public var packed: UInt32
    public init(packed: UInt32) { self.packed = packed }
    /// From straight (non-premultiplied) components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        let a = min(1, max(0, alpha))
        func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * a * 255).rounded()) }
        packed = byte(red) | byte(green) << 8 | byte(blue) << 16 | UInt32((a * 255).rounded()) << 24
    }
    public var r: UInt8 { UInt8(truncatingIfNeeded: packed) }
    public var g: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    public var b: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    public var a: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }
    public static let clear = PremultipliedColor(packed: 0)
}

/// A coverage mask (A8) over a rectangle of device pixels.
public struct Mask: Sendable {
    public var bounds: IntRect { didSet { interior = nil } }
    public var data: [UInt8] { didSet { interior = nil } }
    /// Where the mask is known to be full, when its maker knew (a rasterized clip): drawing through it there
    /// needs no per-pixel multiply. Any change to the mask forgets it.
    public private(set) var interior: MaskInterior?

    public init(bounds: IntRect, data: [UInt8]) {
        precondition(data.count == bounds.area)
        self.bounds = bounds; self.data = data
    }
    /// A mask with its full columns per row (`interior.rows == bounds.height`, each run inside the bounds
    /// and all 255 in `data`).
    init(bounds: IntRect, data: [UInt8], interior: MaskInterior) {
        precondition(data.count == bounds.area && interior.rows == bounds.height)
        self.bounds = bounds; self.data = data; self.interior = interior
    }
    public init(bounds: IntRect, value: UInt8 = 0) {
        self.bounds = bounds; data = [UInt8](repeating: value, count: bounds.area)
    }
    public func value(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x, y >= bounds.y, x < bounds.maxX, y < bounds.maxY else { return 0 }
        return data[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }
    /// Coverage 0 wherever `image` is opaque (pixels an opaque image drawn over will replace anyway).
    public mutating func clear(whereOpaque image: Pixmap) {
        let area = bounds.intersection(image.bounds), b = bounds, ib = image.bounds
        guard !area.isEmpty else { return }
        image.pixels.withUnsafeBufferPointer { px in
            data.withUnsafeMutableBufferPointer { m in
                for y in area.y..<area.maxY {
                    let src = px.baseAddress! + (y - ib.y) * ib.width - ib.x
                    let dst = m.baseAddress! + (y - b.y) * b.width - b.x
                    for x in area.x..<area.maxX where src[x] >= 0xFF00_0000 { dst[x] = 0 }
                }
            }
        }
    }

    /// The mask's `interior` checked against its bytes: every run inside the bounds and all 255 (for tests).
    public var interiorIsFull: Bool {
        guard let interior else { return true }
        guard interior.rows == bounds.height else { return false }
        for row in 0..<bounds.height {
            let run = interior.run(row)
            if run.isEmpty { continue }
            guard run.lowerBound >= bounds.x, run.upperBound <= bounds.maxX else { return false }
            for x in run where data[row * bounds.width + x - bounds.x] != 255 { return false }
        }
        return true
    }

    /// Sum of coverage in pixels (each pixel 0...1).
    public var coveredArea: Double { Double(data.reduce(0) { $0 + Int($1) }) / 255 }
}

/// For each row of a mask, one run of device columns where its coverage is 255 (empty where none is known):
/// the inside of a rounded or transformed clip, which most clipped pixels fall in.
public struct MaskInterior: Sendable {
    /// Start and end column of each row's run, two per row.
    private(set) var bounds: [Int32]

    /// Every row's run empty.
    init(rows: Int) { bounds = [Int32](repeating: 0, count: 2 * rows) }

    var rows: Int { bounds.count / 2 }

    func run(_ row: Int) -> Range<Int> { Int(bounds[2 * row])..<max(Int(bounds[2 * row]), Int(bounds[2 * row + 1])) }

    mutating func setRun(_ row: Int, _ run: Range<Int>) {
        bounds[2 * row] = Int32(run.lowerBound); bounds[2 * row + 1] = Int32(run.upperBound)
    }

    /// The start and end of each row's run, two per row, for a writer to fill in.
    mutating func withRuns<R>(_ body: (UnsafeMutablePointer<Int32>) -> R) -> R {
        bounds.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

/// Premultiplied RGBA8 pixels covering `bounds` of device space (an offscreen need not start at 0, 0).
public struct Pixmap: Sendable {
    public let bounds: IntRect
    public var pixels: [UInt32]
    /// When set (one byte per pixel, 0...255), fills into this pixmap split pixels at shared edges: the
    /// plane holds how much of each pixel what was drawn so far covers, and a fill's partial coverage of a
    /// pixel takes the part not yet covered first (`partitionBlend`). An offscreen for layers whose edges
    /// abut (a snapshot's pieces), which on the device are aliased and share the pixels along their edges
    /// exactly, so no background shows between them. Nil: plain source-over.
    public var sharedEdgeCoverage: [UInt8]?

    public init(bounds: IntRect, fill: PremultipliedColor = .clear) {
        self.bounds = bounds
        pixels = [UInt32](repeating: fill.packed, count: bounds.area)
    }
    public init(width: Int, height: Int, fill: PremultipliedColor = .clear) {
        self.init(bounds: IntRect(x: 0, y: 0, width: width, height: height), fill: fill)
    }
    public init(bounds: IntRect, pixels: [UInt32]) {
        precondition(pixels.count == bounds.area)
        self.bounds = bounds; self.pixels = pixels
    }

    public var width: Int { bounds.width }
    public var height: Int { bounds.height }

    /// Sets every pixel of `rect` (within the bounds) to `color`, replacing what was there.
    public mutating func replace(_ rect: IntRect, with color: PremultipliedColor) {
        let area = bounds.intersection(rect), b = bounds
        guard !area.isEmpty else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for y in area.y..<area.maxY {
                (p.baseAddress! + (y - b.y) * b.width + area.x - b.x).update(repeating: color.packed, count: area.width)
            }
        }
    }

    public func pixel(x: Int, y: Int) -> PremultipliedColor {
        PremultipliedColor(packed: pixels[(y - bounds.y) * bounds.width + (x - bounds.x)])
    }

    /// Straight-alpha RGBA bytes, row by row, as PNG stores them.
    public func unpremultipliedRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 4)
        out.withUnsafeMutableBufferPointer { o in
            pixels.withUnsafeBufferPointer { p in
                for i in 0..<p.count {
                    let c = p[i]
                    let a = c >> 24
                    if a == 255 || a == 0 {
                        o[4 * i] = UInt8(truncatingIfNeeded: c); o[4 * i + 1] = UInt8(truncatingIfNeeded: c >> 8)
                        o[4 * i + 2] = UInt8(truncatingIfNeeded: c >> 16); o[4 * i + 3] = UInt8(a)
                    } else {
                        let half = a / 2
                        o[4 * i] = UInt8(min(255, ((c & 0xFF) * 255 + half) / a))
                        o[4 * i + 1] = UInt8(min(255, (((c >> 8) & 0xFF) * 255 + half) / a))
                        o[4 * i + 2] = UInt8(min(255, (((c >> 16) & 0xFF) * 255 + half) / a))
                        o[4 * i + 3] = UInt8(a)
                    }
                }
            }
        }
        return out
    }

    /// From straight-alpha RGBA bytes (as decoded from PNG).
    public init(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4)
        var px = [UInt32](repeating: 0, count: width * height)
        for i in 0..<px.count {
            let a = UInt32(bytes[4 * i + 3])
            func pm(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
            px[i] = pm(bytes[4 * i]) | pm(bytes[4 * i + 1]) << 8 | pm(bytes[4 * i + 2]) << 16 | a << 24
        }
        self.init(bounds: IntRect(x: 0, y: 0, width: width, height: height), pixels: px)
    }
}

extension Pixmap {
    /// The pixels of `rect` (clipped to this pixmap), keeping their device coordinates.
    public func cropped(to rect: IntRect) -> Pixmap {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return Pixmap(bounds: r, pixels: []) }
        // Row by row as whole copies, into storage that is written once.
        let out = pixels.withUnsafeBufferPointer { src in
            [UInt32](unsafeUninitializedCapacity: r.area) { dst, count in
                for y in 0..<r.height {
                    let s = (r.y + y - bounds.y) * bounds.width + (r.x - bounds.x)
                    (dst.baseAddress! + y * r.width).initialize(from: src.baseAddress! + s, count: r.width)
                }
                count = r.area
            }
        }
        return Pixmap(bounds: r, pixels: out)
    }

    /// CIColorControls-style saturation: each color moves away from (or towards) its Rec. 709 luma by `factor`.
    /// The matrix is linear, so it applies to premultiplied channels as they are; results stay within alpha.
    public mutating func saturate(_ factor: Float) {
        let k = max(-64, min(64, factor))
        // A blurred backdrop repeats its colors: a run of one color is converted once, and other colors
        // are remembered in a small direct-mapped table (key << 32 | result; 0 is empty, never a key here).
        let bits = 13
        var table = [UInt64](repeating: 0, count: 1 << bits)
        pixels.withUnsafeMutableBufferPointer { px in
            table.withUnsafeMutableBufferPointer { table in
                var last: UInt32 = 0, lastOut: UInt32 = 0
                for i in 0..<px.count {
                    let c = px[i]
                    if c == last { px[i] = lastOut; continue }
                    // Opaque grey and transparent pixels are left as they are by any factor.
                    if c >> 24 == 0 { continue }
                    let slot = Int((c &* 0x9E37_79B1) >> UInt32(32 - bits))
                    let entry = table[slot]
                    let out: UInt32
                    if UInt32(truncatingIfNeeded: entry >> 32) == c {
                        out = UInt32(truncatingIfNeeded: entry)
                    } else {
                        out = Self.saturated(c, k)
                        table[slot] = UInt64(c) << 32 | UInt64(out)
                    }
                    px[i] = out
                    last = c; lastOut = out
                }
            }
        }
    }

    /// One pixel of `saturate` (alpha above 0), `k` already clamped.
    @inline(__always)
    static func saturated(_ c: UInt32, _ k: Float) -> UInt32 {
        let weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
        let v = SIMD4<Float>(Float(c & 0xFF), Float((c >> 8) & 0xFF), Float((c >> 16) & 0xFF), 0)
        let luma = (v * weights).sum()
        let a = Float(c >> 24)
        let out = SIMD4<Float>(repeating: luma) + k * (v - SIMD4<Float>(repeating: luma)) + 0.5
        // Scalar conversions: the SIMD ones are generic and slow. Clamped to 0...alpha first.
        @inline(__always) func byte(_ f: Float) -> UInt32 { UInt32(Int32(min(a + 0.49, max(0, f)))) }
        return byte(out[0]) | byte(out[1]) << 8 | byte(out[2]) << 16 | (c & 0xFF00_0000)
    }

    /// `saturate` without the table: every pixel converted (the reference the tests compare with).
    mutating func saturateEachPixel(_ factor: Float) {
        let k = max(-64, min(64, factor))
        pixels.withUnsafeMutableBufferPointer { px in
            for i in 0..<px.count where px[i] >> 24 != 0 { px[i] = Self.saturated(px[i], k) }
        }
    }

    public mutating func saturate(_ factor: Double) { saturate(Float(factor)) }
}
