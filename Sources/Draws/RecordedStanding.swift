// The record of draws at one moment, read in one go, as a wheel shows it: the list drawn from, what
// each entry had won in its event, the event's latest draw before that moment and, for a replay, the
// draw made next. `render --state` shows the record as it is now; `--draw N`, the moment just before
// draw N and then that draw. The settings changed in the window come too (they are kept as they are
// now: the record has no history of them). Read in one read transaction from a ledger opened for
// reading (no lock, nothing written: a kiosk may be drawing meanwhile), and shown by a Raffle that
// records nothing.

public struct RecordedStanding: Sendable, Equatable {
    /// The list drawn from: the event's latest round now, or the round of the draw replayed (nil: no
    /// round recorded in the open event yet).
    public var round: Round?
    /// What each entry had won in the event, and whether it was off the wheel (a win removed it, or
    /// it was taken off in the window, and not put back since).
    public var winnings: [EntryKey: Winnings]
    /// The event's latest draw before this moment (shown at rest, where it stopped).
    public var lastDraw: DrawRecord?
    /// The draw this moment comes just before (a replay), nil for the record as it is now.
    public var next: DrawRecord?
    /// The settings changed in the window, as the record keeps them now (`Ledger.keptSettings`).
    public var settings: [String: KeptSetting]
}

extension Ledger {
    /// The open event as it is now: what a window opened on this record shows.
    public func standingNow() throws(DrawError) -> RecordedStanding {
        try sql {
            try db.snapshot {
                RecordedStanding(round: try latestRound(), winnings: try winnings(), lastDraw: try lastDraw(), next: nil,
                                 settings: try keptSettings())
            }
        }
    }

    /// The record just before draw `number` was made: its round's list, what had been won in its
    /// event by the draws before it and who was off the wheel (by those draws, and by the changes made
    /// in the window before it, as `winnings` orders them), and the latest of those draws. Throws when
    /// there is no such draw, or its round does not hold its winner (a record edited by hand).
    public func standing(beforeDraw number: Int) throws(DrawError) -> RecordedStanding {
        let found: RecordedStanding? = try sql {
            try db.snapshot {
                guard let draw = try db.query(drawSelect + " WHERE draw = ?", [.int(number)], read: DrawRecord.init).first else {
                    return nil
                }
                let source = try db.query("SELECT source, config_hash FROM rounds WHERE round = ?", [.int(draw.round)]) {
                    ($0.text(0), $0.text(1))
                }.first
                let entries = try entries(ofRound: draw.round)
                guard let source, entries.indices.contains(draw.index), entries[draw.index].text == draw.text else {
                    throw DrawError.state(path, "draw \(number) does not match the list of its round \(draw.round) (the record was edited)")
                }
                var winnings: [EntryKey: Winnings] = [:]
                for row in try db.query("SELECT text, occurrence, count(*), max(CASE WHEN removed != 0 THEN draw END) FROM draws "
                                        + "WHERE event = ? AND draw < ? GROUP BY text, occurrence",
                                        [.int(draw.event), .int(number)], read: { ($0.text(0), $0.int(1), $0.int(2), $0.optionalInt(3)) }) {
                    winnings[EntryKey(text: row.0, occurrence: row.1)] = Winnings(count: row.2, removed: row.3 != nil, removedBy: row.3)
                }
                // Taken off or put back in the window before this draw (a change names the newest draw then).
                if try db.hasTable("removal_changes") {
                    for row in try db.query("SELECT text, occurrence, removed, after_draw FROM removal_changes WHERE event = ? AND after_draw < ? ORDER BY change",
                                            [.int(draw.event), .int(number)],
                                            read: { (EntryKey(text: $0.text(0), occurrence: $0.int(1)), $0.int(2) != 0, $0.int(3)) }) {
                        var won = winnings[row.0] ?? Winnings()
                        if row.2 >= (won.removedBy ?? 0) { won.removed = row.1 }
                        winnings[row.0] = won
                    }
                }
                let before = try db.query(drawSelect + " WHERE event = ? AND draw < ? ORDER BY draw DESC LIMIT 1",
                                          [.int(draw.event), .int(number)], read: DrawRecord.init).first
                return RecordedStanding(round: Round(number: draw.round, source: source.0, configHash: source.1, entries: entries),
                                        winnings: winnings, lastDraw: before, next: draw, settings: try keptSettings())
            }
        }
        guard let found else {
            let newest = (try? sql { try db.query("SELECT max(draw) FROM draws") { $0.optionalInt(0) }.first }) ?? nil
            throw .state(path, "has no draw \(number) (" + (newest.flatMap { $0 }.map { "its newest is draw \($0); roundel history lists them" }
                                                          ?? "no draw has been recorded in it") + ")")
        }
        return found
    }
}

extension Raffle {
    /// A raffle showing the record at one moment (`Ledger.standingNow`, `standing(beforeDraw:)`), as one
    /// made on that record with `entries` (the config's) would: the recorded list when it began with
    /// these entries, else these entries, with what was won. A replay's list is its draw's, whatever
    /// the entries. It records nothing: its own ledger is an empty one in memory.
    public convenience init(entries: [Entry], source: String = "config", afterWin: AfterWin = .keep, profile: String = "smooth",
                            showing recorded: RecordedStanding) throws(DrawError) {
        try self.init(entries: entries, source: source, afterWin: afterWin, profile: profile, ledger: .inMemory())
        replayed = recorded.next
        lastDraw = recorded.lastDraw
        if let round = recorded.round, round.configHash == configHash || recorded.next != nil {
            self.round = round
            standing = Standing(entries: round.entries, winnings: recorded.winnings)
        } else {
            standing = Standing(entries: entries, winnings: recorded.winnings)
        }
    }

    /// A replay's draw made again, in memory, as `record` made it: the standing after it (its
    /// winner's stock spent, removed if it was) and it the latest draw. Nil, changing nothing, for a
    /// raffle that replays nothing or has replayed its draw already.
    public func replayRecordedDraw() -> DrawRecord? {
        guard let draw = replayed, lastDraw != draw, standing.entries.indices.contains(draw.index) else { return nil }
        var winnings: [EntryKey: Winnings] = [:]
        for (key, won) in zip(standing.keys, standing.winnings) { winnings[key] = won }
        let key = standing.keys[draw.index]
        var won = winnings[key] ?? Winnings()
        if draw.removed { won = Winnings(count: won.count, removed: true, removedBy: draw.draw) }
        won.count += 1
        winnings[key] = won
        standing = Standing(entries: standing.entries, winnings: winnings)
        lastDraw = draw
        return draw
    }
}
