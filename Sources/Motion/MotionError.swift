// Every way Motion rejects its input. Nothing in Motion traps on values a user (config, CLI) can supply;
// each case says what was wrong and carries the offending value.

public enum MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidControlPoints(x1: Double, y1: Double, x2: Double, y2: Double)
    case invalidDuration(Double)
    case invalidTurns(Double)
    case invalidTime(Double)
    case invalidRotation(Double)
    case invalidFrameRate(Double)
    case emptySequence
    case indexOutOfRange(index: Int, count: Int)
    case weightCountMismatch(weights: Int, slices: Int)
    case invalidWeight(index: Int, value: Double)
    case weightsSumToZero
    case sliceHasNoArea(index: Int)
    case busySpinning

    public var description: String {
        switch self {
        case let .invalidControlPoints(x1, y1, x2, y2):
            return "cubic-bezier(\(x1), \(y1), \(x2), \(y2)): control points must be finite and x1, x2 in [0, 1]"
        case .invalidDuration(let d): return "duration \(d): must be a finite number of seconds in (0, 600]"
        case .invalidTurns(let n): return "turns \(n): must be a finite number in [0, 1000]"
        case .invalidTime(let t): return "time \(t): must be finite"
        case .invalidRotation(let r): return "rotation \(r): must be finite"
        case .invalidFrameRate(let f): return "fps \(f): must be a finite number in (0, 1000]"
        case .emptySequence: return "an animation sequence needs at least one animation"
        case let .indexOutOfRange(i, n): return "index \(i) is out of range: the wheel has \(n) slices (0…\(n - 1))"
        case let .weightCountMismatch(w, s): return "\(w) weights for \(s) slices: give one weight per slice (or none)"
        case let .invalidWeight(i, v): return "weight \(v) at index \(i): weights must be finite and not negative"
        case .weightsSumToZero: return "all weights are zero: at least one item must be able to win"
        case .sliceHasNoArea(let i): return "slice \(i) has no area on the wheel, so the pointer can never stop on it"
        case .busySpinning: return "the wheel is spinning: its slices can change only when it is at rest"
        }
    }
}
