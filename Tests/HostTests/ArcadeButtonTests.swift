// An arcade button (a USB encoder seen as a joystick): any button press is the primary action, once
// per cooldown however fast it bounces or repeats. Driven by an SDL virtual joystick under the dummy driver.
@testable import Host
import CSDL2
import Foundation
import Raster
import Scenes
import XCTest

/// Animates all the time (so frames keep coming) and records when it got the primary action.
final class ButtonCountingScene: Scene {
    let name = "buttons"
    var presses: [Double] = []
    func render(into canvas: Canvas, at t: Double) { canvas.clear(.black) }
    func handle(_ input: SceneInput, at t: Double, frameSize: Size) { if input == .primaryAction { presses.append(t) } }
    func isAnimating(at t: Double) -> Bool { true }
    func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? { nil }
    func jsonLine(at t: Double) -> String { "{}" }
}

final class ArcadeButtonTests: XCTestCase {
    /// Presses the virtual joystick's button every few frames for 2.4 s; returns (presses made, times the scene acted).
    func pressRepeatedly(cooldown: Double) throws -> (made: Int, acted: [Double]) {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "button", width: 32, height: 32)
            let scene = ButtonCountingScene()
            let session = Session(window: window, scenes: [scene], initialScene: "buttons", options: HostOptions(cooldown: cooldown))
            var joystick: OpaquePointer?
            var frames = 0, made = 0, start = 0.0
            session.onFrame = { t in
                frames += 1
                if frames == 1 {
                    let index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 0, 2, 0)
                    XCTAssertGreaterThanOrEqual(index, 0, sdlError())
                    joystick = SDL_JoystickOpen(index)
                    start = t
                    return
                }
                guard let joystick else { return pushQuit() }
                if t - start > 2.4 { return pushQuit() }
                if frames % 4 == 0 { SDL_JoystickSetVirtualButton(joystick, 1, UInt8(SDL_PRESSED)); made += 1 }
                if frames % 4 == 2 { SDL_JoystickSetVirtualButton(joystick, 1, UInt8(SDL_RELEASED)) }
            }
            _ = try session.run()
            session.onFrame = nil
            if let joystick {
                SDL_JoystickClose(joystick)
                SDL_JoystickDetachVirtual(0)
            }
            return (made, scene.presses)
        }
    }

    func testAButtonActsOncePerCooldown() throws {
        let limited = try pressRepeatedly(cooldown: 1)
        XCTAssertGreaterThan(limited.made, 20, "the button was pressed many times")
        XCTAssertTrue((2...3).contains(limited.acted.count), "2.4 s of presses, 1 s cooldown: \(limited.acted)")
        for (a, b) in zip(limited.acted, limited.acted.dropFirst()) { XCTAssertGreaterThanOrEqual(b - a, 1) }
        let free = try pressRepeatedly(cooldown: 0)
        XCTAssertGreaterThanOrEqual(free.acted.count, free.made - 1, "without a cooldown every press acts")
    }
}
