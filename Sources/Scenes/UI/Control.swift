// A panel's controls as plain values, as LVGL's widgets fill a descriptor and microui's calls emit a
// command list: what each control is, where it is (frame px) and what it shows now. A panel builds
// them from its state for a frame size; one function draws them (ControlDrawing) and one place says
// what a tap or a key does to them (ControlInput). Controls hold no state of their own and draw
// nothing themselves, so a panel is a pure function of its state, like the scenes.
import Raster

/// One control. `ID` names what it changes (a panel's own enum); nil for text that only informs.
struct Control<ID: Hashable>: Equatable {
    enum Kind: Equatable {
        /// The panel's title, large, at the top.
        case heading(String)
        /// Text that informs: a row's name, a hint (`secondary`: dimmer and smaller).
        case text(String, secondary: Bool)
        /// A button: `prominent` is the panel's main action (filled), else an outlined one.
        case button(String, prominent: Bool)
        /// One of a few options side by side (a segmented control), `selected` lit.
        case choice([String], selected: Int)
        /// − value +: a number changed a step at a time.
        case stepper(String)
        /// A line of a list: its columns, the first left-aligned and the rest right-aligned.
        case row([String], dimmed: Bool)
    }

    var id: ID?
    var frame: Rect
    var kind: Kind

    init(_ kind: Kind, id: ID? = nil, frame: Rect) {
        self.kind = kind; self.id = id; self.frame = frame
    }

    /// Whether a tap or a key can act on it.
    var isInteractive: Bool {
        guard id != nil else { return false }
        switch kind {
        case .button, .choice, .stepper: return true
        case .heading, .text, .row: return false
        }
    }
}

/// What a tap or a key did to a panel's controls.
enum ControlAction<ID: Hashable>: Equatable {
    /// A button was pressed.
    case press(ID)
    /// Option `index` of a choice was picked.
    case choose(ID, Int)
    /// A stepper went one step down (−1) or up (+1).
    case step(ID, Int)
}

/// A panel as drawn: its box, its controls, and which interactive control has the keyboard's focus.
struct ControlPanel<ID: Hashable>: Equatable {
    var frame: Rect
    var controls: [Control<ID>]
    /// Index into `controls` of the focused control (nil: none, as after a tap).
    var focus: Int?
    /// The size text is drawn at, px (the heading larger, secondary text smaller).
    var textSize: Double
    /// The panel's own dark box is drawn (false: the controls alone, over what is there).
    var framed = true
}
