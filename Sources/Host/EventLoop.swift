// The window's event loop: draw when something changed, otherwise sleep in SDL_WaitEvent, so an idle
// window costs ~0 % CPU. Pending events are drained before drawing, so a burst of resize events costs
// one frame. Scenes are drawn at t = 0 for now (the test card is static); animated scenes will render
// once per vsync from monotonic time, polling events instead of waiting.
import CSDL2
import Scenes

/// Why the loop ended.
enum QuitReason: Equatable { case escapeKey, windowClosed }

/// What one SDL event asks of the window.
enum EventResponse: Equatable { case quit(QuitReason), redraw, resetTexture, ignore }

func response(to event: SDL_Event) -> EventResponse {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
        return .quit(.windowClosed)
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue:
        return .quit(.escapeKey)
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
        var needsFrame = true
        var event = SDL_Event()
        while true {
            if needsFrame {
                try drawFrame(scene, at: 0)
                present()
                needsFrame = false
            }
            guard SDL_WaitEvent(&event) == 1 else { throw .sdl("SDL_WaitEvent") }
            repeat {
                switch response(to: event) {
                case .quit(let reason): return reason
                case .redraw: needsFrame = true
                case .resetTexture: discardTexture(); needsFrame = true
                case .ignore: break
                }
            } while SDL_PollEvent(&event) == 1
        }
    }
}
