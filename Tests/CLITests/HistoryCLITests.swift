// `roundel history` as an event host and a teacher use it: one event's draws (`--event N|last`),
// what each event gave out (`--summary`), times in the local zone with their offset (TZ set for the
// child, across a daylight-saving change), slices that are no prize in every output, and a CSV that
// Excel opens with names intact (`--bom`). Mistakes are one line, exit 2; an altered record exit 1.
import CSQLite
import Draws
import Foundation
import XCTest

final class HistoryCLITests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ text: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func json(_ line: Substring) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
    }

    /// `history` with `arguments` in time zone `zone`; asserts exit 0 and nothing on stderr.
    func history(_ arguments: [String], zone: String = "UTC", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try cli.run(["history"] + arguments, environment: ["TZ": zone])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr, "", file: file, line: line)
        return r.stdout
    }

    /// A copy of the schema 2 fixture (DrawsTests/Fixtures/README.md): events 1 (draws 1…4, closed),
    /// 2 (closed, no draw) and 3 (draws 5 and 6, open).
    func fixture() throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DrawsTests/Fixtures/schema2-two-events.db")
        let path = dir + "/fair.db"
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        return path
    }

    func testEventShowsOnlyThatEventsDraws() throws {
        let db = try fixture()
        func draws(_ arguments: [String]) throws -> [Int] {
            try history(["--state", db, "--json"] + arguments).split(separator: "\n").map(json).compactMap { $0["draw"] as? Int }
        }
        XCTAssertEqual(try draws([]), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(try draws(["--event", "1"]), [1, 2, 3, 4])
        XCTAssertEqual(try draws(["--event", "3"]), [5, 6])
        XCTAssertEqual(try draws(["--event", "last"]), [5, 6])
        XCTAssertEqual(try draws(["--event", "2"]), [])
        let table = try history(["--state", db, "--event", "1"])
        XCTAssertTrue(table.hasPrefix("Event 1 (closed)\ndraw  time (UTC)           round  winner     value  left\n"), table)
        XCTAssertEqual(table.split(separator: "\n").count, 6, table)
        XCTAssertFalse(table.contains("Event 3"), table)
        XCTAssertEqual(try history(["--state", db, "--event", "2"]), "Event 2 (closed): no draws yet\n")
        let csv = try history(["--state", db, "--csv", "--event", "last"])
        XCTAssertEqual(csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map { $0.prefix(2) }, ["5,", "6,"])
    }

    func testAnEventThatDoesNotExistIsOneLine() throws {
        let db = try fixture()
        try cli.assertUserError(["history", "--state", db, "--event", "4"], mentions: "roundel: history: state '\(db)' has no event 4 (it has events 1…3)")
        try cli.assertUserError(["history", "--state", db, "--event", "0", "--summary"], mentions: "--event '0' is not an event (give its number, 1 or more, or last)")
        try cli.assertUserError(["history", "--state", db, "--event", "first"], mentions: "--event 'first' is not an event")
        try cli.assertUserError(["history", "--state", db, "--bom"], mentions: "--bom applies to --csv")
    }

    /// A record edited by hand is named (exit 1) whichever event is shown: the chain is the whole file's.
    func testAnAlteredRecordIsNamedWhicheverEventIsShown() throws {
        let db = try fixture()
        var handle: OpaquePointer?
        XCTAssertEqual(sqlite3_open(db, &handle), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(handle, "UPDATE draws SET text = 'Mallory' WHERE draw = 6;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(handle)
        for arguments in [["--event", "1"], ["--event", "1", "--summary"], ["--summary", "--json"]] {
            let r = try cli.run(["history", "--state", db] + arguments)
            XCTAssertEqual(r.status, 1, "\(arguments)")
            XCTAssertFalse(r.stdout.isEmpty, "\(arguments): printed first")
            XCTAssertEqual(r.stderr, "roundel: state '\(db)': the record was altered after it was written: draw 6 was changed after it was recorded\n")
        }
    }

    /// Mug (stock 3), Pen (stock 2) and "Try again" (no prize): two Mugs, a Try again and a Pen in
    /// event 1, then a reset and a Try again. The summary counts per entry, stock left where there
    /// is stock, and never counts Try again as a winner or a prize given.
    func testSummaryCountsWhatEachEventGaveOut() throws {
        let config = try write(#"""
            {"wheel": {"items": [{"text": "Mug", "stock": 3}, {"text": "Pen", "stock": 2}, {"text": "Try again", "prize": false}]},
             "state": "fair.db"}
            """#, "fair.json")
        for index in ["0", "0", "2", "1"] {
            XCTAssertEqual(try cli.run(["spin", "--config", config, "--spin-to", index]).status, 0)
        }
        XCTAssertEqual(try cli.run(["reset", "--config", config, "--yes"]).status, 0)
        XCTAssertEqual(try cli.run(["spin", "--config", config, "--spin-to", "2"]).status, 0)
        let db = dir + "/fair.db"

        XCTAssertEqual(try history(["--state", db, "--summary"]), """
            Event 1 (closed)
            entry      won  left  prize
            Mug          2     1  yes
            Pen          1     1  yes
            Try again    1     -  no
            draws 4, winners 2, prizes given 3, no prize 1

            Event 2
            entry      won  left  prize
            Mug          0     3  yes
            Pen          0     2  yes
            Try again    1     -  no
            draws 1, winners 0, prizes given 0, no prize 1

            """)
        let last = try history(["--state", db, "--summary", "--json", "--event", "last"]).split(separator: "\n")
        XCTAssertEqual(last.count, 1)
        let event = try json(try XCTUnwrap(last.first))
        XCTAssertEqual(event["event"] as? Int, 2)
        XCTAssertEqual(event["draws"] as? Int, 1)
        XCTAssertEqual(event["winners"] as? Int, 0)
        XCTAssertEqual(event["prizesGiven"] as? Int, 0)
        XCTAssertEqual(event["noPrize"] as? Int, 1)
        let entries = try XCTUnwrap(event["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.compactMap { $0["text"] as? String }, ["Mug", "Pen", "Try again"])
        XCTAssertEqual(entries.compactMap { $0["won"] as? Int }, [0, 0, 1])
        XCTAssertEqual(entries.map { $0["stockLeft"] as? Int }, [3, 2, nil])
        XCTAssertEqual(entries.compactMap { $0["prize"] as? Bool }, [true, true, false])
        XCTAssertEqual(try history(["--state", db, "--summary", "--csv", "--event", "1"]),
                       "event,event_closed,text,prize,won,stock_left\r\n1,yes,Mug,yes,2,1\r\n1,yes,Pen,yes,1,1\r\n1,yes,Try again,no,1,\r\n")
        // An event asked for before its first draw: its list, nothing won.
        XCTAssertEqual(try cli.run(["reset", "--config", config, "--yes"]).status, 0)
        XCTAssertEqual(try history(["--state", db, "--summary", "--event", "3"]), """
            Event 3
            entry      won  left  prize
            Mug          0     3  yes
            Pen          0     2  yes
            Try again    0     -  no
            draws 0, winners 0, prizes given 0, no prize 0

            """)
    }

    /// A file of an earlier schema is summarised as it is (not upgraded): every draw was a prize then.
    func testASummaryOfAnOlderRecordCountsEveryDrawAsAPrize() throws {
        let db = try fixture()
        XCTAssertEqual(try history(["--state", db, "--summary", "--event", "1"]), """
            Event 1 (closed)
            entry      won  left
            Mug          0     3
            Pen          1     1
            Hat          1     0
            Try again    2     -
            draws 4, winners 3, prizes given 4

            """)
    }

    /// A names list with a "no prize" line: its draw says prize false in spin's JSON and in every
    /// form of the history.
    func testANonPrizeDrawSaysSoInEveryOutput() throws {
        let names = try write("Ann\nBen\nBetter luck next time\tno prize\n", "class.txt")
        let db = dir + "/class.db"
        for index in ["0", "2"] {
            let spin = try cli.run(["spin", "--names", names, "--state", db, "--spin-to", index])
            XCTAssertEqual(spin.status, 0, spin.stderr)
            let result = try XCTUnwrap(try json(spin.stdout.prefix { $0 != "\n" })["result"] as? [String: Any])
            XCTAssertEqual(result["prize"] as? Bool, index == "0")
        }
        let rows = try history(["--state", db, "--json"]).split(separator: "\n").map(json)
        XCTAssertEqual(rows.compactMap { $0["prize"] as? Bool }, [true, false])
        let csv = try history(["--state", db, "--csv"]).components(separatedBy: "\r\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(csv.map { Array($0.dropFirst(5).prefix(3)) }.prefix(3),
                       [["text", "value", "prize"], ["Ann", "0", "yes"], ["Better luck next time", "0", "no"]])
        let table = try history(["--state", db]).split(separator: "\n").map { String($0.dropFirst(34)) }
        XCTAssertEqual(table.dropFirst(), ["winner                 prize", "Ann                    yes", "Better luck next time  no"])
    }

    /// Debian's libfaketime (`make test` installs the `faketime` package).
    func libfaketime() throws -> String {
        for triple in (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [] {
            let path = "/usr/lib/\(triple)/faketime/libfaketime.so.1"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw XCTSkip("libfaketime is missing: `make test` installs the faketime package")
    }

    /// One `spin` made with the wall clock at `utc` ("YYYY-MM-DD HH:MM:SS"). Through env, as
    /// WallClockTests: libfaketime loaded first by roundel moved the environment it reads its arguments from.
    func spin(at utc: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [cli.binary.path, "spin"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["TZ": "UTC", "LD_PRELOAD": try libfaketime(), "FAKETIME": "@" + utc, "FAKETIME_DONT_FAKE_MONOTONIC": "1"]) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// Draws a minute before and after New York's clocks went forward (2026-03-08, 07:00 UTC) read
    /// in Seoul, New York and UTC: the table says the zone in its header (or the offset on each row
    /// when it changed within the event), JSON and CSV in ISO 8601 with the offset; the record keeps
    /// UTC and its chain is whole.
    func testTimesAreLocalWithTheirOffset() throws {
        let names = try write("Ann\nBen\n", "n.txt")
        let db = dir + "/dst.db"
        try spin(at: "2026-03-08 06:59:30", ["--names", names, "--state", db, "--spin-to", "0"])
        try spin(at: "2026-03-08 07:00:30", ["--names", names, "--state", db, "--spin-to", "1"])
        let stored = try Ledger.openForReading(path: db).history().map(\.time)
        XCTAssertEqual(stored.map { String($0.prefix(19)) + String($0.suffix(1)) }, ["2026-03-08T06:59:30Z", "2026-03-08T07:00:30Z"])

        XCTAssertEqual(try history(["--state", db], zone: "Asia/Seoul"), """
            Event 1
            draw  time (KST, UTC+09:00)  round  winner
               1  2026-03-08 15:59:30        1  Ann
               2  2026-03-08 16:00:30        1  Ben

            """)
        XCTAssertEqual(try history(["--state", db], zone: "America/New_York"), """
            Event 1
            draw  time (local)                round  winner
               1  2026-03-08 01:59:30 -05:00      1  Ann
               2  2026-03-08 03:00:30 -04:00      1  Ben

            """)
        XCTAssertEqual(try history(["--state", db], zone: "UTC"), """
            Event 1
            draw  time (UTC)           round  winner
               1  2026-03-08 06:59:30      1  Ann
               2  2026-03-08 07:00:30      1  Ben

            """)

        func times(_ zone: String) throws -> [String] {
            try history(["--state", db, "--json"], zone: zone).split(separator: "\n").map(json).compactMap { $0["time"] as? String }
        }
        func withoutMilliseconds(_ time: String) -> String { String(time.prefix(19)) + String(time.dropFirst(23)) }
        XCTAssertEqual(try times("Asia/Seoul").map(withoutMilliseconds), ["2026-03-08T15:59:30+09:00", "2026-03-08T16:00:30+09:00"])
        XCTAssertEqual(try times("America/New_York").map(withoutMilliseconds), ["2026-03-08T01:59:30-05:00", "2026-03-08T03:00:30-04:00"])
        XCTAssertEqual(try times("UTC").map(withoutMilliseconds), ["2026-03-08T06:59:30+00:00", "2026-03-08T07:00:30+00:00"])
        XCTAssertEqual(try times("UTC").map { String($0.dropFirst(19).prefix(4)) }, stored.map { String($0.dropFirst(19).prefix(4)) },
                       "the milliseconds kept")
        let csv = try history(["--state", db, "--csv"], zone: "America/New_York").components(separatedBy: "\r\n")
        XCTAssertEqual(csv.dropFirst().first?.split(separator: ",").dropFirst().first.map { withoutMilliseconds(String($0)) },
                       "2026-03-08T01:59:30-05:00")
        XCTAssertEqual(try Ledger.openForReading(path: db).verify(), [])
        XCTAssertEqual(try Ledger.openForReading(path: db).history().map(\.time), stored, "reading rewrites nothing")
    }

    /// Excel reads a CSV without a byte order mark in the machine's legacy code page (Chloé arrives
    /// as "ChloÃ©"); `--bom` starts the file with one. Names stay as they are, the formula apostrophe
    /// too; without `--bom` the CSV starts with its header, as scripts expect.
    func testCSVWithAByteOrderMarkForExcel() throws {
        let names = try write("Chloé\n김민준\n=1+1\n", "n.txt")
        let db = dir + "/e.db"
        for index in ["0", "1", "2"] { XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", db, "--spin-to", index]).status, 0) }
        for arguments in [["--csv", "--bom"], ["--csv", "--bom", "--summary"]] {
            let marked = try history(["--state", db] + arguments)
            XCTAssertEqual(Array(marked.utf8.prefix(3)), [0xEF, 0xBB, 0xBF], "\(arguments)")
            let text = String(marked.dropFirst())
            XCTAssertTrue(text.hasPrefix(arguments.contains("--summary") ? "event," : "draw,"), text)
            for name in ["Chloé", "김민준", "'=1+1"] { XCTAssertTrue(text.contains("," + name + ","), "\(name) in \(text)") }
        }
        XCTAssertTrue(try history(["--state", db, "--csv"]).hasPrefix("draw,time,"))
    }
}
