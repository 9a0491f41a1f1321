// A scene is a pure function of its state and t (seconds since the scene started): the window,
// the kiosk, the PNG writer and the tests all call the same `render`, so they show the same pixels.
// Input arrives as SceneInput with the time it happened. t is never wall-clock time: a scene that
// shows the time of day is told the wall clock's reading at t = 0 instead (ShowsTimeOfDay).
import Draws
import Raster

public protocol Scene: AnyObject {
    /// The name used on the command line (`roundel render NAME`).
    var name: String { get }
    /// Draws the whole frame for time `t` into `canvas` (which may be any size).
    func render(into canvas: Canvas, at t: Double)
    /// Reacts to `input` that happened at time `t` on a frame of `frameSize` px.
    func handle(_ input: SceneInput, at t: Double, frameSize: Size)
    /// Whether frames after `t` differ from the frame at `t` (the host sleeps when they don't).
    func isAnimating(at t: Double) -> Bool
    /// The part of a `frameSize` frame that can differ between the frames at `previous` and `t`,
    /// or nil for "anything may have changed". A host that kept the frame at `previous` redraws only
    /// this rectangle (as the canvas's clip) and gets the same pixels as a full redraw; scenes say nil
    /// whenever they are unsure.
    func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect?
    /// The scene's state at `t` as one line of JSON (`roundel render` prints it): at least
    /// `{"scene":NAME,"t":T}`, plus what the scene knows (the wheel: rotation, state, result).
    func jsonLine(at t: Double) -> String
    /// Builds ahead what frames of `frameSize` reuse (caches, cached backgrounds), so the first frame
    /// costs only its drawing: the window calls it on another core while the display opens. Optional.
    func prepare(frameSize: Size)
    /// The first time after `t` at which the frame changes although nothing animates (a winner
    /// leaving the wheel, a note fading): the host, asleep, wakes then to draw it. nil: none.
    func nextChange(after t: Double) -> Double?
    /// False while a config reload would void something under way (a spin, its result being
    /// shown, unsaved edits): the host applies the edit once this turns true.
    func acceptsReload(at t: Double) -> Bool
    /// True while the scene takes typed text (an entry editor): keys then edit instead of acting.
    var wantsTextInput: Bool { get }
    /// True while a panel is open: Tab and the arrows move among its controls, Enter presses, Esc closes.
    var takesPanelKeys: Bool { get }
    /// The window shows this scene for the first time, at `t`: a timer or a pie starts now, not at
    /// launch while it was hidden. (`roundel render` never calls it: there t counts from the start.)
    func didAppear(at t: Double)
    /// The sounds that start in [t0, t1), appended to `events` in time order: a tick as each slice
    /// boundary passes the pointer, the fanfare when a result shows, a chime at a timer's zero. A
    /// pure function of the scene's state, like `render`, so sound and picture share one timeline.
    func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent])
}

extension Scene {
    public func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) {}
    public func prepare(frameSize: Size) {}
    public func nextChange(after t: Double) -> Double? { nil }
    public func acceptsReload(at t: Double) -> Bool { true }
    public var wantsTextInput: Bool { false }
    public var takesPanelKeys: Bool { false }
    public func didAppear(at t: Double) {}
}

/// What a user did, in scene terms (the host maps keys, clicks and touches onto these).
public enum SceneInput: Sendable, Equatable {
    /// Space or Enter: spin, or start/pause.
    case primaryAction
    /// A click or touch at a point in frame pixels (the press: the finger or button going down).
    case tap(Point)
    /// The pressed pointer moved to a point in frame pixels (a finger on the screen, the left button held).
    case drag(Point)
    /// The finger lifted, or the left button was let go, at a point in frame pixels. `coolingDown`:
    /// the input cooldown (`input.cooldown`) since the latest spin has not passed, so the release
    /// starts no spin (the wheel: a flick, or a tap on it, spins at the release).
    case release(Point, coolingDown: Bool)
    /// + and −: more or fewer slices in numbered mode.
    case increase
    case decrease
    /// R: start over.
    case restart
    /// E: open the entry editor (not in a kiosk).
    case openEditor
    /// S: open (or close) the settings panel; H: the winners (not in a kiosk).
    case openSettings
    case openWinners
    /// In a panel: Tab and ↓ (+1), Shift+Tab and ↑ (−1) move the focus; ← (−1) and → (+1) change
    /// the focused control.
    case moveFocus(Int)
    case adjust(Int)
    /// The mouse wheel (and Page Up/Down): lines down (+) or up (−) in a list.
    case scroll(Int)
    /// Delete and K on a winner: off the wheel, or kept on it; U (Ctrl+Z): undo the latest of those
    /// or a new event (not in a kiosk).
    case removeWinner
    case keepWinner
    case undo
    /// Five quick taps in a kiosk's top left corner: the operator asks for the settings (PIN first).
    case operatorGesture
    /// Ctrl+V: the clipboard's text, one entry a line (not in a kiosk).
    case paste(String)
    /// Ctrl+V when the host could not get text from the clipboard: why (not in a kiosk).
    case clipboardProblem(ClipboardProblem)
    /// A file dropped on the window (not in a kiosk), read by the host.
    case dropFile(DroppedFile)
    /// Typed text (SDL text input, any script), while the scene wants text.
    case text(String)
    /// While editing: Enter, Esc, Backspace, Delete, Up (−1) and Down (+1).
    case submit
    case cancel
    case deleteBackward
    case deleteSelected
    case moveSelection(Int)
}

/// Why Ctrl+V brought no text to read a list from.
public enum ClipboardProblem: Sendable, Equatable {
    /// Nothing was copied, or nothing that is text.
    case empty
    /// More than a names list may be (`NamesFile.byteLimit`).
    case tooLarge
    /// The program holding the clipboard did not hand it over in time.
    case noAnswer

    /// What the window says (instead of "has no entries", which blamed a list it never got).
    public func note(in words: Words) -> String {
        switch self {
        case .empty: return words.clipboardEmpty
        case .tooLarge: return Words.fill(words.clipboardTooLarge, String(NamesFile.byteLimit >> 20))
        case .noAnswer: return words.clipboardNoAnswer
        }
    }
}

/// A file dropped on the window: its name and bytes, or why it could not be read.
public struct DroppedFile: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]?
    public var problem: String?

    public init(path: String, bytes: [UInt8]?, problem: String? = nil) {
        self.path = path; self.bytes = bytes; self.problem = problem
    }
}
