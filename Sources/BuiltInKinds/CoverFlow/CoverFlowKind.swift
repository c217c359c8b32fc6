import Foundation
import RenderPreviewsKindKit

/// `"kind": "coverflow"`: the CoverFlowLayout study (a UICollectionViewFlowLayout subclass) on its navigation
/// controller screen, scrolled, selected, deleted from and added to by a script (docs/coverflow-scene.md).
public enum CoverFlowKind: PreviewKind {
    public static let name = "coverflow"
    public static let summary = "the CoverFlowLayout study (flow layout that scales and fades by distance) with add, multi-select and delete"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 390, height: 844, scale: 480.0 / 390, background: .white)
        public var framesPerSecond = 30.0
        public var viewFrame = Rect(0, 91, 390, 719)
        public var itemSize = Size(160, 160)
        public var minimumLineSpacing = 25.0
        public var sectionInset: EdgeInsets?
        public var itemScale = 0.5
        public var itemAlpha = 0.5
        public var items = Settings.studyItems
        public var addedTitle = "h"
        public var initialItem = 0
        public var colors = Settings.cardColors
        public var cornerRadius = 16.0
        public var labelSize = 56.0
        public var selectionColor = Color(hex: "#800080")!
        public var selectionWidth = 5.0
        public var title = "CoverFlowLayout"
        public var decelerationRate = 0.998
        public var bounces = true
        public var contentOffset: Double?
        public var showsTouches = true
        public var timeline: [Timed<ScrollGesture>] = []
        public var duration: Double?
        public var keyFrames: [Double] = []

        public init() {}

        /// The study's `sectionCount`: "0" … "16".
        public static let studyItems = (0...16).map(String.init)
        /// systemBlue, systemOrange, systemGreen, systemPink, systemTeal: our choice, light enough for white labels.
        public static let cardColors = ["#007AFF", "#FF9500", "#34C759", "#FF2D55", "#30B0C7"].map { Color(hex: $0)! }

        public var layout: CoverFlowLayout {
            CoverFlowLayout(viewSize: viewFrame.size, itemSize: itemSize, minimumLineSpacing: minimumLineSpacing,
                            sectionInset: sectionInset, itemScale: itemScale, itemAlpha: itemAlpha, numberOfItems: items.count)
        }

        public var scene: CoverFlowScene {
            let steps = timeline.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait)
            let look = CoverFlowLook(colors: colors, cornerRadius: cornerRadius, labelSize: labelSize,
                                     selectionColor: selectionColor, selectionWidth: selectionWidth)
            return CoverFlowScene(canvas: canvas, framesPerSecond: framesPerSecond, viewFrame: viewFrame, layout: layout,
                                  titles: items, addedTitle: addedTitle, look: look, title: title,
                                  physics: ScrollPhysics(decelerationRate: decelerationRate, bounces: bounces),
                                  gestures: steps, initialItem: initialItem, frozenOffset: contentOffset, showsTouches: showsTouches)
        }
    }

    public static let defaults = Settings()

    static let length = NumberRule(minimum: 0, maximum: 10_000, expectation: "a length in 0...10000 points")
    static let itemLength = NumberRule(minimum: 0, exclusive: true, maximum: 10_000, expectation: "a length in (0, 10000] points")

    static let insetType = ValueType<EdgeInsets>(
        summary: "[top, left, bottom, right]", control: .numbers(["top", "left", "bottom", "right"]),
        decode: { v, p, d in
            let n = try d.numbers(v, p, [length, length, length, length])
            return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        },
        encode: { .numbers([$0.top, $0.left, $0.bottom, $0.right]) })

    static let offsetRule = NumberRule(minimum: -1e6, maximum: 1e6, expectation: "an offset in −1000000...1000000 points")

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "390 × 844 pt at 480/390 px/pt, white",
              owner: .preview, doc: "our choice: an iPhone screen as in the flow scenes, 480 px wide"),
        Field("framesPerSecond", \.framesPerSecond, .number(.framesPerSecond),
              unit: "fps", owner: .preview, doc: ""),
        Field("viewFrame", \.viewFrame, .rect, unit: "pt",
              owner: .preview, doc: "our choice: the collection view fills the screen under the navigation bar, above the home indicator"),
        Field("itemSize", \.itemSize, .size(itemLength), unit: "pt", doc: "our choice (the study does not give it)"),
        Field("minimumLineSpacing", \.minimumLineSpacing, .number(length), unit: "pt", doc: "the study's 25: the gap between columns"),
        Field("sectionInset", \.sectionInset, .optional(insetType), unit: "pt", default: "centring",
              doc: "our choice: by default the first and last item reach the centre and the row sits mid-height"),
        Field("itemScale", \.itemScale, .number(NumberRule(minimum: 0, maximum: 2, expectation: "a value in 0...2")),
              doc: "the study's 0.5: scale = ratio × (1 − itemScale) + 1"),
        Field("itemAlpha", \.itemAlpha, .number(.unit), doc: "the study's 0.5: alpha = ratio × (1 − itemAlpha) + itemAlpha"),
        Field("items", \.items, .array(.string), owner: .preview, doc: "the study's sectionCount, \"0\" … \"16\""),
        Field("addedTitle", \.addedTitle, .string, owner: .preview, doc: "what the add button appends (the study's code appends \"h\")"),
        Field("initialItem", \.initialItem, .integer, owner: .preview, doc: "the item centred at the start"),
        Field("colors", \.colors, .array(.color, atLeastOne: "color"), owner: .preview,
              doc: "our choice: card colours, cycled in the order items were made"),
        Field("cornerRadius", \.cornerRadius, .number(length), unit: "pt", owner: .preview, doc: "our choice: the cell layer's corners"),
        Field("labelSize", \.labelSize, .number(itemLength), unit: "pt", owner: .preview,
              doc: "our choice: the item's title, bold white, centred"),
        Field("selectionColor", \.selectionColor, .color, owner: .preview, doc: "the study's border: UIColor.purple"),
        Field("selectionWidth", \.selectionWidth, .number(length), unit: "pt", owner: .preview, doc: "the study's border width"),
        Field("title", \.title, .string, owner: .preview, doc: "our choice: the navigation bar's title"),
        Field("decelerationRate", \.decelerationRate,
              .number(.decelerationRate),
              doc: "velocity kept per millisecond after a release (UIScrollView normal, which the study keeps)"),
        Field("bounces", \.bounces, .bool, doc: "rubber-band past the ends"),
        Field("contentOffset", \.contentOffset, .optional(.number(offsetRule)), unit: "pt", owner: .preview,
              doc: "freezes the scroll at this offset in every frame"),
        .showsTouches(\.showsTouches),
        Field("timeline", \.timeline, .timeline(ScrollGesture.coverFlowForms, duration: \.seconds, start: \.start), owner: .preview,
              doc: "the script (below)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
    ], check: { s, object, d in
        if s.initialItem >= max(1, s.items.count) {
            throw d.error(object.position(of: "initialItem"), "initialItem",
                          "expected an item below \(max(1, s.items.count)) (the number of items), found \(s.initialItem)")
        }
        let layout = s.layout
        // The model lays out one row; a horizontal flow layout stacks items in a column when two fit.
        if layout.columnHeight < s.itemSize.height - 1e-9 {
            let key = object.member("sectionInset") != nil ? "sectionInset" : "itemSize"
            throw d.error(object.position(of: key), key,
                          "expected items at most \(formatNumber(layout.columnHeight)) pt tall (the view's height less the top and bottom insets), found \(formatNumber(s.itemSize.height))")
        }
        if layout.itemsPerColumn > 1 {
            let key = object.member("sectionInset") != nil ? "sectionInset" : "itemSize"
            throw d.error(object.position(of: key), key,
                          "the flow layout would stack \(layout.itemsPerColumn) items a column in \(formatNumber(layout.columnHeight)) pt; only one row is modelled (make the insets or the items taller)")
        }
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation()
    }
}

extension ScrollGesture {
    static let coverFlowForms = fingerForms(
        wait: "time passes; a release keeps settling on its item",
        drag: "the finger moves; the items follow it, rubber-banded past the ends",
        release: "the finger lifts; the view comes to rest on the item nearest the centre as it lifts (targetContentOffset)",
        tap: "a finger touches and lifts: a cell toggles its selection, \"Delete\" and \"+\" run the study's actions, anything else does nothing")
}

extension CoverFlowAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.canvas }
    public var framesPerSecond: Double { scene.framesPerSecond }
}
