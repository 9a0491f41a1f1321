// Each slice's share of the whole, as a fraction of the turn and as a percentage at 0.1 %.
// Values are normalised: divided by the largest one first (so huge values cannot overflow the
// sum), then by the sum. Boundaries are cumulative fractions with the first exactly 0 and the last
// exactly 1, so the chart closes at 12 o'clock with no sliver and no overlap.
//
// Percentages are Motion's `Shares`: largest remainder at 0.1 %, so the labels always sum to exactly
// 100.0 % (three equal slices: 33.4, 33.3, 33.3).

import Motion

struct PieShares: Equatable {
    /// Each slice's fraction of the whole (0 for a value of 0); they sum to 1 up to rounding.
    let fractions: [Double]
    /// boundaries[k] … boundaries[k + 1] is slice k's part of the turn; boundaries[0] = 0, last = 1.
    let boundaries: [Double]
    /// Percentages in tenths (420 is 42.0 %); they sum to exactly 1000.
    let tenths: [Int]

    /// nil when nothing can be drawn: no values, a value that is negative or not finite, or all zero
    /// (PieConfig.validate reports those with their paths before a scene is built).
    init?(values: [Double]) {
        guard !values.isEmpty, values.allSatisfy({ $0.isFinite && $0 >= 0 }),
              let largest = values.max(), largest > 0 else { return nil }
        let scaled = values.map { $0 / largest }
        let total = scaled.reduce(0, +)
        fractions = scaled.map { $0 / total }

        var bounds = [0.0]
        var running = 0.0
        for f in fractions.dropLast() {
            running += f
            bounds.append(min(running, 1))
        }
        bounds.append(1)
        boundaries = bounds
        tenths = Shares.tenths(scaled: scaled, total: total)
    }

    var count: Int { fractions.count }

    /// "42.0%": one decimal, as the seed's `round(percent * 1000) / 10`.
    func percentText(_ k: Int) -> String { PieShares.format(tenths: tenths[k]) + "%" }

    /// "42.0" (also the JSON number).
    static func format(tenths: Int) -> String { Shares.format(tenths: tenths) }
}
