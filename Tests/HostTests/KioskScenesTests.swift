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

/// A touch at (x, y), 0…1 across the window.
func pushFinger(_ type: SDL_EventType, x: Float, y: Float) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.tfinger.x = x
    event.tfinger.y = y
    event.tfinger.fingerId = 1
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}
