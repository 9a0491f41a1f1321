// Draws as a raffle runs them: remove mode, stock that runs out, fairness against the recomputed
// odds, forced draws, pastes, new events. The ledger is SQLite in memory here (the same SQL as a
// file: LedgerTests covers the file).
@testable import Draws
import Motion
import XCTest

final class RaffleTests: XCTestCase {
    func names(_ n: Int) -> [Entry] { (1...n).map { Entry(text: "Name \($0)") } }

    /// The next draw's choice, or nil when nothing can win.
    func nextChoice(_ raffle: Raffle) throws -> Raffle.Choice? {
        guard raffle.standing.remaining > 0 else { return nil }
        var rng = try raffle.nextGenerator()
        return try raffle.choose(using: &rng)
    }

    func drawAll(_ raffle: Raffle, limit: Int = 10_000) throws -> [DrawRecord] {
        var records: [DrawRecord] = []
        for _ in 0..<limit {
            guard let choice = try nextChoice(raffle) else { return records }
            records.append(try raffle.record(choice))
        }
        XCTFail("never ran out")
        return records
    }

    func testRemoveModeGivesEveryNameOnceThenNothingLeft() throws {
        let raffle = try Raffle(entries: names(10), afterWin: .remove, seed: 3, ledger: .inMemory())
        let records = try drawAll(raffle)
        XCTAssertEqual(records.count, 10)
        XCTAssertEqual(Set(records.map(\.text)).count, 10, "ten distinct winners")
        XCTAssertEqual(records.map(\.draw), Array(1...10))
        XCTAssertEqual(records.map(\.remaining), Array((0...9).reversed()))
        XCTAssertTrue(records.allSatisfy(\.removed))
        var rng = SeededGenerator(seed: 1)
        XCTAssertThrowsError(try raffle.choose(using: &rng)) { error in
            let e = error as! DrawError
            XCTAssertTrue(e.isNothingLeft)
            XCTAssertEqual(e.description, "roundel: no entries left: every entry has won and left the wheel")
        }
    }

    func testStockThreeTwoOneGivesExactlyThoseCounts() throws {
        let prizes = [Entry(text: "Mug", stock: 3), Entry(text: "Pen", weight: 5, stock: 2), Entry(text: "Bike", weight: 0.2, stock: 1)]
        for seed: UInt64 in [1, 2, 99] {
            let raffle = try Raffle(entries: prizes, seed: seed, ledger: .inMemory())
            let records = try drawAll(raffle)
            XCTAssertEqual(records.count, 6, "seed \(seed)")
            XCTAssertEqual(records.filter { $0.text == "Mug" }.count, 3)
            XCTAssertEqual(records.filter { $0.text == "Pen" }.count, 2)
            XCTAssertEqual(records.filter { $0.text == "Bike" }.count, 1)
            for r in records { XCTAssertFalse(r.removed, "keep mode removes nobody") }
            XCTAssertEqual(raffle.standing.remaining, 0)
            XCTAssertEqual(raffle.nothingLeft.description, "roundel: no prizes left: every prize is sold out")
            // Stock left as recorded with each draw counts down per prize.
            XCTAssertEqual(records.filter { $0.text == "Mug" }.compactMap(\.stockLeft), [2, 1, 0])
        }
    }

    /// 20 000 seeded draws over prizes whose stock runs out (then a new event refills it): in every
    /// state (stock left of each prize) the winners follow the odds recomputed from what can still win.
    func testDrawsFollowTheRecomputedOddsAsStockRunsOut() throws {
        let prizes = [Entry(text: "A", weight: 1, stock: 4), Entry(text: "B", weight: 2, stock: 3),
                      Entry(text: "C", weight: 4, stock: 2), Entry(text: "D", weight: 0.5, stock: 5)]
        let raffle = try Raffle(entries: prizes, seed: 20_251_123, ledger: .inMemory())
        var observed: [[Int?]: [Int]] = [:]
        var draws = 0
        while draws < 20_000 {
            let state = prizes.indices.map { raffle.standing.stockLeft($0) }
            guard let choice = try nextChoice(raffle) else {
                try raffle.startNewEvent()
                continue
            }
            observed[state, default: [0, 0, 0, 0]][choice.index] += 1
            try raffle.record(choice)
            draws += 1
        }
        var chi2 = 0.0, dof = 0
        for (state, counts) in observed {
            let n = Double(counts.reduce(0, +))
            let weights = prizes.indices.map { state[$0] == 0 ? 0 : prizes[$0].weight }
            let total = weights.reduce(0, +)
            let expected = weights.map { n * $0 / total }
            for (k, e) in expected.enumerated() where e == 0 { XCTAssertEqual(counts[k], 0, "sold-out prize won in \(state)") }
            // States seen too rarely for a chi-square term are left out (their sold-out check above still holds).
            guard expected.filter({ $0 > 0 }).allSatisfy({ $0 >= 5 }) else { continue }
            for (k, e) in expected.enumerated() where e > 0 { chi2 += pow(Double(counts[k]) - e, 2) / e }
            dof += expected.filter { $0 > 0 }.count - 1
        }
        // Wilson–Hilferty: the chi-square quantile at p = 0.999 for `dof` degrees of freedom.
        let k = Double(dof), z = 3.0902
        let critical = k * pow(1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot(), 3)
        XCTAssertGreaterThan(dof, 30, "enough states compared")
        XCTAssertLessThan(chi2, critical, "χ² \(chi2) over \(dof) degrees of freedom")
        print("χ² = \(chi2) over \(dof) degrees of freedom (critical at 0.999: \(critical))")
    }

    func testSeededDrawsRepeatAndTheFirstIsTheSeedsOwnStream() throws {
        let entries = names(12)
        let a = try drawAll(try Raffle(entries: entries, afterWin: .remove, seed: 42, ledger: .inMemory()))
        let b = try drawAll(try Raffle(entries: entries, afterWin: .remove, seed: 42, ledger: .inMemory()))
        XCTAssertEqual(a.map(\.text), b.map(\.text))
        var stream = SeededGenerator(seed: 42)
        XCTAssertEqual(a[0].index, try WeightedChoice.index(weights: Array(repeating: 1, count: 12), using: &stream))
        XCTAssertEqual(a[0].chosenBy, "seed")
        XCTAssertEqual(a[0].seed, 42)
    }

    func testTheRecordSaysHowTheNumberMappedToTheWinner() throws {
        let raffle = try Raffle(entries: [Entry(text: "a", weight: 1), Entry(text: "b", weight: 3), Entry(text: "c", weight: 0)],
                                seed: 5, ledger: .inMemory())
        var rng = try raffle.nextGenerator()
        let record = try raffle.record(try raffle.choose(using: &rng))
        let r = try XCTUnwrap(record.random)
        XCTAssertEqual(record.total, 4)
        XCTAssertTrue(record.from <= r && r < record.to, "\(record.from) ≤ \(r) < \(record.to)")
        XCTAssertEqual(record.index == 0 ? [0.0, 1.0] : [1.0, 4.0], [record.from, record.to])
        XCTAssertEqual(record.chance, record.index == 0 ? 0.25 : 0.75)
    }

    func testForcedDrawsAreRecordedAsForcedAndRefusedWhenTheEntryCannotWin() throws {
        let raffle = try Raffle(entries: [Entry(text: "Mug", stock: 1), Entry(text: "Pen"), Entry(text: "Zero", weight: 0)],
                                afterWin: .keep, ledger: .inMemory())
        let first = try raffle.record(try raffle.choose(forcing: 0))
        XCTAssertEqual(first.chosenBy, "forced")
        XCTAssertNil(first.random)
        XCTAssertEqual(first.stockLeft, 0)
        XCTAssertThrowsError(try raffle.choose(forcing: 0)) { XCTAssertTrue("\($0)".contains("'Mug') cannot win: it is sold out"), "\($0)") }
        XCTAssertThrowsError(try raffle.choose(forcing: 2)) { XCTAssertTrue("\($0)".contains("has weight 0"), "\($0)") }
        XCTAssertThrowsError(try raffle.choose(forcing: 3)) { XCTAssertTrue("\($0)".contains("entry 3 does not exist"), "\($0)") }
        XCTAssertThrowsError(try raffle.choose(forcing: -1))
    }

    func testAPastedListKeepsWhatItsNamesHaveWon() throws {
        let raffle = try Raffle(entries: names(3), afterWin: .remove, seed: 1, ledger: .inMemory())
        var rng = try raffle.nextGenerator()
        let winner = try raffle.record(try raffle.choose(using: &rng)).text
        try raffle.replaceEntries([Entry(text: "Zoe"), Entry(text: winner), Entry(text: winner)], source: "paste", persist: true)
        XCTAssertEqual(raffle.round?.source, "paste")
        XCTAssertFalse(raffle.standing.canWin(1), "the same name keeps its win")
        XCTAssertTrue(raffle.standing.canWin(2), "a second ticket of that name is another entry")
        XCTAssertEqual(raffle.standing.remaining, 2)
    }

    func testANewEventBringsEveryoneBack() throws {
        let raffle = try Raffle(entries: names(4), afterWin: .remove, seed: 8, ledger: .inMemory())
        XCTAssertEqual(try drawAll(raffle).count, 4)
        try raffle.startNewEvent()
        XCTAssertEqual(raffle.standing.remaining, 4)
        XCTAssertEqual(raffle.ledger.event, 2)
        let again = try drawAll(raffle)
        XCTAssertEqual(again.count, 4)
        XCTAssertEqual(again.map(\.event), [2, 2, 2, 2])
        XCTAssertEqual(again.map(\.draw), [5, 6, 7, 8], "draw numbers run on across events")
        XCTAssertEqual(try raffle.ledger.closedEvents(), [1])
    }

    func testOddsAddUpToExactlyOneHundredPercent() {
        let standing = Standing(entries: [Entry(text: "a"), Entry(text: "b"), Entry(text: "c"), Entry(text: "d", stock: 0)],
                                winnings: [:])
        XCTAssertEqual(standing.oddsTenths, [334, 333, 333, 0])
        XCTAssertNil(Standing(entries: [Entry(text: "x", stock: 0)], winnings: [:]).oddsTenths)
    }
}
