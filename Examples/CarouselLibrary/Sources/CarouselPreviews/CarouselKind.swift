import Foundation
import RenderPreviewsKindKit

/// `"kind": "carousel"`: cards paged by a finger, each turned about Y by progress × `angle` under m34 = −1/`eye`
/// and faded to 1 − |progress| × `fade`, as the iOS cell's `transform(progress:)` below does.
public enum CarouselKind: PreviewKind {
    public static let name = "carousel"
    public static let summary = "a paged card carousel: cards turn and fade with their distance from the centre"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 390, height: 300, scale: 1, background: Color(red: 0.93, green: 0.93, blue: 0.95))
        public var framesPerSecond = 30.0
        public var cards = ["Lisbon", "Kyoto", "Oaxaca", "Tromsø", "Cusco"]
        public var angle = 45.0
        public var eye = 500.0
        public var fade = 0.5
        public var timeline: [Timed<ScrollGesture>] = []
        public var duration: Double?
        public init() {}
    }

    public static let defaults = Settings()

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "390 × 300 pt at 1 px/pt", owner: .preview,
              doc: "the screen"),
        Field("framesPerSecond", \.framesPerSecond, .number(.framesPerSecond), unit: "fps", owner: .preview, doc: ""),
        Field("cards", \.cards, .array(.string, atLeastOne: "at least one card"), doc: "the cards' titles, a page each"),
        Field("angle", \.angle, .number(NumberRule(minimum: -90, maximum: 90, expectation: "-90...90")), unit: "deg",
              doc: "the turn about Y one page away"),
        Field("eye", \.eye, .number(.positive), unit: "pt", doc: "the eye's distance: m34 = -1/eye"),
        Field("fade", \.fade, .number(.unit), doc: "the opacity lost one page away"),
        Field("timeline", \.timeline, .timeline(ScrollGesture.pagedForms, duration: \.seconds), owner: .preview,
              doc: "the finger's script"),
        .duration(\.duration),
    ], check: { s, object, d in
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: [], fps: s.framesPerSecond, object, d)
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        Carousel(settings: settings)
    }
}

struct Carousel: PreviewAnimation {
    let settings: CarouselKind.Settings
    let pages: TransformablePages
    /// The pictures in the package's Assets, decoded once; card i shows the (i mod 5)-th.
    let pictures: [LayerImage] = ["lisbon", "kyoto", "oaxaca", "tromso", "cusco"].compactMap { (file: String) in
        guard let url = Bundle.module.url(forResource: file, withExtension: "png", subdirectory: "Assets") else { return nil }
        return try? LayerImage(contentsOfFile: url.path, name: "Assets/" + file + ".png")
    }

    init(settings: CarouselKind.Settings) {
        self.settings = settings
        let steps = settings.timeline.resolved(end: settings.duration, duration: \.seconds, wait: ScrollGesture.wait)
        pages = TransformablePages(frame: Rect(0, 40, settings.canvas.width, 220), numberOfItems: settings.cards.count,
                                   gestures: steps)
    }

    var canvas: Canvas { settings.canvas }
    var framesPerSecond: Double { settings.framesPerSecond }
    var duration: Double { max(pages.duration, settings.duration ?? 0) }

    func frame(at time: Double) -> LayerScene {
        var screen = Layer(name: "screen", frame: Rect(0, 0, canvas.width, canvas.height))
        screen.sublayers = [pages.view(at: time) { index, progress, size in cell(index, progress: progress, size: size) }]
        if let disc = pages.touchDisc(at: time) { screen.sublayers.append(disc) }
        return LayerScene(canvas: canvas, root: screen)
    }

    /// The cell: a rounded card, its picture and its title, given its progress as the iOS cell's
    /// `transform(progress:)` is.
    func cell(_ index: Int, progress: Double, size: Size) -> Layer {
        var cell = Layer(name: "cell \(index)", frame: Rect(0, 0, size.width, size.height))
        var card = Layer(name: "card", frame: Rect(size.width * 0.18, 10, size.width * 0.64, size.height - 20))
        card.backgroundColor = .white
        card.cornerRadius = 18
        card.masksToBounds = true
        var picture = Layer(name: "picture", frame: Rect(0, 0, card.bounds.width, card.bounds.height - 56))
        if !pictures.isEmpty { picture.contents = .image(pictures[index % pictures.count]) }
        picture.contentsGravity = .resizeAspectFill
        picture.masksToBounds = true
        var title = Layer(name: "title", frame: Rect(16, card.bounds.height - 46, card.bounds.width - 32, 36))
        title.contents = .text(TextContents(settings.cards[index], weight: .bold, size: 24, color: .black))
        card.sublayers = [picture, title]
        // transform(progress:), as written for iOS: turn, then move aside, under the perspective.
        var t = CATransform3DIdentity
        t.m34 = -1 / settings.eye
        t = CATransform3DTranslate(t, progress * card.bounds.width * 0.9, 0, 0)
        t = CATransform3DRotate(t, progress * settings.angle * .pi / 180, 0, 1, 0)
        card.transform = t
        card.opacity = 1 - abs(progress) * settings.fade
        cell.sublayers = [card]
        return cell
    }
}
