// The record of draws on a PostgreSQL server several kiosks share: an SQLConnection over libpq's
// synchronous C API (one blocking round trip per call, as a draw's one transaction wants; nothing to
// run beside it). Roundel's tables live in their own schema, `roundel`, never among the user's.
// Nothing hangs: libpq connects within connect_timeout, a silent network is noticed by TCP keepalives
// and tcp_user_timeout, and the server cancels a statement, a lock wait or an idle transaction after
// the timeouts set below. A connection lost between calls is made again at the start of the next
// call outside a transaction; inside one, the call fails (PostgresError.isConnectionProblem).
// Passwords come only from where libpq looks (the URI, ~/.pgpass, PGPASSFILE, PGPASSWORD) and are
// never shown: messages name a database by `displayName(uri:)`.
// Used from one thread at a time, as Ledger is (a PGconn is not to be shared between threads).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPostgres

/// What went wrong on a PostgreSQL connection, in one line.
struct PostgresError: Error, CustomStringConvertible {
    /// The server's SQLSTATE ("23505", "57014" …); nil when no statement got as far as the server
    /// (the connection could not be made or was lost, or the URI could not be read).
    let sqlstate: String?
    /// libpq's or the server's message, its first line.
    let message: String
    /// The connection could not be made, or was lost (libpq's status is no longer CONNECTION_OK).
    let connectionFailed: Bool

    init(sqlstate: String?, message: String, connectionFailed: Bool) {
        self.sqlstate = sqlstate
        self.message = PostgresError.firstLine(message)
        self.connectionFailed = connectionFailed
    }

    /// The server could not be reached, went away, or is shutting down or starting up: worth trying
    /// again later, unlike a statement the server refused. A statement cancelled by statement_timeout
    /// (57014) is not one: the connection is fine, the statement was too slow.
    var isConnectionProblem: Bool {
        guard let sqlstate else { return connectionFailed }
        return connectionFailed || sqlstate.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlstate)
    }

    var description: String {
        switch sqlstate {
        case "57014": return "the server cancelled a statement that ran too long (statement_timeout): \(message)"
        case "55P03": return "waited too long for a lock another connection held (lock_timeout): \(message)"
        default: return message
        }
    }

    /// libpq's messages run over several lines (a hint on the next, tab-indented): the first, trimmed.
    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmed(of: " \t")
        return trimmed.isEmpty ? "the PostgreSQL server gave no reason" : trimmed
    }
}

final class PostgresConnection: SQLConnection {
    /// The schema that holds Roundel's tables (created when missing), the only one on search_path.
    static let schema = "roundel"
    /// "Rndl": the advisory lock every writer of a database takes first (see `transaction`).
    static let writerLock: Int64 = 0x526E_646C
    /// Connection options Roundel gives when neither the URI nor libpq's environment variable does:
    /// a server that does not answer is given up after 5 s; a TCP connection that goes silent (a
    /// cable pulled, a server frozen) is found dead within about 10 s, whether idle (keepalives
    /// after 3 s, then 3 probes 2 s apart) or waiting for a reply (tcp_user_timeout).
    static let defaultOptions: [(String, String)] = [
        ("connect_timeout", "5"), ("keepalives", "1"), ("keepalives_idle", "3"), ("keepalives_interval", "2"),
        ("keepalives_count", "3"), ("tcp_user_timeout", "9000"), ("fallback_application_name", "roundel"),
    ]
    /// Session settings Roundel makes after connecting, unless the URI's `options` sets them
    /// ("-c statement_timeout=…"): a draw is a few milliseconds of SQL, so a statement running 10 s,
    /// a wait of 5 s for a lock or a transaction left open 30 s means something is wrong, and ends.
    static let sessionTimeouts: [(String, String)] = [
        ("statement_timeout", "10s"), ("lock_timeout", "5s"), ("idle_in_transaction_session_timeout", "30s"),
    ]

    /// The URI without its password, for messages.
    let name: String
    private let handle: OpaquePointer
    /// The SET statements made on every new session (after a reset too).
    private let sessionSetup: String
    /// Inside `transaction` or `snapshot`: a lost connection is not made again behind the body's back.
    private var inTransaction = false

    /// Connects to the database `uri` names (a libpq URI, "postgresql://…", or "key=value …"
    /// connection string), sets the session up and makes the `roundel` schema if it is missing.
    init(uri: String) throws {
        name = PostgresConnection.displayName(uri: uri)
        var message: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(uri, &message) else {
            let text = message.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(message)
            throw PostgresError(sqlstate: nil, message: PostgresConnection.redacting(uri: uri, in: "cannot read the connection URI: " + text),
                                connectionFailed: false)
        }
        defer { PQconninfoFree(parsed) }

        // The URI's own options stand; Roundel's defaults fill in what neither it nor an environment
        // variable gives; client_encoding is always UTF8 (Swift's strings are read and sent as such).
        var options: [(String, String)] = []
        var unset: Set<String> = []
        var index = 0
        while let keyword = parsed[index].keyword {
            let key = String(cString: keyword)
            if let value = parsed[index].val {
                if key != "client_encoding" { options.append((key, String(cString: value))) }
            } else if parsed[index].envvar.flatMap({ getenv($0) }) == nil {
                unset.insert(key)
            }
            index += 1
        }
        // libpq reads these numbers only when it connects, and says so as it says a server is away:
        // found here, a number that is not one is the URI's fault, not the server's.
        for (key, value) in options where ["port", "connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval",
                                           "keepalives_count", "tcp_user_timeout"].contains(key) {
            let numbers = key == "port" ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
            guard numbers.allSatisfy({ $0.isEmpty && key == "port" || Int($0.trimmed(of: " \t")) != nil }) else {
                throw PostgresError(sqlstate: nil, message: PostgresConnection.redacting(uri: uri, in: "the connection option \(key) is \"\(value)\", not a number"),
                                    connectionFailed: false)
            }
        }
        options += PostgresConnection.defaultOptions.filter { unset.contains($0.0) }
        options.append(("client_encoding", "UTF8"))
        let userOptions = options.first { $0.0 == "options" }?.1 ?? ""
        let settings = PostgresConnection.sessionTimeouts.filter { !userOptions.contains($0.0) }
            + [("extra_float_digits", "3")]   // every double read back exactly (shortest exact from PostgreSQL 12 on)
        sessionSetup = settings.map { "SET \($0.0) = '\($0.1)'" }.joined(separator: "; ")

        let connection = PostgresConnection.connect(options)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let text = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw PostgresError(sqlstate: nil, message: PostgresConnection.redacting(uri: uri, in: text), connectionFailed: true)
        }
        handle = connection
        // NOTICEs ("schema … already exists, skipping") would go to stderr.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try setUpSession()
    }

    deinit { PQfinish(handle) }

    private static func connect(_ options: [(String, String)]) -> OpaquePointer? {
        let keywords = options.map { strdup($0.0) } + [nil]
        let values = options.map { strdup($0.1) } + [nil]
        defer { (keywords + values).forEach { free($0) } }
        // expand_dbname 0: the URI was taken apart above, a dbname is a name.
        return PQconnectdbParams(keywords.map { UnsafePointer($0) }, values.map { UnsafePointer($0) }, 0)
    }

    /// Timeouts, exact doubles, and the `roundel` schema, made when missing and the only one searched.
    private func setUpSession() throws {
        let schema = PostgresConnection.schema
        // One round trip; search_path may name the schema before it exists.
        let found = try PostgresResult(PQexec(handle, sessionSetup + "; SET search_path TO \(schema); SELECT count(*) FROM pg_namespace WHERE nspname = '\(schema)'"), on: handle)
        let exists = PostgresRow(result: found.handle, row: 0).int(0) == 1
        found.close()
        guard !exists else { return }
        // Only when missing: CREATE SCHEMA IF NOT EXISTS needs the right to create one even when it exists.
        do {
            try PostgresResult(PQexec(handle, "CREATE SCHEMA IF NOT EXISTS \(schema)"), on: handle).close()
        } catch let error as PostgresError where error.sqlstate == "42501" {
            let role = String(cString: PQuser(handle)), database = String(cString: PQdb(handle))
            throw PostgresError(sqlstate: error.sqlstate, message: "role \"\(role)\" may not create the schema \"\(schema)\" that holds Roundel's tables in database \"\(database)\" (\(error.message)): "
                                + "GRANT CREATE ON DATABASE \"\(database)\" TO \"\(role)\", or have its owner run CREATE SCHEMA \(schema) AUTHORIZATION \"\(role)\"",
                                connectionFailed: false)
        } catch let error as PostgresError where error.sqlstate == "23505" || error.sqlstate == "42P06" {
            // Another kiosk made it in the same moment.
        }
    }

    // MARK: SQLConnection

    func execute(_ sql: String) throws {
        try ready()
        try PostgresResult(PQexec(handle, sql), on: handle).close()
    }

    func query<T>(_ sql: String, _ values: [SQLValue], read: (any SQLRow) throws -> T) throws -> [T] {
        try ready()
        let result = try exec(sql, values)
        defer { result.close() }
        return try (0..<PQntuples(result.handle)).map { try read(PostgresRow(result: result.handle, row: $0)) }
    }

    func run(_ sql: String, _ values: [SQLValue]) throws {
        try ready()
        try exec(sql, values).close()
    }

    /// `body` as one transaction that no other writer of this database runs beside: BEGIN, then the
    /// advisory lock every Roundel writer takes first, so the writers (several kiosks) go one after
    /// another; under READ COMMITTED each statement after the lock sees everything committed before
    /// it, so what `body` reads stays as read until its COMMIT. ROLLBACK if `body` throws.
    /// Not SERIALIZABLE: there two kiosks drawing at once both run, and one fails with a
    /// serialization failure at its commit, to be retried whole (choosing again, from a standing
    /// read again); with the lock the second waits a few milliseconds and never fails for it, and
    /// readers (`snapshot`, history) are not held up at all.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try begin("BEGIN; SELECT pg_advisory_xact_lock(\(PostgresConnection.writerLock))")
        defer { inTransaction = false }
        let value: T
        do {
            value = try body()
        } catch {
            rollBack()
            throw error
        }
        // A COMMIT whose reply is lost (the connection dropped) may or may not have been stored; it is
        // never sent again: the error says so (isConnectionProblem), and the ledger decides by reading
        // the draw back once the server answers.
        let commit = try PostgresResult(PQexec(handle, "COMMIT"), on: handle)
        defer { commit.close() }
        // After an error inside the transaction (one `body` caught), PostgreSQL answers COMMIT with ROLLBACK.
        if String(cString: PQcmdStatus(commit.handle)) == "ROLLBACK" {
            throw PostgresError(sqlstate: "25P02", message: "the transaction was rolled back: a statement in it had failed", connectionFailed: false)
        }
        return value
    }

    /// `body` reading the database as of one moment (its first query): a REPEATABLE READ, READ ONLY
    /// transaction, which takes no lock a writer waits for.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { inTransaction = false }
        let value: T
        do {
            value = try body()
        } catch {
            rollBack()
            throw error
        }
        // Nothing was written: a COMMIT that fails (the connection lost) takes nothing from what was read.
        PQclear(PQexec(handle, "COMMIT"))
        return value
    }

    func hasTable(_ name: String) throws -> Bool {
        try query("SELECT count(*) FROM pg_tables WHERE schemaname = ? AND tablename = ?", [.text(PostgresConnection.schema), .text(name)]) {
            $0.int(0)
        }.first == 1
    }

    func hasColumn(_ column: String, in table: String) throws -> Bool {
        try query("SELECT count(*) FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND column_name = ?",
                  [.text(PostgresConnection.schema), .text(table), .text(column)]) { $0.int(0) }.first == 1
    }

    func schemaVersion() throws -> Int {
        guard try hasTable("schema_version") else { return 0 }
        return try query("SELECT version FROM schema_version WHERE one = 1", []) { $0.int(0) }.first ?? 0
    }

    func setSchemaVersion(_ version: Int) throws {
        try execute("""
            CREATE TABLE IF NOT EXISTS schema_version (one integer PRIMARY KEY CHECK (one = 1), version integer NOT NULL);
            INSERT INTO schema_version (one, version) VALUES (1, \(version)) ON CONFLICT (one) DO UPDATE SET version = excluded.version
            """)
    }

    // MARK: The connection

    /// Before a call outside a transaction: a connection the server closed while it lay idle (a
    /// restart, a fast shutdown: its last words and the end of the stream wait on the socket) is
    /// noticed here, and made again, with its session set up; still away, the call fails at once
    /// (or within connect_timeout). Inside a transaction nothing is made again: the call fails.
    private func ready() throws {
        guard !inTransaction else { return try checkAlive() }
        var waiting = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        for _ in 0..<8 where PQstatus(handle) == CONNECTION_OK && poll(&waiting, 1, 0) > 0 {
            if PQconsumeInput(handle) == 0 { break }
        }
        guard PQstatus(handle) != CONNECTION_OK else { return }
        PQreset(handle)
        try checkAlive()
        try setUpSession()
    }

    private func checkAlive() throws {
        guard PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(sqlstate: nil, message: String(cString: PQerrorMessage(handle)), connectionFailed: true)
        }
    }

    private func begin(_ sql: String) throws {
        guard !inTransaction else {
            throw PostgresError(sqlstate: "25001", message: "a transaction was begun inside another", connectionFailed: false)
        }
        do {
            try execute(sql)
        } catch {
            rollBack()   // BEGIN may have gone through and the lock wait not
            throw error
        }
        inTransaction = true
    }

    private func rollBack() {
        guard PQstatus(handle) == CONNECTION_OK else { return }
        PQclear(PQexec(handle, "ROLLBACK"))
    }

    /// `sql` with its `?`s numbered and `values` sent as text parameters (ints and doubles typed,
    /// so `? + 1` works; text and NULL take the type the statement gives them).
    private func exec(_ sql: String, _ values: [SQLValue]) throws -> PostgresResult {
        let (numbered, count) = PostgresConnection.numberingPlaceholders(sql)
        guard count == values.count else {
            throw PostgresError(sqlstate: "08P01", message: "\(values.count) values for the \(count) placeholders of \(sql)", connectionFailed: false)
        }
        var types: [Oid] = []
        var texts: [UnsafeMutablePointer<CChar>?] = []
        defer { texts.forEach { free($0) } }
        for value in values {
            switch value {
            case .int(let x): types.append(20); texts.append(strdup(String(x)))   // int8
            case .double(let x): types.append(701); texts.append(strdup(PostgresConnection.text(x)))   // float8
            case .text(let s):
                // Sent as a C string, and PostgreSQL's text cannot hold NUL anyway: refused, not cut short.
                guard !s.utf8.contains(0) else {
                    throw PostgresError(sqlstate: "22021", message: "a text holds a NUL character, which PostgreSQL cannot store", connectionFailed: false)
                }
                types.append(0); texts.append(strdup(s))
            case .null: types.append(0); texts.append(nil)
            }
        }
        return try PostgresResult(PQexecParams(handle, numbered, Int32(values.count), types, texts.map { UnsafePointer($0) }, nil, nil, 0), on: handle)
    }

    /// A double as PostgreSQL's float8 reads it back to the same bits: Swift's shortest round-trip
    /// digits ("0.30000000000000004", "-0.0", "1e-300"), and PostgreSQL's words for the non-finite.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return value.description
    }

    /// The ledger's `?` placeholders as PostgreSQL's $1, $2 …, and how many there are; a `?` inside
    /// a quoted literal ('…', E'…', $tag$…$tag$), a quoted identifier ("…") or a comment stays.
    static func numberingPlaceholders(_ sql: String) -> (String, Int) {
        let bytes = Array(sql.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var count = 0
        var i = 0
        func isWordByte(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || b >= 0x80 || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) }
        /// Copies up to and including the first `end` from `i` on (all of it when there is none).
        func copy(through end: [UInt8], backslashEscapes: Bool = false) {
            while i < bytes.count {
                if backslashEscapes, bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    out += bytes[i...i + 1]
                    i += 2
                    continue
                }
                if bytes[i...].starts(with: end) {
                    out += end
                    i += end.count
                    return
                }
                out.append(bytes[i])
                i += 1
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0
            switch byte {
            case UInt8(ascii: "?"):
                count += 1
                out += Array("$\(count)".utf8)
                i += 1
            case UInt8(ascii: "'"):
                // E'…' reads backslash escapes; '' inside a literal is two quotes in a row, which this reads as end and start.
                let escaped = i > 0 && bytes[i - 1] | 0x20 == UInt8(ascii: "e") && (i < 2 || !isWordByte(bytes[i - 2]))
                out.append(byte)
                i += 1
                copy(through: [byte], backslashEscapes: escaped)
            case UInt8(ascii: "\""):
                out.append(byte)
                i += 1
                copy(through: [byte])
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                copy(through: [UInt8(ascii: "\n")])
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                // Block comments nest in PostgreSQL.
                var depth = 0
                repeat {
                    if bytes[i...].starts(with: Array("/*".utf8)) { depth += 1 } else if bytes[i...].starts(with: Array("*/".utf8)) { depth -= 1 } else {
                        out.append(bytes[i])
                        i += 1
                        continue
                    }
                    out += bytes[i...i + 1]
                    i += 2
                } while depth > 0 && i < bytes.count
            case UInt8(ascii: "$") where i == 0 || !isWordByte(bytes[i - 1]):
                // $tag$…$tag$ (tag possibly empty); `$1` is a parameter, copied as it is.
                var end = i + 1
                if end < bytes.count, !(bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) {
                    while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "$") {
                    let tag = Array(bytes[i...end])
                    out += tag
                    i = end + 1
                    copy(through: tag)
                } else {
                    out.append(byte)
                    i += 1
                }
            default:
                out.append(byte)
                i += 1
            }
        }
        return (String(decoding: out, as: UTF8.self), count)
    }

    // MARK: Names without passwords

    /// `uri` with its password left out: the "user:password@" of a URI, a `password=` in its query
    /// or in a "key=value" string. For messages; the connection itself uses `uri` as given.
    static func displayName(uri: String) -> String {
        for scheme in ["postgresql://", "postgres://"] where uri.hasPrefix(scheme) {
            var rest = Substring(uri.dropFirst(scheme.count))
            var query: Substring = ""
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            }
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<slash]
            let path = rest[slash...]
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                let user = userInfo.firstIndex(of: ":").map { userInfo[..<$0] } ?? userInfo
                authority = user + authority[at...]
            }
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { !$0.hasPrefix("password=") && !$0.hasPrefix("sslpassword=") }
            return scheme + authority + path + (kept.isEmpty || kept == [""] ? "" : "?" + kept.joined(separator: "&"))
        }
        return withoutPasswords(connectionString: uri)
    }

    /// A "key=value …" connection string without its password and sslpassword (values possibly
    /// 'quoted', with \' and \\ inside).
    private static func withoutPasswords(connectionString: String) -> String {
        var out: [String] = []
        var rest = Substring(connectionString)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard !rest.isEmpty else { break }
            let key = rest.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else {
                out.append(String(key))
                continue
            }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "'" {
                var escaped = false
                var end = rest.index(after: rest.startIndex)
                while end < rest.endIndex, escaped || rest[end] != "'" {
                    escaped = !escaped && rest[end] == "\\"
                    end = rest.index(after: end)
                }
                let stop = end < rest.endIndex ? rest.index(after: end) : end
                value = String(rest[..<stop])
                rest = rest[stop...]
            } else {
                value = String(rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" })
                rest = rest.dropFirst(value.count)
            }
            if key != "password" && key != "sslpassword" { out.append(key + "=" + value) }
        }
        return out.joined(separator: " ")
    }

    /// `message` with anything of `uri`'s password it quotes (libpq quotes a bad part of a URI) left out.
    static func redacting(uri: String, in message: String) -> String {
        let shown = displayName(uri: uri)
        guard shown != uri else { return message }
        var secrets: Set<String> = []
        if let scheme = ["postgresql://", "postgres://"].first(where: { uri.hasPrefix($0) }) {
            let authority = uri.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                secrets.insert(String(authority[authority.index(after: colon)..<at]))
            }
            for part in uri.split(separator: "?").dropFirst().joined().split(separator: "&") where part.hasPrefix("password=") || part.hasPrefix("sslpassword=") {
                secrets.insert(String(part.drop { $0 != "=" }.dropFirst()))
            }
        } else {
            for word in uri.split(whereSeparator: \.isWhitespace) where word.hasPrefix("password=") || word.hasPrefix("sslpassword=") {
                secrets.insert(String(word.drop { $0 != "=" }.dropFirst()).trimmed(of: "'"))
            }
        }
        var text = message
        for secret in secrets.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            text = text.replacingAll(secret, with: "…")
            if let decoded = secret.removingPercentEncodingIfValid, decoded != secret { text = text.replacingAll(decoded, with: "…") }
        }
        return text
    }
}

/// One PGresult, checked: a statement the server refused, or a connection that failed, throws.
private struct PostgresResult {
    let handle: OpaquePointer

    init(_ result: OpaquePointer?, on connection: OpaquePointer) throws {
        guard let result else {
            throw PostgresError(sqlstate: nil, message: String(cString: PQerrorMessage(connection)), connectionFailed: PQstatus(connection) != CONNECTION_OK)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            let sqlstate = PQresultErrorField(result, roundel_pg_diag_sqlstate()).map { String(cString: $0) }
            // The server's own line ("duplicate key value violates …"); libpq's whole message when it has none.
            let message = PQresultErrorField(result, roundel_pg_diag_message_primary()).map { String(cString: $0) }
                ?? String(cString: PQresultErrorMessage(result))
            PQclear(result)
            throw PostgresError(sqlstate: sqlstate, message: message, connectionFailed: PQstatus(connection) != CONNECTION_OK)
        }
        handle = result
    }

    func close() { PQclear(handle) }
}

/// A row of a result, read in text format (NULL by PQgetisnull).
private struct PostgresRow: SQLRow {
    let result: OpaquePointer
    let row: Int32

    func isNull(_ column: Int) -> Bool { PQgetisnull(result, row, Int32(column)) != 0 }

    /// An integer column; a numeric ("42", what sum() of bigints gives) or a boolean ("t"/"f") reads
    /// as SQLite would give it.
    func int(_ column: Int) -> Int {
        let value = text(column)
        if let number = Int(value) { return number }
        if value == "t" || value == "f" { return value == "t" ? 1 : 0 }
        return Double(value).flatMap { Int(exactly: $0.rounded(.towardZero)) } ?? 0
    }

    func double(_ column: Int) -> Double { Double(text(column)) ?? 0 }

    func text(_ column: Int) -> String {
        guard let bytes = PQgetvalue(result, row, Int32(column)) else { return "" }
        let count = Int(PQgetlength(result, row, Int32(column)))
        return bytes.withMemoryRebound(to: UInt8.self, capacity: count) { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) }
    }
}

private extension String {
    func trimmed(of set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while !rest.isEmpty {
            if rest.starts(with: target) {
                out += replacement
                rest = rest.dropFirst(target.count)
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }

    /// Percent-decoded, when every % starts two hex digits and the bytes are UTF-8.
    var removingPercentEncodingIfValid: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
