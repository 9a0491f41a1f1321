// The control server: GNU libmicrohttpd with its own threads (one polls, one a connection, at most
// `Limits.connections`: more are refused by the library, never queued without bound), so
// nothing here runs on the window's thread. A request is read whole (at most 64 KB of body), checked
// by `ControlRoutes`, and answered from the published state (at once, or as an `EventStream` that
// its thread keeps writing), from the record (`HistoryCSV`), or by the window through the
// `CommandQueue` (its thread waits at most `replyTimeout` s for the answer).
import CMicroHTTPD
import Glibc
import Synchronization

public final class ControlServer: Sendable {
    /// The port it listens on (the one chosen when 0 was asked for).
    public let port: UInt16
    private let daemon: Handle
    private let handler: ControlHandler

    /// Limits: connections at once, header memory a connection, seconds an idle connection is kept,
    /// seconds a request waits for the window.
    public struct Limits: Sendable {
        /// Each connection holds a thread while it is open (see `threadStackSize`).
        public var connections: UInt32 = 256
        public var memoryPerConnection = 32 * 1024
        public var idleTimeout: UInt32 = 10
        public var replyTimeout = 3.0
        /// Requests without the right token answered 401 from one address in `failurePeriod` s; then 429.
        public var failedAttempts = 10
        public var failurePeriod = 60.0
        /// The stack of each of the server's threads: 1 MB, where glibc's default is 8 MB (address
        /// space, memory only where touched). The deepest body the JSON reader takes (512 levels)
        /// needs about 700 KB in a debug build (docs/architecture.md).
        public var threadStackSize = 1024 * 1024
        /// Event streams (GET /api/events) open at once, and seconds of silence before a keepalive.
        public var eventStreams = 16
        public var keepalive = 15.0
        public init() {}
    }

    /// Listens on `listen` ("HOST:PORT", "[IPv6]:PORT"; port 0 for any) until `stop` or deinit.
    /// `statePath` is the record GET /api/history.csv reads (a file or a postgresql:// URI; nil: none).
    public init(listen: String, token: ControlToken, queue: CommandQueue, board: StateBoard,
                statePath: String? = nil, limits: Limits = Limits()) throws(ControlError) {
        let address = try ListenAddress(listen)
        handler = ControlHandler(token: token, queue: queue, board: board, replyTimeout: limits.replyTimeout,
                                 failures: FailedAttempts(budget: limits.failedAttempts, period: limits.failurePeriod),
                                 statePath: statePath,
                                 streams: EventStreams(board: board, limit: limits.eventStreams, keepalive: limits.keepalive))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_AUTO.rawValue | MHD_USE_ERROR_LOG.rawValue
        // An IPv6 address takes IPv4 too ([::] is every network, as 0.0.0.0 is, and the link a phone
        // gets is IPv4).
        if address.isIPv6 { flags |= MHD_USE_DUAL_STACK.rawValue }
        let context = Unmanaged.passUnretained(handler).toOpaque()
        let started = address.withSockaddr { sockaddr in
            roundel_mhd_start(flags, sockaddr, controlAccess, context, controlCompleted,
                              limits.connections, limits.memoryPerConnection, limits.idleTimeout, limits.threadStackSize)
        }
        guard let started else { throw ControlError("control: cannot listen on \(listen) (in use, or not this machine's address)") }
        daemon = Handle(started)
        port = roundel_mhd_port(started)
    }

    /// Throws what `init` would for `listen` when it is not an address this server can listen on.
    public static func check(listen: String) throws(ControlError) { _ = try ListenAddress(listen) }

    /// Stops listening and waits for the server's threads to end (event streams end at once; requests
    /// waiting on the window end first).
    public func stop() {
        handler.streams.stopAll()
        daemon.stop()
    }

    deinit { stop() }

    /// The daemon, stopped once.
    private final class Handle: @unchecked Sendable {   // the pointer is only used under `lock`
        private var pointer: OpaquePointer?
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
            pthread_mutex_init(lock, nil)
        }
        func stop() {
            pthread_mutex_lock(lock)
            let daemon = pointer
            pointer = nil
            pthread_mutex_unlock(lock)
            if let daemon { MHD_stop_daemon(daemon) }
        }
        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
    }
}

/// A request's body as it arrives, kept between libmicrohttpd's calls for one request.
private final class RequestBody {
    var bytes: [UInt8] = []
    var tooLarge = false
}

/// The access handler: called first with the headers (con_cls still nil), then with each piece of the
/// body, then once more with none, when the answer is queued.
/// (Functions, not closures in global constants: a plain function converts to a C function pointer
/// with no question of a global's concurrency safety, under Swift 6.0.3 as under the newest.)
private func controlAccess(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                           _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ upload: UnsafePointer<CChar>?,
                           _ uploadSize: UnsafeMutablePointer<Int>?, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadSize, let slot else { return .NO }
    let handler = Unmanaged<ControlHandler>.fromOpaque(context).takeUnretainedValue()
    guard let stored = slot.pointee else {
        // The window's thread comes first: a request's thread (one a connection) yields the CPU to it.
        BackgroundThread.enter()
        // The page needs no token (it carries none of the kiosk's data); a body sent with it is not read.
        if ControlRoutes.isPage(method: String(cString: method), path: String(cString: url)) { return replyPage(connection) }
        // The headers: a stranger or an oversized body is answered now, before any body is read.
        let client = clientAddress(connection), now = MonotonicClock.seconds
        if handler.failures.isBlocked(client, at: now) {
            return reply(connection, ControlRoutes.tooManyAttempts, header: ("Retry-After", "\(Int(handler.failures.period))"))
        }
        let authorization = MHD_lookup_connection_value(connection, .HEADER_KIND, "Authorization").map { String(cString: $0) }
        guard handler.token.accepts(authorization: authorization) else {
            let lastAllowed = handler.failures.record(client, at: now)
            handler.logRefusal(method: String(cString: method), path: String(cString: url), from: client, blocking: lastAllowed)
            return reply(connection, ControlRoutes.unauthorized, header: ("WWW-Authenticate", "Bearer"))
        }
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let bytes = Int(String(cString: length)), bytes > ControlRoutes.maximumBody {
            return reply(connection, ControlRoutes.tooLarge)
        }
        slot.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
        return .YES
    }
    let body = Unmanaged<RequestBody>.fromOpaque(stored).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let upload, !body.tooLarge, body.bytes.count + uploadSize.pointee <= ControlRoutes.maximumBody {
            upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
            }
        } else {
            body.tooLarge = true   // a chunked body without Content-Length: read and dropped, then refused
        }
        uploadSize.pointee = 0
        return .YES
    }
    if body.tooLarge { return reply(connection, ControlRoutes.tooLarge) }
    switch ControlRoutes.action(method: String(cString: method), path: String(cString: url), body: body.bytes) {
    case .failure(let refusal):
        return reply(connection, refusal.reply, header: refusal.allow.map { ("Allow", $0) })
    case .success(.page):
        return replyPage(connection)
    case .success(.state):
        // Version 0: the window has not published yet (the server starts before the scenes load).
        let latest = handler.board.latest
        guard latest.version > 0 else {
            return reply(connection, .refused(503, "the kiosk is starting: try again in a moment"), header: ("Retry-After", "1"))
        }
        return reply(connection, .done(latest.state.json))
    case .success(.events):
        switch handler.streams.begin() {
        case .failure(let refusal): return reply(connection, refusal.reply)
        case .success(let stream):
            // The connection may stay quiet for a keepalive's interval: its idle timeout is longer.
            return roundel_mhd_stream(connection, eventStreamRead, Unmanaged.passRetained(stream).toOpaque(), eventStreamRelease,
                                      "text/event-stream", UInt32(handler.streams.keepalive.rounded(.up)) * 2)
        }
    case .success(.history):
        guard handler.readingHistory.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return reply(connection, .refused(503, "another download of the draws is under way: try again in a moment"),
                         header: ("Retry-After", "2"))
        }
        defer { handler.readingHistory.store(false, ordering: .releasing) }
        switch HistoryCSV.read(statePath: handler.statePath) {
        case .failure(let refusal): return reply(connection, refusal.reply)
        case .success(let document):
            return respond(connection, status: 200, body: Array(document.csv.utf8), headers: [
                ("Content-Type", HistoryCSV.contentType), ("Content-Disposition", HistoryCSV.disposition), ("Cache-Control", "no-store"),
            ] + (document.warning.map { [("X-Roundel-Warning", $0)] } ?? []))
        }
    case .success(.command(let command)):
        return reply(connection, handler.carryOut(command))
    }
}

/// A thread that must never slow the window's frames (each request's, each event stream's).
enum BackgroundThread {
    /// Puts the calling thread in Linux's SCHED_IDLE class: it runs only on CPU time the window's
    /// thread (and anything else in the normal class) leaves. A nice value would not do: every one of
    /// 200 request threads at nice 10 weighs a tenth of the window's thread, together twenty times it,
    /// and the frames stall while a burst is answered (ControlLoadTests: a 300 ms frame). SCHED_IDLE is
    /// 5 in <linux/sched.h> (glibc names it only under _GNU_SOURCE, which Swift's Glibc module is not);
    /// a thread may always lower its own class. Where it cannot, nice 19.
    static func enter() {
        var parameters = sched_param()
        if sched_setscheduler(0, 5, &parameters) != 0 {   // 0: the calling thread, on Linux
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
    }
}

/// Frees a request's body when libmicrohttpd is done with it (answered, or the connection went away).
private func controlCompleted(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                              _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode) {
    guard let slot, let stored = slot.pointee else { return }
    Unmanaged<RequestBody>.fromOpaque(stored).release()
    slot.pointee = nil
}

/// The address a connection comes from ("" if unknown).
private func clientAddress(_ connection: OpaquePointer) -> String {
    var text = [CChar](repeating: 0, count: 64)
    roundel_mhd_client(connection, &text, text.count)
    let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// Queues `value` as the answer (JSON, one line), with one extra header if given.
private func reply(_ connection: OpaquePointer, _ value: ControlReply, header: (String, String)? = nil) -> MHD_Result {
    respond(connection, status: value.status, body: Array(value.json.utf8) + [0x0A],
            headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")] + (header.map { [$0] } ?? []))
}

/// Queues `status` with a copy of `body` and these headers. (The response is made in C, which names
/// the memory mode as every libmicrohttpd version spells it.)
private func respond(_ connection: OpaquePointer, status: Int, body: [UInt8], headers: [(String, String)]) -> MHD_Result {
    let response = body.withUnsafeBytes { bytes in
        bytes.withMemoryRebound(to: CChar.self) { roundel_mhd_response($0.baseAddress, $0.count) }
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    for (name, value) in headers { MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, UInt32(status), response)
}

/// Queues the control page (HTML; libmicrohttpd leaves the body out for HEAD) with its headers.
private func replyPage(_ connection: OpaquePointer) -> MHD_Result {
    respond(connection, status: 200, body: Array(ControlPage.html.utf8),
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")] + ControlPage.headers)
}

/// What the server's threads share: the token, the queue to the window and the published state.
final class ControlHandler: Sendable {
    let token: ControlToken
    let queue: CommandQueue
    let board: StateBoard
    let replyTimeout: Double
    let failures: FailedAttempts
    /// The record GET /api/history.csv reads (nil: none kept).
    let statePath: String?
    let streams: EventStreams
    /// A CSV is being read: one at a time (its read holds the record's shared lock, which a draw's
    /// commit waits for, and its text is held whole in memory).
    let readingHistory = Atomic<Bool>(false)

    init(token: ControlToken, queue: CommandQueue, board: StateBoard, replyTimeout: Double, failures: FailedAttempts,
         statePath: String?, streams: EventStreams) {
        self.failures = failures
        self.statePath = statePath
        self.streams = streams
        self.token = token
        self.queue = queue
        self.board = board
        self.replyTimeout = replyTimeout
    }

    /// Hands `command` to the window and waits for its answer.
    func carryOut(_ command: ControlCommand) -> ControlReply {
        guard let pending = queue.submit(command) else { return .refused(503, "too many commands waiting for the window") }
        return pending.wait(seconds: replyTimeout) ?? .refused(503, "the window did not answer in time")
    }

    /// One line on stderr (a kiosk's journal) for a request without the right token, and whether its
    /// address is refused from now on.
    func logRefusal(method: String, path: String, from client: String, blocking: Bool) {
        var line = "roundel control: refused \(ControlRoutes.printable(method)) \(ControlRoutes.printable(path)) from \(client) without the right token"
        if blocking { line += "; further requests from \(client) refused for \(Int(failures.period)) s" }
        line += "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
