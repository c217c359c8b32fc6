import Foundation
import LayerTree

/// `TextMeasuring` by HarfBuzz shaping of the real faces: the widths the renderer will draw. Frames are built
/// on every core at once, so calls are serialized by a lock; widths are cached by text. Fonts are opened on the
/// first measurement (stills measure nothing).
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    private var engine: TextLayoutEngine?
    private let lock = NSLock()
    private var cache: [TextContents: Double] = [:]

    public init() {}

    init(fonts: FontLibrary) { engine = TextLayoutEngine(fonts: fonts) }

    /// A face that cannot be found measures 0: drawing the same text then fails with the error that names
    /// the missing family, so nothing is hidden.
    public func width(of text: TextContents) -> Double {
        var key = text
        key.lineLimit = 1
        key.verticalAlignment = .center
        key.alignment = .left
        lock.lock()
        defer { lock.unlock() }
        if let w = cache[key] { return w }
        if engine == nil { engine = try? TextLayoutEngine(fonts: FontLibrary()) }
        let w = (try? engine?.layout(key, width: .greatestFiniteMagnitude).size.width) ?? 0
        cache[key] = w
        return w
    }
}
