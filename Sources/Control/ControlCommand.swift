// What the control API asks the window to do, and what the window answers. The window is the only
// code that changes scenes: a request's thread puts a command in the `CommandQueue` and waits for the
// window's `ControlReply` (the HTTP status and a one-line JSON body), so a refused spin (409) is the
// window's decision, taken between two frames, never a guess made beside it.
import Draws

/// One thing the window is asked to do.
public enum ControlCommand: Sendable, Equatable {
    /// A draw exactly as START makes it (recorded before the wheel turns).
    case spin
    /// Shows the scene of that name (`wheel`, `timer`, `pie`, `clock`).
    case scene(String)
    /// Starts, pauses or resets the timer.
    case timer(TimerAction)
    /// Begins a new event (the draws so far stay in the record).
    case newEvent
}

/// What `POST /api/timer` can ask of the timer.
public enum TimerAction: String, Sendable, Equatable, CaseIterable {
    case start, pause, reset
}

/// The window's answer to a command: an HTTP status and a JSON object (one line).
public struct ControlReply: Sendable, Equatable {
    public let status: Int
    public let json: String

    public init(status: Int, json: String) {
        self.status = status
        self.json = json
    }

    /// 200 with `json`.
    public static func done(_ json: String = "{\"ok\":true}") -> ControlReply { ControlReply(status: 200, json: json) }

    /// `status` with `{"error": reason}` (reason is one line of plain text).
    public static func refused(_ status: Int, _ reason: String) -> ControlReply {
        ControlReply(status: status, json: "{\"error\":\(JSONText.string(reason))}")
    }
}
