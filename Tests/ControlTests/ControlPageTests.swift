// The phone's control page: served at / without a token and with its headers (over a raw socket), and
// used in a real headless Chromium at a phone's size (WebDriver): the entries shown as their literal
// text, SPIN reaching the window and the result appearing, a refusal's reason shown, the scene, timer
// and new event buttons reaching the window, the token gone from the address bar. Screenshots go to a
// temporary folder, or to docs/images with RECORD=1.
import Foundation
import Glibc
import Synchronization
import PNGCodec
import TestBrowser
import TestLoopback
import XCTest
@testable import Control

final class ControlPageTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
    static let names = ["Tea <b>bold</b>", "Say \"cheese\" & <i>smile</i>", "Coffee"]

    private func makeServer(board: StateBoard, queue: CommandQueue = CommandQueue(), failedAttempts: Int = 10) throws -> ControlServer {
        var limits = ControlServer.Limits()
        limits.failedAttempts = failedAttempts
        limits.replyTimeout = 2
        return try ControlServer(listen: "127.0.0.1:0", token: token, queue: queue, board: board, limits: limits)
    }

    private static func state() -> ControlState {
        ControlState(scene: "wheel", scenes: ["wheel", "timer", "pie", "clock"], entries: [
            .init(text: names[0], chance: 0.5, stockLeft: 3),
            .init(text: names[1], chance: 0.375, stockLeft: nil),
            .init(text: names[2], chance: 0.125, stockLeft: 1),
        ], event: 2, draws: 4)
    }

    func testThePageIsServedWithoutATokenAndCarriesNoData() throws {
        let server = try makeServer(board: StateBoard(Self.state()), failedAttempts: 3)
        defer { server.stop() }
        let page = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "GET", path: "/"))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(page.headers["cache-control"], "no-store")
        XCTAssertEqual(page.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(page.headers["referrer-policy"], "no-referrer")
        let policy = try XCTUnwrap(page.headers["content-security-policy"])
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; script-src 'sha256-"), policy)
        XCTAssertTrue(policy.contains("connect-src 'self'"), policy)
        XCTAssertFalse(policy.contains("unsafe-inline"), policy)
        for id in ["spin", "result", "entries"] { XCTAssertTrue(page.body.contains("id=\"\(id)\""), "no #\(id) in the page") }
        XCTAssertFalse(page.body.contains("Coffee"), "the page must carry none of the kiosk's data")
        XCTAssertFalse(page.body.contains("http:") || page.body.contains("https:") || page.body.contains("//cdn"),
                       "the page must fetch nothing from elsewhere")
        XCTAssertFalse(page.body.contains("innerHTML"), "names go into the page with textContent only")
        XCTAssertTrue(page.body.contains("/api/events") && page.body.contains("getReader()"), "the event stream is read with fetch")

        let head = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "HEAD", path: "/"))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(head.body, "")

        // Loading the page is not a failed attempt: many loads later, the phone's token still works.
        for _ in 0..<6 { XCTAssertEqual(LoopbackClient.request(port: server.port, method: "GET", path: "/")?.status, 200) }
        XCTAssertEqual(LoopbackClient.request(port: server.port, method: "GET", path: "/api/state", token: token.value)?.status, 200)
        // Everything else still needs the token; / takes GET only.
        XCTAssertEqual(LoopbackClient.request(port: server.port, method: "GET", path: "/index.html")?.status, 401)
        XCTAssertEqual(LoopbackClient.request(port: server.port, method: "POST", path: "/")?.status, 401)
        let post = try XCTUnwrap(LoopbackClient.request(port: server.port, method: "POST", path: "/", token: token.value))
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET")
    }

    func testOnAPhoneInChromiumTheHostSpinsAndSeesTheResult() throws {
        let board = StateBoard(Self.state()), queue = CommandQueue()
        let server = try makeServer(board: board, queue: queue)
        defer { server.stop() }
        let window = StandIn(queue: queue, board: board)
        defer { window.stop() }
        let browser = try Browser(width: 390, height: 844)
        defer { browser.quit() }

        try browser.open("http://127.0.0.1:\(server.port)/#token=\(token.value)")
        try browser.wait("the entries") { try browser.execute("return document.querySelectorAll('#entries tbody tr').length") as? Int == 3 }
        let url = try browser.currentURL()
        XCTAssertFalse(url.contains(token.value) || url.contains("#"), "the token is still in the address bar: \(url)")
        XCTAssertEqual(url, "http://127.0.0.1:\(server.port)/")

        // Names are the literal text: no <b> or <i> element made of them.
        let cells = try browser.execute("return Array.from(document.querySelectorAll('#entries tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))") as? [[String]]
        XCTAssertEqual(cells, [[Self.names[0], "50%", "3"], [Self.names[1], "37.5%", "—"], [Self.names[2], "12.5%", "1"]])
        XCTAssertEqual(try browser.execute("return document.querySelectorAll('#entries b, #entries i').length") as? Int, 0)
        XCTAssertEqual(try browser.text("#event"), "Event 2 · 4 draws")
        XCTAssertEqual(try browser.text("#result"), "No draw yet")
        XCTAssertEqual(try browser.execute("return document.querySelector('#scenes [aria-pressed=\"true\"]').textContent") as? String, "Wheel")

        // Readable on a phone: nothing wider than the screen, SPIN big and on the first screen, every button a finger's size.
        let layout = try XCTUnwrap(browser.execute("""
            const spin = document.getElementById('spin').getBoundingClientRect();
            const buttons = Array.from(document.querySelectorAll('button')).map(b => b.getBoundingClientRect().height);
            return [window.innerWidth, window.innerHeight, document.documentElement.scrollWidth, spin.width, spin.height, spin.bottom, Math.min(...buttons)];
            """) as? [Double])
        XCTAssertEqual(Array(layout[0...1]), [390, 844], "the viewport is a phone's")
        XCTAssertLessThanOrEqual(layout[2], 390, "the page scrolls sideways")
        XCTAssertGreaterThanOrEqual(layout[3], 300, "SPIN is narrow")
        XCTAssertGreaterThanOrEqual(layout[4], 88, "SPIN is short")
        XCTAssertLessThanOrEqual(layout[5], 844, "SPIN is below the first screen")
        XCTAssertGreaterThanOrEqual(layout[6], 44, "a button smaller than a fingertip")
        try save(browser.screenshot(), as: "control-page.png")

        // SPIN: the window draws, turns the wheel, lands; the page shows the result once it has landed.
        try browser.click("#spin")
        try browser.wait("SPIN disabled while the wheel turns") {
            try browser.execute("return document.getElementById('spin').disabled") as? Bool == true
                && browser.text("#result") == "Spinning…"
        }
        try browser.wait("the result", seconds: 8) { try browser.text("#result-text") == Self.names[1] }
        XCTAssertEqual(try browser.text("#result-kind"), "Draw 5 · a prize")
        XCTAssertEqual(try browser.execute("return document.getElementById('spin').disabled") as? Bool, false)
        XCTAssertEqual(try browser.text("#event"), "Event 2 · 5 draws")
        XCTAssertEqual(try browser.execute("return document.querySelectorAll('#result i').length") as? Int, 0)
        try save(browser.screenshot(), as: "control-page-result.png")

        // A phone in dark mode gets a dark page with light text (and back).
        let colours = "const b = getComputedStyle(document.body), s = getComputedStyle(document.getElementById('result-text')); return [b.backgroundColor, s.color]"
        XCTAssertEqual(try browser.execute(colours) as? [String], ["rgb(244, 242, 238)", "rgb(27, 27, 31)"])
        try browser.prefersColorScheme("dark")
        XCTAssertEqual(try browser.execute(colours) as? [String], ["rgb(17, 17, 20)", "rgb(241, 241, 244)"])
        try save(browser.screenshot(), as: "control-page-dark.png")
        try browser.prefersColorScheme("light")

        // A refusal's reason is shown (a spin started at the kiosk itself between two refreshes).
        window.refuseNextSpin()
        try browser.click("#spin")
        try browser.wait("the refusal's reason") { try browser.text("#error") == "the wheel is spinning" }

        // The other buttons reach the window as their commands.
        // (One at a time, as a finger would: the buttons wait while a command is on its way.)
        try browser.click("#scenes button:nth-child(2)")
        try browser.wait("the scene command") { window.commands.count == 3 }
        try browser.wait("the buttons back") { try browser.execute("return document.getElementById('timer-start').disabled") as? Bool == false }
        try browser.click("#timer-start")
        try browser.wait("the timer command") { window.commands.count == 4 }
        try browser.wait("the buttons back") { try browser.execute("return document.getElementById('new-event').disabled") as? Bool == false }
        try browser.click("#new-event")
        try browser.acceptDialog()
        try browser.wait("the new event command") { window.commands.count == 5 }
        XCTAssertEqual(window.commands, [.spin, .spin, .scene("timer"), .timer(.start), .newEvent])
        try browser.wait("the current scene marked") {
            try browser.execute("return document.querySelector('#scenes [aria-pressed=\"true\"]').textContent") as? String == "Timer"
        }
        XCTAssertEqual(try browser.text("#error"), "", "a command that worked clears the error line")

        // Opened again without the fragment (a reload): the session's token still works.
        try browser.open("http://127.0.0.1:\(server.port)/")
        try browser.wait("the entries after a reload") { try browser.execute("return document.querySelectorAll('#entries tbody tr').length") as? Int == 3 }
    }

    func testWithoutATokenThePageSaysWhatToDo() throws {
        let server = try makeServer(board: StateBoard(Self.state()))
        defer { server.stop() }
        let browser = try Browser(width: 390, height: 844)
        defer { browser.quit() }
        try browser.open("http://127.0.0.1:\(server.port)/")
        try browser.wait("the advice") { try browser.text("#notoken").contains("roundel control-link") }
        XCTAssertTrue(try browser.text("#notoken").contains("QR code"))
        XCTAssertEqual(try browser.execute("return document.getElementById('controls').hidden") as? Bool, true)
        // A wrong token: the kiosk refuses it, and the page says so and forgets it.
        try browser.open("http://127.0.0.1:\(server.port)/#token=not-this-kiosks")
        try browser.wait("the advice after a 401") { try browser.execute("return document.getElementById('notoken').hidden") as? Bool == false }
        XCTAssertEqual(try browser.execute("return sessionStorage.length") as? Int, 0)
    }

    /// Writes a screenshot (checked to be a PNG of the phone's size) to a temporary folder, or to
    /// docs/images with RECORD=1.
    private func save(_ png: Data, as name: String) throws {
        let image = try decodePNG(bytes: [UInt8](png), name: name)
        XCTAssertEqual([image.width, image.height], [390, 844], "\(name) is not the phone's size")
        try Browser.keep(png, as: name)
    }
}

/// A thread standing where the window stands: takes each command between "frames" (every 5 ms) and
/// answers it. A spin is draw 5 of "Say "cheese"…", published (spinning) before the answer, as the
/// window records a draw before the wheel turns, and landed 1.5 s later.
private final class StandIn: Sendable {
    private let recorded = Mutex<[ControlCommand]>([])
    private let refuse = Mutex(false)
    private let running = Mutex(true)
    private let done = Mutex(false)

    var commands: [ControlCommand] { recorded.withLock { $0 } }
    func refuseNextSpin() { refuse.withLock { $0 = true } }

    init(queue: CommandQueue, board: StateBoard) {
        let thread = Thread { [self] in
            var landing: Double?
            while running.withLock({ $0 }) {
                let now = Date().timeIntervalSinceReferenceDate
                if let at = landing, now >= at {
                    var state = board.current
                    state.spinning = false
                    board.publish(state)
                    landing = nil
                }
                for pending in queue.take() {
                    recorded.withLock { $0.append(pending.command) }
                    var state = board.current
                    switch pending.command {
                    case .spin:
                        if refuse.withLock({ $0 }) {
                            refuse.withLock { $0 = false }
                            pending.answer(.refused(409, "the wheel is spinning"))
                            continue
                        }
                        state.spinning = true
                        state.draws += 1
                        state.lastResult = .init(draw: state.draws, text: ControlPageTests.names[1], value: 0, prize: true)
                        landing = now + 1.5
                        board.publish(state)
                        pending.answer(.done("{\"draw\":\(state.draws)}"))
                    case .scene(let name):
                        state.scene = name
                        board.publish(state)
                        pending.answer(.done())
                    case .timer, .newEvent:
                        pending.answer(.done())
                    }
                }
                usleep(5000)
            }
            done.withLock { $0 = true }
        }
        thread.start()
    }

    func stop() {
        running.withLock { $0 = false }
        while !done.withLock({ $0 }) { usleep(1000) }
    }
}
