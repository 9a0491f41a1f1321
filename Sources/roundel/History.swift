// `roundel history [--state DB] [--event N|last] [--summary] [--json | --csv [--bom]]`: the draws, oldest
// first, as a table, JSON lines or CSV, or with `--summary` what each event gave out; times local (TZ)
// with their offset, the record keeping UTC. Reading needs no lock, so it works while a kiosk draws.
// The whole record's chain is checked, whichever event is shown: a row changed or deleted since it
// was written is reported on stderr (exit 1) after the output.
import ArgumentParser
import Draws
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the draws of the state database, oldest first, or what each event gave out.",
        discussion: """
            Times are in the local time zone (TZ), with their offset from UTC: in the table's header \
            (or on each row when an event spans a daylight-saving change), and in ISO 8601 in JSON \
            and CSV (2026-11-26T21:30:05.123+09:00); the record itself keeps UTC. A slice that wins \
            nothing ("prize": false in the config, "no prize" in a names list) is a draw with prize \
            false (no in the table and CSV), and never counts as a winner. Works while a window or kiosk is drawing from the same \
            file, and on a card mounted read-only. Each draw carries a SHA-256 fingerprint of the one \
            before it, and the newest is also kept in the .last-draw file beside the record: history \
            says so when the file was edited afterwards or lost draws (the draws are still printed, \
            then one line on stderr, exit status 1), whichever event is shown.
            """)

    @Option(help: ArgumentHelp("The state database (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).", valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("A config file whose \"state\" names the state database.", valueName: "file.json"))
    var config: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only this event's draws: its number (a reset starts the next), or last for the newest.", valueName: "N|last"))
    var event: String?

    @Flag(help: "Per event: each entry of its list with the times it was drawn (won) and, where it has stock, the stock left, prizes first; then the totals: draws, winners (different entries that won a prize), prizes given (draws that won one) and no prize (draws on a slice that wins nothing).")
    var summary = false

    @Flag(help: "One JSON object a line: draw, time, event, round, index, text, value, prize, chance and more (a name's exact text; control and bidi characters as \\u escapes). With --summary, one object an event.")
    var json = false

    @Flag(help: "CSV with a header line, for a spreadsheet. Safe to print: a name's control characters and bidi overrides are written as \\u{1B}, \\t and so on (as in the table), and one starting with = + - @ gets an apostrophe. With --summary, one row an entry.")
    var csv = false

    @Flag(help: "With --csv: start with a UTF-8 byte order mark, which Excel needs to read names beyond plain ASCII (without it, accented letters and other scripts arrive garbled). Scripts and other spreadsheets read the CSV either way, so it is written only when asked for.")
    var bom = false

    func run() throws {
        guard !(json && csv) else { throw UserError("roundel: choose one of --json and --csv") }
        guard !bom || csv else { throw UserError("roundel: --bom applies to --csv (a byte order mark for Excel)") }
        let chosen = try event.map(EventChoice.parse)
        let path = try DrawSetup.statePath(option: state, file: try SceneSetup.loadConfig(config)).path
        let ledger: Ledger, problems: [String], records: [DrawRecord], closed: Set<Int>, shown: [Int]
        do {
            ledger = try Ledger.openForReading(path: path)
            let events = try ledger.eventNumbers()
            switch chosen {
            case nil: shown = events
            case .last: shown = events.last.map { [$0] } ?? []
            case .number(let n):
                guard events.contains(n) else {
                    let has = events.count == 1 ? "event \(events[0])" : events.first.map { "events \($0)…\(events[events.count - 1])" } ?? "no event"
                    throw UserError("roundel: history: state '\(path)' has no event \(n) (it has \(has))")
                }
                shown = [n]
            }
            if let why = ledger.readAsItIs { printLine("roundel: state '\(path)': \(why)", to: 2) }
            problems = try ledger.verify()
            records = chosen == nil ? try ledger.history() : try shown.flatMap { try ledger.history(event: $0) }
            closed = try ledger.closedEvents()
        } catch let error as UserError {
            throw error
        } catch {
            throw UserError(error)
        }
        var out = bom ? "\u{FEFF}" : ""
        if summary {
            // Every event shown that has draws; an event asked for by number, even before its first.
            let events = chosen == nil ? shown.filter { event in records.contains { $0.event == event } } : shown
            var summaries: [EventSummary] = []
            do {
                for event in events {
                    summaries.append(EventSummary(event: event, closed: closed.contains(event), list: try ledger.latestRound(inEvent: event),
                                                  draws: records.filter { $0.event == event }))
                }
            } catch {
                throw UserError(error)
            }
            out += json ? summaries.map { $0.jsonLine + "\n" }.joined()
                : csv ? EventSummary.csvHeader + "\r\n" + summaries.map(\.csvRows).joined()
                : HistoryTable.summaries(summaries, closed: closed)
        } else if json {
            for r in records {
                var line = r.jsonLine
                if closed.contains(r.event) { line.insert(contentsOf: ",\"eventClosed\":true", at: line.index(before: line.endIndex)) }
                out += line + "\n"
            }
        } else if csv {
            out = DrawRecord.csv(records, closed: closed, byteOrderMark: bom)
        } else if let only = shown.first, chosen != nil, records.isEmpty {
            out = HistoryTable.heading(only, closed: closed) + ": no draws yet\n"
        } else {
            out = HistoryTable.draws(records, closed: closed, stations: ledger.isOnServer)
        }
        guard writeAll(out, to: 1) else { throw UserError("roundel: history: cannot write the output: \(String(cString: strerror(errno)))") }
        if !problems.isEmpty {
            let others = problems.count - 1
            let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
            printLine("roundel: state '\(path)': the record was altered after it was written: \(problems[0])\(more)", to: 2)
            throw ExitCode(1)
        }
    }

    /// `--event`: a number, or the newest event.
    enum EventChoice: Equatable {
        case number(Int)
        case last

        static func parse(_ text: String) throws -> EventChoice {
            if text == "last" { return .last }
            guard let n = Int(text), n > 0 else {
                throw UserError("roundel: --event \(MessageText.quoted(text)) is not an event (give its number, 1 or more, or last)")
            }
            return .number(n)
        }
    }
}

/// Writes all of `text` to `fd`; false on a write error (a full disk, a closed pipe).
func writeAll(_ text: String, to fd: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        bytes = bytes.dropFirst(n)
    }
    return true
}
