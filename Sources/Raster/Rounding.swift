// Doubles to integers without a libm call or a range check, for per-pixel and per-edge paths:
// `rounded()` is a libm call on x86-64's baseline and `Int(_: Double)` three range checks (traps).
// Every caller's values are small and finite; out-of-range input gives a wrong number, never a trap.

/// 1.5·2⁵²: added to |v| < 2⁵¹, it leaves v rounded (ties to even) in the low mantissa bits.
private let integerMagic = 6755399441055744.0

/// `v` rounded to the nearest integer (ties to even), for |v| < 2⁵¹.
@inline(__always) func roundToInt(_ v: Double) -> Int {
    Int(truncatingIfNeeded: (v + integerMagic).bitPattern &- integerMagic.bitPattern)
}

/// `roundToInt` of two lanes at once (the same sum and bits in each).
@inline(__always) func roundToInt(_ v: SIMD2<Double>) -> SIMD2<Int64> {
    let magic = SIMD2<Double>(repeating: integerMagic)
    return unsafeBitCast(v + magic, to: SIMD2<Int64>.self) &- unsafeBitCast(magic, to: SIMD2<Int64>.self)
}

/// The largest integer ≤ `v`, for |v| < 2⁵¹.
@inline(__always) func floorToInt(_ v: Double) -> Int {
    let r = roundToInt(v)
    return Double(r) > v ? r &- 1 : r
}

/// The smallest integer ≥ `v`, for |v| < 2⁵¹.
@inline(__always) func ceilToInt(_ v: Double) -> Int {
    let r = roundToInt(v)
    return Double(r) < v ? r &+ 1 : r
}
