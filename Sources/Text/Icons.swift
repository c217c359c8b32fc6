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
        case .faceID: value = 0xF2BD  // user-circle; drawn from strokes instead (see `drawnOutline`)
        case .envelopeBadge: value = 0xF0E0  // envelope; drawn instead (see `drawnOutline`)
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

/// An icon's outline as filled shapes: the primary part in the icon's color and, for a symbol drawn in
/// layers (SF Symbols' hierarchical rendering), a secondary part at `secondaryOpacity` of it.
public struct IconOutline: Sendable {
    public var primary: Path
    public var secondary = Path()
    /// The secondary layer's share of the color: 0.51 of the primary's on VegaStyle_Reverse's Face ID frame.
    public static let secondaryOpacity = 0.5

    public init(primary: Path, secondary: Path = Path()) { self.primary = primary; self.secondary = secondary }
}

extension Icon {
    /// Symbols Font Awesome has nothing like (an SF Symbol, a demo's own image), drawn here from strokes or
    /// panels: in points at a 22-pt symbol, centered on the origin. Nil for the icons taken from a face.
    var drawnOutline: IconOutline? {
        switch self {
        case .faceID: return Self.faceIDOutline
        case .envelopeBadge: return Self.envelopeBadgeOutline
        default: return nil
        }
    }

    /// faceid, measured on VegaStyle_Reverse's first card at rest (1.2308 px a point): four corner brackets
    /// (centerlines ±9.65 pt, 1.95 pt wide, arms reaching 3.5 pt from the middle) in the secondary layer;
    /// the eyes (±4 pt, 2.3 pt up), a J of a nose and a smile in the primary, 1.4 pt wide.
    private static let faceIDOutline: IconOutline = {
        let frame = StrokeStyle(width: 1.95, cap: .round, join: .round)
        let face = StrokeStyle(width: 1.4, cap: .round, join: .round)
        let h = 9.65, arm = 3.5, r = 2.2
        var brackets = Path()
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            var corner = Path()
            corner.move(to: Point(sx * arm, sy * h))
            corner.line(to: Point(sx * (h - r), sy * h))
            corner.quad(to: Point(sx * h, sy * (h - r)), control: Point(sx * h, sy * h))
            corner.line(to: Point(sx * h, sy * arm))
            brackets.append(corner.stroked(frame))
        }
        var features = Path()
        for x in [-4.0, 4.0] {
            var eye = Path()
            eye.move(to: Point(x, -3.1)); eye.line(to: Point(x, -1.5))
            features.append(eye.stroked(face))
        }
        var nose = Path()
        nose.move(to: Point(0.15, -3.6)); nose.line(to: Point(0.15, 0.2))
        nose.quad(to: Point(-1.2, 1.0), control: Point(0.15, 1.0))
        features.append(nose.stroked(face))
        var smile = Path()
        smile.move(to: Point(-2.9, 3.3)); smile.quad(to: Point(2.9, 3.3), control: Point(0, 5.9))
        features.append(smile.stroked(face))
        return IconOutline(primary: features, secondary: brackets)
    }()
}

extension Icon {
    /// The demo's Unread image as ExpansionStyle_Selecton shows it in its 29.3-pt button glyph (1.2308 px a
    /// point): a 29 x 22.3 pt envelope whose flap (a V to 56% of its height) and folds (from the bottom corners
    /// at 45° to the flap's sides) are 1.6-pt gaps, and centered 2 pt in from its top right corner a ring
    /// (4.1 pt out, 1.6 pt wide) in a 1.6-pt clearing; here in points of a 22-pt symbol (each times 22/29.3).
    /// Built from the four panels between the gaps, each a convex polygon inset from the folds, the corner
    /// cleared around the ring.
    private static let envelopeBadgeOutline: IconOutline = {
        let k = 22 / 29.3
        let w = 29 * k, h = 22.3 * k, gap = 1.6 * k
        // Centered with the ring: the body sits a little low and left of the symbol's middle.
        let x0 = -w / 2 - 1, x1 = w / 2 - 1, y0 = -h / 2 + 1.2, y1 = h / 2 + 1.2
        let apex = Point(0, y0 + 0.56 * h)
        // Where each fold meets the flap's side: the 45° line from the bottom corner and the side from the top one.
        func meet(_ top: Point, _ bottom: Point, _ dx: Double) -> Point {
            let d = apex - top
            // top + s·d = bottom + u·(dx, −1)
            let det = d.x * -1 - d.y * dx
            let s = ((bottom.x - top.x) * -1 - (bottom.y - top.y) * dx) / det
            return top + d * s
        }
        let tl = Point(x0, y0), tr = Point(x1, y0), bl = Point(x0, y1), br = Point(x1, y1)
        let pl = meet(tl, bl, 1), pr = meet(tr, br, -1)
        // Panels with, per edge (from vertex i to i + 1), how far it is inset: half the gap along a fold.
        let g = gap / 2
        let panels: [([Point], [Double])] = [
            ([tl, tr, apex], [0, g, g]),
            ([tl, pl, bl], [g, g, 0]),
            ([tr, br, pr], [0, g, g]),
            ([bl, pl, apex, pr, br], [g, g, g, g, 0]),
        ]
        let ring = (center: Point(x1 - 2 * k, y0 + 2 * k), radius: 3.3 * k, width: 1.6 * k)
        var body = Path()
        for (points, insets) in panels {
            var polygon = ConvexPolygon.inset(points, by: insets)
            polygon = ConvexPolygon.removingDisk(center: ring.center, radius: ring.radius + ring.width / 2 + gap, from: polygon)
            guard polygon.count > 2 else { continue }
            body.move(to: polygon[0])
            for p in polygon.dropFirst() { body.line(to: p) }
            body.close()
        }
        var circle = Path.ellipse(in: Rect(ring.center.x - ring.radius, ring.center.y - ring.radius, 2 * ring.radius, 2 * ring.radius))
        circle = circle.stroked(StrokeStyle(width: ring.width, join: .round))
        body.append(circle)
        return IconOutline(primary: body)
    }()
}

extension TextLayoutEngine {
    public static let iconFamily = "FontAwesome"

    /// The icon's outline centered in `bounds`: a face's glyph by its drawn extent (as a symbol image view
    /// centers it), a drawn symbol by its own middle (its layers stay in register).
    public func iconOutline(_ glyph: GlyphContents, in bounds: Rect) throws -> IconOutline {
        if let drawn = glyph.icon.drawnOutline {
            let k = glyph.size / 22
            let t = ProjectiveTransform(m11: k, m12: 0, m13: 0, m21: 0, m22: k, m23: 0, m31: bounds.midX, m32: bounds.midY, m33: 1)
            return IconOutline(primary: drawn.primary.applying(t), secondary: drawn.secondary.applying(t))
        }
        return IconOutline(primary: try iconPath(glyph, in: bounds))
    }

    /// A face's glyph for the icon, centered in `bounds` by its drawn extent.
    func iconPath(_ glyph: GlyphContents, in bounds: Rect) throws -> Path {
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
