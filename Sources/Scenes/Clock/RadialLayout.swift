// Seed 003's RadialLayout: n items evenly on a circle, item 0 at 12 o'clock, then clockwise.
// The seed's `placeSubviews` takes radius = bounds.width / 3 and puts item i at (0, −radius)
// rotated by i · 360°/n about the bounds' centre; `position(of:)` is that formula, unchanged.
// Units: px; y grows downward; angles in Raster's convention (0 at 3 o'clock, clockwise positive).
// The clock's hours, minutes and icons and the numbered wheel's numbers all use this one layout.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

public struct RadialLayout: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    /// How many items share the circle (0 places nothing).
    public var count: Int
    /// Turn (clockwise) of item 0 away from 12 o'clock; the seed has none. A wheel passes its
    /// rotation plus half a slice here, so its numbers sit mid-slice.
    public var offset: Angle

    public init(center: Point, radius: Double, count: Int, offset: Angle = .zero) {
        self.center = center; self.radius = radius; self.count = max(0, count); self.offset = offset
    }

    /// The seed's layout for a frame of `bounds`: centred on it, radius = width / 3.
    public init(bounds: Rect, count: Int) {
        self.init(center: bounds.center, radius: bounds.width / 3, count: count)
    }

    /// 360° / n: the turn from one item to the next (0 when there are no items).
    public var step: Angle { count > 0 ? .radians(2 * Double.pi / Double(count)) : .zero }

    /// Item `index`'s turn clockwise from 12 o'clock: offset + step · index (the seed's rotation angle).
    public func turn(of index: Int) -> Angle { offset + step * Double(index) }

    /// Item `index`'s direction from the centre in Raster's convention (12 o'clock is −π/2),
    /// for text or shapes rotated to face outward.
    public func angle(of index: Int) -> Angle { turn(of: index) + .twelveOClock }

    /// Where item `index`'s centre goes: (0, −radius) rotated by `turn(of:)`, plus the centre.
    /// CGAffineTransform(rotationAngle: θ) maps (x, y) to (x cos θ − y sin θ, x sin θ + y cos θ).
    public func position(of index: Int) -> Point {
        let theta = turn(of: index).radians
        return Point(x: center.x + radius * sin(theta), y: center.y - radius * cos(theta))
    }

    /// Every item's centre, in index order.
    public var positions: [Point] { (0..<count).map(position(of:)) }
}
