// Choosing the winning item before the wheel moves: probability proportional to weight, exactly.
// One uniform Double in [0, total) is located among the cumulative weights (no modulo bias); items of
// weight 0 never win. Weights must be finite and not negative, with a positive, finite sum.
// `draw` also says how the number mapped to the item (the record of a draw keeps it).

public enum WeightedChoice {
    /// One draw: the winner and the number that chose it. `value` lies in [`from`, `to`), the
    /// winner's stretch of the cumulative weights 0…`total` (in the weights' order, zeros skipped).
    public struct Draw: Sendable, Equatable {
        public var index: Int
        public var value: Double
        public var total: Double
        public var from: Double
        public var to: Double
    }

    /// Throws the first weight that cannot be used, or the problem with their sum.
    public static func validate(_ weights: [Double]) throws(MotionError) {
        for (i, w) in weights.enumerated() where !(w.isFinite && w >= 0) { throw .invalidWeight(index: i, value: w) }
        guard weights.contains(where: { $0 > 0 }) else { throw .weightsSumToZero }
    }

    /// An index in `weights.indices` with probability weights[i] / Σ weights.
    public static func index(weights: [Double], using rng: inout some RandomNumberGenerator) throws(MotionError) -> Int {
        try draw(weights: weights, using: &rng).index
    }

    /// `index(weights:using:)` with the number drawn and the stretch it fell in.
    public static func draw(weights: [Double], using rng: inout some RandomNumberGenerator) throws(MotionError) -> Draw {
        try validate(weights)
        // Weights whose sum overflows (each finite, say 1e308 twice) are drawn in proportion after
        // dividing by the largest; ordinary weights are used as given, so seeded draws stay the same.
        let sum = weights.reduce(0, +)
        if !sum.isFinite, let largest = weights.max() {
            return try draw(weights: weights.map { $0 / largest }, using: &rng)
        }
        let total = sum
        let r = Double.random(in: 0..<total, using: &rng)
        var cumulative = 0.0
        var last: (index: Int, from: Double) = (0, 0)
        for (i, w) in weights.enumerated() where w > 0 {
            let from = cumulative
            cumulative += w
            last = (i, from)
            if r < cumulative { return Draw(index: i, value: r, total: total, from: from, to: cumulative) }
        }
        // Rounding can leave the running sum a hair below `total`; r then belongs to the last real item.
        return Draw(index: last.index, value: r, total: total, from: last.from, to: total)
    }
}
