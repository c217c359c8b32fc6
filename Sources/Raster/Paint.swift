/// What a fill puts in the pixels it covers, before coverage and the clip scale it and source-over blends
/// it (tiny-skia's Shader). Every fill, mask fill and composite goes through the same span pipeline
/// (Pipeline.swift), which switches on the kind once per span, never per pixel.
///
/// Opacity is part of each paint (the solid color is premultiplied with it, the gradient's table carries
/// it, the image fades its samples), so coverage stays purely geometric.
public enum Paint: Sendable {
    /// One premultiplied color everywhere.
    case solid(PremultipliedColor)
    /// An axial gradient seen through a projective map.
    case linearGradient(LinearGradient)
    /// A pixmap sampled through a projective map (a layer snapshot as contents, a composite).
    case image(ImagePattern)

    /// True when nothing this paint draws can change a pixel, so the fill can be skipped.
    var isInvisible: Bool {
        switch self {
        case .solid(let c): return c.packed == 0
        case .linearGradient: return false
        case .image(let i): return i.opacity == 0
        }
    }
}

extension Paint {
    /// Runs `body` with the gradient or image this paint holds (nil for the others), by reference.
    func withPayload<R>(_ body: (UnsafePointer<LinearGradient>?, UnsafePointer<ImagePattern>?) -> R) -> R {
        switch self {
        case .solid: return body(nil, nil)
        case .linearGradient(let gradient): return withUnsafePointer(to: gradient) { body($0, nil) }
        case .image(let image): return withUnsafePointer(to: image) { body(nil, $0) }
        }
    }
}
