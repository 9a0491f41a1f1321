// A reproducible random number generator for `--seed N` and tests: SplitMix64 (Steele, Lea and Flood 2014,
// the seeding generator of xoshiro). Pure 64-bit integer arithmetic, so the same seed gives the same
// numbers on every platform; Double.random(in:using:) built on it is deterministic as well.

public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
