// When each slice is drawn: seed 004's strokeEnd animations played back to back, one per slice,
// linear, each lasting its share of `duration` (seconds). Built on Motion's AnimationSequence.
// Slices with nothing to draw (value 0, or a share too small to last any time) get no animation:
// their start and end are the moment the slice before them ends. Times are seconds since the draw began.
// AnimationSequence completes at exactly `duration` because every boundary time is on an exact grid.
import Motion

struct PieTimeline: Equatable {
    /// Exactly the configured duration when any slice is drawn.
    let duration: Double
    /// starts[k] ≤ ends[k]: when slice k begins and finishes drawing (equal for a slice of nothing).
    let starts: [Double]
    let ends: [Double]
    /// The sequence position of each slice's animation, nil for a slice of nothing.
    let animationIndex: [Int?]
    let sequence: AnimationSequence?

    /// `boundaries` are PieShares' cumulative fractions (first 0, last 1).
    init(boundaries: [Double], duration: Double) {
        // Boundary times are put on the grid of duration.ulp: every multiple of it up to `duration`
        // is a Double, so the differences below and AnimationSequence's running sums of them are
        // exact, and the sequence completes at exactly `duration` (nudging the last slice's duration
        // instead cannot always work: 0.699… + d lands on either side of 1.7 but never on it).
        let grid = duration.ulp
        let times = boundaries.map { b in min(duration, max(0, (duration * b / grid).rounded() * grid)) }
        var durations: [Double] = []
        var index: [Int?] = []
        for k in 0..<max(0, times.count - 1) {
            let d = (k == times.count - 2 ? duration : times[k + 1]) - times[k]
            if d > 0 { index.append(durations.count); durations.append(d) } else { index.append(nil) }
        }
        let animations = durations.enumerated().map { i, d in Animation(name: "slice \(i)", from: 0, to: 1, duration: d) }
        sequence = try? AnimationSequence(animations)
        self.duration = sequence?.duration ?? 0
        animationIndex = index

        var starts: [Double] = [], ends: [Double] = []
        var clock = 0.0
        for i in index {
            if let i, let sequence {
                clock = sequence.startTimes[i]
                starts.append(clock)
                clock = i + 1 < sequence.startTimes.count ? sequence.startTimes[i + 1] : sequence.duration
                ends.append(clock)
            } else {
                starts.append(clock); ends.append(clock)
            }
        }
        self.starts = starts
        self.ends = ends
    }

    /// How much of slice k is drawn `t` seconds after the draw began: 0 before it starts, rising
    /// linearly, exactly 1 from its end on (and 0 forever for a slice of nothing).
    func progress(of k: Int, at t: Double) -> Double {
        guard let i = animationIndex[k], let sequence else { return 0 }
        if t >= ends[k] { return 1 }
        if t < starts[k] { return 0 }
        return sequence.animations[i].value(at: t - sequence.startTimes[i])
    }

    func isComplete(at t: Double) -> Bool { t >= duration }
}
