// The window end to end. SDL's video state is process-global, so every test that initialises it lives
// in this one class (XCTest runs a class's tests serially) and each Window is released before the next.
@testable import Host
import CSDL2
import Raster
import Scenes
import TestDisplay
import XCTest

final class WindowTests: XCTestCase {
    /// One private Xvfb for the class's real-window tests (a second server started after the first
    /// stopped was not reachable by SDL's X11 driver), stopped when the class ends.
    nonisolated(unsafe) static var xvfb: VirtualDisplay?
    static func xDisplay() throws -> String {
        if let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty { return name }
        if let xvfb { return xvfb.name }
        guard let executable = VirtualDisplay.executable else { throw XCTSkip("no DISPLAY and Xvfb is not installed") }
        let started = try VirtualDisplay(executable: executable)
        xvfb = started
        return started.name
    }
    override class func tearDown() {
        xvfb?.stop()
        xvfb = nil
        super.tearDown()
    }

    /// The test card drawn straight into a canvas: what the window must show.
    func directTestCard(width: Int, height: Int) throws -> Pixmap {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        TestCard(resources: try sceneResources()).render(into: canvas, at: 0)
        return canvas.pixmap
    }

    func testHeadlessWindowShowsTheTestCard() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "Roundel test", width: 96, height: 64)
            XCTAssertEqual(window.pixelSize.width, 96)
            XCTAssertEqual(window.pixelSize.height, 64)
            try window.drawFrame(TestCard(resources: try sceneResources()), at: 0)
            assertSamePixels(try window.readFrame(), try directTestCard(width: 96, height: 64),
                             "dummy window vs the test card in a canvas")
        }
    }

    func testResizeRedrawsAtTheNewSize() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "Roundel test", width: 96, height: 64)
            try window.drawFrame(TestCard(resources: try sceneResources()), at: 0)
            SDL_SetWindowSize(window.window, 120, 80)
            var event = SDL_Event()
            var responses: [EventResponse] = []
            while SDL_PollEvent(&event) == 1 { responses.append(response(to: event)) }
            // SDL 2.26's dummy driver reports the resize; 2.30's (Debian trixie) resizes without an
            // event. Either way the next frame is drawn at the new size (testEventResponses maps the event).
            if !responses.isEmpty { XCTAssertTrue(responses.contains(.redraw), "a resize asks for a frame; got \(responses)") }
            try window.drawFrame(TestCard(resources: try sceneResources()), at: 0)
            assertSamePixels(try window.readFrame(), try directTestCard(width: 120, height: 80),
                             "dummy window after resizing to 120x80")
        }
    }

    func testEscapeEndsTheLoop() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "Roundel test", width: 32, height: 32)
            pushKey(SDLK_ESCAPE)
            pushQuit()  // backstop: if Esc were ignored the loop ends as .windowClosed, never hangs
            XCTAssertEqual(try window.runUntilQuit(scene: TestCard(resources: try sceneResources())), .escapeKey)
        }
    }

    func testOtherKeysDoNotQuit() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "Roundel test", width: 32, height: 32)
            pushKey(SDLK_a)
            pushQuit()
            XCTAssertEqual(try window.runUntilQuit(scene: TestCard(resources: try sceneResources())), .windowClosed)
        }
    }

    func testNoVideoDriverIsReportedAsNoDisplay() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "no-such-driver"]) {
            XCTAssertThrowsError(try Window(title: "Roundel test", width: 32, height: 32)) { error in
                guard case HostError.noDisplay = error else { return XCTFail("got \(error)") }
                let line = String(describing: error)
                XCTAssertTrue(line.hasPrefix("roundel: no display (SDL: "), line)
                XCTAssertTrue(line.contains("roundel render testcard --out card.png"), line)
                XCTAssertTrue(line.contains("Xvfb :99 -screen 0 1280x720x24 & DISPLAY=:99 roundel"), line)
                XCTAssertFalse(line.contains("\n"), "one line")
            }
        }
    }

    func testInvisibleDriverCountsAsNoDisplayUnlessAskedFor() {
        XCTAssertTrue(isInvisibleFallback(driver: "offscreen", requested: nil))
        XCTAssertTrue(isInvisibleFallback(driver: "offscreen", requested: "x11"))
        XCTAssertFalse(isInvisibleFallback(driver: "offscreen", requested: "x11, offscreen"))
        XCTAssertFalse(isInvisibleFallback(driver: "dummy", requested: "DUMMY"))
        XCTAssertFalse(isInvisibleFallback(driver: "x11", requested: nil))
        XCTAssertFalse(isInvisibleFallback(driver: "KMSDRM", requested: nil))
    }

    func testUndrawableSizeIsRejectedBeforeSDL() {
        XCTAssertThrowsError(try Window(title: "Roundel test", width: 0, height: 32)) { error in
            XCTAssertEqual(error as? HostError, .invalidSize(width: 0, height: 32))
        }
    }

    /// A real X11 window: on $DISPLAY if set, else on a private Xvfb started for this test.
    func testRealWindowShowsTheTestCardAndQuitsOnEscape() throws {
        let name = try Self.xDisplay()
        try withEnvironment(["SDL_VIDEODRIVER": "x11", "DISPLAY": name]) {
            let window = try Window(title: "Roundel test", width: 160, height: 100)
            let size = window.pixelSize
            print("X11 window on \(name): \(size.width)x\(size.height) px, renderer \(window.rendererName)")
            try window.drawFrame(TestCard(resources: try sceneResources()), at: 0)
            assertSamePixels(try window.readFrame(), try directTestCard(width: size.width, height: size.height),
                             "X11 window on \(name) vs the test card in a canvas")
            window.present()
            pushKey(SDLK_ESCAPE)
            pushQuit()
            XCTAssertEqual(try window.runUntilQuit(scene: TestCard(resources: try sceneResources())), .escapeKey)
        }
    }

    /// A real X11 window (private Xvfb unless DISPLAY is set) driven through the session: Space makes the
    /// wheel spin (its JSON state says so), Tab switches to the next scene, Esc quits.
    func testRealWindowSpinsOnSpaceAndSwitchesOnTab() throws {
        let name = try Self.xDisplay()
        try withEnvironment(["SDL_VIDEODRIVER": "x11", "DISPLAY": name]) {
            let window = try Window(title: "Roundel test", width: 200, height: 150)
            let scenes = try SceneCatalog.makeAll(resources: try sceneResources(), seed: 5)
            let session = Session(window: window, scenes: scenes, initialScene: "wheel", options: HostOptions())
            var states: [String] = []
            var shown: [String] = []
            session.onFrame = { t in
                let scene = session.scene
                shown.append(scene.name)
                if scene.name == "wheel" { states.append(scene.jsonLine(at: t)) }
                if shown.count == 1 { self.pushKey(SDLK_SPACE) }
                else if scene.name == "wheel", states.last?.contains("\"state\":\"spinning\"") == true { self.pushKey(SDLK_TAB) }
                else if scene.name != "wheel" { self.pushKey(SDLK_ESCAPE) }
                if shown.count > 600 { self.pushQuit() }   // backstop
            }
            let reason = try session.run()
            session.onFrame = nil   // the closure holds the session
            XCTAssertEqual(reason, .escapeKey)
            XCTAssertTrue(states.first?.contains("\"state\":\"idle\"") == true, states.first ?? "no frame")
            XCTAssertTrue(states.contains { $0.contains("\"state\":\"spinning\"") }, "Space spins the wheel")
            XCTAssertEqual(shown.last, scenes[1].name, "Tab shows the next scene")
        }
    }

    func testEventResponses() {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
        XCTAssertEqual(response(to: event), .redraw)
        event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        XCTAssertEqual(response(to: event), .redraw)
        event.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        XCTAssertEqual(response(to: event), .quit(.windowClosed))
        event.window.event = UInt8(SDL_WINDOWEVENT_MOVED.rawValue)
        XCTAssertEqual(response(to: event), .ignore)
        event = SDL_Event()
        event.type = SDL_RENDER_DEVICE_RESET.rawValue
        XCTAssertEqual(response(to: event), .resetTexture)
    }

    private func pushKey(_ key: SDL_KeyCode) {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = SDL_Keycode(bitPattern: key.rawValue)
        XCTAssertEqual(SDL_PushEvent(&event), 1, "SDL_PushEvent: \(sdlError())")
    }

    private func pushQuit() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        XCTAssertEqual(SDL_PushEvent(&event), 1)
    }
}
