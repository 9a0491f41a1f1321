// Animations as pure functions of time: a value that moves from `from` to `to` over `duration` seconds
// along a timing function, and sequences of them played back to back. Times are seconds since the
// animation (or sequence) began; before 0 the value is `from`, from `duration` on it is exactly `to`.

public struct Animation: Sendable, Equatable {
    /// A label for the phase this animation plays (e.g. "begin", "turn", "end"); reported by sequences.
    public var name: String
    public var from: Double
    public var to: Double
    /// Seconds; positive and finite (checked where animations are built from user input).
    public var duration: Double
    public var timing: TimingFunction

    public init(name: String = "", from: Double, to: Double, duration: Double, timing: TimingFunction = .linear) {
        self.name = name
        self.from = from
        self.to = to
        self.duration = duration
        self.timing = timing
    }

    /// The value `t` seconds after the animation began. Exactly `to` once `t ≥ duration`.
    public func value(at t: Double) -> Double {
        guard t < duration else { return to }
        let p = timing.progress(at: t / duration)
        return p >= 1 ? to : from + (to - from) * p
    }

    /// d(value)/dt in units per second, `t` seconds after the animation began; 0 outside [0, duration].
    public func velocity(at t: Double) -> Double {
        guard t >= 0, t <= duration, duration > 0 else { return 0 }
        let delta = to - from
        return delta == 0 ? 0 : delta * timing.slope(at: t / duration) / duration
    }
}

/// Animations played one after another. It completes at exactly the sum of their durations (summed in
/// order, the same way the start times are found), and holds the last animation's `to` from then on.
public struct AnimationSequence: Sendable, Equatable {
    public let animations: [Animation]
    /// When each animation starts, in seconds since the sequence began.
    public let startTimes: [Double]
    public let duration: Double

    public init(_ animations: [Animation]) throws(MotionError) {
        guard !animations.isEmpty else { throw .emptySequence }
        for animation in animations where !(animation.duration.isFinite && animation.duration > 0) {
            throw .invalidDuration(animation.duration)
        }
        var starts: [Double] = []
        var t = 0.0
        for animation in animations {
            starts.append(t)
            t += animation.duration
        }
        self.animations = animations
        self.startTimes = starts
        self.duration = t
    }

    /// True from exactly `duration` on.
    public func isComplete(at t: Double) -> Bool { t >= duration }

    /// Which animation is playing at `t`: the first before it starts, the last once complete.
    public func animationIndex(at t: Double) -> Int {
        guard t < duration else { return animations.count - 1 }
        var i = 0
        while i + 1 < animations.count, t >= startTimes[i + 1] { i += 1 }
        return i
    }

    public func value(at t: Double) -> Double {
        let i = animationIndex(at: t)
        return t < duration ? animations[i].value(at: t - startTimes[i]) : animations[i].to
    }

    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < duration else { return 0 }
        let i = animationIndex(at: t)
        return animations[i].velocity(at: t - startTimes[i])
    }
}
