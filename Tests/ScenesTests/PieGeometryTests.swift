// The pie chart's pixels against seed 004's formulas: canvas = 0.8 × width, radius = canvas × 3/8,
// line width = canvas × 2/8, centred, first slice from 12 o'clock clockwise. Pixels are sampled at
// known radii and fractions of the turn at several moments of the draw: exact slice colour inside
// the band, background outside it, blends on the anti-aliased edges, no seam where slices meet.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class PieGeometryTests: XCTestCase {
    static let red = Color(rgb: 0xC0392B), yellow = Color(rgb: 0xF1C40F), blue = Color(rgb: 0x3498DB)
    /// 50 % red (0…1 s), 25 % yellow (1…1.5 s), 25 % blue (1.5…2 s).
    static let config: PieConfig = {
        var c = PieConfig(slices: [PieSlice(label: "Red", value: 2, color: red),
                                   PieSlice(label: "Yellow", value: 1, color: yellow),
                                   PieSlice(label: "Blue", value: 1, color: blue)])
        c.backgroundColor = .white
        return c
    }()

    func render(_ scene: PieScene, width: Int = 240, height: Int = 240, at t: Double) throws -> Pixmap {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        scene.render(into: canvas, at: t)
        return canvas.pixmap
    }

    /// The pixel containing the point at `radius` px from the centre, `fraction` of the turn
    /// clockwise from 12 o'clock.
    func pixel(_ p: Pixmap, center: Point, radius: Double, fraction: Double) -> UInt32 {
        let a = -Double.pi / 2 + 2 * Double.pi * fraction
        return p[Int((center.x + radius * cos(a)).rounded(.down)), Int((center.y + radius * sin(a)).rounded(.down))]
    }

    /// One long category name is cut with "…" in the legend instead of taking every name off the
    /// chart (before, 800 × 600 with it showed percentages and no names at all).
    func testALongLabelIsCutInTheLegendNotDropped() throws {
        let config = PieConfig(slices: [PieSlice(label: "A very long category name here", value: 30, color: Self.red),
                                        PieSlice(label: "B", value: 50, color: Self.yellow),
                                        PieSlice(label: "C", value: 20, color: Self.blue)])
        let scene = try PieScene(config: config, resources: try WheelSnapshotTests.latinResources())
        let legend = try XCTUnwrap(scene.prepare(for: Size(width: 800, height: 600)).legend)
        XCTAssertEqual(legend.rows.map(\.label).dropFirst(), ["B", "C"])
        let first = try XCTUnwrap(legend.rows.first?.label)
        XCTAssertTrue(first.hasPrefix("A very") && first.hasSuffix("…"), first)
        let short = try PieScene(config: Self.config, resources: try WheelSnapshotTests.latinResources())
        XCTAssertEqual(short.prepare(for: Size(width: 800, height: 600)).legend?.rows.map(\.label), ["Red", "Yellow", "Blue"])
    }

    func testTheDonutFollowsTheSeedsFormulas() {
        let layout = PieLayout(frame: Size(width: 240, height: 240))
        XCTAssertEqual(layout.canvasSide, 192)
        XCTAssertEqual(layout.radius, 72)
        XCTAssertEqual(layout.lineWidth, 48)
        XCTAssertEqual(layout.center, Point(x: 120, y: 120))
        // Portrait: the width governs, as in the seed.
        let portrait = PieLayout(frame: Size(width: 720, height: 1280))
        XCTAssertEqual(portrait.radius, 216)
        XCTAssertEqual(portrait.lineWidth, 144)
        XCTAssertEqual(portrait.legendPlacement, .below)
        // Landscape too wide for the seed's donut (0.8 × 1280 > 720): min(width, height) instead.
        let wide = PieLayout(frame: Size(width: 1280, height: 720))
        XCTAssertEqual(wide.canvasSide, 576)
        XCTAssertEqual(wide.outerRadius, 288)
        XCTAssertEqual(wide.legendPlacement, .beside)
        for (w, h) in [(240.0, 240.0), (1280, 720), (720, 1280), (3840, 2160), (2160, 3840), (1280, 1024)] {
            let l = PieLayout(frame: Size(width: w, height: h))
            XCTAssertLessThanOrEqual(2 * l.outerRadius, min(w, h), "the donut fits \(w)×\(h)")
            XCTAssertEqual(l.center, Point(x: w / 2, y: h / 2))
        }
    }

    func testSlicesGrowOneAfterAnotherAtTheRightFraction() throws {
        let scene = try PieScene(config: Self.config, resources: try WheelSnapshotTests.latinResources())
        let c = Point(x: 120, y: 120)
        let bg = Color.white.premultiplied, red = Self.red.premultiplied
        let yellow = Self.yellow.premultiplied, blue = Self.blue.premultiplied

        // t = 0: nothing drawn yet.
        var p = try render(scene, at: 0)
        for f in stride(from: 0.02, to: 1, by: 0.05) where abs(f - 0.25) > 0.08 {
            XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: f), bg, "t 0, fraction \(f)")
        }

        // t = 0.5: red is half drawn (to 3 o'clock, fraction 0.25); yellow and blue are absent.
        p = try render(scene, at: 0.5)
        for r in [50.0, 60, 84, 94] {
            XCTAssertEqual(pixel(p, center: c, radius: r, fraction: 0.02), red, "r \(r)")
            XCTAssertEqual(pixel(p, center: c, radius: r, fraction: 0.2), red, "r \(r)")
            XCTAssertEqual(pixel(p, center: c, radius: r, fraction: 0.3), bg, "r \(r)")
            XCTAssertEqual(pixel(p, center: c, radius: r, fraction: 0.6), bg, "r \(r)")
            XCTAssertEqual(pixel(p, center: c, radius: r, fraction: 0.9), bg, "r \(r)")
        }
        // The trim ends on the horizontal through the centre: row 119 is red, row 120 background.
        for x in [170, 214] {
            XCTAssertEqual(p[x, 119], red, "x \(x)")
            XCTAssertEqual(p[x, 120], bg, "x \(x)")
        }

        // t = 0.25: red to fraction 0.125 (half past one): a diagonal trim edge, anti-aliased.
        p = try render(scene, at: 0.25)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.08), red)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.17), bg)
        let edge = pixel(p, center: c, radius: 72, fraction: 0.125)
        XCTAssertNotEqual(edge, red); XCTAssertNotEqual(edge, bg)

        // t = 1.25: red complete, yellow half (0.5 … 0.625), blue absent.
        p = try render(scene, at: 1.25)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.45), red)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.55), yellow)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.7), bg)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.8), bg)

        // t = 2 (exactly the duration): everything, in its place.
        p = try render(scene, at: 2)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.4), red)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.7), yellow)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.8), blue)
        XCTAssertEqual(pixel(p, center: c, radius: 60, fraction: 0.99), blue)
        // Outside the band and in the hole: background; on the band's edges: blends.
        for f in stride(from: 0.0, to: 1, by: 0.07) {
            XCTAssertEqual(pixel(p, center: c, radius: 46, fraction: f), bg, "hole, fraction \(f)")
            XCTAssertEqual(pixel(p, center: c, radius: 98.5, fraction: f), bg, "outside, fraction \(f)")
        }
        // Pixels whose centres lie within 0.2 px of the band's edges (r 48 and 96) are blends.
        var edges = 0
        for y in 0..<240 {
            for x in 120..<240 {
                let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                guard abs(d - 96) < 0.2 || abs(d - 48) < 0.2 else { continue }
                XCTAssertNotEqual(p[x, y], red, "(\(x), \(y)) at r \(d)")
                XCTAssertNotEqual(p[x, y], bg, "(\(x), \(y)) at r \(d)")
                edges += 1
            }
        }
        XCTAssertGreaterThan(edges, 50)
    }

    /// Where slices meet, the pixels are a blend of the two slices only: opaque, no background.
    func testNoSeamsWhereSlicesMeet() throws {
        let scene = try PieScene(config: Self.config, resources: try WheelSnapshotTests.latinResources())
        let p = try render(scene, at: 5)
        let c = Point(x: 120, y: 120)
        // Boundaries at 6 o'clock (red | yellow), 9 o'clock (yellow | blue), 12 (blue | red), and
        // along every pixel of each boundary's length, also at an angle (a 7-slice chart below).
        for r in stride(from: 50.0, through: 94, by: 1) {
            for f in [0.0, 0.5, 0.75] {
                let a = -Double.pi / 2 + 2 * Double.pi * f
                for dx in -1...1 {
                    let x = Int((c.x + r * cos(a)).rounded(.down)) + dx, y = Int((c.y + r * sin(a)).rounded(.down))
                    XCTAssertEqual(p[x, y] >> 24, 255, "seam at r \(r), fraction \(f), pixel (\(x), \(y))")
                }
            }
        }
        var config = PieConfig(slices: (0..<7).map { PieSlice(label: "", value: Double($0 + 1), color: PieConfig.palette[$0]) })
        config.backgroundColor = Color(rgb: 0x000000, alpha: 0)   // transparent: any seam shows in alpha
        let seven = try PieScene(config: config, resources: try WheelSnapshotTests.latinResources())
        let q = try render(seven, at: 5)
        for y in 0..<240 {
            for x in 0..<240 {
                let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                if d > 49.5 && d < 94.5 { XCTAssertEqual(q[x, y] >> 24, 255, "seam or hole at (\(x), \(y))") }
            }
        }
    }

    func testPercentagesAppearWhenTheirSliceStartsInAContrastingColour() throws {
        let scene = try PieScene(config: Self.config, resources: try WheelSnapshotTests.latinResources())
        // Label anchors (mid-angles on the 72 px centre line): red at 3 o'clock, yellow at
        // fraction 0.625, blue at 0.875.
        let layout = PieLayout(frame: Size(width: 240, height: 240))
        func box(_ f: Double) -> PixelRect {
            let a = -Double.pi / 2 + 2 * Double.pi * f
            let x = Int((layout.center.x + 72 * cos(a)).rounded()), y = Int((layout.center.y + 72 * sin(a)).rounded())
            return PixelRect(x: x - 20, y: y - 8, width: 40, height: 16)
        }
        /// Pixels in `rect` within 60 per channel of `color` (glyph cores; edges are blends).
        func count(_ p: Pixmap, _ rect: PixelRect, near color: Color) -> Int {
            var n = 0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let c = unpremultiply(p[x, y])
                    if abs(Int(c.red) - Int(color.red)) < 60, abs(Int(c.green) - Int(color.green)) < 60,
                       abs(Int(c.blue) - Int(color.blue)) < 60 { n += 1 }
                }
            }
            return n
        }
        // Just after the start: red's label shows, on the background, in black; the others don't.
        var p = try render(scene, at: 0.1)
        XCTAssertGreaterThan(count(p, box(0.25), near: .black), 10)
        XCTAssertEqual(count(p, box(0.625), near: .black), 0)
        XCTAssertEqual(count(p, box(0.875), near: .black), 0)
        // Red has reached its label: white on red (red's luminance is under 0.179).
        p = try render(scene, at: 0.9)
        XCTAssertGreaterThan(count(p, box(0.25), near: .white), 10)
        XCTAssertEqual(count(p, box(0.625), near: .black), 0)
        // Yellow started at 1.0: its label shows; blue's (starting at 1.5) still doesn't.
        p = try render(scene, at: 1.01)
        XCTAssertGreaterThan(count(p, box(0.625), near: .black), 10)
        XCTAssertEqual(count(p, box(0.875), near: .black), 0)
        // Done: yellow's label is black on yellow, blue's black on blue (luminance 0.28).
        p = try render(scene, at: 2)
        XCTAssertGreaterThan(count(p, box(0.625), near: .black), 10)
        XCTAssertGreaterThan(count(p, box(0.875), near: .black), 10)
        XCTAssertEqual(contrastingText(on: Self.red), .white)
        XCTAssertEqual(contrastingText(on: Self.yellow), .black)
        XCTAssertEqual(contrastingText(on: Color(rgb: 0x34495E)), .white)
    }

    func testLargeLandscapeFrameSamples() throws {
        let scene = try PieScene(config: Self.config, resources: try WheelSnapshotTests.latinResources())
        // 1280 × 720: canvas 576 (from the height), radius 216, line width 144, centre (640, 360).
        let p = try render(scene, width: 1280, height: 720, at: 1.25)
        let c = Point(x: 640, y: 360)
        XCTAssertEqual(pixel(p, center: c, radius: 160, fraction: 0.1), Self.red.premultiplied)
        XCTAssertEqual(pixel(p, center: c, radius: 280, fraction: 0.55), Self.yellow.premultiplied)
        XCTAssertEqual(pixel(p, center: c, radius: 216, fraction: 0.7), Color.white.premultiplied)
        XCTAssertEqual(pixel(p, center: c, radius: 290, fraction: 0.1), Color.white.premultiplied)
        XCTAssertEqual(pixel(p, center: c, radius: 142, fraction: 0.1), Color.white.premultiplied)
    }
}
