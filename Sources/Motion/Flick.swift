// A wheel let go while it turns under a finger or the mouse: how fast it was turning, whether that is
// a spin, and how strong a spin. Pure: the pointer's angles and their times are passed in. Angles
// radians, clockwise positive (cumulative, unwrapped); velocities radians a second; times seconds.
//
// A flick sets only the spin's strength: the turns (one for the gentlest flick, the config's for a
// hard one) and the direction. The outcome is chosen and recorded before, as for START; the spin
// lands on it whichever way it turns (`SpinPlan.flick`). Below `threshold` a release is not a spin:
// a wheel put down slowly stays where it was left.

public struct Flick: Sendable, Equatable {
    /// Radians a second at the release, clockwise positive.
    public let velocity: Double

    /// The slowest release that spins: 0.6 turns a second. A wheel turned slowly into place and let
    /// go stays put (a deliberate drag moves a finger a few centimetres a second, a flick several
    /// times that: a quarter turn in 0.4 s is just a spin, in 2 s it is not).
    public static let threshold = 0.6 * 2 * Double.pi
    /// From this speed on a flick is as strong as it gets: 3 turns a second (a smooth spin of the
    /// default 5 turns in 5 s starts at about that speed).
    public static let hard = 3 * 2 * Double.pi
    /// How far back from its last move the pointer's speed is measured, seconds: long enough to
    /// smooth a mouse's 8 ms steps, short enough to be the speed it had when let go.
    public static let window = 0.09

    /// A flick at `velocity`, or nil for a release slower than `threshold` (or not finite).
    public init?(velocity: Double) {
        guard velocity.isFinite, abs(velocity) >= Flick.threshold else { return nil }
        self.velocity = velocity
    }

    /// +1 clockwise, −1 anticlockwise.
    public var direction: Double { velocity < 0 ? -1 : 1 }

    /// 0 at `threshold` … 1 from `hard` on, in proportion to the speed.
    public var strength: Double { min(1, (abs(velocity) - Flick.threshold) / (Flick.hard - Flick.threshold)) }

    /// Whole turns before the landing offset: one (or `settings.turns` when that is less) for the
    /// gentlest flick, `settings.turns` for a hard one.
    public func turns(for settings: SpinSettings) -> Double {
        let least = min(1, settings.turns)
        return least + (settings.turns - least) * strength
    }

    /// Seconds a coast of `distance` radians takes when it starts at the flick's speed (the coast
    /// starts at 2.5 times its mean speed: `TimingFunction.smoothStop`), kept between half the
    /// config's duration and all of it: the wheel leaves the hand at the speed it had, unless that
    /// would make the spin longer than START's or shorter than half of it.
    public func duration(travelling distance: Double, settings: SpinSettings) -> Double {
        let matched = 2.5 * abs(distance) / abs(velocity)
        return min(settings.duration, max(settings.duration / 2, matched))
    }

    /// A pointer that has not moved for this long before it is let go had stopped: no flick. (Android's
    /// VelocityTracker assumes 40 ms, from the kernel's times; SDL stamps an event when it takes it
    /// from the system, at most a frame late, so a slow frame must not read as a stop. A hand that
    /// holds still before it lets go holds longer than this.)
    public static let stoppedAfter = 0.1

    /// The pointer's angular velocity at `release` (radians a second): the angle it turned through in
    /// the `window` seconds before its last move (or since the first sample, if the drag is younger),
    /// over that time; 0 when that last move was more than `stoppedAfter` before the release.
    /// `samples` are (time, angle) in time order; between two samples the angle is taken to move evenly.
    public static func velocity(of samples: [(t: Double, angle: Double)], at release: Double) -> Double {
        guard let first = samples.first,
              let k = samples.indices.dropFirst().last(where: { samples[$0].angle != samples[$0 - 1].angle }) else { return 0 }
        let last = samples[k]
        guard release - last.t <= stoppedAfter else { return 0 }
        let from = max(first.t, last.t - window)
        guard let j = samples.firstIndex(where: { $0.t >= from }) else { return 0 }
        var angle = samples[j].angle
        if j > 0, samples[j].t > samples[j - 1].t {
            let a = samples[j - 1], b = samples[j]
            angle = a.angle + (b.angle - a.angle) * (from - a.t) / (b.t - a.t)
        }
        // Mouse events come every few milliseconds; a drag of a few milliseconds is judged over 10.
        return (last.angle - angle) / max(last.t - from, 0.01)
    }
}
