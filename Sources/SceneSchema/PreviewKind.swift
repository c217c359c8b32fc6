import LayerTree

/// A scene's frames over time: what every kind produces once its scene is read and its script simulated.
public protocol PreviewAnimation: Sendable {
    var canvas: Canvas { get }
    var framesPerSecond: Double { get }
    /// Seconds from the first frame to the last; 0 for a still.
    var duration: Double { get }
    /// A still has one frame, written as PNG.
    var isStill: Bool { get }
    func frame(at time: Double) -> LayerScene
}

extension PreviewAnimation {
    public var isStill: Bool { false }
}

/// What a kind's settings must tell before anything is simulated.
public protocol PreviewSettings: Sendable, Equatable {
    var canvas: Canvas { get }
    /// Seconds worth a still: the snapshot tests' goldens; empty lets them pick the middle and the end.
    var keyFrames: [Double] { get }
}

extension PreviewSettings {
    public var keyFrames: [Double] { [] }
}

extension Field {
    /// The `duration` key every scripted kind shares: the scene may run past its script's end.
    public static func duration(_ keyPath: WritableKeyPath<Root, Double?>) -> Field {
        Field("duration", keyPath, .optional(.number(.nonNegative)), unit: "s", default: "the script's end", owner: .preview,
              doc: "the scene's length; the last state holds until then")
    }

    /// The `keyFrames` key every animated kind shares.
    public static func keyFrames(_ keyPath: WritableKeyPath<Root, [Double]>) -> Field {
        Field("keyFrames", keyPath, .array(.number(.nonNegative)), unit: "s", default: "the middle and the end", owner: .preview,
              doc: "moments worth a still: the snapshot tests' goldens")
    }
}

/// A kind of preview (`"kind": "flow"`): its parameters declared once, and how its settings become frames.
/// Decoding, `--set`, the canonical writer, the docs tables and the designer's controls all come from
/// `schema`; a new kind is one folder that implements this and one line in the registry.
public protocol PreviewKind: SendableMetatype {
    associatedtype Settings: PreviewSettings
    /// The value of the scene's `kind` key.
    static var name: String { get }
    /// One line for `list` and the docs.
    static var summary: String { get }
    /// Every key of the scene but `kind`, in the order the writer emits them.
    static var schema: Schema<Settings> { get }
    /// The settings of a scene that gives no keys (required keys aside).
    static var defaults: Settings { get }
    /// The frames: `text` measures labels as they will be drawn (button widths, truncation).
    static func animation(of settings: Settings, text: any TextMeasuring) -> any PreviewAnimation
}

/// The frames of a scene, by index or by time.
public struct SceneFrames: Sendable {
    public let animation: any PreviewAnimation

    public init(_ animation: any PreviewAnimation) { self.animation = animation }

    /// Most frames a scene may have.
    public static let maxFrames = 3600

    /// The frames of `animation`, once its length is known to make sense: a kind is code of its own (a
    /// package's, too), and a length that is not finite would have no frame count.
    public init(checking animation: any PreviewAnimation, kind: String) throws(AnimationLengthError) {
        if !animation.isStill {
            let (duration, fps) = (animation.duration, animation.framesPerSecond)
            guard duration.isFinite, duration >= 0, fps.isFinite, fps > 0, duration * fps <= Double(Self.maxFrames) else {
                throw AnimationLengthError(description: "the \(kind) kind gives a duration of \(duration) s at \(fps) frames a "
                    + "second; both must be finite, the duration >= 0, the frame rate > 0, and at most \(Self.maxFrames) frames")
            }
        }
        self.animation = animation
    }

    public var canvas: Canvas { animation.canvas }
    public var isStill: Bool { animation.isStill }

    public var count: Int {
        animation.isStill ? 1 : Int((animation.duration * animation.framesPerSecond + 1e-9).rounded(.down)) + 1
    }

    /// Seconds each frame stays on screen.
    public var frameDuration: Double { animation.isStill ? 1 : 1 / animation.framesPerSecond }

    public var duration: Double { animation.isStill ? 0 : animation.duration }

    public func time(ofFrame index: Int) -> Double { animation.isStill ? 0 : Double(index) / animation.framesPerSecond }

    public func frame(index: Int) -> LayerScene { animation.frame(at: time(ofFrame: index)) }

    public func frame(at time: Double) -> LayerScene { animation.frame(at: time) }
}

extension SceneFrames {
    /// The same frames drawn at another pixel density (`bench --scale`).
    public func rescaled(to scale: Double) -> SceneFrames { SceneFrames(Rescaled(base: animation, scale: scale)) }

    private struct Rescaled: PreviewAnimation {
        let base: any PreviewAnimation
        let scale: Double
        var canvas: Canvas { var c = base.canvas; c.scale = scale; return c }
        var framesPerSecond: Double { base.framesPerSecond }
        var duration: Double { base.duration }
        var isStill: Bool { base.isStill }
        func frame(at time: Double) -> LayerScene {
            var f = base.frame(at: time)
            f.canvas.scale = scale
            return f
        }
    }
}

/// An animation whose length makes no frames (`SceneFrames(checking:kind:)`).
public struct AnimationLengthError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
