// The record of every draw: one SQLite database per event (`--state`). A rollback journal kept in
// place (journal_mode=PERSIST) with synchronous=FULL, and each draw is one transaction (the draw, its
// round when new, and so the stock spent and the removal, which are read back from the draws)
// committed before the wheel turns: after a power cut at any moment the file holds the whole draw or
// none of it, and a committed draw is in the database file itself, not in a journal beside it.
// What each entry has won, how much stock is left and who was removed are derived from the draws of
// the open event, never kept twice. One process holds a database for writing at a time (an flock on
// `<file>.lock`, released by the kernel if the process dies); readers (`roundel history`) need no lock.
// Draw numbers are never given twice, and lost draws never go unnoticed: the newest draw ever recorded
// is kept apart from the draws (`newest_draw`), and apart from the file (its witness, Witness.swift),
// so deleting draws, or the storage losing them, shows in `verify`, and a file that lost draws is
// not drawn into. A file that is not a Roundel database, is corrupt, was altered or comes from a newer
// Roundel is refused, never recreated or overwritten. docs/architecture.md, "The record of draws",
// says which failure each measure covers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import Files

// Sendable without checks: SQLite's connection is opened serialized (SQLITE_OPEN_FULLMUTEX), and the
// window hands the ledger from the thread that loads the scenes to the one that draws, never sharing it.
public final class Ledger: @unchecked Sendable {
    /// The database file (":memory:" for a ledger that lives as long as the process).
    public let path: String
    let db: any SQLConnection
    private(set) var lockDescriptor: Int32 = -1
    /// The witness beside the file (nil in memory), and where it is (also for a reader).
    private var witness: WitnessFile?
    private var witnessPath: String?
    /// A draw committed whose witness could not be written: written before the next draw, or that
    /// draw is refused (a draw is never made that a witness has not caught up with).
    private var unwitnessed: Witnessed?
    /// The event new draws belong to.
    public internal(set) var event: Int = 1
    /// The file has schema 3's `prize` columns (a file of an earlier schema read as it is has not:
    /// every draw and entry there was a prize).
    private(set) var hasPrizeColumns = true
    /// The file has schema 5's `station` column.
    private var hasStationColumn = true
    /// The name new draws record as the kiosk that made them (nil: none, as in memory).
    public var station: String?
    /// Opened on a server for drawing (LedgerOnServer.swift).
    var drawsOnServer = false
    /// The server's URI as given (with any password: never shown; `path` is its display name).
    var serverURI: String?

    /// Schema of the tables below; a file with a higher number comes from a newer Roundel.
    /// 1: events, rounds, entries, draws. 2: `newest_draw` (see `addNewestDraw`). 3: `prize` on
    /// entries and draws (see `addPrizeFlags`). 4: `settings` and `removal_changes` (see
    /// `addWindowChanges`, LedgerChanges.swift). 5: `station` on draws (see `addStation`).
    public static let schemaVersion = 5
    /// "Rndl": marks the file as Roundel's (PRAGMA application_id).
    static let applicationID: Int32 = 0x526E_646C

    /// The default place: $XDG_STATE_HOME/roundel/roundel.db, or ~/.local/state/roundel/roundel.db.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/roundel/roundel.db" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/roundel/roundel.db"
    }

    init(path: String, db: any SQLConnection) {
        self.path = path
        self.db = db
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// A ledger in memory (renders, tests): the same rules, nothing kept.
    public static func inMemory() -> Ledger {
        // An in-memory database cannot fail to open short of running out of memory.
        let db = try! Database(path: ":memory:", create: true)
        let ledger = Ledger(path: ":memory:", db: db)
        try! ledger.upgradeSchema(from: 0)
        ledger.event = 1
        return ledger
    }

    /// Opens the database at `path` for drawing, creating it if it does not exist (with
    /// `createDirectories`, its missing directories too, mode 0700). Takes the file's lock: a second
    /// Roundel gets "in use". Checks that the file is Roundel's, of a schema this Roundel knows, not
    /// corrupt, and whole: no draw changed or missing, by its chain and by its witness (a file emptied,
    /// deleted or put back from an older copy after draws were made is refused, `isAltered`). Nothing
    /// is written to a file that fails a check. A path through a symbolic link is the file it names:
    /// its lock, journal and witness lie beside that file, so two paths to one file share one lock.
    public static func open(path: String, createDirectories: Bool = false) throws(DrawError) -> Ledger {
        if isServer(path) { return try connect(uri: path, forDrawing: true) }
        guard !path.isEmpty, !path.contains("\0") else { throw .state(path, "is not a file name") }
        if createDirectories { makeDirectories(parentDirectory(of: path)) }
        let real = realPath(path)
        let directory = parentDirectory(of: real)
        var info = stat()
        let exists = stat(real, &info) == 0
        if exists {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .state(path, info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "is not a regular file")
            }
        } else {
            var dirInfo = stat()
            guard stat(directory, &dirInfo) == 0, dirInfo.st_mode & S_IFMT == S_IFDIR else {
                throw .state(path, "cannot be created: no directory '\(directory)'")
            }
        }
        guard access(directory, W_OK) == 0 else {
            throw .state(path, exists
                ? "its directory '\(directory)' is read-only (SQLite writes its journal next to the file)"
                : "cannot be created: the directory '\(directory)' is read-only")
        }
        // SQLite would open a file it may not write read-only, and every draw would fail.
        guard !exists || access(real, W_OK) == 0 else {
            throw .state(path, "is read-only (\(String(cString: strerror(errno)))); make it writable, e.g. chmod u+w")
        }
        let witnessPath = WitnessFile.path(for: real)
        let witness = try readWitness(witnessPath, for: path)
        if !exists || info.st_size == 0, case .found(let seen, _) = witness, seen.draw > 0 {
            throw lostEverything(path, draws: seen.draw, gone: !exists, witnessPath: witnessPath)
        }
        if exists {
            // Checked before anything is written next to it (its lock file among them).
            try checkHeader(path: real, named: path)
            do { try check(try Database(path: real, create: false), path: path) } catch let error as DrawError {
                throw error
            } catch {
                throw .state(path, describe(error))
            }
            try repairSharedMemory(of: real, named: path)
        }
        let lock = try takeLock(path: real, named: path)
        let db: Database
        do { db = try Database(path: real, create: true) } catch {
            close(lock)
            throw .state(path, describe(error))
        }
        let ledger = Ledger(path: path, db: db)
        ledger.lockDescriptor = lock
        ledger.witnessPath = witnessPath
        do {
            try check(db, path: path)
            // Read again under the lock: a Roundel that had the file may have drawn since.
            let witness = try readWitness(witnessPath, for: path)
            let version = try ledger.userVersion()
            try ledger.readColumns()
            if version > 0 {
                let problems = try ledger.problems(witness: witness)
                if !problems.isEmpty { throw untrusted(path, problems: problems) }
            } else if case .found(let seen, _) = witness, seen.draw > 0 {
                // An SQLite file with no tables in the record's place (made by some other tool).
                throw lostEverything(path, draws: seen.draw, gone: false, witnessPath: witnessPath, tableless: true)
            } else if witness == .damaged {
                throw untrusted(path, problems: [damagedWitness(witnessPath, of: path)])
            }
            // A file an earlier Roundel left in WAL mode is checkpointed and leaves it here.
            try db.execute("PRAGMA journal_mode=PERSIST; PRAGMA journal_size_limit=1048576; PRAGMA synchronous=FULL;")
            // A `newest_draw` deleted or dropped by hand is not made again: the file is refused above.
            if version < Ledger.schemaVersion { try ledger.upgradeSchema(from: version) }
            try ledger.readColumns()
            ledger.event = try ledger.openEventNumber()
            let newest = try ledger.newestDraw()
            do {
                let current = Witnessed(draw: newest.draw, hash: newest.hash)
                ledger.witness = try WitnessFile(path: witnessPath, current: current, reading: witness)
                // A draw whose witness could not be written before its Roundel stopped: caught up now.
                if case .found(let seen, _) = witness, seen.draw < current.draw { try ledger.witness?.write(current) }
            } catch {
                throw DrawError.state(path, "its witness '\(witnessName(witnessPath, of: path))' \(error.problem)")
            }
        } catch let error as DrawError {
            throw error
        } catch {
            throw .state(path, describe(error))
        }
        return ledger
    }

    /// Opens an existing database to read its history (no lock: the kiosk may be drawing meanwhile).
    /// Reads whatever can be read: a file on a read-only or full disk, or in a folder this user may
    /// not write, is read as it is on disk (SQLite's immutable mode), and `readAsItIs` says why.
    /// A file gone or emptied after its witness saw draws is an error with `isAltered`.
    public static func openForReading(path: String) throws(DrawError) -> Ledger {
        if isServer(path) { return try connect(uri: path, forDrawing: false) }
        let real = realPath(path)
        let witnessPath = WitnessFile.path(for: real)
        var info = stat()
        guard stat(real, &info) == 0 else {
            if case .found(let seen, _) = try readWitness(witnessPath, for: path), seen.draw > 0 {
                throw lostEverything(path, draws: seen.draw, gone: true, witnessPath: witnessPath)
            }
            throw .state(path, "no such file (no draw has been recorded there)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .state(path, info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "is not a regular file")
        }
        if info.st_size == 0, case .found(let seen, _) = try readWitness(witnessPath, for: path), seen.draw > 0 {
            throw lostEverything(path, draws: seen.draw, gone: false, witnessPath: witnessPath)
        }
        try checkHeader(path: real, named: path)
        func attempt(_ db: Database) throws -> Ledger {
            let ledger = Ledger(path: path, db: db)
            ledger.witnessPath = witnessPath
            try check(db, path: path)
            guard try ledger.userVersion() > 0 else {
                if case .found(let seen, _) = try readWitness(witnessPath, for: path), seen.draw > 0 {
                    throw lostEverything(path, draws: seen.draw, gone: false, witnessPath: witnessPath, tableless: true)
                }
                throw DrawError.state(path, "holds no draws (an empty database)")
            }
            try ledger.readColumns()
            ledger.event = try ledger.openEventNumber()
            return ledger
        }
        let writableFolder = access(parentDirectory(of: real), W_OK) == 0
        do {
            return try attempt(try Database(path: real, create: false, readOnly: !writableFolder))
        } catch let error as DrawError {
            throw error
        } catch let error as SQLiteError where [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_BUSY].contains(error.code) {
            // SQLite could not take its usual way in (a journal to roll back, or an earlier
            // Roundel's WAL index to make, where nothing may be written): the file alone, as it is.
            do {
                let ledger = try attempt(try Database(path: real, create: false, readOnly: true, immutable: true))
                ledger.readAsItIs = (writableFolder ? describe(error) : "its folder cannot be written")
                    + "; read as it is on disk, without a draw being recorded at this moment"
                return ledger
            } catch let error as DrawError {
                throw error
            } catch {
                throw .state(path, describe(error))
            }
        } catch {
            throw .state(path, describe(error))
        }
    }

    /// Why the record was read as it is on disk, when it was (`openForReading`).
    public private(set) var readAsItIs: String?

    /// The file `path` names: itself, or when it is a symbolic link, the link's target (which may not
    /// exist yet). (Links among its folders need no resolving: files beside it are reached through them.)
    static func realPath(_ path: String) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return path }
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // A link to a file not made yet: where it points.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return path }
        let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : parentDirectory(of: path) + "/" + target
    }

    // MARK: Checks

    /// A non-empty file must start like an SQLite database: anything else is refused before SQLite
    /// touches it (SQLite would treat some files as empty databases and write to them).
    private static func checkHeader(path: String, named name: String) throws(DrawError) {
        let header: [UInt8]
        do { header = try readPrefix(path, count: 16) } catch { throw .state(name, error.problem) }
        guard !header.isEmpty else { return }
        guard header == Array("SQLite format 3\0".utf8) else {
            throw .state(name, "is not a Roundel state database (not an SQLite file); give another --state file")
        }
    }

    /// The witness at `witnessPath`, or an error naming it when it cannot be read.
    private static func readWitness(_ witnessPath: String, for path: String) throws(DrawError) -> WitnessReading {
        do { return try WitnessFile.read(path: witnessPath) } catch {
            throw .state(path, "its witness '\(witnessName(witnessPath, of: path))' cannot be read (\(error.problem))")
        }
    }

    /// The witness as messages name it: its file name, beside the state file as the user named it; its
    /// whole path when it lies elsewhere (beside a symbolic link's target).
    static func witnessName(_ witnessPath: String, of path: String) -> String {
        guard WitnessFile.path(for: path) == witnessPath, let slash = witnessPath.lastIndex(of: "/") else { return witnessPath }
        return String(witnessPath[witnessPath.index(after: slash)...])
    }

    /// A file that is gone or empty while its witness saw `draws` draws recorded in it.
    private static func lostEverything(_ path: String, draws: Int, gone: Bool, witnessPath: String, tableless: Bool = false) -> DrawError {
        DrawError(subject: "state '\(path)'", problem: "\(missing(1...draws)): the file is \(gone ? "gone" : tableless ? "an empty database" : "empty"), "
                  + "but its witness '\(witnessName(witnessPath, of: path))' saw \(draws == 1 ? "a draw" : "\(draws) draws") recorded there; "
                  + "put back a copy of the file, or move the witness away to start a new record", isAltered: true)
    }

    /// A record that lost or changed draws: refused for drawing, named by its first problem.
    static func untrusted(_ path: String, problems: [String]) -> DrawError {
        let others = problems.count - 1
        let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"))" : ""
        return DrawError(subject: "state '\(path)'", problem: "the record was altered or lost draws, so no draw is made into it: "
                         + problems[0] + more + "; keep the file for the event's records (roundel history lists it) and give another --state file",
                         isAltered: true)
    }

    private static func damagedWitness(_ witnessPath: String, of path: String) -> String {
        "its witness '\(witnessName(witnessPath, of: path))' is damaged, so lost draws could not be noticed (if roundel history lists every draw, move it away)"
    }

    /// An earlier Roundel ran the file in WAL mode, and SQLite made its index (`-shm`) with the file's
    /// mode then: one left read-only would make every draw fail after the file became writable again.
    private static func repairSharedMemory(of path: String, named name: String) throws(DrawError) {
        let index = path + "-shm"
        var info = stat(), fileInfo = stat()
        guard stat(index, &info) == 0, access(index, W_OK) != 0, stat(path, &fileInfo) == 0 else { return }
        guard chmod(index, (info.st_mode | fileInfo.st_mode) & 0o666) == 0 else {
            throw .state(name, "SQLite's index '\(index)' is read-only and cannot be made writable (\(String(cString: strerror(errno)))); remove it")
        }
    }

    /// Roundel's (or empty), of a known schema, and whole.
    private static func check(_ db: Database, path: String) throws {
        let id = try db.query("PRAGMA application_id") { $0.int(0) }.first ?? 0
        let version = try db.query("PRAGMA user_version") { $0.int(0) }.first ?? 0
        let tables = try db.query("SELECT count(*) FROM sqlite_schema") { $0.int(0) }.first ?? 0
        if id != Int(Ledger.applicationID) && (tables > 0 || version != 0) {
            throw DrawError.state(path, "is an SQLite database of another program, not Roundel's; give another --state file")
        }
        if version > Ledger.schemaVersion {
            throw DrawError.state(path, "was written by a newer Roundel (schema \(version); this one knows up to \(Ledger.schemaVersion)); update Roundel")
        }
        let result = try db.query("PRAGMA quick_check") { $0.text(0) }
        guard result == ["ok"] else {
            throw DrawError.state(path, "is damaged (SQLite: \(result.first ?? "no answer")); keep a copy and give another --state file")
        }
    }

    private func userVersion() throws -> Int { try db.schemaVersion() }

    /// Brings the tables from `version` (0: a new, empty file) to `schemaVersion` as one transaction:
    /// the file is either as it was or wholly upgraded. Each step adds what its version added, so a new
    /// file and an upgraded one have the same tables. (Only a writer upgrades: `openForReading` reads
    /// an older file as it is.)
    private func upgradeSchema(from version: Int) throws {
        try db.transaction {
            if version < 1 { try createTables() }
            if version < 2 { try addNewestDraw() }
            if version < 3 { try addPrizeFlags() }
            if version < 4 { try addWindowChanges() }
            if version < 5 { try addStation() }
            try db.setSchemaVersion(Ledger.schemaVersion)
        }
    }

    /// Version 1: events, rounds, their entries and the draws, and event 1 opened.
    private func createTables() throws {
        try db.execute("""
            PRAGMA application_id = \(Ledger.applicationID);
            CREATE TABLE events (
                event INTEGER PRIMARY KEY,
                opened TEXT NOT NULL,
                closed TEXT
            );
            CREATE TABLE rounds (
                round INTEGER PRIMARY KEY,
                event INTEGER NOT NULL REFERENCES events(event),
                started TEXT NOT NULL,
                source TEXT NOT NULL,
                config_hash TEXT NOT NULL,
                entries_hash TEXT NOT NULL
            );
            CREATE TABLE entries (
                round INTEGER NOT NULL REFERENCES rounds(round),
                idx INTEGER NOT NULL,
                text TEXT NOT NULL,
                value REAL NOT NULL,
                weight REAL NOT NULL,
                stock INTEGER,
                PRIMARY KEY (round, idx)
            ) WITHOUT ROWID;
            CREATE TABLE draws (
                draw INTEGER PRIMARY KEY,
                time TEXT NOT NULL,
                event INTEGER NOT NULL REFERENCES events(event),
                round INTEGER NOT NULL REFERENCES rounds(round),
                idx INTEGER NOT NULL,
                text TEXT NOT NULL,
                value REAL NOT NULL,
                occurrence INTEGER NOT NULL,
                chosen_by TEXT NOT NULL,
                seed TEXT,
                random REAL,
                total REAL NOT NULL,
                range_from REAL NOT NULL,
                range_to REAL NOT NULL,
                odds_hash TEXT NOT NULL,
                removed INTEGER NOT NULL,
                stock_left INTEGER,
                remaining INTEGER NOT NULL,
                profile TEXT NOT NULL,
                rotation REAL,
                previous_hash TEXT NOT NULL,
                hash TEXT NOT NULL
            );
            CREATE INDEX draws_by_event ON draws(event, text, occurrence);
            """)
        try db.run("INSERT INTO events (event, opened) VALUES (1, ?)", [.text(Timestamp.now())])
    }

    /// Version 2: the newest draw ever recorded, its number and hash, in a row of its own that each
    /// draw updates in its transaction. Deleting rows from `draws` leaves it as it was, so `verify`
    /// notices a deleted newest draw (a gap showed only in the middle) and the next draw takes the
    /// next number, never one already given, chained to the draw really recorded last. A row rather
    /// than AUTOINCREMENT (sqlite_sequence): it keeps the hash as well as the number, and adding it
    /// needs no rebuild of the draws table. A file upgraded from version 1 starts from its newest row
    /// as it is then: a draw deleted before the upgrade cannot be known.
    private func addNewestDraw() throws {
        try db.execute("""
            CREATE TABLE newest_draw (
                one INTEGER PRIMARY KEY CHECK (one = 1),
                draw INTEGER NOT NULL,
                hash TEXT NOT NULL
            );
            INSERT INTO newest_draw (one, draw, hash)
                SELECT 1, coalesce(max(draw), 0), coalesce((SELECT hash FROM draws ORDER BY draw DESC LIMIT 1), '') FROM draws;
            """)
    }

    /// Version 3: whether an entry is a prize, and whether a draw won one (a "Try again" slice does
    /// not). Every row already there was a prize: the columns default to 1, and a prize's hash has no
    /// field for it (DrawRecord.hashedText), so the chain of every earlier draw verifies as before.
    private func addPrizeFlags() throws {
        try db.execute("""
            ALTER TABLE entries ADD COLUMN prize INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE draws ADD COLUMN prize INTEGER NOT NULL DEFAULT 1;
            """)
    }

    /// Version 5: which kiosk made each draw, so several sharing one record (a PostgreSQL server) can
    /// be told apart. Earlier draws have none (NULL), and their hashes stay as they were.
    private func addStation() throws {
        try db.execute("ALTER TABLE draws ADD COLUMN station TEXT;")
    }

    /// Notes which of the later columns the file has (`hasPrizeColumns`, `hasStationColumn`), for the
    /// queries that read them.
    func readColumns() throws {
        hasPrizeColumns = try db.hasColumn("prize", in: "draws")
        hasStationColumn = try db.hasColumn("station", in: "draws")
    }

    /// The columns of `draws` a DrawRecord is read from, in `DrawRecord.init(_:)`'s order.
    var drawSelect: String { DrawRecord.select(prize: hasPrizeColumns, station: hasStationColumn) }

    /// Whether the file has `newest_draw` (version 2 on; a version 1 file opened for reading has not).
    private func keepsNewestDraw() throws -> Bool {
        try db.hasTable("newest_draw")
    }

    /// The newest draw ever recorded (number 0, hash "" before the first). The kept row, unless the
    /// draws hold a newer one (a version 1 file, or a row added by hand): a new draw never takes a
    /// number already in the file.
    func newestDraw() throws -> (draw: Int, hash: String) {
        let row = try db.query("SELECT draw, hash FROM draws ORDER BY draw DESC LIMIT 1") { (draw: $0.int(0), hash: $0.text(1)) }.first
        let kept = try keptNewestDraw()
        if let row, row.draw > kept?.draw ?? 0 { return row }
        return kept ?? (0, "")
    }

    /// `newest_draw`'s row; nil in a version 1 file, or when it was deleted or dropped by hand.
    private func keptNewestDraw() throws -> (draw: Int, hash: String)? {
        try keepsNewestDraw() ? try db.query("SELECT draw, hash FROM newest_draw WHERE one = 1") { (draw: $0.int(0), hash: $0.text(1)) }.first : nil
    }

    /// The next draw's number and the hash it chains to; an error, not a trap, when a row added by
    /// hand took the last number there is.
    private func nextDraw() throws -> (draw: Int, previousHash: String) {
        let newest = try newestDraw()
        guard newest.draw < Int.max else { throw DrawError.state(path, "has no draw number left (draw \(Int.max) was added by hand)") }
        return (newest.draw + 1, newest.hash)
    }

    func openEventNumber() throws -> Int {
        try db.query("SELECT max(event) FROM events WHERE closed IS NULL") { $0.optionalInt(0) }.first.flatMap { $0 } ?? 1
    }

    // MARK: Reading

    /// What each entry has won in the open event.
    public func winnings() throws(DrawError) -> [EntryKey: Winnings] {
        try sql { try eventWinnings() }
    }

    /// What each entry has won in the open event, and whether it is off the wheel: removed by a draw
    /// (afterWin "remove") unless put back since, or taken off in the window (LedgerChanges.swift).
    func eventWinnings() throws -> [EntryKey: Winnings] {
        var result: [EntryKey: Winnings] = [:]
        for row in try db.query("SELECT text, occurrence, count(*), max(CASE WHEN removed != 0 THEN draw END) FROM draws WHERE event = ? GROUP BY text, occurrence",
                                [.int(event)], read: { ($0.text(0), $0.int(1), $0.int(2), $0.optionalInt(3)) }) {
            result[EntryKey(text: row.0, occurrence: row.1)] = Winnings(count: row.2, removed: row.3 != nil, removedBy: row.3)
        }
        try applyRemovalChanges(to: &result)
        return result
    }

    /// The open event's latest round, if it has one.
    public func latestRound() throws(DrawError) -> Round? { try latestRound(inEvent: event) }

    /// Event `number`'s latest round (its list as it last stood), if it has one.
    public func latestRound(inEvent number: Int) throws(DrawError) -> Round? {
        try sql {
            guard let head = try db.query("SELECT round, source, config_hash FROM rounds WHERE event = ? ORDER BY round DESC LIMIT 1",
                                          [.int(number)], read: { ($0.int(0), $0.text(1), $0.text(2)) }).first else { return nil }
            return Round(number: head.0, source: head.1, configHash: head.2, entries: try entries(ofRound: head.0))
        }
    }

    /// Round `number`'s list, in order (every entry a prize in a file from before schema 3).
    func entries(ofRound number: Int) throws -> [Entry] {
        try db.query("SELECT text, value, weight, stock, \(hasPrizeColumns ? "prize" : "1") FROM entries WHERE round = ? ORDER BY idx",
                     [.int(number)]) {
            Entry(text: $0.text(0), value: $0.double(1), weight: $0.double(2), stock: $0.optionalInt(3), prize: $0.int(4) != 0)
        }
    }

    /// The open event's latest draw.
    public func lastDraw() throws(DrawError) -> DrawRecord? {
        try sql { try db.query(drawSelect + " WHERE event = ? ORDER BY draw DESC LIMIT 1", [.int(event)], read: DrawRecord.init).first }
    }

    /// Every draw of every event, oldest first; with `event`, that event's only.
    public func history(event: Int? = nil) throws(DrawError) -> [DrawRecord] {
        try sql {
            guard let event else { return try db.query(drawSelect + " ORDER BY draw", read: DrawRecord.init) }
            return try db.query(drawSelect + " WHERE event = ? ORDER BY draw", [.int(event)], read: DrawRecord.init)
        }
    }

    /// The number of every event the record holds, oldest first (a reset opens the next).
    public func eventNumbers() throws(DrawError) -> [Int] {
        try sql { try db.query("SELECT event FROM events ORDER BY event") { $0.int(0) } }
    }

    /// Whether event `n` was closed by a reset.
    public func closedEvents() throws(DrawError) -> Set<Int> {
        try sql { Set(try db.query("SELECT event FROM events WHERE closed IS NOT NULL") { $0.int(0) }) }
    }

    /// What was changed, inserted or deleted since the draws were recorded, or lost by the storage,
    /// one line each, empty when the record is whole: a row that does not match its hash, a row not
    /// chained to the one before, missing draw numbers (the newest too, against `newest_draw` and the
    /// witness), draws after the newest recorded, and a witness that vouches for another draw. One
    /// alteration is one line: the draw after a gap is chained to a draw no longer there, so its link
    /// is not checked. The witness is read first and the draws as one snapshot after it, so a draw
    /// committed meanwhile by a window or kiosk (its witness is written after its commit) does not
    /// look like a missing one.
    public func verify() throws(DrawError) -> [String] {
        let reading: WitnessReading
        if let witnessPath { reading = try Ledger.readWitness(witnessPath, for: path) } else { reading = .absent }
        return try problems(witness: reading)
    }

    func problems(witness: WitnessReading) throws(DrawError) -> [String] {
        try sql {
            try db.snapshot {
                var problems: [String] = []
                var previous = ""
                var expected = 1
                let records = try db.query(drawSelect + " ORDER BY draw", read: DrawRecord.init)
                for record in records {
                    if record.draw > expected {
                        problems.append(Ledger.missing(expected...(record.draw - 1)))
                    } else if record.previousHash != previous {
                        problems.append("draw \(record.draw) does not follow the draw before it")
                    }
                    if SHA256.hex(record.hashedText) != record.hash { problems.append("draw \(record.draw) was changed after it was recorded") }
                    previous = record.hash
                    expected = record.draw &+ 1   // (a row numbered Int.max by hand is the last)
                }
                let kept = try keptNewestDraw()
                if kept == nil, try userVersion() >= 2 { problems.append("the record of the newest draw was deleted") }
                let lastNumber = records.last?.draw ?? 0
                // The newest draw known to have been recorded: by the file's own row, and by its witness.
                var promised = kept?.draw ?? 0
                var seen: Witnessed?
                switch witness {
                case .absent: break
                case .damaged: problems.append(Ledger.damagedWitness(witnessPath ?? path, of: path))
                case .found(let w, _):
                    seen = w
                    promised = max(promised, w.draw)
                }
                if promised > lastNumber {
                    let witnessed = seen.map { $0.draw > kept?.draw ?? 0 } == true
                    problems.append(Ledger.missing((lastNumber + 1)...promised)
                                    + (witnessed ? " (its witness saw \(promised == lastNumber + 1 ? "it" : "them") recorded)" : ""))
                }
                if let kept, let newest = records.last(where: { $0.draw == kept.draw }), newest.hash != kept.hash,
                   SHA256.hex(newest.hashedText) == newest.hash {
                    // Rewritten with a fresh hash (a row that does not match its own is reported above).
                    problems.append("draw \(newest.draw) was replaced after it was recorded")
                } else if let seen, seen.draw > 0, let witnessed = records.last(where: { $0.draw == seen.draw }), witnessed.hash != seen.hash,
                          SHA256.hex(witnessed.hashedText) == witnessed.hash {
                    problems.append("draw \(seen.draw) is not the draw its witness saw recorded (the file was replaced by another)")
                }
                if let kept {
                    let after = records.filter { $0.draw > kept.draw }
                    if let first = after.first, let last = after.last {
                        problems.append((after.count == 1 ? "draw \(last.draw) is" : "draws \(first.draw)…\(last.draw) are")
                                        + " after the newest draw recorded (\(kept.draw))")
                    }
                }
                return problems
            }
        }
    }

    /// "draw 3 is missing", "draws 3…5 are missing".
    static func missing(_ draws: ClosedRange<Int>) -> String {
        // Bounds compared, not counted: numbers edited by hand may span more than Int.max.
        draws.lowerBound == draws.upperBound ? "draw \(draws.lowerBound) is missing" : "draws \(draws.lowerBound)…\(draws.upperBound) are missing"
    }

    /// The number the next draw will get.
    public func nextDrawNumber() throws(DrawError) -> Int {
        try sql { try nextDraw().draw }
    }

    // MARK: Writing

    /// Records a new round of `entries` in the open event (a paste, the entry editor), one transaction.
    @discardableResult
    public func startRound(entries: [Entry], source: String, configHash: String) throws(DrawError) -> Round {
        try sql { try db.transaction { try insertRound(entries: entries, source: source, configHash: configHash) } }
    }

    private func insertRound(entries: [Entry], source: String, configHash: String) throws -> Round {
        let number = try db.query("INSERT INTO rounds (event, started, source, config_hash, entries_hash) VALUES (?, ?, ?, ?, ?) RETURNING round",
                                  [.int(event), .text(Timestamp.now()), .text(source), .text(configHash), .text(entries.fingerprint)]) { $0.int(0) }[0]
        for (i, e) in entries.enumerated() {
            try db.run("INSERT INTO entries (round, idx, text, value, weight, stock, prize) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [.int(number), .int(i), .text(e.text), .double(e.value), .double(e.weight), .optional(e.stock), .int(e.prize ? 1 : 0)])
        }
        return Round(number: number, source: source, configHash: configHash, entries: entries)
    }

    /// Records a draw as one transaction: the round first if `round` is not yet recorded, then the
    /// draw. `decide` chooses it inside the transaction, from the standing as the record holds it then
    /// (other kiosks sharing a server may have drawn since this one last looked) and the draw's number,
    /// and says where the wheel will rest (nil: not shown turning); the choice is checked against that
    /// standing (the winner must be able to win). Returns the record as stored, its round and what
    /// each entry has won with it. `inTransaction`: a test hook run just before the commit.
    /// `removes`: afterWin "remove"; `profile`: how the wheel turns.
    func record(removes: Bool, profile: String, round: RoundPlan, inTransaction: (() -> Void)? = nil,
                decide: (Standing, Int) throws(DrawError) -> (choice: Raffle.Choice, rotation: Double?))
        throws(DrawError) -> (DrawRecord, Round, [EntryKey: Winnings]) {
        if let behind = unwitnessed { try bringWitness(to: behind) }
        let made: (DrawRecord, Round, [EntryKey: Winnings])
        // The draw as written, once only its commit is left (see readBack).
        var committing: (DrawRecord, Round, [EntryKey: Winnings])?
        do {
            made = try db.transaction {
                try followEvent()
                let current: Round
                switch round {
                case .recorded(let r): current = r
                case .new(let entries, let source, let configHash):
                    current = try insertRound(entries: entries, source: source, configHash: configHash)
                }
                var winnings = try eventWinnings()
                let before = Standing(entries: current.entries, winnings: winnings)
                let next = try nextDraw()
                let (choice, rotation) = try decide(before, next.draw)
                guard current.entries.indices.contains(choice.index), before.canWin(choice.index) else {
                    throw DrawError(subject: "state '\(path)'", problem: "the chosen entry can no longer win (the record changed meanwhile); try again")
                }
                let key = before.keys[choice.index]
                var won = winnings[key] ?? Winnings()
                won.count += 1
                won.removed = won.removed || removes
                winnings[key] = won
                let after = Standing(entries: current.entries, winnings: winnings)
                let entry = current.entries[choice.index]
                var record = DrawRecord(
                    draw: next.draw, time: Timestamp.now(), event: event, round: current.number,
                    index: choice.index, text: entry.text, value: entry.value, prize: entry.prize, occurrence: key.occurrence,
                    chosenBy: choice.chosenBy, seed: choice.seed, random: choice.random, total: choice.total,
                    from: choice.from, to: choice.to, oddsHash: before.fingerprint, removed: removes,
                    stockLeft: after.stockLeft(choice.index), remaining: after.remaining, profile: profile,
                    rotation: rotation, previousHash: next.previousHash, hash: "", station: station)
                record.hash = SHA256.hex(record.hashedText)
                try insert(record)
                // UPDATE, not INSERT OR REPLACE: a row deleted by hand stays deleted, and said so.
                if try keepsNewestDraw() {
                    try db.run("UPDATE newest_draw SET draw = ?, hash = ? WHERE one = 1", [.int(record.draw), .text(record.hash)])
                }
                inTransaction?()
                committing = (record, current, winnings)
                return (record, current, winnings)
            }
        } catch let error as DrawError {
            throw error
        } catch {
            if let attempt = committing, (error as? PostgresError)?.isConnectionProblem == true {
                // The connection failed at the commit, whose outcome the server alone knows: read back.
                switch Result(catching: { try readBack(attempt) }) {
                case .success(let stood?): return stood
                case .success(nil): throw Ledger.failure(path, error, doing: "could not record the draw: ")
                case .failure:
                    throw Ledger.failure(path, error, doing: "the draw may or may not have been recorded (roundel history shows whether draw \(attempt.0.draw) was): ")
                }
            }
            throw Ledger.failure(path, error, doing: "could not record the draw: ")
        }
        // The draw is on disk and stands, whatever becomes of its witness: one that could not be
        // written is tried again before the next draw, which waits for it.
        if (try? bringWitness(to: Witnessed(draw: made.0.draw, hash: made.0.hash))) == nil {
            unwitnessed = Witnessed(draw: made.0.draw, hash: made.0.hash)
        }
        return made
    }

    /// Writes `record`'s row into `draws`, every column as it stands (inside the caller's transaction).
    func insert(_ record: DrawRecord) throws {
        try db.run("""
            INSERT INTO draws (draw, time, event, round, idx, text, value, occurrence, chosen_by, seed, random, total,
                range_from, range_to, odds_hash, removed, stock_left, remaining, profile, rotation, previous_hash, hash, prize, station)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .int(record.draw), .text(record.time), .int(record.event), .int(record.round), .int(record.index),
                .text(record.text), .double(record.value), .int(record.occurrence), .text(record.chosenBy),
                .optional(record.seed.map { String($0) }), .optional(record.random), .double(record.total),
                .double(record.from), .double(record.to), .text(record.oddsHash), .int(record.removed ? 1 : 0),
                .optional(record.stockLeft), .int(record.remaining), .text(record.profile), .optional(record.rotation),
                .text(record.previousHash), .text(record.hash), .int(record.prize ? 1 : 0), .optional(record.station),
            ])
    }

    /// Writes `witnessed` to the witness (nothing in memory).
    func bringWitness(to witnessed: Witnessed) throws(DrawError) {
        guard let witness else { return }
        do { try witness.write(witnessed) } catch {
            throw .state(path, "its witness '\(Ledger.witnessName(witness.path, of: path))' \(error.problem), so the next draw is not made")
        }
        unwitnessed = nil
    }

    /// Closes the open event and opens the next, whose first round is the closed event's latest list
    /// (so the same names or prizes are back, with every removal and spent stock undone). One transaction.
    /// Returns the event it closed (what `reopenEvent` takes back).
    @discardableResult
    public func startNewEvent() throws(DrawError) -> Int {
        let latest = try latestRound()
        let closing = event
        try sql {
            try db.transaction {
                let now = Timestamp.now()
                try db.run("UPDATE events SET closed = ? WHERE closed IS NULL", [.text(now)])
                let opened = try db.query("INSERT INTO events (opened) VALUES (?) RETURNING event", [.text(now)]) { $0.int(0) }[0]
                let old = event
                event = opened
                do {
                    if let latest { _ = try insertRound(entries: latest.entries, source: latest.source, configHash: latest.configHash) }
                } catch {
                    event = old
                    throw error
                }
            }
        }
        return closing
    }

    // MARK: Helpers

    /// Runs `body`, naming this file in any SQLite error.
    func sql<T>(_ body: () throws -> T) throws(DrawError) -> T {
        do { return try body() } catch let error as DrawError { throw error } catch {
            throw Ledger.failure(path, error)
        }
    }

    /// `error` from the database as the DrawError that names the record; `doing`: what failed, first.
    /// A server that cannot be reached is `isUnreachable` (exit 4).
    static func failure(_ path: String, _ error: Error, doing: String = "") -> DrawError {
        let unreachable = (error as? PostgresError)?.isConnectionProblem == true
        return DrawError(subject: "state '\(path)'", problem: doing + (unreachable ? "the server is not reachable: " : "") + describe(error),
                         isUnreachable: unreachable)
    }

    static func describe(_ error: Error) -> String {
        guard let e = error as? SQLiteError else { return "\(error)" }
        switch e.code {
        case SQLITE_NOTADB: return "is not a Roundel state database (not an SQLite file); give another --state file"
        case SQLITE_CORRUPT: return "is damaged (SQLite: \(e.message)); keep a copy and give another --state file"
        case SQLITE_FULL: return "the disk is full"
        case SQLITE_READONLY: return "is read-only"
        case SQLITE_BUSY, SQLITE_LOCKED: return "in use by another program (SQLite: database is locked)"
        case SQLITE_CANTOPEN: return "cannot be opened (\(e.message))"
        default: return e.message
        }
    }

    private static func takeLock(path: String, named name: String) throws(DrawError) -> Int32 {
        let lockPath = path + ".lock"
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .state(name, "cannot create its lock file '\(lockPath)': \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw .state(name, "in use by another Roundel (a window, kiosk or spin holds it); close it or give another --state file")
        }
        return fd
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func makeDirectories(_ directory: String) {
        var built = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            built += "/" + part
            mkdir(built, 0o700)
        }
    }

    private static func readPrefix(_ path: String, count: Int) throws(FileProblem) -> [UInt8] {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileProblem(errno == EACCES ? "permission denied" : String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, count) }
        guard n >= 0 else { throw FileProblem(String(cString: strerror(errno))) }
        return Array(bytes.prefix(n))
    }
}

/// A list of entries as the ledger recorded it.
public struct Round: Sendable, Equatable {
    public var number: Int
    /// Where the list came from: "config", "names", "paste", "drop", "editor", "numbered".
    public var source: String
    /// The fingerprint of the config's own entries when this round began: a Roundel started with the
    /// same config resumes this round; a changed config starts a new one.
    public var configHash: String
    public var entries: [Entry]
}

/// The round a draw belongs to: one already recorded, or one recorded with the draw.
enum RoundPlan {
    case recorded(Round)
    case new(entries: [Entry], source: String, configHash: String)
}

extension DrawRecord {
    /// The query of `init(_:)`'s columns; `prize`: the file has the column (schema 3 on), else every
    /// draw was a prize; `station`: the file has the column (schema 5 on), else no draw names one.
    static func select(prize: Bool, station: Bool) -> String {
        """
        SELECT draw, time, event, round, idx, text, value, occurrence, chosen_by, seed, random, total, range_from, range_to,
            odds_hash, removed, stock_left, remaining, profile, rotation, previous_hash, hash, \(prize ? "prize" : "1"),
            \(station ? "station" : "NULL") FROM draws
        """
    }

    init(_ row: any SQLRow) {
        self.init(draw: row.int(0), time: row.text(1), event: row.int(2), round: row.int(3), index: row.int(4),
                  text: row.text(5), value: row.double(6), occurrence: row.int(7), chosenBy: row.text(8),
                  seed: row.optionalText(9).flatMap { UInt64($0) }, random: row.optionalDouble(10), total: row.double(11),
                  from: row.double(12), to: row.double(13), oddsHash: row.text(14), removed: row.int(15) != 0,
                  stockLeft: row.optionalInt(16), remaining: row.int(17), profile: row.text(18),
                  rotation: row.optionalDouble(19), previousHash: row.text(20), hash: row.text(21))
        prize = row.int(22) != 0
        station = row.optionalText(23)
    }
}
