// What a desktop window (or a kiosk's operator) adds over the wheel, kept apart from the wheel's own
// state: which panel is open, the PIN pad's lock, what U takes back, R's first press, the settings
// kept in the record, and the window's choices (its buttons shown, where Export writes, the PIN).
// The wheel reads them through the properties below; WheelPanels, WinnerChoices and the panels act.
import Draws

struct WheelControls {
    /// The settings, PIN or winners panel, while open (WheelPanels.swift).
    var panel: WheelPanel?
    /// The operator's PIN pad, kept while closed (its lock after wrong PINs holds).
    var pinPad = PinPad()
    /// What U takes back (WinnerChoices.swift).
    var undo: Undoable?
    /// When R was pressed once in a window (a second R within `restartConfirmation` s starts over).
    var restartArmedAt: Double?
    /// Settings changed in the window, as the record keeps them.
    var keptSettings: [String: KeptSetting] = [:]
    /// The window's own buttons (settings, winners) and first-run hints are shown: a desktop
    /// window sets this; `render`, `record` and a kiosk's visitors never see them.
    var showsControls = false
    /// Where Export writes the winners' CSV (the user's documents folder, else the record's; nil: nowhere).
    var exportFolder: String?
    /// The PIN that opens a kiosk's settings (config `input.operatorPin`; nil: they do not open).
    var operatorPin: String?
    /// Called with the volume (0…1) when the settings change it (the host's audio follows).
    var onVolumeChange: ((Double) -> Void)?

    /// R's second press must come within this many seconds of the first.
    static let restartConfirmation = 4.0
}

extension WheelScene {
    var panel: WheelPanel? {
        get { controls.panel }
        set { controls.panel = newValue }
    }
    var pinPad: PinPad {
        get { controls.pinPad }
        set { controls.pinPad = newValue }
    }
    var undo: Undoable? {
        get { controls.undo }
        set { controls.undo = newValue }
    }
    var restartArmedAt: Double? {
        get { controls.restartArmedAt }
        set { controls.restartArmedAt = newValue }
    }
    var keptSettings: [String: KeptSetting] {
        get { controls.keptSettings }
        set { controls.keptSettings = newValue }
    }
    public var showsControls: Bool {
        get { controls.showsControls }
        set { controls.showsControls = newValue }
    }
    public var exportFolder: String? {
        get { controls.exportFolder }
        set { controls.exportFolder = newValue }
    }
    public var operatorPin: String? {
        get { controls.operatorPin }
        set { controls.operatorPin = newValue }
    }
    public var onVolumeChange: ((Double) -> Void)? {
        get { controls.onVolumeChange }
        set { controls.onVolumeChange = newValue }
    }
}
