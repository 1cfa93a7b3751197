/// A random number generator that repeats exactly from its seed (SplitMix64): LocalOrg's sample
/// data, the benchmarks' workloads and the property tests are the same on every machine and run.
/// Never for secrets.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator; the same seed gives the same sequence.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` from the next bits by remainder: the sample data's own rule, kept so
    /// that a seed gives the same records it always gave (`Int.random(in:using:)` draws differently).
    package mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One of `items` (not empty), by ``next(in:)``.
    package mutating func pick<T>(_ items: [T]) -> T {
        items[next(in: 0...(items.count - 1))]
    }
}
