/// What a layer draws between its background and its sublayers: text, an icon glyph, a gradient or vector
/// shapes. Descriptions only; the Text module shapes and lays out text, the compositor draws them all.
import Geometry

public enum LayerContents: Hashable, Sendable {
    case text(TextContents)
    case glyph(GlyphContents)
    case gradient(LinearGradient)
    /// Filled vector paths, in order, as a stack of CAShapeLayers would draw them (vector artwork).
    case shapes([FilledShape])
    /// The image of the scene's snapshot of this name (LayerScene.snapshots), through contentsRect; with
    /// masksToBounds it is clipped to the rounded bounds, as CALayer clips its contents.
    case snapshot(String)
    /// A bitmap, as CALayer.contents takes a CGImage: placed by the layer's contentsGravity and contentsScale,
    /// through contentsRect, clipped to the rounded bounds only by masksToBounds.
    case image(LayerImage)
}

/// A decoded bitmap: premultiplied RGBA, 8 bits a channel, rows top to bottom, each pixel packed as
/// `r | g << 8 | b << 16 | a << 24`. Compared and hashed by its digest (computed once, when it is made), so frames
/// that show the same image compare cheaply.
public struct LayerImage: Hashable, Sendable {
    /// Where it came from, as the scene or the kind named it (`Assets/avatar.png`): written back by `tree`.
    public let name: String
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]
    public let digest: UInt64

    /// The longest side an image may have, in pixels.
    public static let maxSide = 8192

    /// Nil when the size is empty, past `maxSide`, or does not match the pixels.
    public init?(name: String, width: Int, height: Int, premultipliedPixels pixels: [UInt32]) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide, pixels.count == width * height else { return nil }
        self.name = name; self.width = width; self.height = height; self.pixels = pixels
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(width) &* 31 ^ UInt64(height)
        for p in pixels { h = (h ^ UInt64(p)) &* 0x0000_0100_0000_01b3 }
        digest = h
    }

    public static func == (a: LayerImage, b: LayerImage) -> Bool {
        a.digest == b.digest && a.width == b.width && a.height == b.height && a.name == b.name
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest); hasher.combine(name) }
}

/// CALayer.contentsGravity: how an image is placed in the bounds.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// Where an image of `size` points goes in `bounds` (y down, as a view's layer on iOS: `top` is the top edge).
    public func placement(of size: Size, in bounds: Rect) -> Rect {
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = size.width * k, h = size.height * k
            return Rect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - size.width
            default: x = bounds.midX - size.width / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - size.height
            default: y = bounds.midY - size.height / 2
            }
            return Rect(x, y, size.width, size.height)
        }
    }
}

/// One filled path, CAShapeLayer's meaning: `path` in the layer's own coordinate space (that of its
/// bounds, y down), filled with `fill` by `rule`. Strokes come as filled outlines (`Path.stroked`).
public struct FilledShape: Hashable, Sendable {
    public var path: Path
    public var fill: Color
    public var rule: FillRule

    public init(path: Path, fill: Color, rule: FillRule = .nonZero) {
        self.path = path; self.fill = fill; self.rule = rule
    }
}

/// CAGradientLayer's axial gradient over the layer's (rounded) bounds.
public struct LinearGradient: Hashable, Sendable {
    public var colors: [Color]
    /// Stop positions in 0...1, ascending, one per color; nil spreads the colors evenly.
    public var locations: [Double]?
    /// Unit coordinates of the bounds, as CAGradientLayer's: top to bottom by default.
    public var startPoint: Point = Point(0.5, 0)
    public var endPoint: Point = Point(0.5, 1)

    public init(colors: [Color], locations: [Double]? = nil, startPoint: Point = Point(0.5, 0), endPoint: Point = Point(0.5, 1)) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint
    }

    /// (location, color) pairs, evenly spread when no locations are given.
    public var stops: [(Double, Color)] {
        guard colors.count > 1 else { return colors.map { (0, $0) } }
        let at = locations ?? colors.indices.map { Double($0) / Double(colors.count - 1) }
        return Array(zip(at, colors))
    }
}

/// UIFont.Weight's steps, lightest first (ultraLight is lighter than thin, as in UIKit).
public enum FontWeight: String, CaseIterable, Hashable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold
}

public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Leading edge of the paragraph's direction: left for Latin and Hangul, right for Arabic.
    case natural, left, center, right
}

/// Where the text block sits vertically in the layer's bounds.
public enum VerticalTextAlignment: Hashable, Sendable {
    /// Centered, as UILabel draws.
    case center
    case top
    /// The first line's baseline at this distance below the top of the bounds (how the swipe buttons align
    /// their titles).
    case firstBaseline(Double)
}

/// A label: UILabel's drawing properties.
public struct TextContents: Hashable, Sendable {
    public var string: String
    public var font: String = "Inter"
    public var weight: FontWeight = .regular
    public var italic: Bool = false
    /// Point size.
    public var size: Double = 17
    public var color: Color = .black
    public var alignment: TextAlignment = .natural
    /// Lines at most; 0 means no limit. Text beyond it is cut at the tail with "…" (UILabel's default).
    public var lineLimit: Int = 1
    /// Distance between baselines; nil uses the font's natural line height.
    public var lineHeight: Double? = nil
    public var verticalAlignment: VerticalTextAlignment = .center

    public init(_ string: String, font: String = "Inter", weight: FontWeight = .regular, italic: Bool = false,
                size: Double = 17, color: Color = .black) {
        self.string = string; self.font = font; self.weight = weight; self.italic = italic
        self.size = size; self.color = color
    }
}

/// The icons the previews use (SF Symbols on iOS; from Font Awesome here, or drawn as the recordings show them).
public enum Icon: String, CaseIterable, Hashable, Sendable {
    case trash, flag, ellipsis, envelope
    /// SF Symbols' trash (an outline), where `trash` is trash.fill.
    case trashOutline = "trash-outline"
    case envelopeOpen = "envelope-open"
    /// The SwipeCellKit demo's Unread image: an envelope with its flap and folds, a ring at its corner.
    case envelopeBadge = "envelope-badge"
    case star
    case starOutline = "star-outline"
    case bell, archive, reply, share, check, heart
    case calendar, clock, phone, dollar, photo, grid, note
    /// The hands clock.fill cuts out of its disc: what a clock badge draws on its own disc.
    case clockHands = "clock-hands"
    /// photo.on.rectangle.angled: a photo before a second frame seen at an angle.
    case photoAngled = "photo-angled"
    case userPlus = "user-plus"
    case user, globe, circle, folder, camera
    /// What person.crop.circle holds inside its ring: a head over shoulders that the ring crops.
    case personCrop = "person-crop"
    /// teletype.answer: a handset beside the two rows of a keyboard.
    case teletype
    /// circle.hexagongrid.fill in SF Symbols' multicolor rendering: seven dots in their own colors.
    case circleHexagongrid = "circle-hexagongrid"
    case chevronRight = "chevron-right"
    case chevronLeft = "chevron-left"
    case faceID = "face-id"
    case plus, minus, search
    case paperplane, tray, wifi, signal
    case micSlash = "mic-slash"
    case sun
    /// ₡ (SF Symbols' coloncurrencysign), which Font Awesome lacks: drawn from the text face.
    case colonSign = "colon-sign"
}

/// An icon tinted with one color, centered in the layer's bounds.
public struct GlyphContents: Hashable, Sendable {
    public var icon: Icon
    /// Point size of the icon font.
    public var size: Double = 22
    public var color: Color = .black

    public init(_ icon: Icon, size: Double = 22, color: Color = .black) {
        self.icon = icon; self.size = size; self.color = color
    }
}
