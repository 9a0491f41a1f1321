// Arcade buttons: USB encoders that show up as joysticks (most do; those in keyboard mode send a key,
// and Space or Enter spins). Every joystick and game controller SDL finds, at start or plugged in
// later, is opened, and a press of any of its buttons is the primary action (spin, start/pause).
// Their events come through SDL_JOY*: a game controller is a joystick too, so nothing arrives twice.
import CSDL2

final class Joysticks {
    private var open: [Int32: OpaquePointer] = [:]
    private let initialised: Bool

    init() {
        // Allowed without a window focused: a kiosk's button works whatever has the keyboard.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        initialised = SDL_InitSubSystem(SDL_INIT_JOYSTICK) == 0
    }

    deinit {
        for joystick in open.values { SDL_JoystickClose(joystick) }
        if initialised { SDL_QuitSubSystem(SDL_INIT_JOYSTICK) }
    }

    /// SDL_JOYDEVICEADDED: opens device `index` (SDL reports every joystick present at start this way too).
    func added(deviceIndex index: Int32) {
        guard let joystick = SDL_JoystickOpen(index) else { return }
        open[SDL_JoystickInstanceID(joystick)] = joystick
    }

    /// SDL_JOYDEVICEREMOVED: closes the joystick of instance `id`.
    func removed(instance id: Int32) {
        if let joystick = open.removeValue(forKey: id) { SDL_JoystickClose(joystick) }
    }

    var count: Int { open.count }
}
