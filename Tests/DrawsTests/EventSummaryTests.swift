// What an event gave out (`history --summary`), from a real record: per entry of the list as it last
// stood, then winners that have left the list; a name drawn twice is one winner; a slice that is no
// prize is listed after the prizes and never counted as a winner or a prize given.
@testable import Draws
import XCTest

final class EventSummaryTests: XCTestCase {
    func testAPasteMidEventKeepsWhatLeftTheListAndNonPrizesNeverWin() throws {
        let ledger = Ledger.inMemory()
        let raffle = try Raffle(entries: [Entry(text: "Try again", prize: false), Entry(text: "Mug", stock: 2), Entry(text: "Ann")],
                                ledger: ledger)
        for index in [1, 2, 0, 2] { try raffle.record(try raffle.choose(forcing: index)) }
        // A paste without the mug: its win stays in the event's summary, with the stock it had left.
        try raffle.replaceEntries([Entry(text: "Ann"), Entry(text: "Ben"), Entry(text: "Try again", prize: false)], source: "paste", persist: true)
        try raffle.record(try raffle.choose(forcing: 2))

        let summary = EventSummary(event: 1, closed: false, list: try ledger.latestRound(), draws: try ledger.history(event: 1))
        XCTAssertEqual(summary.lines, [
            EventSummary.Line(text: "Ann", prize: true, won: 2, stockLeft: nil),
            EventSummary.Line(text: "Ben", prize: true, won: 0, stockLeft: nil),
            EventSummary.Line(text: "Mug", prize: true, won: 1, stockLeft: 1),
            EventSummary.Line(text: "Try again", prize: false, won: 2, stockLeft: nil),
        ])
        XCTAssertEqual(summary.draws, 5)
        XCTAssertEqual(summary.prizesGiven, 3)
        XCTAssertEqual(summary.winners, 2, "Ann twice and the mug")
        XCTAssertEqual(summary.noPrize, 2)
        XCTAssertEqual(summary.jsonLine, #"{"event":1,"closed":false,"draws":5,"winners":2,"prizesGiven":3,"noPrize":2,"entries":["#
                       + #"{"text":"Ann","prize":true,"won":2},{"text":"Ben","prize":true,"won":0},"#
                       + #"{"text":"Mug","prize":true,"won":1,"stockLeft":1},{"text":"Try again","prize":false,"won":2}]}"#)
    }
}
