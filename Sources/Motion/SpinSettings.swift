// How a wheel spins: the motion profile, and for `smooth` and `roulette` the duration (seconds) and the
// number of whole turns before the final offset. `classic` is seed 000's fixed 4.7 s and ignores both.

public enum SpinProfile: String, CaseIterable, Sendable {
    /// Seed 000: 1.5 s easeIn one turn, 2 s linear two turns, 1.2 s easeOut onto the target slice's centre.
    case classic
    /// Seed 002: one cubic-bezier(0, 0.9, 0.4, 1) sweep over `duration` (5 s) of `turns` (5) turns plus
    /// the offset to a uniformly random point of the target slice. Its speed jumps at the start.
    case roulette
    /// Velocity continuous from start to rest (see SpinPlan.swift); lands well inside the target slice.
    case smooth
}

public struct SpinSettings: Sendable, Equatable {
    public var profile: SpinProfile
    /// Seconds from the start of a spin to rest, in (0, 600]. Used by `smooth` and `roulette`.
    public var duration: Double
    /// Whole turns before the offset onto the landing point, in [0, 1000] (fractions allowed).
    /// Used by `smooth` and `roulette`.
    public var turns: Double

    public init(profile: SpinProfile = .smooth, duration: Double = 5, turns: Double = 5) {
        self.profile = profile
        self.duration = duration
        self.turns = turns
    }

    /// Throws the first setting out of range. The spinner checks this before every spin.
    public func validate() throws(MotionError) {
        guard duration.isFinite, duration > 0, duration <= 600 else { throw .invalidDuration(duration) }
        guard turns.isFinite, turns >= 0, turns <= 1000 else { throw .invalidTurns(turns) }
    }
}
