// `render` and `record --state DB [--draw N]`: the record of draws read once, for reading only (no
// lock, nothing written, so it works while a window or kiosk draws into the file), as the wheel then
// shows it. A record that cannot be read is one line, exit 2; one that was altered or lost draws is
// not shown (exit 1, as a window refuses to draw into it): a video must not show a changed draw.
import Draws

enum StateReading {
    /// `--draw`: a draw number, 1 or more.
    static func drawNumber(_ text: String) throws -> Int {
        guard let number = Int(text), number >= 1 else {
            throw UserError("roundel: --draw '\(text)' is not a draw number (1, 2, …: roundel history lists them)")
        }
        return number
    }

    /// The record at `path` as it is now, or just before draw `number`.
    static func read(_ path: String, beforeDraw number: Int?) throws -> RecordedStanding {
        guard !path.isEmpty else { throw UserError("roundel: --state needs a file name, like raffle.db") }
        do {
            let ledger = try Ledger.openForReading(path: path)
            let problems = try ledger.verify()
            if let first = problems.first {
                let others = problems.count - 1
                let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
                throw UserError("roundel: state '\(path)': the record was altered or lost draws, so it is not shown: \(first)\(more)"
                                + " (roundel history lists what it holds)", status: 1)
            }
            if let number { return try ledger.standing(beforeDraw: number) }
            return try ledger.standingNow()
        } catch let error as UserError {
            throw error
        } catch {
            throw UserError(error)
        }
    }
}
