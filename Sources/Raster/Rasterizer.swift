// Exact-area anti-aliased fill of flattened contours (font-rs / stb_truetype v2): each edge adds
// the signed area it sweeps to the cells of the rows it crosses; a running sum along a row then
// gives every pixel's exact covered fraction. No supersampling. The accumulation buffer spans only
// the shape's clipped bounding box and each row only its touched chunks of 8 columns, so work
// follows the rows and spans the shape touches, never the whole pixmap. Buffers are kept between fills.

public enum FillRule: Sendable { case nonZero, evenOdd }

public final class Rasterizer {
    /// Signed area per cell, `stride` floats per row, for the current shape's box (+2 guard cells),
    /// and per row a bitmap of the chunks of 8 cells an edge touched (`words` 64-bit words per row). Raw memory
    /// grown on demand and kept; the hot loops work on a copy of these pointers, so they make no
    /// exclusivity checks or reference counting per edge, row or cell.
    private var cells = Cells(area: .allocate(capacity: 1), touched: .allocate(capacity: 1),
                              coverage: .allocate(capacity: 1),
                              box: PixelRect(x: 0, y: 0, width: 0, height: 0), stride: 0, words: 0)
    private var areaCapacity = 0, touchedCapacity = 0, coverageCapacity = 0
    private var box: PixelRect { cells.box }
    /// The clip's columns relative to the box: only these are emitted.
    private var emit = (lo: 0, hi: 0)

    deinit {
        cells.area.deallocate(); cells.touched.deallocate(); cells.coverage.deallocate()
    }

    public init() {}

    /// Fills `contours` (device px; open contours are closed implicitly) with `color` (premultiplied)
    /// into `pixmap`, clipped to `clip` and the pixmap.
    public func fill(_ contours: Polylines, rule: FillRule, color: UInt32, blend mode: BlendMode = .sourceOver,
                     clip: PixelRect, into pixmap: inout Pixmap) {
        guard color >> 24 != 0 || mode == .plus, color != 0 else { return }
        let stride = pixmap.stride, bounds = pixmap.bounds
        let opaque = color >> 24 == 255 && mode == .sourceOver
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            let out = dst.baseAddress!
            inBands(contours, clip: clip, bounds: bounds) { sweep(rule: rule) { y, x0, cov in
                let row = out + y * stride + x0
                var i = 0
                if mode == .sourceOver {
                    // Eight pixels at a time, then four, no branch per pixel: coverage 0 leaves a pixel as it was.
                    let source8 = SIMD8<UInt32>(repeating: color)
                    while i + 8 <= cov.count {
                        let c = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(cov.baseAddress! + i).loadUnaligned(as: SIMD8<UInt8>.self))
                        let s = scalePixels(source8, by: c)
                        let d = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(row + i).storeBytes(of: s &+ scalePixels(d, by: SIMD8(repeating: 255) &- (s &>> 24)),
                                                                    as: SIMD8<UInt32>.self)
                        i += 8
                    }
                    let source = SIMD4<UInt32>(repeating: color)
                    while i + 4 <= cov.count {
                        let c = SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(cov.baseAddress! + i).loadUnaligned(as: SIMD4<UInt8>.self))
                        let s = scalePixels(source, by: c)
                        let d = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(row + i).storeBytes(of: s &+ scalePixels(d, by: SIMD4(repeating: 255) &- (s &>> 24)),
                                                                    as: SIMD4<UInt32>.self)
                        i += 4
                    }
                }
                while i < cov.count {
                    let c = cov[i]
                    if c != 0 { row[i] = blend(color, coverage: UInt32(c), row[i], mode: mode) }
                    i += 1
                }
            } solid: { y, x0, x1 in
                let base = y * stride
                if opaque {
                    // Opaque interior: a plain store, at memset speed.
                    fillPixels(out + base + x0, color, x1 - x0)
                } else {
                    for i in (base + x0)..<(base + x1) { out[i] = blend(color, coverage: 255, out[i], mode: mode) }
                }
            } }
        }
    }

    /// Calls `span` for each row of coverage (the pixmap row, its first x, coverage 0…255 per pixel)
    /// and `solid` for runs of full coverage, within `clip`. For custom paint (images, masks).
    /// `bounds` is the whole drawable area (the pixmap's): see `accumulate` for why it matters.
    /// Spans may hold zeros and full coverage (a chunk an edge touched is handed out whole); runs of
    /// full coverage no edge touched go to `solid`.
    /// Inlined so the callers' closures are too: called per run, they cost as much as the sweep.
    @inline(__always)
    public func rasterize(_ contours: Polylines, rule: FillRule, clip: PixelRect, bounds: PixelRect,
                          span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                          solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        inBands(contours, clip: clip, bounds: bounds) { sweep(rule: rule, span: span, solid: solid) }
    }

    /// Rows accumulated and swept per pass: a band's cells (this many rows of the shape's width)
    /// stay in the cache, and the buffers never grow past one band however tall the shape.
    static let bandRows = 128

    /// Runs `body` (a sweep) once per band of `bandRows` rows of the shape inside the clip, the band's
    /// cells accumulated first. Coverage does not depend on the clip (see `accumulate`), so the
    /// bands give the pixels one pass would.
    @inline(__always)
    private func inBands(_ contours: Polylines, clip: PixelRect, bounds: PixelRect, _ body: () -> Void) {
        let area = clip.intersection(bounds)
        // The shape's box, found once for all its bands (a pass over every point).
        let shape = PixelRect(enclosing: contours.bounds)
        let rows = shape.intersection(area)
        guard !rows.isEmpty else { return }
        var y = rows.y
        while y < rows.maxY {
            let band = PixelRect(x: area.x, y: y, width: area.width, height: min(Rasterizer.bandRows, rows.maxY - y))
            accumulate(contours, shape: shape, clip: band, bounds: bounds)
            if !box.isEmpty { body() }
            y += Rasterizer.bandRows
        }
    }

    // MARK: Accumulation

    /// The box spans the shape's rows inside the clip but its columns inside the whole drawable
    /// `bounds`, and every row's arithmetic uses absolute coordinates: a pixel's coverage is then the
    /// same number whatever the clip, so a frame redrawn only inside a dirty rectangle equals a full
    /// redraw bit for bit. Columns outside the clip are summed but not emitted.
    private func accumulate(_ contours: Polylines, shape: PixelRect, clip: PixelRect, bounds: PixelRect) {
        var box = shape.intersection(PixelRect(x: bounds.x, y: clip.y, width: bounds.width, height: clip.height))
        emit = (clip.x - box.x, clip.maxX - box.x)
        if clip.isEmpty || shape.maxX <= clip.x || shape.x >= clip.maxX { box = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        cells.box = box
        guard !box.isEmpty else { return }
        // Whole chunks per row (the 2 guard cells included), so a chunk never reaches into the next row.
        cells.stride = (box.width + 2 + Rasterizer.chunk - 1) & ~(Rasterizer.chunk - 1)
        cells.words = ((cells.stride >> Rasterizer.chunkShift) + 63) >> 6
        reserve(area: cells.stride * box.height, touched: cells.words * box.height, columns: cells.stride)

        let target = cells
        // Edges wholly above or below the box's rows add nothing (most of a tall shape's edges, in
        // all but one band): skipped here, before the call.
        let top = Double(box.y), bottom = Double(box.maxY)
        contours.points.withUnsafeBufferPointer { points in
            for contour in contours.contours {
                let r = contour.range
                guard r.count >= 2 else { continue }
                var prev = points[r.upperBound - 1]   // every contour is filled closed
                for i in r {
                    let p = points[i]
                    if !((prev.y <= top && p.y <= top) || (prev.y >= bottom && p.y >= bottom)) { target.addEdge(prev, p) }
                    prev = p
                }
            }
        }
    }

    /// Grows the buffers (all cells zero, no cell touched, as every sweep leaves them).
    /// Grows in coarse steps (64 Ki cells), so shapes that grow a little every frame (a clock's
    /// hands, a pie being drawn) reallocate now and then, not every frame, and little is wasted.
    private func reserve(area: Int, touched: Int, columns: Int) {
        Rasterizer.grow(&cells.area, &areaCapacity, to: area, step: 65536, zero: 0)
        Rasterizer.grow(&cells.touched, &touchedCapacity, to: touched, step: 4096, zero: 0)
        Rasterizer.grow(&cells.coverage, &coverageCapacity, to: columns, step: 1024, zero: 0)
    }

    /// Replaces `buffer` by a zeroed one of at least `needed` elements, in steps of `step`, when
    /// `capacity` is short of it.
    private static func grow<T>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: inout Int, to needed: Int, step: Int, zero: T) {
        guard capacity < needed else { return }
        let grown = (needed + step - 1) / step * step
        buffer.deallocate()
        buffer = .allocate(capacity: grown)
        buffer.initialize(repeating: zero, count: grown)
        capacity = grown
    }

    // MARK: Sweep

    /// Cells per bit of a row's touched bitmap (8: one SIMD8 of coverage): a chunk an edge touched
    /// is swept densely. Chunks of 16 measured slower on the wheel's labels.
    static let chunkShift = 3
    static let chunk = 1 << chunkShift

    /// Running sum per row over the touched chunks only, found through the row's bitmap: between two
    /// touched chunks the sum and so the coverage stay put, so a shape's interior costs one `solid`
    /// call and its holes nothing, whatever their width. Inside a chunk every cell is summed in turn
    /// (no branch per cell: glyph edges lie a few pixels apart, and a branch per touched cell
    /// mispredicted half the time). Clears the cells and bits it reads, so the buffers are zero for
    /// the next fill.
    @inline(__always)
    private func sweep(rule: FillRule,
                       span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                       solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        let box = cells.box, stride = cells.stride, words = cells.words, width = box.width
        // Chunks reach past the box's last column (into the guard cells and the padding): never emitted.
        let emitLo = emit.lo, emitHi = min(emit.hi, width)
        let acc = cells.area, cov = cells.coverage, touched = cells.touched
        // Runs are computed over the whole box row but handed out only inside the clip.
        func emitSpan(_ y: Int, _ a: Int, _ b: Int) {
            let lo = max(a, emitLo), hi = min(b, emitHi)
            if lo < hi { span(y, box.x + lo, UnsafeBufferPointer(start: cov + lo, count: hi - lo)) }
        }
        func emitSolid(_ y: Int, _ a: Int, _ b: Int) {
            let lo = max(a, emitLo), hi = min(b, emitHi)
            if lo < hi { solid(y, box.x + lo, box.x + hi) }
        }
        for row in 0..<box.height {
            let y = box.y + row, cellRow = acc + row * stride, bitRow = touched + row * words
            var sum: Float = 0
            // The first cell not yet swept, and the first pixel of the pending span (-1: none).
            var x = 0, spanStart = -1
            // Cells x..<end, which no edge touched, all have coverage c: full coverage is a solid
            // run; no coverage ends the span, unless it is a gap of under 4 pixels inside one;
            // partial coverage joins the span.
            func constantRun(_ end: Int, _ c: UInt8) {
                if c == 255 {
                    if spanStart >= 0 { emitSpan(y, spanStart, x); spanStart = -1 }
                    emitSolid(y, x, end)
                } else if c == 0 && (spanStart < 0 || end - x >= 4) {
                    if spanStart >= 0 { emitSpan(y, spanStart, x); spanStart = -1 }
                } else {
                    if spanStart < 0 { spanStart = x }
                    (cov + x).update(repeating: c, count: end - x)
                }
            }
            for w in 0..<words {
                var bits = bitRow[w]
                guard bits != 0 else { continue }
                bitRow[w] = 0
                repeat {
                    let start = (w &<< 6 | bits.trailingZeroBitCount) &<< Rasterizer.chunkShift
                    bits &= bits &- 1
                    if start > x { constantRun(start, Rasterizer.coverage(sum, rule)) }
                    if spanStart < 0 { spanStart = start }
                    let cells = cellRow + start
                    // The running sums in turn (the order fixes the rounding), their coverage all at once.
                    var sums = SIMD8<Float>()
                    for i in 0..<8 { sum += cells[i]; sums[i] = sum }
                    UnsafeMutableRawPointer(cov + start).storeBytes(of: Rasterizer.coverage(sums, rule), as: SIMD8<UInt8>.self)
                    cells.update(repeating: 0, count: Rasterizer.chunk)
                    x = start &+ Rasterizer.chunk
                } while bits != 0
            }
            // Past the last touched chunk the sum is constant: a shape whose right edge lies
            // outside the clip keeps covering to the box's right edge.
            if width > x { constantRun(width, Rasterizer.coverage(sum, rule)); x = width }
            if spanStart >= 0 { emitSpan(y, spanStart, x) }
        }
    }

    /// `coverage` of eight windings.
    @inline(__always)
    static func coverage(_ winding: SIMD8<Float>, _ rule: FillRule) -> SIMD8<UInt8> {
        if rule == .evenOdd {
            var c = SIMD8<UInt8>()
            for i in 0..<8 { c[i] = coverage(winding[i], rule) }
            return c
        }
        // As the scalar version: |w| at most 1, times 255, plus 0.5, truncated. The truncation by
        // adding 2²³, which leaves the value rounded to an integer in the low mantissa bits (the
        // SIMD conversion is a call per lane), and stepping down where that rounded up.
        let magnitude = unsafeBitCast(unsafeBitCast(winding, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
        let x = magnitude.replacing(with: 1, where: magnitude .> 1) * 255 + 0.5
        let magic = SIMD8<Float>(repeating: 8_388_608)
        var r = (x + magic) - magic
        r = r.replacing(with: r - 1, where: r .> x)
        let bits = unsafeBitCast(r + magic, to: SIMD8<UInt32>.self) &- unsafeBitCast(magic, to: SIMD8<UInt32>.self)
        return SIMD8<UInt8>(truncatingIfNeeded: bits)
    }

    @inline(__always)
    static func coverage(_ winding: Float, _ rule: FillRule) -> UInt8 {
        var a = abs(winding)
        if rule == .evenOdd {
            a = a.truncatingRemainder(dividingBy: 2)
            if a > 1 { a = 2 - a }
        }
        return UInt8(min(a, 1) * 255 + 0.5)   // the formula the eight-at-once version reproduces
    }
}

/// The accumulation buffers of one fill, as raw pointers (see `Rasterizer.cells`).
private struct Cells {
    var area: UnsafeMutablePointer<Float>
    var touched: UnsafeMutablePointer<UInt64>
    var coverage: UnsafeMutablePointer<UInt8>
    var box: PixelRect {
        didSet {
            left = Double(box.x); top = Double(box.y); bottom = Double(box.maxY); width = Double(box.width)
        }
    }
    /// The box's sides as Doubles, converted once per fill instead of once per edge.
    private(set) var left = 0.0, top = 0.0, bottom = 0.0, width = 0.0
    var stride: Int
    var words: Int

    /// Adds one edge, clipped to the box: parts left of it are pressed onto its left edge (they still
    /// cover everything to their right), parts right of it onto its right edge (they cover nothing inside).
    @inline(__always)
    func addEdge(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let x0 = a.x - left, x1 = b.x - left, w = width
        let y0 = a.y, y1 = b.y   // absolute rows: see `accumulate`
        // Most edges lie inside: the general case below would draw them unsplit too.
        if x0 >= 0 && x0 <= w && x1 >= 0 && x1 <= w {
            line(min(max(x0, 0), w), y0, min(max(x1, 0), w), y1)
            return
        }
        // Split at x = 0 and x = w so each piece lies on one side or inside.
        var ts: (Double, Double) = (2, 2)
        if (x0 < 0) != (x1 < 0) { ts.0 = (0 - x0) / (x1 - x0) }
        if (x0 > w) != (x1 > w) { ts.1 = (w - x0) / (x1 - x0) }
        if ts.0 > ts.1 { ts = (ts.1, ts.0) }
        var t0 = 0.0, px = x0, py = y0
        for k in 0..<3 {   // the split points, then the end; no array literal (it would allocate per edge)
            let t = k == 0 ? ts.0 : k == 1 ? ts.1 : 1.0
            guard t <= 1 && t > t0 else { continue }
            let qx = t == 1 ? x1 : x0 + (x1 - x0) * t
            let qy = t == 1 ? y1 : y0 + (y1 - y0) * t
            let mid = (px + qx) / 2
            if mid < 0 { outlinedLine(0, py, 0, qy) }
            else if mid > w { outlinedLine(w, py, w, qy) }
            else { outlinedLine(min(max(px, 0), w), py, min(max(qx, 0), w), qy) }
            px = qx; py = qy; t0 = t
        }
    }

    /// font-rs' draw_line, x in box columns (0 ≤ x ≤ width), y in absolute rows. Each row's x range
    /// is computed from the edge's ends, not stepped from the previous row, so it does not depend on
    /// which row the box starts at (a row's bottom x is the next row's top x: computed once, with its
    /// floor and ceiling, since floor(min(a, b)) = min(floor a, floor b)). Inlined into `addEdge`'s
    /// common case: most edges cover a few rows, so the call and its setup were a third of their cost.
    @inline(__always)
    func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        let dir: Float, x0p, y0p, x1p, y1p: Double
        if ay < by { dir = 1; x0p = ax; y0p = ay; x1p = bx; y1p = by }
        else { dir = -1; x0p = bx; y0p = by; x1p = ax; y1p = ay }
        guard y1p > top, y0p < bottom else { return }
        // Clamped before converting: a coordinate beyond Int's range would trap.
        let yStart = max(box.y, floorInt(max(y0p, top)))
        let yEnd = min(box.maxY, ceilInt(min(y1p, bottom)))
        guard yStart < yEnd else { return }
        let boxWidth = width
        var cell = area + (yStart &- box.y) &* stride, bits = touched + (yStart &- box.y) &* words
        // Clamped: rounding must not put x outside the box's cells (0…width, so every cell index
        // below lies in 0…width + 1).
        let firstTop = Double(yStart)
        if yEnd == yStart &+ 1 && y0p >= firstTop && y1p <= firstTop + 1 {
            // Within one row (a third of a label's edges): the loop's one pass, without its slope.
            let x = min(max(x0p, 0), boxWidth), xNext = min(max(x1p, 0), boxWidth)
            Cells.cover(cell, bits, x, Cells.floorAndCeiling(x), xNext, Cells.floorAndCeiling(xNext),
                        height: Float(y1p - y0p) * dir)
            return
        }
        let dxdy = (x1p - x0p) / (y1p - y0p)
        var x = min(max(firstTop <= y0p ? x0p : x0p + (firstTop - y0p) * dxdy, 0), boxWidth)
        var xColumns = Cells.floorAndCeiling(x)
        for yAbs in yStart..<yEnd {
            let rowTop = Double(yAbs), rowBottom = rowTop + 1
            let dy = min(rowBottom, y1p) - max(rowTop, y0p)
            let xNext = min(max(rowBottom >= y1p ? x1p : x0p + (rowBottom - y0p) * dxdy, 0), boxWidth)
            let nextColumns = Cells.floorAndCeiling(xNext)
            Cells.cover(cell, bits, x, xColumns, xNext, nextColumns, height: Float(dy) * dir)
            x = xNext; xColumns = nextColumns
            cell += stride; bits += words
        }
    }

    @inline(__always)
    static func floorAndCeiling(_ x: Double) -> (floor: Int, ceiling: Int) {
        let f = floorInt(x)
        return (f, Double(f) < x ? f &+ 1 : f)
    }

    /// Adds to one row's cells the signed area swept by a segment from `x` at the row's top to
    /// `xNext` at its bottom (box columns, 0 ≤ x ≤ width; their floors and ceilings alongside), `d`
    /// its height (negative going up), and marks the chunks it touched.
    @inline(__always)
    static func cover(_ cell: UnsafeMutablePointer<Float>, _ bits: UnsafeMutablePointer<UInt64>,
                      _ x: Double, _ xColumns: (floor: Int, ceiling: Int),
                      _ xNext: Double, _ nextColumns: (floor: Int, ceiling: Int), height d: Float) {
        let xai = min(xColumns.floor, nextColumns.floor), xbi = max(xColumns.ceiling, nextColumns.ceiling)
        let xaFloor = Double(xai)
        if xbi <= xai &+ 1 {
            // Within one column (most rows of most edges): two cells, two bits.
            let xmf = Float(0.5 * (x + xNext) - xaFloor)
            cell[xai] += d - d * xmf
            cell[xai &+ 1] += d * xmf
            Cells.touch(bits, xai)
            Cells.touch(bits, xai &+ 1)
        } else {
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xbCeil = Double(xbi)
            let s = Float(1 / (xb - xa))
            let xaf = Float(xa - xaFloor)
            let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
            let xbf = Float(xb - xbCeil + 1)
            let am = 0.5 * s * xbf * xbf
            cell[xai] += d * a0
            if xbi == xai + 2 {
                cell[xai + 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - xaf)
                cell[xai + 1] += d * (a1 - a0)
                if xai + 2 < xbi - 1 {
                    for xi in (xai + 2)..<(xbi - 1) { cell[xi] += d * s }
                }
                let a2 = a1 + Float(xbi - xai - 3) * s
                cell[xbi - 1] += d * (1 - a2 - am)
            }
            cell[xbi] += d * am
            Cells.touch(bits, from: xai, through: xbi)
        }
    }

    /// `line` as a call, for the rarer edges `addEdge` splits at the box's sides.
    @inline(never)
    func outlinedLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) { line(ax, ay, bx, by) }

    /// Sets the bit of cell `x`'s chunk in one row's bitmap.
    @inline(__always)
    static func touch(_ bits: UnsafeMutablePointer<UInt64>, _ x: Int) {
        let c = x &>> Rasterizer.chunkShift
        bits[c &>> 6] |= 1 &<< UInt64(c & 63)
    }

    /// Sets the bits of the chunks of cells `lo...hi` in one row's bitmap.
    @inline(__always)
    static func touch(_ bits: UnsafeMutablePointer<UInt64>, from lo: Int, through hi: Int) {
        let lo = lo &>> Rasterizer.chunkShift, hi = hi &>> Rasterizer.chunkShift
        let w0 = lo &>> 6, w1 = hi &>> 6
        let first = UInt64.max &<< UInt64(lo & 63), last = UInt64.max &>> UInt64(63 - hi & 63)
        if w0 == w1 {
            bits[w0] |= first & last
        } else {
            bits[w0] |= first
            var w = w0 + 1
            while w < w1 { bits[w] = .max; w += 1 }
            bits[w1] |= last
        }
    }
}

// Floor and ceiling as Int for |v| < 2^51, here coordinates clamped to the box: adding 1.5 · 2^52
// rounds v to an integer held in the low mantissa bits. `rounded(.down)` is a libm call on x86-64's
// baseline and `Int(_: Double)` three range checks; these were a third of `line` (callgrind).
private let integerMagic = 6755399441055744.0
@inline(__always) private func floorInt(_ v: Double) -> Int {
    let r = (v + integerMagic) - integerMagic
    return Int(truncatingIfNeeded: ((r > v ? r - 1 : r) + integerMagic).bitPattern &- integerMagic.bitPattern)
}
@inline(__always) private func ceilInt(_ v: Double) -> Int {
    let r = (v + integerMagic) - integerMagic
    return Int(truncatingIfNeeded: ((r < v ? r + 1 : r) + integerMagic).bitPattern &- integerMagic.bitPattern)
}
