// `roundel state copy FROM TO` against a real PostgreSQL server (Tests/TestPostgres): an event's
// SQLite file (two events, removals, stock spent, a slice that wins nothing) copied into a new
// database is the same record there (history line for line, the next draw numbered on, stock and
// removals as they stood); a database that holds draws, the file itself, an altered file, and a FROM
// that is not there or a server that is away are refused in one line, with nothing changed.
import CSQLite
@testable import Draws
import Foundation
import TestPostgres
import XCTest

final class StateCopyTests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-copy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A config of the fair's wheel recording in `state`: two T-shirts, one mug, three names and a
    /// slice that wins nothing; afterWin `remove` or `keep`.
    func config(_ name: String, state: String, afterWin: String) throws -> String {
        let path = dir + "/" + name
        try """
            {"wheel": {"items": [{"text": "T-shirt", "stock": 2}, {"text": "Mug", "stock": 1}, "Ann", "Ben", "Cat",
              {"text": "Try again", "prize": false}], "afterWin": "\(afterWin)"}, "state": \(String(reflecting: state))}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func spin(_ config: String, to index: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try cli.run(["spin", "--config", config, "--spin-to", String(index)])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
    }

    /// fair.db: event 1 (T-shirt, Try again, Ann removed), a reset, then event 2 (both T-shirts, so
    /// they are sold out; Ann removed; Try again). Seven draws.
    func fairFile() throws -> String {
        let file = dir + "/fair.db"
        let keep = try config("keep.json", state: file, afterWin: "keep"), remove = try config("remove.json", state: file, afterWin: "remove")
        try spin(keep, to: 0)
        try spin(keep, to: 5)
        try spin(remove, to: 2)
        XCTAssertEqual(try cli.run(["reset", "--state", file, "--yes"]).status, 0)
        try spin(keep, to: 0)
        try spin(keep, to: 0)
        try spin(remove, to: 2)
        try spin(keep, to: 5)
        return file
    }

    func history(_ state: String, _ options: [String] = ["--json"], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try cli.run(["history", "--state", state] + options)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr, "", file: file, line: line)
        return r.stdout
    }

    func testAFileCopiedIntoANewDatabaseIsTheSameRecordAndDrawsGoOnThere() throws {
        let server = try TestPostgres.server()
        let file = try fairFile()
        let uri = try server.createDatabase("copy")
        let copy = try cli.run(["state", "copy", file, uri])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        XCTAssertEqual(copy.stderr, "")
        XCTAssertEqual(copy.stdout, "roundel: copied 2 events, 7 draws from '\(file)' to '\(uri)'\n")

        let lines = try history(file)
        XCTAssertEqual(lines.split(separator: "\n").count, 7)
        XCTAssertEqual(try history(uri), lines, "every draw, line for line")
        XCTAssertEqual(try history(uri, ["--summary", "--json"]), try history(file, ["--summary", "--json"]))
        XCTAssertEqual(try history(file), lines, "the file is only read")

        // Drawing into the copy: the next number, T-shirts sold out and Ann removed in event 2, as in the file.
        let pool = try config("pool.json", state: uri, afterWin: "keep")
        let soldOut = try cli.run(["spin", "--config", pool, "--spin-to", "0"])
        XCTAssertEqual(soldOut.status, 2, soldOut.stderr)
        XCTAssertTrue(soldOut.stderr.contains("'T-shirt') cannot win: it is sold out"), soldOut.stderr)
        let removed = try cli.run(["spin", "--config", pool, "--spin-to", "2"])
        XCTAssertEqual(removed.status, 2, removed.stderr)
        XCTAssertTrue(removed.stderr.contains("'Ann') cannot win"), removed.stderr)
        let mug = try cli.run(["spin", "--config", pool, "--spin-to", "1", "--station", "k1"])
        XCTAssertEqual(mug.status, 0, mug.stderr)
        XCTAssertTrue(mug.stdout.hasPrefix(#"{"draw":8,"result":{"index":1,"text":"Mug""#), mug.stdout)
        XCTAssertTrue(mug.stdout.contains(#""stockLeft":0"#), mug.stdout)
        let after = try history(uri)
        XCTAssertTrue(after.hasPrefix(lines), "the copied draws stay as they were")
        XCTAssertTrue(after.dropFirst(lines.count).hasPrefix(#"{"draw":8,"#), after)

        // A reset in the copy opens event 3 with a new round: the server's numbering goes on past the copied ones.
        let reset = try cli.run(["reset", "--state", uri, "--yes"])
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertEqual(reset.stdout, "roundel: event 3 started in '\(uri)' (event 2 closed after 5 draws)\n")
        let shirt = try cli.run(["spin", "--config", pool, "--spin-to", "0"])
        XCTAssertEqual(shirt.status, 0, shirt.stderr)
        XCTAssertTrue(shirt.stdout.hasPrefix(#"{"draw":9,"result":{"index":0,"text":"T-shirt""#), shirt.stdout)
    }

    func testADatabaseWithDrawsIsRefusedAndLeftAsItWas() throws {
        let server = try TestPostgres.server()
        let file = try fairFile()
        let uri = try server.createDatabase("full")
        let other = try config("other.json", state: uri, afterWin: "keep")
        for index in [3, 4] { try spin(other, to: index) }
        let before = try history(uri)

        let copy = try cli.run(["state", "copy", file, uri])
        XCTAssertEqual(copy.status, 2, copy.stderr)
        XCTAssertEqual(copy.stdout, "")
        XCTAssertEqual(copy.stderr, "roundel: state '\(uri)': already holds a record (2 draws in 1 event), so nothing is copied into it: "
                       + "copy into a new file or a database Roundel has not drawn into\n")
        XCTAssertEqual(try history(uri), before)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM roundel.events; SELECT count(*) FROM roundel.rounds", database: uri), "1\n1")

        // The file into itself, by another name of it, and the database into itself: refused too.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.db", withDestinationPath: file)
        let fileBefore = try history(file)
        let itself = try cli.run(["state", "copy", file, dir + "/link.db"])
        XCTAssertEqual(itself.status, 2, itself.stderr)
        XCTAssertEqual(itself.stderr, "roundel: state '\(dir)/link.db': is the record being copied, '\(file)' itself; copy into a new file or another database\n")
        XCTAssertEqual(try history(file), fileBefore)
        let same = try cli.run(["state", "copy", uri, uri])
        XCTAssertEqual(same.status, 2, same.stderr)
        XCTAssertTrue(same.stderr.hasSuffix("is the record being copied, '\(uri)' itself; copy into a new file or another database\n"), same.stderr)
        XCTAssertEqual(try history(uri), before)
    }

    func testAnAlteredFileIsNotCopied() throws {
        let server = try TestPostgres.server()
        let file = try fairFile()
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(file, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "UPDATE draws SET text = 'Mallory' WHERE draw = 3;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        let uri = try server.createDatabase("altered")
        let copy = try cli.run(["state", "copy", file, uri])
        XCTAssertEqual(copy.status, 1, copy.stderr)
        XCTAssertEqual(copy.stdout, "")
        XCTAssertEqual(copy.stderr, "roundel: state '\(file)': the record was altered or lost draws, so it is not copied (the copy would hide it): "
                       + "draw 3 was changed after it was recorded; roundel history lists what it holds\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'roundel'", database: uri), "0",
                       "nothing made in the database")
    }

    /// A copy that fails midway (here a trigger on the server refuses the fifth draw) leaves the
    /// database as it was: new, so the same copy goes through once the trigger is gone.
    func testACopyThatFailsMidwayLeavesTheDatabaseAsItWas() throws {
        let server = try TestPostgres.server()
        let file = try fairFile()
        let uri = try server.createDatabase("midway")
        _ = try Ledger.open(path: uri)   // the tables, made as a first kiosk makes them
        try server.psql("""
            CREATE FUNCTION roundel.refuse() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN IF NEW.draw = 5 THEN RAISE EXCEPTION 'no draw 5 here'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON roundel.draws FOR EACH ROW EXECUTE FUNCTION roundel.refuse();
            """, database: uri)
        let failed = try cli.run(["state", "copy", file, uri])
        XCTAssertEqual(failed.status, 2, failed.stderr)
        XCTAssertEqual(failed.stderr.split(separator: "\n").count, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("roundel: state '\(uri)': nothing was copied: no draw 5 here"), failed.stderr)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM roundel.draws; SELECT count(*) FROM roundel.rounds; SELECT event FROM roundel.events",
                                       database: uri), "0\n0\n1")
        try server.psql("DROP TRIGGER refuse ON roundel.draws", database: uri)
        let copy = try cli.run(["state", "copy", file, uri])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        XCTAssertEqual(try history(uri), try history(file))
    }

    func testAFromThatIsNotThereOrAServerAwayIsOneLine() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("nofrom")
        let missing = try cli.run(["state", "copy", dir + "/nope.db", uri])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertEqual(missing.stderr, "roundel: state '\(dir)/nope.db': no such file (no draw has been recorded there)\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'roundel'", database: uri), "0")

        let empty = try server.createDatabase("empty")
        let noRecord = try cli.run(["state", "copy", empty, dir + "/new.db"])
        XCTAssertEqual(noRecord.status, 2, noRecord.stderr)
        XCTAssertTrue(noRecord.stderr.hasPrefix("roundel: state '\(empty)': holds no draws"), noRecord.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new.db"))

        let file = try fairFile()
        let away = "postgresql:///roundel?host=\(dir)/no-server&connect_timeout=2"
        let unreachable = try cli.run(["state", "copy", away, dir + "/new.db"])
        XCTAssertEqual(unreachable.status, 4, unreachable.stderr)
        XCTAssertEqual(unreachable.stderr.split(separator: "\n").count, 1, unreachable.stderr)
        XCTAssertTrue(unreachable.stderr.hasPrefix("roundel: state '\(away)': the server is not reachable"), unreachable.stderr)
        let into = try cli.run(["state", "copy", file, away])
        XCTAssertEqual(into.status, 4, into.stderr)
        XCTAssertTrue(into.stderr.hasPrefix("roundel: state '\(away)': the server is not reachable"), into.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new.db"))
    }
}
