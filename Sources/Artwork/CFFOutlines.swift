import Geometry

/// Glyph outlines from a bare CFF font program embedded in a PDF (FontFile3 /Type1C): the INDEX and DICT
/// structures, the charset (to find a glyph by the name the PDF's /Differences give) and a Type 2
/// charstring interpreter (lines, curves, flex, hints skipped, subroutines). Enough for the icon glyphs
/// Quartz writes; CID-keyed fonts are not read. Every read is bounds-checked, every loop bounded.
struct CFFOutlines {
    let data: [UInt8]
    var charStrings: [Range<Int>] = []
    var globalSubrs: [Range<Int>] = []
    var localSubrs: [Range<Int>] = []
    var strings: [Range<Int>] = []
    /// Glyph index by SID (from the charset).
    var glyphBySID: [Int: Int] = [:]
    var scale = 0.001

    init?(_ data: [UInt8]) {
        self.data = data
        guard data.count > 4 else { return nil }
        var p = Int(data[2])
        guard let names = Self.index(data, &p), !names.isEmpty, let tops = Self.index(data, &p), let top = tops.first,
              let strings = Self.index(data, &p), let globals = Self.index(data, &p) else { return nil }
        self.strings = strings
        globalSubrs = globals
        let topDict = Self.dict(data, top)
        if topDict[1230] != nil { return nil }  // ROS: CID-keyed
        guard let cs = topDict[17]?.first, var q = Optional(Int(cs)), q > 0, q < data.count,
              let glyphs = Self.index(data, &q) else { return nil }
        charStrings = glyphs
        if let m = topDict[1207], m.count >= 1, m[0] > 0, m[0] < 1 { scale = m[0] }
        if let priv = topDict[18], priv.count == 2, priv[0] >= 0, priv[1] >= 0, Int(priv[1]) + Int(priv[0]) <= data.count {
            let start = Int(priv[1])
            let privateDict = Self.dict(data, start..<(start + Int(priv[0])))
            if let subrs = privateDict[19]?.first, var s = Optional(start + Int(subrs)), s > 0, s < data.count,
               let local = Self.index(data, &s) {
                localSubrs = local
            }
        }
        // Charset: glyph 0 is .notdef; the rest name SIDs in one of three formats.
        if let c = topDict[15]?.first, Int(c) > 2, Int(c) < data.count {
            var p = Int(c)
            let format = data[p]; p += 1
            var gid = 1
            while gid < charStrings.count {
                switch format {
                case 0:
                    guard let sid = Self.u16(data, p) else { return }
                    glyphBySID[Int(sid)] = gid; gid += 1; p += 2
                case 1, 2:
                    guard let first = Self.u16(data, p) else { return }
                    let left: Int
                    if format == 1 { guard p + 2 < data.count else { return }; left = Int(data[p + 2]); p += 3 }
                    else { guard let l = Self.u16(data, p + 2) else { return }; left = Int(l); p += 4 }
                    for k in 0...left where gid < charStrings.count { glyphBySID[Int(first) + k] = gid; gid += 1 }
                default: return
                }
            }
        }
    }

    static func u16(_ d: [UInt8], _ i: Int) -> UInt16? {
        guard i >= 0, i + 2 <= d.count else { return nil }
        return UInt16(d[i]) << 8 | UInt16(d[i + 1])
    }

    /// An INDEX at `p` (advanced past it): its items' byte ranges.
    static func index(_ d: [UInt8], _ p: inout Int) -> [Range<Int>]? {
        guard let count = u16(d, p) else { return nil }
        if count == 0 { p += 2; return [] }
        guard p + 2 < d.count else { return nil }
        let offSize = Int(d[p + 2])
        guard (1...4).contains(offSize) else { return nil }
        let offsets = p + 3, base = offsets + (Int(count) + 1) * offSize - 1
        func offset(_ i: Int) -> Int? {
            var v = 0
            for k in 0..<offSize {
                let at = offsets + i * offSize + k
                guard at < d.count else { return nil }
                v = v << 8 | Int(d[at])
            }
            return v
        }
        var items: [Range<Int>] = []
        items.reserveCapacity(Int(count))
        guard var previous = offset(0) else { return nil }
        for i in 1...Int(count) {
            guard let next = offset(i), next >= previous, base + next <= d.count else { return nil }
            items.append((base + previous)..<(base + next))
            previous = next
        }
        p = base + previous
        return items
    }

    /// A DICT's operands by operator (escaped operators as 1200 + the second byte).
    static func dict(_ d: [UInt8], _ range: Range<Int>) -> [Int: [Double]] {
        var out: [Int: [Double]] = [:], operands: [Double] = []
        var p = range.lowerBound
        while p < range.upperBound && p < d.count {
            let b = Int(d[p])
            switch b {
            case 0...21:
                var op = b
                if b == 12 { guard p + 1 < d.count else { return out }; op = 1200 + Int(d[p + 1]); p += 1 }
                out[op] = operands; operands = []; p += 1
            case 28: guard let v = u16(d, p + 1) else { return out }; operands.append(Double(Int16(bitPattern: v))); p += 3
            case 29:
                guard let hi = u16(d, p + 1), let lo = u16(d, p + 3) else { return out }
                operands.append(Double(Int32(bitPattern: UInt32(hi) << 16 | UInt32(lo)))); p += 5
            case 30:
                // Real: nibbles up to 0xF.
                var text = "", done = false
                p += 1
                while !done && p < range.upperBound && p < d.count && text.count < 64 {
                    for nibble in [Int(d[p]) >> 4, Int(d[p]) & 0xF] where !done {
                        switch nibble {
                        case 0...9: text += String(nibble)
                        case 0xA: text += "."
                        case 0xB: text += "E"
                        case 0xC: text += "E-"
                        case 0xE: text += "-"
                        case 0xF: done = true
                        default: break
                        }
                    }
                    p += 1
                }
                operands.append(Double(text) ?? 0)
            case 32...246: operands.append(Double(b - 139)); p += 1
            case 247...250: guard p + 1 < d.count else { return out }; operands.append(Double((b - 247) * 256 + Int(d[p + 1]) + 108)); p += 2
            case 251...254: guard p + 1 < d.count else { return out }; operands.append(Double(-(b - 251) * 256 - Int(d[p + 1]) - 108)); p += 2
            default: p += 1
            }
            if operands.count > 48 { return out }
        }
        return out
    }

    /// The glyph named `name` (a custom name in the String INDEX), or nil.
    func glyph(named name: String) -> Int? {
        let bytes = Array(name.utf8)
        for (i, r) in strings.enumerated() where data[r].elementsEqual(bytes) { return glyphBySID[391 + i] }
        return nil
    }

    /// The glyph's outline in text space units (FontMatrix applied: 1 = one em), y up.
    func outline(glyph g: Int) -> Path {
        guard g >= 0, g < charStrings.count else { return Path() }
        var run = CharstringRun(font: self)
        run.execute(charStrings[g], depth: 0)
        if run.open { run.path.close() }
        return run.path.applying(ProjectiveTransform.scale(scale, scale))
    }

    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }
}

/// One Type 2 charstring being executed (Adobe TN 5177).
private struct CharstringRun {
    let font: CFFOutlines
    var stack: [Double] = []
    var path = Path()
    var x = 0.0, y = 0.0
    var open = false
    var stems = 0
    var widthSeen = false
    var steps = 0
    var finished = false

    init(font: CFFOutlines) { self.font = font }

    mutating func moveTo(_ dx: Double, _ dy: Double) {
        if open { path.close() }
        x += dx; y += dy
        path.move(to: Point(x, y)); open = true
    }
    mutating func lineTo(_ dx: Double, _ dy: Double) { x += dx; y += dy; path.line(to: Point(x, y)) }
    mutating func curveTo(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        let c1 = Point(x + a, y + b), c2 = Point(c1.x + c, c1.y + d)
        x = c2.x + e; y = c2.y + f
        path.cubic(to: Point(x, y), control1: c1, control2: c2)
    }

    /// Drops the width a glyph's first stack-clearing operator may carry before its arguments.
    mutating func takeWidth(_ expected: Int) {
        if !widthSeen { widthSeen = true; if stack.count > expected { stack.removeFirst() } }
    }

    mutating func execute(_ range: Range<Int>, depth: Int) {
        guard depth < 10 else { finished = true; return }
        let d = font.data
        var p = range.lowerBound
        while p < range.upperBound && !finished {
            steps += 1
            if steps > 100_000 { finished = true; return }
            let b = Int(d[p])
            if b >= 32 || b == 28 {
                switch b {
                case 28: guard p + 2 < d.count else { finished = true; return }; stack.append(Double(Int16(bitPattern: UInt16(d[p + 1]) << 8 | UInt16(d[p + 2])))); p += 3
                case 32...246: stack.append(Double(b - 139)); p += 1
                case 247...250: guard p + 1 < d.count else { finished = true; return }; stack.append(Double((b - 247) * 256 + Int(d[p + 1]) + 108)); p += 2
                case 251...254: guard p + 1 < d.count else { finished = true; return }; stack.append(Double(-(b - 251) * 256 - Int(d[p + 1]) - 108)); p += 2
                default:
                    guard p + 4 < d.count else { finished = true; return }
                    let v = Int32(bitPattern: UInt32(d[p + 1]) << 24 | UInt32(d[p + 2]) << 16 | UInt32(d[p + 3]) << 8 | UInt32(d[p + 4]))
                    stack.append(Double(v) / 65536); p += 5
                }
                if stack.count > 48 { finished = true; return }
                continue
            }
            p += 1
            let s = stack
            switch b {
            case 1, 3, 18, 23:  // stem hints: pairs, maybe after a width
                if !widthSeen { widthSeen = true; if s.count % 2 == 1 { stack.removeFirst() } }
                stems += stack.count / 2
            case 19, 20:  // hintmask, cntrmask: implicit vstems first, then the mask bytes
                if !widthSeen { widthSeen = true; if s.count % 2 == 1 { stack.removeFirst() } }
                stems += stack.count / 2
                p += (stems + 7) / 8
            case 21:
                takeWidth(2)
                if stack.count >= 2 { moveTo(stack[stack.count - 2], stack[stack.count - 1]) }
            case 22:
                takeWidth(1)
                if let v = stack.last { moveTo(v, 0) }
            case 4:
                takeWidth(1)
                if let v = stack.last { moveTo(0, v) }
            case 5:
                var i = 0
                while i + 1 < s.count { lineTo(s[i], s[i + 1]); i += 2 }
            case 6, 7:
                var horizontal = b == 6
                for v in s { if horizontal { lineTo(v, 0) } else { lineTo(0, v) }; horizontal.toggle() }
            case 8:
                var i = 0
                while i + 5 < s.count { curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]); i += 6 }
            case 24:  // rcurveline
                var i = 0
                while i + 5 < s.count - 2 { curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]); i += 6 }
                if i + 1 < s.count { lineTo(s[i], s[i + 1]) }
            case 25:  // rlinecurve
                var i = 0
                while i + 1 < s.count - 6 { lineTo(s[i], s[i + 1]); i += 2 }
                if i + 5 < s.count { curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]) }
            case 26:  // vvcurveto
                var i = 0, dx1 = 0.0
                if s.count % 4 == 1 { dx1 = s[0]; i = 1 }
                while i + 3 < s.count { curveTo(dx1, s[i], s[i + 1], s[i + 2], 0, s[i + 3]); dx1 = 0; i += 4 }
            case 27:  // hhcurveto
                var i = 0, dy1 = 0.0
                if s.count % 4 == 1 { dy1 = s[0]; i = 1 }
                while i + 3 < s.count { curveTo(s[i], dy1, s[i + 1], s[i + 2], s[i + 3], 0); dy1 = 0; i += 4 }
            case 30, 31:  // vhcurveto, hvcurveto: alternating, the last may take a final offset
                var horizontal = b == 31
                var i = 0
                while i + 3 < s.count {
                    let last = i + 4 == s.count - 1 ? s[i + 4] : 0
                    if horizontal { curveTo(s[i], 0, s[i + 1], s[i + 2], last, s[i + 3]) }
                    else { curveTo(0, s[i], s[i + 1], s[i + 2], s[i + 3], last) }
                    horizontal.toggle(); i += 4
                }
            case 10, 29:
                guard var index = stack.popLast().map({ Int($0) }) else { finished = true; return }
                let subrs = b == 10 ? font.localSubrs : font.globalSubrs
                index += CFFOutlines.bias(subrs.count)
                guard index >= 0, index < subrs.count else { finished = true; return }
                execute(subrs[index], depth: depth + 1)
                continue  // the subroutine leaves its operands on the stack
            case 11: return
            case 14:
                if !widthSeen { widthSeen = true }
                if open { path.close(); open = false }
                finished = true
                return
            case 12:
                guard p < range.upperBound else { finished = true; return }
                let e = Int(d[p]); p += 1
                switch e {
                case 35 where s.count >= 12:  // flex
                    curveTo(s[0], s[1], s[2], s[3], s[4], s[5]); curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
                case 34 where s.count >= 7:  // hflex: the second curve returns to the starting height
                    curveTo(s[0], 0, s[1], s[2], s[3], 0); curveTo(s[4], 0, s[5], -s[2], s[6], 0)
                case 36 where s.count >= 9:  // hflex1
                    curveTo(s[0], s[1], s[2], s[3], s[4], 0); curveTo(s[5], 0, s[6], s[7], s[8], -(s[1] + s[3] + s[7]))
                case 37 where s.count >= 11:  // flex1: the last point returns along the smaller extent
                    let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
                    curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
                    if abs(dx) > abs(dy) { curveTo(s[6], s[7], s[8], s[9], s[10], -dy) }
                    else { curveTo(s[6], s[7], s[8], s[9], -dx, s[10]) }
                default: break
                }
            default: break
            }
            stack.removeAll(keepingCapacity: true)
        }
    }
}
