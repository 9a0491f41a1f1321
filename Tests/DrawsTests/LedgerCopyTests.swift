// Ledger.copy (LedgerCopy.swift) against a real PostgreSQL server (Tests/TestPostgres): what the
// command line cannot reach. The window's removal changes and settings arrive, so the wheel stands in
// the copy as in the file before every draw, and the next change takes the next number; a file of an
// older schema is copied as it reads; a server's record copied into a new file has its witness.
@testable import Draws
import Foundation
import TestPostgres
import XCTest

final class LedgerCopyTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-copy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    let names = ["Ann", "Ben", "Cat", "Dan", "Eve"].map { Entry(text: $0) }

    func draw(_ raffle: Raffle) throws -> DrawRecord {
        var rng = try raffle.nextGenerator()
        return try raffle.record(try raffle.choose(using: &rng), rotation: 1.25)
    }

    func removalChanges(_ ledger: Ledger) throws -> [[SQLValue]] {
        try ledger.db.query("SELECT change, text, removed, after_draw FROM removal_changes ORDER BY change") {
            [.int($0.int(0)), .text($0.text(1)), .int($0.int(2)), .int($0.int(3))]
        }
    }

    func testWindowChangesArriveAndTheWheelStandsAsInTheFile() throws {
        let server = try TestPostgres.server()
        let path = dir + "/window.db"
        let raffle = try Raffle(entries: names, afterWin: .keep, seed: 9, ledger: try Ledger.open(path: path))
        let first = try draw(raffle)
        try raffle.setRemoved(EntryKey(text: first.text, occurrence: first.occurrence), true)   // Remove on the card
        raffle.afterWin = .remove
        let second = try draw(raffle)
        try raffle.setRemoved(EntryKey(text: second.text, occurrence: second.occurrence), false)   // Undo
        _ = try draw(raffle)
        try raffle.ledger.keep(settings: ["showOdds": KeptSetting(value: "true", base: "false")])

        let source = try Ledger.openForReading(path: path)
        let copy = try Ledger.open(path: try server.createDatabase("window"))
        XCTAssertEqual(try copy.copy(from: source), Ledger.CopyCount(events: 1, rounds: 1, draws: 3))
        XCTAssertEqual(try copy.verify(), [])
        XCTAssertEqual(try copy.keptSettings(), try source.keptSettings())
        XCTAssertEqual(try copy.winnings(), try source.winnings())
        XCTAssertEqual(try removalChanges(copy), try removalChanges(source))
        for number in 1...3 { XCTAssertEqual(try copy.standing(beforeDraw: number), try source.standing(beforeDraw: number), "before draw \(number)") }
        XCTAssertEqual(try copy.standingNow(), try source.standingNow())

        // The server numbers the next change after the copied ones.
        try copy.setRemoved(EntryKey(text: "Eve", occurrence: 0), true)
        XCTAssertEqual(try removalChanges(copy).last, [.int(3), .text("Eve"), .int(1), .int(3)])
    }

    /// A schema 2 file (before non-prizes, settings and stations) is copied as it reads, and stays schema 2.
    func testAnOlderFileIsCopiedAsItReads() throws {
        let server = try TestPostgres.server()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema2-two-events.db")
        let path = dir + "/old.db"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let (source, copy, count) = try Ledger.copy(from: path, to: try server.createDatabase("old"))
        XCTAssertEqual(try source.db.schemaVersion(), 2)
        XCTAssertEqual(count.draws, try source.history().count)
        XCTAssertEqual(try copy.verify(), [])
        XCTAssertEqual(try copy.history(), try source.history())
        XCTAssertEqual(try copy.eventNumbers(), try source.eventNumbers())
        XCTAssertEqual(try copy.closedEvents(), try source.closedEvents())
        XCTAssertEqual(try copy.latestRound(), try source.latestRound())
    }

    /// A record on a server copied into a new file: the file's witness vouches for its newest draw,
    /// so a draw lost from the file afterwards shows, as in any file drawn into.
    func testAServersRecordCopiedIntoAFileHasItsWitness() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("tofile")
        let raffle = try Raffle(entries: names, afterWin: .remove, ledger: try Ledger.open(path: uri))
        var made: [DrawRecord] = []
        for _ in 0..<3 { made.append(try draw(raffle)) }
        let path = dir + "/copy.db"
        let (_, copy, _) = try Ledger.copy(from: uri, to: path)
        XCTAssertEqual(try copy.history(), made)
        guard case .found(let witnessed, _) = try WitnessFile.read(path: WitnessFile.path(for: path)) else { return XCTFail("no witness") }
        XCTAssertEqual(witnessed, Witnessed(draw: 3, hash: made[2].hash))
        XCTAssertEqual(try copy.nextDrawNumber(), 4)
    }
}
