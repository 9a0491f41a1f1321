// Scenes for a kiosk: a timer or pie starts when first shown, not at launch; a touch held in a
// corner switches scenes on a kiosk with several (the corners take no taps there).
@testable import Host
import CSDL2
import Foundation
import Raster
import Scenes
import XCTest

final class KioskScenesTests: XCTestCase {
    func testATimerStartsWhenFirstShownNotAtLaunch() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "appear", width: 64, height: 48)
            let scenes = try SceneCatalog.makeAll(SceneCatalog.Configs(), resources: try sceneResources(), only: ["wheel", "timer"])
            let clock = SteppingClock()
            let session = Session(window: window, scenes: scenes, initialScene: "wheel", options: HostOptions(), clock: clock)
            var timerFirstSeen: (t: Double, json: String)?
            session.onFrame = { t in
                if session.scene.name == "wheel" {
                    clock.seconds = 30   // half a minute on the wheel first
                    pushKey(SDLK_TAB)
                } else if timerFirstSeen == nil {
                    timerFirstSeen = (t, session.scene.jsonLine(at: t))
                    pushQuit()
                }
            }
            _ = try session.run()
            session.onFrame = nil
            let seen = try XCTUnwrap(timerFirstSeen)
            XCTAssertGreaterThanOrEqual(seen.t, 30)
            XCTAssertTrue(seen.json.contains("\"remaining\":60"), "the full minute when first shown: \(seen.json)")
        }
    }

    func testAKioskSwitchesScenesOnATouchHeldInACorner() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "corner", width: 200, height: 150)
            let scenes = try SceneCatalog.makeAll(SceneCatalog.Configs(), resources: try sceneResources(), only: ["wheel", "clock"])
            let session = Session(window: window, scenes: scenes, initialScene: "wheel", options: HostOptions(kiosk: true))
            let wheel = try XCTUnwrap(scenes.first as? WheelScene)
            let driver = Thread {
                pushFinger(SDL_FINGERDOWN, x: 0.02, y: 0.97)   // a short touch in a corner: nothing
                pushFinger(SDL_FINGERUP, x: 0.02, y: 0.97)
                Thread.sleep(forTimeInterval: 0.2)
                pushFinger(SDL_FINGERDOWN, x: 0.98, y: 0.03)   // held 1.6 s: the next scene
                Thread.sleep(forTimeInterval: 1.6)
                pushFinger(SDL_FINGERUP, x: 0.98, y: 0.03)
                Thread.sleep(forTimeInterval: 0.3)
                pushKey(SDLK_q, modifiers: UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue))
            }
            var started = false
            session.onFrame = { _ in if !started { started = true; driver.start() } }   // once the loop runs
            XCTAssertEqual(try session.run(), .quitChord)
            session.onFrame = nil
            XCTAssertEqual(session.scene.name, "clock", "a corner held 1.5 s switches")
            XCTAssertFalse(wheel.spinner.isSpinning(at: 0.5) || wheel.spinner.endTime != nil, "corner touches never spun the wheel")
            SDL_ShowCursor(SDL_ENABLE)
        }
    }
}

extension KioskScenesTests {
    /// Many touch panels report themselves as a mouse: a press held in a corner switches scenes as a
    /// finger's does (it did nothing: only touch events were looked at), and a short one does nothing.
    func testAKioskSwitchesScenesOnAMouseButtonHeldInACorner() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "corner", width: 200, height: 150)
            let scenes = try SceneCatalog.makeAll(SceneCatalog.Configs(), resources: try sceneResources(), only: ["wheel", "clock"])
            let session = Session(window: window, scenes: scenes, initialScene: "wheel", options: HostOptions(kiosk: true))
            let wheel = try XCTUnwrap(scenes.first as? WheelScene)
            /// Clicks in window units once the kiosk covers the (dummy) display, whatever its size.
            func driver(width w: Int32, height h: Int32) -> Thread {
                Thread {
                    pushMouse(SDL_MOUSEBUTTONDOWN, x: 3, y: h - 4)   // a short click in a corner: nothing
                    pushMouse(SDL_MOUSEBUTTONUP, x: 3, y: h - 4)
                    Thread.sleep(forTimeInterval: 0.2)
                    pushMouse(SDL_MOUSEBUTTONDOWN, x: w - 3, y: 4)   // held 1.6 s: the next scene
                    Thread.sleep(forTimeInterval: 1.6)
                    pushMouse(SDL_MOUSEBUTTONUP, x: w - 3, y: 4)
                    Thread.sleep(forTimeInterval: 0.3)
                    pushKey(SDLK_q, modifiers: UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue))
                }
            }
            var started = false
            var before = ""
            session.onFrame = { _ in
                if !started {
                    started = true
                    var w: Int32 = 0, h: Int32 = 0
                    SDL_GetWindowSize(window.window, &w, &h)
                    driver(width: w, height: h).start()
                }
                if session.scene.name == "wheel" { before = "wheel" }
            }
            XCTAssertEqual(try session.run(), .quitChord)
            session.onFrame = nil
            XCTAssertEqual(before, "wheel")
            XCTAssertEqual(session.scene.name, "clock", "a corner held 1.5 s with the mouse switches")
            XCTAssertFalse(wheel.spinner.isSpinning(at: 0.5) || wheel.spinner.endTime != nil, "corner clicks never spun the wheel")
            SDL_ShowCursor(SDL_ENABLE)
        }
    }
}

extension KioskScenesTests {
    /// Five quick taps (mouse or touch) in a kiosk's top left corner ask the wheel for the operator's
    /// PIN; four do not, nor five in another corner.
    func testFiveTapsInTheTopLeftCornerAskForTheOperatorsPin() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "operator", width: 200, height: 150)
            let wheel = try WheelScene(resources: try sceneResources())
            wheel.operatorPin = "2468"
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(kiosk: true))
            var seen: [Bool] = []
            func driver(width w: Int32, height h: Int32) -> Thread {
                Thread {
                    for _ in 0..<5 { pushMouse(SDL_MOUSEBUTTONDOWN, x: w - 3, y: 4); pushMouse(SDL_MOUSEBUTTONUP, x: w - 3, y: 4) }
                    for _ in 0..<4 { pushFinger(SDL_FINGERDOWN, x: 0.02, y: 0.02); pushFinger(SDL_FINGERUP, x: 0.02, y: 0.02) }
                    Thread.sleep(forTimeInterval: 0.3)
                    var expose = SDL_Event()   // a redraw: the frame as it is after the four
                    expose.type = SDL_WINDOWEVENT.rawValue
                    expose.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
                    SDL_PushEvent(&expose)
                    Thread.sleep(forTimeInterval: 0.3)
                    pushMouse(SDL_MOUSEBUTTONDOWN, x: 3, y: 4)
                    pushMouse(SDL_MOUSEBUTTONUP, x: 3, y: 4)
                    Thread.sleep(forTimeInterval: 0.3)
                    pushKey(SDLK_q, modifiers: UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue))
                }
            }
            var started = false
            session.onFrame = { _ in
                if !started {
                    started = true
                    var w: Int32 = 0, h: Int32 = 0
                    SDL_GetWindowSize(window.window, &w, &h)
                    driver(width: w, height: h).start()
                }
                seen.append(wheel.isAskingForOperatorPin)
            }
            XCTAssertEqual(try session.run(), .quitChord)
            session.onFrame = nil
            XCTAssertEqual(seen.first, false)
            XCTAssertTrue(seen.contains(false) && seen.count > 2 && !seen[seen.count - 2], "not after five elsewhere and four there: \(seen)")
            XCTAssertTrue(wheel.isAskingForOperatorPin, "the fifth tap at the top left")
            XCTAssertFalse(wheel.spinner.endTime != nil, "corner taps never spun the wheel")
            SDL_ShowCursor(SDL_ENABLE)
        }
    }
}

/// The left mouse button at (x, y) in window units.
func pushMouse(_ type: SDL_EventType, x: Int32, y: Int32) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.button.button = UInt8(SDL_BUTTON_LEFT)
    event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
    event.button.x = x
    event.button.y = y
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}

/// A touch at (x, y), 0…1 across the window.
func pushFinger(_ type: SDL_EventType, x: Float, y: Float) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.tfinger.x = x
    event.tfinger.y = y
    event.tfinger.fingerId = 1
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}
