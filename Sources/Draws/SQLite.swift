// The little of SQLite's C API the ledger uses (an SQLConnection, SQLConnection.swift): a connection, prepared statements with bound values,
// a write and a read transaction helper. Every failure is an SQLiteError with SQLite's result code
// and message; the Ledger turns them into one-line DrawErrors that name the file. Text is bound as
// a copy (SQLITE_TRANSIENT), so no Swift buffer has to outlive a call.
import CSQLite

/// What SQLite reported: its primary result code (SQLITE_BUSY, SQLITE_CORRUPT …) and message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { message }

    init(code: Int32, message: String) {
        self.code = code & 0xFF
        self.message = message
    }

    init(code: Int32, connection: OpaquePointer?) {
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text)
    }
}

final class Database: SQLConnection {
    let handle: OpaquePointer

    /// Opens (and with `create`, creates) the database file at `path` (":memory:" for one in memory).
    /// `immutable`: read the file alone, as it is (no journal, no lock, nothing written: SQLite's
    /// `immutable=1`), for a record on a disk nothing may be written to.
    init(path: String, create: Bool, readOnly: Bool = false, immutable: Bool = false) throws {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
            | SQLITE_OPEN_FULLMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
        let status = sqlite3_open_v2(immutable ? Database.uri(path) + "?immutable=1" : path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let error = SQLiteError(code: status, connection: db)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        // A reader (history while the kiosk writes) waits for a checkpoint instead of failing at once.
        sqlite3_busy_timeout(db, 3000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:` and the path, with what a URI would read otherwise (%, ?, #, and bytes outside
    /// printable ASCII) percent-encoded.
    static func uri(_ path: String) -> String {
        var out = "file:"
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw SQLiteError(code: status, connection: handle) }
    }

    func prepare(_ sql: String) throws -> Statement { try Statement(database: self, sql: sql) }

    /// Runs `sql` with `values` and returns each row read by `read`.
    func query<T>(_ sql: String, _ values: [SQLValue], read: (any SQLRow) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(try read(statement)) }
        return rows
    }

    /// Runs `sql` (an insert, update or delete) with `values`.
    func run(_ sql: String, _ values: [SQLValue]) throws {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// `body` as one transaction: BEGIN IMMEDIATE (the write lock is taken first, so nothing read
    /// inside can change before the commit), COMMIT, or ROLLBACK if `body` throws. Either all of it
    /// is on disk afterwards or none of it.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `body` as one read transaction: BEGIN (deferred: no lock is taken, so a writer goes on), and in
    /// WAL mode every query inside sees the database as of the first one, whatever is committed meanwhile.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    func hasTable(_ name: String) throws -> Bool {
        try query("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)]) { $0.int(0) }.first == 1
    }

    func schemaVersion() throws -> Int { try query("PRAGMA user_version") { $0.int(0) }.first ?? 0 }

    func setSchemaVersion(_ version: Int) throws { try execute("PRAGMA user_version = \(version)") }

    func hasColumn(_ column: String, in table: String) throws -> Bool {
        try query("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]) { $0.int(0) }.first == 1
    }
}

final class Statement: SQLRow {
    let handle: OpaquePointer
    private let connection: OpaquePointer

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteError(code: status, connection: database.handle) }
        handle = statement
        connection = database.handle
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters 1…n.
    func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let status: Int32
            switch value {
            case .int(let x): status = sqlite3_bind_int64(handle, index, x)
            case .double(let x): status = sqlite3_bind_double(handle, index, x)
            case .text(let s):
                // Its length in bytes, not -1 (up to the first NUL): a text is stored whole, as hashed.
                guard let length = Int32(exactly: s.utf8.count) else { throw SQLiteError(code: SQLITE_TOOBIG, connection: connection) }
                status = sqlite3_bind_text(handle, index, s, length, roundel_sqlite_transient())
            case .null: status = sqlite3_bind_null(handle, index)
            }
            guard status == SQLITE_OK else { throw SQLiteError(code: status, connection: connection) }
        }
    }

    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: status, connection: connection)
        }
    }

    func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }
    func int(_ column: Int) -> Int { Int(sqlite3_column_int64(handle, Int32(column))) }
    func double(_ column: Int) -> Double { sqlite3_column_double(handle, Int32(column)) }
    func text(_ column: Int) -> String {
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
