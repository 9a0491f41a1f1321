// What the window changes in the record besides draws (schema 4): settings changed in the settings
// panel (`settings`), and entries taken off the wheel or put back in the window (`removal_changes`):
// Remove or Keep on the winner card, and Undo. Each change is one transaction. A removal change names
// the newest draw when it was made (`after_draw`), so it is ordered with the draws' own removals: the
// later one holds. Draws stay as recorded; what a change does shows in the next draw's odds fingerprint.
import Files

extension Ledger {
    /// Version 4: the two tables, empty.
    func addWindowChanges() throws {
        try db.execute("""
            CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                base TEXT NOT NULL,
                changed TEXT NOT NULL
            );
            CREATE TABLE removal_changes (
                change INTEGER PRIMARY KEY,
                time TEXT NOT NULL,
                event INTEGER NOT NULL REFERENCES events(event),
                text TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                removed INTEGER NOT NULL,
                after_draw INTEGER NOT NULL
            );
            """)
    }

    /// Whether the file has the version 4 tables (a file of an earlier version opened for reading has not).
    private func keepsWindowChanges() throws -> Bool {
        try db.hasTable("removal_changes")
    }

    // MARK: Removals

    /// `winnings` with the open event's removal changes applied: an entry's latest change holds unless
    /// a draw removed it after that change.
    func applyRemovalChanges(to winnings: inout [EntryKey: Winnings]) throws {
        guard try keepsWindowChanges() else { return }
        for row in try db.query("SELECT text, occurrence, removed, after_draw FROM removal_changes WHERE event = ? ORDER BY change",
                                [.int(event)], read: { (EntryKey(text: $0.text(0), occurrence: $0.int(1)), $0.int(2) != 0, $0.int(3)) }) {
            var won = winnings[row.0] ?? Winnings()
            if row.2 >= (won.removedBy ?? 0) { won.removed = row.1 }
            winnings[row.0] = won
        }
    }

    /// Takes the entry `key` off the wheel for the rest of the event (`removed`), or puts it back:
    /// one transaction. Its wins stay counted.
    public func setRemoved(_ key: EntryKey, _ removed: Bool) throws(DrawError) {
        try sql {
            try db.transaction {
                let newest = try db.query("SELECT coalesce(max(draw), 0) FROM draws") { $0.int(0) }.first ?? 0
                try db.run("INSERT INTO removal_changes (time, event, text, occurrence, removed, after_draw) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(Timestamp.now()), .int(event), .text(key.text), .int(key.occurrence), .int(removed ? 1 : 0), .int(newest)])
            }
        }
    }

    // MARK: Events

    /// Undoes a new event (R R in the window) while nothing has been drawn in it: it is closed, and
    /// event `closed` (the one it closed) is open again, as it was. Returns false (changing nothing)
    /// when a draw was made since, or `closed` is not a closed event before it.
    public func reopenEvent(_ closed: Int) throws(DrawError) -> Bool {
        try sql {
            try db.transaction {
                let draws = try db.query("SELECT count(*) FROM draws WHERE event = ?", [.int(event)]) { $0.int(0) }.first ?? 0
                let isClosed = try db.query("SELECT count(*) FROM events WHERE event = ? AND closed IS NOT NULL", [.int(closed)]) { $0.int(0) }.first ?? 0
                guard draws == 0, closed < event, isClosed == 1 else { return false }
                try db.run("UPDATE events SET closed = ? WHERE event = ?", [.text(Timestamp.now()), .int(event)])
                try db.run("UPDATE events SET closed = NULL WHERE event = ?", [.int(closed)])
                event = closed
                return true
            }
        }
    }

    // MARK: Settings

    /// The settings changed in the window, by key.
    public func keptSettings() throws(DrawError) -> [String: KeptSetting] {
        try sql {
            guard try keepsWindowChanges() else { return [:] }
            var kept: [String: KeptSetting] = [:]
            for row in try db.query("SELECT key, value, base FROM settings", read: { ($0.text(0), $0.text(1), $0.text(2)) }) {
                kept[row.0] = KeptSetting(value: row.1, base: row.2)
            }
            return kept
        }
    }

    /// Forgets the settings `keys` (the config has changed them since): one transaction.
    public func forgetSettings(_ keys: [String]) throws(DrawError) {
        guard !keys.isEmpty else { return }
        try sql {
            try db.transaction {
                for key in keys { try db.run("DELETE FROM settings WHERE key = ?", [.text(key)]) }
            }
        }
    }

    /// Whether this ledger may write (opened for drawing, or in memory), not only read.
    public var isForDrawing: Bool { lockDescriptor >= 0 || path == ":memory:" || drawsOnServer }

    /// Keeps `settings` (key → value and the config's value then) as changed in the window, replacing
    /// what was kept for those keys: one transaction. A setting back at its base is forgotten.
    public func keep(settings: [String: KeptSetting]) throws(DrawError) {
        try sql {
            try db.transaction {
                let now = Timestamp.now()
                for (key, setting) in settings {
                    if setting.value == setting.base {
                        try db.run("DELETE FROM settings WHERE key = ?", [.text(key)])
                    } else {
                        try db.run("INSERT INTO settings (key, value, base, changed) VALUES (?, ?, ?, ?) "
                                   + "ON CONFLICT (key) DO UPDATE SET value = excluded.value, base = excluded.base, changed = excluded.changed",
                                   [.text(key), .text(setting.value), .text(setting.base), .text(now)])
                    }
                }
            }
        }
    }
}
