// Where each slice of a wheel lies, and which slice is under the pointer: the one formula that both
// the renderer and the spin planner use, so the reported result is always the slice the room sees.
// Angles are radians measured clockwise from 12 o'clock in the wheel's own frame ("wheel-local");
// a wheel turned by `rotation` radians clockwise shows wheel-local angle a at screen angle
// a + rotation from 12 o'clock. (Screen angles in Raster's convention are then a + rotation − π/2.)
// The pointer is fixed at 12 o'clock.

public struct SliceLayout: Sendable, Equatable {
    /// Where slice 0 sits when the wheel is at rotation 0.
    public enum Origin: Sendable, Equatable {
        /// Slice 0 centred at 12 o'clock (seed 000's SpinWheelView).
        case centeredAtTop
        /// Slice 0 starting at 12 o'clock and running clockwise (seed 002's numbered roulette).
        case startingAtTop
    }

    /// Wheel-local start of each slice; slice i spans [starts[i], starts[i] + sweeps[i]).
    public let starts: [Double]
    public let sweeps: [Double]
    public var count: Int { sweeps.count }

    /// Slices for `weights` (one per item): equal slices, or slices ∝ weight with `sizeByWeight`.
    /// Returns nil for no items, or (with `sizeByWeight`) weights that are not finite, negative or all zero.
    public init?(weights: [Double], sizeByWeight: Bool = false, origin: Origin = .centeredAtTop) {
        guard !weights.isEmpty else { return nil }
        let full = 2 * Double.pi
        var sweeps: [Double]
        if sizeByWeight {
            guard weights.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
            // Divided by the largest weight first, so huge weights cannot overflow the sum.
            guard let largest = weights.max(), largest > 0, largest.isFinite else { return nil }
            let scaled = weights.map { $0 / largest }
            let total = scaled.reduce(0, +)
            sweeps = scaled.map { full * ($0 / total) }
        } else {
            sweeps = Array(repeating: full / Double(weights.count), count: weights.count)
        }
        var starts: [Double] = []
        starts.reserveCapacity(sweeps.count)
        var a = origin == .centeredAtTop ? -sweeps[0] / 2 : 0
        for s in sweeps { starts.append(a); a += s }
        self.starts = starts
        self.sweeps = sweeps
    }

    /// Equal slices for `count` items.
    public init?(count: Int, origin: Origin = .centeredAtTop) {
        guard count > 0, count <= 1_000_000 else { return nil }
        self.init(weights: Array(repeating: 1, count: count), origin: origin)
    }

    public func midAngle(of index: Int) -> Double { starts[index] + sweeps[index] / 2 }

    /// The slice under the pointer when the wheel is turned `rotation` radians clockwise
    /// (any value, cumulative over many spins; NaN or infinite gives slice 0).
    public func index(underPointerAt rotation: Double) -> Int {
        guard rotation.isFinite else { return 0 }
        // The wheel-local angle now at 12 o'clock, measured from slice 0's start, in [0, 2π).
        let full = 2 * Double.pi
        var local = (-rotation - starts[0]).truncatingRemainder(dividingBy: full)
        if local < 0 { local += full }
        if local >= full { local = 0 }
        // Binary search over cumulative ends (equal slices are the common case, but weights need this).
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if local < starts[mid] - starts[0] + sweeps[mid] { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The rotation in [0, 2π) that brings wheel-local angle `angle` under the pointer.
    public func rotation(bringingToPointer angle: Double) -> Double {
        let full = 2 * Double.pi
        var r = (-angle).truncatingRemainder(dividingBy: full)
        if r < 0 { r += full }
        if r >= full { r = 0 }
        return r
    }
}
