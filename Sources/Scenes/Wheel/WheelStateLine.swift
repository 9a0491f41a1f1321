// The wheel's state as `roundel render` prints it: rotation, idle/spinning/stopped and, once
// stopped, the result, named as `spin` and `history` name a draw (its place in its list).
import Draws

extension WheelScene {
    // MARK: State for the CLI

    /// The wheel at `t`: cumulative rotation in degrees clockwise, "idle" | "spinning" | "stopped",
    /// and once stopped the result.
    public func state(at t: Double) -> WheelState {
        reportSpinEnd(at: t)
        applyRefresh(at: t)
        let degrees = (spinner.rotation(at: t) + attractDrift(at: t)) * 180 / Double.pi
        switch spinner.phase(at: t) {
        case .idle:
            // After the winner left the wheel, or a restart: the latest draw is still the result.
            if let last = raffle.lastDraw, shownResult != nil {
                return WheelState(rotationDegrees: degrees, state: "stopped",
                                  result: WheelResult(index: last.index, text: last.text, value: last.value, prize: last.prize))
            }
            return WheelState(rotationDegrees: degrees, state: "idle", result: nil)
        case .spinning: return WheelState(rotationDegrees: degrees, state: "spinning", result: nil)
        case .stopped(let index):
            // The draw this spin showed, named as `spin` and `history` name it (its place in the list).
            if let last = raffle.lastDraw, last.round == raffle.round?.number, shown.indices.contains(index), shown[index] == last.index {
                return WheelState(rotationDegrees: degrees, state: "stopped",
                                  result: WheelResult(index: last.index, text: last.text, value: last.value, prize: last.prize))
            }
            let item = items[index]
            return WheelState(rotationDegrees: degrees, state: "stopped",
                              result: WheelResult(index: index, text: item.text, value: item.value, prize: item.prize))
        }
    }

    /// docs/architecture.md's one-line JSON for `roundel render wheel`.
    public func jsonLine(at t: Double) -> String { state(at: t).jsonLine(scene: name, t: t) }
}

public struct WheelResult: Sendable, Equatable {
    public var index: Int
    public var text: String
    public var value: Double
    /// The slice wins something (false: "Try again").
    public var prize = true
}

public struct WheelState: Sendable, Equatable {
    /// Cumulative, clockwise.
    public var rotationDegrees: Double
    /// "idle", "spinning" or "stopped".
    public var state: String
    public var result: WheelResult?

    /// `{"scene":"wheel","t":…,"rotation":…,"state":"…","result":{"index":…,"text":"…","value":…,"prize":…}}`
    public func jsonLine(scene: String, t: Double) -> String {
        var line = "{\"scene\":\(jsonString(scene)),\"t\":\(jsonNumber(t)),"
            + "\"rotation\":\(jsonNumber((rotationDegrees * 1e6).rounded() / 1e6)),\"state\":\(jsonString(state))"
        if let result {
            line += ",\"result\":{\"index\":\(result.index),\"text\":\(jsonString(result.text)),\"value\":\(jsonNumber(result.value))"
                + ",\"prize\":\(result.prize)}"
        }
        return line + "}"
    }
}
