import Foundation
import RenderPreviewsKindKit

/// Three ratios (x, y, z), as the library's tuples hold them.
public struct Ratios3: Hashable, Sendable {
    public var x: Double, y: Double, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    public static let zero = Ratios3(0, 0, 0)
}

/// UIBlurEffect.Style: the full effect's blur and tint (what a UIVisualEffectView shows at fractionComplete 1).
public enum BlurStyle: String, CaseIterable, Hashable, Sendable {
    case extraLight, light, dark, regular, prominent

    /// The backdrop's Gaussian radius (σ, points) and the colour laid over it, at the full effect. Read off
    /// UIKit's private filter settings as commonly reported (radius 30 and white at 30% for light); not
    /// measured here, as no recording of the library exists to measure.
    public var full: (radius: Double, saturation: Double, tint: Color) {
        switch self {
        case .extraLight: (20, 1.8, Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.8))
        case .light: (30, 1.8, Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        case .dark: (20, 1.8, Color(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73))
        case .regular: (30, 1.8, Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        case .prominent: (30, 1.8, Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.8))
        }
    }
}

/// A page's shadow as the library sets it on the transformed view's layer.
public struct PageShadow: Hashable, Sendable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point
}

/// The library's BlurEffectView over a cell: its effect animator's fractionComplete (0...1) sets how much of
/// the style's blur and tint show; `translation` is the view's own transform.
public struct PageBlur: Hashable, Sendable {
    public var fraction: Double
    public var style: BlurStyle
    public var translation: Point
}

/// What one of the library's transform views assigns for a progress: the view's affine transform, the
/// layer's CATransform3D (the affine one with the 3D steps), and the style around it.
public struct PageTransform: Hashable, Sendable {
    /// UIView.transform of the transformed view (scalableView / cardView).
    public var affine: AffineTransform2D
    /// Its layer's transform: exactly what the library assigns.
    public var transform: Transform3D
    public var isDoubleSided = true
    /// UIView.alpha of the transformed view.
    public var alpha = 1.0
    public var shadow: PageShadow?
    /// The blur view over the cell (nil: none).
    public var blur: PageBlur?
    /// The cell's zIndex (layoutAttributes.zIndex and layer.zPosition).
    public var zIndex: Int
}

/// ScaleTransformViewOptions, field for field, with the library's defaults.
public struct ScaleOptions: Hashable, Sendable {
    public var minScale = 0.75
    public var maxScale = 1.0
    public var scaleRatio = 0.25
    public var translationRatio = Point(0.93, 0.36)
    public var minTranslationRatio: Point? = Point(-5, -5)
    public var maxTranslationRatio: Point? = Point(5, 5)
    public var keepVerticalSpacingEqual = true
    public var keepHorizontalSpacingEqual = true
    public var scaleCurve = PagingCurve.linear
    public var translationCurve = PagingCurve.linear
    public var shadowEnabled = true
    public var shadowColor = Color.black
    /// Declared by the library but not read by ScaleTransformView (it uses the min and max below).
    public var shadowOpacity = 0.6
    public var shadowRadiusMin = 2.0
    public var shadowRadiusMax = 13.0
    public var shadowOffsetMin = Point(0, 2)
    public var shadowOffsetMax = Point(0, 6)
    public var shadowOpacityMin = 0.1
    public var shadowOpacityMax = 0.1
    public var blurEffectEnabled = false
    public var blurEffectRadiusRatio = 0.4
    public var blurEffectStyle = BlurStyle.light
    public var rotation3d: Rotation3d? = nil
    public var translation3d: Translation3d? = nil

    public init() {}

    /// Rotation3dOptions.
    public struct Rotation3d: Hashable, Sendable {
        public var angle: Double
        public var minAngle: Double
        public var maxAngle: Double
        public var x: Double, y: Double, z: Double
        public var m34: Double
        public var isDoubleSided = false

        public init(angle: Double, minAngle: Double, maxAngle: Double, x: Double, y: Double, z: Double, m34: Double) {
            self.angle = angle; self.minAngle = minAngle; self.maxAngle = maxAngle
            self.x = x; self.y = y; self.z = z; self.m34 = m34
        }
    }

    /// Translation3dOptions.
    public struct Translation3d: Hashable, Sendable {
        public var translateRatios: Ratios3
        public var minTranslateRatios: Ratios3
        public var maxTranslateRatios: Ratios3

        public init(translateRatios: Ratios3, minTranslateRatios: Ratios3, maxTranslateRatios: Ratios3) {
            self.translateRatios = translateRatios; self.minTranslateRatios = minTranslateRatios
            self.maxTranslateRatios = maxTranslateRatios
        }
    }

    /// ScaleTransformView.applyScaleTransform for a view of `size` (its bounds) at `progress`.
    public func transform(progress: Double, size: Size) -> PageTransform {
        let w = size.width, h = size.height
        // applyScaleAndTranslation
        var scale = 1 - scaleCurve(abs(progress)) * scaleRatio
        scale = max(scale, minScale)
        scale = min(scale, maxScale)
        var xAdjustment = 0.0, yAdjustment = 0.0
        if keepHorizontalSpacingEqual {
            xAdjustment = ((1 - scale) * w) / 2
            if progress > 0 { xAdjustment *= -1 }
        }
        if keepVerticalSpacingEqual { yAdjustment = ((1 - scale) * h) / 2 }
        let translateProgress = translationCurve(abs(progress))
        var translateX = w * translationRatio.x * (translateProgress * (progress < 0 ? -1 : 1)) - xAdjustment
        var translateY = h * translationRatio.y * abs(translateProgress) - yAdjustment
        if let lower = minTranslationRatio {
            translateX = max(translateX, w * lower.x)
            translateY = max(translateY, h * lower.y)
        }
        if let upper = maxTranslationRatio {
            translateX = min(translateX, w * upper.x)
            translateY = min(translateY, h * upper.y)
        }
        let affine = AffineTransform2D.identity.translatedBy(x: translateX, y: translateY).scaledBy(x: scale, y: scale)

        // applyCATransform3D
        var transform = Transform3D(affine)
        var doubleSided = true
        if let r = rotation3d {
            var angle = r.angle * progress
            angle = max(angle, r.minAngle)
            angle = min(angle, r.maxAngle)
            transform.m34 = r.m34
            transform = transform.rotated(angle, r.x, r.y, r.z)
            doubleSided = r.isDoubleSided
        }
        if let t = translation3d {
            var x = t.translateRatios.x * progress * w
            var y = t.translateRatios.y * abs(progress) * h
            var z = t.translateRatios.z * abs(progress) * w
            x = max(x, t.minTranslateRatios.x * w)
            x = min(x, t.maxTranslateRatios.x * w)
            y = max(y, t.minTranslateRatios.y * h)
            y = min(y, t.maxTranslateRatios.y * h)
            z = max(z, t.minTranslateRatios.z * w)
            z = min(z, t.maxTranslateRatios.z * w)
            transform = transform.translated(x, y, z)
        }

        var page = PageTransform(affine: affine, transform: transform, isDoubleSided: doubleSided,
                                 zIndex: Int(-abs(libraryRound(progress))))
        // applyStyle
        if shadowEnabled {
            let m = 1 - abs(progress)
            page.shadow = PageShadow(color: shadowColor, opacity: max(shadowOpacityMin, m * shadowOpacityMax),
                                     radius: max(shadowRadiusMin, m * shadowRadiusMax),
                                     offset: Point(max(shadowOffsetMin.x, m * shadowOffsetMax.x),
                                                   max(shadowOffsetMin.y, m * shadowOffsetMax.y)))
        }
        // applyBlurEffect: the animator's fractionComplete is clamped to 0...1 by UIKit.
        if blurEffectRadiusRatio > 0 && blurEffectEnabled {
            page.blur = PageBlur(fraction: min(1, max(0, abs(progress) * blurEffectRadiusRatio)), style: blurEffectStyle,
                                 translation: Point(affine.tx, affine.ty))
        }
        return page
    }
}

extension ScaleOptions {
    /// ScaleTransformViewOptions.Layout, in the order of the library's enum.
    public enum Preset: String, CaseIterable, Sendable {
        case invertedCylinder, cylinder, coverFlow, rotary, linear, easeIn, easeOut, blur
    }

    /// `ScaleTransformViewOptions.layout(_:)`.
    public static func preset(_ preset: Preset) -> ScaleOptions {
        var o = ScaleOptions()
        switch preset {
        case .blur, .linear, .easeIn, .easeOut:
            o.minScale = 0.6
            o.scaleRatio = 0.4
            o.translationRatio = Point(0.66, 0.2)
            switch preset {
            case .blur:
                o.maxTranslationRatio = Point(2, 0)
                o.blurEffectEnabled = true
                o.blurEffectRadiusRatio = 0.2
            case .linear:
                o.maxTranslationRatio = Point(2, 0)
            case .easeIn:
                o.scaleCurve = .easeIn
            default:
                o.translationCurve = .easeIn
            }
        case .rotary:
            o.minScale = 0
            o.scaleRatio = 0.4
            o.translationRatio = Point(0.1, 0.1)
            o.minTranslationRatio = Point(-1, 0)
            o.maxTranslationRatio = Point(1, 1)
            o.rotation3d = Rotation3d(angle: .pi / 15, minAngle: -.pi / 3, maxAngle: .pi / 3, x: 0, y: 0, z: 1, m34: -0.004)
            o.translation3d = Translation3d(translateRatios: Ratios3(0.9, 0.1, 0), minTranslateRatios: Ratios3(-3, -0.8, -0.3),
                                            maxTranslateRatios: Ratios3(3, 0.8, -0.3))
        case .cylinder:
            o.minScale = 0.55
            o.maxScale = 0.55
            o.scaleRatio = 0
            o.translationRatio = .zero
            o.minTranslationRatio = .zero
            o.maxTranslationRatio = .zero
            o.shadowEnabled = false
            o.rotation3d = Rotation3d(angle: .pi / 4, minAngle: -.pi, maxAngle: .pi, x: 0, y: 1, z: 0, m34: -0.0004 - 0.8 * 0.0002)
            o.translation3d = Translation3d(translateRatios: .zero, minTranslateRatios: Ratios3(0, 0, 1.25),
                                            maxTranslateRatios: Ratios3(0, 0, 1.25))
        case .invertedCylinder:
            o.minScale = 1.2
            o.maxScale = 1.2
            o.scaleRatio = 0
            o.translationRatio = .zero
            o.minTranslationRatio = .zero
            o.maxTranslationRatio = .zero
            o.shadowEnabled = false
            o.rotation3d = Rotation3d(angle: .pi / 3, minAngle: -.pi, maxAngle: .pi, x: 0, y: -1, z: 0, m34: -0.002)
            o.translation3d = Translation3d(translateRatios: Ratios3(0.1, 0, 0), minTranslateRatios: Ratios3(-0.05, 0, 0.86),
                                            maxTranslateRatios: Ratios3(0.05, 0, -0.86))
        case .coverFlow:
            o.minScale = 0.7
            o.maxScale = 0.7
            o.scaleRatio = 0
            o.translationRatio = .zero
            o.minTranslationRatio = .zero
            o.maxTranslationRatio = .zero
            o.shadowEnabled = true
            o.rotation3d = Rotation3d(angle: .pi / 1.65, minAngle: -.pi / 3, maxAngle: .pi / 3, x: 0, y: -1, z: 0, m34: -0.0005)
            o.translation3d = Translation3d(translateRatios: Ratios3(0.1, 0, -0.7), minTranslateRatios: Ratios3(-0.1, 0, -3),
                                            maxTranslateRatios: Ratios3(0.1, 0, 0))
        }
        return o
    }
}
