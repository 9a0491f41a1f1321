// GET /api/history.csv: the state database's draws as CSV for a spreadsheet, exactly what
// `roundel history --csv --bom` writes (every event, the byte order mark Excel needs). Read on the
// request's own thread through its own read-only ledger (`Ledger.openForReading`), never the window's.
// One at a time: while it reads, its read transaction holds the file's shared lock, which a draw's
// commit waits for (the busy timeout), so downloads must not queue up behind one another. A record whose chain was altered is still sent, as
// history prints it, with the one line history would print in `X-Roundel-Warning`.
import Draws
import Glibc

enum HistoryCSV {
    /// The CSV and the warning to send with it.
    struct Document {
        let csv: String
        let warning: String?
    }

    static let contentType = "text/csv; charset=utf-8"
    static let disposition = "attachment; filename=\"roundel-history.csv\""

    /// The record at `statePath` (a file or a postgresql:// URI) as CSV, or the refusal: 404 when no
    /// record is kept or none is there yet, 503 when its server cannot be reached, 500 when it cannot be read.
    static func read(statePath: String?) -> Result<Document, ControlRoutes.Refusal> {
        guard let statePath else { return .failure(ControlRoutes.Refusal(.refused(404, "this kiosk keeps no record of draws"))) }
        do {
            let ledger = try Ledger.openForReading(path: statePath)
            let problems = try ledger.verify()
            let csv = DrawRecord.csv(try ledger.history(), closed: try ledger.closedEvents(), byteOrderMark: true)
            return .success(Document(csv: csv, warning: problems.first.map { first in
                let others = problems.count - 1
                let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
                return ControlRoutes.printable("the record was altered after it was written: \(first)\(more)", limit: 300)
            }))
        } catch {
            if error.isUnreachable { return .failure(ControlRoutes.Refusal(.refused(503, line(error)))) }
            var info = stat()
            if !error.isAltered, !Ledger.isServer(statePath), stat(statePath, &info) != 0, errno == ENOENT {
                return .failure(ControlRoutes.Refusal(.refused(404, "no record of draws yet")))
            }
            return .failure(ControlRoutes.Refusal(.refused(500, line(error))))
        }
    }

    /// The error's line without the command's "roundel: " prefix.
    private static func line(_ error: DrawError) -> String {
        let text = error.description
        return text.hasPrefix("roundel: ") ? String(text.dropFirst(9)) : text
    }
}
