// A kiosk following a prize pool it shares with others (a record on a PostgreSQL server): what the
// other kiosks drew, took off or reset shows on its wheel within about a second, and a server gone
// away shows as a calm panel instead of a draw that hangs. A thread of its own, with a connection of
// its own, looks at the record every `interval` seconds: one small query (the newest draw, change,
// round and event), and only when that moved, the standing (what each entry has won) in one
// snapshot. The window reads the result without touching the network (`generation` is one atomic
// load a frame; `latest()` a copy when it changed), so a slow or vanished server never stalls a frame.
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class PoolWatch: Sendable {
    /// The pool as the record held it when last read.
    public struct Reading: Sendable, Equatable {
        /// The open event (another kiosk's reset opens the next).
        public var event: Int
        /// What each entry has won in that event, and whether it is off the wheel.
        public var winnings: [EntryKey: Winnings]
        /// The event's latest round (its list), if it has one.
        public var latestRound: Round?
    }

    public enum Status: Sendable, Equatable {
        case reachable(Reading)
        /// What failed, one line (the server's name and libpq's reason).
        case unreachable(String)
    }

    /// What the record's display name is (no password).
    public let name: String
    private let interval: Double
    /// Bumped with every new status.
    private let count = Atomic<Int>(0)
    private let status = Mutex<Status?>(nil)
    private let stopped = Atomic<Bool>(false)

    /// Starts watching the database `uri` names (its tables made by the kiosk's own ledger first).
    init(uri: String, name: String, interval: Double = 0.5) {
        self.name = name
        self.interval = interval
        let thread = DispatchQueue(label: "roundel.pool-watch")
        thread.async { [self] in run(uri: uri) }
    }

    /// Changes with every new status: compare with the one seen last (no lock, no allocation).
    public var generation: Int { count.load(ordering: .acquiring) }

    /// The latest status (nil before the first look) and its generation.
    public func latest() -> (generation: Int, status: Status?) {
        status.withLock { (count.load(ordering: .acquiring), $0) }
    }

    /// Ends the thread (at its next look).
    public func stop() { stopped.store(true, ordering: .releasing) }

    deinit { stop() }

    private func publish(_ new: Status) {
        status.withLock { current in
            guard current != new else { return }
            current = new
            count.add(1, ordering: .releasing)
        }
    }

    private func run(uri: String) {
        var ledger: Ledger?
        var seen: Ledger.PoolMark?
        while !stopped.load(ordering: .acquiring) {
            do throws(DrawError) {
                let reader: Ledger
                if let ledger { reader = ledger } else { reader = try Ledger.connect(uri: uri, forDrawing: false) }
                ledger = reader
                let mark = try reader.poolMark()
                let wasAway: Bool = status.withLock { if case .unreachable = $0 { return true } else { return false } }
                if mark != seen || wasAway {
                    publish(.reachable(try reader.poolReading()))
                    seen = mark
                }
            } catch {
                publish(.unreachable(error.problem))
            }
            var request = timespec(tv_sec: Int(interval), tv_nsec: Int((interval - interval.rounded(.down)) * 1e9))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        }
    }
}

extension Ledger {
    /// What moves with every change to the pool: the newest draw, removal change, round and event.
    struct PoolMark: Equatable {
        var draw: Int, change: Int, round: Int, event: Int
    }

    func poolMark() throws(DrawError) -> PoolMark {
        try sql {
            try db.query("""
                SELECT (SELECT draw FROM newest_draw WHERE one = 1), (SELECT coalesce(max(change), 0) FROM removal_changes),
                    (SELECT coalesce(max(round), 0) FROM rounds), (SELECT coalesce(max(event), 0) FROM events WHERE closed IS NULL)
                """) { PoolMark(draw: $0.int(0), change: $0.int(1), round: $0.int(2), event: $0.int(3)) }[0]
        }
    }

    /// The open event, its winnings and latest round, as of one moment.
    func poolReading() throws(DrawError) -> PoolWatch.Reading {
        try sql {
            try db.snapshot {
                event = try openEventNumber()
                return PoolWatch.Reading(event: event, winnings: try eventWinnings(), latestRound: try latestRound(inEvent: event))
            }
        }
    }

    /// A watch of this record for a window (nil for a file: one process draws into it).
    public func watch() -> PoolWatch? {
        guard let serverURI, drawsOnServer else { return nil }
        return PoolWatch(uri: serverURI, name: path)
    }
}
