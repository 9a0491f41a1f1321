// The wheel's states as one machine. Which one the wheel is in is a pure function of the scene's
// state and t (nothing is stepped frame by frame), so a frame, a sound, a reload and `render --at`
// all agree on it:
//
//   idle ──START, tap, button──▶ spinning ──its end──▶ result ──(celebration on)──▶ celebrating
//    ▲  ▲                           ▲                    │                             │
//    │  └──────────── the light is up and what the draw changed shows (3 s) ◀──────────┘ card down
//    │                              │
//    └── a touch ◀── attract ◀──────┘ (from idle, `attract.after` s with no input: drifting)
//
// A panel or the editor over the wheel holds it where it is (no attract, no reload, no spin).
import Raster

enum WheelPhase: Equatable {
    /// At rest, waiting for START (the latest result may still stand, its slice lit).
    case idle
    /// A draw turning, until its end.
    case spinning(until: Double)
    /// Stopped at `since`: the result shown and the winner's light coming up, until what the draw
    /// changed (a winner leaving, stock spent) shows at `refreshAt`.
    case result(since: Double)
    /// The stop at `since` celebrated: confetti and the winner card.
    case celebrating(since: Double)
    /// No input for `attract.after` s: drifting since `since`, inviting a touch.
    case attract(since: Double)
}

extension WheelScene {
    func phase(at t: Double) -> WheelPhase {
        if let start = attractStart, t >= start { return .attract(since: start) }
        guard let spin = spinner.currentSpin, t >= spin.startTime else { return .idle }
        if t < spin.endTime { return .spinning(until: spin.endTime) }
        let end = spin.endTime
        if confettiFlies(at: t) || cardEnd(at: t).map({ t < $0 }) == true { return .celebrating(since: end) }
        if t < end + WheelScene.highlightFadeIn || refreshAt.map({ t < $0 }) == true { return .result(since: end) }
        return .idle
    }

    /// Whether frames after `t` differ from the frame at `t`.
    public func isAnimating(at t: Double) -> Bool {
        switch phase(at: t) {
        case .idle: return false
        case .spinning, .attract: return true
        case .result(let end): return t < end + WheelScene.highlightFadeIn
        case .celebrating(let end):
            if t < end + WheelScene.highlightFadeIn || confettiFlies(at: t) || cardComesUp(at: t) { return true }
            guard let cardEnd = cardEnd(at: t) else { return false }
            return t >= cardEnd - Celebration.cardFade && t < cardEnd   // the card going down
        }
    }

    /// Not while a spin runs or its result is being shown (until what the draw changed shows, at
    /// `refreshAt`), nor while a panel or the editor is open. Attract mode's drift is the wheel
    /// waiting for a visitor: an operator's edit applies then (it waited for the next visitor's spin).
    public func acceptsReload(at t: Double) -> Bool {
        guard !hasOverlay else { return false }
        switch phase(at: t) {
        case .idle: return true
        case .attract: return cardEnd(at: t).map { t >= $0 } ?? true   // (a short attract.after: the card may still stand)
        case .spinning, .result: return false
        case .celebrating: return refreshAt.map { t >= $0 } ?? true && !isAnimating(at: t)   // the card standing still
        }
    }
}
