// What the ledger needs of a database, whichever holds the record: an SQLite file on this machine
// (Database, SQLite.swift) or a PostgreSQL server several kiosks share (PostgresConnection). The
// ledger writes its SQL once, in what both understand (`?` placeholders, RETURNING, ON CONFLICT), and
// says which tables and columns a record has through `hasTable`/`hasColumn` rather than each
// database's own catalog. Everything that differs (how a file or a server is opened and checked,
// how its schema is created, how writers are kept apart) stays in the two connections and Ledger's
// two `open`s.

/// A value to bind to a statement's `?`.
enum SQLValue: Equatable {
    case int(Int64)
    case double(Double)
    case text(String)
    case null

    static func int(_ value: Int) -> SQLValue { .int(Int64(value)) }
    static func optional(_ value: Int?) -> SQLValue { value.map { .int(Int64($0)) } ?? .null }
    static func optional(_ value: Double?) -> SQLValue { value.map { .double($0) } ?? .null }
    static func optional(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
}

/// The current row of a query, read by column (from 0).
protocol SQLRow {
    func isNull(_ column: Int) -> Bool
    func int(_ column: Int) -> Int
    func double(_ column: Int) -> Double
    func text(_ column: Int) -> String
}

extension SQLRow {
    func optionalInt(_ column: Int) -> Int? { isNull(column) ? nil : int(column) }
    func optionalDouble(_ column: Int) -> Double? { isNull(column) ? nil : double(column) }
    func optionalText(_ column: Int) -> String? { isNull(column) ? nil : text(column) }
}

/// A connection to the database that holds a record of draws.
protocol SQLConnection: AnyObject {
    /// Runs one or more statements that take no values and return no rows (DDL, settings).
    func execute(_ sql: String) throws
    /// Runs `sql` with `values` bound to its `?`s in order, and returns each row read by `read`.
    func query<T>(_ sql: String, _ values: [SQLValue], read: (any SQLRow) throws -> T) throws -> [T]
    /// Runs `sql` (an insert, update or delete) with `values`.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// `body` as one transaction that no other writer of the record runs beside: everything it reads
    /// stays as read until its commit, and afterwards either all of it is stored or none of it.
    func transaction<T>(_ body: () throws -> T) throws -> T
    /// `body` reading the record as of one moment, whatever is committed meanwhile.
    func snapshot<T>(_ body: () throws -> T) throws -> T
    /// Whether the record has table `name`.
    func hasTable(_ name: String) throws -> Bool
    /// Whether table `table` has column `column`.
    func hasColumn(_ column: String, in table: String) throws -> Bool
    /// The version of the record's tables (0: none yet), as the ledger last set it.
    func schemaVersion() throws -> Int
    /// Notes `version` (inside the transaction that brought the tables to it).
    func setSchemaVersion(_ version: Int) throws
}

extension SQLConnection {
    func query<T>(_ sql: String, read: (any SQLRow) throws -> T) throws -> [T] { try query(sql, [], read: read) }
    func run(_ sql: String) throws { try run(sql, []) }
}
