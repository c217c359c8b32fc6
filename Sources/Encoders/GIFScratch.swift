/// Memory that per-pixel loops index directly. An array would cost a copy-on-write check per write, and
/// reaching its storage takes a `withUnsafe…` closure (several arrays at once nest them). This buffer is a
/// plain pointer instead: it only grows (to the largest frame, rectangle or histogram seen), so steady
/// encoding allocates nothing, and its contents are whatever the last user wrote.
final class GIFScratch<Element: BitwiseCopyable> {
    private var storage: UnsafeMutableBufferPointer<Element>
    private let fill: Element

    init(repeating fill: Element) {
        self.fill = fill
        storage = .allocate(capacity: 0)
    }

    deinit { storage.deallocate() }

    /// The first `count` elements, valid until the next call; grown storage starts as `fill`, and growing
    /// drops the old contents.
    func first(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        if storage.count < count {
            storage.deallocate()
            storage = .allocate(capacity: count)
            storage.initialize(repeating: fill)
        }
        return UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }
}
