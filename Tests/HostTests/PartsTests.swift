// The host's small parts on their own: key table (kiosk and not), frame pacing without drift,
// frame-interval statistics, config-file change detection, screenshot names.
@testable import Host
import CSDL2
import Foundation
import XCTest

final class PartsTests: XCTestCase {
    func key(_ k: SDL_KeyCode, _ modifiers: SDL_Keymod = KMOD_NONE, kiosk: Bool = false, isRepeat: Bool = false) -> EventResponse {
        keyResponse(sym: k.rawValue, modifiers: UInt32(modifiers.rawValue), isRepeat: isRepeat, kiosk: kiosk)
    }

    func testKeyTable() {
        XCTAssertEqual(key(SDLK_TAB), .nextScene)
        XCTAssertEqual(key(SDLK_1), .selectScene("wheel"))
        XCTAssertEqual(key(SDLK_2), .selectScene("timer"))
        XCTAssertEqual(key(SDLK_KP_3), .selectScene("pie"))
        XCTAssertEqual(key(SDLK_4), .selectScene("clock"))
        XCTAssertEqual(key(SDLK_5), .ignore)
        XCTAssertEqual(key(SDLK_f), .toggleFullscreen)
        XCTAssertEqual(key(SDLK_F12), .screenshot)
        XCTAssertEqual(key(SDLK_ESCAPE), .quit(.escapeKey))
        XCTAssertEqual(key(SDLK_SPACE, isRepeat: true), .ignore, "holding Space does not re-trigger")
        XCTAssertEqual(key(SDLK_PLUS, isRepeat: true), .input(.increase), "holding + keeps adding")
        XCTAssertEqual(key(SDLK_q, KMOD_LCTRL), .quit(.escapeKey))
        XCTAssertEqual(key(SDLK_s), .input(.openSettings))
        XCTAssertEqual(key(SDLK_h), .input(.openWinners))
        XCTAssertEqual(key(SDLK_u), .input(.undo))
        XCTAssertEqual(key(SDLK_z, KMOD_LCTRL), .input(.undo))
        XCTAssertEqual(key(SDLK_DELETE), .input(.removeWinner))
        XCTAssertEqual(key(SDLK_k), .input(.keepWinner))
        for k in [SDLK_s, SDLK_h, SDLK_u, SDLK_DELETE, SDLK_k] { XCTAssertEqual(key(k, kiosk: true), .ignore, "a kiosk's visitor") }
    }

    /// While a panel is open, the keys work its controls.
    func testPanelKeys() {
        func panel(_ k: SDL_KeyCode, _ modifiers: SDL_Keymod = KMOD_NONE) -> EventResponse {
            panelKeyResponse(sym: k.rawValue, modifiers: UInt32(modifiers.rawValue), isRepeat: false)
        }
        XCTAssertEqual(panel(SDLK_TAB), .input(.moveFocus(1)))
        XCTAssertEqual(panel(SDLK_TAB, KMOD_LSHIFT), .input(.moveFocus(-1)))
        XCTAssertEqual(panel(SDLK_DOWN), .input(.moveSelection(1)))
        XCTAssertEqual(panel(SDLK_UP), .input(.moveSelection(-1)))
        XCTAssertEqual(panel(SDLK_LEFT), .input(.adjust(-1)))
        XCTAssertEqual(panel(SDLK_RIGHT), .input(.adjust(1)))
        XCTAssertEqual(panel(SDLK_RETURN), .input(.submit))
        XCTAssertEqual(panel(SDLK_SPACE), .input(.submit), "Space presses, it does not spin under the panel")
        XCTAssertEqual(panel(SDLK_ESCAPE), .input(.cancel), "Esc closes the panel, not the window")
        XCTAssertEqual(panel(SDLK_s), .input(.cancel))
        XCTAssertEqual(panel(SDLK_F12), .screenshot)
    }

    func testKioskKeys() {
        XCTAssertEqual(key(SDLK_ESCAPE, kiosk: true), .ignore)
        XCTAssertEqual(key(SDLK_q, kiosk: true), .ignore)
        XCTAssertEqual(key(SDLK_q, KMOD_LCTRL, kiosk: true), .ignore)
        XCTAssertEqual(key(SDLK_f, kiosk: true), .ignore)
        XCTAssertEqual(key(SDLK_q, SDL_Keymod(KMOD_RCTRL.rawValue | KMOD_LALT.rawValue), kiosk: true), .quit(.quitChord))
        XCTAssertEqual(key(SDLK_SPACE, kiosk: true), .input(.primaryAction))
        var close = SDL_Event()
        close.type = SDL_WINDOWEVENT.rawValue
        close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        XCTAssertEqual(response(to: close, kiosk: true), .ignore)
        XCTAssertEqual(response(to: close, kiosk: false), .quit(.windowClosed))
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        XCTAssertEqual(response(to: quit, kiosk: true), .quit(.windowClosed), "SIGTERM (systemctl stop) still quits")
    }

    func testPacerHoldsAbsoluteDeadlinesAndReanchorsAfterAStall() {
        let clock = SteppingClock()
        var pacer = FramePacer(interval: 0.016, vsync: false)
        var starts: [Double] = []
        for frame in 0..<100 {
            starts.append(clock.seconds)
            clock.seconds += frame == 50 ? 0.1 : 0.003   // drawing takes 3 ms; frame 50 stalls 100 ms
            pacer.afterPresent(at: clock.seconds, clock: clock)
        }
        // Frames start exactly one interval apart (no accumulated drift), except across the stall,
        // after which the cadence restarts one interval after the late present instead of rushing.
        for i in 1..<99 where i != 50 {
            XCTAssertEqual(starts[i + 1] - starts[i], 0.016, accuracy: 1e-9, "frame \(i)")
        }
        XCTAssertEqual(starts[51] - starts[50], 0.1 + 0.016, accuracy: 1e-9)
        XCTAssertEqual(starts[49] - starts[1], 0.016 * 48, accuracy: 1e-9)
    }

    func testPacerNoticesAVSyncThatDoesNotWait() {
        let clock = SteppingClock()
        var pacer = FramePacer(interval: 0.016, vsync: true)
        for _ in 0..<12 {
            clock.seconds += 0.001
            pacer.afterPresent(at: clock.seconds, clock: clock)
        }
        XCTAssertFalse(pacer.vsyncWorks)
        XCTAssertTrue(pacer.description.contains("presents return at once"), pacer.description)
        var real = FramePacer(interval: 0.016, vsync: true)
        for _ in 0..<30 {
            clock.seconds += 0.0166
            real.afterPresent(at: clock.seconds, clock: clock)
        }
        XCTAssertTrue(real.vsyncWorks)
    }

    func testStatsSummary() {
        var stats = FrameStats(nominalInterval: 1.0 / 60)
        for i in 0..<100 { stats.recordPresent(at: Double(i) / 60) }
        stats.pause()
        stats.recordPresent(at: 1000)   // after an idle pause: no interval
        stats.recordPresent(at: 1000 + 0.05)  // one late frame
        XCTAssertEqual(stats.frames, 102)
        XCTAssertEqual(stats.intervals, 100)
        XCTAssertEqual(stats.late, 1)
        XCTAssertEqual(stats.percentile(0.5), 1.0 / 60, accuracy: 0.000_01)
        XCTAssertEqual(stats.maximum, 0.05, accuracy: 1e-9)
        let text = stats.summary(pacing: "vsync")
        XCTAssertTrue(text.contains("median 16.6") && text.contains("late (> 1.5 x refresh): 1"), text)
    }

    func testStatsKnowHowLongTheProcessHasRun() throws {
        let age = try XCTUnwrap(FrameStats.processAge())
        XCTAssertGreaterThan(age, 0)
        XCTAssertLessThan(age, 24 * 3600, "a test process younger than a day")
        var stats = FrameStats(nominalInterval: 1.0 / 60)
        stats.recordPresent(at: 0)
        XCTAssertTrue(stats.summary(pacing: "test").contains("first frame presented"))
    }

    func testConfigWatchSeesEachEditOnce() throws {
        let path = NSTemporaryDirectory() + "roundel-sig-\(getpid()).json"
        defer { unlink(path) }
        FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        var watch = ConfigWatch(path: path, interval: 1, now: 0)
        XCTAssertFalse(watch.changed(at: 2))
        FileManager.default.createFile(atPath: path, contents: Data("{ }".utf8))
        XCTAssertFalse(watch.changed(at: 2.5), "not polled again within the interval")
        XCTAssertTrue(watch.changed(at: 3.1))
        XCTAssertFalse(watch.changed(at: 4.2))
        unlink(path)
        XCTAssertFalse(watch.changed(at: 5.3), "a missing file is not an edit")
        XCTAssertEqual(watch.secondsUntilPoll(at: 5.8), 0.5, accuracy: 1e-9)
    }

    func testScreenshotNamesSortByTime() {
        let name = screenshotName(at: 1_700_000_000)
        XCTAssertTrue(name.hasPrefix("roundel-2023111"), name)
        XCTAssertTrue(name.range(of: #"^roundel-\d{8}-\d{6}\.png$"#, options: .regularExpression) != nil, name)
    }
}
