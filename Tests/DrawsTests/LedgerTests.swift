// The state database as a file: resuming after a restart, rounds when the list changes, new events,
// the lock, files that must be refused (and left untouched), and the chain that shows an edited row.
@testable import Draws
import CSQLite
import XCTest

final class LedgerTests: XCTestCase {
    var dir: String!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws {
        chmod(dir, 0o755)
        try? FileManager.default.removeItem(atPath: dir)
    }

    let names = ["Ann", "Ben", "Cat", "Dan", "Eve"].map { Entry(text: $0) }

    func draw(_ raffle: Raffle, rotation: Double? = nil) throws -> DrawRecord {
        var rng = try raffle.nextGenerator()
        return try raffle.record(try raffle.choose(using: &rng), rotation: rotation)
    }

    func assertRefused(_ path: String, mentions: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Ledger.open(path: path), file: file, line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("roundel: state '\(path)': "), text, file: file, line: line)
            XCTAssertTrue(text.contains(mentions), "'\(text)' should mention '\(mentions)'", file: file, line: line)
            XCTAssertFalse(text.contains("\n"), file: file, line: line)
        }
    }

    func testARestartResumesRemovalsTheLastResultAndTheRound() throws {
        let path = dir + "/event.db"
        var first: [DrawRecord] = []
        do {
            let raffle = try Raffle(entries: names, afterWin: .remove, ledger: try Ledger.open(path: path))
            for k in 0..<2 { first.append(try draw(raffle, rotation: Double(k) + 0.5)) }
        }
        let raffle = try Raffle(entries: names, afterWin: .remove, ledger: try Ledger.open(path: path))
        XCTAssertEqual(raffle.round?.number, first[0].round)
        XCTAssertEqual(raffle.lastDraw, first[1])
        XCTAssertEqual(raffle.lastDraw?.rotation, 1.5)
        XCTAssertEqual(raffle.standing.remaining, 3)
        for r in first { XCTAssertFalse(raffle.standing.canWin(r.index), "\(r.text) stays removed") }
        let third = try draw(raffle)
        XCTAssertEqual(third.draw, 3)
        XCTAssertFalse(first.map(\.text).contains(third.text))
    }

    func testAChangedListStartsANewRoundAndAPasteSurvivesARestart() throws {
        let path = dir + "/event.db"
        let ledger = try Ledger.open(path: path)
        let raffle = try Raffle(entries: names, afterWin: .remove, ledger: ledger)
        let won = try draw(raffle)
        try raffle.replaceEntries([Entry(text: "Zed"), Entry(text: won.text)], source: "paste", persist: true)
        let pasteRound = try XCTUnwrap(raffle.round)
        XCTAssertNotEqual(pasteRound.number, won.round)

        // The same config again: the pasted list is back, its winner still out.
        let resumed = try Raffle(entries: names, afterWin: .remove, ledger: ledger)
        XCTAssertEqual(resumed.entries.map(\.text), ["Zed", won.text])
        XCTAssertEqual(resumed.round, pasteRound)
        XCTAssertEqual(resumed.standing.remaining, 1)

        // A changed config: its own list, as a new round once it draws.
        let changed = try Raffle(entries: [Entry(text: "P"), Entry(text: "Q")], afterWin: .remove, ledger: ledger)
        XCTAssertEqual(changed.entries.map(\.text), ["P", "Q"])
        XCTAssertNil(changed.round)
        let next = try draw(changed)
        XCTAssertGreaterThan(next.round, pasteRound.number)
        XCTAssertEqual(try ledger.latestRound()?.source, "config")
    }

    func testResetClosesTheEventAndKeepsEveryDraw() throws {
        let path = dir + "/event.db"
        let raffle = try Raffle(entries: names, afterWin: .remove, ledger: try Ledger.open(path: path))
        for _ in 0..<5 { _ = try draw(raffle) }
        try raffle.startNewEvent()
        XCTAssertEqual(raffle.standing.remaining, 5)
        _ = try draw(raffle)
        let reader = try Ledger.openForReading(path: path)
        let history = try reader.history()
        XCTAssertEqual(history.map(\.draw), Array(1...6))
        XCTAssertEqual(history.map(\.event), [1, 1, 1, 1, 1, 2])
        XCTAssertEqual(try reader.closedEvents(), [1])
        XCTAssertEqual(try reader.verify(), [])
    }

    func testASecondRoundelGetsInUse() throws {
        let path = dir + "/event.db"
        let holder = try Ledger.open(path: path)
        assertRefused(path, mentions: "in use by another Roundel")
        _ = try Ledger.openForReading(path: path).history()   // readers need no lock
        withExtendedLifetime(holder) {}
    }

    func testFilesThatAreNotRoundelsAreRefusedAndLeftAlone() throws {
        // Not SQLite at all.
        let text = dir + "/notes.db"
        try "my shopping list\n".write(toFile: text, atomically: true, encoding: .utf8)
        assertRefused(text, mentions: "is not a Roundel state database")
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "my shopping list\n")

        // Another program's SQLite database.
        let other = dir + "/other.db"
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(other, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        assertRefused(other, mentions: "another program")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), before)

        // From a newer Roundel.
        let newer = dir + "/newer.db"
        _ = try Ledger.open(path: newer)   // created, then released
        XCTAssertEqual(sqlite3_open(newer, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "PRAGMA user_version = 99;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        assertRefused(newer, mentions: "written by a newer Roundel (schema 99")

        // Damaged: a real Roundel database with its pages overwritten.
        let damaged = dir + "/damaged.db"
        do {
            let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: damaged))
            for _ in 0..<3 { _ = try draw(raffle) }
        }
        XCTAssertEqual(sqlite3_open(damaged, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        XCTAssertGreaterThan(bytes.count, 4096 * 2)
        for i in 4096..<min(bytes.count, 4096 * 4) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        assertRefused(damaged, mentions: "damaged")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: damaged)), bytes, "never recreated or overwritten")
    }

    /// Refused for drawing as an altered record (exit 1 on the command line), naming `mentions`, and
    /// the file and its witness left byte for byte as they were.
    func assertUntrusted(_ path: String, mentions: String, file: StaticString = #filePath, line: UInt = #line) {
        let before = [path, path + ".last-draw"].map { FileManager.default.contents(atPath: $0) }
        XCTAssertThrowsError(try Ledger.open(path: path), file: file, line: line) { error in
            let e = error as? DrawError
            XCTAssertEqual(e?.isAltered, true, "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(mentions), "'\(error)' should mention '\(mentions)'", file: file, line: line)
            XCTAssertFalse("\(error)".contains("\n"), file: file, line: line)
        }
        XCTAssertEqual([path, path + ".last-draw"].map { FileManager.default.contents(atPath: $0) }, before, "nothing written",
                       file: file, line: line)
    }

    func testDirectoriesAndReadOnlyPlaces() throws {
        assertRefused(dir, mentions: "is a directory")
        assertRefused(dir + "/missing/event.db", mentions: "no directory")
        // A read-only file system as a kiosk with a read-only root has it (root ignores a 0555 mode,
        // so as root a read-only tmpfs is mounted), else a directory of mode 0555.
        let readOnly = dir + "/ro"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        var mounted = false
        if getuid() == 0 {
            mounted = mount("tmpfs", readOnly, "tmpfs", UInt(MS_RDONLY), "size=64k") == 0
        } else {
            chmod(readOnly, 0o555)
        }
        defer { if mounted { umount(readOnly) } else { chmod(readOnly, 0o755) } }
        guard access(readOnly, W_OK) != 0 else { throw XCTSkip("cannot make a read-only directory here (root without mount)") }
        assertRefused(readOnly + "/event.db", mentions: "read-only")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: readOnly), [])
    }

    func testTheDefaultPlaceIsCreatedWithItsDirectories() throws {
        let path = try XCTUnwrap(Ledger.defaultPath(environment: ["XDG_STATE_HOME": dir + "/state"]))
        XCTAssertEqual(path, dir + "/state/roundel/roundel.db")
        XCTAssertEqual(Ledger.defaultPath(environment: ["HOME": "/home/pi"]), "/home/pi/.local/state/roundel/roundel.db")
        _ = try Ledger.open(path: path, createDirectories: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    /// Runs `statements` on the file as someone with the sqlite3 shell would.
    /// dir/event.db with `count` draws recorded and closed again, for a test to alter.
    func fileWithDraws(_ count: Int) throws -> String {
        let path = dir + "/event.db"
        let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
        for _ in 0..<count { _ = try draw(raffle) }
        return path
    }

    func edit(_ path: String, _ statements: String, file: StaticString = #filePath, line: UInt = #line) {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK, file: file, line: line)
        XCTAssertEqual(sqlite3_exec(db, statements, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(db)), file: file, line: line)
        sqlite3_close(db)
    }

    func userVersion(_ path: String) -> Int32 {
        var db: OpaquePointer?, statement: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_finalize(statement); sqlite3_close(db) }
        guard sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else { return -1 }
        return sqlite3_column_int(statement, 0)
    }

    /// A text is stored whole: SQLite was given the text up to its first NUL, so a name with one
    /// (from a library caller, or an older Roundel) was kept cut short and the chain then said the
    /// untouched draw had been changed.
    func testATextIsStoredWholeAndItsChainHolds() throws {
        let path = dir + "/event.db"
        let raffle = try Raffle(entries: [Entry(text: "Be\u{0}n"), Entry(text: "Ann")], ledger: try Ledger.open(path: path))
        _ = try raffle.record(try raffle.choose(forcing: 0))
        let ledger = try Ledger.openForReading(path: path)
        XCTAssertEqual(try ledger.history().map(\.text), ["Be\u{0}n"])
        XCTAssertEqual(try ledger.latestRound()?.entries.map(\.text), ["Be\u{0}n", "Ann"])
        XCTAssertEqual(try ledger.verify(), [])
    }

    func testAnEditedOrDeletedRowBreaksTheChain() throws {
        let path = try fileWithDraws(4)
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), [])
        edit(path, "UPDATE draws SET text = 'Mallory' WHERE draw = 2; DELETE FROM draws WHERE draw = 3;")
        // Draw 4 is chained to the deleted draw 3, as it should be: the deletion is one line, not two.
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draw 2 was changed after it was recorded", "draw 3 is missing"])
    }

    /// One missing draw reads as one ("draws 3…3 are missing" before), a run as a range.
    func testMissingDrawsAreNamedOneOrARangeAtATime() throws {
        let path = try fileWithDraws(8)
        edit(path, "DELETE FROM draws WHERE draw = 2 OR draw BETWEEN 4 AND 6;")
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draw 2 is missing", "draws 4…6 are missing"])
    }

    /// Deleting the newest draws shows too (before, only a gap in the middle did). A window that had
    /// the file open draws on under a number never given, chained to the draw really recorded last;
    /// opened again, the altered file is refused for drawing (isAltered) and left as it is.
    func testDeletedNewestDrawsShowAndTheirNumbersAreNotGivenAgain() throws {
        let path = dir + "/event.db"
        do {
            let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
            var recorded: [DrawRecord] = []
            for _ in 0..<4 { recorded.append(try draw(raffle)) }
            edit(path, "DELETE FROM draws WHERE draw >= 3;")
            XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draws 3…4 are missing"])

            XCTAssertEqual(try raffle.ledger.nextDrawNumber(), 5)
            let next = try draw(raffle)
            XCTAssertEqual(next.draw, 5)
            XCTAssertEqual(next.previousHash, recorded[3].hash)
            XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draws 3…4 are missing"], "still said, and nothing more")

            edit(path, "DELETE FROM draws;")
            XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draws 1…5 are missing"])
            XCTAssertEqual(try draw(raffle).draw, 6)
        }
        assertUntrusted(path, mentions: "draws 1…5 are missing")
    }

    /// The newest draw rewritten with a fresh hash (so the row matches itself) no longer matches the
    /// draw recorded last; a row added after it is named too.
    func testAReplacedOrAddedNewestDrawShows() throws {
        let path = try fileWithDraws(3)
        let reader = try Ledger.openForReading(path: path)
        var forged = try XCTUnwrap(try reader.history().last)
        forged.text = "Mallory"
        forged.hash = SHA256.hex(forged.hashedText)
        edit(path, "UPDATE draws SET text = 'Mallory', hash = '\(forged.hash)' WHERE draw = 3;")
        XCTAssertEqual(try reader.verify(), ["draw 3 was replaced after it was recorded"])

        forged.draw = 4
        forged.previousHash = forged.hash
        forged.hash = SHA256.hex(forged.hashedText)
        edit(path, "INSERT INTO draws SELECT 4, time, event, round, idx, text, value, occurrence, chosen_by, seed, random, total, "
             + "range_from, range_to, odds_hash, removed, stock_left, remaining, profile, rotation, '\(forged.previousHash)', "
             + "'\(forged.hash)', prize, station FROM draws WHERE draw = 3;")
        XCTAssertEqual(try reader.verify(), ["draw 3 was replaced after it was recorded", "draw 4 is after the newest draw recorded (3)"])
    }

    /// The row that keeps the newest draw deleted, or its table dropped: said, and the file is not
    /// drawn into again (it is not made again, which would hide the deletion).
    func testADeletedNewestDrawRowShowsAndTheFileIsNotDrawnInto() throws {
        let path = try fileWithDraws(2)
        for statement in ["DELETE FROM newest_draw;", "DROP TABLE newest_draw;"] {
            edit(path, statement)
            XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["the record of the newest draw was deleted"], statement)
            assertUntrusted(path, mentions: "the record of the newest draw was deleted")
        }
    }

    /// Draw numbers edited by hand to the ends of Int's range make `verify` say so, not trap.
    func testDrawNumbersAtTheEndsOfTheRangeDoNotTrap() throws {
        let path = try fileWithDraws(2)
        edit(path, "UPDATE draws SET draw = -9223372036854775807 WHERE draw = 1;")
        let problems = try Ledger.openForReading(path: path).verify()
        XCTAssertTrue(problems.contains("draws -9223372036854775806…1 are missing"), "\(problems)")
    }

    /// A file written by Roundel before `newest_draw` (schema 1: the fixture is six spins of the
    /// previous version) is read as it is, and upgraded when opened for drawing: its draws and chain
    /// as they were, and from then on a deleted newest draw shows and its number is not given again.
    func testASchemaOneFileIsUpgradedAndKeepsItsDraws() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema1-six-draws.db")
        let path = dir + "/old.db"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        XCTAssertEqual(userVersion(path), 1)
        let before = try Ledger.openForReading(path: path).history()
        XCTAssertEqual(before.map(\.draw), Array(1...6))
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), [])
        XCTAssertEqual(userVersion(path), 1, "reading upgrades nothing")

        let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
        XCTAssertEqual(userVersion(path), Int32(Ledger.schemaVersion))
        XCTAssertEqual(try Ledger.openForReading(path: path).history(), before)
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), [])

        edit(path, "DELETE FROM draws WHERE draw = 6;")
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draw 6 is missing"])
        let next = try draw(raffle)
        XCTAssertEqual(next.draw, 7)
        XCTAssertEqual(next.previousHash, before[5].hash)
    }

    /// A file of schema 2 (before non-prizes: the fixture is six spins and two resets of that
    /// version) reads as it is, every draw a prize; opened for drawing it becomes schema 3 in one
    /// step, its draws, rounds and chain as they were (no earlier hash covers a `prize` field), and a
    /// non-prize drawn into it afterwards is chained to them and recorded as one.
    func testASchemaTwoFileIsUpgradedAndItsChainStillVerifies() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema2-two-events.db")
        let path = dir + "/old.db"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        XCTAssertEqual(userVersion(path), 2)
        let reader = try Ledger.openForReading(path: path)
        let before = try reader.history()
        XCTAssertEqual(before.map(\.draw), Array(1...6))
        XCTAssertEqual(before.map(\.text), ["Pen", "Try again", "Try again", "Hat", "Try again", "Try again"])
        XCTAssertEqual(before.map(\.prize), Array(repeating: true, count: 6))
        XCTAssertEqual(try reader.verify(), [])
        XCTAssertEqual(try reader.eventNumbers(), [1, 2, 3])
        XCTAssertEqual(try reader.history(event: 3).map(\.draw), [5, 6])
        XCTAssertEqual(try reader.latestRound(inEvent: 1)?.entries.map(\.prize), [true, true, true, true])
        XCTAssertEqual(userVersion(path), 2, "reading upgrades nothing")

        let items = ["Mug", "Pen", "Hat"].map { Entry(text: $0, stock: 3) } + [Entry(text: "Try again", weight: 2, prize: false)]
        let raffle = try Raffle(entries: items, ledger: try Ledger.open(path: path))
        XCTAssertEqual(userVersion(path), Int32(Ledger.schemaVersion))
        XCTAssertEqual(try Ledger.openForReading(path: path).history(), before)
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), [])

        let missed = try raffle.record(try raffle.choose(forcing: 3))
        XCTAssertFalse(missed.prize)
        XCTAssertEqual(missed.draw, 7)
        XCTAssertEqual(missed.previousHash, before[5].hash)
        let after = try Ledger.openForReading(path: path)
        XCTAssertEqual(try after.history().last, missed)
        XCTAssertEqual(try after.latestRound()?.entries.map(\.prize), [true, true, true, false])
        XCTAssertEqual(try after.verify(), [])
    }

    /// A non-prize's flag is part of its draw: the draw says so when read back, its entry stays a
    /// non-prize after a restart, and setting the flag by hand shows as a changed draw.
    func testANonPrizeIsRecordedAsOneAndItsFlagIsCoveredByTheChain() throws {
        let path = dir + "/event.db"
        let items = [Entry(text: "Mug", stock: 2), Entry(text: "Try again", prize: false)]
        do {
            let raffle = try Raffle(entries: items, ledger: try Ledger.open(path: path))
            XCTAssertTrue(try raffle.record(try raffle.choose(forcing: 0)).prize)
            XCTAssertFalse(try raffle.record(try raffle.choose(forcing: 1)).prize)
        }
        let raffle = try Raffle(entries: items, ledger: try Ledger.open(path: path))
        XCTAssertEqual(raffle.entries.map(\.prize), [true, false])
        XCTAssertEqual(raffle.lastDraw?.prize, false)
        XCTAssertEqual(try Ledger.openForReading(path: path).history().map(\.prize), [true, false])
        edit(path, "UPDATE draws SET prize = 1 WHERE draw = 2;")
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draw 2 was changed after it was recorded"])
        edit(path, "UPDATE draws SET prize = 0 WHERE draw = 2; UPDATE draws SET prize = 0 WHERE draw = 1;")
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draw 1 was changed after it was recorded"])
    }

    // MARK: What the storage may do: the witness

    /// The storage lost the newest draws after they were shown (an older copy of the file put back,
    /// as a journal dropped or a failing card's lost writes leave it): the file is whole in itself, so
    /// only its witness knows. Refused for drawing, `verify` names them, and their numbers are never
    /// given again. Before, the next draw was "draw 4" a second time.
    func testAFileThatLostItsNewestDrawsIsRefusedAndTheyAreNamed() throws {
        let path = dir + "/event.db"
        let older = dir + "/older.db"
        do {
            let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
            for _ in 0..<3 { _ = try draw(raffle) }
            try FileManager.default.copyItem(atPath: path, toPath: older)
            for _ in 0..<2 { _ = try draw(raffle) }
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: older, toPath: path)
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), ["draws 4…5 are missing (its witness saw them recorded)"])
        assertUntrusted(path, mentions: "draws 4…5 are missing (its witness saw them recorded)")
        XCTAssertEqual(try Ledger.openForReading(path: path).history().map(\.draw), [1, 2, 3], "what is left is still read")
    }

    /// A file emptied (0 bytes, as a failing card or a crash of the file system can leave it) or gone
    /// after draws were made: refused, naming every draw, where SQLite would have started a fresh
    /// record at draw 1. Moving the witness away is the way to start a new record on purpose.
    func testAnEmptiedOrDeletedFileIsRefusedNotStartedAgain() throws {
        let path = try fileWithDraws(5)
        truncate(path, 0)
        XCTAssertThrowsError(try Ledger.openForReading(path: path)) { error in
            XCTAssertEqual((error as? DrawError)?.isAltered, true)
            XCTAssertTrue("\(error)".contains("draws 1…5 are missing: the file is empty, but its witness"), "\(error)")
        }
        assertUntrusted(path, mentions: "draws 1…5 are missing: the file is empty")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, 0, "left empty")

        try FileManager.default.removeItem(atPath: path)
        assertUntrusted(path, mentions: "draws 1…5 are missing: the file is gone")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "not made again")

        try FileManager.default.moveItem(atPath: path + ".last-draw", toPath: dir + "/kept.last-draw")
        let fresh = try Raffle(entries: names, ledger: try Ledger.open(path: path))
        XCTAssertEqual(try draw(fresh).draw, 1, "a new record, asked for")
    }

    /// An SQLite file with no tables put in the record's place (made by some other tool) after
    /// draws were made: refused as draws lost, not started again at draw 1.
    func testAnEmptyDatabaseInTheRecordsPlaceIsRefused() throws {
        let path = try fileWithDraws(3)
        try FileManager.default.removeItem(atPath: path)
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "PRAGMA page_size = 4096; VACUUM;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0, 0, "not empty: a database")
        assertUntrusted(path, mentions: "draws 1…3 are missing: the file is an empty database")
        XCTAssertThrowsError(try Ledger.openForReading(path: path)) { XCTAssertEqual(($0 as? DrawError)?.isAltered, true, "\($0)") }
    }

    /// A power cut while the witness is written spoils only the slot being written: the other still
    /// vouches for the draw before. Both spoilt is damage, refused with the way out.
    func testATornWitnessKeepsItsOtherSlotAndABrokenOneIsSaid() throws {
        let path = try fileWithDraws(3)
        let witness = path + ".last-draw"
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: witness))
        XCTAssertEqual(bytes.count, 2 * WitnessFile.slotSize)
        guard case .found(let newest, let sequence) = try WitnessFile.read(path: witness) else { return XCTFail("a witness") }
        XCTAssertEqual(newest.draw, 3)
        // Spoil the slot written last (draw 3): the other says draw 2, behind the file: fine.
        let last = (sequence % 2) * WitnessFile.slotSize
        bytes[last + 40] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: witness))
        guard case .found(let older, _) = try WitnessFile.read(path: witness) else { return XCTFail("the other slot") }
        XCTAssertEqual(older.draw, 2)
        XCTAssertEqual(try Ledger.openForReading(path: path).verify(), [])
        do {
            let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
            XCTAssertEqual(try draw(raffle).draw, 4)
        }
        guard case .found(let caughtUp, _) = try WitnessFile.read(path: witness) else { return XCTFail("a witness") }
        XCTAssertEqual(caughtUp.draw, 4)

        bytes = try XCTUnwrap(FileManager.default.contents(atPath: witness))
        bytes[40] ^= 0x01
        bytes[WitnessFile.slotSize + 40] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: witness))
        XCTAssertEqual(try WitnessFile.read(path: witness), .damaged)
        XCTAssertTrue(try Ledger.openForReading(path: path).verify().contains { $0.hasPrefix("its witness") && $0.contains("is damaged") })
        assertUntrusted(path, mentions: "is damaged, so lost draws could not be noticed")
    }

    /// Another Roundel record put in the file's place, with as many draws: its newest is not the draw
    /// the witness saw recorded.
    func testAnotherRecordInTheFilesPlaceIsSaid() throws {
        let path = try fileWithDraws(2)
        let other = dir + "/other/event.db"
        try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: true)
        do {
            let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: other))
            for _ in 0..<2 { _ = try draw(raffle) }
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: other, toPath: path)
        assertUntrusted(path, mentions: "draw 2 is not the draw its witness saw recorded")
    }

    /// Two paths to one file (a symbolic link) are one file: one lock, one journal and one witness,
    /// beside the file itself. Before, each path took a lock of its own, and two writers got
    /// "database is locked" mid-draw.
    func testASymbolicLinkSharesTheFilesLockAndWitness() throws {
        let path = try fileWithDraws(1)
        let link = dir + "/link.db"
        XCTAssertEqual(symlink(path, link), 0)
        let first = try Ledger.open(path: path)
        XCTAssertThrowsError(try Ledger.open(path: link)) { error in
            XCTAssertTrue("\(error)".contains("in use by another Roundel"), "\(error)")
        }
        _ = first
        XCTAssertFalse(FileManager.default.fileExists(atPath: link + ".lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: link + ".last-draw"))
    }
}
