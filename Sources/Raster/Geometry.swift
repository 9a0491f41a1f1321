// Points, sizes and rectangles in pixels. y grows downward; (0, 0) is the top-left corner of the
// top-left pixel, so pixel (x, y) covers [x, x+1) × [y, y+1) and its centre is (x + 0.5, y + 0.5).

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The point at `radius` from `center` in `direction` (see ``Angle``: 0 is 3 o'clock, clockwise positive).
    public static func onCircle(center: Point, radius: Double, at direction: Angle) -> Point {
        Point(x: center.x + radius * direction.cos, y: center.y + radius * direction.sin)
    }
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle; `minX`/`minY` inclusive, `maxX`/`maxY` exclusive.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(center: Point, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    public func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}

/// Columns `x0..<x1` of row `y`: a run of whole pixels (see `Canvas.draw(_:transform:spans:)`).
public struct PixelSpan: Hashable, Sendable {
    public var y: Int32
    public var x0: Int32
    public var x1: Int32
    public init(y: Int, x0: Int, x1: Int) {
        self.y = Int32(truncatingIfNeeded: y); self.x0 = Int32(truncatingIfNeeded: x0); self.x1 = Int32(truncatingIfNeeded: x1)
    }
}

/// A rectangle of whole pixels, for clipping and dirty regions.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// The smallest pixel rectangle that contains `rect` (NaN or infinite edges give an empty rectangle).
    public init(enclosing rect: Rect) {
        guard rect.x.isFinite, rect.y.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, !rect.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0); return
        }
        let limit = Double(Int32.max / 2)
        let x0 = Int(max(-limit, rect.minX).rounded(.down)), y0 = Int(max(-limit, rect.minY).rounded(.down))
        let x1 = Int(min(limit, rect.maxX).rounded(.up)), y1 = Int(min(limit, rect.maxY).rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
