// The 8-bit blend kernel: source-over in premultiplied ARGB8888 with exact rounding.
// Every product x·y/255 rounds to nearest (Blinn's (t + (t >> 8)) >> 8 with t = x·y + 128),
// two channels at a time in one 32-bit word (0x00FF00FF lanes cannot overflow into each other:
// 255·255 + 128 + 254 < 65536). A premultiplied source never pushes a channel past 255.

/// Every channel of `pixel` (alpha too) multiplied by `factor`/255, rounded to nearest.
@inline(__always)
public func scalePixel(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// `scalePixel` for four pixels, bit for bit: each channel x·f/255 rounded as (y + y>>8)>>8 with
/// y = x·f + 128, in 16-bit lanes (255·255 + 128 + 254 fits), which every SIMD unit multiplies natively.
@inline(__always)
func scalePixels(_ p: SIMD4<UInt32>, by f: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let f16 = unsafeBitCast(f | (f &<< 16), to: SIMD8<UInt16>.self)
    let half = SIMD8<UInt16>(repeating: 128)
    var rb = unsafeBitCast(p & m, to: SIMD8<UInt16>.self) &* f16 &+ half
    var ag = unsafeBitCast((p &>> 8) & m, to: SIMD8<UInt16>.self) &* f16 &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
    return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
}

/// `scalePixels` for eight pixels (one 256-bit register where the CPU has them).
@inline(__always)
func scalePixels(_ p: SIMD8<UInt32>, by f: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    let f16 = unsafeBitCast(f | (f &<< 16), to: SIMD16<UInt16>.self)
    let half = SIMD16<UInt16>(repeating: 128)
    var rb = unsafeBitCast(p & m, to: SIMD16<UInt16>.self) &* f16 &+ half
    var ag = unsafeBitCast((p &>> 8) & m, to: SIMD16<UInt16>.self) &* f16 &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    ag = (ag &+ (ag &>> 8)) & SIMD16<UInt16>(repeating: 0xFF00)
    return unsafeBitCast(rb, to: SIMD8<UInt32>.self) | unsafeBitCast(ag, to: SIMD8<UInt32>.self)
}

/// `source` over `destination`, both premultiplied: s + d·(255 − sα)/255 per channel.
@inline(__always)
public func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    source &+ scalePixel(destination, by: 255 &- (source >> 24))
}

/// `source` scaled by `coverage` (0…255, the fraction of the pixel a shape covers) over `destination`.
@inline(__always)
public func sourceOver(_ source: UInt32, coverage: UInt32, _ destination: UInt32) -> UInt32 {
    sourceOver(coverage == 255 ? source : scalePixel(source, by: coverage), destination)
}

/// How a fill's colour combines with what is already there.
public enum BlendMode: Sendable {
    /// The colour over the destination (Porter–Duff source-over): the normal mode.
    case sourceOver
    /// The colour added to the destination, each channel saturating at 255. Shapes that tile a
    /// region add up to exactly the region's coverage, so their shared edges leave no seam.
    case plus
}

/// Per-channel saturating sum of two pixels.
@inline(__always)
public func plusPixel(_ a: UInt32, _ b: UInt32) -> UInt32 {
    // Sum two 8-bit lanes in 9-bit room, then saturate each lane that carried.
    let rb = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
    let ag = ((a >> 8) & 0x00FF_00FF) &+ ((b >> 8) & 0x00FF_00FF)
    let rbSat = (rb | ((rb & 0x0100_0100) &- ((rb & 0x0100_0100) >> 8))) & 0x00FF_00FF
    let agSat = (ag | ((ag & 0x0100_0100) &- ((ag & 0x0100_0100) >> 8))) & 0x00FF_00FF
    return rbSat | agSat << 8
}

/// `plusPixel` for four pixels.
@inline(__always)
func plusPixels(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let x = unsafeBitCast(a, to: SIMD16<UInt8>.self), sum = x &+ unsafeBitCast(b, to: SIMD16<UInt8>.self)
    return unsafeBitCast(sum.replacing(with: 255, where: sum .< x), to: SIMD4<UInt32>.self)
}

/// `source` (premultiplied) scaled by `coverage` 0…255 and combined with `destination` by `mode`.
@inline(__always)
public func blend(_ source: UInt32, coverage: UInt32, _ destination: UInt32, mode: BlendMode) -> UInt32 {
    switch mode {
    case .sourceOver: return sourceOver(source, coverage: coverage, destination)
    case .plus: return plusPixel(coverage == 255 ? source : scalePixel(source, by: coverage), destination)
    }
}
