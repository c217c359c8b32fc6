import Geometry
import LayerTree

extension Icon {
    /// The face and code point the icon is drawn from: Font Awesome 4.7 (fonts-font-awesome), the Debian icon
    /// face closest to the SF Symbols the iOS previews use, or the text face for a symbol that is a character.
    /// `scale` brings a character's ink to a Font Awesome glyph's at the same size (a text face's ink is much
    /// smaller than its em: ₡ at 16 pt sits in VegaStyle's ring as Font Awesome's glyphs do at 13.5).
    var glyphSource: (family: String, weight: FontWeight, scalar: Unicode.Scalar, scale: Double) {
        self == .colonSign ? ("Inter", .medium, fontAwesomeCodePoint, 32.0 / 27)
            : (TextLayoutEngine.iconFamily, .regular, fontAwesomeCodePoint, 1)
    }

    /// The icon's code point in Font Awesome 4.7, or in the text face for a character (see `glyphSource`).
    private var fontAwesomeCodePoint: Unicode.Scalar {
        let value: UInt32
        switch self {
        case .trash: value = 0xF1F8
        case .flag: value = 0xF024
        case .ellipsis: value = 0xF141
        case .envelope: value = 0xF0E0
        case .envelopeOpen: value = 0xF2B6
        case .star: value = 0xF005
        case .starOutline: value = 0xF006
        case .bell: value = 0xF0F3
        case .archive: value = 0xF187
        case .reply: value = 0xF112
        case .share: value = 0xF064
        case .check: value = 0xF00C
        case .heart: value = 0xF004
        case .calendar: value = 0xF073
        case .clock: value = 0xF017
        case .phone: value = 0xF095
        case .dollar: value = 0xF155
        case .photo: value = 0xF03E
        case .grid: value = 0xF00A
        case .note: value = 0xF022  // list-alt: a page with lines, as note.text
        case .userPlus: value = 0xF234
        case .user: value = 0xF007
        case .globe: value = 0xF0AC
        case .circle: value = 0xF111
        case .folder: value = 0xF114  // folder-o: SF Symbols' plain names are outlines
        case .camera: value = 0xF030
        case .chevronRight: value = 0xF054
        case .chevronLeft: value = 0xF053
        case .faceID: value = 0xF2BD
        case .plus: value = 0xF067
        case .minus: value = 0xF068
        case .search: value = 0xF002
        case .paperplane: value = 0xF1D9  // paper-plane-o
        case .tray: value = 0xF01C
        case .micSlash: value = 0xF131
        case .sun: value = 0xF185
        case .wifi: value = 0xF1EB
        case .signal: value = 0xF012
        case .colonSign: value = 0x20A1
        }
        return Unicode.Scalar(value)!
    }
}

extension TextLayoutEngine {
    public static let iconFamily = "FontAwesome"

    /// The icon's outline centered in `bounds` (by its drawn extent, as a symbol image view centers it).
    public func iconPath(_ glyph: GlyphContents, in bounds: Rect) throws -> Path {
        let source = glyph.icon.glyphSource
        let face = try fonts.face(FontDescriptor(family: source.family, weight: source.weight))
        let scalar = source.scalar
        guard face.hasGlyph(for: scalar) else {
            throw FontError(description: "\(source.family) has no glyph for icon '\(glyph.icon.rawValue)'")
        }
        let shaped = Shaper.shape([scalar], range: 0..<1, face: face, size: glyph.size, direction: .leftToRight).glyphs
        guard let g = shaped.first else { return Path() }
        let k = glyph.size * source.scale / face.unitsPerEm
        let outline = face.outline(glyph: g.glyph)
        let box = outline.controlBounds
        guard !box.isNull else { return Path() }
        let dx = bounds.midX - box.midX * k, dy = bounds.midY - box.midY * k
        return outline.applying(ProjectiveTransform(m11: k, m12: 0, m13: 0, m21: 0, m22: k, m23: 0, m31: dx, m32: dy, m33: 1))
    }
}
