import CHarfBuzz
import Geometry

public struct ShapedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    /// Index into the scalar array given to `Shaper.shape` (the whole paragraph, not the run).
    public var cluster: Int
    /// X advance in points at the requested size.
    public var advance: Double
    /// Offset in points, y down.
    public var offset: Point

    public init(glyph: UInt32, cluster: Int, advance: Double, offset: Point) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
        self.offset = offset
    }
}

public enum TextDirection: Sendable {
    case leftToRight, rightToLeft
}

public enum Shaper {
    /// Shapes `scalars[range]` in one face with HarfBuzz's default features (kerning, standard ligatures,
    /// contextual alternates...). The rest of `scalars` is passed as context so joining across run edges is
    /// right. Direction nil = guessed from the script. Glyphs come back in visual order (left to right), also
    /// for right-to-left runs; positions are in points at `size`, computed from unhinted font units.
    public static func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, face: Face, size: Double,
                             direction: TextDirection?) -> (glyphs: [ShapedGlyph], direction: TextDirection) {
        precondition(range.lowerBound >= 0 && range.upperBound <= scalars.count, "range outside the text")
        guard !range.isEmpty else { return ([], direction ?? .leftToRight) }

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map { $0.value }
        hb_buffer_add_codepoints(buffer, codepoints, Int32(codepoints.count),
                                 UInt32(range.lowerBound), Int32(range.count))
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == scalars.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        switch direction {
        case .leftToRight: hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        case .rightToLeft: hb_buffer_set_direction(buffer, HB_DIRECTION_RTL)
        case nil: break
        }
        hb_buffer_guess_segment_properties(buffer)
        // No language (the font's default language system): the guessed one comes from the process locale,
        // which would make output depend on the environment.
        hb_buffer_set_language(buffer, nil)
        // Inter's contextual alternates turn "3x3" into "3×3" and "->" into an arrow; the iOS system font does
        // neither, so they are off for Latin runs (Arabic joining uses other features and is unaffected).
        if direction != .rightToLeft {
            var feature = hb_feature_t()
            let ok = "-calt".withCString { hb_feature_from_string($0, -1, &feature) }
            if ok != 0 {
                hb_shape(face.data.hbFont, buffer, &feature, 1)
            } else {
                hb_shape(face.data.hbFont, buffer, nil, 0)
            }
        } else {
            hb_shape(face.data.hbFont, buffer, nil, 0)
        }

        let resolved: TextDirection = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], resolved) }

        // The hb_font is scaled to one unit per font unit, so this is the exact font-unit-to-point factor.
        let scale = size / face.unitsPerEm
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let info = infos[i], pos = positions[i]
            glyphs.append(ShapedGlyph(glyph: info.codepoint,
                                      cluster: Int(info.cluster),
                                      advance: Double(pos.x_advance) * scale,
                                      offset: Point(Double(pos.x_offset) * scale, -Double(pos.y_offset) * scale)))
        }
        return (glyphs, resolved)
    }
}
