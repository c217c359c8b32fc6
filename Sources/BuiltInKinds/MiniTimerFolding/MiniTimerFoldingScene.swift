import Foundation
import RenderPreviewsKindKit

/// The Mini Timer 1 screen's model: MGUFlowView's folding layout over the receipt rows, scrolled by the flow
/// kind's ScrollTimeline, and the tear.
public struct MiniTimerFoldingScene: Equatable, Sendable {
    public var settings: MiniTimerFoldingKind.Settings
    public var gestures: [ScrollGesture]

    func layout(itemCount: Int) -> FlowLayout {
        FlowLayout(viewSize: settings.viewFrame.size, itemSize: settings.itemSize, leadingSpacing: settings.leadingSpacing,
                   interitemSpacing: 0, transformer: .folding(eyePosition: settings.eyePosition), numberOfItems: itemCount)
    }

    public func animation(measuring text: any TextMeasuring) -> MiniTimerFoldingAnimation {
        MiniTimerFoldingAnimation(scene: self, text: text)
    }
}

/// The tear at one instant, worked out from its times.
struct TearState {
    /// The white veil over the rows above the line (0 when none).
    var gray = 0.0
    var showsLine = false
    /// The torn piece: hidden from the list, drawn tipped and falling.
    var pieceAngle = 0.0
    var pieceDrop = 0.0
    var pieceAlpha = 1.0
    var pieceOnScreen = false
    /// The list without the torn rows, scrolling back: the offset's share of the way to the top (0…1).
    var closed = false
    var closeProgress = 0.0
    var fingerDown = false

    init(_ tear: TearGesture, at t: Double) {
        guard t >= tear.at else { return }
        fingerDown = t < tear.releaseAt
        let pressed = tear.at + tear.pressDelay
        if t >= pressed {
            gray = tear.grayAlpha * min(1, (t - pressed) / max(tear.grayDuration, 1e-9))
            showsLine = true
        }
        if t >= tear.closeAt + tear.ungrayDelay {
            let k = min(1, (t - tear.closeAt - tear.ungrayDelay) / max(tear.ungrayDuration, 1e-9))
            gray *= 1 - k
        }
        if t >= tear.pullAt && t < tear.closeAt {
            let tip = min(1, (t - tear.pullAt) / max(tear.tipDuration, 1e-9))
            pieceAngle = -tear.tipAngle * tip * .pi / 180
            pieceDrop = tear.gap
            pieceOnScreen = true
            if t >= tear.releaseAt {
                let dt = t - tear.releaseAt
                pieceDrop += tear.fallVelocity * dt + tear.fallGravity * dt * dt / 2
                pieceAlpha = max(0, 1 - (dt / tear.fadeDuration) * (dt / tear.fadeDuration))
                pieceOnScreen = pieceAlpha > 0
            }
        }
        if t >= tear.closeAt {
            closed = true
            closeProgress = tear.closeDuration > 0 ? min(1, (t - tear.closeAt) / tear.closeDuration) : 1
        }
    }
}

/// The scene simulated: the scroll every millisecond; the tear is a function of time over it.
public struct MiniTimerFoldingAnimation: Sendable {
    public let scene: MiniTimerFoldingScene
    let timeline: ScrollTimeline
    let text: any TextMeasuring
    /// The rows' drawings, made once (see `ReceiptScreen.rows`).
    let rows: [Layer]

    init(scene: MiniTimerFoldingScene, text: any TextMeasuring) {
        self.scene = scene
        self.text = text
        rows = ReceiptScreen.drawnRows(scene)
        let layout = scene.layout(itemCount: scene.settings.rows.count)
        let physics = ScrollPhysics(decelerationRate: scene.settings.decelerationRate, hysteresis: scene.settings.panHysteresis)
        timeline = ScrollTimeline(layout: layout, physics: physics,
                                  initialOffset: 0, itemCount: layout.numberOfItems, gestures: scene.gestures)
    }

    public var duration: Double { max(timeline.duration, scene.settings.tear?.end ?? 0) }

    public func frame(at t: Double) -> LayerScene {
        let s = scene.settings
        let builder = ReceiptScreen(scene: scene, sample: timeline.sample(at: t, trail: s.showsTouches && s.touchTrail), tearOffset: s.tear.map {
            timeline.sample(at: $0.pullAt).contentOffset
        }, time: t, text: text, rows: rows)
        if let intro = s.intro,
           let root = intro.frame(at: t, canvas: s.canvas, barHeight: s.viewFrame.minY, time: s.time,
                                  homeIndicator: s.homeIndicator, showsTouches: s.showsTouches, text: text,
                                  pushed: { builder.build() }) {
            return LayerScene(canvas: s.canvas, root: root)
        }
        return LayerScene(canvas: s.canvas, root: builder.build())
    }
}
