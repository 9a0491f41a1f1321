// The PostgreSQL server for the tests that need one (the record of draws on PostgreSQL, kiosks sharing
// a pool, a server going away): the one `scripts/test-postgres.sh run` started around `swift test`
// (`make test`), found through the ROUNDEL_TEST_PG* variables it exports. A test makes an empty
// database of its own on it, and may stop and start the server to see what an outage does. Its tools
// (psql, pg_ctl) come from the server's own folder and talk over its unix socket; Roundel itself uses libpq.
import Foundation
#if canImport(XCTest)
import XCTest
#endif

public enum TestPostgres {
    /// The test server, answering. Throws XCTSkip with one line saying why when there is none (the
    /// variables are not set: `swift test` run on its own, or the server could not be started) or it
    /// does not answer. A server an earlier test stopped and did not start again is started here.
    public static func server() throws -> Server {
        let environment = ProcessInfo.processInfo.environment
        guard let host = environment["ROUNDEL_TEST_PGHOST"], !host.isEmpty,
              let port = environment["ROUNDEL_TEST_PGPORT"], let user = environment["ROUNDEL_TEST_PGUSER"],
              let data = environment["ROUNDEL_TEST_PGDATA"], let bin = environment["ROUNDEL_TEST_PGBIN"] else {
            throw skip("no test server (ROUNDEL_TEST_PGHOST is not set; make test starts one with scripts/test-postgres.sh run)")
        }
        let server = Server(host: host, port: port, user: user, dataDirectory: data, bin: bin,
                            runAs: environment["ROUNDEL_TEST_PGRUNAS"] ?? "")
        do {
            _ = try server.psql("SELECT 1")
        } catch {
            if (try? server.pgCtl(["status"])) == nil { try? server.start() }
            do {
                _ = try server.psql("SELECT 1")
            } catch {
                throw skip("the test server on \(host) does not answer: \(error)")
            }
        }
        return server
    }

    /// XCTSkip with `reason`. `swift build` builds this target too, and a release build links the
    /// Swift libraries statically, which have no XCTest: there it is a plain error (never thrown,
    /// as nothing but the tests uses this target).
    static func skip(_ reason: String) -> any Error {
        let line = "PostgreSQL test skipped: " + reason
        #if canImport(XCTest)
        return XCTSkip(line)
        #else
        return Failure(tool: "TestPostgres", status: -1, message: line)
        #endif
    }

    /// A running test server: its socket folder, port, superuser and data folder.
    public struct Server {
        /// The folder of the server's unix socket (libpq's `host`).
        public let host: String
        public let port: String
        /// A superuser role (trust authentication: no password).
        public let user: String
        public let dataDirectory: String
        /// The folder of pg_ctl and psql.
        public let bin: String
        /// The OS user pg_ctl runs as ("postgres" when the tests run as root), empty for this one.
        public let runAs: String

        /// A new empty database named `prefix` and a random part; returns its libpq URI.
        public func createDatabase(_ prefix: String) throws -> String {
            var stem = String(prefix.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }.prefix(30))
            if stem.first?.isLetter != true { stem = "t" + stem }
            let name = stem + "_" + String(UInt64.random(in: 1 ... .max), radix: 16)
            _ = try psql("CREATE DATABASE \(name)")
            return uri(database: name)
        }

        /// The libpq URI of `database` on this server.
        public func uri(database: String) -> String {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/-._~"))
            let socket = host.addingPercentEncoding(withAllowedCharacters: allowed) ?? host
            return "postgresql:///\(database)?host=\(socket)&port=\(port)&user=\(user)"
        }

        /// Runs `sql` with psql (stopping at the first error) in `database` (a URI or a name) and
        /// returns what it prints: unaligned, tuples only, one row a line, columns split by "|".
        @discardableResult
        public func psql(_ sql: String, database: String = "postgres") throws -> String {
            let target = database.hasPrefix("postgresql:") ? ["-d", database] : ["-h", host, "-p", port, "-U", user, "-d", database]
            return try run(bin + "/psql", ["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql] + target)
        }

        /// Stops the server (sessions ended at once, as `pg_ctl stop -m fast`) and waits until it has.
        public func stop() throws {
            try pgCtl(["stop", "--wait", "--timeout=30", "--mode=fast"])
        }

        /// Starts the server again and waits until it takes connections.
        public func start() throws {
            try pgCtl(["start", "--wait", "--timeout=60", "--log=\(host)/server.log"])
        }

        /// pg_ctl as `runAs`, with nothing open but its standard input, output and error: the server
        /// it starts outlives it and would otherwise keep what it inherited from this process, among
        /// them the socket by which Foundation's Process learns that a child ended (so `run` would wait
        /// until the server stopped).
        @discardableResult
        func pgCtl(_ arguments: [String]) throws -> String {
            var command = [bin + "/pg_ctl", "--silent", "--pgdata=\(dataDirectory)"] + arguments
            if !runAs.isEmpty {
                let runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"]
                    .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "runuser"
                command = [runuser, "-u", runAs, "--"] + command
            }
            let closeInherited = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && exec {fd}>&-; done; exec "$@""#
            return try run("/bin/bash", ["-c", closeInherited, "pg_ctl"] + command, tool: "pg_ctl")
        }

        /// Runs a tool in the socket folder (which the server's user can enter), PG variables of the
        /// caller's environment removed; returns what it printed, or throws with what it said (on one line).
        func run(_ executable: String, _ arguments: [String], tool: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: host)
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
            environment["PGCONNECT_TIMEOUT"] = "10"
            process.environment = environment
            // Errors to a file, read once the tool has ended: two pipes could fill while one is read.
            // (pg_ctl's server inherits neither: its output goes to --log.)
            let errorPath = NSTemporaryDirectory() + "/roundel-test-postgres-\(UInt64.random(in: 0 ... .max)).err"
            guard FileManager.default.createFile(atPath: errorPath, contents: nil),
                  let errors = FileHandle(forWritingAtPath: errorPath) else {
                throw Failure(tool: tool ?? executable, status: -1, message: "cannot write \(errorPath)")
            }
            defer { try? FileManager.default.removeItem(atPath: errorPath) }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try? errors.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                let said = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
                let lines = (said + "\n" + text).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                throw Failure(tool: tool ?? executable, status: process.terminationStatus,
                              message: lines.isEmpty ? "no message" : lines.joined(separator: " | "))
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A tool that failed: which, its exit status and what it printed, its lines joined by " | ".
    public struct Failure: Error, CustomStringConvertible {
        public let tool: String
        public let status: Int32
        public let message: String
        public var description: String { "\(URL(fileURLWithPath: tool).lastPathComponent) exited \(status): \(message)" }
    }
}
