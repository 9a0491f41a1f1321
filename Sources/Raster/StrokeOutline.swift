// The outline of one stroked piece (a polyline in device px, points at least `minSegment` apart).
// Open: one contour, the left offset forward, the end cap, the right offset backward, the start cap.
// Closed: the left offset loop and the right offset loop reversed (the hole between them is unfilled).
// "Left" is the normal (−dy, dx); every outline therefore winds the same way, so nonzero unions them.
// Joins go on the outer side of a turn. On the inner side the two offset lines are cut where they
// cross when that point lies within both segments; otherwise (very short segments, near-reversals)
// the side runs through the vertex, as Skia does, and the overlap stays inside the stroke.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Pen {
    var halfWidth: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
}

extension Stroker {
    /// Outlines `piece` into `out`. A single point becomes a dot (round), a square (square) or nothing
    /// (butt), turned along `direction`.
    func outlinePiece(closed: Bool, direction: Point, pen: Pen, into out: inout Polylines) {
        let count = piece.count
        guard count > 0 else { return }
        let h = pen.halfWidth
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)

        if closed && count >= 2 {
            var (before, beforeLength) = Stroker.unit(piece[0] - piece[count - 1])
            for j in 0..<count {
                let (after, afterLength) = Stroker.unit(piece[(j + 1) % count] - piece[j])
                addJoin(at: piece[j], from: before, length: beforeLength, to: after, length: afterLength, pen: pen)
                before = after; beforeLength = afterLength
            }
            emit(left, reversed: false, into: &out)
            emit(right, reversed: true, into: &out)
            return
        }

        let start = piece[0], end = piece[count - 1]
        var startDirection = direction, endDirection = direction
        if count == 1 {
            guard pen.cap != .butt else { return }
        } else {
            var (before, beforeLength) = Stroker.unit(piece[1] - piece[0])
            startDirection = before
            for j in 1..<(count - 1) {
                let (after, afterLength) = Stroker.unit(piece[j + 1] - piece[j])
                addJoin(at: piece[j], from: before, length: beforeLength, to: after, length: afterLength, pen: pen)
                before = after; beforeLength = afterLength
            }
            endDirection = before
        }
        let n0 = normal(startDirection), n1 = normal(endDirection)
        out.begin(start + n0 * h)
        for p in left { out.add(p) }
        out.add(end + n1 * h)
        addCap(at: end, direction: endDirection, pen: pen, into: &out)
        out.add(end - n1 * h)
        for p in right.reversed() { out.add(p) }
        out.add(start - n0 * h)
        addCap(at: start, direction: Point(x: -startDirection.x, y: -startDirection.y), pen: pen, into: &out)
        out.endContour(closed: true)
    }

    private func emit(_ side: [Point], reversed: Bool, into out: inout Polylines) {
        guard let first = reversed ? side.last : side.first else { return }
        out.begin(first)
        if reversed { for p in side.reversed() { out.add(p) } } else { for p in side { out.add(p) } }
        out.endContour(closed: true)
    }

    @inline(__always)
    private func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    /// The points between the end of one segment (direction `d1`) and the start of the next (`d2`)
    /// at vertex `p`, on both sides.
    private func addJoin(at p: Point, from d1: Point, length length1: Double, to d2: Point, length length2: Double,
                         pen: Pen) {
        let h = pen.halfWidth
        let n1 = normal(d1), n2 = normal(d2)
        let cross = d1.x * d2.y - d1.y * d2.x
        let dot = d1.x * d2.x + d1.y * d2.y
        // Turning towards the left normal puts the left side on the inside of the turn.
        let leftInside = cross >= 0
        let outer: Double = leftInside ? -1 : 1      // the outer side is at p + outer·n·h
        let denominator = 1 + dot                     // 2cos²(θ/2) for a turn of θ

        // Inner side. The offset lines cross at p − outer·(n1 + n2)·h/(1 + dot), which lies
        // h·tan(θ/2) back along each segment; use it when that eats at most half of each.
        let overshoot = denominator > 1e-12 ? h * abs(cross) / denominator : .infinity
        if overshoot <= 0.5 * min(length1, length2) {
            appendSide(left: leftInside, p - (n1 + n2) * (outer * h / denominator))
        } else {
            appendSide(left: leftInside, p - n1 * (outer * h))
            appendSide(left: leftInside, p)
            appendSide(left: leftInside, p - n2 * (outer * h))
        }

        // Outer side.
        let a = p + n1 * (outer * h), b = p + n2 * (outer * h)
        appendSide(left: !leftInside, a)
        switch pen.join {
        case .bevel:
            break
        case .miter:
            // Miter length / width = 1/cos(θ/2); beyond the limit (or NaN) it is a bevel.
            if denominator > 1e-12, 2 / denominator <= pen.miterLimit * pen.miterLimit, pen.miterLimit >= 1 {
                appendSide(left: !leftInside, p + (n1 + n2) * (outer * h / denominator))
            }
        case .round:
            let turn = atan2(cross, dot)
            let steps = Stroker.chordCount(radius: h, sweep: turn)
            if steps > 1 {
                let step = turn / Double(steps)
                let c = cos(step), s = sin(step)
                var v = n1 * (outer * h)
                for _ in 1..<steps {
                    v = Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
                    appendSide(left: !leftInside, p + v)
                }
            }
        }
        appendSide(left: !leftInside, b)
    }

    /// Chords for a round join or cap, within `Path.flatness` of the arc up to a radius of ~16000 px (the
    /// largest pixmap); beyond that the count stops growing, so an absurd width cannot exhaust memory.
    static func chordCount(radius: Double, sweep: Double) -> Int {
        min(Path.chordCount(radius: radius, sweep: sweep, tolerance: Path.flatness), 4096)
    }

    @inline(__always)
    private func appendSide(left isLeft: Bool, _ p: Point) {
        if isLeft { left.append(p) } else { right.append(p) }
    }

    /// The points strictly between end + n·h and end − n·h (n the left normal of `d`) going round
    /// the far side of `end`; butt adds none.
    private func addCap(at end: Point, direction d: Point, pen: Pen, into out: inout Polylines) {
        let h = pen.halfWidth
        let n = normal(d)
        switch pen.cap {
        case .butt:
            break
        case .square:
            out.add(end + (n + d) * h)
            out.add(end + (d - n) * h)
        case .round:
            let steps = Stroker.chordCount(radius: h, sweep: .pi)
            let step = Double.pi / Double(steps)
            let c = cos(step), s = sin(step)
            var v = n * h
            for _ in 1..<max(steps, 1) {
                // Rotate by −step: n turns towards d, then towards −n.
                v = Point(x: v.x * c + v.y * s, y: -v.x * s + v.y * c)
                out.add(end + v)
            }
        }
    }
}
