import CFreeType
import CHarfBuzz
import Geometry

/// One font file's FreeType and HarfBuzz objects, shared by every Face that resolves to it.
final class FaceData {
    let library: FreeTypeLibrary  // keeps FT_Library alive until this FT_Face is done
    let ftFace: FT_Face
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    let ascender: Double, descender: Double, lineGap: Double
    private var outlines: [UInt32: Path] = [:]

    init(library: FreeTypeLibrary, path: String, index: Int) throws {
        self.library = library
        var face: FT_Face?
        let err = FT_New_Face(library.raw, path, index, &face)
        guard err == 0, let face else { throw FontError(description: "FreeType cannot open \(path) (error \(err))") }
        guard face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw FontError(description: "\(path) has no scalable outlines")
        }
        ftFace = face

        let f = face.pointee
        unitsPerEm = Double(f.units_per_EM)
        // FreeType already picks OS/2 typo metrics over hhea when USE_TYPO_METRICS is set.
        ascender = Double(f.ascender)
        descender = Double(f.descender)
        lineGap = Double(f.height) - Double(f.ascender) + Double(f.descender)

        // HarfBuzz reads the tables through this FT_Face (referenced, so it stays alive for hb), but its
        // font uses HarfBuzz's own OpenType metrics: unhinted, at a scale of one unit per font unit.
        let hbFace = hb_ft_face_create_referenced(face)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        let upem = Int32(f.units_per_EM)
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)  // drops hb's FT_Face reference first
        FT_Done_Face(ftFace)
    }

    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0
    }

    func outline(glyph: UInt32) -> Path {
        if let cached = outlines[glyph] { return cached }
        let path = loadOutline(glyph)
        outlines[glyph] = path
        return path
    }

    private func loadOutline(_ glyph: UInt32) -> Path {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }

        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineSink.from(user).move(to!.pointee)
                return 0
            },
            line_to: { to, user in
                OutlineSink.from(user).line(to!.pointee)
                return 0
            },
            conic_to: { control, to, user in
                OutlineSink.from(user).conic(control!.pointee, to!.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                OutlineSink.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee)
                return 0
            },
            shift: 0, delta: 0)
        let sink = OutlineSink()
        let err = withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard err == 0 else { return Path() }
        sink.finish()
        return sink.path
    }
}

/// Collects FT_Outline_Decompose callbacks into a Path, flipping FreeType's y-up to y-down.
private final class OutlineSink {
    var path = Path()
    var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
    }

    private func point(_ v: FT_Vector) -> Point { Point(Double(v.x), -Double(v.y)) }

    func move(_ to: FT_Vector) {
        finish()
        path.move(to: point(to))
        open = true
    }

    func line(_ to: FT_Vector) { path.line(to: point(to)) }
    func conic(_ c: FT_Vector, _ to: FT_Vector) { path.quad(to: point(to), control: point(c)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.cubic(to: point(to), control1: point(c1), control2: point(c2))
    }

    /// FreeType ends each contour with a segment back to its start; closing marks it as a closed contour.
    func finish() {
        if open { path.close() }
        open = false
    }
}

/// A font face as asked for (descriptor) and as found (path). Faces resolving to the same file share
/// their FreeType/HarfBuzz objects and outline cache.
public final class Face: Hashable {
    public let descriptor: FontDescriptor
    public let path: String
    let data: FaceData

    public let unitsPerEm: Double
    /// Font units, as FreeType reports them (hhea, or OS/2 typo with USE_TYPO_METRICS); descender is negative.
    public let ascender: Double, descender: Double, lineGap: Double

    init(descriptor: FontDescriptor, path: String, data: FaceData) {
        self.descriptor = descriptor
        self.path = path
        self.data = data
        unitsPerEm = data.unitsPerEm
        ascender = data.ascender
        descender = data.descender
        lineGap = data.lineGap
    }

    /// Whether the font's cmap maps `scalar` to a real glyph (the same lookup the shaper uses).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { data.hasGlyph(for: scalar) }

    /// The glyph's unhinted outline in font units, y down, origin at the pen position on the baseline.
    public func outline(glyph: UInt32) -> Path { data.outline(glyph: glyph) }

    public static func == (a: Face, b: Face) -> Bool { a.descriptor == b.descriptor && a.path == b.path }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(descriptor)
        hasher.combine(path)
    }
}
