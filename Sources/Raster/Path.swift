// A path in pixels: contours of lines and circular arcs. Arcs stay exact here and are flattened
// only when drawn, through the transform, so no chord strays more than `Path.flatness` from the
// true arc at the size it is drawn. The bound is 1/64 px (cairo allows 0.1 px); 1/256 px
// costs only twice the vertices and keeps the worst per-pixel coverage error of a disc under 1/255.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Path: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        /// A circular arc from `start` to `end` (Angle convention); `clockwise` on screen.
        /// Joined to the current point by a straight line, as in CoreGraphics' addArc.
        case arc(center: Point, radius: Double, start: Angle, end: Angle, clockwise: Bool)
        case close
    }

    public private(set) var elements: [Element] = []
    public init() {}

    /// Largest distance between a flattened arc's chords and the true arc, in device pixels.
    /// (1/64 px left the worst coverage error of a small disc at 4/255; see CoverageTests.)
    public static let flatness = 1.0 / 256.0

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func close() { elements.append(.close) }
    /// Adds an arc. Clockwise from `start` to `end` sweeps (end − start) normalised into (0, 2π]
    /// when the two differ by a full turn or more it is a full circle; counter-clockwise likewise.
    public mutating func arc(center: Point, radius: Double, start: Angle, end: Angle, clockwise: Bool = true) {
        elements.append(.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise))
    }
    public mutating func removeAll() { elements.removeAll(keepingCapacity: true) }
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Shapes
    // Each shape is a static constructor and a mutating `add…` that appends the same elements: a
    // path rebuilt every frame is cleared with `removeAll()` (which keeps its capacity) and added to,
    // so once it has grown a frame allocates nothing.

    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.addRect(r)
        return p
    }

    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY)); line(to: Point(x: r.maxX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.maxY)); line(to: Point(x: r.minX, y: r.maxY)); close()
    }

    /// A full circle, starting at 12 o'clock and running clockwise (so trims start there).
    public static func circle(center: Point, radius: Double) -> Path {
        var p = Path()
        p.arc(center: center, radius: radius, start: .twelveOClock, end: .twelveOClock + .fullTurn, clockwise: true)
        p.close()
        return p
    }

    /// A pie slice: centre, out along `start`, clockwise around to `end`, back to the centre.
    public static func sector(center: Point, radius: Double, start: Angle, end: Angle) -> Path {
        var p = Path()
        p.move(to: center)
        p.arc(center: center, radius: radius, start: start, end: end, clockwise: true)
        p.close()
        return p
    }

    /// An annular sector (a thick arc with butt ends) between two radii; a full ring when the sweep is ≥ 2π.
    public static func ringSector(center: Point, innerRadius: Double, outerRadius: Double, start: Angle, end: Angle) -> Path {
        var p = Path()
        p.addRingSector(center: center, innerRadius: innerRadius, outerRadius: outerRadius, start: start, end: end)
        return p
    }

    public mutating func addRingSector(center: Point, innerRadius: Double, outerRadius: Double, start: Angle, end: Angle) {
        if end.radians - start.radians >= 2 * .pi {
            arc(center: center, radius: outerRadius, start: .zero, end: .fullTurn, clockwise: true); close()
            arc(center: center, radius: innerRadius, start: .fullTurn, end: .zero, clockwise: false); close()
        } else {
            arc(center: center, radius: outerRadius, start: start, end: end, clockwise: true)
            arc(center: center, radius: innerRadius, start: end, end: start, clockwise: false)
            close()
        }
    }

    /// The signed sweep in radians that an arc element covers (positive clockwise).
    static func sweep(start: Angle, end: Angle, clockwise: Bool) -> Double {
        let d = end.radians - start.radians
        let turn = 2 * Double.pi
        if clockwise {
            if d >= turn { return turn }
            if d > 0 { return d }
            let s = d.truncatingRemainder(dividingBy: turn)
            return s <= 0 ? s + turn : s
        } else {
            if d <= -turn { return -turn }
            if d < 0 { return d }
            let s = d.truncatingRemainder(dividingBy: turn)
            return s >= 0 ? s - turn : s
        }
    }

    /// Number of chords for an arc of `radius` device px and `sweep` radians so that no chord
    /// strays more than `tolerance` from the arc: sagitta r·(1 − cos(θ/2)) ≤ tolerance.
    static func chordCount(radius: Double, sweep: Double, tolerance: Double) -> Int {
        guard radius > tolerance else { return max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up))) }
        let maxStep = 2 * acos(1 - tolerance / radius)
        let n = (abs(sweep) / maxStep).rounded(.up)
        return Int(min(max(n, 1), 65536))
    }

    /// Flattens the path through `transform` into `out` (cleared first), arcs to within `tolerance` device px.
    public func flatten(transform: Transform = .identity, tolerance: Double = Path.flatness, into out: inout Polylines) {
        out.removeAll()
        let scale = transform.maxScale
        var current: Point? = nil     // in path space
        var contourStart: Point? = nil
        var open = false
        for element in elements {
            switch element {
            case .move(let p):
                out.endContour(closed: false)
                out.begin(transform.apply(p)); current = p; contourStart = p; open = true
            case .line(let p):
                if !open { let s = current ?? p; out.begin(transform.apply(s)); contourStart = s; open = true }
                out.add(transform.apply(p)); current = p
            case let .arc(center, radius, start, end, clockwise):
                let sweep = Path.sweep(start: start, end: end, clockwise: clockwise)
                let first = Point.onCircle(center: center, radius: radius, at: start)
                if open { out.add(transform.apply(first)) } else { out.begin(transform.apply(first)); contourStart = first; open = true }
                // Inner vertices lie on a grid of angles fixed for the whole circle (multiples of
                // `step` from 0 rad), not spread over this arc: two arcs of one circle, or one arc
                // whose ends move from frame to frame (a timer's progress, a pie slice growing),
                // then share every vertex, so their edges are the same pixels wherever they overlap
                // and only the moving end changes. They sit half a sagitta outside the circle, so
                // chords straddle it (±s/2 instead of −s): the polygon's area matches the disc's,
                // halving the worst coverage error for the same number of chords. The end points
                // stay exactly on the arc, so abutting shapes share them.
                let n = Path.chordCount(radius: abs(radius) * scale, sweep: 2 * Double.pi, tolerance: tolerance)
                let step = 2 * Double.pi / Double(n)
                let sagitta = radius * (1 - cos(step / 2))
                let bulged = radius + sagitta / 2
                let a0 = start.radians, a1 = start.radians + sweep
                if sweep > 0 {
                    var k = (a0 / step).rounded(.down) + 1
                    while k * step < a1 - step * 1e-9 {
                        out.add(transform.apply(Point.onCircle(center: center, radius: bulged, at: Angle(radians: k * step))))
                        k += 1
                    }
                } else if sweep < 0 {
                    var k = (a0 / step).rounded(.up) - 1
                    while k * step > a1 + step * 1e-9 {
                        out.add(transform.apply(Point.onCircle(center: center, radius: bulged, at: Angle(radians: k * step))))
                        k -= 1
                    }
                }
                out.add(transform.apply(Point.onCircle(center: center, radius: radius, at: Angle(radians: a1))))
                current = Point.onCircle(center: center, radius: radius, at: Angle(radians: start.radians + sweep))
            case .close:
                out.endContour(closed: true)
                open = false
                current = contourStart
            }
        }
        out.endContour(closed: false)
    }
}

/// Flattened contours in device pixels, reused between draws so flattening allocates only when it grows.
public struct Polylines: Sendable {
    public private(set) var points: [Point] = []
    /// For each contour: the range of its points and whether it is closed.
    public private(set) var contours: [(range: Range<Int>, closed: Bool)] = []
    private var start = 0
    /// Whether the open contour has had a segment added, even one to the same point: "move p, line p"
    /// is a zero-length contour (a dot under round caps); a lone move is not.
    private var drawn = false

    public init() {}

    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true); contours.removeAll(keepingCapacity: true); start = 0; drawn = false
    }
    mutating func begin(_ p: Point) {
        endContour(closed: false)
        start = points.count
        points.append(p)
    }
    mutating func add(_ p: Point) {
        drawn = true
        if let last = points.last, points.count > start, last == p { return }
        points.append(p)
    }
    mutating func endContour(closed: Bool) {
        if points.count - start >= 2 || (points.count - start == 1 && (closed || drawn)) {
            contours.append((start..<points.count, closed))
        }
        start = points.count
        drawn = false
    }

    /// Builds contours point by point (text runs, already flattened): starts one at `p`.
    public mutating func move(to p: Point) { begin(p) }
    /// A segment from the last point to `p`.
    public mutating func line(to p: Point) { add(p) }
    /// Ends the contour, closed.
    public mutating func close() { endContour(closed: true) }
    /// Appends `source` through `transform` as one closed contour, in one pass (a text run's glyphs).
    public mutating func appendClosed(_ source: UnsafeBufferPointer<Point>, transform t: Transform) {
        endContour(closed: false)
        let first = points.count
        for p in source { points.append(t.apply(p)) }
        start = first
        endContour(closed: true)
    }

    /// Bounding box of all points (empty when there are none).
    public var bounds: Rect {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var x1 = x0, y1 = y0
        for p in points { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
