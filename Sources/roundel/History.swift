// `roundel history [--state DB] [--json | --csv]`: every draw in the state database, oldest first, as
// a table, one JSON object a line, or CSV for a spreadsheet. Reading needs no lock, so it works while
// a window or a kiosk is drawing. The record's chain is checked: a row changed or deleted since it was
// written is reported on stderr (exit 1) after the history.
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
        abstract: "Print every draw of the state database, oldest first.",
        discussion: """
            Works while a window or kiosk is drawing from the same file, and on a card mounted \
            read-only. Each draw carries a SHA-256 fingerprint of the one before it, and the newest \
            is also kept in the .last-draw file beside the record: history says so when the file was \
            edited afterwards or lost draws (the draws are still printed, then one line on stderr, \
            exit status 1).
            """)

    @Option(help: ArgumentHelp("The state database (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).", valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("A config file whose \"state\" names the state database.", valueName: "file.json"))
    var config: String?

    @Flag(help: "One JSON object a line: draw, time, event, round, index, text, value, chance, … (a name's exact text; control and bidi characters as \\u escapes).")
    var json = false

    @Flag(help: "CSV with a header line, for a spreadsheet. Safe to print: a name's control characters and bidi overrides are written as \\u{1B}, \\t, … (as in the table), and one starting with = + - @ gets an apostrophe.")
    var csv = false

    func run() throws {
        guard !(json && csv) else { throw UserError("roundel: choose one of --json and --csv") }
        let path = try DrawSetup.statePath(option: state, file: try SceneSetup.loadConfig(config)).path
        let records: [DrawRecord], closed: Set<Int>, problems: [String]
        do {
            let ledger = try Ledger.openForReading(path: path)
            if let why = ledger.readAsItIs { printLine("roundel: state '\(path)': \(why)", to: 2) }
            problems = try ledger.verify()
            records = try ledger.history()
            closed = try ledger.closedEvents()
        } catch {
            throw UserError(error)
        }
        var out = ""
        if json {
            for r in records {
                var line = r.jsonLine
                if closed.contains(r.event) { line.insert(contentsOf: ",\"eventClosed\":true", at: line.index(before: line.endIndex)) }
                out += line + "\n"
            }
        } else if csv {
            out = DrawRecord.csvHeader + ",event_closed\r\n"
            for r in records { out += r.csvRow + "," + (closed.contains(r.event) ? "yes" : "no") + "\r\n" }
        } else {
            out = table(records, closed: closed)
        }
        guard writeAll(out, to: 1) else { throw UserError("roundel: history: cannot write the output: \(String(cString: strerror(errno)))") }
        if !problems.isEmpty {
            let others = problems.count - 1
            let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
            printLine("roundel: state '\(path)': the record was altered after it was written: \(problems[0])\(more)", to: 2)
            throw ExitCode(1)
        }
    }

    /// Draws as a table a person reads, events apart.
    func table(_ records: [DrawRecord], closed: Set<Int>) -> String {
        guard !records.isEmpty else { return "No draws yet.\n" }
        var out = ""
        var event = 0
        // Names as a terminal can show them: control characters (a tab, an escape sequence from a
        // pasted list) escaped, so they neither break the columns nor act on the terminal.
        let names = records.map { MessageText.escaped($0.text) }
        // In terminal columns, not characters: a Chinese or Korean name takes two a character.
        let width = max(6, names.map(\.terminalColumns).max() ?? 6)
        for (r, name) in zip(records, names) {
            if r.event != event {
                event = r.event
                out += (out.isEmpty ? "" : "\n") + "Event \(event)" + (closed.contains(event) ? " (closed)" : "") + "\n"
                out += "draw  time (UTC)           round  " + "winner".padded(toColumns: width) + "  value  left\n"
            }
            let time = String(r.time.prefix(19)).replacing("T", with: " ")
            out += String(r.draw).leftPadded(4) + "  " + time + "  " + String(r.round).leftPadded(5) + "  "
                + name.padded(toColumns: width) + "  " + JSONText.plain(r.value).leftPadded(5) + "  "
                + (r.stockLeft.map { String($0) } ?? "-").leftPadded(4) + "\n"
        }
        return out
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

extension String {
    /// Right-aligned in `width` characters (longer text is left whole).
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
