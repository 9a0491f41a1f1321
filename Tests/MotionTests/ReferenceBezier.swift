// An independent cubic Bézier solve for the tests: the Bernstein form, plain bisection on the curve
// parameter to 100 halvings (far below Double's resolution). Shares no code with Motion's CubicBezier.

func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if bernstein(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(y1, y2, (lo + hi) / 2)
}

/// Seed 000's curve in degrees, recomputed from the seed's numbers: three CABasicAnimations of
/// transform.rotation, each from 0, in a group; as a cumulative angle, begin 0→360 (1.5 s easeIn),
/// then 360 + (0→720) (2 s linear), then 1080 + (0→endAngle) (1.2 s easeOut), endAngle = slice·(count − index).
func seedClassicDegrees(at t: Double, count: Int, index: Int) -> Double {
    let endAngle = 360 / Double(count) * Double(count - index)
    switch t {
    case ..<0: return 0
    case ..<1.5: return 360 * referenceBezier(0.42, 0, 1, 1, at: t / 1.5)
    case ..<3.5: return 360 + 720 * (t - 1.5) / 2
    case ..<4.7: return 1080 + endAngle * referenceBezier(0, 0, 0.58, 1, at: (t - 3.5) / 1.2)
    default: return 1080 + endAngle
    }
}
