import Foundation

extension Mask {
    /// Gaussian blur of standard deviation `sigma` pixels, approximated by three box blurs per axis (the
    /// approximation SVG's feGaussianBlur allows, within 3% of a true Gaussian). The result grows by 3σ on
    /// every side so nothing is cut off.
    public func blurred(sigma: Double) -> Mask {
        guard sigma > 0.05 else { return self }
        let d = max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
        let pad = Int((3 * sigma).rounded(.up)) + d
        let out = IntRect(x: bounds.x - pad, y: bounds.y - pad, width: bounds.width + 2 * pad, height: bounds.height + 2 * pad)
        var buf = [Float](repeating: 0, count: out.area)
        for y in 0..<bounds.height {
            for x in 0..<bounds.width {
                buf[(y + pad) * out.width + x + pad] = Float(data[y * bounds.width + x])
            }
        }
        // Box widths and offsets: odd d gives three centred boxes; even d two offset boxes and one of d+1.
        let passes: [(Int, Int)] = d % 2 == 1
            ? [(d, d / 2), (d, d / 2), (d, d / 2)]
            : [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        var line = [Float](repeating: 0, count: max(out.width, out.height))
        for (w, left) in passes { boxPass(&buf, &line, count: out.height, length: out.width, stride: 1, lineStride: out.width, width: w, left: left) }
        for (w, left) in passes { boxPass(&buf, &line, count: out.width, length: out.height, stride: out.width, lineStride: 1, width: w, left: left) }
        return Mask(bounds: out, data: buf.map { UInt8(min(255, max(0, $0 + 0.5))) })
    }
}

/// One running-sum box blur along lines of `buf`: out[i] = mean(in[i - left ..< i - left + width]).
private func boxPass(_ buf: inout [Float], _ line: inout [Float], count: Int, length: Int, stride: Int, lineStride: Int, width: Int, left: Int) {
    let inv = 1 / Float(width)
    buf.withUnsafeMutableBufferPointer { b in
        line.withUnsafeMutableBufferPointer { l in
            for n in 0..<count {
                let base = n * lineStride
                for i in 0..<length { l[i] = b[base + i * stride] }
                var sum: Float = 0
                // Window for output i covers [i - left, i - left + width).
                for j in 0..<min(length, width - left) { sum += l[j] }
                for i in 0..<length {
                    b[base + i * stride] = sum * inv
                    let add = i - left + width, drop = i - left
                    if add < length { sum += l[add] }
                    if drop >= 0 { sum -= l[drop] }
                }
            }
        }
    }
}
