/// The tests' repeatable pseudo-random numbers: a 64-bit linear congruential generator (Knuth's MMIX constants)
/// whose high bits are handed out, so a seed always gives the same pixels, colors and paths.
public struct SeededRandom {
    private var state: UInt64

    public init(_ seed: UInt64) { state = seed }

    public mutating func next() -> UInt32 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt32(truncatingIfNeeded: state >> 33)
    }
}
