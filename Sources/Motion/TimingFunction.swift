// How an animation's progress (0 → 1) follows its normalised time (0 → 1): a cubic Bézier (CSS and Core
// Animation), or one of the two polynomial halves of the smooth spin, whose velocity is C¹ where they meet.
// Input is clamped to [0, 1]; progress(0) = 0 and progress(1) = 1 exactly.

public enum TimingFunction: Sendable, Equatable {
    case cubicBezier(CubicBezier)
    /// p(x) = 2x³ − x⁴. Speed p′ = 6x² − 4x³ starts at 0 with zero acceleration and ends at 2 (twice the
    /// mean speed) with zero acceleration: a smoothstep ramp of velocity, the spin-up of the smooth profile.
    case smoothStart
    /// p(x) = 1 − z⁴(5 − 3z)/2 with z = 1 − x. Speed p′ = z³(10 − 7.5z) starts at 2.5 with zero acceleration
    /// and falls to 0 with zero acceleration (z³ near rest): the long coast-down of the smooth profile.
    case smoothStop

    public static let linear = TimingFunction.cubicBezier(.linear)
    public static let easeIn = TimingFunction.cubicBezier(.easeIn)
    public static let easeOut = TimingFunction.cubicBezier(.easeOut)
    public static let easeInEaseOut = TimingFunction.cubicBezier(.easeInEaseOut)
    public static let `default` = TimingFunction.cubicBezier(.default)

    /// Progress at normalised time `x` (clamped to [0, 1]).
    public func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        switch self {
        case .cubicBezier(let curve): return curve.progress(at: x)
        case .smoothStart: return x * x * x * (2 - x)
        case .smoothStop:
            let z = 1 - x
            return 1 - z * z * z * z * (5 - 3 * z) / 2
        }
    }

    /// d(progress)/d(normalised time) at `x` (clamped to [0, 1]).
    public func slope(at x: Double) -> Double {
        let x = x.isNaN ? 0 : min(max(x, 0), 1)
        switch self {
        case .cubicBezier(let curve): return curve.slope(at: x)
        case .smoothStart: return x * x * (6 - 4 * x)
        case .smoothStop:
            let z = 1 - x
            return z * z * z * (10 - 7.5 * z)
        }
    }
}
