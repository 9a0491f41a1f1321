// Moving a record of draws into another store (`roundel state copy`): an event host's SQLite file
// into the PostgreSQL database several kiosks will share, or any record into any new one. Everything
// is copied as it stands, numbers kept: events (opened, closed), rounds and their entries, every draw
// row with every column (so each hash and the chain verify in the copy), the newest draw, the window's
// settings and removal changes. One transaction on the destination: afterwards it holds the whole
// record, read back equal, or is as it was. Only a record that verifies is copied (a copy would hide
// what was altered), and only into a new one: never merged into draws, rounds or changes already there.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Ledger {
    /// What `copy(from:)` copied.
    public struct CopyCount: Sendable, Equatable {
        public var events: Int
        public var rounds: Int
        public var draws: Int
    }

    /// Copies the whole record `source` holds into this one, opened for drawing and new (its tables
    /// made, nothing drawn or changed in it), as one transaction. Refuses a source that was altered or
    /// lost draws (`isAltered`), and a destination that is the source or already holds a record.
    /// A file's witness is brought to the copied newest draw; a server keeps the record itself.
    public func copy(from source: Ledger) throws(DrawError) -> CopyCount {
        guard isForDrawing else { throw .state(path, "is open for reading only, so nothing can be copied into it") }
        try source.refuseIfAltered()
        var same = Ledger.sameFile(source.path, path)
        if isOnServer, source.isOnServer { same = try sql { try serverIdentity() == source.serverIdentity() } }
        if same {
            throw .state(path, "is the record being copied, '\(source.path)' itself; copy into a new file or another database")
        }
        let record = try source.sql { try source.db.snapshot { try source.wholeRecord() } }
        let newest: (draw: Int, hash: String)
        var committing = false
        do {
            newest = try db.transaction {
                try refuseUnlessNew()
                try write(record)
                // Read back before the commit: a store that kept anything otherwise (a number rounded,
                // a text changed) leaves the destination as it was.
                guard try wholeRecord() == record else {
                    throw DrawError.state(path, "the record read back differs from '\(source.path)', so nothing was copied")
                }
                let newest = try newestDraw()
                committing = true
                return newest
            }
        } catch let error as DrawError {
            throw error
        } catch {
            // A connection lost at the commit: the server alone knows whether it went through.
            let unsure = committing && (error as? PostgresError)?.isConnectionProblem == true
            throw Ledger.failure(path, error, doing: unsure ? "the copy may or may not have been committed (roundel history shows whether it was): "
                                                            : "nothing was copied: ")
        }
        event = try sql { try openEventNumber() }
        // Committed: a witness that cannot be written now is caught up when the file is next opened.
        try? bringWitness(to: Witnessed(draw: newest.draw, hash: newest.hash))
        return CopyCount(events: record.events.count, rounds: record.rounds.count, draws: record.draws.count)
    }

    /// Copies the record at `from` (a file or a server's URI, opened for reading) into a new record at
    /// `to` (made if missing, opened for drawing): the same refusals as `copy(from:)`, made before
    /// anything at `to` is opened or made. Returns both records, open, and what was copied.
    public static func copy(from: String, to: String) throws(DrawError) -> (source: Ledger, destination: Ledger, count: CopyCount) {
        let source = try openForReading(path: from)
        try source.refuseIfAltered()
        if sameFile(from, to) { throw .state(to, "is the record being copied, '\(from)' itself; copy into a new file or another database") }
        let destination = try open(path: to)
        return (source, destination, try destination.copy(from: source))
    }

    /// Whether `a` and `b` name one existing file (through links, or two names of it).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        guard !isServer(a), !isServer(b) else { return false }
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Throws (`isAltered`) when this record was altered or lost draws: a copy would hide it.
    private func refuseIfAltered() throws(DrawError) {
        let problems = try verify()
        guard let first = problems.first else { return }
        let others = problems.count - 1
        let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
        throw DrawError(subject: "state '\(path)'", problem: "the record was altered or lost draws, so it is not copied "
                        + "(the copy would hide it): \(first)\(more); roundel history lists what it holds", isAltered: true)
    }

    /// A database on a server as itself, however its URI was written: its name, and when its server
    /// started (two servers started at the same microsecond with a database of the same name aside).
    private func serverIdentity() throws -> [String] {
        try db.query("SELECT current_database()::text, pg_postmaster_start_time()::text") { [$0.text(0), $0.text(1)] }.first ?? []
    }

    /// Throws unless this record is new: nothing beyond the event its tables were made with.
    private func refuseUnlessNew() throws {
        func count(_ table: String) throws -> Int { try db.query("SELECT count(*) FROM \(table)") { $0.int(0) }.first ?? 0 }
        let draws = try count("draws"), events = try count("events"), rounds = try count("rounds")
        let changes = try count("settings") + count("removal_changes")
        guard draws > 0 || events > 1 || rounds > 0 || changes > 0 else { return }
        func counted(_ n: Int, _ thing: String) -> String { "\(n) \(thing)\(n == 1 ? "" : "s")" }
        let holds = draws > 0 ? "\(counted(draws, "draw")) in \(counted(events, "event"))"
            : rounds > 0 || events > 1 ? "\(counted(events, "event")) and \(counted(rounds, "list")) of entries, no draw yet"
            : "settings or removals changed in a window"
        throw DrawError.state(path, "already holds a record (\(holds)), so nothing is copied into it: "
                              + "copy into a new file or a database Roundel has not drawn into")
    }

    /// Everything the record holds, as `write` puts it back.
    private func wholeRecord() throws -> WholeRecord {
        let windowChanges = try db.hasTable("removal_changes")
        return WholeRecord(
            events: try db.query("SELECT event, opened, closed FROM events ORDER BY event") {
                [.int($0.int(0)), .text($0.text(1)), $0.optionalText(2).map(SQLValue.text) ?? .null]
            },
            rounds: try db.query("SELECT round, event, started, source, config_hash, entries_hash FROM rounds ORDER BY round") {
                [.int($0.int(0)), .int($0.int(1)), .text($0.text(2)), .text($0.text(3)), .text($0.text(4)), .text($0.text(5))]
            },
            entries: try db.query("SELECT round, idx, text, value, weight, stock, \(hasPrizeColumns ? "prize" : "1") FROM entries ORDER BY round, idx") {
                [.int($0.int(0)), .int($0.int(1)), .text($0.text(2)), .double($0.double(3)), .double($0.double(4)),
                 .optional($0.optionalInt(5)), .int($0.int(6))]
            },
            draws: try db.query(drawSelect + " ORDER BY draw", read: DrawRecord.init),
            newest: try newestDraw(),
            settings: windowChanges ? try db.query("SELECT key, value, base, changed FROM settings ORDER BY key") {
                [.text($0.text(0)), .text($0.text(1)), .text($0.text(2)), .text($0.text(3))]
            } : [],
            removalChanges: windowChanges ? try db.query("SELECT change, time, event, text, occurrence, removed, after_draw FROM removal_changes ORDER BY change") {
                [.int($0.int(0)), .text($0.text(1)), .int($0.int(2)), .text($0.text(3)), .int($0.int(4)), .int($0.int(5)), .int($0.int(6))]
            } : [])
    }

    /// Puts `record` in this new record's tables (inside the caller's transaction), in place of the
    /// event its tables were made with, and moves a server's identity columns past the numbers copied,
    /// so the next event, round or removal change takes the next number.
    private func write(_ record: WholeRecord) throws {
        try db.run("DELETE FROM events")
        func put(_ rows: [[SQLValue]], into table: String, _ columns: String) throws {
            let marks = Array(repeating: "?", count: columns.split(separator: ",").count).joined(separator: ", ")
            for row in rows { try db.run("INSERT INTO \(table) (\(columns)) VALUES (\(marks))", row) }
        }
        try put(record.events, into: "events", "event, opened, closed")
        try put(record.rounds, into: "rounds", "round, event, started, source, config_hash, entries_hash")
        try put(record.entries, into: "entries", "round, idx, text, value, weight, stock, prize")
        for draw in record.draws { try insert(draw) }
        try db.run("UPDATE newest_draw SET draw = ?, hash = ? WHERE one = 1", [.int(record.newest.draw), .text(record.newest.hash)])
        try put(record.settings, into: "settings", "key, value, base, changed")
        try put(record.removalChanges, into: "removal_changes", "change, time, event, text, occurrence, removed, after_draw")
        // A file's INTEGER PRIMARY KEY takes the largest number plus one by itself.
        guard isOnServer else { return }
        for (table, column) in [("events", "event"), ("rounds", "round"), ("removal_changes", "change")] {
            _ = try db.query("SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'), coalesce(max(\(column)), 0) + 1, false) FROM \(table)") { _ in () }
        }
    }
}

/// A record's rows, table by table in their columns' order (`Ledger.write`'s inserts).
private struct WholeRecord: Equatable {
    var events: [[SQLValue]]
    var rounds: [[SQLValue]]
    var entries: [[SQLValue]]
    var draws: [DrawRecord]
    var newest: (draw: Int, hash: String)
    var settings: [[SQLValue]]
    var removalChanges: [[SQLValue]]

    static func == (a: WholeRecord, b: WholeRecord) -> Bool {
        a.events == b.events && a.rounds == b.rounds && a.entries == b.entries && a.draws == b.draws
            && a.newest == b.newest && a.settings == b.settings && a.removalChanges == b.removalChanges
    }
}
