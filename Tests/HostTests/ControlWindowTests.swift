// The control API driving a real window (SDL's dummy driver, the real clock): POST /api/spin over
// loopback HTTP makes one draw exactly as START does, recorded before the wheel turns; a second spin
// while it turns gets 409 and draws nothing; GET /api/state follows the window (spinning, then the
// result); a scene is switched by name. (The wake, an SDL user event pushed for each command, matters
// where SDL_WaitEvent blocks, X11 and KMSDRM; under the dummy driver SDL2 polls, so this test would
// pass without it: a test under Xvfb is still to be written.)
@testable import Host
import Control
import CSDL2
import Draws
import Foundation
import Scenes
import TestLoopback
import XCTest

final class ControlWindowTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "roundel-control-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// What the phone saw, in order (set on the client's thread, read after the window closed).
    final class Seen: @unchecked Sendable {
        var replies: [LoopbackResponse?] = []
        var drawsWhileSpinning = -1
    }

    func testASpinByAPIIsOneRecordedDrawAndASecondWhileItTurnsIsRefused() throws {
        let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
        let queue = CommandQueue(), board = StateBoard()
        let server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: board)
        defer { server.stop() }
        let port = server.port, path = dir + "/e.db"
        let seen = Seen()
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "control", width: 320, height: 240)
            var config = WheelConfig.defaults
            config.spin.duration = 4   // long enough that the three requests after the spin come while it turns, on a busy machine too
            let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 5, ledger: try Ledger.open(path: path))
            let timer = try TimerScene(config: .defaults, resources: try sceneResources())
            let session = Session(window: window, scenes: [wheel, timer], initialScene: "wheel", options: HostOptions())
            session.attachControl(queue: queue, board: board)
            let phone = Thread {
                func send(_ method: String, _ route: String, _ body: String = "") -> LoopbackResponse? {
                    LoopbackClient.request(port: port, method: method, path: route, token: token.value, body: Array(body.utf8))
                }
                usleep(300_000)   // the window has drawn its first frame and sleeps
                seen.replies.append(send("POST", "/api/spin"))
                seen.drawsWhileSpinning = (try? Ledger.openForReading(path: path).history().count) ?? -2
                seen.replies.append(send("POST", "/api/spin"))
                seen.replies.append(send("GET", "/api/state"))
                usleep(5_000_000)   // the spin has landed
                seen.replies.append(send("GET", "/api/state"))
                seen.replies.append(send("POST", "/api/scene", "{\"scene\": \"timer\"}"))
                seen.replies.append(send("GET", "/api/state"))
                pushQuit()
            }
            phone.start()
            _ = try session.run()
        }
        let replies = seen.replies
        XCTAssertEqual(replies.count, 6)
        guard replies.count == 6, let spin = replies[0], let again = replies[1], let during = replies[2],
              let after = replies[3], let switched = replies[4], let last = replies[5] else { return XCTFail("a request had no answer") }
        XCTAssertEqual(spin.status, 200, spin.body)
        XCTAssertEqual(seen.drawsWhileSpinning, 1, "the draw is in the record before the wheel lands")
        XCTAssertEqual(again.status, 409)
        XCTAssertTrue(again.body.contains("the wheel is spinning"), again.body)
        XCTAssertTrue(during.body.contains("\"spinning\":true"), during.body)
        XCTAssertTrue(after.body.contains("\"spinning\":false"), after.body)
        let history = try Ledger.openForReading(path: path).history()
        XCTAssertEqual(history.count, 1, "one spin by API, one draw")
        let winner = try XCTUnwrap(history.first?.text)
        XCTAssertTrue(spin.body.contains("\"text\":\(JSONText.string(winner))"), "the reply names the recorded winner: \(spin.body)")
        XCTAssertTrue(after.body.contains("\"lastResult\":{\"draw\":\(history[0].draw),\"text\":\(JSONText.string(winner))"), after.body)
        XCTAssertEqual(switched.status, 200)
        XCTAssertTrue(last.body.hasPrefix("{\"scene\":\"timer\""), last.body)
    }

    func testNothingToWinIsRefusedANewEventBringsTheStockBackAndTheTimerFollows() throws {
        let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
        let queue = CommandQueue(), board = StateBoard()
        let server = try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: board)
        defer { server.stop() }
        let port = server.port, path = dir + "/e.db"
        let seen = Seen()
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "control", width: 320, height: 240)
            var config = WheelConfig.defaults
            let color = config.items[0].color
            config.items = [WheelItem(text: "Mug", color: color, stock: 1), WheelItem(text: "Pen", color: color, stock: 1)]
            config.spin.duration = 0.3
            let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 5, ledger: try Ledger.open(path: path))
            let timer = try TimerScene(config: TimerConfig(steps: [TimerStep(duration: 600)]), resources: try sceneResources(), startsAt: nil)
            let session = Session(window: window, scenes: [wheel, timer], initialScene: "wheel", options: HostOptions())
            session.attachControl(queue: queue, board: board)
            let phone = Thread {
                func send(_ method: String, _ route: String, _ body: String = "") -> LoopbackResponse? {
                    LoopbackClient.request(port: port, method: method, path: route, token: token.value, body: Array(body.utf8))
                }
                for _ in 0..<2 {
                    seen.replies.append(send("POST", "/api/spin"))
                    usleep(800_000)
                }
                seen.replies.append(send("POST", "/api/spin"))            // 2: nothing left
                seen.replies.append(send("GET", "/api/state"))            // 3: both sold out
                seen.replies.append(send("POST", "/api/event"))           // 4
                seen.replies.append(send("POST", "/api/spin"))            // 5: the stock is back
                seen.replies.append(send("POST", "/api/timer", "{\"action\": \"start\"}"))   // 6
                seen.replies.append(send("POST", "/api/timer", "{\"action\": \"pause\"}"))   // 7
                usleep(500_000)
                pushQuit()
            }
            phone.start()
            _ = try session.run()
        }
        let replies = seen.replies.map { $0?.status ?? 0 }
        XCTAssertEqual(replies, [200, 200, 409, 200, 200, 200, 200, 200], seen.replies.map { $0?.body ?? "" }.joined(separator: " | "))
        guard seen.replies.count == 8, let refused = seen.replies[2], let state = seen.replies[3], let event = seen.replies[4],
              let start = seen.replies[6], let pause = seen.replies[7] else { return }
        XCTAssertEqual(refused.body, "{\"error\":\"nothing can win\"}\n")
        XCTAssertTrue(state.body.contains("{\"text\":\"Mug\",\"chance\":0,\"stockLeft\":0}"), state.body)
        XCTAssertTrue(state.body.contains("{\"text\":\"Pen\",\"chance\":0,\"stockLeft\":0}"), state.body)
        XCTAssertEqual(event.body, "{\"event\":2}\n")
        XCTAssertEqual(start.body, "{\"timer\":\"running\"}\n")
        XCTAssertEqual(pause.body, "{\"timer\":\"paused\"}\n")
        let record = try Ledger.openForReading(path: path)
        XCTAssertEqual(try record.history().count, 3, "two draws, none for the refused spin, one in the new event")
        XCTAssertEqual(try record.history(event: 2).count, 1)
    }
}
