// The wheel's spin state as a value: what the scenes ask "where is the wheel at time t?". Pure: time is
// passed in (seconds on the scene's clock), nothing reads a clock, and rotation depends only on t, so a
// stalled or skipped frame changes nothing about where or when a spin lands. Rotation is cumulative
// radians clockwise (SliceLayout's convention); during a spin it moves one way only: forward, or
// backward for a wheel flicked anticlockwise.

public enum SpinPhase: Sendable, Equatable {
    case idle
    /// Spinning, in the named phase of the profile ("begin"/"turn"/"end", "spin", "accelerate"/"decelerate").
    case spinning(String)
    /// At rest after a spin, on slice `index`, until the next spin starts.
    case stopped(index: Int)

    /// "idle", the phase's name, or "stopped": the trace's `phase` column.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .spinning(let name): return name
        case .stopped: return "stopped"
        }
    }
}

public struct Spinner: Sendable, Equatable {
    public private(set) var layout: SliceLayout
    /// Probability weights, one per slice; empty means equal chances.
    public private(set) var weights: [Double]
    /// Read at the start of each spin; changing it never affects a spin already under way.
    public var settings: SpinSettings
    /// The latest spin, if any; before its `startTime` the wheel shows the previous rest.
    public private(set) var currentSpin: SpinPlan?
    /// Where the wheel rests before `currentSpin` (or for good, if there is none).
    private var restRotation: Double
    /// The result of the spin before `currentSpin`, shown until `currentSpin` starts.
    private var previousResult: Int?

    /// A wheel at rest at `rotation` radians. Weights and settings are checked when a spin is requested.
    public init(layout: SliceLayout, weights: [Double] = [], settings: SpinSettings = SpinSettings(), rotation: Double = 0) {
        self.layout = layout
        self.weights = weights
        self.settings = settings
        self.restRotation = rotation
    }

    /// When the current spin comes to rest (nil before the first spin).
    public var endTime: Double? { currentSpin?.endTime }

    /// True while a spin is under way at `t` (from its start, inclusive, to its end, exclusive).
    public func isSpinning(at t: Double) -> Bool {
        guard let spin = currentSpin else { return false }
        return t >= spin.startTime && t < spin.endTime
    }

    /// Starts a spin at time `t` onto `index`, or onto a slice drawn at random by weight from `rng`.
    /// Returns false, changing nothing, if a spin is under way at `t` — or if `t` is before the current
    /// spin's end at all (a clock that ran backwards): a request while spinning is ignored, never queued.
    /// Throws for a non-finite `t`, invalid settings or weights, or an index out of range or without area.
    /// A `flick` turns the wheel its way, as hard as it was thrown (`SpinPlan.flick`), onto the same target.
    @discardableResult
    public mutating func spin(at t: Double, to index: Int? = nil, flick: Flick? = nil,
                              using rng: inout some RandomNumberGenerator) throws(MotionError) -> Bool {
        guard t.isFinite else { throw .invalidTime(t) }
        if let spin = currentSpin, t < spin.endTime { return false }
        try settings.validate()
        let start = currentSpin?.endRotation ?? restRotation
        guard start.isFinite else { throw .invalidRotation(start) }
        let target: Int
        if let index {
            guard layout.sweeps.indices.contains(index) else { throw .indexOutOfRange(index: index, count: layout.count) }
            target = index
        } else if weights.isEmpty {
            target = try WeightedChoice.index(weights: Array(repeating: 1, count: layout.count), using: &rng)
        } else {
            guard weights.count == layout.count else { throw .weightCountMismatch(weights: weights.count, slices: layout.count) }
            target = try WeightedChoice.index(weights: weights, using: &rng)
        }
        guard layout.sweeps[target] > 0 else { throw .sliceHasNoArea(index: target) }
        let plan: SpinPlan
        if let flick {
            plan = try SpinPlan.flick(flick, settings: settings, layout: layout, target: target, from: start, at: t, using: &rng)
        } else {
            plan = try SpinPlan.make(settings: settings, layout: layout, target: target, from: start, at: t, using: &rng)
        }
        previousResult = currentSpin?.target
        restRotation = start
        currentSpin = plan
        return true
    }

    /// Starts a spin at time `t` that comes to rest at exactly `end` (a recorded draw's rotation, shown
    /// again), from where the wheel rests moved by whole turns (see SpinToRotation.swift): the slice
    /// under the pointer at `end` is the result. Returns false, changing nothing, as `spin(at:to:using:)`
    /// does while a spin is under way. Throws for a non-finite `t` or `end`, invalid settings, or a
    /// landing slice without area.
    @discardableResult
    public mutating func spin(at t: Double, endingAt end: Double) throws(MotionError) -> Bool {
        guard t.isFinite else { throw .invalidTime(t) }
        guard end.isFinite else { throw .invalidRotation(end) }
        if let spin = currentSpin, t < spin.endTime { return false }
        try settings.validate()
        let start = currentSpin?.endRotation ?? restRotation
        guard start.isFinite else { throw .invalidRotation(start) }
        let plan = try SpinPlan.make(settings: settings, layout: layout, from: start, at: t, endingAt: end)
        previousResult = currentSpin?.target
        restRotation = plan.startRotation
        currentSpin = plan
        return true
    }

    /// `spin(at:to:using:)` with the system's random number generator.
    @discardableResult
    public mutating func spin(at t: Double, to index: Int? = nil) throws(MotionError) -> Bool {
        var rng = SystemRandomNumberGenerator()
        return try spin(at: t, to: index, using: &rng)
    }

    /// Replaces the slices (and their weights) while the wheel is at rest at `t`; the wheel keeps its
    /// rotation and becomes idle (the last result belonged to the old slices). Throws `.busySpinning` if a
    /// spin is under way at `t`.
    public mutating func replaceLayout(_ layout: SliceLayout, weights: [Double] = [], at t: Double) throws(MotionError) {
        guard t.isFinite else { throw .invalidTime(t) }
        if let spin = currentSpin, t < spin.endTime { throw .busySpinning }
        restRotation = rotation(at: t)
        currentSpin = nil
        previousResult = nil
        self.layout = layout
        self.weights = weights
    }

    /// New weights for the same slices (an entry sold out or back): the layout, rotation and any spin
    /// stay. Throws `.weightCountMismatch` unless there is one weight per slice.
    public mutating func replaceWeights(_ weights: [Double]) throws(MotionError) {
        guard weights.isEmpty || weights.count == layout.count else {
            throw .weightCountMismatch(weights: weights.count, slices: layout.count)
        }
        self.weights = weights
    }

    /// Cumulative rotation in radians clockwise at `t`. Exactly the planned final rotation from `endTime` on.
    public func rotation(at t: Double) -> Double {
        guard let spin = currentSpin, t >= spin.startTime else { return restRotation }
        guard t < spin.endTime else { return spin.endRotation }
        return spin.motion.value(at: t - spin.startTime)
    }

    /// Angular velocity in radians per second at `t`; 0 at rest. (Roulette's curve leaves its start
    /// vertically: +∞ at exactly its start time, finite just after.)
    public func angularVelocity(at t: Double) -> Double {
        guard let spin = currentSpin, t >= spin.startTime, t < spin.endTime else { return 0 }
        return spin.motion.velocity(at: t - spin.startTime)
    }

    public func phase(at t: Double) -> SpinPhase {
        guard let spin = currentSpin else { return .idle }
        if t < spin.startTime { return previousResult.map { .stopped(index: $0) } ?? .idle }
        if t < spin.endTime {
            let motion = spin.motion
            return .spinning(motion.animations[motion.animationIndex(at: t - spin.startTime)].name)
        }
        return .stopped(index: result(ofSpin: spin))
    }

    /// The landed slice once stopped at `t`, else nil.
    public func result(at t: Double) -> Int? {
        if case .stopped(let index) = phase(at: t) { return index }
        return nil
    }

    /// The slice under the pointer at `t` (what the room sees, at rest or not).
    public func index(underPointerAt t: Double) -> Int { layout.index(underPointerAt: rotation(at: t)) }

    // The result is read from the final angle, by the renderer's formula; planning made it the target.
    private func result(ofSpin spin: SpinPlan) -> Int { layout.index(underPointerAt: spin.endRotation) }
}
