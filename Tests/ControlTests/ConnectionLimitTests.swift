// The server's connections and threads: 200 requests held open at once are all answered (each is a
// connection and a thread), and a request's thread has stack enough for the deepest body the JSON
// reader takes (512 levels) with the server's small stacks.
import Foundation
import Glibc
import Scenes
import TestLoopback
import XCTest
@testable import Control

final class ConnectionLimitTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")

    func testTwoHundredRequestsAtOnceAreAllAnswered() throws {
        let board = StateBoard(ControlState(scene: "wheel", scenes: ["wheel"], entries: [.init(text: "Coffee", chance: 1)]))
        let server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: CommandQueue(), board: board)
        defer { server.stop() }
        let count = 200, port = server.port, token = token.value
        let statuses = Statuses(count)
        // Every client connects, then waits for all the others before sending: 200 connections open at once.
        let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
        pthread_barrier_init(barrier, nil, UInt32(count))
        defer {
            pthread_barrier_destroy(barrier)
            barrier.deallocate()
        }
        let shared = Barrier(barrier)
        let threads = (0..<count).map { index in
            Thread {
                let response = LoopbackClient.request(port: port, method: "GET", path: "/api/state", token: token) {
                    pthread_barrier_wait(shared.pointer)
                }
                statuses.set(index, response?.status ?? 0)
                statuses.done.signal()
            }
        }
        for thread in threads { thread.start() }
        for _ in 0..<count { XCTAssertEqual(statuses.done.wait(timeout: .now() + 20), .success) }
        let answered = statuses.all
        XCTAssertEqual(answered.filter { $0 == 200 }.count, count, "not answered 200: \(answered.enumerated().filter { $0.1 != 200 }.map(\.0))")
    }

    func testTheDeepestBodyFitsARequestsStack() throws {
        let server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: CommandQueue(), board: StateBoard())
        defer { server.stop() }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let response = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "POST", path: "/api/scene", token: token.value,
                                                            body: Array(deepest.utf8)))
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.body, "{\"error\":\"the body must be a JSON object\"}\n", "512 levels are read, then refused as not an object")
        let deeper = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "POST", path: "/api/scene", token: token.value,
                                                          body: Array(("[" + deepest + "]").utf8)))
        XCTAssertEqual(deeper.status, 400)
        XCTAssertTrue(deeper.body.contains("Too many nested"), deeper.body)
    }

    private final class Barrier: @unchecked Sendable {   // a pthread barrier is made for threads to share
        let pointer: UnsafeMutablePointer<pthread_barrier_t>
        init(_ pointer: UnsafeMutablePointer<pthread_barrier_t>) { self.pointer = pointer }
    }

    private final class Statuses: @unchecked Sendable {   // `values` only under `lock`
        private var values: [Int]
        private let lock = NSLock()
        let done = DispatchSemaphore(value: 0)
        init(_ count: Int) { values = Array(repeating: -1, count: count) }
        func set(_ index: Int, _ status: Int) { lock.withLock { values[index] = status } }
        var all: [Int] { lock.withLock { values } }
    }
}
