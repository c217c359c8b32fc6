import Foundation
import Geometry
import LayerTree

extension Icon {
    /// The face and code point the icon is drawn from: Font Awesome 4.7 (bundled, from Debian's fonts-font-awesome), the icon
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
        case .trash: value = 0xF1F8  // drawn instead (see `drawnOutline`)
        case .trashOutline: value = 0xF014  // trash-o; drawn instead (see `drawnOutline`)
        case .flag: value = 0xF024  // drawn instead (see `drawnOutline`)
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
        case .calendar: value = 0xF073  // drawn instead (see `drawnOutline`)
        case .clock: value = 0xF017
        case .clockHands: value = 0xF017  // clock-o; drawn instead (see `drawnOutline`)
        case .phone: value = 0xF095
        case .dollar: value = 0xF155
        case .photo: value = 0xF03E
        case .photoAngled: value = 0xF03E  // picture-o; drawn instead (see `drawnOutline`)
        case .grid: value = 0xF00A  // th; drawn instead (see `drawnOutline`)
        case .note: value = 0xF022  // list-alt: a page with lines, as note.text
        case .userPlus: value = 0xF234
        case .user: value = 0xF007
        case .personCrop: value = 0xF007  // user; drawn instead (see `drawnOutline`)
        case .teletype: value = 0xF095  // phone; drawn instead (see `drawnOutline`)
        case .globe: value = 0xF0AC  // drawn instead (see `drawnOutline`)
        case .circle: value = 0xF111
        case .circleHexagongrid: value = 0xF111  // drawn instead (see `drawnOutline`)
        case .folder: value = 0xF114  // folder-o: SF Symbols' plain names are outlines
        case .camera: value = 0xF030
        case .chevronRight: value = 0xF054
        case .chevronLeft: value = 0xF053
        case .faceID: value = 0xF2BD  // user-circle; drawn from strokes instead (see `drawnOutline`)
        case .envelopeBadge: value = 0xF0E0  // envelope; drawn instead (see `drawnOutline`)
        case .plus: value = 0xF067
        case .minus: value = 0xF068
        case .search: value = 0xF002
        case .paperplane: value = 0xF1D9  // paper-plane-o; drawn instead (see `drawnOutline`)
        case .tray: value = 0xF01C  // inbox; drawn instead (see `drawnOutline`)
        case .micSlash: value = 0xF131
        case .sun: value = 0xF185  // drawn instead (see `drawnOutline`)
        case .wifi: value = 0xF1EB
        case .signal: value = 0xF012
        case .colonSign: value = 0x20A1
        }
        return Unicode.Scalar(value)!
    }
}

/// An icon's outline as filled shapes: the primary part in the icon's color and, for a symbol drawn in
/// layers (SF Symbols' hierarchical rendering), a secondary part at `secondaryOpacity` of it; a symbol in
/// SF Symbols' multicolor rendering has parts in colors of their own, whatever the icon's color.
public struct IconOutline: Sendable {
    public var primary: Path
    public var secondary = Path()
    public var colored: [(path: Path, color: Color)] = []
    /// The secondary layer's share of the color: 0.51 of the primary's on VegaStyle_Reverse's Face ID frame.
    public static let secondaryOpacity = 0.5

    public init(primary: Path, secondary: Path = Path(), colored: [(path: Path, color: Color)] = []) {
        self.primary = primary; self.secondary = secondary; self.colored = colored
    }
}

extension Icon {
    /// Symbols drawn here as the recordings show them, from strokes or panels (an SF Symbol Font Awesome has
    /// nothing like or draws otherwise, a demo's own image): in points at a 22-pt symbol, the symbol's box
    /// centered on the origin (most are centered by their own extent; sun and calendar sit where their box
    /// puts them). Nil for the icons taken from a face.
    var drawnOutline: IconOutline? {
        switch self {
        case .faceID: return Self.faceIDOutline
        case .envelopeBadge: return Self.envelopeBadgeOutline
        case .flag: return Self.flagOutline
        case .trash: return Self.trashOutline
        case .trashOutline: return Self.trashStrokesOutline
        case .circleHexagongrid: return Self.hexagongridOutline
        case .tray: return Self.trayFullOutline
        case .sun: return Self.sunDustOutline
        case .grid: return Self.squareGridOutline
        case .calendar: return Self.calendarOutline
        case .photoAngled: return Self.photoAngledOutline
        case .clockHands: return Self.clockHandsOutline
        case .personCrop: return Self.personCropOutline
        case .teletype: return Self.teletypeOutline
        case .paperplane: return Self.paperplaneOutline
        case .globe: return Self.globeOutline
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
            features.append(Path.segment(Point(x, -3.1), Point(x, -1.5)).stroked(face))
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
    /// flag.fill, as TransitionStyle_Border's Flag button shows it at rest (2.03 s, its 29.2-pt glyph 1.634 px a
    /// unit here): a pole whose top is the flag's upper corner, and a flag waving once, its edges measured
    /// column by column (each column's coverage summed, which the recorder's blur does not move) and fitted by
    /// cubics within 0.1 unit. 20.6 x 19.9 units, centered by that extent as the glyphs are.
    private static let flagOutline: IconOutline = {
        let left = -10.29, right = 10.29, pole = -8.40, foot = 9.95
        // The top edge runs from 1 unit in from the left to 1 unit in from the right, the bottom edge from the
        // pole to 1 unit in; each cubic's control points at thirds of its width.
        let top = (from: -9.23, c1: -11.93, c2: -6.24, to: -8.67)
        let bottom = (from: 3.75, c1: 1.62, c2: 6.79, to: 4.47)
        let inner = right - 1, corner = 1.0, round = 0.6
        var flag = Path()
        flag.move(to: Point(left, foot - round))
        flag.line(to: Point(left, top.from + corner))
        flag.quad(to: Point(left + 1, top.from), control: Point(left, top.from))
        let topThird = (inner - (left + 1)) / 3
        flag.cubic(to: Point(inner, top.to), control1: Point(left + 1 + topThird, top.c1), control2: Point(inner - topThird, top.c2))
        flag.quad(to: Point(right, top.to + corner), control: Point(right, top.to))
        flag.line(to: Point(right, bottom.to - corner))
        flag.quad(to: Point(inner, bottom.to), control: Point(right, bottom.to))
        let bottomThird = (inner - pole) / 3
        flag.cubic(to: Point(pole, bottom.from), control1: Point(inner - bottomThird, bottom.c2), control2: Point(pole + bottomThird, bottom.c1))
        flag.line(to: Point(pole, foot - round))
        flag.quad(to: Point(pole - round, foot), control: Point(pole, foot))
        flag.line(to: Point(left + round, foot))
        flag.quad(to: Point(left, foot - round), control: Point(left, foot))
        flag.close()
        return IconOutline(primary: flag)
    }()
}

extension Icon {
    /// trash.fill, as TransitionStyle_Border's Trash button shows it at rest (2.03 s, its 33-pt glyph 1.847 px
    /// a unit here), measured row by row: a lid 17 units wide and 1.35 thick with round ends; on it a handle, a
    /// 7.9-unit arch of 1.3-unit bars; under it a body 13.3 units wide narrowing to 11.9 at its rounded
    /// bottom, with three round-ended slots 1.08 units wide, 2.95 apart. Everything is one color; the slots
    /// wind against the body, so the nonzero fill leaves them open. 17 x 19.6 units, centered by that extent.
    private static let trashOutline: IconOutline = {
        let lidTop = -6.12, lidBottom = -4.77, top = -9.8, bottom = 9.8
        var bin = Path.roundedRect(Rect(-8.5, lidTop, 17, lidBottom - lidTop), radius: (lidBottom - lidTop) / 2)
        // The arch's legs and its opening reach into the lid, where the lid fills them.
        bin.append(.roundedRect(Rect(-3.95, top, 7.9, lidTop + 0.8 - top), radius: 1.6))
        bin.append(.roundedRect(Rect(-2.65, top + 1.3, 5.3, lidTop + 0.6 - top - 1.3), radius: 0.6, reversed: true))
        // The body, from just inside the lid, its sides slanting in by 0.67 units over its height.
        let upper = 6.64, lower = 5.97, corner = 1.6, start = lidBottom - 0.13
        let side = upper - (upper - lower) * (bottom - corner - start) / (bottom - start)
        bin.move(to: Point(-upper, start))
        bin.line(to: Point(upper, start))
        bin.line(to: Point(side, bottom - corner))
        bin.quad(to: Point(lower - corner, bottom), control: Point(lower, bottom))
        bin.line(to: Point(-lower + corner, bottom))
        bin.quad(to: Point(-side, bottom - corner), control: Point(-lower, bottom))
        bin.close()
        for x in [-2.95, 0, 2.95] {
            bin.append(.roundedRect(Rect(x - 0.54, -3.3, 1.08, 10.18), radius: 0.54, reversed: true))
        }
        return IconOutline(primary: bin)
    }()
}

extension Icon {
    /// trash, the outline one, as MiniTimer_2's delete button shows it (frame 75, 1.2308 px a point), in units
    /// that make its ink there a 25-pt symbol's (1.399 px a unit): a lid 17.4 units across and 1.36 thick, a
    /// handle arch of 1.22-unit strokes, the bin's sides and bottom 1.43 wide (its outer edge 14 units across
    /// under the lid, 13 at the bottom) and three slots 1.17 wide, 2.86 apart. Stroked pieces, all wound
    /// the same way, so the nonzero fill joins them where they overlap.
    private static let trashStrokesOutline: IconOutline = {
        let lidY = -5.9
        var bin = Path()
        bin.append(Path.segment(Point(-8.0, lidY), Point(8.0, lidY)).stroked(StrokeStyle(width: 1.36, cap: .round)))
        var handle = Path()
        let hx = 3.32, hy = -9.01, bend = 1.0
        handle.move(to: Point(-hx, lidY))
        handle.line(to: Point(-hx, hy + bend)); handle.quad(to: Point(-hx + bend, hy), control: Point(-hx, hy))
        handle.line(to: Point(hx - bend, hy)); handle.quad(to: Point(hx, hy + bend), control: Point(hx, hy))
        handle.line(to: Point(hx, lidY))
        bin.append(handle.stroked(StrokeStyle(width: 1.22, join: .round)))
        // The sides' centerlines, 6.28 from the middle under the lid and 5.80 at the bottom.
        let upper = 6.28, lower = 5.80, bottom = 8.9, corner = 1.3
        let side = upper - (upper - lower) * (bottom - corner - lidY) / (bottom - lidY)
        var body = Path()
        body.move(to: Point(-upper, lidY))
        body.line(to: Point(-side, bottom - corner)); body.quad(to: Point(-lower + corner, bottom), control: Point(-lower, bottom))
        body.line(to: Point(lower - corner, bottom)); body.quad(to: Point(side, bottom - corner), control: Point(lower, bottom))
        body.line(to: Point(upper, lidY))
        bin.append(body.stroked(StrokeStyle(width: 1.43, join: .round)))
        for x in [-2.86, 0, 2.86] {
            bin.append(Path.segment(Point(x, -2.96), Point(x, 6.03)).stroked(StrokeStyle(width: 1.17, cap: .round)))
        }
        return IconOutline(primary: bin)
    }()
}

extension Icon {
    /// circle.hexagongrid.fill in multicolor, as VegaStyle shows it (3.6 s, 1.2308 px a point): seven dots 6.6
    /// across, a black one in the middle and six around it, 8.29 apart in a row and the rows 7.43 apart, each in
    /// its measured color (the system green, orange, pink, indigo, blue and yellow).
    private static let hexagongridOutline: IconOutline = {
        let d = 6.6, dx = 8.29, dy = 7.43
        let dots: [(Double, Double, String)] = [
            (-dx / 2, -dy, "#37C85A"), (dx / 2, -dy, "#FE9401"),
            (-dx, 0, "#FC2B55"), (0, 0, "#000000"), (dx, 0, "#5753D4"),
            (-dx / 2, dy, "#0178FD"), (dx / 2, dy, "#FECC06"),
        ]
        return IconOutline(primary: Path(), colored: dots.map { x, y, hex in
            (Path.circle(center: Point(x, y), radius: d / 2), Color(hex: hex)!)
        })
    }()
}

extension Icon {
    /// tray.full, as VegaStyle shows it (3.6 s, 1.2308 px a point), from strokes 1.8 wide measured on their
    /// centerlines: a box 23.4 across whose top is a shelf dipping into a U (5.2 wide, 3.2 deep) in its middle,
    /// above it the tray's back slanting in to a top 13.8 across, and two sheets in it, the upper one shorter
    /// (1.0 and 1.2 wide).
    private static let trayFullOutline: IconOutline = {
        let line = StrokeStyle(width: 1.8, cap: .round, join: .round)
        let side = 11.7, shelf = -0.1, base = 8.5, corner = 2.5, top = -8.65, back = 6.9, round = 1.5
        var tray = Path()
        // The box, the shelf with its dip, closed.
        var box = Path()
        box.move(to: Point(-side, shelf))
        box.line(to: Point(-3.9, shelf))
        box.quad(to: Point(-2.6, 1.3), control: Point(-2.6, shelf)); box.quad(to: Point(0, 3.1), control: Point(-2.6, 3.1))
        box.quad(to: Point(2.6, 1.3), control: Point(2.6, 3.1)); box.quad(to: Point(3.9, shelf), control: Point(2.6, shelf))
        box.line(to: Point(side, shelf))
        box.line(to: Point(side, base - corner)); box.quad(to: Point(side - corner, base), control: Point(side, base))
        box.line(to: Point(-side + corner, base)); box.quad(to: Point(-side, base - corner), control: Point(-side, base))
        box.close()
        tray.append(box.stroked(line))
        // The back: from the shelf's ends in to the top, its corners rounded.
        let slope = (side - back) / (shelf - top)
        var rim = Path()
        rim.move(to: Point(-side, shelf))
        rim.line(to: Point(-back - slope * round, top + round)); rim.quad(to: Point(-back + round, top), control: Point(-back, top))
        rim.line(to: Point(back - round, top)); rim.quad(to: Point(back + slope * round, top + round), control: Point(back, top))
        rim.line(to: Point(side, shelf))
        tray.append(rim.stroked(line))
        for (y, half, width) in [(-5.8, 4.9, 1.0), (-3.2, 6.5, 1.2)] {
            tray.append(Path.segment(Point(-half, y), Point(half, y)).stroked(StrokeStyle(width: width, cap: .round)))
        }
        return IconOutline(primary: tray)
    }()
}

extension Icon {
    /// sun.dust.fill, as VegaStyle shows it (3.6 s, 1.2308 px a point): a sun 12 across rising, cut 1.45 below
    /// its middle, and five rays 1.63 wide from 8.8 to 11.7 out (up, at 45° and level). The symbol's box holds
    /// the dust below too, so what shows sits 6 units above the box's middle (against the title, 7.4 px higher
    /// than centered by its own extent).
    private static let sunDustOutline: IconOutline = {
        let c = Point(0, -0.4), r = 6.0, cut = 1.45
        // The arc over the top, from the cut's left end round to its right end, in quadratic pieces.
        let start = Double.pi - asin(cut / r), sweep = Double.pi + 2 * asin(cut / r), pieces = 8
        let step = sweep / Double(pieces)
        func at(_ a: Double, _ radius: Double) -> Point { Point(c.x + radius * cos(a), c.y + radius * sin(a)) }
        var sun = Path()
        sun.move(to: at(start, r))
        for k in 1...pieces {
            let a = start + step * Double(k)
            sun.quad(to: at(a, r), control: at(a - step / 2, r / cos(step / 2)))
        }
        sun.close()
        for degrees in [180.0, 225, 270, 315, 360] {
            let a = degrees * Double.pi / 180
            sun.append(Path.segment(at(a, 8.8), at(a, 11.7)).stroked(StrokeStyle(width: 1.63, cap: .round)))
        }
        return IconOutline(primary: sun)
    }()
}

extension Icon {
    /// square.grid.3x3, as VegaStyle shows it (1.0 s, 1.2308 px a point): nine outlined squares 6.1 across,
    /// 7.68 apart, their strokes 1.15 wide with rounded corners (Font Awesome's th is filled).
    private static let squareGridOutline: IconOutline = {
        let pitch = 7.68, outer = 6.1, width = 1.15
        let side = outer - width
        var grid = Path()
        for row in -1...1 {
            for column in -1...1 {
                let c = Point(Double(column) * pitch, Double(row) * pitch)
                let square = Path.roundedRect(Rect(c.x - side / 2, c.y - side / 2, side, side), radius: 0.65)
                grid.append(square.stroked(StrokeStyle(width: width, join: .round)))
            }
        }
        return IconOutline(primary: grid)
    }()
}

extension Icon {
    /// calendar, as VegaStyle's calendar.badge.clock shows it (1.0 s, 1.2308 px a point): a page 22.5 x 20.3
    /// with rounded corners, its frame 1.8 wide under a top band 5.3 deep, and nine day dots 1.7 across on a
    /// 3.65 x 3.5 grid (the first row starting at the second column, the fourth column under the badge).
    /// It sits 0.5 right of and 0.9 above the symbol's middle, where the badge at the corner puts it.
    private static let calendarOutline: IconOutline = {
        let c = Point(0.5, -0.9), w = 22.5, h = 20.3, frame = 1.8, band = 5.3
        let outer = Rect(c.x - w / 2, c.y - h / 2, w, h)
        var page = Path.roundedRect(outer, radius: 2.4)
        page.append(.roundedRect(Rect(outer.minX + frame, outer.minY + band, w - 2 * frame, h - band - frame), radius: 0.6, reversed: true))
        let columns = [-5.93, -2.11, 1.42, 5.04], rows = [-2.11, 1.54, 4.96], dot = 1.7
        let days = [(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
        for (row, column) in days {
            page.append(.circle(center: Point(c.x + columns[column], c.y + rows[row]), radius: dot / 2))
        }
        return IconOutline(primary: page)
    }()
}

extension Icon {
    /// photo.on.rectangle.angled, as VegaStyle shows it (1.0 s, 1.2308 px a point): a photo 21.7 x 17.6 framed
    /// 1.6 wide, a sun and two peaks inside, in front of a second frame seen at an angle (a parallelogram whose
    /// edges show left of and above the photo).
    private static let photoAngledOutline: IconOutline = {
        let frame = 1.6
        let outer = Rect(-7.56, -6.3, 21.7, 17.63)
        var photo = Path.roundedRect(outer, radius: 2)
        let inner = outer.insetBy(dx: frame, dy: frame)
        photo.append(.roundedRect(inner, radius: 0.5, reversed: true))
        // The scene, from the inner bottom left: the small peak, the valley, the big peak, the right side.
        photo.move(to: Point(inner.minX, inner.maxY))
        for p in [Point(-3.49, 3.62), Point(0.24, 5.73), Point(7.96, 1.67), Point(inner.maxX, 5.08)] { photo.line(to: p) }
        photo.line(to: Point(inner.maxX, inner.maxY))
        photo.close()
        photo.append(.circle(center: Point(0.9, -0.2), radius: 2))
        // The frame behind, from inside the photo's left side round to inside its top.
        let corners = [Point(-6.74, 5.32), Point(-10.07, 5.48), Point(-13.24, -7.52), Point(10.24, -10.36), Point(10.81, -5.48)]
        var back = Path()
        back.move(to: corners[0])
        // Its corners rounded 1.5 along each edge.
        for k in 1..<(corners.count - 1) {
            let p = corners[k]
            func toward(_ q: Point) -> Point { let d = q - p; return p + d * (1.5 / d.length) }
            back.line(to: toward(corners[k - 1])); back.quad(to: toward(corners[k + 1]), control: p)
        }
        back.line(to: corners[corners.count - 1])
        photo.append(back.stroked(StrokeStyle(width: frame, join: .round)))
        return IconOutline(primary: photo)
    }()
}

extension Icon {
    /// The hands of clock.fill as calendar.badge.clock's badge shows them in VegaStyle (1.0 s): a minute hand up
    /// and an hour hand to the left from just below the middle, 1.3 px wide at the badge's 7-pt glyph (3.3 units),
    /// 4.5 and 3.6 px long to their rounded ends. Font Awesome's clock-o added a ring the badge does not have.
    private static let clockHandsOutline: IconOutline = {
        var hands = Path()
        hands.move(to: Point(-0.25, 1.0 - 9.8))
        hands.line(to: Point(-0.25, 1.0))
        hands.line(to: Point(-0.25 - 7.5, 1.0))
        return IconOutline(primary: hands.stroked(StrokeStyle(width: 3.3, cap: .round, join: .round)))
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
        body.append(Path.circle(center: ring.center, radius: ring.radius).stroked(StrokeStyle(width: ring.width, join: .round)))
        return IconOutline(primary: body)
    }()
}

extension Icon {
    /// Units of a drawn outline per VegaStyle pixel for the flow items' 13.5-pt glyphs in their enclosures:
    /// 22 / (13.5 × 1.2308), to four places.
    private static let unitsPerVegaPixelAt13_5 = 1.3241

    /// person.crop.circle's inside, as VegaStyle shows it in its 22.7-pt ring (1.0 s, 1.2308 px a point, the glyph
    /// at 13.5 pt: 1.324 units a pixel; offsets from the ring's fitted center): a head 4.81 px in radius, its
    /// center 2.53 px up (ink centroid and area), over shoulders whose top is the upper half of an ellipse
    /// (10.25 by 8.75 px, its top 4.55 px down: fitted to the four rows the badge leaves clear, within 0.1 px)
    /// cut off where it meets the inside of the ring (16.3 units: our ring's inner edge, 16.05, and a little
    /// under it so that no seam shows).
    private static let personCropOutline: IconOutline = {
        let k = unitsPerVegaPixelAt13_5
        var shape = Path.circle(center: Point(-0.07 * k, -2.53 * k), radius: 4.81 * k)
        let rx = 10.25 * k, ry = 8.75 * k, cy = (4.55 + 8.75) * k, ring = 16.3
        // Where the ellipse meets the ring, right of the middle: the angle (from the ellipse's center, 0 at its
        // right, negative upwards) at which its point lies at the ring's radius, by bisection.
        func point(_ a: Double) -> Point { Point(rx * cos(a), cy + ry * sin(a)) }
        var lo = -Double.pi / 2, hi = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            let p = point(mid)
            if p.x * p.x + p.y * p.y < ring * ring { lo = mid } else { hi = mid }
        }
        let meet = (lo + hi) / 2
        let steps = 32
        // The ellipse's upper arc from the left meeting point to the right one, then the ring back below.
        shape.move(to: point(-Double.pi - meet))
        for i in 1...steps {
            shape.line(to: point(-Double.pi - meet + Double(i) / Double(steps) * (Double.pi + 2 * meet)))
        }
        let right = point(meet), start = atan2(right.y, right.x), end = Double.pi - start
        for i in 1...steps {
            let a = start + Double(i) / Double(steps) * (end - start)
            shape.line(to: Point(ring * cos(a), ring * sin(a)))
        }
        shape.close()
        return IconOutline(primary: shape)
    }()
}

extension Icon {
    /// teletype.answer, as VegaStyle shows it in its filled disc (1.3 s, at rest; the glyph at 13.5 pt: 1.324 units
    /// a pixel; offsets from the disc's center): a handset 3.6 px wide with round ends, its earpiece up the left
    /// (x −7.8 px from y −3.2) bending into its mouthpiece along the bottom (y 5.2 px, to x 0.7), and a keyboard of
    /// keys 2.65 × 2.85 px: four in the upper row (y −3.2 px, centers 3.45 px apart from x −2.25), and in the lower
    /// (y 0.25 px) one at each end with a space bar 6.35 px wide between them (centers and rows from column and row
    /// coverage; widths from the gaps, which let at least three quarters of the disc through, 0.8 px).
    private static let teletypeOutline: IconOutline = {
        let k = unitsPerVegaPixelAt13_5
        func p(_ x: Double, _ y: Double) -> Point { Point(x * k, y * k) }
        var handset = Path()
        handset.move(to: p(-7.8, -3.2))
        handset.line(to: p(-7.7, 0.5))
        handset.quad(to: p(-3.2, 5.2), control: p(-7.3, 4.8))
        handset.line(to: p(0.7, 5.2))
        var shape = handset.stroked(StrokeStyle(width: 3.6 * k, cap: .round, join: .round))
        func key(_ x: Double, _ y: Double, width: Double = 2.65) {
            shape.append(.roundedRect(Rect((x - width / 2) * k, (y - 1.425) * k, width * k, 2.85 * k), radius: 0.6 * k))
        }
        for x in [-2.25, 1.2, 4.65, 8.1] { key(x, -3.2) }
        key(-2.2, 0.25); key(2.94, 0.25, width: 6.35); key(8.06, 0.25)
        return IconOutline(primary: shape)
    }()
}

extension Icon {
    /// paperplane, as VegaStyle shows it at rest (3.57 s, 1.2308 px a point; 27.2 × 27.8 px of ink, offsets from
    /// the ink's middle): a dart outlined 1.6 px wide, from its tail (−12.6, −3.0 px) to its tip (12.4, −12.7), down to its
    /// lowest point (3.0, 12.9) and back up to the notch under the middle (0.3, 0.5), with the fold from the notch
    /// to the tip (stroke centerlines, the ink's edges moved in by half the stroke).
    private static let paperplaneOutline: IconOutline = {
        // 1 px below its extent's middle: where the other items' symbols at that frame place it.
        func p(_ x: Double, _ y: Double) -> Point { Point(x / 1.2308, (y + 1) / 1.2308) }
        let tail = p(-12.6, -3.0), tip = p(12.4, -12.7), bottom = p(3.0, 12.9), notch = p(0.3, 0.5)
        var dart = Path()
        dart.move(to: tail); dart.line(to: tip); dart.line(to: bottom); dart.line(to: notch); dart.close()
        let style = StrokeStyle(width: 1.6 / 1.2308, cap: .round, join: .round)
        var shape = dart.stroked(style)
        shape.append(Path.segment(notch, tip).stroked(style))
        return IconOutline(primary: shape)
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
            return IconOutline(primary: drawn.primary.applying(t), secondary: drawn.secondary.applying(t),
                               colored: drawn.colored.map { ($0.path.applying(t), $0.color) })
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

extension Icon {
    /// globe, as VegaStyle shows globe.badge.chevron.backward at rest (3.0 s, 1.2308 px a point; ink measured
    /// from the icon's center): a ring 12.75 px in radius (centerline) about (1.8, −0.5) px, where the badged
    /// variant puts it, with the equator and two parallels ±6 px from it as chords, the central meridian, and
    /// two meridians as an ellipse 6 px wide each side, every line 1.45 px wide (in points of a 22-pt symbol,
    /// each px / 1.2308). Font Awesome's globe is a filled disc with continents.
    private static let globeOutline: IconOutline = {
        let px = 1 / 1.2308
        let c = Point(1.8 * px, -0.5 * px), r = 12.75 * px, apart = 6 * px
        let line = StrokeStyle(width: 1.45 * px, cap: .butt, join: .round)
        var globe = Path.circle(center: c, radius: r).stroked(line)
        for dy in [-apart, 0, apart] {
            let half = (r * r - dy * dy).squareRoot()
            globe.append(Path.segment(Point(c.x - half, c.y + dy), Point(c.x + half, c.y + dy)).stroked(line))
        }
        globe.append(Path.segment(Point(c.x, c.y - r), Point(c.x, c.y + r)).stroked(line))
        globe.append(Path.ellipse(in: Rect(c.x - apart, c.y - r, 2 * apart, 2 * r)).stroked(line))
        return IconOutline(primary: globe)
    }()
}
