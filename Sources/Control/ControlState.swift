// What GET /api/state shows: a copy of the window's state that the window publishes when it changes
// (a spin starts or lands, the scene changes, a new event) and the server's threads read at any time.
// Plain values only: the server never touches a scene.
import Draws
import Glibc

/// The state a phone sees. Chances are 0…1; `stockLeft` is nil for an entry without stock.
public struct ControlState: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var text: String
        public var chance: Double
        public var stockLeft: Int?
        public init(text: String, chance: Double, stockLeft: Int? = nil) {
            self.text = text
            self.chance = chance
            self.stockLeft = stockLeft
        }
    }

    /// A draw that has landed (or is landing: it is recorded before the wheel turns).
    public struct Result: Sendable, Equatable {
        public var draw: Int
        public var text: String
        public var value: Double
        public var prize: Bool
        public init(draw: Int, text: String, value: Double, prize: Bool) {
            self.draw = draw
            self.text = text
            self.value = value
            self.prize = prize
        }
    }

    public var scene: String
    public var scenes: [String]
    public var spinning: Bool
    public var lastResult: Result?
    public var entries: [Entry]
    /// The event's number in the record (nil: no record kept).
    public var event: Int?
    /// Draws made in this event.
    public var draws: Int

    public init(scene: String = "", scenes: [String] = [], spinning: Bool = false, lastResult: Result? = nil,
                entries: [Entry] = [], event: Int? = nil, draws: Int = 0) {
        self.scene = scene
        self.scenes = scenes
        self.spinning = spinning
        self.lastResult = lastResult
        self.entries = entries
        self.event = event
        self.draws = draws
    }

    /// One line of JSON: every name escaped (a name is user text).
    public var json: String {
        var out = "{\"scene\":\(JSONText.string(scene)),\"scenes\":["
        out += scenes.map(JSONText.string).joined(separator: ",")
        out += "],\"spinning\":\(spinning),\"lastResult\":"
        if let r = lastResult {
            out += "{\"draw\":\(r.draw),\"text\":\(JSONText.string(r.text)),\"value\":\(JSONText.number(r.value)),\"prize\":\(r.prize)}"
        } else {
            out += "null"
        }
        out += ",\"entries\":["
        out += entries.map { e in
            "{\"text\":\(JSONText.string(e.text)),\"chance\":\(JSONText.number((e.chance * 1e6).rounded() / 1e6)),\"stockLeft\":"
                + (e.stockLeft.map(String.init) ?? "null") + "}"
        }.joined(separator: ",")
        out += "],\"event\":" + (event.map(String.init) ?? "null") + ",\"draws\":\(draws)}"
        return out
    }
}

/// The latest published state, shared between the window (writer) and the server's threads (readers).
/// Each change counts one `version`; an event stream's thread waits for the next one (`wait`) on a
/// pthread mutex and condition with a CLOCK_MONOTONIC deadline (Swift 6.0's Mutex has no wait).
public final class StateBoard: @unchecked Sendable {   // `state` and `version` are only touched under `lock`
    private var state: ControlState
    private var version: UInt64 = 0
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A board showing `initial` (version 1), or nothing yet (version 0: GET /api/state answers 503
    /// "starting" and an event stream waits for the window's first state).
    public init(_ initial: ControlState? = nil) {
        state = initial ?? ControlState()
        version = initial == nil ? 0 : 1
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Replaces the state (the window, when something a phone shows has changed); a state equal to
    /// the one shown counts no change.
    public func publish(_ new: ControlState) {
        pthread_mutex_lock(lock)
        if new != state {
            state = new
            version &+= 1
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }

    /// A copy of the latest state.
    public var current: ControlState { latest.state }

    /// The latest state and its version.
    var latest: (state: ControlState, version: UInt64) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return (state, version)
    }

    /// Waits until the version is past `version`, `deadline` (CLOCK_MONOTONIC) passes, or `stopped`
    /// says so (asked under the lock; whoever makes it true calls `wakeAll` after). The state then,
    /// or nil when nothing changed.
    func wait(after version: UInt64, until deadline: timespec, unless stopped: () -> Bool) -> (state: ControlState, version: UInt64)? {
        var deadline = deadline
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while self.version == version && !stopped() {
            if pthread_cond_timedwait(changed, lock, &deadline) == ETIMEDOUT { break }
        }
        return self.version == version || stopped() ? nil : (state, self.version)
    }

    /// Wakes every `wait` to ask its `stopped` again.
    func wakeAll() {
        pthread_mutex_lock(lock)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }
}
