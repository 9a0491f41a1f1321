// What each SDL event asks of the host: the one table of keys, clicks and touches.
//   Space/Enter primary action · +/− more/fewer slices · R restart (the wheel: a new event) · Tab next
//   scene · 1–4 wheel, timer, pie, clock · F fullscreen · F12 screenshot · Esc/Q quit · left click and
//   touch: a tap, moved while held: a drag, let go: a release · E entry editor · Ctrl+V paste entries · a file or text dropped on the window: entries ·
//   any button of a joystick or game controller (an arcade button): the primary action.
// Space, Enter and buttons are held to the input cooldown: presses within it of the last one do nothing.
// While the scene takes typed text (the entry editor): text comes from SDL_TEXTINPUT (any script, any
// keyboard layout); Enter, Esc, Backspace, Delete, Up and Down edit; Ctrl+V pastes; nothing else acts.
// A kiosk with several scenes switches to the next on a touch held 1.5 s in a corner of the screen
// (the corners take no taps there). In kiosk mode Esc, Q, F, R, E, pastes, drops and closing the window do nothing; Ctrl+Alt+Q quits (and
// SIGTERM, which SDL turns into SDL_QUIT, so `systemctl stop` works); Ctrl+Alt+L shows the control page's QR code. Key repeats count only for + and −
// (and, while typing, Backspace, Delete, Up and Down).
import CSDL2
import Raster
import Scenes

/// Why the loop ended.
enum QuitReason: Equatable { case escapeKey, windowClosed, quitChord, screenshotSaved }

/// What one SDL event asks of the host.
enum EventResponse: Equatable {
    case quit(QuitReason), redraw, resetTexture, ignore
    /// Scene input; a tap's point is in window units here (the loop scales it to frame px).
    case input(SceneInput)
    /// Tab: the next scene; 1–4: the scene of that name (ignored when it does not exist yet).
    case nextScene
    case selectScene(String)
    case toggleFullscreen
    /// M: sound off and on again.
    case toggleMute
    /// F12: save the presented frame as a PNG in the current directory.
    case screenshot
    /// Ctrl+Alt+L: the control page's link as a QR code, for the operator's phone.
    case showControlLink
    /// Ctrl+V: the host reads the clipboard and hands its text to the scene.
    case paste
    /// A file dropped on the window (its path) and text dropped on it.
    case dropFile(String)
    case dropText(String)
    /// A finger left the screen, or the left mouse button was let go, at a point (window units, or a
    /// touch marked as `.tap`'s): ends a kiosk's long press in a corner (many touch panels report
    /// themselves as a mouse) and is the scene's `.release`.
    case pressEnded(Point)
    /// A button of a joystick or game controller (an arcade button): the primary action, held to
    /// `cooldown` like Space and Enter.
    case button
    /// A joystick was plugged in (its device index) or removed (its instance id).
    case joystickAdded(Int32)
    case joystickRemoved(Int32)
}

/// SDL_BUTTON_LMASK (a macro Swift cannot import): the left button held, in a motion event's state.
let leftButtonMask: UInt32 = 1 << (UInt32(SDL_BUTTON_LEFT) - 1)

/// The scenes the number keys pick, in key order.
let numberKeyScenes = ["wheel", "timer", "pie", "clock"]

/// `editing`: the scene takes typed text. A drop event's string is copied and freed here, so each
/// event goes through this once.
func response(to event: SDL_Event, kiosk: Bool = false, editing: Bool = false, panel: Bool = false) -> EventResponse {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
        return .quit(.windowClosed)
    case SDL_KEYDOWN:
        let sym = UInt32(bitPattern: event.key.keysym.sym), modifiers = UInt32(event.key.keysym.mod)
        // (A kiosk's editor is open only when the operator opened it from the settings, PIN first.)
        if editing { return editingKeyResponse(sym: sym, modifiers: modifiers) }
        if panel { return panelKeyResponse(sym: sym, modifiers: modifiers, isRepeat: event.key.repeat != 0) }
        return keyResponse(sym: sym, modifiers: modifiers, isRepeat: event.key.repeat != 0, kiosk: kiosk)
    case SDL_TEXTINPUT:
        guard editing else { return .ignore }
        var text = event.text.text
        let typed = withUnsafeBytes(of: &text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return typed.isEmpty ? .ignore : .input(.text(typed))
    case SDL_DROPFILE, SDL_DROPTEXT:
        guard let pointer = event.drop.file else { return .ignore }
        let string = String(cString: pointer)
        SDL_free(pointer)
        guard !kiosk else { return .ignore }
        return SDL_EventType(event.type) == SDL_DROPFILE ? .dropFile(string) : .dropText(string)
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != UInt32.max:  // not SDL_TOUCH_MOUSEID (a touch, handled as a finger)
        return .input(.tap(Point(x: Double(event.button.x), y: Double(event.button.y))))
    case SDL_FINGERUP:
        return .pressEnded(Point(x: -1 - Double(event.tfinger.x), y: -1 - Double(event.tfinger.y)))
    case SDL_FINGERMOTION:
        return .input(.drag(Point(x: -1 - Double(event.tfinger.x), y: -1 - Double(event.tfinger.y))))
    case SDL_MOUSEMOTION where event.motion.state & leftButtonMask != 0 && event.motion.which != UInt32.max:
        return .input(.drag(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
    case SDL_MOUSEWHEEL:
        // Scrolled towards the user (y < 0) moves a list down; "flipped" devices report the other way.
        let y = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -event.wheel.y : event.wheel.y
        return y == 0 ? .ignore : .input(.scroll(y < 0 ? 3 : -3))
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != UInt32.max:
        return .pressEnded(Point(x: Double(event.button.x), y: Double(event.button.y)))
    case SDL_JOYBUTTONDOWN:
        return .button
    case SDL_JOYDEVICEADDED:
        return .joystickAdded(event.jdevice.which)
    case SDL_JOYDEVICEREMOVED:
        return .joystickRemoved(event.jdevice.which)
    case SDL_FINGERDOWN:
        // Normalised 0…1 across the window; marked by a negative sentinel the loop recognises.
        return .input(.tap(Point(x: -1 - Double(event.tfinger.x), y: -1 - Double(event.tfinger.y))))
    case SDL_WINDOWEVENT:
        switch SDL_WindowEventID(UInt32(event.window.event)) {
        case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_DISPLAY_CHANGED: return .redraw
        case SDL_WINDOWEVENT_CLOSE: return kiosk ? .ignore : .quit(.windowClosed)
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

func keyResponse(sym: UInt32, modifiers: UInt32, isRepeat: Bool, kiosk: Bool) -> EventResponse {
    func any(_ keys: SDL_KeyCode...) -> Bool { keys.contains { $0.rawValue == sym } }
    let ctrl = modifiers & UInt32(KMOD_CTRL.rawValue) != 0, alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
    if any(SDLK_q) && ctrl && alt { return .quit(.quitChord) }
    if any(SDLK_l) && ctrl && alt { return isRepeat ? .ignore : .showControlLink }
    if any(SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS) { return .input(.increase) }
    if any(SDLK_MINUS, SDLK_KP_MINUS) { return .input(.decrease) }
    if isRepeat { return .ignore }
    if any(SDLK_ESCAPE, SDLK_q) { return kiosk ? .ignore : .quit(.escapeKey) }
    if any(SDLK_SPACE, SDLK_RETURN, SDLK_KP_ENTER) { return .input(.primaryAction) }
    if any(SDLK_r) { return kiosk ? .ignore : .input(.restart) }
    if any(SDLK_v) && ctrl { return kiosk ? .ignore : .paste }
    if any(SDLK_e) && !ctrl && !alt { return kiosk ? .ignore : .input(.openEditor) }
    if any(SDLK_s) && !ctrl && !alt { return kiosk ? .ignore : .input(.openSettings) }
    if any(SDLK_u) && !ctrl && !alt || any(SDLK_z) && ctrl { return kiosk ? .ignore : .input(.undo) }
    if any(SDLK_DELETE, SDLK_BACKSPACE) { return kiosk ? .ignore : .input(.removeWinner) }
    if any(SDLK_k) && !ctrl && !alt { return kiosk ? .ignore : .input(.keepWinner) }
    if any(SDLK_h) && !ctrl && !alt { return kiosk ? .ignore : .input(.openWinners) }
    if any(SDLK_TAB) { return .nextScene }
    for (offset, name) in numberKeyScenes.enumerated() {
        let digit = SDLK_1.rawValue + UInt32(offset), keypad = SDLK_KP_1.rawValue + UInt32(offset)
        if sym == digit || sym == keypad { return .selectScene(name) }
    }
    if any(SDLK_f) { return kiosk ? .ignore : .toggleFullscreen }
    if any(SDLK_m) { return .toggleMute }
    if any(SDLK_F12) { return .screenshot }
    return .ignore
}

/// Keys while a panel is open: Tab, Shift+Tab and the arrows move and change, Enter and Space press,
/// Esc (and S or H again) close; F12 and the quit chord still work.
func panelKeyResponse(sym: UInt32, modifiers: UInt32, isRepeat: Bool) -> EventResponse {
    func any(_ keys: SDL_KeyCode...) -> Bool { keys.contains { $0.rawValue == sym } }
    let ctrl = modifiers & UInt32(KMOD_CTRL.rawValue) != 0, alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
    let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
    if any(SDLK_q) && ctrl && alt { return .quit(.quitChord) }
    if any(SDLK_TAB) { return .input(.moveFocus(shift ? -1 : 1)) }
    if any(SDLK_DOWN) { return .input(.moveSelection(1)) }
    if any(SDLK_UP) { return .input(.moveSelection(-1)) }
    if any(SDLK_PAGEDOWN) { return .input(.scroll(10)) }
    if any(SDLK_PAGEUP) { return .input(.scroll(-10)) }
    if any(SDLK_LEFT) { return .input(.adjust(-1)) }
    if any(SDLK_RIGHT) { return .input(.adjust(1)) }
    if isRepeat { return .ignore }
    if any(SDLK_RETURN, SDLK_KP_ENTER, SDLK_SPACE) { return .input(.submit) }
    if any(SDLK_ESCAPE) { return .input(.cancel) }
    if any(SDLK_s, SDLK_h) && !ctrl && !alt { return .input(.cancel) }
    if any(SDLK_F12) { return .screenshot }
    if any(SDLK_BACKSPACE) { return .input(.deleteBackward) }
    // Digits (a PIN): the number row and the keypad.
    for d in 0...9 {
        let row = (d == 0 ? SDLK_0 : SDLK_1).rawValue + UInt32(max(0, d - 1))
        let pad = (d == 0 ? SDLK_KP_0 : SDLK_KP_1).rawValue + UInt32(max(0, d - 1))
        if sym == row || sym == pad { return .input(.text(String(d))) }
    }
    return .ignore
}

/// Keys while the scene takes typed text: editing keys only (the text itself is SDL_TEXTINPUT).
func editingKeyResponse(sym: UInt32, modifiers: UInt32) -> EventResponse {
    func any(_ keys: SDL_KeyCode...) -> Bool { keys.contains { $0.rawValue == sym } }
    let ctrl = modifiers & UInt32(KMOD_CTRL.rawValue) != 0, alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
    if any(SDLK_q) && ctrl && alt { return .quit(.quitChord) }
    if any(SDLK_v) && ctrl { return .paste }
    if any(SDLK_ESCAPE) { return .input(.cancel) }
    if any(SDLK_RETURN, SDLK_KP_ENTER) { return .input(.submit) }
    if any(SDLK_BACKSPACE) { return .input(.deleteBackward) }
    if any(SDLK_DELETE) { return .input(.deleteSelected) }
    if any(SDLK_UP) { return .input(.moveSelection(-1)) }
    if any(SDLK_DOWN) { return .input(.moveSelection(1)) }
    if any(SDLK_F12) { return .screenshot }
    return .ignore
}
