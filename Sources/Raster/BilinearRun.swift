// A run of fully covered pixels sampled bilinearly and drawn source-over, four pixels at a time:
// the hot loop of a rotated image (a wheel's ring). Pixels are premultiplied ARGB8888, sample
// positions 16.16 fixed point; the results equal `BilinearSampler.sampleInside` then `sourceOver`,
// pixel for pixel, because every channel is the same floor((a·(256 − t) + b·t) / 256) and the
// same Blinn-rounded scale, computed in 16-bit lanes (the widest multiply baseline x86-64 and NEON share).

extension BilinearSampler {
    /// Whether `blendRunInside` can draw from this image: positions inside it (below 2¹⁵ px, so
    /// 2³¹ in 16.16) and texel indices (y · stride + x, at most 2³⁰) fit its 32-bit lanes.
    var fitsNarrowLanes: Bool {
        width < 1 << 15 && height < 1 << 15 && stride * height <= 1 << 30
    }

    /// Samples at (u, v) + k·(du, dv) for k in 0..<count, drawn source-over onto `out[k]`.
    /// Both ends of the run (so every sample on it) must satisfy `contains`, and `fitsNarrowLanes` must hold.
    @inline(__always)
    func blendRunInside(_ out: UnsafeMutablePointer<UInt32>, count: Int, u: Int, v: Int, du: Int, dv: Int) {
        guard let texels = pixels.baseAddress else { return }
        var k = 0
        if count >= 4 {
            // Positions and texel indices in 32-bit lanes (inside the image they fit, and wrapping
            // steps stay exact): a 64-bit lane multiply is emulated on baseline x86-64.
            let lane = SIMD4<Int32>(0, 1, 2, 3)
            let du32 = Int32(truncatingIfNeeded: du), dv32 = Int32(truncatingIfNeeded: dv)
            var u4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ lane &* du32
            var v4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ lane &* dv32
            let du4 = SIMD4<Int32>(repeating: du32 &* 4), dv4 = SIMD4<Int32>(repeating: dv32 &* 4)
            let stride32 = Int32(truncatingIfNeeded: stride)
            let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
            let below = texels + stride
            let groups = count & ~3
            while k < groups {
                // Indices are non-negative: as UInt32 they widen to Int for free.
                let index = SIMD4<UInt32>(truncatingIfNeeded: (v4 &>> 16) &* stride32 &+ (u4 &>> 16))
                let i0 = Int(index[0]), i1 = Int(index[1]), i2 = Int(index[2]), i3 = Int(index[3])
                // Each sample's two horizontal neighbours come in one 64-bit load per row.
                let top01 = pairs(texels, i0, i1), top23 = pairs(texels, i2, i3)
                let bottom01 = pairs(below, i0, i1), bottom23 = pairs(below, i2, i3)
                let s = BilinearSampler.blend4(SIMD4(top01[0], top01[2], top23[0], top23[2]),
                                               SIMD4(top01[1], top01[3], top23[1], top23[3]),
                                               SIMD4(bottom01[0], bottom01[2], bottom23[0], bottom23[2]),
                                               SIMD4(bottom01[1], bottom01[3], bottom23[1], bottom23[3]),
                                               tx: BilinearSampler.fractions(u4), ty: BilinearSampler.fractions(v4))
                let target = UnsafeMutableRawPointer(out + k)
                if s & opaque == opaque {
                    target.storeBytes(of: s, as: SIMD4<UInt32>.self)
                } else {
                    let d = UnsafeRawPointer(target).loadUnaligned(as: SIMD4<UInt32>.self)
                    target.storeBytes(of: BilinearSampler.sourceOver4(s, d), as: SIMD4<UInt32>.self)
                }
                u4 &+= du4; v4 &+= dv4; k &+= 4
            }
        }
        while k < count {
            let s = sampleInside(u &+ du &* k, v &+ dv &* k)
            if s != 0 { out[k] = sourceOver(s, out[k]) }
            k &+= 1
        }
    }

    /// Texels a, a + 1, b, b + 1 from `row`.
    @inline(__always)
    private func pairs(_ row: UnsafePointer<UInt32>, _ a: Int, _ b: Int) -> SIMD4<UInt32> {
        SIMD4(lowHalf: UnsafeRawPointer(row + a).loadUnaligned(as: SIMD2<UInt32>.self),
              highHalf: UnsafeRawPointer(row + b).loadUnaligned(as: SIMD2<UInt32>.self))
    }

    /// The 0…255 fractions of four 16.16 positions, each in both 16-bit halves of its lane.
    @inline(__always)
    static func fractions(_ p: SIMD4<Int32>) -> SIMD8<UInt16> {
        // A lane-local 16-bit shuffle (pshuflw/pshufhw, trn1) instead of masks and shifts.
        let w = unsafeBitCast(p, to: SIMD8<UInt16>.self)
        return SIMD8(w[0], w[0], w[2], w[2], w[4], w[4], w[6], w[6]) &>> 8
    }

    /// The bilinear blend of four samples from their texels (p00 p01 above p10 p11) and
    /// fractions 0…255 (as from `fractions`).
    @inline(__always)
    static func blend4(_ p00: SIMD4<UInt32>, _ p01: SIMD4<UInt32>, _ p10: SIMD4<UInt32>, _ p11: SIMD4<UInt32>,
                       tx: SIMD8<UInt16>, ty: SIMD8<UInt16>) -> SIMD4<UInt32> {
        // Each 32-bit pixel as two 16-bit lanes: blue and red (rb), green and alpha (ag), one
        // channel per lane in its low byte, so a·(256 − t) + b·t ≤ 255·256 never carries.
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let sx = SIMD8<UInt16>(repeating: 256) &- tx, sy = SIMD8<UInt16>(repeating: 256) &- ty
        let a = lanes(p00), b = lanes(p01), c = lanes(p10), d = lanes(p11)
        let topRB = ((a & low) &* sx &+ (b & low) &* tx) &>> 8, topAG = ((a &>> 8) &* sx &+ (b &>> 8) &* tx) &>> 8
        let bottomRB = ((c & low) &* sx &+ (d & low) &* tx) &>> 8, bottomAG = ((c &>> 8) &* sx &+ (d &>> 8) &* tx) &>> 8
        let rb = (topRB &* sy &+ bottomRB &* ty) &>> 8
        let ag = (topAG &* sy &+ bottomAG &* ty) & SIMD8<UInt16>(repeating: 0xFF00)
        return unsafeBitCast(rb | ag, to: SIMD4<UInt32>.self)
    }

    /// `sourceOver` in four lanes: s + d·(255 − sα)/255 with the same rounding, channel by channel.
    @inline(__always)
    static func sourceOver4(_ s: SIMD4<UInt32>, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let f = 255 &- (s &>> 24)
        let factor = lanes(f | f &<< 16), dst = lanes(d)
        // x·f + 128 + ((x·f + 128) >> 8) ≤ 65407: a 16-bit lane holds Blinn's rounding whole.
        let half = SIMD8<UInt16>(repeating: 0x80)
        let rbProduct = (dst & SIMD8<UInt16>(repeating: 0x00FF)) &* factor &+ half
        let agProduct = (dst &>> 8) &* factor &+ half
        let rb = (rbProduct &+ (rbProduct &>> 8)) &>> 8
        let ag = (agProduct &+ (agProduct &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
        return s &+ unsafeBitCast(rb | ag, to: SIMD4<UInt32>.self)
    }

    @inline(__always)
    private static func lanes(_ x: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(x, to: SIMD8<UInt16>.self)
    }
}
