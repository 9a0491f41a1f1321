// Keys, clicks and touches reach the scene as SceneInput, with the time they were handled and taps
// in frame pixels. Runs under SDL's dummy driver; lives in its own class but opens one window at a time.
@testable import Host
import CSDL2
import Raster
import Scenes
import XCTest

/// A scene that records what it was given and animates for a moment after each input.
final class RecordingScene: Scene {
    let name = "recording"
    var inputs: [(SceneInput, Double, Size)] = []
    var frames: [Double] = []
    var animateUntil = -1.0
    func render(into canvas: Canvas, at t: Double) { frames.append(t); canvas.clear(.black) }
    func handle(_ input: SceneInput, at t: Double, frameSize: Size) {
        inputs.append((input, t, frameSize))
        animateUntil = t + 0.1
    }
    func isAnimating(at t: Double) -> Bool { t < animateUntil }
    func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? { nil }
    func jsonLine(at t: Double) -> String { "{}" }
}

final class InputTests: XCTestCase {
    func testKeysMapToSceneInput() {
        func key(_ k: SDL_KeyCode) -> EventResponse {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.keysym.sym = SDL_Keycode(bitPattern: k.rawValue)
            return response(to: event)
        }
        XCTAssertEqual(key(SDLK_SPACE), .input(.primaryAction))
        XCTAssertEqual(key(SDLK_RETURN), .input(.primaryAction))
        XCTAssertEqual(key(SDLK_PLUS), .input(.increase))
        XCTAssertEqual(key(SDLK_KP_MINUS), .input(.decrease))
        XCTAssertEqual(key(SDLK_r), .input(.restart))
        XCTAssertEqual(key(SDLK_q), .quit(.escapeKey))
        XCTAssertEqual(key(SDLK_a), .ignore)
    }

    func testSpaceAndClickReachTheSceneAndItAnimates() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let window = try Window(title: "input", width: 40, height: 30)
        let scene = RecordingScene()
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = SDL_Keycode(bitPattern: SDLK_SPACE.rawValue)
        XCTAssertEqual(SDL_PushEvent(&event), 1)
        event = SDL_Event()
        event.type = SDL_MOUSEBUTTONDOWN.rawValue
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = 10; event.button.y = 5
        XCTAssertEqual(SDL_PushEvent(&event), 1)
        // Quit only after the scene has animated for a while: frames keep coming without events.
        let quitter = Thread {
            Thread.sleep(forTimeInterval: 0.4)
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        quitter.start()
        XCTAssertEqual(try window.runUntilQuit(scene: scene), .windowClosed)
        XCTAssertEqual(scene.inputs.map(\.0), [.primaryAction, .tap(Point(x: 10, y: 5))])
        XCTAssertEqual(scene.inputs.first?.2, Size(width: 40, height: 30))
        XCTAssertGreaterThan(scene.frames.count, 3, "frames while animating, not just one per event")
        XCTAssertEqual(scene.frames, scene.frames.sorted(), "time only moves forward")
    }
}
