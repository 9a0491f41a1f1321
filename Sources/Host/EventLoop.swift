// The window's event loop: while the scene animates, one frame per vsync at the monotonic time since
// the scene started (SDL_GetPerformanceCounter), polling events; otherwise sleep in SDL_WaitEvent, so
// an idle window costs ~0 % CPU. Pending events are drained before drawing, so a burst of resize
// events costs one frame. Keys, clicks and touches become SceneInput at the time they are handled.
import CSDL2
import Raster
import Scenes

/// Why the loop ended.
enum QuitReason: Equatable { case escapeKey, windowClosed }

/// What one SDL event asks of the window.
enum EventResponse: Equatable {
    case quit(QuitReason), redraw, resetTexture, ignore
    /// Scene input; a tap's point is in window units here (the loop scales it to frame px).
    case input(SceneInput)
}

func response(to event: SDL_Event) -> EventResponse {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
        return .quit(.windowClosed)
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue:
        return .quit(.escapeKey)
    case SDL_KEYDOWN:
        let sym = UInt32(bitPattern: event.key.keysym.sym)
        func any(_ keys: SDL_KeyCode...) -> Bool { keys.contains { $0.rawValue == sym } }
        if any(SDLK_SPACE, SDLK_RETURN, SDLK_KP_ENTER) { return .input(.primaryAction) }
        if any(SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS) { return .input(.increase) }
        if any(SDLK_MINUS, SDLK_KP_MINUS) { return .input(.decrease) }
        if any(SDLK_r) { return .input(.restart) }
        if any(SDLK_q) { return .quit(.escapeKey) }
        return .ignore
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != UInt32.max:  // not SDL_TOUCH_MOUSEID (a touch, handled as a finger)
        return .input(.tap(Point(x: Double(event.button.x), y: Double(event.button.y))))
    case SDL_FINGERDOWN:
        // Normalised 0…1 across the window; marked by a negative sentinel the loop recognises.
        return .input(.tap(Point(x: -1 - Double(event.tfinger.x), y: -1 - Double(event.tfinger.y))))
    case SDL_WINDOWEVENT:
        switch SDL_WindowEventID(UInt32(event.window.event)) {
        case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED: return .redraw
        case SDL_WINDOWEVENT_CLOSE: return .quit(.windowClosed)
        default: return .ignore
        }
    case SDL_RENDER_TARGETS_RESET:
        return .redraw
    case SDL_RENDER_DEVICE_RESET:
        return .resetTexture
    default:
        return .ignore
    }
}

extension Window {
    /// Shows `scene` until Esc is pressed or the window is closed; redraws on resize and expose.
    public func run(scene: Scene) throws(HostError) {
        _ = try runUntilQuit(scene: scene)
    }

    /// The loop behind `run`, telling why it ended.
    func runUntilQuit(scene: Scene) throws(HostError) -> QuitReason {
        let clock = MonotonicClock()
        var needsFrame = true
        var event = SDL_Event()
        while true {
            let now = clock.seconds
            if needsFrame || scene.isAnimating(at: now) {
                try drawFrame(scene, at: now)
                present()   // waits for vsync when the renderer has it
                if !hasVSync { pace(frameStartedAt: now, clock: clock) }
                needsFrame = false
            }
            if scene.isAnimating(at: clock.seconds) {
                guard SDL_PollEvent(&event) == 1 else { continue }
            } else {
                guard SDL_WaitEvent(&event) == 1 else { throw .sdl("SDL_WaitEvent") }
            }
            repeat {
                switch response(to: event) {
                case .quit(let reason): return reason
                case .redraw: needsFrame = true
                case .resetTexture: discardTexture(); needsFrame = true
                case .input(let input):
                    scene.handle(framePixels(input), at: clock.seconds, frameSize: frameSize)
                    needsFrame = true
                case .ignore: break
                }
            } while SDL_PollEvent(&event) == 1
        }
    }

    /// Without vsync (software renderer, dummy driver), sleeps out the rest of one display refresh so
    /// an animation neither spins the CPU nor runs faster than the screen can show.
    func pace(frameStartedAt start: Double, clock: MonotonicClock) {
        let remaining = refreshInterval - (clock.seconds - start)
        if remaining > 0.001 { SDL_Delay(UInt32(remaining * 1000)) }
    }

    /// The frame's size in device px.
    var frameSize: Size {
        let (w, h) = pixelSize
        return Size(width: Double(w), height: Double(h))
    }

    /// A tap in window units (or a touch, normalised and marked negative by `response`) in frame px.
    func framePixels(_ input: SceneInput) -> SceneInput {
        guard case .tap(let p) = input else { return input }
        let frame = frameSize
        if p.x < 0 {   // a touch: −1 − normalised coordinate
            return .tap(Point(x: (-1 - p.x) * frame.width, y: (-1 - p.y) * frame.height))
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        guard w > 0, h > 0 else { return input }
        return .tap(Point(x: p.x * frame.width / Double(w), y: p.y * frame.height / Double(h)))
    }
}

/// Seconds since creation from SDL's monotonic performance counter (never the wall clock).
struct MonotonicClock {
    let start = SDL_GetPerformanceCounter()
    let frequency = Double(SDL_GetPerformanceFrequency())
    var seconds: Double { Double(SDL_GetPerformanceCounter() &- start) / frequency }
}
