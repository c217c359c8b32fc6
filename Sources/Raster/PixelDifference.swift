/// How two images differ, pixel by pixel: what a snapshot failure or a fidelity report needs to say.
public struct PixelDifference: Sendable {
    public var sameSize: Bool
    /// Pixels where any channel differs by more than the tolerance.
    public var differingPixels: Int
    public var totalPixels: Int
    /// Largest difference of one channel (0...255) over all pixels.
    public var maxChannelDelta: Int
    /// Mean of the largest channel difference over the differing pixels.
    public var meanChannelDelta: Double
    /// The expected image faded to grey, with differing pixels in red (brighter for larger differences).
    public var image: Pixmap

    public var isEmpty: Bool { sameSize && differingPixels == 0 }

    public init(expected: Pixmap, actual: Pixmap, tolerance: Int = 0) {
        sameSize = expected.width == actual.width && expected.height == actual.height
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        totalPixels = w * h
        var diff = Pixmap(width: w, height: h)
        var count = 0, maxDelta = 0, sum = 0
        for y in 0..<h {
            for x in 0..<w {
                let inE = x < expected.width && y < expected.height, inA = x < actual.width && y < actual.height
                let e = inE ? expected.pixels[y * expected.width + x] : 0
                let a = inA ? actual.pixels[y * actual.width + x] : 0
                var delta = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    delta = max(delta, abs(Int((e >> UInt32(shift)) & 0xFF) - Int((a >> UInt32(shift)) & 0xFF)))
                }
                if !(inE && inA) { delta = 255 }
                if delta > tolerance {
                    count += 1; sum += delta; maxDelta = max(maxDelta, delta)
                    let v = UInt32(128 + delta / 2)
                    diff.pixels[y * w + x] = v | 0xFF00_0000
                } else {
                    // Grey at a quarter of the luminance, so the red stands out.
                    let l = (((e & 0xFF) * 54 + ((e >> 8) & 0xFF) * 183 + ((e >> 16) & 0xFF) * 19) >> 8) / 4 + 160
                    diff.pixels[y * w + x] = l | l << 8 | l << 16 | 0xFF00_0000
                }
            }
        }
        differingPixels = count
        maxChannelDelta = maxDelta
        meanChannelDelta = count == 0 ? 0 : Double(sum) / Double(count)
        image = diff
    }

    public var summary: String {
        if !sameSize { return "sizes differ" }
        let pct = Double(differingPixels) / Double(max(1, totalPixels)) * 100
        let mean = (meanChannelDelta * 10).rounded() / 10
        let share = (pct * 1000).rounded() / 1000
        return "\(differingPixels) of \(totalPixels) pixels differ (\(share)%), by at most \(maxChannelDelta) and on average \(mean) per channel (0-255)"
    }
}
