// When slice boundaries pass the pointer: the instants a spin's tick sounds. Computed from the same
// `rotation(at:)` the picture is drawn from, so sound and picture cannot drift apart. Rotation moves
// one way during a spin (it grows, or falls for a wheel flicked anticlockwise); each boundary's
// crossing is found by bisection on it to within a microsecond.

extension Spinner {
    /// The times in [t0, t1) at which a slice boundary passes the pointer, in order, appended to
    /// `times` (which keeps its capacity: a host calls this every audio chunk). At most `limit`
    /// are appended (a huge wheel at full speed passes thousands of boundaries a second).
    public func pointerCrossings(from t0: Double, to t1: Double, into times: inout [Double], limit: Int = 512) {
        guard let spin = currentSpin, t0.isFinite, t1.isFinite else { return }
        let a = max(t0, spin.startTime), b = min(t1, spin.endTime)
        guard a < b, layout.count > 1 else { return }
        let r0 = rotation(at: a), r1 = rotation(at: b)
        guard r1 != r0 else { return }
        guard r1 > r0 else { return backwardCrossings(from: t0, a: a, b: b, into: &times, limit: limit) }
        // In pointer-local terms u = −rotation − starts[0]: u falls as the wheel turns; a boundary
        // passes when u reaches starts[i] − starts[0] + 2πk. Walk those values from u(a) down to u(b).
        let full = 2 * Double.pi
        let base = layout.starts[0]
        let u0 = -r0 - base, u1 = -r1 - base
        var turn = (u0 / full).rounded(.down)
        // Offsets of the boundaries within a turn, highest first: start with the highest ≤ u0 − turn·2π.
        var i = layout.count - 1
        while i >= 0 && layout.starts[i] - base > u0 - turn * full { i -= 1 }
        if i < 0 { turn -= 1; i = layout.count - 1 }
        var appended = 0
        while appended < limit {
            let u = layout.starts[i] - base + turn * full
            guard u > u1 else { break }
            if u < u0 || (u == u0 && a == t0) {   // a boundary exactly at t0 counts once, in this window
                let target = -u - base
                var lo = a, hi = b
                for _ in 0..<48 where hi - lo > 1e-7 {
                    let mid = (lo + hi) / 2
                    if rotation(at: mid) < target { lo = mid } else { hi = mid }
                }
                times.append(hi)
                appended += 1
            }
            i -= 1
            if i < 0 { i = layout.count - 1; turn -= 1 }
        }
    }

    /// `pointerCrossings` for a spin turning anticlockwise (rotation falling from `a` to `b`): u rises,
    /// so the boundaries are walked upwards from u(a).
    private func backwardCrossings(from t0: Double, a: Double, b: Double, into times: inout [Double], limit: Int) {
        let full = 2 * Double.pi
        let base = layout.starts[0]
        let u0 = -rotation(at: a) - base, u1 = -rotation(at: b) - base
        var turn = (u0 / full).rounded(.down)
        // The lowest boundary ≥ u0.
        var i = 0
        while i < layout.count && layout.starts[i] - base + turn * full < u0 { i += 1 }
        if i == layout.count { turn += 1; i = 0 }
        var appended = 0
        while appended < limit {
            let u = layout.starts[i] - base + turn * full
            guard u < u1 else { break }
            if u > u0 || (u == u0 && a == t0) {
                let target = -u - base
                var lo = a, hi = b
                for _ in 0..<48 where hi - lo > 1e-7 {
                    let mid = (lo + hi) / 2
                    if rotation(at: mid) > target { lo = mid } else { hi = mid }
                }
                times.append(hi)
                appended += 1
            }
            i += 1
            if i == layout.count { i = 0; turn += 1 }
        }
    }
}
