// The raffle in the window, driven through SDL's event queue under the dummy driver: Ctrl+V pastes
// the clipboard's names, a spin removes its winner once the result was shown, a restart shows the
// same wheel, E opens the editor and typed text in any script arrives through SDL_TEXTINPUT, a
// dropped file loads its names (not in a kiosk), and a config saved mid-spin waits for the result.
@testable import Host
import CSDL2
import Draws
import Foundation
import Raster
import Scenes
import XCTest

final class RaffleWindowTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "roundel-raffle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func removingWheel(_ ledger: Ledger) throws -> WheelScene {
        var config = WheelConfig.defaults
        config.afterWin = .remove
        config.spin.duration = 0.5
        return try WheelScene(config: config, resources: try sceneResources(), seed: 9, ledger: ledger)
    }

    func testPasteSpinRemoveAndRestart() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "raffle", width: 320, height: 240)
            var winner = ""
            do {
                let wheel = try removingWheel(try Ledger.open(path: dir + "/e.db"))
                // The real clock: the winner leaves 3 s after the stop while the loop sleeps.
                let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions())
                XCTAssertEqual(SDL_SetClipboardText("Ann\nBen\nCat\nDov\n"), 0, sdlError())
                var frames = 0
                session.onFrame = { t in
                    frames += 1
                    if frames == 1 { pushKey(SDLK_v, modifiers: UInt16(KMOD_LCTRL.rawValue)) }
                    if frames == 2 {
                        XCTAssertEqual(wheel.items.map(\.text), ["Ann", "Ben", "Cat", "Dov"], "pasted")
                        pushKey(SDLK_SPACE)
                    }
                    if let result = wheel.state(at: t).result, winner.isEmpty { winner = result.text }
                    if wheel.sliceCount == 3 || t > 20 { pushQuit() }
                }
                _ = try session.run()
                session.onFrame = nil
            }
            XCTAssertFalse(winner.isEmpty, "the wheel stopped on a winner")
            // A restart from the same record: the pasted list, without the winner, the result shown.
            let again = try removingWheel(try Ledger.open(path: dir + "/e.db"))
            XCTAssertEqual(Set(again.items.map(\.text)), Set(["Ann", "Ben", "Cat", "Dov"]).subtracting([winner]))
            XCTAssertEqual(again.state(at: 0).result?.text, winner)
            XCTAssertEqual(try Ledger.openForReading(path: dir + "/e.db").history().map(\.text), [winner])
        }
    }

    func testTheEditorTakesTypedTextInAnyScriptAndEscClosesItNotTheWindow() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "editor", width: 320, height: 240)
            let wheel = try removingWheel(.inMemory())
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(), clock: SteppingClock())
            var frames = 0
            session.onFrame = { _ in
                frames += 1
                switch frames {
                case 1: pushKey(SDLK_e)
                case 2:
                    XCTAssertTrue(wheel.wantsTextInput)
                    pushText("민준")
                    pushText(" é")
                    pushKey(SDLK_q)        // a letter typed, not a quit
                    pushText("q")
                    pushKey(SDLK_RETURN)
                    pushKey(SDLK_ESCAPE)   // closes the editor, not the window
                case 3:
                    XCTAssertFalse(wheel.wantsTextInput)
                    pushQuit()
                default: pushQuit()
                }
            }
            XCTAssertEqual(try session.run(), .windowClosed)
            session.onFrame = nil
            XCTAssertEqual(wheel.items.last?.text, "민준 éq")
            XCTAssertEqual(wheel.items.count, 9)
        }
    }

    func testADroppedFileLoadsItsNamesButNotInAKiosk() throws {
        let list = dir + "/list.txt"
        try "Xia\nYan\nZed\n".write(toFile: list, atomically: true, encoding: .utf8)
        for kiosk in [false, true] {
            try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
                let window = try Window(title: "drop", width: 64, height: 64)
                let wheel = try removingWheel(.inMemory())
                let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(kiosk: kiosk),
                                      clock: SteppingClock())
                pushDrop(list)
                pushKey(SDLK_v, modifiers: UInt16(KMOD_LCTRL.rawValue))
                pushKey(SDLK_q, modifiers: UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue))
                XCTAssertEqual(try session.run(), .quitChord)
                XCTAssertEqual(wheel.items.map(\.text), kiosk ? WheelConfig.defaults.items.map(\.text) : ["Xia", "Yan", "Zed"],
                               kiosk ? "a kiosk ignores drops" : "the dropped list")
                if kiosk { SDL_ShowCursor(SDL_ENABLE) }
            }
        }
    }

    func testAConfigSavedMidSpinAppliesAfterTheResultWasShown() throws {
        let path = dir + "/live.json"
        @Sendable func write(_ items: [String]) {
            let list = items.map { "\"\($0)\"" }.joined(separator: ",")
            FileManager.default.createFile(atPath: path, contents: Data("{\"wheel\":{\"afterWin\":\"remove\",\"duration\":0.5,\"items\":[\(list)]}}".utf8))
        }
        write(["A", "B", "C"])
        let resources = try sceneResources()
        let ledger = try Ledger.open(path: dir + "/live.db")
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "live", width: 64, height: 64)
            let initial = try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources, ledger: ledger)
            let clock = MonotonicClock()
            var reloadedAt: Double?
            let session = Session(window: window, scenes: initial, initialScene: "wheel",
                                  options: HostOptions(configPath: path, configPollInterval: 0.02), clock: clock,
                                  reload: {
                                      reloadedAt = clock.seconds
                                      return try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources, ledger: ledger)
                                  })
            var spinEnd: Double?
            var saved = false
            session.onFrame = { t in
                guard let wheel = session.scene as? WheelScene else { return }
                if spinEnd == nil, !saved { pushKey(SDLK_SPACE) }
                if wheel.spinner.isSpinning(at: t), !saved {
                    spinEnd = wheel.spinner.endTime
                    write(["A", "B", "C", "D", "E"])
                    saved = true
                }
                if reloadedAt != nil || t > 20 { pushQuit() }
            }
            _ = try session.run()
            session.onFrame = nil
            let end = try XCTUnwrap(spinEnd), reload = try XCTUnwrap(reloadedAt, "the edit was applied")
            XCTAssertGreaterThanOrEqual(reload, end + WheelScene.refreshDelay, "not before the result had been shown")
            let draws = try ledger.history()
            XCTAssertEqual(draws.count, 1, "the draw landed and was recorded")
            let wheel = try XCTUnwrap(session.scenes.first as? WheelScene)
            XCTAssertEqual(Set(wheel.items.map(\.text)), Set(["A", "B", "C", "D", "E"]).subtracting([draws[0].text]))
            XCTAssertEqual(wheel.state(at: clock.seconds).result?.text, draws[0].text, "the result stays on screen")
        }
    }

    func testEditingKeys() {
        func key(_ k: SDL_KeyCode, _ modifiers: SDL_Keymod = KMOD_NONE) -> EventResponse {
            editingKeyResponse(sym: k.rawValue, modifiers: UInt32(modifiers.rawValue))
        }
        XCTAssertEqual(key(SDLK_ESCAPE), .input(.cancel))
        XCTAssertEqual(key(SDLK_RETURN), .input(.submit))
        XCTAssertEqual(key(SDLK_BACKSPACE), .input(.deleteBackward))
        XCTAssertEqual(key(SDLK_DELETE), .input(.deleteSelected))
        XCTAssertEqual(key(SDLK_UP), .input(.moveSelection(-1)))
        XCTAssertEqual(key(SDLK_DOWN), .input(.moveSelection(1)))
        XCTAssertEqual(key(SDLK_v, KMOD_LCTRL), .paste)
        XCTAssertEqual(key(SDLK_SPACE), .ignore, "typed as text")
        XCTAssertEqual(key(SDLK_TAB), .ignore)
        XCTAssertEqual(key(SDLK_q, SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue)), .quit(.quitChord))
        func plain(_ k: SDL_KeyCode, _ modifiers: SDL_Keymod = KMOD_NONE, kiosk: Bool) -> EventResponse {
            keyResponse(sym: k.rawValue, modifiers: UInt32(modifiers.rawValue), isRepeat: false, kiosk: kiosk)
        }
        XCTAssertEqual(plain(SDLK_e, kiosk: false), .input(.openEditor))
        XCTAssertEqual(plain(SDLK_v, KMOD_RCTRL, kiosk: false), .paste)
        XCTAssertEqual(plain(SDLK_r, kiosk: false), .input(.restart))
        for k in [SDLK_e, SDLK_r] { XCTAssertEqual(plain(k, kiosk: true), .ignore, "a stray key on a kiosk changes nothing") }
        XCTAssertEqual(plain(SDLK_v, KMOD_LCTRL, kiosk: true), .ignore)
    }
}

/// SDL_TEXTINPUT with `text` (UTF-8, under 32 bytes), as a keyboard in any layout or an IME sends it.
func pushText(_ text: String) {
    var event = SDL_Event()
    event.type = SDL_TEXTINPUT.rawValue
    let bytes = Array(text.utf8.prefix(31))
    withUnsafeMutableBytes(of: &event.text.text) { buffer in
        for (i, b) in bytes.enumerated() { buffer[i] = b }
        buffer[bytes.count] = 0
    }
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}

/// SDL_DROPFILE for `path` (SDL frees the string's copy when the host has read it).
func pushDrop(_ path: String) {
    var event = SDL_Event()
    event.type = SDL_DROPFILE.rawValue
    event.drop.file = SDL_strdup(path)
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}
