import Foundation
import RenderPreviewsKindKit

/// `"kind": "paging"`: CollectionViewPagingLayout's Shapes demo screen paged by a script (docs/paging-scene.md).
public enum PagingKind: PreviewKind {
    public static let name = "paging"
    public static let summary = "CollectionViewPagingLayout's Shapes demo (scale, stack and snapshot transforms) paged by a script"

    public struct Settings: PreviewSettings {
        public var canvas = Canvas(width: 414, height: 896, scale: 0.5, background: .white)
        public var framesPerSecond = 30.0
        public var scale: PresetValue<ScaleOptions>?
        public var stack: PresetValue<StackOptions>?
        public var snapshot: PresetValue<SnapshotOptions>?
        public var cards = ShapeCard.demo
        public var page = 0
        public var contentOffset: Double?
        public var decelerationRate = 0.99
        public var bounces = true
        public var showsTouches = true
        public var backButton = true
        public var timeline: [Timed<ScrollGesture>] = []
        public var duration: Double?
        public var keyFrames: [Double] = []

        public init() {}

        /// The screen the keys describe: the strip lists the group the preset belongs to (as the sample's menu
        /// opens it), with the chosen options in the selected entry.
        public var scene: PagingScene {
            var entries: [ShapesLayoutEntry]
            var selected = 0
            if let snapshot {
                entries = ShapesGroups.snapshot
                selected = entries.firstIndex { $0.subtitle == ShapesGroups.snapshotSubtitle(snapshot.like) } ?? 0
                entries[selected].transformer = .snapshot(snapshot.value)
            } else if let stack {
                entries = ShapesGroups.stack
                selected = entries.firstIndex { $0.subtitle == ShapesGroups.stackSubtitle(stack.like) } ?? 0
                entries[selected].transformer = .stack(stack.value)
            } else if let scale {
                entries = ShapesGroups.scale
                selected = entries.firstIndex { $0.subtitle == ShapesGroups.scaleSubtitle(scale.like) } ?? 0
                entries[selected].transformer = .scale(scale.value)
            } else {
                entries = [ShapesLayoutEntry(transformer: .none, title: "", subtitle: "", icon: "", colors: ShapesGroups.scaleColors)]
            }
            let steps = timeline.resolved(end: duration, duration: \.seconds, wait: ScrollGesture.wait)
            var scene = PagingScene(canvas: canvas, framesPerSecond: framesPerSecond, entries: entries, selected: selected,
                                    cards: cards, physics: ScrollPhysics(decelerationRate: decelerationRate, bounces: bounces),
                                    gestures: steps, initialPage: page, frozenOffset: contentOffset, showsTouches: showsTouches)
            scene.showsBackButton = backButton
            scene.showsLayoutStrip = scale != nil || stack != nil || snapshot != nil
            return scene
        }
    }

    public static let defaults = Settings()

    // MARK: Options, under the library's names

    /// The library's CGPoint and CGSize options alike: two numbers of any sign.
    static let pointType = ValueType<Point>.point()

    static let ratiosType = ValueType<Ratios3>(
        summary: "[x, y, z]", control: .numbers(["x", "y", "z"]),
        decode: { v, p, d in let n = try d.numbers(v, p, [.any, .any, .any]); return Ratios3(n[0], n[1], n[2]) },
        encode: { .numbers([$0.x, $0.y, $0.z]) })

    static let rotationSchema = Schema<ScaleOptions.Rotation3d>([
        Field("angle", \.angle, .number(), unit: "rad", doc: "per unit of progress"),
        Field("minAngle", \.minAngle, .number(), unit: "rad", doc: ""),
        Field("maxAngle", \.maxAngle, .number(), unit: "rad", doc: ""),
        Field("x", \.x, .number(), doc: "rotation axis"),
        Field("y", \.y, .number(), doc: ""),
        Field("z", \.z, .number(), doc: ""),
        Field("m34", \.m34, .number(), doc: "perspective: −1 / eye distance"),
        Field("isDoubleSided", \.isDoubleSided, .bool, doc: "false hides a card turned away"),
    ])

    static let translationSchema = Schema<ScaleOptions.Translation3d>([
        Field("translateRatios", \.translateRatios, ratiosType, doc: "x × progress × width, y × |progress| × height, z × |progress| × width"),
        Field("minTranslateRatios", \.minTranslateRatios, ratiosType, doc: ""),
        Field("maxTranslateRatios", \.maxTranslateRatios, ratiosType, doc: ""),
    ])

    /// The library gives Rotation3dOptions and Translation3dOptions no defaults; these are ours, for keys set one
    /// at a time (`--set scale.rotation3d.angle=0.5`).
    static let rotationDefaults = ScaleOptions.Rotation3d(angle: 0, minAngle: -.pi, maxAngle: .pi, x: 0, y: 1, z: 0, m34: -0.002)
    static let translationDefaults = ScaleOptions.Translation3d(translateRatios: .zero, minTranslateRatios: Ratios3(-1, -1, -1),
                                                               maxTranslateRatios: Ratios3(1, 1, 1))

    static let speedFactor = NumberRule(minimum: 0, exclusive: true, expectation: "a value > 0 (the library divides by it)")

    static let scaleSchema = Schema<ScaleOptions>([
        Field("minScale", \.minScale, .number(), doc: ""),
        Field("maxScale", \.maxScale, .number(), doc: ""),
        Field("scaleRatio", \.scaleRatio, .number(), doc: "scale = 1 − scaleCurve(|progress|) × scaleRatio"),
        Field("translationRatio", \.translationRatio, pointType, doc: "of the card's size, per unit of progress"),
        Field("minTranslationRatio", \.minTranslationRatio, .optional(pointType), doc: ""),
        Field("maxTranslationRatio", \.maxTranslationRatio, .optional(pointType), doc: ""),
        Field("keepVerticalSpacingEqual", \.keepVerticalSpacingEqual, .bool, doc: ""),
        Field("keepHorizontalSpacingEqual", \.keepHorizontalSpacingEqual, .bool, doc: ""),
        Field("scaleCurve", \.scaleCurve, .choice(), doc: "TransformCurve"),
        Field("translationCurve", \.translationCurve, .choice(), doc: ""),
        Field("shadowEnabled", \.shadowEnabled, .bool, doc: ""),
        Field("shadowColor", \.shadowColor, .color, doc: ""),
        Field("shadowOpacity", \.shadowOpacity, .number(.unit), doc: "declared by the library, not read"),
        Field("shadowRadiusMin", \.shadowRadiusMin, .number(.nonNegative), unit: "pt", doc: ""),
        Field("shadowRadiusMax", \.shadowRadiusMax, .number(.nonNegative), unit: "pt", doc: ""),
        Field("shadowOffsetMin", \.shadowOffsetMin, pointType, unit: "pt", doc: "[width, height]"),
        Field("shadowOffsetMax", \.shadowOffsetMax, pointType, unit: "pt", doc: ""),
        Field("shadowOpacityMin", \.shadowOpacityMin, .number(.unit), doc: ""),
        Field("shadowOpacityMax", \.shadowOpacityMax, .number(.unit), doc: ""),
        Field("blurEffectEnabled", \.blurEffectEnabled, .bool, doc: ""),
        Field("blurEffectRadiusRatio", \.blurEffectRadiusRatio, .number(.nonNegative), doc: "the blur's share of its style at |progress| = 1"),
        Field("blurEffectStyle", \.blurEffectStyle, .choice(), doc: "UIBlurEffect.Style"),
        Field("rotation3d", \.rotation3d, .optional(.object(rotationSchema, defaults: rotationDefaults, summary: "Rotation3dOptions")),
              doc: "m34, a rotation of angle × progress about (x, y, z)"),
        Field("translation3d", \.translation3d,
              .optional(.object(translationSchema, defaults: translationDefaults, summary: "Translation3dOptions")),
              doc: "a 3D translation after the rotation"),
    ])

    static let stackSchema = Schema<StackOptions>([
        Field("scaleFactor", \.scaleFactor, .number(), doc: "scale = 1 − progress × scaleFactor"),
        Field("minScale", \.minScale, .optional(.number()), doc: ""),
        Field("maxScale", \.maxScale, .optional(.number()), doc: ""),
        Field("maxStackSize", \.maxStackSize, ValueType<Int>.integer.map(
            summary: "whole number 1...1000",
            to: { n, v, p, d in
                guard n >= 1, n <= 1000 else { throw d.error(v, p, "expected a whole number in 1...1000 (the library divides by it), found \(n)") }
                return n
            }, from: { $0 }), doc: "cards shown behind the top one"),
        Field("spacingFactor", \.spacingFactor, .number(), doc: "of the card's size, per card"),
        Field("maxSpacing", \.maxSpacing, .optional(.number()), doc: ""),
        Field("alphaFactor", \.alphaFactor, .number(), doc: "alpha lost per card"),
        Field("bottomStackAlphaSpeedFactor", \.bottomStackAlphaSpeedFactor, .number(speedFactor), doc: ""),
        Field("topStackAlphaSpeedFactor", \.topStackAlphaSpeedFactor, .number(speedFactor), doc: ""),
        Field("perspectiveRatio", \.perspectiveRatio, .number(), doc: ""),
        Field("shadowEnabled", \.shadowEnabled, .bool, doc: ""),
        Field("shadowColor", \.shadowColor, .color, doc: ""),
        Field("shadowOpacity", \.shadowOpacity, .number(.unit), doc: ""),
        Field("shadowOffset", \.shadowOffset, pointType, unit: "pt", doc: "[width, height]"),
        Field("shadowRadius", \.shadowRadius, .number(.nonNegative), unit: "pt", doc: ""),
        Field("stackRotateAngel", \.stackRotateAngel, .number(), unit: "rad", doc: "(the library's spelling)"),
        Field("popAngle", \.popAngle, .number(), unit: "rad", doc: "the top card's turn as it leaves"),
        Field("popOffsetRatio", \.popOffsetRatio, pointType, doc: "[width, height] ratios the top card leaves by"),
        Field("stackPosition", \.stackPosition, pointType, doc: "where the stack grows: [x, y] in −1...1"),
        Field("reverse", \.reverse, .bool, doc: ""),
        Field("blurEffectEnabled", \.blurEffectEnabled, .bool, doc: ""),
        Field("maxBlurEffectRadius", \.maxBlurEffectRadius, .number(.nonNegative), doc: "the blur's share of its style at the stack's bottom"),
        Field("blurEffectStyle", \.blurEffectStyle, .choice(), doc: "UIBlurEffect.Style"),
    ])

    static let scaleType = ValueType<PresetValue<ScaleOptions>>.presets(
        ScaleOptions.Preset.allCases.map { ($0.rawValue, ScaleOptions.preset($0)) }, base: ScaleOptions(), schema: scaleSchema,
        summary: "a preset's name or ScaleTransformViewOptions", doc: "start from this ScaleTransformViewOptions.layout(…)")

    static let stackType = ValueType<PresetValue<StackOptions>>.presets(
        StackOptions.Preset.allCases.map { ($0.rawValue, StackOptions.preset($0)) }, base: StackOptions(), schema: stackSchema,
        summary: "a preset's name or StackTransformViewOptions", doc: "start from this StackTransformViewOptions.layout(…)")

    static let cardSchema = Schema<ShapeCard>([
        Field("title", \.title, .string, required: true, doc: ""),
        Field("symbol", \.symbol, .choice(), doc: "the SF Symbol (redrawn) above the title"),
    ])

    static let cardsType = ValueType<[ShapeCard]>.named(
        [("demo", ShapeCard.demo)],
        otherwise: .array(.object(cardSchema, defaults: ShapeCard(title: "", symbol: .circle), summary: "{title, symbol}"),
                          atLeastOne: "card"))

    /// The pieces of all cards together (each frame cuts every card that is off its page).
    static let maxPiecesOnScreen = 100_000

    static let offsetRule = NumberRule(minimum: -1e6, maximum: 1e6, expectation: "an offset in −1000000...1000000 points")

    public static let schema = Schema<Settings>([
        Field("canvas", \.canvas, .canvas(over: Settings().canvas), default: "414 × 896 pt at 0.5 px/pt, white",
              owner: .preview, doc: "the sample's iPhone (11, XR) screen; 207 px wide is twice the README's 100 px thumbnails"),
        Field("framesPerSecond", \.framesPerSecond, .number(.framesPerSecond),
              unit: "fps", owner: .preview, doc: ""),
        Field("scale", \.scale, .optional(scaleType), default: "none",
              doc: "ScaleTransformView cells: a preset (\(quotedList(ScaleOptions.Preset.allCases.map(\.rawValue)))) or its options"),
        Field("stack", \.stack, .optional(stackType), default: "none",
              doc: "StackTransformView cells: a preset (\(quotedList(StackOptions.Preset.allCases.map(\.rawValue)))) or its options"),
        Field("snapshot", \.snapshot, .optional(snapshotType), default: "none",
              doc: "SnapshotTransformView cells: a preset (\(quotedList(SnapshotOptions.Preset.allCases.map(\.rawValue)))) or its options"),
        Field("cards", \.cards, cardsType, owner: .preview, doc: "the pages; \"demo\" is the sample's eight shapes"),
        Field("page", \.page, .integer, owner: .preview, doc: "the page shown at the start"),
        Field("contentOffset", \.contentOffset, .optional(.number(offsetRule)), unit: "pt", owner: .preview,
              doc: "freezes the scroll at this offset in every frame"),
        Field("decelerationRate", \.decelerationRate,
              .number(.decelerationRate),
              doc: "how fast a release settles on its page (UIScrollView fast: 0.99)"),
        Field("bounces", \.bounces, .bool, doc: "rubber-band past the first and last page"),
        .showsTouches(\.showsTouches),
        Field("backButton", \.backButton, .bool, owner: .preview, doc: "the sample's back arrow at the top left"),
        Field("timeline", \.timeline, .timeline(ScrollGesture.pagingForms, duration: \.seconds, start: \.start), owner: .preview,
              doc: "the script (below)"),
        .duration(\.duration),
        .keyFrames(\.keyFrames),
    ], exclusive: [["scale", "stack", "snapshot"]], check: { s, object, d in
        // Every card is laid out and drawn in every frame, as the library gives all of them attributes.
        if s.cards.count > 100 {
            throw d.error(object.position(of: "cards"), "cards", "expected at most 100 cards, found \(s.cards.count)")
        }
        if s.page >= s.cards.count {
            throw d.error(object.position(of: "page"), "page", "expected a page below \(s.cards.count) (the number of cards), found \(s.page)")
        }
        // Every card off its page is cut in every frame: bound the layers a frame can hold.
        if let snapshot = s.snapshot {
            let card = PagingScreen.cardFrame(in: PagingScene.defaultPagesFrame.size).size
            let pieces = (snapshot.value.pieceFrames(cardSize: card)?.count ?? 0) * s.cards.count
            if pieces > maxPiecesOnScreen {
                throw d.error(object.position(of: "snapshot"), "snapshot",
                              "expected at most \(maxPiecesOnScreen) pieces in all (pieces per card × \(s.cards.count) cards), found \(pieces)")
            }
        }
        try checkLength(of: s.timeline, duration: s.duration, keyFrames: s.keyFrames, fps: s.framesPerSecond, object, d)
    })

    public static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation {
        settings.scene.animation()
    }
}

extension ScrollGesture {
    static let pagingForms = fingerForms(
        wait: "time passes; a release keeps settling on its page",
        drag: "the finger moves; the pages follow it, rubber-banded past the ends",
        release: "the finger lifts; the pages settle on one (isPagingEnabled)",
        tap: "a finger touches a point; on the layout strip it selects that layout")
}

extension PagingAnimation: PreviewAnimation {
    public var canvas: Canvas { scene.canvas }
    public var framesPerSecond: Double { scene.framesPerSecond }
}

/// The sample's two menus of layouts (ShapeLayout.scaleLayouts / stackLayouts, in that order), as the strip
/// lists them, with ShapesViewModel's titles, icons and card colours.
enum ShapesGroups {
    static let scaleColors = [Color(red: 1, green: 0.4274509804, blue: 0.4), Color(red: 1, green: 0.7803921569, blue: 0)]
    static let snapshotColors = [Color(red: 0.9176470588, green: 1, blue: 0), Color(red: 0.3137254902, green: 0.8, blue: 1)]
    static let stackColors = [Color(red: 0.3058823529, green: 1, blue: 0.9490196078), Color(red: 0.1137254902, green: 0.4156862745, blue: 0.6666666667)]

    static let scaleNames: [(ScaleOptions.Preset, String, String)] = [
        (.invertedCylinder, "Inverted Cylinder", "scale_invertedcylinder"), (.cylinder, "Cylinder", "scale_cylinder"),
        (.coverFlow, "Cover Flow", "scale_coverflow"), (.rotary, "Rotary", "scale_rotary"), (.linear, "Linear", "scale_normal"),
        (.easeIn, "EaseIn", "scale_normal"), (.easeOut, "EaseOut", "scale_normal"), (.blur, "Blurry", "scale_blur"),
    ]
    static let stackNames: [(StackOptions.Preset, String, String)] = [
        (.vortex, "Vortex", "stack_vortex"), (.rotary, "Rotary", "stack_rotary"), (.transparent, "Transparent", "stack_transparent"),
        (.blur, "Blur", "stack_blur"), (.reverse, "Reverse", "stack_reverse"), (.perspective, "Perspective", "stack_prespective"),
    ]

    static let snapshotNames: [(SnapshotOptions.Preset, String, String)] = SnapshotOptions.Preset.allCases.map {
        ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst(), "snapshot_\($0.rawValue)")
    }

    static var snapshot: [ShapesLayoutEntry] {
        snapshotNames.map { ShapesLayoutEntry(transformer: .snapshot(.preset($0.0)), title: "Snapshot", subtitle: $0.1, icon: $0.2, colors: snapshotColors) }
    }
    static func snapshotSubtitle(_ like: String?) -> String? { snapshotNames.first { $0.0.rawValue == like }?.1 }

    static var scale: [ShapesLayoutEntry] {
        scaleNames.map { ShapesLayoutEntry(transformer: .scale(.preset($0.0)), title: "Scale", subtitle: $0.1, icon: $0.2, colors: scaleColors) }
    }
    static var stack: [ShapesLayoutEntry] {
        stackNames.map { ShapesLayoutEntry(transformer: .stack(.preset($0.0)), title: "Stack", subtitle: $0.1, icon: $0.2, colors: stackColors) }
    }
    static func scaleSubtitle(_ like: String?) -> String? { scaleNames.first { $0.0.rawValue == like }?.1 }
    static func stackSubtitle(_ like: String?) -> String? { stackNames.first { $0.0.rawValue == like }?.1 }
}
