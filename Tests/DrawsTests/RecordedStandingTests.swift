// The record read as a wheel shows it (`render --state`, `--draw N`): now, as a window opened on it
// resumes it, and just before each draw (its round's list, what its event had won before it, the
// draw before it), read from a file another process holds, which stays as it was.
import Draws
import Foundation
import XCTest

final class RecordedStandingTests: XCTestCase {
    var dir: String!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("standing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    let names = ["Ann", "Ben", "Cat", "Dan", "Eve"].map { Entry(text: $0) }

    func draw(_ raffle: Raffle, rotation: Double) throws -> DrawRecord {
        var rng = try raffle.nextGenerator()
        return try raffle.record(try raffle.choose(using: &rng), rotation: rotation)
    }

    func testEachDrawIsReadAsTheRecordStoodBeforeItAndNowAsAWindowResumesIt() throws {
        let path = dir + "/class.db"
        let writer = try Ledger.open(path: path)   // held, as a kiosk holds it, while the record is read
        let raffle = try Raffle(entries: names, afterWin: .remove, seed: 4, ledger: writer)
        var draws: [DrawRecord] = [], after: [Standing] = []
        for k in 1...3 {
            draws.append(try draw(raffle, rotation: Double(k)))
            after.append(raffle.standing)
        }
        let pasted = ["Xia", draws[0].text, "Yan"].map { Entry(text: $0) }   // a paste keeps what a name won
        try raffle.replaceEntries(pasted, source: "paste", persist: true)
        draws.append(try draw(raffle, rotation: 4))
        try raffle.startNewEvent()
        draws.append(try draw(raffle, rotation: 5))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let reader = try Ledger.openForReading(path: path)
        let first = try reader.standing(beforeDraw: 1)
        XCTAssertEqual(first.round?.entries, names)
        XCTAssertEqual(first.winnings, [:])
        XCTAssertNil(first.lastDraw)
        XCTAssertEqual(first.next, draws[0])

        let third = try reader.standing(beforeDraw: 3)
        XCTAssertEqual(third.round?.number, draws[2].round)
        XCTAssertEqual(third.lastDraw, draws[1])
        XCTAssertEqual(Set(third.winnings.keys.map(\.text)), Set(draws[0...1].map(\.text)))
        XCTAssertTrue(third.winnings.values.allSatisfy { $0 == Winnings(count: 1, removed: true) })
        // Shown and then made again in memory: the standing the window had after draw 3.
        let replay = try Raffle(entries: names, afterWin: .remove, showing: third)
        XCTAssertEqual(replay.standing, after[1], "before draw 3")
        XCTAssertEqual(replay.replayRecordedDraw(), draws[2])
        XCTAssertEqual(replay.standing, after[2], "after draw 3")
        XCTAssertEqual(replay.lastDraw, draws[2])
        XCTAssertNil(replay.replayRecordedDraw(), "made once")

        let fourth = try reader.standing(beforeDraw: 4)
        XCTAssertEqual(fourth.round?.entries, pasted, "the pasted round's list")
        XCTAssertEqual(fourth.lastDraw, draws[2], "the draw before it in the event, of another round")
        let shown = try Raffle(entries: names, showing: fourth)
        XCTAssertEqual(shown.entries, pasted, "a replay shows its draw's list whatever the config's")
        XCTAssertFalse(shown.standing.canWin(1), "\(draws[0].text) won in round 1 and stays off")

        let fifth = try reader.standing(beforeDraw: 5)
        XCTAssertEqual(fifth.winnings, [:], "a new event: everyone back")
        XCTAssertNil(fifth.lastDraw)

        // Now: what a window opened on the record resumes (the same raffle, drawn from nothing).
        let now = try reader.standingNow()
        XCTAssertNil(now.next)
        let atRest = try Raffle(entries: names, afterWin: .remove, showing: now)
        XCTAssertEqual(atRest.round, raffle.round)
        XCTAssertEqual(atRest.standing, raffle.standing)
        XCTAssertEqual(atRest.lastDraw, draws[4])
        let otherConfig = try Raffle(entries: [Entry(text: "Zed")], showing: now)
        XCTAssertEqual(otherConfig.entries, [Entry(text: "Zed")], "a list recorded from another config is not resumed, as by a window")

        XCTAssertThrowsError(try reader.standing(beforeDraw: 6)) {
            XCTAssertEqual("\($0)", "roundel: state '\(path)': has no draw 6 (its newest is draw 5; roundel history lists them)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "reading wrote nothing")
        XCTAssertEqual(try writer.nextDrawNumber(), 6, "the holder draws on")
    }

    /// Winners taken off or put back in the window (the card's Remove and Keep, Undo) count from when
    /// they were changed: the record before each draw is the standing the window drew from.
    func testChangesMadeInTheWindowCountFromWhenTheyWereMade() throws {
        let path = dir + "/changes.db"
        let raffle = try Raffle(entries: names, afterWin: .keep, seed: 9, ledger: try Ledger.open(path: path))
        var before: [Standing] = [], after: [Standing] = []
        func drawNow(removing: Bool) throws -> DrawRecord {
            raffle.afterWin = removing ? .remove : .keep
            before.append(raffle.standing)
            let made = try draw(raffle, rotation: Double(before.count))
            after.append(raffle.standing)
            return made
        }
        let first = try drawNow(removing: false)
        let firstKey = EntryKey(text: first.text, occurrence: first.occurrence)
        try raffle.setRemoved(firstKey, true)            // Remove on the card
        let second = try drawNow(removing: true)
        try raffle.setRemoved(firstKey, false)           // put back
        try raffle.setRemoved(EntryKey(text: second.text, occurrence: second.occurrence), false)   // Undo
        _ = try drawNow(removing: true)
        _ = try drawNow(removing: false)
        XCTAssertFalse(before[1].canWin(first.index), "taken off before draw 2")
        XCTAssertTrue(before[2].canWin(first.index), "back before draw 3")

        let odds = ["showOdds": KeptSetting(value: "true", base: "false")]
        try raffle.ledger.keep(settings: odds)   // kept as they are now: the record has no history of them
        let reader = try Ledger.openForReading(path: path)
        XCTAssertEqual(try reader.standingNow().settings, odds)
        XCTAssertEqual(try reader.standing(beforeDraw: 1).settings, odds)
        for (k, standing) in before.enumerated() {
            let shown = try Raffle(entries: names, showing: try reader.standing(beforeDraw: k + 1))
            XCTAssertEqual(shown.standing, standing, "before draw \(k + 1)")
            _ = shown.replayRecordedDraw()
            XCTAssertEqual(shown.standing, after[k], "after draw \(k + 1), made again in memory")
        }
    }

    func testAnEmptyRecordHasNoDrawToReplay() throws {
        let path = dir + "/empty.db"
        let raffle = try Raffle(entries: names, ledger: try Ledger.open(path: path))
        try raffle.replaceEntries(names, source: "paste", persist: true)
        let reader = try Ledger.openForReading(path: path)
        XCTAssertThrowsError(try reader.standing(beforeDraw: 1)) {
            XCTAssertEqual("\($0)", "roundel: state '\(path)': has no draw 1 (no draw has been recorded in it)")
        }
        XCTAssertEqual(try reader.standingNow().round?.entries, names, "a paste with no draw yet is shown")
    }
}
