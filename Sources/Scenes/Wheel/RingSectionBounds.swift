// The box around part of a ring, for dirty rectangles: what a ring growing from one angle to
// another (a timer's progress, a pie slice) changes between two frames.
import Raster

/// The bounding box, in frame px, of the ring between radii `inner` and `outer` around `center` from
/// angle `start` to `end` (radians, Raster's convention, start ≤ end), plus a pixel all round: its
/// four corners and every compass point it passes.
func ringSectionBounds(center: Point, inner: Double, outer: Double, from start: Double, to end: Double) -> Rect {
    var box = Rect(x: 0, y: 0, width: 0, height: 0)
    func include(_ angle: Double, _ r: Double) {
        let p = Point.onCircle(center: center, radius: r, at: .radians(angle))
        box = box.union(Rect(x: p.x - 1, y: p.y - 1, width: 2, height: 2))
    }
    include(start, inner); include(start, outer); include(end, inner); include(end, outer)
    var quarter = (start / (Double.pi / 2)).rounded(.up)
    while quarter * Double.pi / 2 < end { include(quarter * Double.pi / 2, outer); quarter += 1 }
    return box
}
