// The desktop window: a resizable SDL window whose renderer shows one streaming texture exactly the
// size of the drawable in device px (SDL_GetRendererOutputSize, so HiDPI stays sharp). The texture and
// the Canvas are rebuilt only when that size changes, so drawing a frame allocates nothing; only what
// the frame redrew is uploaded (TextureUpload.swift says why).
// SDL's video state is process-global: open one Window at a time, on the main thread.
import CSDL2
import Raster
import Scenes

public final class Window {
    let window: OpaquePointer
    let renderer: OpaquePointer
    /// Both at the renderer's output size, or nil until the first frame (and after a device reset).
    private var texture: StreamingTexture?
    private var canvas: Canvas?
    private var uploader = TextureUploader()
    /// The scene, time and size of the frame the canvas holds (for incremental frames).
    private var lastDrawn: (scene: ObjectIdentifier, t: Double, size: Size)?
    /// The part of the frame the last `drawFrame` sent to the texture (nil: nothing).
    var lastUploaded: PixelRect? { uploader.lastUploaded }
    /// Degrees clockwise the frame is turned on its way to the display (0, 90, 180 or 270): frames are
    /// drawn for the turned size (a portrait frame on a landscape panel mounted on its side) and SDL
    /// turns the texture as it copies it (SDL_RenderCopyEx), the one rotated copy a frame costs.
    public var rotation = 0 {
        didSet { lastDrawn = nil }
    }

    /// Opens a resizable window of `width`×`height` window units (device px on a 1× display).
    /// `fullscreen` opens it covering the desktop (SDL_WINDOW_FULLSCREEN_DESKTOP: no mode change).
    /// Throws `.noDisplay` when SDL finds no X, Wayland or KMS display to open it on.
    public init(title: String, width: Int, height: Int, fullscreen: Bool = false) throws(HostError) {
        guard (1...Pixmap.maxSide).contains(width), (1...Pixmap.maxSide).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        SDL_SetMainReady()
        preferDisplayDriversWithoutWayland()
        // Reference-counted by SDL: balanced by SDL_QuitSubSystem in deinit or on failure below.
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw .noDisplayNow() }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let requested = SDL_GetHint(SDL_HINT_VIDEODRIVER).map { String(cString: $0) }
        if isInvisibleFallback(driver: driver, requested: requested) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw .noDisplay(sdlMessage: "no X11, Wayland or KMSDRM display; only the '\(driver)' driver, "
                                 + "which shows nothing")
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
            | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        // Fullscreen starts at the desktop's size: a GL renderer made for a smaller window and then
        // resized kept drawing into the old height in a portrait screen under Xvfb (no window manager).
        var desktop = SDL_DisplayMode()
        let fitsDesktop = fullscreen && SDL_GetDesktopDisplayMode(0, &desktop) == 0 && desktop.w > 0 && desktop.h > 0
        let (openWidth, openHeight) = fitsDesktop ? (desktop.w, desktop.h) : (Int32(width), Int32(height))
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                            Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                            openWidth, openHeight, flags) else {
            let error = HostError.noDisplayNow()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, accelerated)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let error = HostError.sdl("SDL_CreateRenderer")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        self.window = window
        self.renderer = renderer
    }

    deinit {
        texture?.destroy()  // before its renderer, which would free it behind our back
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The drawable size in device px.
    public var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0 else { return (0, 0) }
        return (Int(width), Int(height))
    }

    /// What a frame is rendered at: the drawable size, its sides swapped when turned 90° or 270°.
    public var pixelSize: (width: Int, height: Int) {
        let (w, h) = outputSize
        return rotation % 180 == 0 ? (w, h) : (h, w)
    }

    /// Whether SDL_RenderPresent waits for the display's vertical blank.
    var hasVSync: Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    /// Seconds per refresh of the window's display (1/60 when SDL does not know).
    var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }

    /// The SDL render driver in use ("opengl", "software", …), for diagnostics.
    var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Renders `scene` at time `t` into the canvas and copies it to the back buffer (not yet shown).
    /// Does nothing while the drawable has no area (a minimised window).
    /// `incremental`: the canvas still holds this scene's frame from the last call and nothing but
    /// time has changed since (no input, resize or scene switch), so only the scene's dirty rectangle
    /// is redrawn — the same pixels as a full frame, at the cost of what moved.
    func drawFrame(_ scene: Scene, at t: Double, incremental: Bool = false) throws(HostError) {
        guard let (canvas, texture) = try frameBuffers() else { return }
        let size = Size(width: Double(canvas.width), height: Double(canvas.height))
        var changed: PixelRect?
        if incremental, let last = lastDrawn, last.scene == ObjectIdentifier(scene), last.size == size,
           let dirty = scene.dirtyRect(since: last.t, at: t, frameSize: size) {
            canvas.clip = dirty.intersection(canvas.pixmap.bounds)
            scene.render(into: canvas, at: t)
            changed = canvas.clip
            canvas.clip = canvas.pixmap.bounds
        } else {
            scene.render(into: canvas, at: t)
        }
        lastDrawn = (ObjectIdentifier(scene), t, size)
        try uploader.upload(canvas.pixmap, changed: changed, to: texture)
        // A window created fullscreen (or switched by F) can reach its final size before SDL's renderer
        // updates its viewport, which then keeps the old window size: the frame landed in a corner under
        // Xvfb. Reset the viewport to the whole output whenever it is not.
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        let output = outputSize
        if viewport.x != 0 || viewport.y != 0 || Int(viewport.w) != output.width || Int(viewport.h) != output.height {
            SDL_RenderSetViewport(renderer, nil)
        }
        try copyToTarget(texture, renderer: renderer, rotation: rotation, output: output)
    }

    /// The frame last drawn, as rendered (before SDL); nil before the first frame.
    var lastFrame: Pixmap? { canvas?.pixmap }

    /// Whether the window covers the desktop.
    var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    /// Switches between a window and covering the desktop (F); the next frame is drawn at the new size.
    func toggleFullscreen() {
        SDL_SetWindowFullscreen(window, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// Kiosk: no cursor over the screen and no screen saver or display blanking while we run.
    func enterKioskMode() {
        SDL_ShowCursor(SDL_DISABLE)
        SDL_DisableScreenSaver()
        // Closing the window (a window manager's Alt+F4) must not end a kiosk; SIGTERM from systemd still does.
        SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
        if !isFullscreen { toggleFullscreen() }
    }

    /// Shows the back buffer (waits for vsync when the renderer has it).
    func present() { SDL_RenderPresent(renderer) }

    /// The back buffer as drawn by `drawFrame`; read it before `present`, after which it is undefined.
    func readFrame() throws(HostError) -> Pixmap {
        let shown = try readPixels(of: renderer)
        // The window has no alpha (a transparent background shows over black): a frame with
        // transparency is saved as drawn, turned as the window shows it, so its PNG keeps the alpha.
        guard let drawn = canvas?.pixmap, drawn.pixels.contains(where: { $0 >> 24 != 255 }),
              let turned = drawn.turned(by: rotation), turned.width == shown.width, turned.height == shown.height else { return shown }
        return turned
    }

    /// Forgets the texture so the next frame creates a new one (after SDL_RENDER_DEVICE_RESET).
    func discardTexture() {
        texture?.destroy()
        texture = nil
        uploader.invalidate()
    }

    /// The canvas and texture at the current output size, rebuilt when it changed; nil for no area.
    private func frameBuffers() throws(HostError) -> (Canvas, StreamingTexture)? {
        let (width, height) = pixelSize
        guard width > 0, height > 0 else { return nil }
        if let canvas, let texture, texture.width == width, texture.height == height { return (canvas, texture) }
        discardTexture()
        guard let newCanvas = Canvas(width: width, height: height) else {
            throw .invalidSize(width: width, height: height)
        }
        let newTexture = try StreamingTexture(renderer: renderer, width: width, height: height)
        canvas = newCanvas
        texture = newTexture
        return (newCanvas, newTexture)
    }
}

/// True when SDL settled on a driver that shows nothing ("offscreen", "dummy") without being asked to
/// by SDL_VIDEODRIVER: SDL 2.26 falls back to "offscreen" on a machine with no display, which would
/// leave the user waiting on an invisible window instead of reading how to run headless.
func isInvisibleFallback(driver: String, requested: String?) -> Bool {
    let name = driver.lowercased()
    guard ["offscreen", "dummy"].contains(name) else { return false }
    let asked = (requested ?? "").lowercased().split(separator: ",").map { String($0.filter { $0 != " " }) }
    return !asked.contains(name)
}

/// With neither WAYLAND_DISPLAY nor XDG_RUNTIME_DIR set there is no Wayland compositor to find, yet
/// SDL still tries libwayland first, which prints "error: XDG_RUNTIME_DIR is invalid or not set" on
/// stderr. Then ask SDL for X11 or KMSDRM only, at default priority, so a user's SDL_VIDEODRIVER
/// (read before hints) always wins. Neither available still ends as `.noDisplay`.
func preferDisplayDriversWithoutWayland() {
    guard SDL_getenv("SDL_VIDEODRIVER") == nil, SDL_getenv("WAYLAND_DISPLAY") == nil, SDL_getenv("XDG_RUNTIME_DIR") == nil else { return }
    SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "x11,kmsdrm", SDL_HINT_DEFAULT)
}
