// Each slice's share of the whole, as a fraction of the turn and as a percentage at 0.1 %.
// Values are normalised: divided by the largest one first (so huge values cannot overflow the
// sum), then by the sum. Boundaries are cumulative fractions with the first exactly 0 and the last
// exactly 1, so the chart closes at 12 o'clock with no sliver and no overlap.
//
// Percentages use largest-remainder rounding at 0.1 %: every slice gets floor(1000 · share) tenths,
// then the tenths still missing from 1000 go one each to the slices with the largest remainders
// (ties: the larger value, then the earlier slice). The labels therefore always sum to exactly
// 100.0 % (three equal slices: 33.4, 33.3, 33.3), each is within 0.1 of its true share, and a slice
// of value 0 always shows 0.0 %. Plain rounding could show 33.3 × 3 = 99.9 %.

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
        tenths = PieShares.largestRemainderTenths(scaled: scaled, total: total)
    }

    static func largestRemainderTenths(scaled: [Double], total: Double) -> [Int] {
        // Quotas are snapped to 1e-6 tenth first, so 42/100 → 420 rather than 419.99999999999994
        // giving a floor of 419 and a spurious remainder.
        let quotas = scaled.map { (($0 * 1000 / total) * 1e6).rounded() / 1e6 }
        var tenths = quotas.map { Int($0.rounded(.down)) }
        let missing = 1000 - tenths.reduce(0, +)
        guard missing > 0 else { return tenths }
        let order = quotas.indices.filter { scaled[$0] > 0 }.sorted { a, b in
            let ra = quotas[a] - Double(tenths[a]), rb = quotas[b] - Double(tenths[b])
            if ra != rb { return ra > rb }
            if scaled[a] != scaled[b] { return scaled[a] > scaled[b] }
            return a < b
        }
        // Σ remainders = missing with each < 1, so at least missing + 1 slices have one; the modulo
        // only guards against a rounding surprise.
        for k in 0..<missing { tenths[order[k % order.count]] += 1 }
        return tenths
    }

    var count: Int { fractions.count }

    /// "42.0%": one decimal, as the seed's `round(percent * 1000) / 10`.
    func percentText(_ k: Int) -> String { PieShares.format(tenths: tenths[k]) + "%" }

    /// "42.0" (also the JSON number).
    static func format(tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }
}
