// GET /api/history.csv over real HTTP on loopback, from a real SQLite record with draws made in a
// temporary folder: what a host's spreadsheet receives, and what is said when there is no record.
import Foundation
import TestLoopback
import XCTest
@testable import Control
@testable import Draws

final class HistoryCSVTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
    var dir = ""
    var servers: [ControlServer] = []

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("control-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        for server in servers { server.stop() }
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A record at `path` with two draws from Ann, Ben and Cat; the ledger that made it.
    @discardableResult
    private func makeRecord(_ path: String) throws -> Ledger {
        let ledger = try Ledger.open(path: path)
        let raffle = try Raffle(entries: ["Ann", "Ben", "Cat"].map { Entry(text: $0) }, seed: 7, ledger: ledger)
        for _ in 0..<2 {
            var rng = try raffle.nextGenerator()
            _ = try raffle.record(try raffle.choose(using: &rng), rotation: 1.25)
        }
        return ledger
    }

    private func get(statePath: String?, token: String? = nil) throws -> LoopbackResponse {
        let server = try ControlServer(listen: "127.0.0.1:0", token: self.token, queue: CommandQueue(), board: StateBoard(), statePath: statePath)
        servers.append(server)
        return try XCTUnwrap(LoopbackClient.request(port: server.port, method: "GET", path: "/api/history.csv", token: token ?? self.token.value))
    }

    func testTheDrawsAsHistoryWritesThem() throws {
        let path = dir + "/roundel.db"
        try makeRecord(path)
        let response = try get(statePath: path)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "text/csv; charset=utf-8")
        XCTAssertEqual(response.headers["content-disposition"], "attachment; filename=\"roundel-history.csv\"")
        XCTAssertNil(response.headers["x-roundel-warning"])
        let reader = try Ledger.openForReading(path: path)
        XCTAssertEqual(response.body, DrawRecord.csv(try reader.history(), closed: try reader.closedEvents(), byteOrderMark: true))
        let lines = response.body.split(separator: "\r\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, "a header, two draws, the last line's end")
        XCTAssertEqual(lines[0], "\u{FEFF}" + DrawRecord.csvHeader + ",event_closed", "the byte order mark Excel needs, then the header")
        for (row, number) in zip(lines[1...2], 1...) {
            XCTAssertTrue(row.hasPrefix("\(number),"), String(row))
            XCTAssertTrue(["Ann", "Ben", "Cat"].contains { row.contains(",\($0),") }, String(row))
        }
    }

    func testAnAlteredRecordIsSentWithAWarning() throws {
        let path = dir + "/roundel.db"
        try makeRecord(path).db.execute("UPDATE draws SET text = 'Mallory' WHERE draw = 1")
        let response = try get(statePath: path)
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.body.contains(",Mallory,"), "the record as it is")
        let warning = try XCTUnwrap(response.headers["x-roundel-warning"])
        XCTAssertTrue(warning.hasPrefix("the record was altered after it was written: "), warning)
    }

    func testWithoutTheTokenNoDraws() throws {
        let path = dir + "/roundel.db"
        try makeRecord(path)
        let response = try get(statePath: path, token: "wrong")
        XCTAssertEqual(response.status, 401)
        XCTAssertFalse(response.body.contains("Ann") || response.body.contains("draw,"))
    }

    func testNoRecordIsNotFound() throws {
        let missing = try get(statePath: dir + "/roundel.db")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(missing.body, "{\"error\":\"no record of draws yet\"}\n")
        XCTAssertEqual(try get(statePath: nil).body, "{\"error\":\"this kiosk keeps no record of draws\"}\n")
        let notARecord = dir + "/notes.db"
        FileManager.default.createFile(atPath: notARecord, contents: Data("not a database".utf8))
        let unreadable = try get(statePath: notARecord)
        XCTAssertEqual(unreadable.status, 500)
        XCTAssertTrue(unreadable.body.hasPrefix("{\"error\":\"state '\(notARecord)'"), unreadable.body)
    }
}
