// Exact-area anti-aliased fill of flattened contours (font-rs / stb_truetype v2): each edge adds
// the signed area it sweeps to the cells of the rows it crosses; a running sum along a row then
// gives every pixel's exact covered fraction. No supersampling. The accumulation buffer spans only
// the shape's clipped bounding box and each row only its touched columns, so work follows the rows
// and spans the shape touches, never the whole pixmap. Buffers are kept between fills.

public enum FillRule: Sendable { case nonZero, evenOdd }

public final class Rasterizer {
    /// Signed area per cell, `stride` floats per row, for the current shape's box (+2 guard cells),
    /// and per row of the box the first and last touched cell (min > max when untouched). Raw
    /// memory grown on demand and kept; the hot loops work on a copy of these pointers, so they make
    /// no exclusivity checks or reference counting per edge, row or cell.
    private var cells = Cells(area: .allocate(capacity: 1), touchedMin: .allocate(capacity: 1),
                              touchedMax: .allocate(capacity: 1), coverage: .allocate(capacity: 1),
                              box: PixelRect(x: 0, y: 0, width: 0, height: 0), stride: 0)
    private var areaCapacity = 0, rowCapacity = 0, coverageCapacity = 0
    private var box: PixelRect { cells.box }
    /// The clip's columns relative to the box: only these are emitted.
    private var emit = (lo: 0, hi: 0)

    deinit {
        cells.area.deallocate(); cells.touchedMin.deallocate(); cells.touchedMax.deallocate(); cells.coverage.deallocate()
    }

    public init() {}

    /// Fills `contours` (device px; open contours are closed implicitly) with `color` (premultiplied)
    /// into `pixmap`, clipped to `clip` and the pixmap.
    public func fill(_ contours: Polylines, rule: FillRule, color: UInt32, blend mode: BlendMode = .sourceOver,
                     clip: PixelRect, into pixmap: inout Pixmap) {
        guard color >> 24 != 0 || mode == .plus, color != 0 else { return }
        accumulate(contours, clip: clip.intersection(pixmap.bounds), bounds: pixmap.bounds)
        guard !box.isEmpty else { return }
        let stride = pixmap.stride
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            sweep(rule: rule) { y, x0, cov in
                var i = y * stride + x0
                for c in cov {
                    if c != 0 { dst[i] = blend(color, coverage: UInt32(c), dst[i], mode: mode) }
                    i += 1
                }
            } solid: { y, x0, x1 in
                let base = y * stride
                if color >> 24 == 255 && mode == .sourceOver {
                    // Opaque interior: a plain store, at memset speed.
                    UnsafeMutableBufferPointer(rebasing: dst[(base + x0)..<(base + x1)]).update(repeating: color)
                } else {
                    for i in (base + x0)..<(base + x1) { dst[i] = blend(color, coverage: 255, dst[i], mode: mode) }
                }
            }
        }
    }

    /// Calls `span` for each row of coverage (the pixmap row, its first x, coverage 0…255 per pixel)
    /// and `solid` for runs of full coverage, within `clip`. For custom paint (images, masks).
    /// `bounds` is the whole drawable area (the pixmap's): see `accumulate` for why it matters.
    public func rasterize(_ contours: Polylines, rule: FillRule, clip: PixelRect, bounds: PixelRect,
                          span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                          solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        accumulate(contours, clip: clip.intersection(bounds), bounds: bounds)
        guard !box.isEmpty else { return }
        sweep(rule: rule, span: span, solid: solid)
    }

    // MARK: Accumulation

    /// The box spans the shape's rows inside the clip but its columns inside the whole drawable
    /// `bounds`, and every row's arithmetic uses absolute coordinates: a pixel's coverage is then the
    /// same number whatever the clip, so a frame redrawn only inside a dirty rectangle equals a full
    /// redraw bit for bit. Columns outside the clip are summed but not emitted.
    private func accumulate(_ contours: Polylines, clip: PixelRect, bounds: PixelRect) {
        let shape = PixelRect(enclosing: contours.bounds)
        var box = shape.intersection(PixelRect(x: bounds.x, y: clip.y, width: bounds.width, height: clip.height))
        emit = (clip.x - box.x, clip.maxX - box.x)
        if clip.isEmpty || shape.maxX <= clip.x || shape.x >= clip.maxX { box = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        cells.box = box
        guard !box.isEmpty else { return }
        cells.stride = box.width + 2
        reserve(area: cells.stride * box.height, rows: box.height, columns: cells.stride)

        let points = contours.points
        let target = cells
        for contour in contours.contours {
            let r = contour.range
            guard r.count >= 2 else { continue }
            var prev = points[r.upperBound - 1]   // every contour is filled closed
            for i in r {
                let p = points[i]
                target.addEdge(prev, p)
                prev = p
            }
        }
    }

    /// Grows the buffers (all cells zero, all rows untouched, as every sweep leaves them).
    private func reserve(area: Int, rows: Int, columns: Int) {
        if areaCapacity < area {
            cells.area.deallocate()
            cells.area = .allocate(capacity: area)
            cells.area.initialize(repeating: 0, count: area)
            areaCapacity = area
        }
        if rowCapacity < rows {
            cells.touchedMin.deallocate(); cells.touchedMax.deallocate()
            cells.touchedMin = .allocate(capacity: rows); cells.touchedMax = .allocate(capacity: rows)
            cells.touchedMin.initialize(repeating: Int32.max, count: rows)
            cells.touchedMax.initialize(repeating: Int32.min, count: rows)
            rowCapacity = rows
        }
        if coverageCapacity < columns {
            cells.coverage.deallocate()
            cells.coverage = .allocate(capacity: columns)
            cells.coverage.initialize(repeating: 0, count: columns)
            coverageCapacity = columns
        }
    }

    // MARK: Sweep

    /// Running sum per row; clears the cells it reads so the buffer is zero for the next fill.
    private func sweep(rule: FillRule,
                       span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                       solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        let box = cells.box, stride = cells.stride, width = box.width, emitLo = emit.lo, emitHi = emit.hi
        let acc = cells.area, cov = cells.coverage, touchedMin = cells.touchedMin, touchedMax = cells.touchedMax
        do {
            do {
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
                    let lo = Int(touchedMin[row]), hi = Int(touchedMax[row])
                    touchedMin[row] = Int32.max; touchedMax[row] = Int32.min
                    guard lo <= hi else { continue }
                    let y = box.y + row, base = row * stride
                    var sum: Float = 0
                    var runStart = lo          // first pixel of the pending coverage run
                    var x = lo
                    let end = min(hi, width - 1)
                    while x <= end {
                        sum += acc[base + x]; acc[base + x] = 0
                        let c = Rasterizer.coverage(sum, rule)
                        cov[x] = c
                        if c == 255 || c == 0 {
                            // The sum stays put while the cells are zero: a run of full coverage is one
                            // solid span, and a run of none (a ring's hole, the gap between two shapes
                            // on a row) is skipped without visiting its pixels.
                            var x1 = x + 1
                            // Eight cells per step through a shape's interior (−0 counts as zero, as below).
                            while x1 + 8 <= end + 1,
                                  all(UnsafeRawPointer(acc + base + x1).loadUnaligned(as: SIMD8<Float>.self) .== 0) {
                                x1 += 8
                            }
                            while x1 <= end && acc[base + x1] == 0 { x1 += 1 }
                            if c == 255 || x1 - x >= 4 {
                                if x > runStart { emitSpan(y, runStart, x) }
                                if c == 255 { emitSolid(y, x, x1) }
                                x = x1; runStart = x1
                                continue
                            }
                        }
                        x += 1
                    }
                    if end >= runStart { emitSpan(y, runStart, end + 1) }
                    // Past the last touched cell the sum is constant: a shape whose right edge lies
                    // outside the clip keeps covering to the box's right edge.
                    if end < width - 1 {
                        let c = Rasterizer.coverage(sum, rule)
                        if c == 255 { emitSolid(y, end + 1, width) }
                        else if c > 0 {
                            for i in (end + 1)..<width { cov[i] = c }
                            emitSpan(y, end + 1, width)
                        }
                    }
                    if hi > end { for i in (end + 1)...min(hi, width + 1) { acc[base + i] = 0 } }
                }
            }
        }
    }

    @inline(__always)
    static func coverage(_ winding: Float, _ rule: FillRule) -> UInt8 {
        var a = abs(winding)
        if rule == .evenOdd {
            a = a.truncatingRemainder(dividingBy: 2)
            if a > 1 { a = 2 - a }
        }
        return a >= 1 ? 255 : UInt8(a * 255 + 0.5)
    }
}

/// The accumulation buffers of one fill, as raw pointers (see `Rasterizer.cells`).
private struct Cells {
    var area: UnsafeMutablePointer<Float>
    var touchedMin: UnsafeMutablePointer<Int32>
    var touchedMax: UnsafeMutablePointer<Int32>
    var coverage: UnsafeMutablePointer<UInt8>
    var box: PixelRect
    var stride: Int

    /// Adds one edge, clipped to the box: parts left of it are pressed onto its left edge (they still
    /// cover everything to their right), parts right of it onto its right edge (they cover nothing inside).
    func addEdge(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let left = Double(box.x), right = Double(box.maxX)
        let x0 = a.x - left, x1 = b.x - left, w = right - left
        let y0 = a.y, y1 = b.y   // absolute rows: see `accumulate`
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
            if mid < 0 { line(0, py, 0, qy) }
            else if mid > w { line(w, py, w, qy) }
            else { line(min(max(px, 0), w), py, min(max(qx, 0), w), qy) }
            px = qx; py = qy; t0 = t
        }
    }

    /// font-rs' draw_line, x in box columns (0 ≤ x ≤ width), y in absolute rows. Each row's x range
    /// is computed from the edge's ends, not stepped from the previous row, so it does not depend on
    /// which row the box starts at.
    func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        let dir: Float, x0p, y0p, x1p, y1p: Double
        if ay < by { dir = 1; x0p = ax; y0p = ay; x1p = bx; y1p = by }
        else { dir = -1; x0p = bx; y0p = by; x1p = ax; y1p = ay }
        guard y1p > Double(box.y), y0p < Double(box.maxY) else { return }
        let dxdy = (x1p - x0p) / (y1p - y0p)
        // Clamped before converting: a coordinate beyond Int's range would trap.
        let yStart = max(box.y, Int(max(y0p, Double(box.y)).rounded(.down)))
        let yEnd = min(box.maxY, Int(min(y1p, Double(box.maxY)).rounded(.up)))
        let maxCell = box.width + 1
        let boxWidth = Double(box.width)
        do {
            let acc = area
            for yAbs in yStart..<yEnd {
                let y = yAbs - box.y
                let lineStart = y * stride
                let top = Double(yAbs), bottom = Double(yAbs + 1)
                let dy = min(bottom, y1p) - max(top, y0p)
                // Clamped: rounding must not put x outside the box's cells.
                let x = min(max(top <= y0p ? x0p : x0p + (top - y0p) * dxdy, 0), boxWidth)
                let xNext = min(max(bottom >= y1p ? x1p : x0p + (bottom - y0p) * dxdy, 0), boxWidth)
                let d = Float(dy) * dir
                let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
                let xaFloor = xa.rounded(.down)
                let xai = Int(xaFloor)
                let xbCeil = xb.rounded(.up)
                let xbi = Int(xbCeil)
                var lo = xai, hi = xai + 1
                if xbi <= xai + 1 {
                    let xmf = Float(0.5 * (x + xNext) - xaFloor)
                    acc[lineStart + xai] += d - d * xmf
                    acc[lineStart + min(xai + 1, maxCell)] += d * xmf
                } else {
                    let s = Float(1 / (xb - xa))
                    let xaf = Float(xa - xaFloor)
                    let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
                    let xbf = Float(xb - xbCeil + 1)
                    let am = 0.5 * s * xbf * xbf
                    acc[lineStart + xai] += d * a0
                    if xbi == xai + 2 {
                        acc[lineStart + xai + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - xaf)
                        acc[lineStart + xai + 1] += d * (a1 - a0)
                        if xai + 2 < xbi - 1 {
                            for xi in (xai + 2)..<(xbi - 1) { acc[lineStart + xi] += d * s }
                        }
                        let a2 = a1 + Float(xbi - xai - 3) * s
                        acc[lineStart + xbi - 1] += d * (1 - a2 - am)
                    }
                    acc[lineStart + min(xbi, maxCell)] += d * am
                    hi = min(xbi, maxCell)
                }
                lo = min(lo, maxCell)
                if Int32(lo) < touchedMin[y] { touchedMin[y] = Int32(lo) }
                if Int32(hi) > touchedMax[y] { touchedMax[y] = Int32(hi) }
            }
        }
    }
}
