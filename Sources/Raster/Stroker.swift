// Turns flattened contours (device px) into the outline of their stroke, which Canvas fills nonzero.
// Steps: drop repeated and non-finite points, trim by fractions of the whole length, cut into dashes,
// then outline each piece (StrokeOutline.swift). Every outline runs the same way round and overlaps
// itself only where the stroke really does, so the exact-area fill gets edge pixels right.
// All buffers are stored properties: once they have grown, a stroke allocates nothing.

final class Stroker {
    struct Contour {
        var range: Range<Int>
        var closed: Bool
        var length: Double
    }

    /// The input without non-finite points or points within `minSegment` of the previous one;
    /// a closed contour of two or more points repeats its first point at the end.
    var points: [Point] = []
    /// Arc length from its contour's start to each point of `points`.
    var distances: [Double] = []
    var contours: [Contour] = []
    /// The piece being outlined (a whole contour, a trimmed part or a dash) and its two offset sides,
    /// each in the piece's own direction.
    var piece: [Point] = []
    var left: [Point] = []
    var right: [Point] = []
    /// The dash pattern with an odd count written out twice, so even indices are always "on".
    var dashes: [Double] = []

    /// Points closer than this are merged, so that every segment has a direction.
    static let minSegment = 1e-6
    /// More dashes than this in one stroke (a pattern far finer than a pixel) strokes solid instead.
    static let maxDashes = 1_000_000.0

    /// `scale` multiplies every length of `style` (width, dashes, phase): the transform's, so the
    /// canvas needs no scaled copy of the dash pattern per stroke.
    func stroke(_ input: Polylines, style: StrokeStyle, scale: Double = 1, into out: inout Polylines) {
        out.removeAll()
        let pen = Pen(halfWidth: style.width * scale / 2, cap: style.cap, join: style.join, miterLimit: style.miterLimit)
        guard pen.halfWidth > 0, pen.halfWidth.isFinite else { return }
        let total = clean(input)
        guard total.isFinite else { return }

        // Trim fractions outside 0…1 mean "from the start" / "to the end"; NaN or start ≥ end draw nothing.
        let trimFrom = max(style.trimStart, 0), trimTo = min(style.trimEnd, 1)
        guard trimFrom < trimTo else { return }
        let trimmed = trimFrom > 0 || trimTo < 1
        let windowFrom = trimFrom * total, windowTo = trimTo * total

        var period = loadDashes(style.dash, scale: scale)
        if let p = period, total / p * Double(dashes.count) > Stroker.maxDashes { period = nil }
        var phase = 0.0
        if let p = period, style.dashPhase.isFinite {
            phase = (style.dashPhase * scale).truncatingRemainder(dividingBy: p)
            if phase < 0 { phase += p }
        }

        var base = 0.0
        for c in contours {
            defer { base += c.length }
            let a = windowFrom - base, b = windowTo - base
            let whole = !trimmed || (a <= 0 && b >= c.length)
            if c.range.count == 1 {
                guard whole else { continue }
                piece.removeAll(keepingCapacity: true)
                piece.append(points[c.range.lowerBound])
                outlinePiece(closed: false, direction: Point(x: 1, y: 0), pen: pen, into: &out)
                continue
            }
            let from = max(a, 0), to = min(b, c.length)
            guard whole || to > from else { continue }
            if let period {
                dash(c, from: from, to: to, whole: whole, period: period, phase: phase, pen: pen, into: &out)
            } else if whole {
                piece.removeAll(keepingCapacity: true)
                piece.append(contentsOf: points[c.range.lowerBound..<(c.closed ? c.range.upperBound - 1 : c.range.upperBound)])
                outlinePiece(closed: c.closed, direction: Point(x: 1, y: 0), pen: pen, into: &out)
            } else {
                var cursor = c.range.lowerBound
                piece.removeAll(keepingCapacity: true)
                let direction = appendPiece(of: c, from: from, to: to, cursor: &cursor)
                outlinePiece(closed: false, direction: direction, pen: pen, into: &out)
            }
        }
    }

    /// Fills `points`, `distances` and `contours` from `input`; returns the total length.
    private func clean(_ input: Polylines) -> Double {
        points.removeAll(keepingCapacity: true)
        distances.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        var total = 0.0
        let source = input.points
        for c in input.contours {
            let start = points.count
            var length = 0.0
            for i in c.range {
                let p = source[i]
                guard p.x.isFinite, p.y.isFinite else { continue }
                if points.count > start {
                    let d = p.distance(to: points[points.count - 1])
                    guard d.isFinite, d >= Stroker.minSegment else { continue }
                    length += d
                }
                points.append(p)
                distances.append(length)
            }
            guard points.count > start else { continue }
            if c.closed {
                // Drop last points that (nearly) repeat the first, then close back to it.
                let first = points[start]
                while points.count - start >= 2, !(points[points.count - 1].distance(to: first) >= Stroker.minSegment) {
                    points.removeLast(); distances.removeLast()
                }
                if points.count - start >= 2 {
                    length = distances[distances.count - 1] + points[points.count - 1].distance(to: first)
                    points.append(first)
                    distances.append(length)
                } else {
                    length = 0
                }
            }
            contours.append(Contour(range: start..<points.count, closed: c.closed && points.count - start >= 3,
                                    length: length))
            total += length
        }
        return total
    }

    /// Appends the part of `c` between arc lengths `a` ≤ `b` (b may pass the end of a closed contour
    /// by up to its length: the part then runs on from its start) to `piece`. `cursor`, a segment
    /// index that only moves forward, makes successive calls with growing `a` linear in all.
    /// Returns the direction at `a`, for a piece of zero length.
    func appendPiece(of c: Contour, from a: Double, to b: Double, cursor: inout Int) -> Point {
        let lastSegment = c.range.upperBound - 2
        var j = max(cursor, c.range.lowerBound)
        while j < lastSegment && distances[j + 1] < a { j += 1 }
        cursor = j
        let direction = Stroker.unit(points[j + 1] - points[j]).direction
        appendToPiece(point(onSegment: j, at: a))
        var k = j + 1
        let end = min(b, c.length)
        while k <= lastSegment && distances[k] < end { appendToPiece(points[k]); k += 1 }
        appendToPiece(point(onSegment: k - 1, at: end))
        if b > c.length {
            var wrapped = c.range.lowerBound
            _ = appendPiece(of: c, from: 0, to: b - c.length, cursor: &wrapped)
        }
        return direction
    }

    private func point(onSegment j: Int, at s: Double) -> Point {
        let d0 = distances[j], d1 = distances[j + 1]
        let t = min(max((s - d0) / (d1 - d0), 0), 1)
        let p = points[j], q = points[j + 1]
        return t == 1 ? q : p + (q - p) * t
    }

    private func appendToPiece(_ p: Point) {
        if let last = piece.last, !(p.distance(to: last) >= Stroker.minSegment) { return }
        piece.append(p)
    }
}

extension Stroker {
    /// The unit vector along `v` and the length of `v` (a zero or overflowing vector gives (1, 0)).
    @inline(__always)
    static func unit(_ v: Point) -> (direction: Point, length: Double) {
        let length = v.length
        guard length > 0, length.isFinite else { return (Point(x: 1, y: 0), 0) }
        return (Point(x: v.x / length, y: v.y / length), length)
    }
}
