// GET /api/events over real HTTP on loopback: what a phone page's EventSource receives. The state at
// once, each published change within a second, keepalive comments while nothing changes (and the
// connection kept past the idle timeout), at most 16 streams, and a server that stops at once with
// streams open.
import Foundation
import Glibc
import Scenes
import TestLoopback
import XCTest
@testable import Control

final class EventStreamTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
    var board: StateBoard!
    var server: ControlServer!

    override func setUpWithError() throws {
        board = StateBoard(ControlState(scene: "wheel", scenes: ["wheel", "timer"], entries: [
            .init(text: "Tea \"green\"\n<b>", chance: 0.75, stockLeft: 3), .init(text: "Coffee", chance: 0.25),
        ], event: 2, draws: 5))
        server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: CommandQueue(), board: board)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func open(_ server: ControlServer? = nil, token: String? = nil) throws -> LoopbackStream {
        try XCTUnwrap(LoopbackStream(port: (server ?? self.server).port, path: "/api/events", token: token ?? self.token.value))
    }

    private func event(_ state: ControlState) -> String { "event: state\ndata: \(state.json)\n\n" }

    func testTheStateComesAtOnceThenEachChange() throws {
        let stream = try open()
        XCTAssertEqual(stream.status, 200)
        XCTAssertEqual(stream.headers["content-type"], "text/event-stream")
        XCTAssertEqual(stream.headers["cache-control"], "no-store")
        XCTAssertEqual(stream.next(within: 1), event(board.current), "the state, at once")

        var next = board.current
        next.spinning = true
        next.lastResult = .init(draw: 6, text: "Coffee", value: 0, prize: true)
        board.publish(next)
        XCTAssertEqual(stream.next(within: 1), event(next), "a published change, within a second")
        board.publish(next)
        XCTAssertNil(stream.next(within: 0.3), "the same state again is not sent again")
        next.spinning = false
        board.publish(next)
        XCTAssertEqual(stream.next(within: 1), event(next))
        XCTAssertFalse(stream.ended)
    }

    func testWithoutTheTokenThereIsNoStream() throws {
        let stream = try open(token: "wrong")
        XCTAssertEqual(stream.status, 401)
        XCTAssertFalse(stream.next(within: 1)?.contains("Coffee") ?? false)
    }

    func testAQuietStreamGetsKeepalivesAndOutlivesTheIdleTimeout() throws {
        var limits = ControlServer.Limits()
        limits.keepalive = 2.5
        limits.idleTimeout = 1
        let quick = try ControlServer(listen: "127.0.0.1:0", token: token, queue: CommandQueue(), board: board, limits: limits)
        defer { quick.stop() }
        let stream = try open(quick)
        XCTAssertEqual(stream.next(within: 1), event(board.current))
        XCTAssertNil(stream.next(within: 2.2), "a keepalive only after 2.5 s of silence")
        XCTAssertEqual(stream.next(within: 1), ": keepalive\n\n")
        XCTAssertEqual(stream.next(within: 3), ": keepalive\n\n", "and again 2.5 s later, the stream kept past the idle timeout")
        var next = board.current
        next.scene = "timer"
        board.publish(next)
        XCTAssertEqual(stream.next(within: 1), event(next))
    }

    func testTheSeventeenthStreamIsRefused() throws {
        let streams = try (0..<16).map { _ in try open() }
        for stream in streams { XCTAssertEqual(stream.next(within: 1), event(board.current)) }
        let refused = try open()
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(refused.next(within: 1), "{\"error\":\"16 event streams are open already: close one, or poll GET /api/state\"}\n")
        let state = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "GET", path: "/api/state", token: token.value))
        XCTAssertEqual(state.status, 200, "other requests are still answered")
    }

    func testStopReturnsAtOnceWithStreamsOpen() throws {
        let streams = try (0..<2).map { _ in try open() }
        for stream in streams { XCTAssertEqual(stream.next(within: 1), event(board.current)) }
        let started = Date()
        server.stop()
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThan(took, 0.5, "stop waited \(took) s for the streams")
        for stream in streams {
            XCTAssertNil(stream.next(within: 1))
            XCTAssertTrue(stream.ended, "the stream was not ended")
        }
    }
}
