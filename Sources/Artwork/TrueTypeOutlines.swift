import Geometry

/// Glyph outlines from a TrueType font program embedded in a PDF (FontFile2): `cmap`, `loca` and `glyf`,
/// enough to draw the few icon glyphs Quartz writes as text. Every read is bounds-checked: a damaged font
/// gives no outline, never a trap.
struct TrueTypeOutlines {
    let data: [UInt8]
    var tables: [String: Range<Int>] = [:]
    let unitsPerEm: Double
    let longLoca: Bool
    let glyphCount: Int
    /// Character code to glyph for a simple font: (3,0) symbol with its 0xF000 page, (1,0) Mac Roman,
    /// or (3,1) Unicode taken as the code.
    var codeToGlyph: [Int: Int] = [:]

    init?(_ data: [UInt8]) {
        self.data = data
        guard data.count >= 12 else { return nil }
        let n = Int(Self.u16(data, 4) ?? 0)
        for i in 0..<min(n, 64) {
            let r = 12 + 16 * i
            guard let off = Self.u32(data, r + 8), let len = Self.u32(data, r + 12), r + 4 <= data.count else { return nil }
            let tag = String(decoding: data[r..<(r + 4)], as: UTF8.self)
            let start = Int(off), end = start + Int(len)
            guard start >= 0, end <= data.count, start <= end else { continue }
            tables[tag] = start..<end
        }
        guard let head = tables["head"], let upm = Self.u16(data, head.lowerBound + 18), upm > 0,
              let format = Self.u16(data, head.lowerBound + 50), let maxp = tables["maxp"],
              let count = Self.u16(data, maxp.lowerBound + 4), tables["loca"] != nil, tables["glyf"] != nil else { return nil }
        unitsPerEm = Double(upm)
        longLoca = format == 1
        glyphCount = Int(count)
        readCmap()
    }

    static func u16(_ d: [UInt8], _ i: Int) -> UInt16? {
        guard i >= 0, i + 2 <= d.count else { return nil }
        return UInt16(d[i]) << 8 | UInt16(d[i + 1])
    }
    static func i16(_ d: [UInt8], _ i: Int) -> Int? { u16(d, i).map { Int(Int16(bitPattern: $0)) } }
    static func u32(_ d: [UInt8], _ i: Int) -> UInt32? {
        guard let hi = u16(d, i), let lo = u16(d, i + 2) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }

    mutating func readCmap() {
        guard let cmap = tables["cmap"], let n = Self.u16(data, cmap.lowerBound + 2) else { return }
        var subtables: [(platform: Int, encoding: Int, offset: Int)] = []
        for i in 0..<Int(min(n, 32)) {
            let r = cmap.lowerBound + 4 + 8 * i
            guard let p = Self.u16(data, r), let e = Self.u16(data, r + 2), let o = Self.u32(data, r + 4) else { break }
            subtables.append((Int(p), Int(e), cmap.lowerBound + Int(o)))
        }
        // Preference: Mac Roman, then Windows symbol, then Windows Unicode.
        for (p, e) in [(1, 0), (3, 0), (3, 1)] {
            guard let s = subtables.first(where: { $0.platform == p && $0.encoding == e }) else { continue }
            var map: [Int: Int] = [:]
            read(subtable: s.offset, into: &map)
            for (code, glyph) in map {
                // (3,0) symbol fonts put the codes at U+F0xx.
                let c = p == 3 && e == 0 && code >= 0xF000 ? code - 0xF000 : code
                if codeToGlyph[c] == nil { codeToGlyph[c] = glyph }
            }
        }
    }

    func read(subtable o: Int, into map: inout [Int: Int]) {
        guard let format = Self.u16(data, o) else { return }
        switch format {
        case 0:
            for c in 0..<256 { if o + 6 + c < data.count { map[c] = Int(data[o + 6 + c]) } }
        case 6:
            guard let first = Self.u16(data, o + 6), let count = Self.u16(data, o + 8) else { return }
            for k in 0..<Int(count) { if let g = Self.u16(data, o + 10 + 2 * k) { map[Int(first) + k] = Int(g) } }
        case 4:
            guard let segX2 = Self.u16(data, o + 6) else { return }
            let segs = Int(segX2) / 2
            let ends = o + 14, starts = ends + 2 * segs + 2, deltas = starts + 2 * segs, ranges = deltas + 2 * segs
            for s in 0..<min(segs, 1024) {
                guard let end = Self.u16(data, ends + 2 * s), let start = Self.u16(data, starts + 2 * s),
                      let delta = Self.u16(data, deltas + 2 * s), let range = Self.u16(data, ranges + 2 * s), start <= end else { continue }
                // Only codes a simple PDF font can show (one byte, or the symbol page).
                for c in Int(start)...Int(end) where c < 256 || (0xF000...0xF0FF).contains(c) {
                    var g: Int
                    if range == 0 {
                        g = (c + Int(delta)) & 0xFFFF
                    } else {
                        guard let v = Self.u16(data, ranges + 2 * s + Int(range) + 2 * (c - Int(start))) else { continue }
                        g = v == 0 ? 0 : (Int(v) + Int(delta)) & 0xFFFF
                    }
                    map[c] = g
                }
            }
        default: break
        }
    }

    func glyph(forCode code: Int) -> Int { codeToGlyph[code] ?? (codeToGlyph.isEmpty ? code : 0) }

    /// The glyph's outline in em units (1 = unitsPerEm), y up as in the font.
    func outline(glyph g: Int, depth: Int = 0) -> Path {
        var path = Path()
        guard depth < 4, g >= 0, g < glyphCount, let loca = tables["loca"], let glyf = tables["glyf"] else { return path }
        let start: Int, end: Int
        if longLoca {
            guard let a = Self.u32(data, loca.lowerBound + 4 * g), let b = Self.u32(data, loca.lowerBound + 4 * g + 4) else { return path }
            start = Int(a); end = Int(b)
        } else {
            guard let a = Self.u16(data, loca.lowerBound + 2 * g), let b = Self.u16(data, loca.lowerBound + 2 * g + 2) else { return path }
            start = 2 * Int(a); end = 2 * Int(b)
        }
        guard end > start, glyf.lowerBound + end <= glyf.upperBound else { return path }
        let o = glyf.lowerBound + start
        guard let contours = Self.i16(data, o) else { return path }
        let scale = 1 / unitsPerEm
        if contours < 0 {
            // Composite: components placed by x/y offsets (and an optional scale).
            var p = o + 10
            while true {
                guard let flags = Self.u16(data, p), let component = Self.u16(data, p + 2) else { break }
                p += 4
                let words = flags & 1 != 0, xy = flags & 2 != 0
                var dx = 0.0, dy = 0.0
                if words {
                    guard let a = Self.i16(data, p), let b = Self.i16(data, p + 2) else { break }
                    dx = Double(a); dy = Double(b); p += 4
                } else {
                    guard p + 2 <= data.count else { break }
                    dx = Double(Int8(bitPattern: data[p])); dy = Double(Int8(bitPattern: data[p + 1])); p += 2
                }
                if !xy { dx = 0; dy = 0 }
                var m = (1.0, 0.0, 0.0, 1.0)
                func f2dot14(_ i: Int) -> Double? { Self.i16(data, i).map { Double($0) / 16384 } }
                if flags & 8 != 0, let s = f2dot14(p) { m = (s, 0, 0, s); p += 2 }
                else if flags & 0x40 != 0, let a = f2dot14(p), let d = f2dot14(p + 2) { m = (a, 0, 0, d); p += 4 }
                else if flags & 0x80 != 0, let a = f2dot14(p), let b = f2dot14(p + 2), let c = f2dot14(p + 4), let d = f2dot14(p + 6) { m = (a, b, c, d); p += 8 }
                let t = ProjectiveTransform(m11: m.0, m12: m.1, m13: 0, m21: m.2, m22: m.3, m23: 0, m31: dx * scale, m32: dy * scale, m33: 1)
                path.append(outline(glyph: Int(component), depth: depth + 1).applying(t))
                if flags & 0x20 == 0 { break }
            }
            return path
        }
        let n = contours
        var endPoints: [Int] = []
        for c in 0..<n {
            guard let e = Self.u16(data, o + 10 + 2 * c) else { return path }
            endPoints.append(Int(e))
        }
        guard let last = endPoints.last, last < 65536, endPoints == endPoints.sorted() else { return path }
        let pointCount = last + 1
        var p = o + 10 + 2 * n
        guard let instructionLength = Self.u16(data, p) else { return path }
        p += 2 + Int(instructionLength)
        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            guard p < data.count else { return path }
            let f = data[p]; p += 1
            flags.append(f)
            if f & 8 != 0 {
                guard p < data.count else { return path }
                let repeats = Int(data[p]); p += 1
                for _ in 0..<repeats where flags.count < pointCount { flags.append(f) }
            }
        }
        func coordinates(short: UInt8, same: UInt8) -> [Double]? {
            var v = 0, out: [Double] = []
            out.reserveCapacity(pointCount)
            for f in flags {
                if f & short != 0 {
                    guard p < data.count else { return nil }
                    let d = Int(data[p]); p += 1
                    v += f & same != 0 ? d : -d
                } else if f & same == 0 {
                    guard let d = Self.i16(data, p) else { return nil }
                    p += 2
                    v += d
                }
                out.append(Double(v) * scale)
            }
            return out
        }
        guard let xs = coordinates(short: 2, same: 16), let ys = coordinates(short: 4, same: 32) else { return path }
        var first = 0
        for end in endPoints {
            guard end >= first, end < pointCount else { return Path() }
            let pts = (first...end).map { (Point(xs[$0], ys[$0]), flags[$0] & 1 != 0) }
            first = end + 1
            guard pts.count > 1 else { continue }
            // Start on an on-curve point (or the midpoint of two off-curve ones).
            let startIndex = pts.firstIndex { $0.1 } ?? 0
            let origin = pts[startIndex].1 ? pts[startIndex].0 : Point((pts[0].0.x + pts[pts.count - 1].0.x) / 2, (pts[0].0.y + pts[pts.count - 1].0.y) / 2)
            path.move(to: origin)
            var control: Point? = nil
            // With no on-curve point the origin is implied, so every point is a control point.
            let steps = pts[startIndex].1 ? Array(1...pts.count) : Array(0..<pts.count)
            for k in steps {
                let (pt, on) = pts[(startIndex + k) % pts.count]
                if on {
                    if let c = control { path.quad(to: pt, control: c) } else { path.line(to: pt) }
                    control = nil
                } else {
                    if let c = control { path.quad(to: Point((c.x + pt.x) / 2, (c.y + pt.y) / 2), control: c) }
                    control = pt
                }
            }
            if let c = control { path.quad(to: origin, control: c) }
            path.close()
        }
        return path
    }
}
