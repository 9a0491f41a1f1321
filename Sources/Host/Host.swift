// Host puts Roundel's frames on screen through SDL2; it is the only module that imports CSDL2.
// A frame is a premultiplied ARGB8888 Pixmap (= SDL_PIXELFORMAT_ARGB8888); only its changed rows are
// copied into one streaming texture; nothing below Host knows SDL. Time: one monotonic host clock
// (seconds since the window opened) for every scene; scenes keep the times of their own events, and
// those that show the time of day are told the wall clock's reading at t = 0 (WallClock.swift).
// Public face:
//   HostOptions                   size, fullscreen, kiosk, screenshot-after, stats, watched config path
//   runWindow(scenes:initialScene:options:reload:)   a window cycling through scenes
//   runWindow(initialScene:options:load:)            the CLI's entry: the same, scenes loaded as it opens
//   runWindow(scene:size:title:)  one scene in a plain window
//   Window                        the window, its renderer, texture and canvas; `run(scene:)`
//   HostError                     one-line reasons, e.g. no display and what to do instead
//   renderThroughTexture(_:)      a Pixmap through SDL's texture path and back, with no display
import Control
import Scenes

/// How to open and run the window.
public struct HostOptions: Sendable {
    /// Window size in window units (device px on a 1× display); the frame is drawn at the drawable size.
    public var size: (width: Int, height: Int)
    public var title: String
    /// Cover the desktop (SDL_WINDOW_FULLSCREEN_DESKTOP); F toggles it.
    public var fullscreen: Bool
    /// Fullscreen, no cursor, no screen saver, only Ctrl+Alt+Q (or SIGTERM) quits.
    public var kiosk: Bool
    /// Save the frame presented at `after` seconds of host time to `path`, then end the loop.
    public var screenshot: (path: String, after: Double)?
    /// Print a frame-interval summary to stdout when the loop ends.
    public var stats: Bool
    /// The config file to watch; with a `reload` closure, an edit rebuilds the scenes.
    public var configPath: String?
    /// Seconds between polls of the config file's modification time and size.
    public var configPollInterval: Double
    /// Degrees clockwise the frame is turned for the display: 0, 90, 180 or 270 (`--rotate`).
    public var rotation: Int
    /// Seconds after Space, Enter or an arcade button acted during which another press does nothing
    /// (config `input.cooldown`): a held or bouncing button does not queue spins.
    public var cooldown: Double
    /// The control page's link with its token (http://ADDRESS:PORT/#token=…), shown as a QR code on
    /// Ctrl+Alt+L, as it is when asked (nil until a kiosk's server has started); nil: no control
    /// page, the chord says so.
    public var controlLink: (@Sendable () -> String?)?
    /// Sound volume 0…1 (config `sound`); nil: no audio device is opened (tests, `--screenshot`).
    public var soundVolume: Double?
    /// Recorded sounds (`loadSoundFile`) played instead of the built-in ones.
    public var soundFiles: [(kind: SoundEvent.Kind, samples: [Int16])] = []
    /// The control API's queue of commands and the board the window publishes its state on: the
    /// window takes commands between frames (a server started beside it fills the queue).
    public var control: (queue: CommandQueue, board: StateBoard)?

    public init(size: (width: Int, height: Int) = (960, 720), title: String = "Roundel", fullscreen: Bool = false,
                kiosk: Bool = false, screenshot: (path: String, after: Double)? = nil, stats: Bool = false,
                configPath: String? = nil, configPollInterval: Double = 1, rotation: Int = 0, cooldown: Double = 1) {
        self.size = size
        self.title = title
        self.fullscreen = fullscreen
        self.kiosk = kiosk
        self.screenshot = screenshot
        self.stats = stats
        self.configPath = configPath
        self.configPollInterval = configPollInterval
        self.rotation = rotation
        self.cooldown = cooldown
    }
}

/// Opens a window and shows `scenes` (Tab and 1–4 switch; see Keys.swift), starting with the one named
/// `initialScene`, until a quit key, the window closing, or `options.screenshot` is saved. When
/// `options.configPath` is set, an edit to it calls `reload` for new scenes (the current one stays
/// selected); if `reload` throws, the old scenes stay and the error's description is logged on stderr.
/// Throws `.noDisplay` when there is no display, `.cannotSave` when the screenshot cannot be written.
public func runWindow(scenes: [Scene], initialScene: String, options: HostOptions,
                      reload: (() throws -> [Scene])? = nil) throws(HostError) {
    guard !scenes.isEmpty else { return }
    do {
        try runWindow(initialScene: initialScene, options: options) { LoadedScenes(scenes: scenes, reload: reload) }
    } catch let error as HostError {
        throw error
    } catch {
        preconditionFailure("unreachable: the scenes were given")
    }
}

/// The scenes a window starts with, how to make them again from the config as it is now, and the
/// fonts a problem panel is drawn with (a reload that fails shows its reason over the scene).
public struct LoadedScenes {
    public var scenes: [Scene]
    public var reload: (() throws -> [Scene])?
    public var resources: SceneResources?
    /// Reads and checks the files as `reload` would, without making scenes: an edit saved while the
    /// scenes cannot take a reload (a spin, its result) is checked at once, so a broken one is said
    /// at once, not after the next visitor's spin.
    public var check: (() throws -> Void)?

    public init(scenes: [Scene], reload: (() throws -> [Scene])? = nil, resources: SceneResources? = nil,
                check: (() throws -> Void)? = nil) {
        self.scenes = scenes; self.reload = reload; self.resources = resources; self.check = check
    }
}

/// `runWindow(scenes:…)` with the scenes from `load`, called once the window is open: loading that
/// runs on another thread meanwhile overlaps opening the display (most of the time to the first
/// frame). Rethrows what `load` throws, after closing the window. While the scenes are only
/// `ProblemScene`s (a kiosk that could not use its config), they are made again every few seconds
/// and whenever the config changes.
public func runWindow(initialScene: String, options: HostOptions, load: () throws -> LoadedScenes) throws {
    let window = try Window(title: options.title, width: options.size.width, height: options.size.height,
                            fullscreen: options.fullscreen || options.kiosk)
    let loaded = try load()
    guard !loaded.scenes.isEmpty else { return }
    let session = Session(window: window, scenes: loaded.scenes, initialScene: initialScene, options: options,
                          reload: loaded.reload, resources: loaded.resources, check: loaded.check)
    if let control = options.control { session.attachControl(queue: control.queue, board: control.board) }
    defer {
        // Commands still waiting are answered now, not after their requests' time runs out.
        // (And no wake is pushed into SDL's event queue after this: the window, and SDL, live until then.)
        withExtendedLifetime(session) { options.control?.queue.close(reason: "the window is closing") }
        if options.stats { print(session.stats.summary(pacing: session.pacingDescription)) }
    }
    _ = try session.run()
}

/// Opens a resizable window of `size` (window units) titled `title`, shows `scene` until Esc is
/// pressed or the window is closed, then closes it. Throws `.noDisplay` when there is no display.
public func runWindow(scene: Scene, size: (width: Int, height: Int), title: String) throws(HostError) {
    try runWindow(scenes: [scene], initialScene: scene.name, options: HostOptions(size: size, title: title))
}
