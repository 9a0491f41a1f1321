// A sound a scene asks for at an instant of its timeline (`Scene.sounds(from:to:into:)`). What each
// sounds like is SoundMixer's; the host only plays the mixed samples.

public struct SoundEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A slice boundary passed the pointer: a short click, higher the faster the wheel turns.
        case tick
        /// The result is shown: a rising major chord.
        case fanfare
        /// A timer reached zero: a bell.
        case chime
        /// START pressed with nothing left to win: two falling tones.
        case soldOut
    }
    public var kind: Kind
    /// Scene seconds.
    public var time: Double
    /// For a tick: the wheel's angular speed then, radians a second (0 for the others).
    public var speed: Double

    public init(_ kind: Kind, at time: Double, speed: Double = 0) {
        self.kind = kind; self.time = time; self.speed = speed
    }
}

extension SoundEvent.Kind {
    /// Position in `allCases` (an array index for per-kind tables).
    var index: Int {
        switch self {
        case .tick: return 0
        case .fanfare: return 1
        case .chime: return 2
        case .soldOut: return 3
        }
    }
}
