// The control API over real HTTP on loopback: a server on an ephemeral port, a raw-socket client, and
// the test's own thread standing where the window will stand (taking commands from the queue and
// answering them). What a phone or a stranger would see: the status, the reason, the state.
import Foundation
import Glibc
import Synchronization
import Scenes
import TestLoopback
import XCTest
@testable import Control

final class ControlServerTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
    var queue: CommandQueue!
    var board: StateBoard!
    var server: ControlServer!

    override func setUpWithError() throws {
        queue = CommandQueue()
        board = StateBoard(ControlState(scene: "wheel", scenes: ["wheel", "timer"], entries: [
            .init(text: "Tea \"green\"\n<b>", chance: 0.75, stockLeft: 3), .init(text: "Coffee", chance: 0.25),
        ], event: 2, draws: 5))
        var limits = ControlServer.Limits()
        limits.replyTimeout = 1
        server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: board, limits: limits)
        XCTAssertNotEqual(server.port, 0)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func send(_ method: String, _ path: String, token: String? = nil, body: String = "") throws -> LoopbackResponse {
        try XCTUnwrap(LoopbackClient.request(port: server.port, method: method, path: path, token: token, body: Array(body.utf8)))
    }

    /// The body's JSON object (fails the test if it is not one).
    private func object(_ response: LoopbackResponse) throws -> [String: JSONValue] {
        guard case .object(let fields) = try JSONParser.parse(Array(response.body.utf8)) else {
            XCTFail("not a JSON object: \(response.body)")
            return [:]
        }
        return fields
    }

    func testWithoutTheTokenNothingIsSaidButUnauthorized() throws {
        for token in [nil, "wrong", "0123456789abcdef0123456789abcdeX", "0123456789abcdef0123456789abcdef0"] {
            let response = try send("GET", "/api/state", token: token)
            XCTAssertEqual(response.status, 401, "token \(token ?? "none")")
            XCTAssertEqual(response.headers["www-authenticate"], "Bearer")
            XCTAssertFalse(response.body.contains("Coffee"))
        }
        // Not even whether a path exists, nor a body's size.
        XCTAssertEqual(try send("GET", "/nothing/here").status, 401)
        XCTAssertEqual(try send("POST", "/api/spin", body: String(repeating: "x", count: 100_000)).status, 401)
        XCTAssertTrue(queue.take().isEmpty, "a stranger's spin reached the window")
    }

    func testAnAddressThatKeepsGuessingIsRefusedForAWhile() throws {
        var limits = ControlServer.Limits()
        limits.failedAttempts = 3
        let guarded = try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: board, limits: limits)
        defer { guarded.stop() }
        func get(_ token: String?) -> LoopbackResponse? {
            LoopbackClient.request(port: guarded.port, method: "GET", path: "/api/state", token: token)
        }
        XCTAssertEqual((0..<3).map { _ in get("guess")?.status }, [401, 401, 401])
        let blocked = try XCTUnwrap(get("guess"))
        XCTAssertEqual(blocked.status, 429)
        XCTAssertEqual(blocked.headers["retry-after"], "60")
        XCTAssertEqual(get(token.value)?.status, 429, "from that address, even the right token waits: its guesses are not compared")
        XCTAssertEqual(try send("GET", "/api/state", token: token.value).status, 200, "another server's count is its own")
    }

    func testStateWithTheTokenIsTheWindowsLatest() throws {
        let response = try send("GET", "/api/state", token: token.value)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
        let state = try object(response)
        XCTAssertEqual(state["scene"], .string("wheel"))
        XCTAssertEqual(state["spinning"], .bool(false))
        XCTAssertEqual(state["event"], .number(2))
        XCTAssertEqual(state["draws"], .number(5))
        XCTAssertEqual(state["lastResult"], .null)
        guard case .array(let entries)? = state["entries"], entries.count == 2, case .object(let first) = entries[0] else {
            return XCTFail("entries: \(response.body)")
        }
        XCTAssertEqual(first["text"], .string("Tea \"green\"\n<b>"), "a name with quotes and a line break comes back as it was")
        XCTAssertEqual(first["chance"], .number(0.75))
        XCTAssertEqual(first["stockLeft"], .number(3))

        var next = board.current
        next.spinning = true
        next.lastResult = .init(draw: 6, text: "Coffee", value: 0, prize: true)
        board.publish(next)
        let after = try object(send("GET", "/api/state", token: token.value))
        XCTAssertEqual(after["spinning"], .bool(true))
        guard case .object(let result)? = after["lastResult"] else { return XCTFail("no lastResult") }
        XCTAssertEqual(result["text"], .string("Coffee"))
        XCTAssertEqual(result["draw"], .number(6))
    }

    func testUnknownPathsAndWrongMethods() throws {
        let missing = try send("GET", "/api/nothing", token: token.value)
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(try object(missing)["error"], .string("no such path: /api/nothing"))
        let wrong = try send("GET", "/api/spin", token: token.value)
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.headers["allow"], "POST")
        XCTAssertEqual(try send("DELETE", "/api/state", token: token.value).headers["allow"], "GET")
        XCTAssertTrue(queue.take().isEmpty)
    }

    func testBodiesOver64KBAreRefusedWithoutReachingTheWindow() throws {
        let tenMB = [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
        let declared = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "POST", path: "/api/spin", token: token.value, body: tenMB))
        XCTAssertEqual(declared.status, 413)
        let chunked = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "POST", path: "/api/spin", token: token.value,
                                                           body: tenMB, chunked: true))
        XCTAssertEqual(chunked.status, 413, "a chunked body without Content-Length is counted as it comes")
        XCTAssertEqual(try object(chunked)["error"], .string("the body is over 64 KB"))
        let justUnder = String(repeating: " ", count: 64 * 1024 - 2) + "{}"
        answerNextCommand(with: .done())
        XCTAssertEqual(try send("POST", "/api/spin", token: token.value, body: justUnder).status, 200)
    }

    func testMalformedJSONGetsOneLineReason() throws {
        let broken = try send("POST", "/api/scene", token: token.value, body: "{\"scene\": ")
        XCTAssertEqual(broken.status, 400)
        let reason = try object(broken)["error"]
        guard case .string(let text)? = reason else { return XCTFail("no reason: \(broken.body)") }
        XCTAssertTrue(text.hasPrefix("malformed JSON: "), text)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertEqual(try send("POST", "/api/scene", token: token.value, body: "[\"timer\"]").status, 400)
        XCTAssertEqual(try send("POST", "/api/timer", token: token.value, body: "{\"action\": \"rewind\"}").status, 400)
        XCTAssertTrue(queue.take().isEmpty)
    }

    func testCommandsReachTheWindowAndItsAnswerIsTheReply() throws {
        answerNextCommand(with: .refused(409, "the wheel is spinning"))
        let busy = try send("POST", "/api/spin", token: token.value)
        XCTAssertEqual(busy.status, 409)
        XCTAssertEqual(try object(busy)["error"], .string("the wheel is spinning"))
        XCTAssertEqual(taken.command.withLock { $0 }, .spin)

        answerNextCommand(with: .done())
        XCTAssertEqual(try send("POST", "/api/scene", token: token.value, body: "{\"scene\": \"timer\"}").status, 200)
        XCTAssertEqual(taken.command.withLock { $0 }, .scene("timer"))
        answerNextCommand(with: .done())
        XCTAssertEqual(try send("POST", "/api/timer", token: token.value, body: "{\"action\": \"pause\"}").status, 200)
        XCTAssertEqual(taken.command.withLock { $0 }, .timer(.pause))
        answerNextCommand(with: .done())
        XCTAssertEqual(try send("POST", "/api/event", token: token.value).status, 200)
        XCTAssertEqual(taken.command.withLock { $0 }, .newEvent)
    }

    func testAWindowThatDoesNotAnswerGivesServiceUnavailable() throws {
        let response = try send("POST", "/api/spin", token: token.value)
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(try object(response)["error"], .string("the window did not answer in time"))
    }

    /// A phone told 503 must not see its command happen later: the window drops one whose request
    /// gave up. One the window has claimed is waited for past the request's time, however long it takes.
    func testACommandItsPhoneGaveUpOnIsDroppedAndAClaimedOneIsWaitedFor() throws {
        XCTAssertEqual(try send("POST", "/api/event", token: token.value).status, 503, "no window took it within 1 s")
        let late: [CommandQueue.Pending] = queue.take()
        XCTAssertEqual(late.count, 1)
        XCTAssertEqual(late.first?.command, ControlCommand.newEvent)
        XCTAssertEqual(late.first?.claim(), false, "given up on: the window must not carry it out")

        let windowQueue = self.queue!
        let window = Thread {
            while true {
                guard let pending = windowQueue.take().first else { usleep(1000); continue }
                guard pending.claim() else { return }
                usleep(1_500_000)   // a draw that takes longer than the request's second (a busy pool)
                pending.answer(.done("{\"draw\":7}"))
                return
            }
        }
        window.start()
        let spin = try send("POST", "/api/spin", token: token.value)
        XCTAssertEqual(spin.status, 200, "claimed, so waited for: \(spin.body)")
        XCTAssertEqual(spin.body, "{\"draw\":7}\n")
    }

    /// The server starts before the window has drawn: until it publishes, the state is "starting", not
    /// an empty kiosk (seen under qemu, where scenes take seconds to load).
    func testBeforeTheWindowPublishesTheStateIsStarting() throws {
        let empty = StateBoard()
        let early = try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: empty)
        defer { early.stop() }
        let before = LoopbackClient.request(port: early.port, method: "GET", path: "/api/state", token: token.value)
        XCTAssertEqual(before?.status, 503)
        XCTAssertEqual(before?.headers["retry-after"], "1")
        XCTAssertTrue(before?.body.contains("the kiosk is starting") ?? false, before?.body ?? "no answer")
        empty.publish(ControlState(scene: "wheel", scenes: ["wheel"]))
        let after = LoopbackClient.request(port: early.port, method: "GET", path: "/api/state", token: token.value)
        XCTAssertEqual(after?.status, 200)
        XCTAssertTrue(after?.body.hasPrefix("{\"scene\":\"wheel\"") ?? false, after?.body ?? "no answer")
    }

    /// "[::]" is every network, IPv4 too (the link a phone gets is IPv4); the scheme's name in any case.
    func testAnIPv6AnyAddressTakesIPv4AndBearerIsCaseInsensitive() throws {
        let dual = try ControlServer(listen: "[::]:0", token: token, queue: queue, board: board)
        defer { dual.stop() }
        let reply = LoopbackClient.request(port: dual.port, method: "GET", path: "/api/state", token: token.value)
        XCTAssertEqual(reply?.status, 200, "IPv4 loopback reaches a server on [::]")
        XCTAssertTrue(token.accepts(authorization: "bearer \(token.value)"))
        XCTAssertTrue(token.accepts(authorization: "BEARER \(token.value)"))
        XCTAssertFalse(token.accepts(authorization: "Basic \(token.value)"))
        XCTAssertFalse(token.accepts(authorization: "bearer"))
    }

    func testAWakeIsAskedForEachCommand() throws {
        let wakes = Taken()
        queue.onSubmit { wakes.command.withLock { $0 = .newEvent } }
        answerNextCommand(with: .done())
        XCTAssertEqual(try send("POST", "/api/spin", token: token.value).status, 200)
        XCTAssertEqual(wakes.command.withLock { $0 }, .newEvent, "no wake for the window")
    }

    // MARK: the window's stand-in

    /// The last command the stand-in took (Mutex cannot be copied into the thread's closure: a class holds it).
    private final class Taken: Sendable {
        let command = Mutex<ControlCommand?>(nil)
    }
    private let taken = Taken()

    /// A thread that takes the next command from the queue, as the window does between frames, and answers it.
    private func answerNextCommand(with reply: ControlReply) {
        let queue = self.queue!, last = taken
        let thread = Thread {
            for _ in 0..<2000 {
                if let pending = queue.take().first {
                    last.command.withLock { $0 = pending.command }
                    pending.answer(reply)
                    return
                }
                usleep(1000)
            }
        }
        thread.start()
    }
}
