// A teacher's lesson in the real window, driven through SDL's event queue (keys, a click and the
// clipboard) under the dummy driver: paste the class, open the gear and turn on "remove", spin, keep
// the winner and then take it off from the card, open the winners and export them, R R for a new
// draw and U to take it back. After each step the state database says what the window showed.
@testable import Host
import CSDL2
import Draws
import Foundation
import Raster
import Scenes
import XCTest

final class TeacherWindowTests: XCTestCase {
    func testALessonFromTheWindowAloneIsKeptInTheRecord() throws {
        let dir = NSTemporaryDirectory() + "roundel-teacher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/class.db"
        func record() throws -> Ledger { try Ledger.openForReading(path: path) }
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "lesson", width: 960, height: 720)
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)   // nothing left from an earlier test
            var config = WheelConfig.defaults
            config.spin.duration = 1
            let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 11, ledger: try Ledger.open(path: path))
            wheel.showsControls = true
            wheel.exportFolder = dir
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(cooldown: 0))
            XCTAssertEqual(SDL_SetClipboardText("Ann\nBen\nChloé\nDan\nEve\n"), 0, sdlError())
            let size = window.frameSize
            var step = 0, stepStart = 0.0, winner = "", problems: [String] = []
            func next(_ t: Double) { step += 1; stepStart = t }
            func check(_ ok: Bool, _ what: String) { if !ok { problems.append("step \(step): \(what)") } }
            session.onFrame = { t in
                do {
                    switch step {
                    case 0:
                        pushKey(SDLK_v, modifiers: UInt16(KMOD_LCTRL.rawValue)); next(t)
                    case 1:
                        check(wheel.items.map(\.text) == ["Ann", "Ben", "Chloé", "Dan", "Eve"], "pasted")
                        check(try record().latestRound()?.entries.map(\.text) == ["Ann", "Ben", "Chloé", "Dan", "Eve"], "the paste is recorded")
                        // The gear, clicked (window units: the dummy window is the frame's size).
                        let gear = WheelScene.toolButtonRect(.settings, frameSize: size).center
                        pushClick(x: Int32(gear.x), y: Int32(gear.y)); next(t)
                    case 2:
                        check(wheel.takesPanelKeys, "the settings are open")
                        for key in [SDLK_TAB, SDLK_TAB, SDLK_RIGHT, SDLK_ESCAPE] { pushKey(key) }   // after a win: Remove
                        next(t)
                    case 3:
                        check(!wheel.takesPanelKeys && wheel.settings.afterWin == .remove, "remove is on, the panel closed")
                        check(try record().keptSettings()["afterWin"]?.value == "remove", "and kept in the record")
                        pushKey(SDLK_SPACE); next(t)
                    case 4 where t > stepStart + 2.5:   // stopped, the card up
                        let draw = try XCTUnwrap(try record().history().last)
                        winner = draw.text
                        check(draw.removed, "the draw took the winner off, as set")
                        pushKey(SDLK_k); next(t)   // Keep, on the card
                    case 5:
                        check(wheel.items.map(\.text).contains(winner), "kept on the wheel")
                        check(try record().winnings()[EntryKey(text: winner, occurrence: 0)]?.removed == false, "kept, in the record")
                        pushKey(SDLK_DELETE); next(t)   // off the wheel after all
                    case 6:
                        check(!wheel.items.map(\.text).contains(winner), "off the wheel")
                        check(try record().winnings()[EntryKey(text: winner, occurrence: 0)]?.removed == true, "off, in the record")
                        pushKey(SDLK_h); next(t)
                    case 7:
                        check(wheel.takesPanelKeys, "the winners are open")
                        for key in [SDLK_TAB, SDLK_TAB, SDLK_RETURN] { pushKey(key) }   // Export
                        next(t)
                    case 8:
                        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".csv") }
                        check(files.count == 1, "one CSV: \(files)")
                        if let file = files.first {
                            let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
                            check(text.contains("," + winner + ","), "the winner is in it")
                        }
                        for key in [SDLK_ESCAPE, SDLK_r, SDLK_r] { pushKey(key) }
                        next(t)
                    case 9:
                        check(!wheel.takesPanelKeys, "closed")
                        check(try record().event == 2, "R R: a new event in the record")
                        check(wheel.items.count == 5, "everyone back")
                        pushKey(SDLK_u); next(t)
                    case 10:
                        check(try record().event == 1, "U: the event before is open again")
                        check(!wheel.items.map(\.text).contains(winner), "as it was, the winner off")
                        pushQuit(); next(t)
                    default:
                        if t > 30 { problems.append("stuck at step \(step)"); pushQuit() }
                    }
                } catch {
                    problems.append("step \(step): \(error)")
                    pushQuit()
                }
            }
            _ = try session.run()
            session.onFrame = nil
            XCTAssertEqual(problems, [])
            XCTAssertGreaterThanOrEqual(step, 11, "every step was taken")
        }
    }
}

/// A click of the left mouse button at (x, y) in window units.
func pushClick(x: Int32, y: Int32) {
    pushMouse(SDL_MOUSEBUTTONDOWN, x: x, y: y)
    pushMouse(SDL_MOUSEBUTTONUP, x: x, y: y)
}
