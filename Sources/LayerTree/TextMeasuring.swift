/// Measures text as it will be drawn, so models can size buttons and truncate labels without knowing of
/// fonts or pixels. Declared here, beside `TextContents`, so that the Text module implements it and the
/// models use it without either depending on the other; the command line hands one to the models.
public protocol TextMeasuring: Sendable {
    /// The width of `text` set on one line, in points: the shaped advances of its face, size and weight
    /// (kerning and fallback faces included).
    func width(of text: TextContents) -> Double
}
