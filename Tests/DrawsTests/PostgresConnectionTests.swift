// PostgresConnection against a real PostgreSQL server (the one `make test` starts, found through the
// ROUNDEL_TEST_PG* variables; skipped with one line without it): values sent and read back exactly,
// `?` numbered, writers taking turns, a snapshot, the server going away and coming back, and messages
// that name what failed without a password.
import Foundation
import TestPostgres
import XCTest
@testable import Draws

final class PostgresConnectionTests: XCTestCase {
    func testEveryKindOfValueComesBackAsSent() throws {
        // A role or server set to print fewer digits (extra_float_digits 0: 15 significant) changes nothing.
        let db = try PostgresConnection(uri: try TestPostgres.server().createDatabase("values") + "&options=-c%20extra_float_digits%3D0")
        try db.execute("CREATE TABLE t (n serial PRIMARY KEY, i bigint, d double precision, s text)")
        let ints: [Int64] = [0, -1, 42, .max, .min]
        let doubles: [Double] = [-0.0, 0.0, 1e-300, 0.1 + 0.2, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.pi, .infinity, -.infinity, 1 / 3]
        let texts = ["", "Ünïcode 🎡 名字 عربى", "it's \"quoted\" 'twice''", "what? why?", "back\\slash", "tab\tand\nnewline"]
        for i in ints { try db.run("INSERT INTO t (i) VALUES (?)", [.int(i)]) }
        for d in doubles { try db.run("INSERT INTO t (d) VALUES (?)", [.double(d)]) }
        for s in texts { try db.run("INSERT INTO t (s) VALUES (?)", [.text(s)]) }
        try db.run("INSERT INTO t (i, d, s) VALUES (?, ?, ?)", [.null, .null, .null])
        try db.run("INSERT INTO t (d) VALUES (?)", [.double(.nan)])

        XCTAssertEqual(try db.query("SELECT i FROM t WHERE i IS NOT NULL ORDER BY n") { $0.int(0) }, ints.map(Int.init))
        let read = try db.query("SELECT d FROM t WHERE d IS NOT NULL ORDER BY n") { $0.double(0) }
        XCTAssertEqual(read.map(\.bitPattern).dropLast(), doubles.map(\.bitPattern), "\(read) came back for \(doubles)")
        XCTAssert(read.last?.isNaN == true)
        XCTAssertEqual(try db.query("SELECT s FROM t WHERE s IS NOT NULL ORDER BY n") { $0.text(0) }, texts)
        let nulls = try db.query("SELECT i, d, s FROM t WHERE n = ?", [.int(ints.count + doubles.count + texts.count + 1)]) {
            [$0.isNull(0), $0.isNull(1), $0.isNull(2), $0.optionalInt(0) == nil, $0.optionalDouble(1) == nil, $0.optionalText(2) == nil]
        }
        XCTAssertEqual(nulls, [Array(repeating: true, count: 6)])
        // A ? inside a literal, an E'' literal, a quoted identifier and comments is no placeholder.
        let row = try db.query("""
            SELECT 'a?b' AS "who?", ?, E'it\\'s?', ? -- and?
            /* or? /* nested? */ still? */ + 1, $$dollar?$$
            """, [.text("x"), .int(1)]) { [$0.text(0), $0.text(1), $0.text(2), $0.text(3), $0.text(4)] }
        XCTAssertEqual(row, [["a?b", "x", "it's?", "2", "dollar?"]])
        XCTAssertThrowsError(try db.run("INSERT INTO t (s) VALUES (?)", [.text("nul\u{0}inside")])) {
            XCTAssert("\($0)".contains("NUL"), "\($0)")
        }
    }

    func testReturningUpsertAndTheRecordsOwnSchema() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("upsert")
        try server.psql("CREATE TABLE public.draws (x int)", database: uri)
        let db = try PostgresConnection(uri: uri)
        XCTAssertFalse(try db.hasTable("draws"), "the user's own public.draws is not Roundel's")
        XCTAssertEqual(try db.schemaVersion(), 0)
        try db.execute("CREATE TABLE draws (draw integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, text text NOT NULL, stock integer)")
        XCTAssert(try db.hasTable("draws"))
        XCTAssert(try db.hasColumn("stock", in: "draws"))
        XCTAssertFalse(try db.hasColumn("prize", in: "draws"))
        XCTAssertEqual(try server.psql("SELECT table_schema FROM information_schema.tables WHERE table_name = 'draws' ORDER BY 1", database: uri), "public\nroundel")
        let numbers = try ["Ann", "Bo"].map { name in try db.query("INSERT INTO draws (text) VALUES (?) RETURNING draw", [.text(name)]) { $0.int(0) } }
        XCTAssertEqual(numbers, [[1], [2]])
        try db.execute("CREATE TABLE newest_draw (one integer PRIMARY KEY, draw integer NOT NULL)")
        for draw in [1, 2] {
            try db.run("INSERT INTO newest_draw (one, draw) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET draw = excluded.draw", [.int(draw)])
        }
        XCTAssertEqual(try db.query("SELECT one, draw FROM newest_draw") { [$0.int(0), $0.int(1)] }, [[1, 2]])
        // The server's NOTICEs ("relation … already exists, skipping") are not printed under a command's output.
        let printed = try printedToStandardError {
            try db.setSchemaVersion(3)
            try db.setSchemaVersion(4)
            _ = try PostgresConnection(uri: uri)
        }
        XCTAssertEqual(printed, "")
        XCTAssertEqual(try db.schemaVersion(), 4)
        XCTAssertEqual(try PostgresConnection(uri: uri).schemaVersion(), 4, "kept in the database, seen by the next connection")
    }

    func testATransactionThatFailsLeavesNothing() throws {
        let uri = try TestPostgres.server().createDatabase("rollback")
        let db = try PostgresConnection(uri: uri)
        try db.execute("CREATE TABLE t (x integer PRIMARY KEY)")
        struct Refused: Error {}
        XCTAssertThrowsError(try db.transaction {
            try db.run("INSERT INTO t VALUES (?)", [.int(1)])
            throw Refused()
        }) { XCTAssert($0 is Refused) }
        // A statement that failed inside, its error caught by the body: the commit is refused, nothing stored.
        XCTAssertThrowsError(try db.transaction {
            try db.run("INSERT INTO t VALUES (?)", [.int(2)])
            _ = try? db.run("INSERT INTO t VALUES (?)", [.int(2)])
        }) { XCTAssert("\($0)".contains("rolled back"), "\($0)") }
        XCTAssertEqual(try db.query("SELECT count(*) FROM t") { $0.int(0) }, [0])
        XCTAssertEqual(try db.transaction { try db.query("INSERT INTO t VALUES (3) RETURNING x") { $0.int(0) } }, [3])
        XCTAssertEqual(try PostgresConnection(uri: uri).query("SELECT x FROM t") { $0.int(0) }, [3])
    }

    /// Two kiosks' transactions: the second waits for the first's lock, then reads what it committed.
    func testWritersOfOneDatabaseTakeTurns() throws {
        let uri = try TestPostgres.server().createDatabase("turns")
        let first = try PostgresConnection(uri: uri), handed = Handed(value: try PostgresConnection(uri: uri)), watcher = try PostgresConnection(uri: uri)
        try first.execute("CREATE TABLE stock (prize text PRIMARY KEY, left_ integer NOT NULL); INSERT INTO stock VALUES ('cap', 1)")
        let inside = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let other = Thread {
            let second = handed.value
            inside.wait()
            let start = Date()
            do {
                // Reads the stock as the first left it, and so does not give the last cap again.
                let given = try second.transaction {
                    let left = try second.query("SELECT left_ FROM stock WHERE prize = 'cap'") { $0.int(0) }[0]
                    if left > 0 { try second.run("UPDATE stock SET left_ = left_ - 1 WHERE prize = 'cap'") }
                    return left > 0
                }
                outcome.set(given: given, waited: Date().timeIntervalSince(start))
            } catch {
                outcome.set(error: error)
            }
        }
        let given = try first.transaction {
            let left = try first.query("SELECT left_ FROM stock WHERE prize = 'cap'") { $0.int(0) }[0]
            try first.run("UPDATE stock SET left_ = left_ - 1 WHERE prize = 'cap'")
            other.start()
            inside.signal()
            // Committed only once the second kiosk is seen waiting for the lock (or after 10 s).
            let deadline = Date() + 10
            while try watcher.query("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") { $0.int(0) } != [1], Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            Thread.sleep(forTimeInterval: 0.2)
            return left > 0
        }
        XCTAssert(given)
        let result = outcome.wait()
        XCTAssertNil(result.error)
        XCTAssertEqual(result.given, false, "the second kiosk gave the last cap again")
        XCTAssertGreaterThan(result.waited, 0.2, "the second kiosk did not wait for the first")
        XCTAssertLessThan(result.waited, 9, "the second kiosk was never seen waiting for the lock")
        XCTAssertEqual(try first.query("SELECT left_ FROM stock") { $0.int(0) }, [0])
    }

    func testASnapshotReadsOneMoment() throws {
        let uri = try TestPostgres.server().createDatabase("snapshot")
        let reader = try PostgresConnection(uri: uri), writer = try PostgresConnection(uri: uri)
        try writer.execute("CREATE TABLE t (x integer)")
        let counts = try reader.snapshot {
            let before = try reader.query("SELECT count(*) FROM t") { $0.int(0) }[0]
            // A writer is not held up by the reader, nor does the reader see it.
            try writer.transaction { try writer.run("INSERT INTO t VALUES (1)") }
            let after = try reader.query("SELECT count(*) FROM t") { $0.int(0) }[0]
            return [before, after]
        }
        XCTAssertEqual(counts, [0, 0])
        XCTAssertEqual(try reader.query("SELECT count(*) FROM t") { $0.int(0) }, [1])
        XCTAssertThrowsError(try reader.snapshot { try reader.run("INSERT INTO t VALUES (2)") }) {
            XCTAssertEqual(($0 as? PostgresError)?.sqlstate, "25006", "a snapshot is read only")
        }
    }

    /// The server stopped: the next call fails at once as a connection problem, and the same
    /// connection works again once the server is back, with its session as set up.
    func testTheServerGoingAwayAndComingBack() throws {
        let server = try TestPostgres.server()
        let db = try PostgresConnection(uri: try server.createDatabase("outage"))
        try db.execute("CREATE TABLE t (x integer)")
        try server.stop()
        var restarted = false
        defer { if !restarted { try? server.start() } }
        for _ in 0..<2 {
            let start = Date()
            XCTAssertThrowsError(try db.run("INSERT INTO t VALUES (1)")) {
                XCTAssert(($0 as? PostgresError)?.isConnectionProblem == true, "\($0)")
                XCTAssertFalse("\($0)".contains("\n"), "\($0)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 6)
        }
        XCTAssertThrowsError(try db.transaction { try db.run("INSERT INTO t VALUES (1)") }) {
            XCTAssert(($0 as? PostgresError)?.isConnectionProblem == true, "\($0)")
        }
        try server.start()
        restarted = true
        try db.run("INSERT INTO t VALUES (2)")
        XCTAssertEqual(try db.query("SELECT x FROM t") { $0.int(0) }, [2])
        XCTAssertEqual(try db.query("SHOW search_path") { $0.text(0) }, ["roundel"])
        XCTAssertEqual(try db.query("SHOW statement_timeout") { $0.text(0) }, ["10s"])

        // Stopped and started while the connection lay idle: the next call finds the old session
        // gone and makes a new one, and does not fail.
        try server.stop()
        try server.start()
        XCTAssertEqual(try db.transaction { try db.query("INSERT INTO t VALUES (3) RETURNING x") { $0.int(0) } }, [3])
    }

    func testAStatementThatRunsTooLongIsCancelledNotALostConnection() throws {
        let uri = try TestPostgres.server().createDatabase("slow")
        // The URI's own statement_timeout stands over Roundel's 10 s.
        let db = try PostgresConnection(uri: uri + "&options=-c%20statement_timeout%3D300")
        XCTAssertThrowsError(try db.query("SELECT pg_sleep(2)") { $0.text(0) }) {
            let error = $0 as? PostgresError
            XCTAssertEqual(error?.sqlstate, "57014")
            XCTAssertEqual(error?.isConnectionProblem, false)
            XCTAssert("\($0)".contains("statement_timeout"), "\($0)")
        }
        XCTAssertEqual(try db.query("SELECT 1") { $0.int(0) }, [1])
        XCTAssertEqual(try db.query("SHOW lock_timeout") { $0.text(0) }, ["5s"])
    }

    func testAConnectionThatCannotBeMadeSaysWhyInOneLine() throws {
        let server = try TestPostgres.server()
        let nowhere = NSTemporaryDirectory() + "roundel-no-server-\(UInt32.random(in: 0 ... .max))"
        let cases: [(uri: String, names: String, connection: Bool)] = [
            ("postgresql:///db?host=\(nowhere)", nowhere, true),
            ("postgresql://roundel-nowhere.invalid/db", "roundel-nowhere.invalid", true),
            (server.uri(database: "roundel_no_such_database"), "roundel_no_such_database", true),
            ("postgresql://host:port/db", "port", false),
            ("postgresql:///db?colour=blue", "colour", false),
        ]
        for (uri, names, connection) in cases {
            let start = Date()
            XCTAssertThrowsError(try PostgresConnection(uri: uri), uri) {
                let text = "\($0)"
                XCTAssert(text.contains(names), "\(uri): \(text)")
                XCTAssertFalse(text.contains("\n") || text.hasPrefix(" "), "\(uri): \(text)")
                XCTAssertEqual(($0 as? PostgresError)?.isConnectionProblem, connection, "\(uri): \(text)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 6, uri)
        }
    }

    func testAPasswordIsNeverShown() throws {
        let shown = [
            ("postgresql://ann:hunter2@db.example:5433/draws?sslmode=require", "postgresql://ann@db.example:5433/draws?sslmode=require"),
            ("postgres://ann:hunter2@/draws?host=/run/postgresql", "postgres://ann@/draws?host=/run/postgresql"),
            ("postgresql://ann@host/draws?password=hunter2&sslmode=require", "postgresql://ann@host/draws?sslmode=require"),
            ("postgresql://host/draws?password=hunter2", "postgresql://host/draws"),
            ("postgresql:///draws", "postgresql:///draws"),
            ("host=db user=ann password='hunter2 \\' x' dbname=draws", "host=db user=ann dbname=draws"),
            ("host=db password = hunter2 dbname=draws", "host=db dbname=draws"),
        ]
        for (uri, name) in shown { XCTAssertEqual(PostgresConnection.displayName(uri: uri), name) }
        let server = try TestPostgres.server()
        for uri in ["postgresql://ann:hunter2@/db?host=/nonexistent-roundel", "postgresql://ann:hunter2%zz@/db",
                    "postgresql://ann:hunter2@\(server.host.replacingOccurrences(of: "/", with: "%2F")):\(server.port)/nodb",
                    "host=/nonexistent-roundel password=hunter2 port=x"] {
            XCTAssertThrowsError(try PostgresConnection(uri: uri)) { XCTAssertFalse("\($0)".contains("hunter2"), "\($0)") }
        }
    }

    func testARoleThatMayNotCreateTheSchemaIsToldWhatToAskFor() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("rights")
        let role = "roundel_kiosk_\(UInt32.random(in: 0 ... .max))"
        try server.psql("CREATE ROLE \(role) LOGIN")
        defer { _ = try? server.psql("DROP OWNED BY \(role) CASCADE; DROP ROLE \(role)", database: uri) }
        let kiosk = uri.replacingOccurrences(of: "user=\(server.user)", with: "user=\(role)")
        XCTAssertThrowsError(try PostgresConnection(uri: kiosk)) {
            XCTAssert("\($0)".contains("may not create the schema \"roundel\""), "\($0)")
            XCTAssert("\($0)".contains("CREATE SCHEMA roundel AUTHORIZATION \"\(role)\""), "\($0)")
        }
        try server.psql("CREATE SCHEMA roundel AUTHORIZATION \(role)", database: uri)
        let db = try PostgresConnection(uri: kiosk)
        try db.execute("CREATE TABLE t (x integer)")
        XCTAssert(try db.hasTable("t"))
    }

    func testPlaceholdersAreNumberedOutsideQuotes() {
        let cases = [
            ("SELECT ? + ?", "SELECT $1 + $2", 2),
            ("SELECT '?''?', \"a?\"\"b\", ?", "SELECT '?''?', \"a?\"\"b\", $1", 1),
            ("SELECT e'\\'?', ?", "SELECT e'\\'?', $1", 1),
            ("SELECT x'?', ?", "SELECT x'?', $1", 1),
            ("SELECT $a$?$a$, $1, ?", "SELECT $a$?$a$, $1, $1", 1),
            ("-- ?\nSELECT ?", "-- ?\nSELECT $1", 1),
            ("SELECT 'unterminated ?", "SELECT 'unterminated ?", 0),
        ]
        for (sql, numbered, count) in cases {
            let result = PostgresConnection.numberingPlaceholders(sql)
            XCTAssertEqual(result.0, numbered, sql)
            XCTAssertEqual(result.1, count, sql)
        }
    }
}

/// What `body` writes to file descriptor 2 (where libpq prints a notice unless told otherwise).
private func printedToStandardError(_ body: () throws -> Void) throws -> String {
    let path = NSTemporaryDirectory() + "roundel-stderr-\(UInt64.random(in: 0 ... .max))"
    defer { unlink(path) }
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600), saved = dup(2)
    guard file >= 0, saved >= 0 else { throw XCTSkip("cannot redirect stderr") }
    dup2(file, 2)
    close(file)
    defer {
        dup2(saved, 2)
        close(saved)
    }
    try body()
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

/// A connection handed to the other kiosk's thread, which alone uses it from then on.
private struct Handed<T>: @unchecked Sendable { let value: T }

/// What the other kiosk's thread saw.
private final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var given: Bool?
    private(set) var waited: TimeInterval = 0
    private(set) var error: Error?

    func set(given: Bool, waited: TimeInterval) {
        self.given = given
        self.waited = waited
        done.signal()
    }

    func set(error: Error) {
        self.error = error
        done.signal()
    }

    func wait() -> Outcome {
        done.wait()
        return self
    }
}
