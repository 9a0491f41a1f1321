// `roundel bench --pool URI`: how many draws a second a shared prize pool on a PostgreSQL server
// takes, with one kiosk and with four drawing at once (each a connection and a Raffle of its own on a
// thread of its own, as four kiosks are four processes; the time includes connecting): a draw is the whole of what a kiosk does
// before its wheel turns (the transaction with the draw lock, the standing read in it, the choice,
// the insert, the commit the server flushes to disk). The database should be a new one: the draws
// stay in it, with stations named bench-1 … bench-4.
import Dispatch
import Draws
import Synchronization

enum BenchDraws {
    /// Draws a second into `uri`, made by `kiosks` at once, `draws` in all.
    static func rate(uri: String, kiosks: Int, draws: Int) throws -> Double {
        // Twelve entries of no stock: every draw can be made, so each kiosk draws until the total is reached.
        let entries = (1...12).map { Entry(text: "Prize \($0)") }
        let shared = Shared()
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: kiosks) { k in
            let raffle: Raffle
            do {
                let ledger = try Ledger.open(path: uri)
                ledger.station = "bench-\(k + 1)"
                raffle = try Raffle(entries: entries, ledger: ledger)
            } catch {
                printLine("roundel: bench: \(error)", to: 2)
                shared.failed.store(true, ordering: .relaxed)
                return
            }
            while !shared.failed.load(ordering: .relaxed), shared.made.wrappingAdd(1, ordering: .relaxed).newValue <= draws {
                do {
                    _ = try raffle.draw { (rng: inout DrawGenerator) throws(DrawError) in (try raffle.choose(using: &rng), nil) }
                } catch {
                    printLine("roundel: bench: \(error)", to: 2)
                    shared.failed.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard !shared.failed.load(ordering: .relaxed) else { throw UserError("roundel: bench: the draws into the pool failed (see above)") }
        return Double(draws) / seconds
    }

    /// What the kiosks' threads share: the draws begun, and whether one failed.
    final class Shared: Sendable {
        let made = Atomic<Int>(0)
        let failed = Atomic<Bool>(false)
    }
}
