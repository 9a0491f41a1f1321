// Dashing for the Stroker: cuts a contour into its "on" intervals (px of arc length) and outlines each.
// The pattern restarts at every contour, `dashPhase` px into it. Dashes are measured along the
// untrimmed contour and the trim window only clips them, so animating a trim never makes dashes crawl.
// A closed contour drawn whole joins its last dash to its first across the start point, without caps.

extension Stroker {
    /// Loads `pattern` into `dashes` (an odd count written out twice) and returns its period in px,
    /// or nil when it cannot be dashed (empty; a negative, NaN or infinite length; no gaps): those stroke solid.
    func loadDashes(_ pattern: [Double], scale: Double = 1) -> Double? {
        dashes.removeAll(keepingCapacity: true)
        guard !pattern.isEmpty else { return nil }
        let count = pattern.count % 2 == 0 ? pattern.count : 2 * pattern.count
        var on = 0.0, off = 0.0
        for i in 0..<count {
            let length = pattern[i % pattern.count] * scale
            guard length.isFinite, length >= 0 else { dashes.removeAll(keepingCapacity: true); return nil }
            if i % 2 == 0 { on += length } else { off += length }
            dashes.append(length)
        }
        let period = on + off
        guard off > 0, period.isFinite else { dashes.removeAll(keepingCapacity: true); return nil }
        return period
    }

    /// Outlines the dashes of `c` that fall in `from…to` (arc lengths along `c`); `whole` says the window
    /// is the entire contour. `phase` is already reduced into 0..<period.
    func dash(_ c: Contour, from: Double, to: Double, whole: Bool, period: Double, phase: Double,
              pen: Pen, into out: inout Polylines) {
        // Skip `phase` px into the pattern. A zero-length dash exactly at the phase is kept (it is a dot).
        var index = 0, remaining = dashes[0], skip = phase
        for _ in 0..<dashes.count {   // phase < period, so one pass suffices (bounded against rounding)
            guard skip > remaining || (skip == remaining && remaining > 0) else { break }
            skip -= remaining
            index = (index + 1) % dashes.count
            remaining = dashes[index]
        }
        remaining = max(remaining - skip, 0)

        let joinEnds = whole && c.closed
        var firstEnd: Double? = nil     // a closed contour's first dash, held back to join the last one
        var joined = false
        var cursor = c.range.lowerBound
        var s = 0.0
        // Each full period moves `s` forward by `period`, so this ends; the count bounds it regardless.
        var steps = 0
        let maxSteps = Int(Stroker.maxDashes) * 2 + dashes.count
        while s <= to && steps < maxSteps {
            steps += 1
            let e = s + remaining
            if index % 2 == 0 {
                let lo = max(s, from), hi = min(e, to)
                if hi > lo || (s == e && lo == hi) {
                    if joinEnds && lo <= 0 && firstEnd == nil {
                        if hi >= c.length {   // one dash covers the whole contour: a solid closed stroke
                            piece.removeAll(keepingCapacity: true)
                            piece.append(contentsOf: points[c.range.lowerBound..<(c.range.upperBound - 1)])
                            outlinePiece(closed: true, direction: Point(x: 1, y: 0), pen: pen, into: &out)
                            return
                        }
                        firstEnd = hi
                    } else if joinEnds && hi >= c.length, let firstEnd {
                        emitDash(c, from: lo, to: c.length + firstEnd, cursor: &cursor, pen: pen, into: &out)
                        joined = true
                    } else {
                        emitDash(c, from: lo, to: hi, cursor: &cursor, pen: pen, into: &out)
                    }
                }
            }
            s = e
            index = (index + 1) % dashes.count
            remaining = dashes[index]
        }
        if let firstEnd, !joined {
            var start = c.range.lowerBound
            emitDash(c, from: 0, to: firstEnd, cursor: &start, pen: pen, into: &out)
        }
    }

    private func emitDash(_ c: Contour, from a: Double, to b: Double, cursor: inout Int, pen: Pen,
                          into out: inout Polylines) {
        piece.removeAll(keepingCapacity: true)
        let direction = appendPiece(of: c, from: a, to: b, cursor: &cursor)
        outlinePiece(closed: false, direction: direction, pen: pen, into: &out)
    }
}
