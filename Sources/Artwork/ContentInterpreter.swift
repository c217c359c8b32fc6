import Foundation
import Geometry
import LayerTree

/// Runs a page's content stream (ISO 32000 §8) and collects what it paints as filled shapes in a top-left,
/// y-down space of the MediaBox. Paths, fills, strokes (outlined), clips, colors, alpha and form XObjects
/// are followed; text, images and inline images are skipped and noted; shadings become a flat fill.
struct ContentInterpreter {
    let file: PDFFile
    /// PDF user space to the output space: the MediaBox origin at the top-left, y down.
    let pageMap: ProjectiveTransform

    var shapes: [FilledShape] = []
    var skipped: Set<String> = []
    var operatorCount = 0
    var decodeBudget = PDFFile.maxDecodedBytes

    static let maxOperators = 1_000_000
    static let maxOperands = 10_000
    static let maxShapes = 100_000
    static let maxPathElements = 1_000_000
    static let maxStateDepth = 256
    static let maxFormDepth = 8
    static let maxClips = 64

    /// Where a painted area may show: a path with its rule, in output space; `rect` when it is an
    /// axis-aligned rectangle there.
    struct Region {
        var path: Path
        var rule: FillRule
        var rect: Rect?
        var bounds: Rect
    }

    enum ColorSpace { case gray, rgb, cmyk, other }

    struct GraphicsState {
        var ctm = ProjectiveTransform.identity
        var fillSpace = ColorSpace.gray
        var strokeSpace = ColorSpace.gray
        var fill = Color.black
        var stroke = Color.black
        var fillAlpha = 1.0
        var strokeAlpha = 1.0
        /// The alpha of the transparency groups being painted, multiplied in (groups whose members do not
        /// overlap look the same either way; Quartz's forms are such).
        var groupAlpha = 1.0
        var style = StrokeStyle()
        var clips: [Region] = []
        var text = TextState()
    }

    /// The text parameters of the graphics state (PDF §9.3).
    struct TextState {
        var font: String?
        var size = 1.0
        var charSpacing = 0.0
        var wordSpacing = 0.0
        var horizontalScale = 1.0
        var leading = 0.0
        var rise = 0.0
        var renderMode = 0
    }

    /// A loaded font: its glyph outlines when it embeds a TrueType or bare CFF program (else text only
    /// advances), and its widths.
    struct LoadedFont {
        var trueType: TrueTypeOutlines?
        var cff: CFFOutlines?
        /// Glyph names by code, from the font's /Encoding /Differences (how a CFF glyph is found).
        var names: [Int: String] = [:]
        var firstChar = 0
        var widths: [Double] = []

        var canDraw: Bool { trueType != nil || cff != nil }

        /// The glyph for a code in text space units (1 = one em), y up.
        func outline(_ code: Int) -> Path {
            if let t = trueType { return t.outline(glyph: t.glyph(forCode: code)) }
            if let c = cff, let name = names[code], let g = c.glyph(named: name) { return c.outline(glyph: g) }
            return Path()
        }
    }
    var fonts: [String: LoadedFont] = [:]
    var glyphCache: [String: Path] = [:]
    var textMatrix = ProjectiveTransform.identity
    var lineMatrix = ProjectiveTransform.identity

    var state = GraphicsState()
    var stack: [GraphicsState] = []
    /// The path being built, in user space (the CTM cannot change inside a path object).
    var path = Path()
    var pathElements = 0
    var current: Point?
    var subpathStart: Point?
    var pendingClip: FillRule?

    init(file: PDFFile, pageMap: ProjectiveTransform) {
        self.file = file; self.pageMap = pageMap
    }

    // MARK: Running

    mutating func run(_ data: [UInt8], resources: [String: PDFObject], depth: Int) throws {
        var lexer = PDFLexer(data[...])
        var operands: [PDFObject] = []
        while let token = try lexer.nextToken() {
            switch token {
            case .keyword(let op):
                operatorCount += 1
                guard operatorCount <= Self.maxOperators else { throw ArtworkError("more than \(Self.maxOperators) operators") }
                if op == "BI" { skipInlineImage(&lexer); skipped.insert("inline images"); operands.removeAll(); continue }
                try execute(op, operands, resources: resources, depth: depth)
                operands.removeAll(keepingCapacity: true)
            default:
                operands.append(try lexer.object(from: token, depth: 0))
                guard operands.count <= Self.maxOperands else { throw ArtworkError("more than \(Self.maxOperands) operands") }
            }
        }
    }

    /// `BI … ID <bytes> EI`: the bytes are binary; skip to an EI between whitespace.
    func skipInlineImage(_ lexer: inout PDFLexer) {
        let b = lexer.bytes
        var k = lexer.i
        while k + 1 < b.endIndex, !(b[k] == 0x49 && b[k + 1] == 0x44 && (k + 2 == b.endIndex || PDFLexer.isWhite(b[k + 2]))) { k += 1 }
        k += 3
        while k + 1 < b.endIndex {
            if b[k] == 0x45 && b[k + 1] == 0x49 && PDFLexer.isWhite(b[k - 1]) && (k + 2 == b.endIndex || !PDFLexer.isRegular(b[k + 2])) {
                lexer.i = k + 2
                return
            }
            k += 1
        }
        lexer.i = b.endIndex
    }

    func numbers(_ operands: [PDFObject], _ count: Int) -> [Double]? {
        guard operands.count >= count else { return nil }
        let tail = operands.suffix(count).compactMap(\.number)
        return tail.count == count && tail.allSatisfy(\.isFinite) ? tail : nil
    }

    mutating func execute(_ op: String, _ operands: [PDFObject], resources: [String: PDFObject], depth: Int) throws {
        switch op {
        // Graphics state
        case "q":
            guard stack.count < Self.maxStateDepth else { throw ArtworkError("q nested more than \(Self.maxStateDepth) deep") }
            stack.append(state)
        case "Q": if let s = stack.popLast() { state = s }
        case "cm":
            guard let m = numbers(operands, 6) else { return }
            state.ctm = Self.matrix(m).concatenating(state.ctm)
        case "w": if let v = numbers(operands, 1) { state.style.width = abs(v[0]) }
        case "J": if let v = numbers(operands, 1) { state.style.cap = [LineCap.butt, .round, .square][min(2, max(0, Int(v[0])))] }
        case "j": if let v = numbers(operands, 1) { state.style.join = [LineJoin.miter, .round, .bevel][min(2, max(0, Int(v[0])))] }
        case "M": if let v = numbers(operands, 1) { state.style.miterLimit = max(1, v[0]) }
        case "d": if let dashes = operands.first?.array, !dashes.isEmpty { skipped.insert("dashes (drawn solid)") }
        case "gs":
            guard let name = operands.last?.name,
                  let g = file.dictionary(file.dictionary(resources["ExtGState"])?[name]) else { return }
            if let v = file.number(g["ca"]) { state.fillAlpha = min(1, max(0, v)) }
            if let v = file.number(g["CA"]) { state.strokeAlpha = min(1, max(0, v)) }
            if let v = file.number(g["LW"]) { state.style.width = abs(v) }
            if let v = file.number(g["LC"]) { state.style.cap = [LineCap.butt, .round, .square][min(2, max(0, Int(v)))] }
            if let v = file.number(g["LJ"]) { state.style.join = [LineJoin.miter, .round, .bevel][min(2, max(0, Int(v)))] }
            if let v = file.number(g["ML"]) { state.style.miterLimit = max(1, v) }
            if let mask = file.resolve(g["SMask"]), mask.name != "None" { skipped.insert("soft masks") }

        // Path construction
        case "m": if let v = numbers(operands, 2) { try moveTo(Point(v[0], v[1])) }
        case "l": if let v = numbers(operands, 2) { try lineTo(Point(v[0], v[1])) }
        case "c": if let v = numbers(operands, 6) { try curveTo(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[4], v[5])) }
        case "v": if let v = numbers(operands, 4), let c = current { try curveTo(c, Point(v[0], v[1]), Point(v[2], v[3])) }
        case "y": if let v = numbers(operands, 4) { try curveTo(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[2], v[3])) }
        case "h": closePath()
        case "re":
            guard let v = numbers(operands, 4) else { return }
            try moveTo(Point(v[0], v[1]))
            try lineTo(Point(v[0] + v[2], v[1]))
            try lineTo(Point(v[0] + v[2], v[1] + v[3]))
            try lineTo(Point(v[0], v[1] + v[3]))
            closePath()

        // Painting
        case "f", "F": try paint(fill: .nonZero, stroke: false)
        case "f*": try paint(fill: .evenOdd, stroke: false)
        case "S": try paint(fill: nil, stroke: true)
        case "s": closePath(); try paint(fill: nil, stroke: true)
        case "B": try paint(fill: .nonZero, stroke: true)
        case "B*": try paint(fill: .evenOdd, stroke: true)
        case "b": closePath(); try paint(fill: .nonZero, stroke: true)
        case "b*": closePath(); try paint(fill: .evenOdd, stroke: true)
        case "n": try paint(fill: nil, stroke: false)
        case "W": pendingClip = .nonZero
        case "W*": pendingClip = .evenOdd

        // Color
        case "g": if let v = numbers(operands, 1) { state.fillSpace = .gray; state.fill = Self.color(.gray, v) ?? state.fill }
        case "G": if let v = numbers(operands, 1) { state.strokeSpace = .gray; state.stroke = Self.color(.gray, v) ?? state.stroke }
        case "rg": if let v = numbers(operands, 3) { state.fillSpace = .rgb; state.fill = Self.color(.rgb, v) ?? state.fill }
        case "RG": if let v = numbers(operands, 3) { state.strokeSpace = .rgb; state.stroke = Self.color(.rgb, v) ?? state.stroke }
        case "k": if let v = numbers(operands, 4) { state.fillSpace = .cmyk; state.fill = Self.color(.cmyk, v) ?? state.fill }
        case "K": if let v = numbers(operands, 4) { state.strokeSpace = .cmyk; state.stroke = Self.color(.cmyk, v) ?? state.stroke }
        case "cs", "CS":
            let space = colorSpace(operands.last, resources: resources)
            let initial = Self.initialColor(space)
            if op == "cs" { state.fillSpace = space; state.fill = initial } else { state.strokeSpace = space; state.stroke = initial }
        case "sc", "scn":
            if let c = setColor(state.fillSpace, operands) { state.fill = c }
        case "SC", "SCN":
            if let c = setColor(state.strokeSpace, operands) { state.stroke = c }

        // XObjects and shadings
        case "Do":
            guard let name = operands.last?.name else { return }
            try doXObject(name, resources: resources, depth: depth)
        case "sh":
            guard let name = operands.last?.name else { return }
            shade(name, resources: resources)

        // Text: glyphs of embedded TrueType and CFF fonts are drawn as fills; other fonts only advance.
        case "BT": textMatrix = .identity; lineMatrix = .identity
        case "Tf":
            if let v = numbers(operands, 1), operands.count >= 2, let name = operands[operands.count - 2].name {
                state.text.font = try loadFont(name, resources: resources)
                state.text.size = v[0]
            }
        case "Tc": if let v = numbers(operands, 1) { state.text.charSpacing = v[0] }
        case "Tw": if let v = numbers(operands, 1) { state.text.wordSpacing = v[0] }
        case "Tz": if let v = numbers(operands, 1) { state.text.horizontalScale = v[0] / 100 }
        case "TL": if let v = numbers(operands, 1) { state.text.leading = v[0] }
        case "Ts": if let v = numbers(operands, 1) { state.text.rise = v[0] }
        case "Tr": if let v = numbers(operands, 1) { state.text.renderMode = Int(min(7, max(0, v[0]))) }
        case "Td": if let v = numbers(operands, 2) { nextLine(v[0], v[1]) }
        case "TD": if let v = numbers(operands, 2) { state.text.leading = -v[1]; nextLine(v[0], v[1]) }
        case "T*": nextLine(0, -state.text.leading)
        case "Tm":
            if let m = numbers(operands, 6) { textMatrix = Self.matrix(m); lineMatrix = textMatrix }
        case "Tj": if case .string(let b)? = operands.last { try show(b) }
        case "'": nextLine(0, -state.text.leading); if case .string(let b)? = operands.last { try show(b) }
        case "\"":
            if let v = numbers(operands.dropLast().map { $0 }, 2) { state.text.wordSpacing = v[0]; state.text.charSpacing = v[1] }
            nextLine(0, -state.text.leading)
            if case .string(let b)? = operands.last { try show(b) }
        case "TJ":
            for item in operands.last?.array ?? [] {
                switch item {
                case .string(let b): try show(b)
                case .number(let n) where n.isFinite:
                    advance(-n / 1000 * state.text.size * state.text.horizontalScale)
                default: break
                }
            }
        default: break
        }
    }

    // MARK: Text

    mutating func nextLine(_ tx: Double, _ ty: Double) {
        lineMatrix = ProjectiveTransform.translation(tx, ty).concatenating(lineMatrix)
        textMatrix = lineMatrix
    }

    mutating func advance(_ tx: Double) {
        textMatrix = ProjectiveTransform.translation(tx, 0).concatenating(textMatrix)
    }

    /// Loads the font named in the resources once (keyed by its object when it is a reference).
    mutating func loadFont(_ name: String, resources: [String: PDFObject]) throws -> String? {
        let entry = file.dictionary(resources["Font"])?[name]
        let key: String
        if case .reference(let n)? = entry { key = "#\(n)" } else { key = name }
        if fonts[key] != nil { return key }
        guard let font = file.dictionary(entry) else { return nil }
        var loaded = LoadedFont()
        loaded.firstChar = Int(min(255, max(0, file.number(font["FirstChar"]) ?? 0)))
        loaded.widths = (file.array(font["Widths"]) ?? []).prefix(256).map { file.number($0) ?? 0 }
        if let encoding = file.dictionary(font["Encoding"]), let differences = file.array(encoding["Differences"]) {
            var code = 0
            for item in differences.prefix(512) {
                if let n = item.number { code = Int(min(255, max(0, n))) } else if let name = item.name { loaded.names[code] = name; code += 1 }
            }
        }
        if let descriptor = file.dictionary(font["FontDescriptor"]) {
            if file.name(font["Subtype"]) == "TrueType", let program = descriptor["FontFile2"] {
                loaded.trueType = TrueTypeOutlines(try file.decoded(program, budget: &decodeBudget))
            } else if let program = descriptor["FontFile3"], file.name(file.dictionary(program)?["Subtype"]) == "Type1C" {
                loaded.cff = CFFOutlines(try file.decoded(program, budget: &decodeBudget))
            }
        }
        fonts[key] = loaded
        return key
    }

    /// Draws a string's glyphs (one byte a code: simple fonts) and moves the text matrix past them.
    mutating func show(_ codes: [UInt8]) throws {
        let t = state.text
        let font = t.font.flatMap { fonts[$0] }
        if !(font?.canDraw ?? false) && !codes.isEmpty { skipped.insert("text in fonts other than embedded TrueType or CFF") }
        let glyphSpace = ProjectiveTransform(m11: t.size * t.horizontalScale, m12: 0, m13: 0, m21: 0, m22: t.size, m23: 0,
                                             m31: 0, m32: t.rise, m33: 1)
        for code in codes {
            operatorCount += 1
            guard operatorCount <= Self.maxOperators else { throw ArtworkError("more than \(Self.maxOperators) operators") }
            if let font, font.canDraw, shapes.count < Self.maxShapes, let key = t.font {
                // Outlines are parsed once per font and code: a long string repeats glyphs.
                let cacheKey = key + "#" + String(code)
                let glyph = glyphCache[cacheKey] ?? font.outline(Int(code))
                glyphCache[cacheKey] = glyph
                if !glyph.isEmpty {
                    switch t.renderMode {
                    case 0, 2, 4, 6:
                        let map = glyphSpace.concatenating(textMatrix).concatenating(state.ctm).concatenating(pageMap)
                        emit(region(glyph.applying(map), rule: .nonZero), color: state.fill, alpha: state.fillAlpha)
                    case 3, 7: break
                    default: skipped.insert("stroked text")
                    }
                }
            }
            let index = Int(code) - (font?.firstChar ?? 0)
            let w0 = font.flatMap { index >= 0 && index < $0.widths.count ? $0.widths[index] : nil } ?? 0
            advance((w0 / 1000 * t.size + t.charSpacing + (code == 32 ? t.wordSpacing : 0)) * t.horizontalScale)
        }
    }

    static func matrix(_ m: [Double]) -> ProjectiveTransform {
        ProjectiveTransform(m11: m[0], m12: m[1], m13: 0, m21: m[2], m22: m[3], m23: 0, m31: m[4], m32: m[5], m33: 1)
    }

    // MARK: Paths

    mutating func count() throws {
        pathElements += 1
        guard pathElements <= Self.maxPathElements else { throw ArtworkError("more than \(Self.maxPathElements) path elements") }
    }

    mutating func moveTo(_ p: Point) throws { try count(); path.move(to: p); current = p; subpathStart = p }
    mutating func lineTo(_ p: Point) throws {
        guard current != nil else { return try moveTo(p) }
        try count(); path.line(to: p); current = p
    }
    mutating func curveTo(_ c1: Point, _ c2: Point, _ p: Point) throws {
        guard current != nil else { return try moveTo(p) }
        try count(); path.cubic(to: p, control1: c1, control2: c2); current = p
    }
    mutating func closePath() {
        guard current != nil else { return }
        path.close()
        current = subpathStart
    }

    /// Ends the path object: fills and strokes it, then applies a pending clip (W takes effect after the
    /// painting operator, PDF §8.5.4).
    mutating func paint(fill rule: FillRule?, stroke: Bool) throws {
        defer { path = Path(); current = nil; subpathStart = nil; pendingClip = nil }
        let map = state.ctm.concatenating(pageMap)
        if let rule, !path.isEmpty {
            let device = path.applying(map)
            emit(region(device, rule: rule), color: state.fill, alpha: state.fillAlpha)
        }
        if stroke, !path.isEmpty {
            // Stroked in user space, so a scaled CTM scales the pen as PDF specifies; width 0 is the
            // thinnest line a device can draw: a third of a point (a pixel at 3x).
            var style = state.style
            if style.width == 0 { style.width = 1 / (3 * max(1e-9, map.maxStretch(at: .zero) / 2.0.squareRoot())) }
            let outline = path.stroked(style, tolerance: 0.02 / max(1e-9, map.maxStretch(at: .zero) / 2.0.squareRoot()))
            if !outline.isEmpty { emit(region(outline.applying(map), rule: .nonZero), color: state.stroke, alpha: state.strokeAlpha) }
        }
        if let clipRule = pendingClip {
            // Real art nests a handful; the bound keeps each fill's clip work small.
            guard state.clips.count < Self.maxClips else { throw ArtworkError("more than \(Self.maxClips) clip paths in effect") }
            state.clips.append(region(path.applying(map), rule: clipRule))
        }
    }

    func region(_ path: Path, rule: FillRule) -> Region {
        let bounds = path.controlBounds
        return Region(path: path, rule: rule, rect: Self.axisAlignedRect(path), bounds: bounds)
    }

    /// The rectangle a path traces when it is one closed axis-aligned rectangle (what `re` gives under a
    /// CTM that only scales and translates).
    static func axisAlignedRect(_ path: Path) -> Rect? {
        var pts: [Point] = []
        for (k, e) in path.elements.enumerated() {
            switch e {
            case .move(let p): if k != 0 { return nil }; pts.append(p)
            case .line(let p): pts.append(p)
            case .close: if k != path.elements.count - 1 { return nil }
            default: return nil
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            if a.x != b.x && a.y != b.y { return nil }
        }
        let r = Rect.bounding(pts)
        // Each corner of the bounding box must be a point of the path.
        for c in r.corners where !pts.contains(c) { return nil }
        return r
    }

    /// Paints `area` limited by the clip: the intersection of the clip regions and the area. Rectangles
    /// that contain another region add nothing (the artboard clips, and the oversized rectangle Quartz
    /// fills inside a clip path); a rectangle that cuts a path clips it exactly (polygon clipping); two
    /// paths that both remain are approximated by the smaller one cut to the other's bounds.
    mutating func emit(_ area: Region, color: Color, alpha: Double) {
        let a = color.alpha * alpha * state.groupAlpha
        guard a > 0, shapes.count < Self.maxShapes, let (path, rule) = visiblePart(of: area) else { return }
        var fill = color
        fill.alpha = a
        shapes.append(FilledShape(path: snapped(path), fill: fill, rule: rule))
    }

    /// The part of `area` inside the clip regions, as one path and its rule; nil when nothing is left.
    mutating func visiblePart(of area: Region) -> (Path, FillRule)? {
        var regions = state.clips + [area]
        var removed = true
        while removed && regions.count > 1 {
            removed = false
            for i in regions.indices {
                let covers: (Region) -> Bool
                if let r = regions[i].rect {
                    covers = { Self.contains(r, $0.bounds) }
                } else if let polygon = Self.convexPolygon(regions[i].path) {
                    // A convex polygon (Quartz fills a rotated rectangle inside a clip path) that holds
                    // every point of another region adds nothing either.
                    covers = { other in
                        let points = Self.controlPoints(other.path)
                        return points.count <= 10_000 && points.allSatisfy { Self.contains(polygon, $0) }
                    }
                } else {
                    continue
                }
                if regions.indices.contains(where: { $0 != i && covers(regions[$0]) }) {
                    regions.remove(at: i)
                    removed = true
                    break
                }
            }
        }
        if regions.count == 1 {
            return regions[0].path.isEmpty ? nil : (regions[0].path, regions[0].rule)
        }
        var box: Rect? = nil
        for r in regions { if let rect = r.rect { box = box.map { $0.intersection(rect) } ?? rect } }
        let paths = regions.filter { $0.rect == nil }
        guard let base = paths.min(by: { $0.bounds.width * $0.bounds.height < $1.bounds.width * $1.bounds.height }) else {
            guard let b = box, !b.isNull, b.width > 0, b.height > 0 else { return nil }
            return (.rect(b), .nonZero)
        }
        if paths.count > 1 { skipped.insert("intersections of clip paths (approximated)") }
        for p in paths where p.bounds != base.bounds {
            box = box.map { $0.intersection(p.bounds) } ?? p.bounds
        }
        guard let cut = box, !cut.isNull else { return nil }
        let r = cut
        let clipped = Self.clipped(base.path, by: [(Point(1, 0), r.minX), (Point(-1, 0), -r.maxX), (Point(0, 1), r.minY), (Point(0, -1), -r.maxY)])
        return clipped.isEmpty ? nil : (clipped, base.rule)
    }

    /// A path cut to the convex region where n·p ≥ c for every (n, c), as polygons.
    static func clipped(_ path: Path, by halfPlanes: [(Point, Double)]) -> Path {
        var out = Path()
        for contour in path.flattened(tolerance: 0.01) {
            let c = clip(contour, to: halfPlanes)
            guard c.count > 2 else { continue }
            out.move(to: c[0])
            for p in c.dropFirst() { out.line(to: p) }
            out.close()
        }
        return out
    }

    /// The corners of a path that is one closed convex polygon of straight lines, counter-clockwise or
    /// clockwise; nil otherwise.
    static func convexPolygon(_ path: Path) -> [Point]? {
        var pts: [Point] = []
        for (k, e) in path.elements.enumerated() {
            switch e {
            case .move(let p): if k != 0 { return nil }; pts.append(p)
            case .line(let p): if p != pts.last { pts.append(p) }
            case .close: if k != path.elements.count - 1 { return nil }
            default: return nil
            }
        }
        if pts.count > 1, pts.last == pts.first { pts.removeLast() }
        guard pts.count >= 3, pts.count <= 64 else { return nil }
        var sign = 0.0
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count], c = pts[(i + 2) % pts.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return nil }
        }
        guard sign != 0 else { return nil }
        return sign > 0 ? pts : pts.reversed()
    }

    /// Whether a point is inside (or within 1e-6 of) a convex polygon wound with positive cross products.
    static func contains(_ polygon: [Point], _ p: Point) -> Bool {
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let d = b - a, l = d.length
            guard l > 0 else { continue }
            if (d.x * (p.y - a.y) - d.y * (p.x - a.x)) / l < -1e-6 { return false }
        }
        return true
    }

    static func controlPoints(_ path: Path) -> [Point] {
        var pts: [Point] = []
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case .quad(let c, let p): pts += [c, p]
            case .cubic(let c1, let c2, let p): pts += [c1, c2, p]
            case .close: break
            }
        }
        return pts
    }

    static func contains(_ r: Rect, _ inner: Rect) -> Bool {
        guard !inner.isNull else { return true }
        let e = 1e-6
        return inner.minX >= r.minX - e && inner.maxX <= r.maxX + e && inner.minY >= r.minY - e && inner.maxY <= r.maxY + e
    }

    /// Sutherland–Hodgman against half-planes n·p ≥ c: a closed contour cut to a convex region keeps the
    /// winding number of every point inside it, so both fill rules still hold.
    static func clip(_ contour: [Point], to halfPlanes: [(Point, Double)]) -> [Point] {
        var pts = contour
        for (n, c) in halfPlanes {
            guard !pts.isEmpty else { break }
            func inside(_ p: Point) -> Double { n.x * p.x + n.y * p.y - c }
            var out: [Point] = []
            out.reserveCapacity(pts.count + 4)
            var prev = pts[pts.count - 1]
            var prevIn = inside(prev)
            for p in pts {
                let pIn = inside(p)
                if (pIn >= 0) != (prevIn >= 0) {
                    let t = prevIn / (prevIn - pIn)
                    out.append(Point(prev.x + (p.x - prev.x) * t, prev.y + (p.y - prev.y) * t))
                }
                if pIn >= 0 { out.append(p) }
                prev = p; prevIn = pIn
            }
            pts = out
        }
        return pts
    }

    /// Coordinates on a 1/10000 pt grid: far below a pixel, and written back by the layers kind in few digits.
    func snapped(_ path: Path) -> Path {
        func s(_ v: Double) -> Double { let r = (v * 10_000).rounded() / 10_000; return r == 0 ? 0 : r }
        func sp(_ p: Point) -> Point { Point(s(p.x), s(p.y)) }
        var out = Path()
        for e in path.elements {
            switch e {
            case .move(let p): out.move(to: sp(p))
            case .line(let p): out.line(to: sp(p))
            case .quad(let c, let p): out.quad(to: sp(p), control: sp(c))
            case .cubic(let c1, let c2, let p): out.cubic(to: sp(p), control1: sp(c1), control2: sp(c2))
            case .close: out.close()
            }
        }
        return out
    }

    // MARK: Color

    mutating func colorSpace(_ operand: PDFObject?, resources: [String: PDFObject]) -> ColorSpace {
        guard let name = operand?.name else { return .other }
        switch name {
        case "DeviceGray", "G", "CalGray": return .gray
        case "DeviceRGB", "RGB", "CalRGB": return .rgb
        case "DeviceCMYK", "CMYK": return .cmyk
        case "Pattern": skipped.insert("patterns"); return .other
        default: break
        }
        let spec = file.resolve(file.dictionary(resources["ColorSpace"])?[name])
        return spaceOf(spec)
    }

    func spaceOf(_ spec: PDFObject?) -> ColorSpace {
        if let n = spec?.name {
            switch n {
            case "DeviceGray", "CalGray": return .gray
            case "DeviceRGB", "CalRGB": return .rgb
            case "DeviceCMYK": return .cmyk
            default: return .other
            }
        }
        guard let a = spec?.array, let family = a.first?.name else { return .other }
        switch family {
        case "CalGray": return .gray
        case "CalRGB", "Lab": return family == "Lab" ? .other : .rgb
        case "ICCBased":
            // ICC profiles are taken as sRGB (or sRGB's gray): what Xcode and Sketch export.
            let n = a.count > 1 ? file.number(file.dictionary(a[1])?["N"]) : nil
            switch n {
            case 1?: return .gray
            case 4?: return .cmyk
            default: return .rgb
            }
        default: return .other
        }
    }

    static func initialColor(_ space: ColorSpace) -> Color {
        space == .cmyk ? Color(red: 0, green: 0, blue: 0) : .black
    }

    func setColor(_ space: ColorSpace, _ operands: [PDFObject]) -> Color? {
        let n: Int
        switch space {
        case .gray: n = 1
        case .rgb: n = 3
        case .cmyk: n = 4
        case .other: return nil
        }
        guard let v = numbers(operands.filter { $0.number != nil }, n) else { return nil }
        return Self.color(space, v)
    }

    static func color(_ space: ColorSpace, _ v: [Double]) -> Color? {
        func c(_ x: Double) -> Double { min(1, max(0, x)) }
        switch space {
        case .gray: return Color(red: c(v[0]), green: c(v[0]), blue: c(v[0]))
        case .rgb: return Color(red: c(v[0]), green: c(v[1]), blue: c(v[2]))
        case .cmyk:
            // The naive conversion; no artwork here uses CMYK.
            let k = c(v[3])
            return Color(red: (1 - c(v[0])) * (1 - k), green: (1 - c(v[1])) * (1 - k), blue: (1 - c(v[2])) * (1 - k))
        case .other: return nil
        }
    }

    // MARK: XObjects and shadings

    mutating func doXObject(_ name: String, resources: [String: PDFObject], depth: Int) throws {
        guard let object = file.resolve(file.dictionary(resources["XObject"])?[name]),
              case .stream(let d, _) = object else { return }
        switch file.name(d["Subtype"]) {
        case "Form"?:
            guard depth < Self.maxFormDepth else { throw ArtworkError("form XObjects nested more than \(Self.maxFormDepth) deep") }
            let data = try file.decoded(object, budget: &decodeBudget)
            let saved = state, savedStack = stack.count
            let savedPath = (path, current, subpathStart, pendingClip)
            path = Path(); current = nil; subpathStart = nil; pendingClip = nil
            if let m = file.array(d["Matrix"])?.compactMap({ file.number($0) }), m.count == 6, m.allSatisfy(\.isFinite) {
                state.ctm = Self.matrix(m).concatenating(state.ctm)
            }
            if let b = file.array(d["BBox"])?.compactMap({ file.number($0) }), b.count == 4, b.allSatisfy(\.isFinite) {
                let box = Path.rect(Rect(min(b[0], b[2]), min(b[1], b[3]), abs(b[2] - b[0]), abs(b[3] - b[1])))
                state.clips.append(region(box.applying(state.ctm.concatenating(pageMap)), rule: .nonZero))
            }
            if file.dictionary(d["Group"]) != nil {
                // A transparency group is composited with the alpha current at Do; inside, alpha starts at 1.
                state.groupAlpha *= state.fillAlpha
                state.fillAlpha = 1; state.strokeAlpha = 1
            }
            try run(data, resources: file.dictionary(d["Resources"]) ?? resources, depth: depth + 1)
            state = saved
            stack.removeLast(max(0, stack.count - savedStack))
            (path, current, subpathStart, pendingClip) = savedPath
        case "Image"?: try drawImage(object)
        default: break
        }
    }

    /// Largest image drawn, in pixels.
    static let maxImagePixels = 1 << 20

    /// An 8-bit RGB or gray image (with an optional soft mask) painted into the unit square of the CTM,
    /// as nested level sets of its alpha: shape k holds every pixel at least as opaque as level k and
    /// adds the alpha from level k-1 to k, in the alpha-weighted mean color of the pixels it covers. Nested shapes
    /// overlap instead of abutting, so no seams; each pixel ends at its level's alpha, within 1/24. Pixels
    /// are drawn as blocks (no smoothing, as /Interpolate would ask). Other images are skipped and noted.
    mutating func drawImage(_ object: PDFObject) throws {
        guard case .stream(let d, _) = object else { return }
        guard let w = file.number(d["Width"]), let h = file.number(d["Height"]), w >= 1, h >= 1, w * h <= Double(Self.maxImagePixels),
              file.number(d["BitsPerComponent"]) == 8, file.resolve(d["ImageMask"]).map({ if case .bool(true) = $0 { false } else { true } }) ?? true
        else { skipped.insert("images other than 8-bit RGB or gray"); return }
        let width = Int(w), height = Int(h)
        let space = spaceOf(file.resolve(d["ColorSpace"]))
        let channels: Int
        switch space {
        case .gray: channels = 1
        case .rgb: channels = 3
        default: skipped.insert("images other than 8-bit RGB or gray"); return
        }
        let pixels = try file.decoded(object, budget: &decodeBudget)
        guard pixels.count >= width * height * channels else { skipped.insert("truncated images"); return }
        var alpha = [UInt8](repeating: 255, count: width * height)
        if let maskObject = file.resolve(d["SMask"]), case .stream(let md, _) = maskObject {
            let mw = Int(min(1e6, max(1, file.number(md["Width"]) ?? 1))), mh = Int(min(1e6, max(1, file.number(md["Height"]) ?? 1)))
            let mask = try file.decoded(maskObject, budget: &decodeBudget)
            guard file.number(md["BitsPerComponent"]) == 8, mask.count >= mw * mh else { skipped.insert("soft masks"); return }
            // A mask of another size is sampled at the nearest pixel.
            for y in 0..<height { for x in 0..<width { alpha[y * width + x] = mask[(y * mh / height) * mw + x * mw / width] } }
        }
        guard state.fillAlpha * state.groupAlpha > 0 else { return }
        let levels = 24
        // Level of each pixel: 0 (transparent) ... levels.
        let level = alpha.map { Int((Double($0) / 255 * Double(levels)).rounded()) }
        // Image space: the unit square, row 0 at the top (y = 1).
        let map = ProjectiveTransform(m11: 1 / w, m12: 0, m13: 0, m21: 0, m22: -1 / h, m23: 0, m31: 0, m32: 1, m33: 1)
            .concatenating(state.ctm).concatenating(pageMap)
        var below = 0.0  // alpha already laid down by the shapes beneath
        for k in 1...levels {
            // Pixels at exactly level k give this level's color; all at or above it are covered.
            var sum = [0.0, 0.0, 0.0], count = 0.0
            var path = Path()
            for y in 0..<height {
                var x = 0
                while x < width {
                    guard level[y * width + x] >= k else { x += 1; continue }
                    let start = x
                    while x < width && level[y * width + x] >= k {
                        // The color of everything this shape covers, weighted by alpha (transparent
                        // pixels' colors do not show).
                        let i = (y * width + x) * channels, a = Double(alpha[y * width + x])
                        for c in 0..<3 { sum[c] += Double(pixels[i + (channels == 3 ? c : 0)]) * a }
                        count += a
                        x += 1
                    }
                    path.append(.rect(Rect(Double(start), Double(y), Double(x - start), 1)))
                }
            }
            guard !path.isEmpty else { continue }
            let target = Double(k) / Double(levels)
            let step = (target - below) / (1 - below)
            below = target
            guard count > 0, shapes.count < Self.maxShapes else { continue }
            // emit multiplies in the state's alpha; the level's own share goes in the color.
            let fill = Color(red: sum[0] / count / 255, green: sum[1] / count / 255, blue: sum[2] / count / 255, alpha: step)
            emit(region(path.applying(map), rule: .nonZero), color: fill, alpha: state.fillAlpha)
        }
    }

    /// `sh` paints the shading over the whole clip. An axial shading (type 2) is drawn as bands across
    /// its axis, each flat in the function's color at its middle; any other shading flat in the
    /// function's mean color (shapes carry one color each).
    mutating func shade(_ name: String, resources: [String: PDFObject]) {
        guard let s = file.dictionary(file.dictionary(resources["Shading"])?[name]) else { return }
        let space = spaceOf(file.resolve(s["ColorSpace"]))
        func color(_ v: [Double]) -> Color? { Self.color(space, v) ?? (v.count == 1 ? Self.color(.gray, v) : nil) }
        let huge = Rect(-1e6, -1e6, 2e6, 2e6)
        let everywhere = Region(path: .rect(huge), rule: .nonZero, rect: huge, bounds: huge)
        let alpha = state.fillAlpha * state.groupAlpha
        guard alpha > 0, let (area, rule) = visiblePart(of: everywhere) else { return }
        let map = state.ctm.concatenating(pageMap)
        if file.number(s["ShadingType"]) == 2,
           let c = file.array(s["Coords"])?.compactMap({ file.number($0) }), c.count == 4, c.allSatisfy(\.isFinite) {
            let p0 = map.apply(Point(c[0], c[1])), p1 = map.apply(Point(c[2], c[3]))
            let d = p1 - p0, l2 = d.x * d.x + d.y * d.y
            let domain = file.array(s["Domain"])?.compactMap { file.number($0) } ?? [0, 1]
            let extend = file.array(s["Extend"])?.map { if case .bool(let b) = $0 { b } else { false } } ?? [false, false]
            if l2 > 1e-12, domain.count == 2, evaluate(s["Function"], domain[0], depth: 0) != nil {
                // Parameter along the axis: s(p) = (p - p0)·d / |d|², 0 at p0, 1 at p1.
                let n = Point(d.x / l2, d.y / l2), base = n.x * p0.x + n.y * p0.y
                let bands = 48
                let opaque = alpha >= 1
                for k in 0..<bands {
                    let t = (Double(k) + 0.5) / Double(bands)
                    guard let v = evaluate(s["Function"], domain[0] + t * (domain[1] - domain[0]), depth: 0), var fill = color(v),
                          shapes.count < Self.maxShapes else { continue }
                    fill.alpha = alpha
                    // Opaque bands each reach to the far end and overlap, later over earlier: no seams
                    // between neighbours. Translucent ones abut.
                    var planes: [(Point, Double)] = []
                    if k > 0 || !(extend.first ?? false) { planes.append((n, base + Double(k) / Double(bands))) }
                    if k < bands - 1 && !opaque { planes.append((n * -1, -(base + Double(k + 1) / Double(bands)))) }
                    else if k == bands - 1 || opaque, !(extend.count > 1 && extend[1]) { planes.append((n * -1, -(base + 1))) }
                    let band = Self.clipped(area, by: planes)
                    if !band.isEmpty { shapes.append(FilledShape(path: snapped(band), fill: fill, rule: rule)) }
                }
                return
            }
        }
        skipped.insert("non-axial shadings (drawn flat in their mean color)")
        guard let mean = meanOfFunction(s["Function"], depth: 0), var fill = color(mean) else { return }
        fill.alpha = alpha
        shapes.append(FilledShape(path: snapped(area), fill: fill, rule: rule))
    }

    /// A 1-in function's output at `t`: sampled (type 0, 8 bits, linear between samples), exponential
    /// (type 2) or stitching (type 3).
    func evaluate(_ object: PDFObject?, _ t: Double, depth: Int) -> [Double]? {
        guard depth < 4, let f = file.resolve(object), let d = f.dictionary else { return nil }
        let domain = file.array(d["Domain"])?.compactMap { file.number($0) } ?? [0, 1]
        guard domain.count >= 2 else { return nil }
        let x = min(max(t, min(domain[0], domain[1])), max(domain[0], domain[1]))
        switch file.number(d["FunctionType"]) {
        case 0?:
            guard file.number(d["BitsPerSample"]) == 8, let size = file.array(d["Size"])?.first.flatMap({ file.number($0) }), size >= 1,
                  let range = file.array(d["Range"])?.compactMap({ file.number($0) }), range.count >= 2, range.count % 2 == 0,
                  let data = samples(f) else { return nil }
            let outputs = range.count / 2, count = Int(min(size, 1e6))
            guard data.count >= count * outputs else { return nil }
            let encode = file.array(d["Encode"])?.compactMap { file.number($0) } ?? [0, Double(count - 1)]
            let decode = file.array(d["Decode"])?.compactMap { file.number($0) } ?? range
            guard encode.count >= 2, decode.count >= range.count, domain[1] != domain[0] else { return nil }
            let e = encode[0] + (x - domain[0]) / (domain[1] - domain[0]) * (encode[1] - encode[0])
            let pos = min(max(e, 0), Double(count - 1))
            let i0 = Int(pos.rounded(.down)), i1 = min(count - 1, i0 + 1), frac = pos - Double(i0)
            return (0..<outputs).map { o in
                let s = Double(data[i0 * outputs + o]) * (1 - frac) + Double(data[i1 * outputs + o]) * frac
                let v = decode[2 * o] + s / 255 * (decode[2 * o + 1] - decode[2 * o])
                return min(max(v, min(range[2 * o], range[2 * o + 1])), max(range[2 * o], range[2 * o + 1]))
            }
        case 2?:
            let c0 = file.array(d["C0"])?.compactMap { file.number($0) } ?? [0]
            let c1 = file.array(d["C1"])?.compactMap { file.number($0) } ?? [1]
            let n = file.number(d["N"]) ?? 1
            guard c0.count == c1.count, !c0.isEmpty else { return nil }
            let k = x <= 0 ? (n == 0 ? 1 : 0) : pow(x, n)
            guard k.isFinite else { return nil }
            return zip(c0, c1).map { $0 + k * ($1 - $0) }
        case 3?:
            guard let functions = file.array(d["Functions"]), !functions.isEmpty else { return nil }
            let bounds = file.array(d["Bounds"])?.compactMap { file.number($0) } ?? []
            let encode = file.array(d["Encode"])?.compactMap { file.number($0) } ?? []
            guard bounds.count == functions.count - 1, encode.count >= 2 * functions.count else { return nil }
            let i = bounds.firstIndex { x < $0 } ?? functions.count - 1
            let lo = i == 0 ? domain[0] : bounds[i - 1], hi = i == functions.count - 1 ? domain[1] : bounds[i]
            let u = hi == lo ? encode[2 * i] : encode[2 * i] + (x - lo) / (hi - lo) * (encode[2 * i + 1] - encode[2 * i])
            return evaluate(functions[i], u, depth: depth + 1)
        default: return nil
        }
    }

    func samples(_ function: PDFObject) -> [UInt8]? {
        var budget = 1 << 20
        return try? file.decoded(function, budget: &budget)
    }

    /// Mean output of a shading function over its domain: sampled (type 0, 8 bits), exponential
    /// interpolation taken as linear (type 2), or stitched (type 3).
    func meanOfFunction(_ object: PDFObject?, depth: Int) -> [Double]? {
        guard depth < 4, let f = file.resolve(object), let d = f.dictionary else { return nil }
        switch file.number(d["FunctionType"]) {
        case 0?:
            guard file.number(d["BitsPerSample"]) == 8, let range = file.array(d["Range"])?.compactMap({ file.number($0) }),
                  range.count >= 2, range.count % 2 == 0 else { return nil }
            guard let data = samples(f) else { return nil }
            let n = range.count / 2
            guard data.count >= n else { return nil }
            var sums = [Double](repeating: 0, count: n)
            let samples = data.count / n
            for k in 0..<(samples * n) { sums[k % n] += Double(data[k]) }
            return (0..<n).map { range[2 * $0] + sums[$0] / Double(samples) / 255 * (range[2 * $0 + 1] - range[2 * $0]) }
        case 2?:
            let c0 = file.array(d["C0"])?.compactMap { file.number($0) } ?? [0]
            let c1 = file.array(d["C1"])?.compactMap { file.number($0) } ?? [1]
            guard c0.count == c1.count, !c0.isEmpty else { return nil }
            return zip(c0, c1).map { ($0 + $1) / 2 }
        case 3?:
            let parts = (file.array(d["Functions"]) ?? []).compactMap { meanOfFunction($0, depth: depth + 1) }
            guard let first = parts.first, parts.allSatisfy({ $0.count == first.count }) else { return nil }
            return (0..<first.count).map { i in parts.map { $0[i] }.reduce(0, +) / Double(parts.count) }
        default: return nil
        }
    }
}
