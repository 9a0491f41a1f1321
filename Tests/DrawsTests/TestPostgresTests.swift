// The PostgreSQL test server itself (scripts/test-postgres.sh, Tests/TestPostgres), as the tests of
// the record on PostgreSQL use it: a database of its own for each test, and an outage on demand.
// Without the server (`swift test` alone) these skip with one line, as every PostgreSQL test does.
import TestPostgres
import XCTest

final class TestPostgresTests: XCTestCase {
    func testCreateDatabaseGivesDistinctEmptyDatabasesReachedByTheirURIs() throws {
        let server = try TestPostgres.server()
        let first = try server.createDatabase("Harness-1")
        let second = try server.createDatabase("Harness-1")
        XCTAssertNotEqual(first, second)
        let tables = "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
        for uri in [first, second] {
            XCTAssertTrue(uri.hasPrefix("postgresql:///harness_1_"), uri)
            XCTAssertTrue(uri.hasSuffix("?host=\(server.host)&port=\(server.port)&user=\(server.user)"), uri)
            XCTAssertEqual(try server.psql("SELECT current_database() = '\(uri.dropFirst(14).prefix { $0 != "?" })'", database: uri), "t")
            XCTAssertEqual(try server.psql(tables, database: uri), "0")
        }
        try server.psql("CREATE TABLE draws (number integer); INSERT INTO draws VALUES (1), (2)", database: first)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM draws", database: first), "2")
        XCTAssertEqual(try server.psql(tables, database: second), "0")
        XCTAssertThrowsError(try server.psql("SELECT count(*) FROM draws", database: second)) { error in
            XCTAssertTrue("\(error)".contains("\"draws\" does not exist"), "\(error)")
        }
        // What the tests rely on: a superuser, commits on disk, and no TCP port.
        XCTAssertEqual(try server.psql("SELECT rolsuper FROM pg_roles WHERE rolname = current_user", database: first), "t")
        XCTAssertEqual(try server.psql("SHOW fsync"), "on")
        XCTAssertEqual(try server.psql("SHOW listen_addresses"), "")
    }

    func testStopMakesConnectionsFailAndStartBringsTheSameDataBack() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("outage")
        try server.psql("CREATE TABLE draws (number integer); INSERT INTO draws VALUES (7)", database: uri)
        try server.stop()
        addTeardownBlock { if (try? server.psql("SELECT 1")) == nil { try? server.start() } }
        XCTAssertThrowsError(try server.psql("SELECT 1", database: uri)) { error in
            XCTAssertTrue("\(error)".contains("psql exited 2: psql: error: connection to server on socket"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: server.host + "/.s.PGSQL." + server.port))
        try server.start()
        XCTAssertEqual(try server.psql("SELECT number FROM draws", database: uri), "7")
    }

    func testAServerAnEarlierTestLeftStoppedIsStartedAgain() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("left_stopped")
        try server.stop()
        addTeardownBlock { if (try? server.psql("SELECT 1")) == nil { try? server.start() } }
        XCTAssertThrowsError(try server.psql("SELECT 1"))
        XCTAssertEqual(try TestPostgres.server().psql("SELECT current_database()", database: uri), uri.dropFirst(14).prefix { $0 != "?" }.description)
    }
}
