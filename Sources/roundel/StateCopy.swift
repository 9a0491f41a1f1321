// `roundel state copy FROM TO`: an event's record of draws moved into another store, usually its
// SQLite file into the PostgreSQL database several kiosks will share (Ledger.copy, LedgerCopy.swift).
// FROM must verify (exit 1 otherwise: a copy would hide what was altered); TO must be new (exit 2 if
// it holds a record, or is FROM). Afterwards the copy is checked as a user would: TO verifies and
// lists the same history as FROM. A server that cannot be reached exits 4, with nothing copied.
import ArgumentParser
import Draws

struct StateCopy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a record of draws into a new one, e.g. a state file into the PostgreSQL database several kiosks share.",
        discussion: """
            Copies everything FROM holds, in one transaction on TO: every event, list of entries and \
            draw with its number, fingerprint and station, the removals and the settings changed in \
            the window. TO becomes the same record: history lists the same draws, stock spent and \
            removals stand, and the next draw takes the next number. FROM is only read. \
            TO is made if it is a file that does not exist, or its tables are made in a PostgreSQL \
            database; one that already holds draws (or is FROM) is refused with exit status 2, never \
            overwritten or merged into. A FROM that was altered or lost draws (history says so) is \
            refused with exit status 1. Stop the windows and kiosks that draw from FROM first: draws \
            made there after the copy are not in TO.
            """)

    @Argument(help: ArgumentHelp("The record to copy: a state file, or a postgresql:// URI.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The new record: a file that does not exist yet, or a postgresql:// URI of a database without draws.", valueName: "to"))
    var to: String

    func run() throws {
        do {
            let (source, destination, count) = try Ledger.copy(from: from, to: to)
            // What a user would check: the copy is whole, and holds the same draws and events.
            let problems = try destination.verify()
            guard problems.isEmpty, try destination.history() == source.history(),
                  try destination.eventNumbers() == source.eventNumbers(), try destination.closedEvents() == source.closedEvents() else {
                throw UserError("roundel: state '\(destination.path)': the copy does not match '\(source.path)'"
                                + (problems.first.map { ": \($0)" } ?? ""), status: 1)
            }
            func counted(_ n: Int, _ thing: String) -> String { "\(n) \(thing)\(n == 1 ? "" : "s")" }
            printLine("roundel: copied \(counted(count.events, "event")), \(counted(count.draws, "draw")) "
                      + "from '\(source.path)' to '\(destination.path)'", to: 1)
        } catch let error as UserError {
            throw error
        } catch {
            throw UserError(error)
        }
    }
}
