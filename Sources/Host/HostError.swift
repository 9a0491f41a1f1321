// Why the host could not put pixels on screen. Every case's `description` is one line, fit for the
// CLI to print to stderr before exiting 2; SDL's own reason (SDL_GetError) is quoted, never dropped.
import CSDL2
import Raster

/// What went wrong opening or driving the display.
public enum HostError: Error, CustomStringConvertible, Equatable, Sendable {
    /// SDL found no display to open a window on (no X, Wayland or KMS): `sdlMessage` is SDL_GetError.
    case noDisplay(sdlMessage: String)
    /// A window or frame size outside 1…Pixmap.maxSide px per side.
    case invalidSize(width: Int, height: Int)
    /// An SDL call failed after the display was found: the call's name and SDL_GetError.
    case sdlFailed(call: String, sdlMessage: String)
    /// A screenshot could not be written: PNGCodec's one-line reason.
    case cannotSave(reason: String)

    public var description: String {
        switch self {
        case let .noDisplay(sdlMessage):
            return "roundel: no display (SDL: \(sdlMessage)); render headless with "
                + "'roundel render testcard --out card.png' or start a virtual display: "
                + "Xvfb :99 -screen 0 1280x720x24 & DISPLAY=:99 roundel"
        case let .invalidSize(width, height):
            return "roundel: window size \(width)x\(height) px is not drawable; "
                + "each side must be 1 to \(Pixmap.maxSide) px"
        case let .sdlFailed(call, sdlMessage):
            return "roundel: \(call) failed (SDL: \(sdlMessage))"
        case let .cannotSave(reason):
            return reason
        }
    }

    /// The failure of `call`, with SDL's reason as it stands now.
    static func sdl(_ call: String) -> HostError { .sdlFailed(call: call, sdlMessage: sdlError()) }

    /// No display, with SDL's reason as it stands now.
    static func noDisplayNow() -> HostError { .noDisplay(sdlMessage: sdlError()) }
}

/// SDL's last error message, or a placeholder when SDL left none.
func sdlError() -> String {
    guard let message = SDL_GetError() else { return "no reason given" }
    let text = String(cString: message)
    return text.isEmpty ? "no reason given" : text
}
