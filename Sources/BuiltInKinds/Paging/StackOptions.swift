import Foundation
import RenderPreviewsKindKit

/// StackTransformViewOptions, field for field, with the library's defaults.
public struct StackOptions: Hashable, Sendable {
    public var scaleFactor = 0.15
    public var minScale: Double? = 0
    public var maxScale: Double? = 1
    public var maxStackSize = 3
    public var spacingFactor = 0.03
    public var maxSpacing: Double? = nil
    public var alphaFactor = 0.0
    public var bottomStackAlphaSpeedFactor = 0.9
    public var topStackAlphaSpeedFactor = 0.3
    public var perspectiveRatio = 0.0
    public var shadowEnabled = true
    public var shadowColor = Color.black
    public var shadowOpacity = 0.1
    public var shadowOffset = Point.zero
    public var shadowRadius = 10.0
    /// The library's spelling.
    public var stackRotateAngel = 0.0
    public var popAngle = Double.pi / 7
    public var popOffsetRatio = Point(-1.3, 0.3)
    public var stackPosition = Point(0, -1)
    public var reverse = false
    public var blurEffectEnabled = false
    public var maxBlurEffectRadius = 0.0
    public var blurEffectStyle = BlurStyle.light

    public init() {}

    /// StackTransformView.applyStackTransform for a card of `size` (its bounds) at `progress`.
    public func transform(progress given: Double, size: Size) -> PageTransform {
        let w = size.width, h = size.height
        let progress = reverse ? -given : given
        let stackSize = Double(maxStackSize)

        // applyScale
        var scale = 1 - progress * scaleFactor
        if let minScale { scale = max(minScale, scale) }
        if let maxScale { scale = min(maxScale, scale) }
        let stackProgress = interpolate(progress, in: (0, stackSize))
        let perspectiveProgress = PagingCurve.easeOut(stackProgress) * perspectiveRatio
        var xSpacing = w * spacingFactor
        if let maxSpacing { xSpacing = min(xSpacing, w * maxSpacing) }
        let translateX = xSpacing * -max(progress, 0) * -stackPosition.x
        var ySpacing = h * spacingFactor
        if let maxSpacing { ySpacing = min(ySpacing, h * maxSpacing) }
        let translateY = ySpacing * -max(progress, 0) * -stackPosition.y
        // Every card's top (or side) edge lines up, then moves by the perspective share.
        var yAdjustment = ((scale - 1) * h) / 2
        yAdjustment += perspectiveProgress * h
        yAdjustment *= -stackPosition.y
        var xAdjustment = ((scale - 1) * w) / 2
        xAdjustment += perspectiveProgress * w
        xAdjustment *= -stackPosition.x
        if progress < 0 {
            xAdjustment -= w * popOffsetRatio.x * progress
            yAdjustment -= h * popOffsetRatio.y * progress
        }
        var affine = AffineTransform2D.identity.translatedBy(x: translateX + xAdjustment, y: translateY + yAdjustment)
            .scaledBy(x: scale, y: scale)

        // applyAlpha
        var alpha = 1.0
        if progress >= stackSize - 1 {
            let target = stackSize - 1
            alpha = 1 - interpolate(progress, in: (target, target + bottomStackAlphaSpeedFactor))
        } else if progress < 0 {
            alpha = interpolate(progress, in: (-1, -1 + topStackAlphaSpeedFactor))
        }
        if alpha > 0 && progress >= 0 { alpha -= progress * alphaFactor }

        // applyRotation
        var angle = 0.0
        if progress <= 0 {
            angle = -interpolate(abs(progress), out: (0, abs(popAngle)))
            if popAngle < 0 { angle *= -1 }
        } else {
            let whole = Double(Int(progress))
            let floatAmount = abs(progress - whole)
            angle = -floatAmount * stackRotateAngel * 2 + stackRotateAngel
            if Int(progress) % 2 == 0 { angle *= -1 }
            if progress < 1 { angle += interpolate(1 - progress, out: (0, stackRotateAngel)) }
        }
        affine = affine.rotated(by: angle)

        // zPosition(progress:) sees the progress as given, then flips it for a reversed stack.
        var zIndex = -Int(libraryRound(given))
        if reverse { zIndex *= -1 }
        var page = PageTransform(affine: affine, transform: Transform3D(affine), alpha: alpha, zIndex: zIndex)
        // applyStyle
        if shadowEnabled {
            page.shadow = PageShadow(color: shadowColor, opacity: shadowOpacity, radius: shadowRadius, offset: shadowOffset)
        }
        // applyBlurEffect: the blur view keeps its identity transform.
        if maxBlurEffectRadius > 0 && blurEffectEnabled {
            let share = interpolate(max(progress, 0), in: (0, stackSize))
            page.blur = PageBlur(fraction: min(1, max(0, share * maxBlurEffectRadius)), style: blurEffectStyle, translation: .zero)
        }
        return page
    }
}

extension StackOptions {
    /// StackTransformViewOptions.Layout, in the order of the library's enum.
    public enum Preset: String, CaseIterable, Sendable {
        case transparent, perspective, rotary, vortex, reverse, blur
    }

    /// `StackTransformViewOptions.layout(_:)`.
    public static func preset(_ preset: Preset) -> StackOptions {
        var o = StackOptions()
        switch preset {
        case .transparent:
            o.scaleFactor = 0.12
            o.minScale = 0
            o.maxStackSize = 4
            o.alphaFactor = 0.2
            o.bottomStackAlphaSpeedFactor = 10
            o.topStackAlphaSpeedFactor = 0.1
            o.popAngle = .pi / 10
            o.popOffsetRatio = Point(-1.45, 0.3)
        case .perspective:
            o.scaleFactor = 0.1
            o.minScale = 0.2
            o.maxStackSize = 6
            o.spacingFactor = 0.08
            o.alphaFactor = 0
            o.perspectiveRatio = 0.3
            o.shadowRadius = 5
            o.popAngle = .pi / 10
            o.popOffsetRatio = Point(-1.45, 0.3)
            o.stackPosition = Point(1, 0)
        case .rotary:
            o.scaleFactor = -0.03
            o.minScale = 0.2
            o.maxStackSize = 3
            o.spacingFactor = 0.01
            o.alphaFactor = 0.1
            o.shadowRadius = 8
            o.stackRotateAngel = .pi / 16
            o.popAngle = .pi / 4
            o.popOffsetRatio = Point(-1.45, 0.4)
            o.stackPosition = Point(0, 1)
        case .vortex:
            o.scaleFactor = -0.15
            o.minScale = 0.2
            o.maxScale = nil
            o.maxStackSize = 4
            o.spacingFactor = 0
            o.alphaFactor = 0.4
            o.topStackAlphaSpeedFactor = 1
            o.perspectiveRatio = -0.3
            o.shadowEnabled = false
            o.popAngle = .pi
            o.popOffsetRatio = .zero
            o.stackPosition = Point(0, 1)
        case .reverse:
            o.scaleFactor = 0.1
            o.maxScale = nil
            o.maxStackSize = 4
            o.spacingFactor = 0.08
            o.shadowRadius = 8
            o.popAngle = -.pi / 4
            o.popOffsetRatio = Point(1.45, 0.4)
            o.stackPosition = Point(-1, -0.2)
            o.reverse = true
        case .blur:
            o.scaleFactor = 0.1
            o.maxScale = nil
            o.maxStackSize = 7
            o.spacingFactor = 0.06
            o.topStackAlphaSpeedFactor = 0.1
            o.perspectiveRatio = 0.04
            o.shadowRadius = 8
            o.popAngle = -.pi / 4
            o.popOffsetRatio = Point(1.45, 0.4)
            o.stackPosition = Point(-1, 0)
            o.reverse = true
            o.blurEffectEnabled = true
            o.maxBlurEffectRadius = 0.08
        }
        return o
    }
}
