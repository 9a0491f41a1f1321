// Shares of a whole as percentages that add up to exactly 100.0 %, at 0.1 %: the pie's labels and
// the wheel's odds. Largest-remainder rounding: every part gets floor(1000 · share) tenths, then the
// tenths still missing from 1000 go one each to the parts with the largest remainders (ties: the
// larger part, then the earlier one). Each is within 0.1 of its true share, and a part of 0 always
// shows 0.0 %. Plain rounding could show 33.3 × 3 = 99.9 %.

public enum Shares {
    /// Percentages in tenths (420 is 42.0 %) of `parts` (finite, ≥ 0, not all 0: else nil), summing to 1000.
    public static func tenths(of parts: [Double]) -> [Int]? {
        guard !parts.isEmpty, parts.allSatisfy({ $0.isFinite && $0 >= 0 }),
              let largest = parts.max(), largest > 0 else { return nil }
        // Divided by the largest first, so huge parts cannot overflow the sum.
        let scaled = parts.map { $0 / largest }
        return tenths(scaled: scaled, total: scaled.reduce(0, +))
    }

    /// `tenths(of:)` for parts already scaled (finite, ≥ 0) with their positive `total`.
    public static func tenths(scaled: [Double], total: Double) -> [Int] {
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
        // Σ remainders = missing with each < 1, so at least missing + 1 parts have one; the modulo
        // only guards against a rounding surprise.
        for k in 0..<missing { tenths[order[k % order.count]] += 1 }
        return tenths
    }

    /// "42.0" (also the JSON number).
    public static func format(tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }
}
