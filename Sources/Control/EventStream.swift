// GET /api/events: the state as server-sent events, so a phone page or an integration need not poll.
// `event: state` with the state's JSON (one line, as GET /api/state) at once, then again each time the
// window publishes a state that differs from the last one sent, and `: keepalive` after 15 s of
// silence. The server runs a thread per connection, so the stream's content reader blocks on its
// thread: it waits for the board's next version (a condition with a deadline, never a busy loop: a
// reader returning 0 would be called again at once). At most 16 streams are open at once (the 17th
// gets 503), so streams cannot take every connection; `stopAll` ends every stream at once, so the
// server stops without waiting for a phone.
import CMicroHTTPD
import Glibc
import Synchronization

/// The server's open event streams.
final class EventStreams: Sendable {
    let board: StateBoard
    let limit: Int
    /// Seconds of silence before a keepalive comment.
    let keepalive: Double
    private let open = Mutex(0)
    private let stopping = Atomic(false)

    init(board: StateBoard, limit: Int, keepalive: Double) {
        self.board = board
        self.limit = limit
        self.keepalive = keepalive
    }

    /// A new stream, or why there is none (503).
    func begin() -> Result<EventStream, ControlRoutes.Refusal> {
        let counted = open.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard counted else { return .failure(ControlRoutes.Refusal(.refused(503, "\(limit) event streams are open already: close one, or poll GET /api/state"))) }
        let stream = EventStream(self)
        guard !isStopping else { return .failure(ControlRoutes.Refusal(.refused(503, "the control server is stopping"))) }
        return .success(stream)
    }

    /// Streams open now.
    var count: Int { open.withLock { $0 } }

    fileprivate func ended() { open.withLock { $0 -= 1 } }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Ends every stream (each returns the end of its stream at once) and refuses new ones.
    func stopAll() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        board.wakeAll()
    }
}

/// One connection's stream, used only by that connection's thread (its content reader).
final class EventStream {
    private let streams: EventStreams
    /// The board's version last looked at (nil: nothing sent yet).
    private var version: UInt64?
    private var sentJSON = ""
    /// The message being sent and how much of it has gone.
    private var message: [UInt8] = []
    private var sent = 0
    /// When the last message was made (monotonic seconds).
    private var lastMessage = 0.0

    fileprivate init(_ streams: EventStreams) { self.streams = streams }

    deinit { streams.ended() }

    /// Fills `buffer` with up to `capacity` bytes, waiting for the next message when the last one has
    /// gone; `roundel_mhd_end_of_stream` when the server stops.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        if sent == message.count {
            guard let next = nextMessage() else { return roundel_mhd_end_of_stream }
            message = next
            sent = 0
            lastMessage = MonotonicClock.seconds
        }
        let count = min(capacity, message.count - sent)
        message.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + sent, byteCount: count) }
        sent += count
        return count
    }

    /// The state at once; then the next state that differs from the last sent, or a keepalive after
    /// `keepalive` s without one; nil when the server stops.
    private func nextMessage() -> [UInt8]? {
        guard !streams.isStopping else { return nil }
        guard let seen = version else {
            let latest = streams.board.latest
            if latest.version > 0 {
                version = latest.version
                return event(latest.state.json)
            }
            // The window has not published yet (it is starting): the first state once it has.
            version = 0
            return nextMessage()
        }
        var last = seen
        let deadline = MonotonicClock.deadline(lastMessage + streams.keepalive)
        while let changed = streams.board.wait(after: last, until: deadline, unless: { streams.isStopping }) {
            last = changed.version
            let json = changed.state.json
            if json != sentJSON {
                version = last
                return event(json)
            }
        }
        version = last
        return streams.isStopping ? nil : Array(": keepalive\n\n".utf8)
    }

    private func event(_ json: String) -> [UInt8] {
        sentJSON = json
        return Array("event: state\ndata: \(json)\n\n".utf8)
    }
}

/// The content reader: the stream's next bytes (blocks on the connection's own thread).
func eventStreamRead(_ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
    guard let context, let buffer else { return roundel_mhd_end_of_stream }
    return Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
}

/// Frees the stream when libmicrohttpd is done with its response.
func eventStreamRelease(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<EventStream>.fromOpaque(context).release()
}
