// The host's loop driven headless (SDL's dummy driver) with a clock that moves only when the pacer
// sleeps: every presented frame must equal the scene rendered at the same t into a plain Canvas;
// Tab and 1–4 switch scenes; kiosk ignores Esc/Q/F/close and quits on Ctrl+Alt+Q; --screenshot
// writes the frame at `after`; a config edit rebuilds the scenes and a bad edit keeps the old ones.
@testable import Host
import CSDL2
import Foundation
import PNGCodec
import Raster
import Scenes
import XCTest

/// A clock for tests: reads return the same value until the loop "sleeps", which advances it exactly.
final class SteppingClock: HostClock {
    var seconds = 0.0
    func sleep(_ seconds: Double) { if seconds > 0 { self.seconds += seconds } }
}

final class SessionTests: XCTestCase {
    func testEveryPresentedFrameEqualsTheSceneRenderedAtTheSameTime() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "frames", width: 72, height: 56)
            let scenes = try SceneCatalog.makeAll(resources: try sceneResources(), seed: 7)
            XCTAssertFalse(scenes.isEmpty)
            for scene in scenes {
                let clock = SteppingClock()
                let session = Session(window: window, scenes: [scene], initialScene: scene.name,
                                      options: HostOptions(), clock: clock)
                var times: [Double] = []
                session.onFrame = { t in
                    times.append(t)
                    do {
                        let direct = try XCTUnwrap(Canvas(width: 72, height: 56))
                        scene.render(into: direct, at: t)
                        assertSamePixels(try window.readFrame(), opaque(direct.pixmap), "\(scene.name) at t=\(t)")
                    } catch { XCTFail("\(scene.name) at t=\(t): \(error)") }
                    if times.count == 1 { pushKey(SDLK_SPACE) }   // the wheel spins, the timer starts
                    if times.count == 12 || (times.count > 1 && !scene.isAnimating(at: t)) { pushQuit() }
                }
                _ = try session.run()
                XCTAssertGreaterThanOrEqual(times.count, 2, "\(scene.name): frames drawn")
                XCTAssertEqual(times, times.sorted(), "\(scene.name): time only moves forward")
                if scene.name == "wheel" {
                    XCTAssertEqual(times.count, 12, "the spinning wheel gets a frame every refresh")
                    let step = window.refreshInterval
                    for (a, b) in zip(times, times.dropFirst()) where a > 0 {
                        XCTAssertEqual(b - a, step, accuracy: 1e-9, "paced frames are one refresh apart")
                    }
                }
            }
        }
    }

    /// When an animation ends between two refreshes, the window still shows its final state: the
    /// pie's last slice closes at 12 o'clock instead of staying one frame short.
    func testTheFrameAfterAnAnimationEndsIsItsFinalState() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "end", width: 120, height: 90)
            let scene = try XCTUnwrap(SceneCatalog.make("pie", resources: try sceneResources()))
            let session = Session(window: window, scenes: [scene], initialScene: "pie", options: HostOptions(), clock: SteppingClock())
            var last: (t: Double, frame: Pixmap)?
            session.onFrame = { t in
                if let frame = try? window.readFrame() { last = (t, frame) }
                if !scene.isAnimating(at: t) { pushQuit() }
            }
            // Backstop: a loop that never drew the end would sleep for events forever.
            let backstop = Backstop(after: 10)
            defer { backstop.cancel() }
            _ = try session.run()
            session.onFrame = nil
            let (t, frame) = try XCTUnwrap(last)
            XCTAssertFalse(scene.isAnimating(at: t), "a frame was drawn once the animation had ended")
            let done = try XCTUnwrap(Canvas(width: 120, height: 90))
            scene.render(into: done, at: 1000)
            assertSamePixels(frame, opaque(done.pixmap), "the last frame shown vs the pie long after it finished")
        }
    }

    func testTabAndNumberKeysSwitchScenes() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "switch", width: 48, height: 32)
            let scenes = try SceneCatalog.makeAll(resources: try sceneResources(), seed: 1)
            let session = Session(window: window, scenes: scenes, initialScene: "wheel", options: HostOptions(),
                                 clock: SteppingClock())
            var shown: [String] = []
            session.onFrame = { _ in
                shown.append(session.scene.name)
                switch shown.count {
                case 1: pushKey(SDLK_TAB)
                case 2: pushKey(SDLK_1)
                default: pushQuit()
                }
            }
            _ = try session.run()
            session.onFrame = nil   // the closure holds the session: break the cycle so the window closes
            XCTAssertEqual(shown, ["wheel", scenes[1 % scenes.count].name, "wheel"])
        }
    }

    func testKioskIgnoresQuitKeysAndQuitsOnTheChord() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "kiosk", width: 32, height: 32)
            let scene = try XCTUnwrap(SceneCatalog.make("testcard", resources: try sceneResources()))
            let session = Session(window: window, scenes: [scene], initialScene: "testcard",
                                  options: HostOptions(kiosk: true), clock: SteppingClock())
            pushKey(SDLK_ESCAPE)
            pushKey(SDLK_q)
            pushKey(SDLK_f)
            var close = SDL_Event()
            close.type = SDL_WINDOWEVENT.rawValue
            close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
            SDL_PushEvent(&close)
            pushKey(SDLK_q, modifiers: UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue))
            pushQuit()   // backstop: ends as .windowClosed if the chord were ignored
            XCTAssertEqual(try session.run(), .quitChord)
            XCTAssertTrue(window.isFullscreen, "kiosk covers the desktop")
            XCTAssertEqual(SDL_ShowCursor(SDL_QUERY), SDL_DISABLE, "kiosk hides the cursor")
            XCTAssertEqual(SDL_IsScreenSaverEnabled(), SDL_FALSE, "kiosk keeps the screen on")
            SDL_ShowCursor(SDL_ENABLE)
        }
    }

    func testScreenshotAfterSavesTheFrameAtThatTimeAndEnds() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "shot", width: 64, height: 48)
            let scene = try XCTUnwrap(SceneCatalog.make("wheel", resources: try sceneResources(), seed: 3))
            let path = NSTemporaryDirectory() + "roundel-shot-\(getpid()).png"
            defer { unlink(path) }
            let session = Session(window: window, scenes: [scene], initialScene: "wheel",
                                  options: HostOptions(screenshot: (path, 0.25)))
            let started = Date()
            XCTAssertEqual(try session.run(), .screenshotSaved)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2, "waited for --after")
            let direct = try XCTUnwrap(Canvas(width: 64, height: 48))
            scene.render(into: direct, at: 0.25)
            assertSamePixels(try readPNG(path), opaque(direct.pixmap), "screenshot vs the wheel at t=0.25")
        }
    }

    func testScreenshotToAnUnwritablePathFailsWithOneLine() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "shot", width: 16, height: 16)
            let scene = try XCTUnwrap(SceneCatalog.make("testcard", resources: try sceneResources()))
            let session = Session(window: window, scenes: [scene], initialScene: "testcard",
                                  options: HostOptions(screenshot: ("/no/such/dir/x.png", 0)))
            XCTAssertThrowsError(try session.run()) { error in
                let line = String(describing: error)
                XCTAssertTrue(line.contains("/no/such/dir/x.png") && !line.contains("\n"), line)
            }
        }
    }

    func testConfigEditRebuildsScenesAndABadEditKeepsThem() throws {
        let path = NSTemporaryDirectory() + "roundel-watch-\(getpid()).json"
        defer { unlink(path) }
        @Sendable func write(_ text: String) { FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
        @Sendable func items(_ n: Int) -> String {
            "{\"wheel\":{\"items\":[" + (1...n).map { "{\"text\":\"\($0)\"}" }.joined(separator: ",") + "]}}"
        }
        write(items(3))
        let resources = try sceneResources()
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "watch", width: 32, height: 32)
            let initial = try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources)
            var attempts = 0
            let session = Session(window: window, scenes: initial, initialScene: "testcard",
                                  options: HostOptions(configPath: path, configPollInterval: 0.02),
                                  reload: {
                                      attempts += 1
                                      return try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources)
                                  })
            let editor = Thread {
                Thread.sleep(forTimeInterval: 0.15)
                write(items(5))
                Thread.sleep(forTimeInterval: 0.15)
                write("{\"wheel\":{\"items\":[{\"text\":\"x\",\"color\":\"#12345\"}]}}")
                Thread.sleep(forTimeInterval: 0.15)
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                SDL_PushEvent(&quit)
            }
            editor.start()
            XCTAssertEqual(try session.run(), .windowClosed)
            XCTAssertEqual(attempts, 2, "one reload per edit")
            XCTAssertEqual(session.scene.name, "testcard", "the current scene stays selected")
            let wheel = try XCTUnwrap(session.scenes.first as? WheelScene)
            XCTAssertEqual(wheel.sliceCount, 5, "the good edit applied; the bad one kept it")
        }
    }

    /// A replacement with the same size and the same modification time (`cp -p`, `touch -r`, a
    /// rename of such a file over the config) is still an edit: the watch compares content.
    func testASameSizeSameTimeReplacementIsApplied() throws {
        let path = NSTemporaryDirectory() + "roundel-same-\(getpid()).json"
        let replacement = path + ".new"
        defer { unlink(path); unlink(replacement) }
        let before = #"{"wheel":{"items":["Ann","Ben","Cat"]}}"#
        let after = #"{"wheel":{"items":["Dan","Eve","Fay"]}}"#
        XCTAssertEqual(before.utf8.count, after.utf8.count)
        FileManager.default.createFile(atPath: path, contents: Data(before.utf8))
        FileManager.default.createFile(atPath: replacement, contents: Data(after.utf8))
        // Both files get the config's modification time, to the nanosecond.
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, replacement, &times, 0), 0)
        let resources = try sceneResources()
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "same", width: 32, height: 32)
            let initial = try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources)
            let session = Session(window: window, scenes: initial, initialScene: "testcard",
                                  options: HostOptions(configPath: path, configPollInterval: 0.02),
                                  reload: { try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources) })
            let editor = Thread {
                Thread.sleep(forTimeInterval: 0.15)
                rename(replacement, path)
                Thread.sleep(forTimeInterval: 0.2)
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                SDL_PushEvent(&quit)
            }
            var now = stat()
            XCTAssertEqual(stat(replacement, &now), 0)
            XCTAssertEqual(now.st_size, info.st_size)
            XCTAssertEqual(now.st_mtim.tv_sec, info.st_mtim.tv_sec)
            XCTAssertEqual(now.st_mtim.tv_nsec, info.st_mtim.tv_nsec)
            editor.start()
            XCTAssertEqual(try session.run(), .windowClosed)
            let wheel = try XCTUnwrap(session.scenes.first as? WheelScene)
            XCTAssertEqual(wheel.items.first?.text, "Dan", "the replacement applied")
        }
    }
}

final class ProblemPanelSessionTests: XCTestCase {
    /// A bad edit puts the panel over the running scene (the frame shows it), a good one takes it away.
    func testABadEditShowsThePanelOverTheSceneUntilAGoodOne() throws {
        let path = NSTemporaryDirectory() + "roundel-panel-\(getpid()).json"
        defer { unlink(path) }
        @Sendable func write(_ text: String) { FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
        write(#"{"wheel":{"items":["a","b","c"]}}"#)
        let resources = try sceneResources()
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "panel", width: 320, height: 240)
            let initial = try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources)
            let session = Session(window: window, scenes: initial, initialScene: "wheel",
                                  options: HostOptions(configPath: path, configPollInterval: 0.02),
                                  reload: { try SceneCatalog.makeAll(config: try ConfigFile.load(path: path), resources: resources) },
                                  resources: resources)
            var sawPanel = false, panelGone = false
            var step = 0
            session.onFrame = { t in
                switch step {
                case 0: write(#"{"wheel":{"items":["a","b","c"],"duration":-1}}"#); step = 1
                case 1 where session.problem != nil:
                    XCTAssertTrue(session.scene is ProblemOverlay)
                    XCTAssertEqual(session.problem?.place, "wheel.duration")
                    let under = try? XCTUnwrap(Canvas(width: 320, height: 240))
                    if let under, let frame = try? window.readFrame() {
                        (session.scene as? ProblemOverlay)?.scene.render(into: under, at: t)
                        sawPanel = zip(frame.pixels, opaque(under.pixmap).pixels).contains { $0 != $1 }
                    }
                    write(#"{"wheel":{"items":["a","b","c","d"]}}"#)
                    step = 2
                case 2 where session.problem == nil:
                    panelGone = !(session.scene is ProblemOverlay)
                    pushQuit()
                default: if t > 10 { pushQuit() }
                }
            }
            _ = try session.run()
            session.onFrame = nil
            XCTAssertTrue(sawPanel, "the frame differs from the scene alone: the panel is drawn over it")
            XCTAssertTrue(panelGone)
            XCTAssertEqual((session.scenes.first as? WheelScene)?.sliceCount, 4)
        }
    }
}

/// What a window shows of a premultiplied frame: the pixel over black, alpha 0xFF.
func opaque(_ pixmap: Pixmap) -> Pixmap {
    var out = pixmap
    for i in out.pixels.indices { out.pixels[i] |= 0xFF00_0000 }
    return out
}

func pushKey(_ key: SDL_KeyCode, modifiers: UInt16 = 0) {
    var event = SDL_Event()
    event.type = SDL_KEYDOWN.rawValue
    event.key.state = UInt8(SDL_PRESSED)
    event.key.keysym.sym = SDL_Keycode(bitPattern: key.rawValue)
    event.key.keysym.mod = modifiers
    XCTAssertEqual(SDL_PushEvent(&event), 1, "SDL_PushEvent: \(sdlError())")
}

/// Pushes SDL_QUIT after `seconds` unless cancelled first: a backstop for a loop that would otherwise
/// wait for events forever, which must not end a later test's window when its own ended in time.
final class Backstop: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    init(after seconds: Double) {
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            lock.lock()
            defer { lock.unlock() }
            if !cancelled { pushQuit() }
        }
        thread.start()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}

func pushQuit() {
    var event = SDL_Event()
    event.type = SDL_QUIT.rawValue
    XCTAssertEqual(SDL_PushEvent(&event), 1)
}
