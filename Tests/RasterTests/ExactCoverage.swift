// Reference coverage for the rasterizer tests, computed independently of it: the exact area of a
// polygon inside each pixel square (Sutherland–Hodgman clip against the square, then the shoelace
// formula). Curved shapes use polygons of 8192 vertices, within 1e-5 px of the true curve.
import Foundation
import Raster

enum ExactCoverage {
    /// Area of `polygon` (any orientation, simple) inside the unit pixel at (px, py).
    static func areaInPixel(_ polygon: [Point], px: Int, py: Int) -> Double {
        var poly = polygon
        let x0 = Double(px), x1 = x0 + 1, y0 = Double(py), y1 = y0 + 1
        poly = clip(poly, inside: { $0.x >= x0 }, cross: { a, b in lerpX(a, b, x0) })
        poly = clip(poly, inside: { $0.x <= x1 }, cross: { a, b in lerpX(a, b, x1) })
        poly = clip(poly, inside: { $0.y >= y0 }, cross: { a, b in lerpY(a, b, y0) })
        poly = clip(poly, inside: { $0.y <= y1 }, cross: { a, b in lerpY(a, b, y1) })
        return abs(shoelace(poly))
    }

    static func shoelace(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    private static func lerpX(_ a: Point, _ b: Point, _ x: Double) -> Point {
        let t = (x - a.x) / (b.x - a.x); return Point(x: x, y: a.y + (b.y - a.y) * t)
    }
    private static func lerpY(_ a: Point, _ b: Point, _ y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y); return Point(x: a.x + (b.x - a.x) * t, y: y)
    }
    private static func clip(_ poly: [Point], inside: (Point) -> Bool, cross: (Point, Point) -> Point) -> [Point] {
        guard !poly.isEmpty else { return [] }
        var out: [Point] = []
        var prev = poly[poly.count - 1]
        for cur in poly {
            switch (inside(prev), inside(cur)) {
            case (true, true): out.append(cur)
            case (true, false): out.append(cross(prev, cur))
            case (false, true): out.append(cross(prev, cur)); out.append(cur)
            case (false, false): break
            }
            prev = cur
        }
        return out
    }

    /// The true circle (or arc) as a fine polygon, clockwise from `start` through `sweep` radians.
    static func arcPoints(center: Point, radius: Double, start: Double, sweep: Double, count: Int = 8192) -> [Point] {
        (0...count).map { i in
            let a = start + sweep * Double(i) / Double(count)
            return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
    }

    /// Exact coverage map (0…1) of the union of `polygons` with signs (+1 adds, −1 removes a hole).
    static func coverageMap(width: Int, height: Int, _ polygons: [(points: [Point], sign: Double)]) -> [Double] {
        var map = [Double](repeating: 0, count: width * height)
        for (points, sign) in polygons {
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            let ix0 = max(0, Int(x0.rounded(.down))), iy0 = max(0, Int(y0.rounded(.down)))
            let ix1 = min(width - 1, Int(x1.rounded(.up))), iy1 = min(height - 1, Int(y1.rounded(.up)))
            guard ix0 <= ix1, iy0 <= iy1 else { continue }
            // Only pixels near the boundary need clipping; the rest are wholly in or out.
            for y in iy0...iy1 {
                // Clip to the row's strip once, so each pixel clips only the few vertices near it.
                let top = Double(y), bottom = top + 1
                var strip = clip(points, inside: { $0.y >= top }, cross: { a, b in lerpY(a, b, top) })
                strip = clip(strip, inside: { $0.y <= bottom }, cross: { a, b in lerpY(a, b, bottom) })
                guard strip.count >= 3 else { continue }
                for x in ix0...ix1 {
                    let left = Double(x), right = left + 1
                    var cell = clip(strip, inside: { $0.x >= left }, cross: { a, b in lerpX(a, b, left) })
                    cell = clip(cell, inside: { $0.x <= right }, cross: { a, b in lerpX(a, b, right) })
                    map[y * width + x] += sign * abs(shoelace(cell))
                }
            }
        }
        return map
    }
}
