// The timer's arithmetic, apart from drawing: when it ran (TimerClock) and where a sequence of steps
// is after so many running seconds (TimerProgram). Times are scene seconds (t), durations seconds.
// Everything is a pure function of the stored times and t: the clock keeps the instants at which it
// started and stopped, never a running total, so any t can be asked about in any order.
import Raster

/// One step of a sequence ("Focus" for 1500 s in blue). `duration` is > 0 and finite once validated.
public struct TimerStep: Sendable, Equatable {
    public var label: String?
    public var duration: Double
    /// The progress ring's colour during this step (nil: the config's `progressColor`).
    public var color: Color?

    public init(label: String? = nil, duration: Double, color: Color? = nil) {
        self.label = label; self.duration = duration; self.color = color
    }
}

/// Where a program is after some running time.
public struct TimerPosition: Sendable, Equatable {
    /// Index into the program's steps.
    public var step: Int
    /// Completed passes through the whole sequence (only a repeating program passes 0).
    public var cycle: Int
    /// Seconds run within the step, 0 ≤ elapsed ≤ duration.
    public var elapsed: Double
    public var duration: Double
    /// A non-repeating program has run its last step to the end.
    public var finished: Bool

    /// Seconds left in the step.
    public var remaining: Double { max(0, duration - elapsed) }
    /// The elapsed fraction of the step, 0…1: the progress ring's trim end (seed 001's strokeEnd).
    public var progress: Double { duration > 0 ? min(1, max(0, elapsed / duration)) : 1 }
}

/// Steps that run one after another, optionally starting over after the last.
public struct TimerProgram: Sendable, Equatable {
    public let steps: [TimerStep]
    public let repeats: Bool
    /// Running time at which each step starts; `starts[steps.count]` is the total.
    let starts: [Double]

    /// `steps` must be non-empty with positive durations (TimerConfig validates them).
    public init(steps: [TimerStep], repeats: Bool) {
        self.steps = steps.isEmpty ? [TimerStep(duration: 60)] : steps
        self.repeats = repeats
        var sums = [0.0]
        for step in self.steps { sums.append((sums.last ?? 0) + step.duration) }
        starts = sums
    }

    /// Seconds for one pass through all steps.
    public var total: Double { starts[steps.count] }

    /// The step, and the time within it, after `running` seconds of running. A step ends exactly at
    /// its start + duration: at that instant the next step has begun (or the program has finished).
    public func position(afterRunning running: Double) -> TimerPosition {
        let last = steps.count - 1
        guard running > 0 else { return TimerPosition(step: 0, cycle: 0, elapsed: 0, duration: steps[0].duration, finished: false) }
        if !repeats, running >= total {
            return TimerPosition(step: last, cycle: 0, elapsed: steps[last].duration, duration: steps[last].duration, finished: true)
        }
        var cycle = 0
        var within = running
        if repeats, running >= total {
            // fmod is exact, so a step boundary lands on the same instant in every cycle.
            cycle = Int(min((running / total).rounded(.down), Double(Int32.max)))
            within = running.truncatingRemainder(dividingBy: total)
        }
        var index = 0
        while index < last, within >= starts[index + 1] { index += 1 }
        let elapsed = min(within - starts[index], steps[index].duration)
        return TimerPosition(step: index, cycle: cycle, elapsed: elapsed, duration: steps[index].duration, finished: false)
    }
}

/// When the timer ran: the instants at which it was started or resumed and paused, alternating, the
/// first a start. An odd count means it is running from the last instant on; none means it has not
/// started. Each input adds one instant, and a restart clears them, so the list stays short.
public struct TimerClock: Sendable, Equatable {
    public private(set) var toggles: [Double]

    /// Running from `startedAt`, or not started (nil).
    public init(startedAt: Double? = 0) {
        toggles = startedAt.map { [$0] } ?? []
    }

    /// Whether the timer runs at `t`.
    public func isRunning(at t: Double) -> Bool {
        var count = 0
        for instant in toggles where instant <= t { count += 1 }
        return count % 2 == 1
    }

    /// Seconds run from the start up to `t`: the sum of the running intervals cut at `t`.
    public func running(at t: Double) -> Double {
        var total = 0.0
        var i = 0
        while i < toggles.count {
            let start = toggles[i]
            guard start < t else { break }
            let end = i + 1 < toggles.count ? min(toggles[i + 1], t) : t
            total += end - start
            i += 2
        }
        return total
    }

    /// The t at which the running time reaches `target` seconds, or nil if it never does with the
    /// instants known now (paused before reaching it).
    public func time(whenRunningReaches target: Double) -> Double? {
        var before = 0.0
        var i = 0
        while i < toggles.count {
            let start = toggles[i]
            let length = i + 1 < toggles.count ? toggles[i + 1] - start : Double.infinity
            if before + length >= target { return start + (target - before) }
            before += length
            i += 2
        }
        return nil
    }

    /// Starts or resumes at `t` (nothing if running then). Instants never go backwards: an input
    /// older than the last one counts as happening at the last one.
    public mutating func resume(at t: Double) {
        let at = max(t, toggles.last ?? t)
        guard !isRunning(at: at) else { return }
        toggles.append(at)
    }

    /// Pauses at `t` (nothing if not running then).
    public mutating func pause(at t: Double) {
        let at = max(t, toggles.last ?? t)
        guard isRunning(at: at) else { return }
        toggles.append(at)
    }
}
