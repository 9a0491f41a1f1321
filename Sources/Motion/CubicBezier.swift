// Cubic Bézier timing curves from (0,0) to (1,1), as CSS `cubic-bezier()` and CAMediaTimingFunction.
// Input is normalised time x in [0, 1] (clamped: an animation's local time before or after it runs);
// output is progress y. Solved like WebKit's UnitBezier: a few Newton steps on x(s) = x, then bisection on
// the curve parameter s, to |s − s*| ≤ 1e-12, so the progress error is ≤ 3e-12 even where the curve is steep.

public struct CubicBezier: Sendable, Equatable, CustomStringConvertible {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// A curve through control points (x1, y1) and (x2, y2). x1 and x2 must lie in [0, 1] (otherwise the
    /// curve is not a function of time); y1 and y2 may overshoot but must be finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(MotionError) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
            throw .invalidControlPoints(x1: x1, y1: y1, x2: x2, y2: y2)
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    // Core Animation's named timing functions.
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    public static let `default` = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
    /// Seed 002's roulette: fast start, long settle. It leaves (0,0) vertically: infinite slope at x = 0.
    public static let roulette = CubicBezier(unchecked: 0, 0.9, 0.4, 1)

    public static let presets: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default), ("roulette", .roulette),
    ]

    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    /// Progress at normalised time `x` (clamped to [0, 1]; NaN counts as 0).
    public func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return sampleY(parameter(forX: x))
    }

    /// d(progress)/d(normalised time) at `x`. At a vertical tangent (x1 = 0 < y1 at x = 0) this is +∞.
    public func slope(at x: Double) -> Double {
        let s = x > 0 ? (x < 1 ? parameter(forX: x) : 1) : 0
        let dx = derivativeX(s), dy = derivativeY(s)
        if dx == 0 { return dy == 0 ? slopeAtDegenerateEnd(s) : (dy > 0 ? .infinity : -.infinity) }
        return dy / dx
    }

    // Both derivatives vanish only at an end whose control point coincides with it (e.g. linear's (0,0)
    // and (1,1) are control points too): the limit there is the ratio of the second derivatives.
    private func slopeAtDegenerateEnd(_ s: Double) -> Double {
        let ddx = 6 * ax * s + 2 * bx, ddy = 6 * ay * s + 2 * by
        return ddx == 0 ? 1 : ddy / ddx
    }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func derivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    private func derivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s in [0, 1] with x(s) = x. x(s) is non-decreasing because x1, x2 ∈ [0, 1].
    private func parameter(forX x: Double) -> Double {
        // Newton from s = x: accepted only when the step itself is tiny and the curve is not flat in x,
        // which bounds the parameter error by about the step size.
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            let d = derivativeX(s)
            guard abs(d) > 1e-6 else { break }
            let step = error / d
            s -= step
            guard (0...1).contains(s) else { break }
            if abs(step) < 1e-13 { return s }
        }
        // Bisection: always converges; 43 halvings take [0, 1] below 1e-12.
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if sampleX(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
