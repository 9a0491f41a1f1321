// Requests without the right token, counted by the address they come from: at most `budget` in
// `period` seconds are answered 401 and logged one line each; beyond that the address gets 429
// (its token not even compared) until its period ends, and one line says so. A 256-bit token cannot
// be guessed; this keeps a noisy client from filling the kiosk's journal or taking its time.
// At most `maximumAddresses` are remembered (ended periods are dropped first; then the oldest).
import Synchronization

final class FailedAttempts: Sendable {
    let budget: Int
    let period: Double
    static let maximumAddresses = 1024

    private struct Count {
        var since: Double
        var failures: Int
    }
    private let counts = Mutex<[String: Count]>([:])

    init(budget: Int = 10, period: Double = 60) {
        self.budget = budget
        self.period = period
    }

    /// Whether `address` has used up its failures at `now` (its requests then get 429).
    func isBlocked(_ address: String, at now: Double) -> Bool {
        counts.withLock { counts in
            guard let count = counts[address], now - count.since < period else { return false }
            return count.failures >= budget
        }
    }

    /// Counts one failure from `address` at `now`; true when it is the one that used up the budget.
    func record(_ address: String, at now: Double) -> Bool {
        counts.withLock { counts in
            if counts.count >= FailedAttempts.maximumAddresses, counts[address] == nil {
                counts = counts.filter { now - $0.value.since < period }
                if counts.count >= FailedAttempts.maximumAddresses,
                   let oldest = counts.min(by: { $0.value.since < $1.value.since })?.key {
                    counts[oldest] = nil
                }
            }
            var count = counts[address].flatMap { now - $0.since < period ? $0 : nil } ?? Count(since: now, failures: 0)
            count.failures += 1
            counts[address] = count
            return count.failures == budget
        }
    }
}
