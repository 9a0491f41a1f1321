// The soft shadow the shipped ring casts inward onto the slices: black whose opacity grows as
// 0.55·s² across a band 6 % of the ring's radius wide, up to the ring's inner edge. It depends only
// on the distance from the wheel's centre, so it looks the same at every rotation: its opacity per
// pixel is computed once per frame size, and a frame only darkens the pixels under it. Baked into
// the ring image it was a quarter of the pixels resampled every frame of a spin.
import Raster

struct RimShadow {
    /// Per row of the band: its first pixel, the pixel after its last, and where its opacities
    /// start in `alpha`. A row through the band's hole has two spans.
    private var spans: [(y: Int32, x0: Int32, x1: Int32, start: Int32)] = []
    private var alpha: [UInt8] = []

    static let strength = 0.55
    /// The band's width as a fraction of the ring's radius (the ring image's half side).
    static let widthFraction = 0.06

    /// The shadow inside a ring whose inner edge is at `edge` px from `center`, `width` px wide.
    init(center: Point, edge: Double, width: Double) {
        guard edge > 0, width > 0 else { return }
        let outer = edge + 0.5, inner = max(0, edge - width)
        for y in Int((center.y - outer).rounded(.down))...Int((center.y + outer).rounded(.up)) {
            let dy = Double(y) + 0.5 - center.y
            guard abs(dy) < outer else { continue }
            let reach = (outer * outer - dy * dy).squareRoot()
            let x0 = Int((center.x - reach).rounded(.down)), x1 = Int((center.x + reach).rounded(.up))
            // Pixels well inside the hole have no shadow: the row's walk jumps over them.
            let hole = abs(dy) < inner ? (inner * inner - dy * dy).squareRoot() : 0
            let holeStart = Int((center.x - hole).rounded(.up)), holeEnd = Int((center.x + hole).rounded(.down))
            var spanStart: Int?
            var x = x0 - 1
            while x < x1 {
                x += 1
                if x == holeStart && holeStart < holeEnd {
                    if let start = spanStart {
                        spans.append((Int32(y), Int32(start), Int32(x), Int32(alpha.count - (x - start))))
                        spanStart = nil
                    }
                    x = holeEnd - 1
                    continue
                }
                let dx = Double(x) + 0.5 - center.x
                let r = (dx * dx + dy * dy).squareRoot()
                var a: UInt8 = 0
                if r < outer, r > inner {
                    let s = (r - inner) / width
                    a = UInt8(min(255, (RimShadow.strength * s * s * 255).rounded()))
                }
                if a != 0 {
                    if spanStart == nil { spanStart = x }
                    alpha.append(a)
                } else if let start = spanStart {
                    spans.append((Int32(y), Int32(start), Int32(x), Int32(alpha.count - (x - start))))
                    spanStart = nil
                }
            }
            if let start = spanStart {
                spans.append((Int32(y), Int32(start), Int32(x1 + 1), Int32(alpha.count - (x1 + 1 - start))))
            }
        }
    }

    /// Darkens the pixels under the shadow inside `canvas`'s clip (black source-over).
    func draw(in canvas: Canvas) {
        let area = canvas.clip.intersection(canvas.pixmap.bounds)
        guard !area.isEmpty else { return }
        let stride = canvas.pixmap.stride
        alpha.withUnsafeBufferPointer { shade in
            canvas.pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
                for span in spans {
                    let y = Int(span.y)
                    guard y >= area.y, y < area.maxY else { continue }
                    let x0 = max(Int(span.x0), area.x), x1 = min(Int(span.x1), area.maxX)
                    guard x0 < x1 else { continue }
                    var k = Int(span.start) + x0 - Int(span.x0)
                    var i = y * stride + x0
                    let end = y * stride + x1
                    let out = pixels.baseAddress!, from = shade.baseAddress!
                    while i + 4 <= end {
                        let p = UnsafeRawPointer(out + i).loadUnaligned(as: SIMD4<UInt32>.self)
                        let f = SIMD4<UInt32>(repeating: 255) &- SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(from + k).loadUnaligned(as: SIMD4<UInt8>.self))
                        UnsafeMutableRawPointer(out + i).storeBytes(of: RimShadow.scale4(p, by: f), as: SIMD4<UInt32>.self)
                        i += 4; k += 4
                    }
                    while i < end {
                        out[i] = scalePixel(out[i], by: 255 - UInt32(from[k]))
                        i += 1; k += 1
                    }
                }
            }
        }
    }

    /// `scalePixel` for four pixels, bit for bit: each channel x·f/255 rounded as (y + y>>8)>>8 with
    /// y = x·f + 128, in 16-bit lanes (255·255 + 128 + 254 fits), which every SIMD unit multiplies natively.
    @inline(__always)
    static func scale4(_ p: SIMD4<UInt32>, by f: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        let f16 = unsafeBitCast(f | (f &<< 16), to: SIMD8<UInt16>.self)
        let half = SIMD8<UInt16>(repeating: 128)
        var rb = unsafeBitCast(p & m, to: SIMD8<UInt16>.self) &* f16 &+ half
        var ag = unsafeBitCast((p &>> 8) & m, to: SIMD8<UInt16>.self) &* f16 &+ half
        rb = (rb &+ (rb &>> 8)) &>> 8
        ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
        return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
    }
}
