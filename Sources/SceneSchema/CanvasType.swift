import LayerTree

extension Canvas {
    /// Largest canvas side in pixels (points × scale): bounds memory whatever a scene asks for.
    public static let maxPixelSize = 4096
}

extension ValueType where Value == Canvas {
    /// `{"width": 390, "height": 844, "scale": 2, "background": "#FFFFFF"}`: width and height are required
    /// whenever a canvas is given; scale and background default as `Canvas` does.
    public static let canvas = ValueType.object(canvasSchema(required: true), defaults: Canvas(width: 0, height: 0),
                                                summary: "{width, height, scale, background}", inline: false)

    /// A kind's screen: every key defaults to `defaults`, so `--set canvas.scale=2` needs nothing else.
    public static func canvas(over defaults: Canvas) -> ValueType {
        ValueType.object(canvasSchema(required: false), defaults: defaults, summary: "{width, height, scale, background}", inline: false)
    }
}

private func canvasSchema(required: Bool) -> Schema<Canvas> { Schema<Canvas>([
    Field("width", \.width, .number(.positive), unit: "pt", required: required, doc: "width in points"),
    Field("height", \.height, .number(.positive), unit: "pt", required: required, doc: "height in points"),
    Field("scale", \.scale, .number(.scale), unit: "px/pt", doc: "pixels per point"),
    Field("background", \.background, .color, doc: "what is behind the root layer"),
], check: { canvas, object, d in
    // Checked in Double: Canvas.pixelWidth would trap converting a huge product to Int.
    let pixelWidth = (canvas.width * canvas.scale).rounded(), pixelHeight = (canvas.height * canvas.scale).rounded()
    let size = "\(formatNumber(pixelWidth))x\(formatNumber(pixelHeight))"
    let limit = Double(Canvas.maxPixelSize)
    if pixelWidth > limit || pixelHeight > limit {
        throw d.error(object.value, object.path, "pixel size \(size) (width and height times scale \(formatNumber(canvas.scale))) "
            + "exceeds the maximum of \(Canvas.maxPixelSize)x\(Canvas.maxPixelSize)")
    }
    if pixelWidth < 1 || pixelHeight < 1 {
        throw d.error(object.value, object.path, "pixel size \(size) (width and height times scale \(formatNumber(canvas.scale))) "
            + "is empty")
    }
}) }
