import Foundation
import Raster

/// A synthetic iOS-like list for GIF tests: white rounded cards with soft shadows on #F2F2F5, an avatar,
/// text-like bars, pills and a gradient header, drawn once as a tall page with analytic anti-aliasing.
/// Frames scroll the page by fractional amounts (rows blended linearly, as a compositor resamples), so
/// every frame has new edge and shadow colors.
struct UIPage: Sendable {
    static let width = 480, height = 1039
    static let shared = UIPage(height: 1039 + 420)

    let pageHeight: Int
    /// Straight RGB, 0...255, row by row.
    private(set) var rgb: [Float]

    init(height: Int) {
        pageHeight = height
        rgb = [Float](repeating: 0, count: Self.width * height * 3)
        for i in 0..<(Self.width * height) { rgb[3 * i] = 242; rgb[3 * i + 1] = 242; rgb[3 * i + 2] = 245 }
        draw()
    }

    /// The viewport at `scroll` pixels down the page.
    func frame(scroll: Double) -> Pixmap {
        let w = Self.width, h = Self.height
        let base = Int(scroll.rounded(.down)), f = Float(scroll - Double(base))
        var px = [UInt32](repeating: 0, count: w * h)
        rgb.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let a = (base + y) * w * 3, b = min(pageHeight - 1, base + y + 1) * w * 3
                for x in 0..<w {
                    var c: UInt32 = 0xFF00_0000
                    for ch in 0..<3 {
                        let v = src[a + 3 * x + ch] * (1 - f) + src[b + 3 * x + ch] * f
                        c |= UInt32(min(255, max(0, v.rounded()))) << (8 * UInt32(ch))
                    }
                    px[y * w + x] = c
                }
            }
        }
        return Pixmap(bounds: IntRect(x: 0, y: 0, width: w, height: h), pixels: px)
    }

    // MARK: Drawing

    private mutating func blend(_ x: Int, _ y: Int, _ c: (Float, Float, Float), _ a: Float) {
        guard a > 0, x >= 0, y >= 0, x < Self.width, y < pageHeight else { return }
        let i = (y * Self.width + x) * 3
        rgb[i] += (c.0 - rgb[i]) * a; rgb[i + 1] += (c.1 - rgb[i + 1]) * a; rgb[i + 2] += (c.2 - rgb[i + 2]) * a
    }

    private static func roundedRectDistance(_ px: Double, _ py: Double, _ x0: Double, _ y0: Double,
                                            _ x1: Double, _ y1: Double, _ r: Double) -> Double {
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let qx = abs(px - cx) - ((x1 - x0) / 2 - r), qy = abs(py - cy) - ((y1 - y0) / 2 - r)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }

    private mutating func roundedRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double,
                                      _ color: (Float, Float, Float), gradientTo: (Float, Float, Float)? = nil) {
        for y in Int(y0.rounded(.down))...Int(y1.rounded(.up)) {
            for x in Int(x0.rounded(.down))...Int(x1.rounded(.up)) {
                let d = Self.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, x0, y0, x1, y1, radius)
                let a = Float(min(1, max(0, 0.5 - d)))
                var c = color
                if let g = gradientTo {
                    let t = Float(min(1, max(0, (Double(x) + 0.5 - x0) / (x1 - x0))))
                    c = (color.0 + (g.0 - color.0) * t, color.1 + (g.1 - color.1) * t, color.2 + (g.2 - color.2) * t)
                }
                blend(x, y, c, a)
            }
        }
    }

    private mutating func shadow(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double,
                                 offset: Double, sigma: Double, opacity: Double) {
        let reach = 3 * sigma
        for y in Int((y0 + offset - reach).rounded(.down))...Int((y1 + offset + reach).rounded(.up)) {
            for x in Int((x0 - reach).rounded(.down))...Int((x1 + reach).rounded(.up)) {
                let d = Self.roundedRectDistance(Double(x) + 0.5, Double(y) + 0.5, x0, y0 + offset, x1, y1 + offset, radius)
                blend(x, y, (0, 0, 0), Float(opacity * 0.5 * erfc(d / (sigma * 2.0.squareRoot()))))
            }
        }
    }

    private mutating func circle(_ cx: Double, _ cy: Double, _ r: Double, _ color: (Float, Float, Float)) {
        for y in Int((cy - r - 1).rounded(.down))...Int((cy + r + 1).rounded(.up)) {
            for x in Int((cx - r - 1).rounded(.down))...Int((cx + r + 1).rounded(.up)) {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                blend(x, y, color, Float(min(1, max(0, r + 0.5 - (dx * dx + dy * dy).squareRoot()))))
            }
        }
    }

    /// A line of "words": short rounded bars with fractional ends, like anti-aliased text at a distance.
    private mutating func words(x: Double, y: Double, right: Double, height: Double, seed: Int, _ color: (Float, Float, Float)) {
        var left = x, n = 0
        while true {
            let w = 14 + Double((seed * 31 + n * 17) % 47) + 0.45
            if left + w > right { break }
            roundedRect(left, y, left + w, y + height, radius: 2, color)
            left += w + 5.3; n += 1
        }
    }

    private mutating func draw() {
        let dark: (Float, Float, Float) = (28, 28, 30), grey: (Float, Float, Float) = (142, 142, 147)
        let accents: [(Float, Float, Float)] = [(0, 122, 255), (52, 199, 89), (255, 149, 0), (255, 45, 85), (175, 82, 222), (90, 200, 250)]
        // Header: a gradient card with white text.
        shadow(16, 16, 464, 156, radius: 16, offset: 4, sigma: 8, opacity: 0.18)
        roundedRect(16, 16, 464, 156, radius: 16, (0, 122, 255), gradientTo: (88, 86, 214))
        roundedRect(36, 40.4, 250.6, 62.4, radius: 5, (255, 255, 255))
        words(x: 36, y: 80.3, right: 420, height: 10, seed: 7, (235, 240, 255))
        words(x: 36, y: 100.3, right: 380, height: 10, seed: 9, (235, 240, 255))
        var top = 176.0, k = 0
        while top < Double(pageHeight) - 40 {
            let h = 96 + Double((k * 53) % 80)
            shadow(16, top, 464, top + h, radius: 12, offset: 2, sigma: 6, opacity: 0.14)
            roundedRect(16, top, 464, top + h, radius: 12, (255, 255, 255))
            circle(52, top + 36, 20, accents[k % accents.count])
            roundedRect(84, top + 22.5, 84 + 120 + Double((k * 71) % 160) + 0.37, top + 35.5, radius: 3, dark)
            var line = 0
            while top + 48 + Double(line) * 16 + 10 < top + h - 12 {
                words(x: 84, y: top + 48.2 + Double(line) * 16, right: 440, height: 9, seed: k * 5 + line, grey)
                line += 1
            }
            if k % 3 == 1 {
                roundedRect(372, top + 20, 444, top + 44, radius: 12, accents[0])
                roundedRect(386.3, top + 28.6, 430.2, top + 35.4, radius: 2, (255, 255, 255))
            }
            top += h + 16; k += 1
        }
    }
}

/// Frame-by-frame fidelity of a decoded GIF against the source frames.
enum Fidelity {
    /// PSNR over R, G, B (infinite when identical).
    static func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        var sum: Int64 = 0
        for i in 0..<a.pixels.count {
            let p = a.pixels[i], q = b.pixels[i]
            for s in [0, 8, 16] as [UInt32] {
                let d = Int64((p >> s) & 0xFF) - Int64((q >> s) & 0xFF)
                sum += d * d
            }
        }
        guard sum > 0 else { return .infinity }
        let mse = Double(sum) / Double(a.pixels.count * 3)
        return 10 * log10(255 * 255 / mse)
    }

    /// The largest channel difference over pixels whose source color is among the source's `top` most frequent
    /// (with `flatOnly`, only those inside a flat area: their 3x3 neighbourhood, clipped to the frame, one color).
    static func maxErrorOnFrequentColors(source: Pixmap, decoded: Pixmap, top: Int, flatOnly: Bool = false) -> Int {
        var counts: [UInt32: Int] = [:]
        for p in source.pixels { counts[p, default: 0] += 1 }
        let frequent = Set(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(top).map(\.key))
        let w = source.width, h = source.height
        func flat(_ i: Int) -> Bool {
            let x = i % w, y = i / w
            for yy in max(0, y - 1)...min(h - 1, y + 1) {
                for xx in max(0, x - 1)...min(w - 1, x + 1) where source.pixels[yy * w + xx] != source.pixels[i] { return false }
            }
            return true
        }
        var worst = 0
        for i in 0..<source.pixels.count where frequent.contains(source.pixels[i]) && (!flatOnly || flat(i)) {
            let p = source.pixels[i], q = decoded.pixels[i]
            for s in [0, 8, 16, 24] as [UInt32] {
                worst = max(worst, abs(Int((p >> s) & 0xFF) - Int((q >> s) & 0xFF)))
            }
        }
        return worst
    }
}
