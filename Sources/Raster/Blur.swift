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
        let w = out.width, h = out.height
        var a = [Float](repeating: 0, count: out.area)
        var b = [Float](repeating: 0, count: out.area)
        data.withUnsafeBufferPointer { src in
            a.withUnsafeMutableBufferPointer { dst in
                for y in 0..<bounds.height {
                    let s = y * bounds.width, t = (y + pad) * w + pad
                    for x in 0..<bounds.width { dst[t + x] = Float(src[s + x]) }
                }
            }
        }
        // Box widths and offsets: odd d gives three centred boxes; even d two offset boxes and one of d+1.
        let passes: [(width: Int, left: Int)] = d % 2 == 1
            ? [(d, d / 2), (d, d / 2), (d, d / 2)]
            : [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        // Rows that are all zero stay zero in the horizontal passes: only the source rows are blurred.
        let firstRow = pad, lastRow = pad + bounds.height
        for p in passes {
            boxRows(from: a, into: &b, width: w, rows: firstRow..<lastRow, box: p.width, left: p.left)
            swap(&a, &b)
        }
        for p in passes {
            boxColumns(from: a, into: &b, width: w, height: h, box: p.width, left: p.left)
            swap(&a, &b)
        }
        let bytes = a.map { UInt8(min(255, max(0, $0 + 0.5))) }
        return Mask(bounds: out, data: bytes)
    }
}

/// out[x] = mean(in[x - left ..< x - left + box]) along each row, by a running sum.
private func boxRows(from src: [Float], into dst: inout [Float], width: Int, rows: Range<Int>, box: Int, left: Int) {
    let inv = 1 / Float(box)
    src.withUnsafeBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { o in
            for y in rows {
                let base = y * width
                var sum: Float = 0
                for j in 0..<min(width, box - left) { sum += s[base + j] }
                for x in 0..<width {
                    o[base + x] = sum * inv
                    let add = x - left + box, drop = x - left
                    if add < width { sum += s[base + add] }
                    if drop >= 0 { sum -= s[base + drop] }
                }
            }
        }
    }
}

/// The same along columns, all columns at once, one row at a time, so memory is read in order.
private func boxColumns(from src: [Float], into dst: inout [Float], width: Int, height: Int, box: Int, left: Int) {
    let inv = 1 / Float(box)
    var sums = [Float](repeating: 0, count: width)
    src.withUnsafeBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { o in
            sums.withUnsafeMutableBufferPointer { acc in
                for j in 0..<min(height, box - left) {
                    let r = j * width
                    for x in 0..<width { acc[x] += s[r + x] }
                }
                for y in 0..<height {
                    let r = y * width
                    for x in 0..<width { o[r + x] = acc[x] * inv }
                    let add = y - left + box, drop = y - left
                    if add < height {
                        let ra = add * width
                        for x in 0..<width { acc[x] += s[ra + x] }
                    }
                    if drop >= 0 {
                        let rd = drop * width
                        for x in 0..<width { acc[x] -= s[rd + x] }
                    }
                }
            }
        }
    }
}
