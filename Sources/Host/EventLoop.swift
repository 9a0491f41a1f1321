// The window's event loop. Time: one host clock (seconds since the loop started, from the monotonic
// SDL_GetPerformanceCounter, never the wall clock) is shared by every scene; a scene stores the times of
// its own events (a spin's start, a timer's start) and is a pure function of t, so switching away and
// back shows a spin where it would be by now, and a stalled frame changes nothing about a landing.
// Scenes that show the time of day are also told, each pass, what the wall clock read at t = 0
// (WallClock), so they follow the system clock when it is set.
// While the current scene animates: one frame per display refresh (vsync, or paced by `FramePacer`),
// polling events. Otherwise it sleeps in SDL_WaitEvent(Timeout), so an idle window costs ~0 % CPU
// (a watched config or a pending `--screenshot` wakes it at most once a second / at the deadline).
// Pending events are drained before drawing, so a burst of resize events costs one frame.
import CSDL2
import Files
import Draws
import Glibc
import QR
import Raster
import Scenes

/// Where the loop's time comes from; tests substitute a clock that moves only when it "sleeps".
protocol HostClock: AnyObject {
    /// Seconds since the clock started, monotonic.
    var seconds: Double { get }
    /// Waits `seconds` (used to pace frames when there is no vsync).
    func sleep(_ seconds: Double)
}

/// Seconds since creation from SDL's monotonic performance counter (never the wall clock).
final class MonotonicClock: HostClock {
    let start = SDL_GetPerformanceCounter()
    let frequency = Double(SDL_GetPerformanceFrequency())
    var seconds: Double { Double(SDL_GetPerformanceCounter() &- start) / frequency }
    func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// One window showing a set of scenes, with the options it was opened with.
final class Session {
    let window: Window
    let options: HostOptions
    let clock: HostClock
    private(set) var scenes: [Scene]
    private(set) var current: Int
    let reload: (() throws -> [Scene])?
    /// Checks the files without making scenes (see `LoadedScenes.check`).
    let check: (() throws -> Void)?
    /// Fonts for the problem panel (nil: a failed reload is only logged).
    let resources: SceneResources?
    private var watch: ConfigWatch?
    /// Why the last reload failed, shown over the current scene until an edit applies.
    private(set) var problem: Problem?
    private var problemOverlay: ProblemOverlay?
    /// When the scenes were last tried again while only a problem could be shown.
    private var lastRetry = -Double.infinity
    /// Seconds between tries while only a problem can be shown (a state file another program held, say).
    static let retryInterval = 5.0
    /// READY=1 and the watchdog's pings for systemd (nothing outside it).
    private var systemd = SystemdNotify()
    /// Joysticks and game controllers, opened as they appear.
    private var joysticks: Joysticks?
    /// When Space, Enter or a button last acted (the cooldown counts from there).
    var lastPrimary = -Double.infinity
    /// A press (click or touch) went to the scene and has not been let go: its moves are drags.
    private var pointerHeld = false
    /// The time the latest pointer event happened (they reach the scene in order).
    private var lastPointerTime = -Double.infinity
    /// Scenes shown at least once (`didAppear` called).
    private var appeared: Set<ObjectIdentifier> = []
    /// A touch that began in a corner of a kiosk with several scenes, and when.
    private var cornerPress: Double?
    /// How long a corner must be held to switch scenes, and the corner's size (fraction of the smaller side).
    static let cornerHold = 1.5
    static let cornerSize = 0.12
    private(set) var stats: FrameStats
    private var pacer: FramePacer
    /// Tests: called with t after each frame is drawn and before it is presented.
    var onFrame: ((Double) -> Void)?
    /// Paths of F12 screenshots, in order (also printed).
    private(set) var savedScreenshots: [String] = []
    /// A config edit seen while a scene would lose something to a reload (a spin, unsaved edits):
    /// applied as soon as every scene accepts it.
    private(set) var reloadPending = false
    /// When the current scene's last frame was drawn (its `nextChange` after that wakes the loop).
    private var lastDrawn = -Double.infinity
    /// Whether SDL's text input is on (while the scene takes typed text).
    private var textInputOn = false
    /// The control API's queue and board (nil: no `--control`), see ControlBridge.swift.
    var control: ControlLink?
    /// The sound device and its mix (nil: no sound asked for, or no device).
    private(set) var audio: AudioOutput?

    init(window: Window, scenes: [Scene], initialScene: String, options: HostOptions,
         clock: HostClock = MonotonicClock(), reload: (() throws -> [Scene])? = nil, resources: SceneResources? = nil,
         check: (() throws -> Void)? = nil) {
        self.window = window
        self.scenes = scenes
        self.current = scenes.firstIndex { $0.name == initialScene } ?? 0
        self.options = options
        self.clock = clock
        self.reload = reload
        self.check = check
        self.resources = resources
        stats = FrameStats(nominalInterval: window.refreshInterval)
        pacer = FramePacer(interval: window.refreshInterval, vsync: window.hasVSync)
        if let path = options.configPath, reload != nil {
            watch = ConfigWatch(path: path, interval: options.configPollInterval, now: clock.seconds)
        }
        wire(scenes)
    }

    /// What the wheel tells the window: a draw the record refused goes to stderr (a kiosk's journal)
    /// as well as on screen, and the sound follows the volume its settings give.
    private func wire(_ scenes: [Scene]) {
        for case let wheel as WheelScene in scenes {
            wheel.onDrawProblem = { logLine($0) }
            wheel.onVolumeChange = { [weak self] volume in self?.follow(volume: volume) }
        }
    }

    /// Plays at `volume` (0…1) from now on, opening the sound device if it was not (sound was off).
    private func follow(volume: Double) {
        if audio == nil, volume > 0, options.soundVolume != nil {
            audio = AudioOutput(volume: volume, now: clock.seconds)
            for file in options.soundFiles { audio?.mixer.use(file.samples, for: file.kind) }
        }
        audio?.mixer.volume = volume
    }

    /// The scene on screen: the current one, under the problem panel while a reload failed.
    var scene: Scene {
        let base: Scene
        if let problemOverlay, problemOverlay.scene === scenes[current] { base = problemOverlay } else { base = scenes[current] }
        let shown: Scene = if let notice, notice.scene === base { notice } else { base }
        guard let linkOverlay else { return shown }
        linkOverlay.scene = shown
        return linkOverlay
    }

    /// The control page's QR code over the scene (Ctrl+Alt+L), until a key, a tap or its time is up.
    private var linkOverlay: ControlLinkOverlay?

    /// Ctrl+Alt+L: the QR code of `options.controlLink`, or a note that there is no control page.
    private func showControlLink() {
        guard let source = options.controlLink else { return showNotice("No control page: the config has no \"control\"") }
        guard let link = source() else { return showNotice("The control page has not started: see the journal") }
        do {
            let code = try QRCode(link)
            linkOverlay = ControlLinkOverlay(scene, link: link, code: code, since: clock.seconds, fonts: resources?.fonts)
        } catch {
            logLine("roundel: the control page's link: \(error.description)")
        }
    }

    /// Whether `event` closes the QR code: a key pressed (not a repeat), a click or touch, a button.
    private static func closesLinkOverlay(_ event: SDL_Event) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_KEYDOWN: event.key.repeat == 0
        case SDL_MOUSEBUTTONDOWN, SDL_FINGERDOWN, SDL_JOYBUTTONDOWN, SDL_CONTROLLERBUTTONDOWN: true
        default: false
        }
    }

    /// A note of the window's over the scene for a few seconds (a file it wrote, and where).
    private var notice: NoticeOverlay?

    /// Shows `text` over the scene for `NoticeOverlay.duration` s (without fonts, only on stdout).
    private func showNotice(_ text: String) {
        guard let resources else { return }
        notice = nil
        notice = NoticeOverlay(scene, text: text, since: clock.seconds, resources: resources)
    }

    /// Only a problem panel is shown (no config could be used yet): the scenes are tried again now and then.
    private var onlyProblems: Bool { scenes.allSatisfy { $0 is ProblemScene } }

    /// Runs until a quit key, the window closing, or a `--screenshot` being saved.
    func run() throws(HostError) -> QuitReason {
        precondition(!scenes.isEmpty, "a session needs at least one scene")
        window.rotation = options.rotation
        joysticks = Joysticks()
        defer { joysticks = nil }
        if options.kiosk { window.enterKioskMode() }
        // The volume the settings give (the config's, or as changed in the window and kept).
        let volume = scenes.lazy.compactMap { ($0 as? WheelScene)?.settings.volume }.first ?? options.soundVolume
        if let volume, volume > 0, options.soundVolume != nil {
            audio = AudioOutput(volume: volume, now: clock.seconds)
            for file in options.soundFiles { audio?.mixer.use(file.samples, for: file.kind) }
        }
        defer { audio = nil }
        SDL_StopTextInput()   // on until a scene asks for text (X11 starts it with the window)
        var needsFrame = true
        var screenshotNow = false
        /// The last frame drawn was mid-animation: when the animation ends, one more frame shows its end.
        var drewAnimating = false
        var event = SDL_Event()
        while true {
            var now = clock.seconds
            if followWallClock() { needsFrame = true }   // the frame before showed another time
            if carryOutControlCommands(at: now) { needsFrame = true }
            if let shot = options.screenshot, now >= shot.after {
                now = shot.after   // the saved frame is the scene at exactly `after`, whenever we got here
                try window.drawFrame(scene, at: now)
                let frame = try window.readFrame()
                window.present()
                stats.recordPresent(at: clock.seconds)
                try saveScreenshot(frame, to: shot.path)
                return .screenshotSaved
            }
            if let change = scene.nextChange(after: lastDrawn), change <= now { needsFrame = true }
            if let notice, now >= notice.until { self.notice = nil }
            if let linkOverlay, now >= linkOverlay.until {
                self.linkOverlay = nil
                needsFrame = true
            }
            if appeared.insert(ObjectIdentifier(scenes[current])).inserted {
                scenes[current].didAppear(at: now)
                needsFrame = true
            }
            if needsFrame || scene.isAnimating(at: now) {
                try window.drawFrame(scene, at: now, incremental: !needsFrame)
                lastDrawn = now
                drewAnimating = scene.isAnimating(at: now)
                onFrame?(now)
                if screenshotNow {
                    screenshotNow = false
                    saveF12Screenshot()
                }
                window.present()   // waits for vsync when the renderer has it
                let presented = clock.seconds
                stats.recordPresent(at: presented)
                systemd.framePresented(at: presented)
                pacer.afterPresent(at: presented, clock: clock)
                needsFrame = false
            }
            audio?.pump(scene, now: clock.seconds)
            if watch?.changed(at: clock.seconds) == true {
                reloadPending = true
                // Not applied yet (a spin or its result): checked now, so a broken edit is said now.
                if !scenes.allSatisfy({ $0.acceptsReload(at: clock.seconds) }), !checkEdit() {
                    reloadPending = false
                    needsFrame = true
                }
            }
            if onlyProblems, reload != nil, clock.seconds - lastRetry >= Session.retryInterval {
                lastRetry = clock.seconds
                reloadPending = true
            }
            if reloadPending, scenes.allSatisfy({ $0.acceptsReload(at: clock.seconds) }) {
                reloadPending = false
                if reloadScenes(from: options.configPath) { needsFrame = true }
            }
            let after = clock.seconds
            systemd.ping(at: after)
            // The last frame was drawn before the animation's end (a pie's last slice short of 12
            // o'clock): draw its final state now, a pure function of t, before sleeping.
            if drewAnimating && !scene.isAnimating(at: after) {
                drewAnimating = false
                needsFrame = true
            }
            if scene.isAnimating(at: after) || needsFrame {
                guard SDL_PollEvent(&event) == 1 else { continue }
            } else if audio?.isBusy == true {
                // A sound still playing (a fanfare after the stop): keep its queue filled.
                guard SDL_WaitEventTimeout(&event, 15) == 1 else { continue }
            } else {
                stats.pause()
                pacer.pause()
                if let timeout = idleTimeout(at: after) {
                    // At most an hour per wait (a far --after must not overflow Int32 ms); the loop simply waits again.
                    guard SDL_WaitEventTimeout(&event, Int32((min(max(timeout, 0), 3600) * 1000).rounded(.up))) == 1 else { continue }
                } else {
                    guard SDL_WaitEvent(&event) == 1 else { throw .sdl("SDL_WaitEvent") }
                }
            }
            if let reason = handleEvents(first: &event, needsFrame: &needsFrame, screenshot: &screenshotNow) { return reason }
        }
    }

    /// Shows `scenes[index]` from the next frame (a key or the control API chose it).
    func show(sceneAt index: Int) {
        current = index
        lastDrawn = -.infinity
        showProblem()
    }

    /// Tells the scenes that show the time of day what the wall clock read at t = 0, as it reads now;
    /// returns whether the current one's frames changed.
    private func followWallClock() -> Bool {
        let wall = WallClock.localSeconds()
        return WallClock.tell(scenes, atZero: wall - clock.seconds, current: scenes[current])
    }

    /// Handles `event` and every event already queued; a quit reason ends the loop.
    private func handleEvents(first event: inout SDL_Event, needsFrame: inout Bool, screenshot: inout Bool) -> QuitReason? {
        // An input may change what the scene will sound like from now on (a spin starts).
        audio?.sceneChanged(at: clock.seconds)
        repeat {
            if linkOverlay != nil, Session.closesLinkOverlay(event) {
                linkOverlay = nil   // the key or tap only closes it
                needsFrame = true
                continue
            }
            switch response(to: event, kiosk: options.kiosk, editing: scene.wantsTextInput, panel: scene.takesPanelKeys) {
            case .quit(let reason): return reason
            case .redraw: needsFrame = true
            case .resetTexture: window.discardTexture(); needsFrame = true
            case .toggleMute: audio?.toggleMute()
            case .button, .input(.primaryAction):
                // A held or bouncing button, or a key that repeats, asks again and again: once per cooldown.
                let now = clock.seconds
                guard now - lastPrimary >= options.cooldown else { continue }
                lastPrimary = now
                scene.handle(.primaryAction, at: now, frameSize: window.frameSize)
                needsFrame = true
            case .joystickAdded(let index):
                joysticks?.added(deviceIndex: index)
            case .joystickRemoved(let id):
                joysticks?.removed(instance: id)
            case .input(let input):
                let operatorGesture = scenes.contains { ($0 as? WheelScene)?.operatorPin != nil }
                if options.kiosk, scenes.count > 1 || operatorGesture, case .tap(let p) = input,
                   let at = window.displayFraction(ofTap: p), isInCorner(x: at.u, y: at.v) {
                    // A kiosk's corners are the operator's: five quick taps at the top left of the
                    // picture (as the room sees it, turned or not) ask for the settings (a PIN first);
                    // a touch or click held long enough switches scenes.
                    if operatorGesture, case .tap(let f) = window.framePixels(input), f.x < window.frameSize.width / 2,
                       f.y < window.frameSize.height / 2, operatorTapped(at: clock.seconds) {
                        scene.handle(.operatorGesture, at: clock.seconds, frameSize: window.frameSize)
                        needsFrame = true
                    }
                    if scenes.count > 1 { cornerPress = clock.seconds }
                    continue
                }
                switch input {
                case .tap: pointerHeld = true
                case .drag: guard pointerHeld else { continue }   // the mouse moved with its button held from elsewhere
                default: break
                }
                scene.handle(window.framePixels(input), at: inputTime(of: event, input), frameSize: window.frameSize)
                needsFrame = true
            case .pressEnded(let point):
                if let start = cornerPress, clock.seconds - start >= Session.cornerHold {
                    current = (current + 1) % scenes.count
                    lastDrawn = -.infinity
                    showProblem()
                    needsFrame = true
                }
                cornerPress = nil
                guard pointerHeld else { continue }
                pointerHeld = false
                // The release of a press on the wheel may spin it (a tap, a flick): held to the cooldown
                // like Space, and a spin it starts counts for the cooldown as Space's does.
                let now = clock.seconds, t = inputTime(of: event, .release(point, coolingDown: false))
                scene.handle(window.framePixels(.release(point, coolingDown: now - lastPrimary < options.cooldown)),
                             at: t, frameSize: window.frameSize)
                if let wheel = scene as? WheelScene, wheel.spinner.currentSpin?.startTime == t { lastPrimary = now }
                needsFrame = true
            case .nextScene:
                current = (current + 1) % scenes.count
                lastDrawn = -.infinity
                showProblem()
                needsFrame = true
            case .selectScene(let name):
                if let index = scenes.firstIndex(where: { $0.name == name }) {
                    show(sceneAt: index)
                    needsFrame = true
                }
            case .toggleFullscreen:
                window.toggleFullscreen()
                needsFrame = true
            case .screenshot:
                screenshot = true
                needsFrame = true
            case .showControlLink:
                showControlLink()
                needsFrame = true
            case .paste:
                scene.handle(pasted(), at: clock.seconds, frameSize: window.frameSize)
                needsFrame = true
            case .dropText(let text):
                scene.handle(.paste(text), at: clock.seconds, frameSize: window.frameSize)
                needsFrame = true
            case .dropFile(let path):
                let file: DroppedFile
                switch Result(catching: { () throws(DrawError) in try NamesFile.readBytes(path: path) }) {
                case .success(let bytes): file = DroppedFile(path: path, bytes: bytes)
                case .failure(let error): file = DroppedFile(path: path, bytes: nil, problem: error.problem)
                }
                scene.handle(.dropFile(file), at: clock.seconds, frameSize: window.frameSize)
                needsFrame = true
            case .ignore: break
            }
            syncTextInput()
        } while SDL_PollEvent(&event) == 1
        return nil
    }

    /// When `input` happened: a press, a move or a release by its event's timestamp (the motions of
    /// a flick can wait in the queue while a frame is drawn: their speed is measured from when they
    /// happened), never before the pointer's previous event; anything else now.
    private func inputTime(of event: SDL_Event, _ input: SceneInput) -> Double {
        let now = clock.seconds
        switch input {
        case .tap, .drag, .release: break
        default: return now
        }
        // SDL's ticks and the monotonic clock are the same time; a test's stepping clock is not.
        var t = now
        if clock is MonotonicClock {
            let lag = Double(SDL_GetTicks() &- event.common.timestamp) / 1000
            if lag > 0, lag < 0.25 { t = now - lag }
        }
        t = max(t, lastPointerTime)
        lastPointerTime = t
        return t
    }

    /// Times of the latest taps in a kiosk's top left corner.
    private var operatorTaps: [Double] = []
    /// Taps in that corner within this many seconds, this many times, ask for the operator's PIN.
    static let operatorTapCount = 5
    static let operatorTapWindow = 3.0

    /// Counts a tap in the top left corner at `t`; true when it is the fifth within the window.
    private func operatorTapped(at t: Double) -> Bool {
        operatorTaps = operatorTaps.filter { t - $0 <= Session.operatorTapWindow } + [t]
        guard operatorTaps.count >= Session.operatorTapCount else { return false }
        operatorTaps.removeAll()
        return true
    }

    /// Whether a touch at (x, y), normalised 0…1 across the window, is in one of its corners.
    private func isInCorner(x: Double, y: Double) -> Bool {
        let (width, height) = window.outputSize
        let w = Double(width), h = Double(height)
        let side = Session.cornerSize * min(w, h)
        let px = x * w, py = y * h
        return (px < side || px > w - side) && (py < side || py > h - side)
    }

    /// SDL's text input on while the scene takes typed text, off otherwise (so keys act as keys).
    private func syncTextInput() {
        let wanted = scene.wantsTextInput
        guard wanted != textInputOn else { return }
        if wanted { SDL_StartTextInput() } else { SDL_StopTextInput() }
        textInputOn = wanted
    }

    /// Ctrl+V: the clipboard's text, or why there is none. Under X11 it is read by X11Clipboard
    /// (SDL2 lost selections over about 1 MB, and then emptied the clipboard); elsewhere by SDL.
    private func pasted() -> SceneInput {
        let limit = NamesFile.byteLimit
        if let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11",
           let outcome = X11Clipboard.read(limit: limit, whileWaiting: { SDL_PumpEvents() }) {
            switch outcome {
            case .text(let bytes): return .paste(String(decoding: bytes, as: UTF8.self))
            case .empty: return .clipboardProblem(.empty)
            case .tooLarge: return .clipboardProblem(.tooLarge)
            case .noAnswer: return .clipboardProblem(.noAnswer)
            }
        }
        guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return .clipboardProblem(.empty) }
        defer { SDL_free(pointer) }
        let text = String(cString: pointer)
        guard !text.isEmpty else { return .clipboardProblem(.empty) }
        return text.utf8.count > limit ? .clipboardProblem(.tooLarge) : .paste(text)
    }

    /// How long an idle loop may sleep before it has something to do (nil: until an event).
    private func idleTimeout(at now: Double) -> Double? {
        var timeout: Double?
        if let watch { timeout = watch.secondsUntilPoll(at: now) }
        if let change = scene.nextChange(after: lastDrawn) { timeout = min(timeout ?? .infinity, max(0, change - now)) }
        if onlyProblems, reload != nil { timeout = min(timeout ?? .infinity, max(0, lastRetry + Session.retryInterval - now)) }
        if let ping = systemd.secondsUntilPing(at: now) { timeout = min(timeout ?? .infinity, ping) }
        if let shot = options.screenshot { timeout = min(timeout ?? .infinity, max(0, shot.after - now)) }
        // A paused or finished `until` timer shows the time left to a moment of the wall clock: look
        // at the clock once a second (the clock face animates, so it is read every frame anyway).
        if (scenes[current] as? ShowsTimeOfDay)?.followsWallClock == true { timeout = min(timeout ?? .infinity, 1) }
        return timeout
    }

    /// Rebuilds the scenes after the config changed, keeping the current scene selected. A bad
    /// config keeps the old scenes, logs one line and shows the problem over them (or, while there
    /// are only problems, the new one). Returns whether the frame changed.
    func reloadScenes(from path: String?) -> Bool {
        guard let reload else { return false }
        let name = scenes[current].name
        do {
            let fresh = try reload()
            guard !fresh.isEmpty else { return false }
            let wasProblem = onlyProblems
            scenes = fresh
            wire(fresh)
            if let volume = fresh.lazy.compactMap({ ($0 as? WheelScene)?.settings.volume }).first { follow(volume: volume) }
            current = fresh.firstIndex { $0.name == name } ?? 0
            problem = nil
            problemOverlay = nil
            if !onlyProblems { logLine("roundel: config " + (path.map { "'\($0)' " } ?? "") + (wasProblem ? "loaded" : "reloaded")) }
            return true
        } catch {
            let message = "\(error)"
            if onlyProblems {
                let problem = Problem(message: message, title: ProblemScene.waitingTitle)
                for case let shown as ProblemScene in scenes where shown.problem != problem {
                    shown.problem = problem
                    logLine(message)
                }
                return true
            }
            keepPreviousConfig(message)
            return true
        }
    }

    /// Checks an edit that cannot be applied yet; false (logged and shown, as a failed reload) when
    /// it is broken. Without a `check`, or while only problems are shown, it waits to be applied.
    private func checkEdit() -> Bool {
        guard let check, !onlyProblems else { return true }
        do { try check() } catch {
            keepPreviousConfig("\(error)")
            return false
        }
        // Good: the panel about an earlier broken edit goes; this one is applied once it can be.
        problem = nil
        problemOverlay = nil
        return true
    }

    /// A broken edit: logged, and said over the scenes still running from the previous config.
    private func keepPreviousConfig(_ message: String) {
        logLine(message + " (kept the previous config)")
        problem = Problem(message: message, title: "The last edit was not applied: the previous config is still running")
        showProblem()
    }

    /// Puts the problem panel over the current scene (after a reload failed, or a scene switch).
    private func showProblem() {
        guard let problem, let resources else { problemOverlay = nil; return }
        problemOverlay = ProblemOverlay(scenes[current], problem: problem, resources: resources)
    }

    private func saveF12Screenshot() {
        let path = freshScreenshotPath()
        do {
            try saveScreenshot(try window.readFrame(), to: path)
            savedScreenshots.append(path)
            print("roundel: screenshot saved to \(path)")
            fflush(nil)   // seen at once even when stdout is a pipe
            showNotice("Screenshot saved: " + absolutePath(path))
        } catch {
            logLine(error.description)
        }
    }

    /// What held frames to the display refresh, for `--stats`.
    var pacingDescription: String { pacer.description }
}

/// One line on stderr (the journal on a kiosk): control characters escaped, so no user text can
/// start a second, forged line.
func logLine(_ line: String) {
    let text = MessageText.oneLine(line) + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Holds animation frames to the display refresh. With a working vsync, SDL_RenderPresent already
/// blocks until the vertical blank and nothing is added. Without it (software renderer, dummy driver,
/// or a vsync that returns at once, as under Xvfb: 10 presents in a row faster than half a refresh)
/// it sleeps until absolute deadlines one refresh interval apart, so frames neither spin the CPU nor
/// drift; after a stall it re-anchors instead of rushing to catch up (scenes depend on t, not frames).
struct FramePacer: CustomStringConvertible {
    let interval: Double
    private(set) var vsyncWorks: Bool
    private let reportedVSync: Bool
    private var fastPresents = 0
    private var lastPresent: Double?
    private var deadline: Double?

    init(interval: Double, vsync: Bool) {
        self.interval = interval
        vsyncWorks = vsync
        reportedVSync = vsync
    }

    mutating func afterPresent(at now: Double, clock: HostClock) {
        if vsyncWorks {
            if let last = lastPresent {
                fastPresents = now - last < 0.5 * interval ? fastPresents + 1 : 0
                if fastPresents >= 10 { vsyncWorks = false }
            }
            lastPresent = now
            if vsyncWorks { return }
        }
        let next = (deadline ?? now) + interval
        if next < now {   // a stalled frame: start a new cadence from here
            deadline = now + interval
        } else {
            deadline = next
        }
        if let deadline { clock.sleep(deadline - clock.seconds) }
    }

    /// An idle pause: the next animation starts a new cadence.
    mutating func pause() {
        lastPresent = nil
        deadline = nil
    }

    var description: String {
        if vsyncWorks { return "vsync (SDL_RenderPresent waits for the vertical blank)" }
        let why = reportedVSync ? "the renderer reports vsync but presents return at once" : "the renderer has no vsync"
        return "timer at the display mode's refresh (\(why))"
    }
}

extension Window {
    /// Shows `scene` until Esc is pressed or the window is closed; redraws on resize and expose.
    public func run(scene: Scene) throws(HostError) {
        _ = try runUntilQuit(scene: scene)
    }

    /// A one-scene session with default options, telling why it ended.
    func runUntilQuit(scene: Scene, options: HostOptions = HostOptions()) throws(HostError) -> QuitReason {
        try Session(window: self, scenes: [scene], initialScene: scene.name, options: options).run()
    }

    /// The frame's size in device px.
    var frameSize: Size {
        let (w, h) = pixelSize
        return Size(width: Double(w), height: Double(h))
    }

    /// Where on the display a tap in window units (or a touch, normalised and marked negative by
    /// `response`) is, 0…1 across and down (nil: the window has no size).
    func displayFraction(ofTap p: Point) -> (u: Double, v: Double)? {
        if p.x < 0 { return (-1 - p.x, -1 - p.y) }   // a touch: −1 − normalised coordinate
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        guard w > 0, h > 0 else { return nil }
        return (p.x / Double(w), p.y / Double(h))
    }

    /// A tap in window units (or a touch, normalised and marked negative by `response`) in frame px:
    /// scaled to the drawable, then turned back by the window's rotation.
    /// (The same for a drag's and a release's point.)
    func framePixels(_ input: SceneInput) -> SceneInput {
        switch input {
        case .tap(let p): return framePoint(p).map { .tap($0) } ?? input
        case .drag(let p): return framePoint(p).map { .drag($0) } ?? input
        case .release(let p, let coolingDown): return framePoint(p).map { .release($0, coolingDown: coolingDown) } ?? input
        default: return input
        }
    }

    private func framePoint(_ p: Point) -> Point? {
        guard let (u, v) = displayFraction(ofTap: p) else { return nil }
        let frame = frameSize
        // The frame turned clockwise by `rotation` is what the display shows; undo it.
        switch rotation {
        case 90: return Point(x: v * frame.width, y: (1 - u) * frame.height)
        case 180: return Point(x: (1 - u) * frame.width, y: (1 - v) * frame.height)
        case 270: return Point(x: (1 - v) * frame.width, y: u * frame.height)
        default: return Point(x: u * frame.width, y: v * frame.height)
        }
    }

    /// Where frame point `p` appears on the display, 0…1 across and down (the inverse of `framePixels`).
    func displayFraction(of p: Point) -> (u: Double, v: Double) {
        let frame = frameSize
        let x = p.x / frame.width, y = p.y / frame.height
        switch rotation {
        case 90: return (1 - y, x)
        case 180: return (1 - x, 1 - y)
        case 270: return (y, 1 - x)
        default: return (x, y)
        }
    }
}
