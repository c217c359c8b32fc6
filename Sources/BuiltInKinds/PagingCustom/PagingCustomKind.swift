import Foundation
import RenderPreviewsKindKit

/// `"kind": "paging-custom"`: CollectionViewPagingLayout's custom TransformableView samples (Fruits, Gallery,
/// Cards) paged by a script (docs/paging-custom-scene.md).
public enum PagingCustomKind: PreviewKind {
    public static let name = "paging-custom"
    public static let summary = "CollectionViewPagingLayout's custom-implementation samples (Fruits, Gallery, Cards) paged by a script"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 414, height: 896, scale: 0.5, background: .white)
        public var framesPerSecond = 30.0
        public var sample = CustomSample.fruits
        public var page = 0
        public var contentOffset: Double?
        public var decelerationRate = 0.99
        public var bounces = true
        public var showsTouches = true
        public var timeline: [Timed<ScrollGesture>] = []
        public var duration: Double?
        public var keyFrames: [Double] = []

        public init() {}

        public var scene: PagingCustomScene {
            let steps = timeline.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait)
            return PagingCustomScene(canvas: canvas, framesPerSecond: framesPerSecond, sample: sample,
                                     physics: ScrollPhysics(decelerationRate: decelerationRate, bounces: bounces),
                                     gestures: steps, initialPage: page, frozenOffset: contentOffset, showsTouches: showsTouches)
        }
    }

    public static let defaults = Settings()

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "414 × 896 pt at 0.5 px/pt, white",
              owner: .preview, doc: "the samples' iPhone (11, XR) screen, as in the paging scenes"),
        Field("framesPerSecond", \.framesPerSecond, .number(.framesPerSecond),
              unit: "fps", owner: .preview, doc: ""),
        Field("sample", \.sample, .choice(),
              owner: .preview,
                    doc: "the screen: FruitsViewController (README: flowlayout), GalleryViewController (gallery) or CardsViewController (cards)"),
        Field("page", \.page, .integer, owner: .preview,
              doc: "the page shown at the start (Cards counts from the middle item it starts on)"),
        Field("contentOffset", \.contentOffset, .optional(.number(PagingKind.offsetRule)), unit: "pt",
              owner: .preview, doc: "freezes the scroll at this offset in every frame (Cards: its y, 448000 is where it starts)"),
        Field("decelerationRate", \.decelerationRate,
              .number(.decelerationRate),
              doc: "how fast a release settles on its page (UIScrollView fast: 0.99)"),
        Field("bounces", \.bounces, .bool, doc: "rubber-band past the first and last page"),
        .showsTouches(\.showsTouches),
        Field("timeline", \.timeline, .timeline(ScrollGesture.customForms, duration: \.seconds), owner: .preview,
              doc: "the script (below)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
    ], check: { s, object, d in
        let pages = s.sample.itemCount - s.sample.firstPage
        if s.page >= pages {
            throw d.error(object.position(of: "page"), "page",
                          "expected a page in 0...\(pages - 1) for the \(s.sample.rawValue) sample, found \(s.page)")
        }
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation(text: text)
    }
}

extension PagingCustomAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.canvas }
    public var framesPerSecond: Double { scene.framesPerSecond }
}
