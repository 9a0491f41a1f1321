// The window end to end. SDL's video state is process-global, so every test that initialises it lives
// in this one class (XCTest runs a class's tests serially) and each Window is released before the next.
@testable import Host
import CSDL2
import Raster
@testable import Scenes
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

    /// A 2 MB list on the clipboard of another program, pasted into a real X11 window: every name
    /// arrives. xclip, like GTK and Qt programs, hands a selection over about 1 MB in pieces (X11's
    /// INCR), which SDL2 cannot read: it waited 1 s, returned "" (the window then said the list "has
    /// no entries") and took the clipboard over with "" itself. With no owner the note says the
    /// clipboard is empty; over 16 MB, that it is too large. The clipboard is read while the window
    /// runs, through its event loop, as Ctrl+V reads it. An owner that never answers is named as such
    /// (after 3 s) and keeps the clipboard.
    func testRealWindowPastesTwoMegabytesFromAnotherProgram() throws {
        let display = try Self.xDisplay()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let xclip = path.split(separator: ":").map({ "\($0)/xclip" }).first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("xclip is not installed (make test installs it)") }
        let dir = NSTemporaryDirectory() + "roundel-paste-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 2 000 names, each with a line of notes, as a spreadsheet's export: 2.1 MB.
        let names = (1...2000).map { "Pupil \($0)" }
        let list = names.map { $0 + "\n# notes: " + String(repeating: "present ", count: 130) + "\n" }.joined()
        XCTAssertGreaterThan(list.utf8.count, 2_000_000)
        try list.write(toFile: dir + "/list.txt", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: dir + "/huge.txt", contents: Data(repeating: 0x61, count: (16 << 20) + 1))

        /// xclip holding `file` on the CLIPBOARD, once it says it owns it.
        func own(_ file: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xclip)
            process.arguments = ["-selection", "clipboard", "-i", "-quiet", file]
            process.environment = ["DISPLAY": display]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            var said = ""
            while !said.contains("Waiting for selection requests") {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
            return process
        }

        try withEnvironment(["SDL_VIDEODRIVER": "x11", "DISPLAY": display]) {
            let window = try Window(title: "paste", width: 320, height: 240)
            let wheel = try WheelScene(resources: try sceneResources(), seed: 1)
            /// Ctrl+V in the window, then quit: what the wheel's note says.
            func paste() throws -> String? {
                let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(), clock: SteppingClock())
                HostTests.pushKey(SDLK_v, modifiers: UInt16(KMOD_LCTRL.rawValue))
                HostTests.pushQuit()
                XCTAssertEqual(try session.run(), .windowClosed)
                return wheel.note?.text
            }

            let holder = try own(dir + "/list.txt")
            XCTAssertEqual(try paste(), "2000 entries from the clipboard")
            XCTAssertEqual(wheel.items.map(\.text), names)
            holder.terminate()
            holder.waitUntilExit()

            XCTAssertEqual(try paste(), ClipboardProblem.empty.note(in: .english), "nobody holds the clipboard")
            let huge = try own(dir + "/huge.txt")
            XCTAssertEqual(try paste(), ClipboardProblem.tooLarge.note(in: .english))
            huge.terminate()
            huge.waitUntilExit()

            // A program that takes the clipboard and never answers: the note says so, and the
            // clipboard stays that program's (SDL, timing out, took it over with "").
            let silent = try XCTUnwrap(SilentClipboardOwner(display: display))
            XCTAssertEqual(try paste(), ClipboardProblem.noAnswer.note(in: .english))
            XCTAssertTrue(silent.ownsClipboard, "the clipboard is still the other program's")
            XCTAssertEqual(wheel.items.count, 2000, "a paste that could not be read changes nothing")
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
