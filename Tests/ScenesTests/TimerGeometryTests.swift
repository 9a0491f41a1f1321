// The ring against seed 001's formulas: centre (W/2, H/2), radius min(W, H)/2 − 5, width 10, progress
// from 12 o'clock clockwise to the elapsed fraction. Pixels well inside the band must be exactly the
// progress or track colour; every pixel near an edge (inner, outer, or where progress meets track)
// must match the colour expected from its exact area, which the test computes on its own (exact
// chords along 1024 rows per pixel; point sampling where progress meets track), not with the rasterizer.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class TimerGeometryTests: XCTestCase {
    static let blue = Color(rgb: 0x0000FF), gray = Color(rgb: 0xAAAAAA), white = Color.white

    /// A 1000 s timer at `progress` (a multiple of 0.001: t = 1000 · progress s, and t / 1000 is
    /// the same double as the literal).
    func render(progress: Double, width: Int, height: Int) throws -> (Pixmap, TimerLayout) {
        let scene = try TimerScene(config: try TimerConfig.defaults.withDuration(1000), resources: try TimerSnapshotTests.latinResources())
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        let t = (1000 * progress).rounded()
        scene.render(into: canvas, at: t)
        XCTAssertEqual(scene.status(at: t).position.progress, progress)
        return (canvas.pixmap, TimerLayout(frame: Size(width: Double(width), height: Double(height))))
    }

    /// The pixel containing the point at `radius` from the centre, `degrees` clockwise from 3 o'clock.
    func pixel(_ layout: TimerLayout, degrees: Double, radius: Double) -> (x: Int, y: Int) {
        let p = Point.onCircle(center: layout.center, radius: radius, at: .degrees(degrees))
        return (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }

    /// Clockwise fraction of a turn from 12 o'clock to the point, in [0, 1).
    static func turn(from center: Point, to p: Point) -> Double {
        var a = atan2(p.y - center.y, p.x - center.x) + Double.pi / 2
        if a < 0 { a += 2 * Double.pi }
        return a / (2 * Double.pi)
    }

    /// The colour of pixel (x, y) in the ideal picture (opaque, so straight = premultiplied). Away
    /// from the progress/track boundary the pixel is one colour over white, with the band's area
    /// exact along each of 1024 rows; across the boundary, 128 × 128 point samples.
    func expected(_ layout: TimerLayout, progress: Double, x: Int, y: Int, crossesSplit: Bool) -> (r: Double, g: Double, b: Double) {
        if !crossesSplit {
            let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
            let c = Self.turn(from: layout.center, to: centre) < progress ? Self.blue : Self.gray
            let rows = 1024
            var area = 0.0
            for j in 0..<rows {
                let dy = Double(y) + (Double(j) + 0.5) / Double(rows) - layout.center.y
                func chord(_ radius: Double) -> Double {
                    guard abs(dy) < radius else { return 0 }
                    let h = (radius * radius - dy * dy).squareRoot()
                    return max(0, min(Double(x + 1), layout.center.x + h) - max(Double(x), layout.center.x - h))
                }
                area += chord(layout.outerRadius) - chord(layout.innerRadius)
            }
            let k = area / Double(rows)
            return (Double(c.red) * k + 255 * (1 - k), Double(c.green) * k + 255 * (1 - k), Double(c.blue) * k + 255 * (1 - k))
        }
        let n = 128
        var r = 0.0, g = 0.0, b = 0.0
        for j in 0..<n {
            for i in 0..<n {
                let p = Point(x: Double(x) + (Double(i) + 0.5) / Double(n), y: Double(y) + (Double(j) + 0.5) / Double(n))
                let d = p.distance(to: layout.center)
                let c: Color
                if d < layout.innerRadius || d > layout.outerRadius { c = Self.white } else {
                    c = Self.turn(from: layout.center, to: p) < progress ? Self.blue : Self.gray
                }
                r += Double(c.red); g += Double(c.green); b += Double(c.blue)
            }
        }
        let count = Double(n * n)
        return (r / count, g / count, b / count)
    }

    func assertPixel(_ pixmap: Pixmap, _ x: Int, _ y: Int, is color: Color, _ what: String, line: UInt = #line) {
        XCTAssertEqual(String(pixmap[x, y], radix: 16), String(color.premultiplied, radix: 16), "(\(x), \(y)) \(what)", line: line)
    }

    /// Every pixel whose centre lies within 2 px of the band's inner or outer edge, or within 2 px
    /// of the progress/track boundary, against its ideal colour. Tolerance 1.5/255: 0.5 for the
    /// pixel's rounding, the rest for chords (≤ 1/256 px from the arc) and the sampling's own error;
    /// the worst seen is 1.1.
    func assertEdges(_ pixmap: Pixmap, _ layout: TimerLayout, progress: Double, line: UInt = #line) {
        var checked = 0, worst = 0.0
        let boundary = Angle.twelveOClock + Angle.fullTurn * progress
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let c = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let d = c.distance(to: layout.center)
                let nearRim = abs(d - layout.innerRadius) < 2 || abs(d - layout.outerRadius) < 2
                // Distance from the pixel centre to the boundary ray (only on the ray's side).
                let ux = boundary.cos, uy = boundary.sin
                let along = (c.x - layout.center.x) * ux + (c.y - layout.center.y) * uy
                let across = abs(-(c.x - layout.center.x) * uy + (c.y - layout.center.y) * ux)
                let nearSplit = progress > 0 && progress < 1 && along > 0 && across < 2
                    && d > layout.innerRadius - 2 && d < layout.outerRadius + 2
                guard nearRim || nearSplit else { continue }
                let e = expected(layout, progress: progress, x: x, y: y, crossesSplit: nearSplit)
                let p = pixmap[x, y]
                XCTAssertEqual(p >> 24, 255, "(\(x), \(y)) opaque", line: line)
                let actual = (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
                let error = max(abs(actual.0 - e.r), abs(actual.1 - e.g), abs(actual.2 - e.b))
                worst = max(worst, error)
                if error > 1.5 {
                    XCTFail("(\(x), \(y)) at progress \(progress): expected ≈ (\(e.r), \(e.g), \(e.b)), actual \(actual)", line: line)
                    return
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100, line: line)
    }

    func testTheSeedsGeometry() {
        let square = TimerLayout(frame: Size(width: 200, height: 200))
        XCTAssertEqual(square.center, Point(x: 100, y: 100))
        XCTAssertEqual(square.radius, 95)
        XCTAssertEqual(square.lineWidth, 10)
        let portrait = TimerLayout(frame: Size(width: 160, height: 240))
        XCTAssertEqual(portrait.center, Point(x: 80, y: 120))
        XCTAssertEqual(portrait.radius, 75)
        let wide = TimerLayout(frame: Size(width: 3840, height: 2160))
        XCTAssertEqual(wide.radius, 1075)
        XCTAssertEqual(wide.lineWidth, 10, "the seed's width, whatever the size")
        let scaled = TimerLayout(frame: Size(width: 3840, height: 2160), scaleWithFrame: true)
        XCTAssertEqual(scaled.lineWidth, 90)
        XCTAssertEqual(scaled.radius, 1080 - 45)
        XCTAssertEqual(TimerLayout(frame: Size(width: 240, height: 240), scaleWithFrame: true), TimerLayout(frame: Size(width: 240, height: 240)))
    }

    func testZeroPercentIsAllTrack() throws {
        for (w, h) in [(200, 200), (160, 240)] {
            let (pixmap, layout) = try render(progress: 0, width: w, height: h)
            for degrees in stride(from: -90.0, to: 270, by: 15) {
                let (x, y) = pixel(layout, degrees: degrees, radius: layout.radius)
                assertPixel(pixmap, x, y, is: Self.gray, "track at \(degrees)°")
            }
            assertPixel(pixmap, 2, 2, is: Self.white, "outside the ring, in the corner")
            assertEdges(pixmap, layout, progress: 0)
        }
    }

    func testThirtySevenPercent() throws {
        for (w, h) in [(200, 200), (160, 240)] {
            let (pixmap, layout) = try render(progress: 0.37, width: w, height: h)
            for fraction in [0.02, 0.1, 0.3, 0.35] {
                let (x, y) = pixel(layout, degrees: -90 + fraction * 360, radius: layout.radius)
                assertPixel(pixmap, x, y, is: Self.blue, "progress at \(fraction) of a turn")
            }
            for fraction in [0.4, 0.5, 0.75, 0.98] {
                let (x, y) = pixel(layout, degrees: -90 + fraction * 360, radius: layout.radius)
                assertPixel(pixmap, x, y, is: Self.gray, "track at \(fraction) of a turn")
            }
            // Just inside and just outside the band at 0.3 of a turn.
            let inside = pixel(layout, degrees: -90 + 0.3 * 360, radius: layout.innerRadius + 2)
            assertPixel(pixmap, inside.x, inside.y, is: Self.blue, "inner edge of the band")
            let beyond = pixel(layout, degrees: -90 + 0.3 * 360, radius: layout.outerRadius + 2)
            assertPixel(pixmap, beyond.x, beyond.y, is: Self.white, "beyond the band")
            assertEdges(pixmap, layout, progress: 0.37)
        }
    }

    func testWhereProgressMeetsTrackThereIsNoSeam() throws {
        // A seam would let the white background into pixels the boundary crosses: a mix of blue
        // (0, 0, 255) and gray (170, 170, 170) alone has R = G and B = 255 − R/2.
        let (pixmap, layout) = try render(progress: 0.37, width: 200, height: 200)
        var crossed = 0
        // Radii at least 1.5 px inside the band, so no sampled pixel reaches its inner or outer edge.
        for r in stride(from: layout.innerRadius + 1.5, through: layout.outerRadius - 1.5, by: 0.5) {
            for offset in [-0.6, -0.3, 0, 0.3, 0.6] {
                let (x, y) = pixel(layout, degrees: -90 + 0.37 * 360 + offset * 180 / (Double.pi * r), radius: r)
                let p = pixmap[x, y]
                let red = Int(p >> 16 & 0xFF), green = Int(p >> 8 & 0xFF), blue = Int(p & 0xFF)
                XCTAssertEqual(red, green, "(\(x), \(y))")
                XCTAssertEqual(Double(blue), 255 - Double(red) / 2, accuracy: 1.5, "(\(x), \(y)) \(String(p, radix: 16))")
                if red > 0, red < 170 { crossed += 1 }
            }
        }
        XCTAssertGreaterThan(crossed, 5, "the samples straddle the boundary")
    }

    func testNinetyNineNinePercentLeavesAGapAtTwelve() throws {
        let (pixmap, layout) = try render(progress: 0.999, width: 200, height: 200)
        for fraction in [0.05, 0.5, 0.99] {
            let (x, y) = pixel(layout, degrees: -90 + fraction * 360, radius: layout.radius)
            assertPixel(pixmap, x, y, is: Self.blue, "progress at \(fraction) of a turn")
        }
        // The gap is 0.001 · 2π · 95 ≈ 0.6 px wide, just left of 12 o'clock: pixel (99, 5) is part
        // gray, part blue; its right-hand neighbour, past 12 o'clock, is all blue.
        let e = expected(layout, progress: 0.999, x: 99, y: 5, crossesSplit: true)
        XCTAssertGreaterThan(e.r, 80)
        XCTAssertEqual(Double(pixmap[99, 5] >> 16 & 0xFF), e.r, accuracy: 3)
        assertPixel(pixmap, 100, 5, is: Self.blue, "just past 12 o'clock")
        assertEdges(pixmap, layout, progress: 0.999)
    }

    func testOneHundredPercentIsAllProgress() throws {
        for (w, h) in [(200, 200), (160, 240)] {
            let (pixmap, layout) = try render(progress: 1, width: w, height: h)
            for degrees in stride(from: -90.0, to: 270, by: 15) {
                let (x, y) = pixel(layout, degrees: degrees, radius: layout.radius)
                assertPixel(pixmap, x, y, is: Self.blue, "progress at \(degrees)°")
            }
            // 12 o'clock, where the ring starts and ends: no seam.
            let top = Int(layout.center.y - layout.outerRadius), bottom = Int(layout.center.y - layout.innerRadius)
            for y in (top + 1)..<bottom {
                for x in [Int(layout.center.x) - 1, Int(layout.center.x)] { assertPixel(pixmap, x, y, is: Self.blue, "at 12 o'clock") }
            }
            assertEdges(pixmap, layout, progress: 1)
        }
    }
}
