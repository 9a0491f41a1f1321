// Strokes drawn through Canvas and measured against exact geometry: total coverage (Σ alpha/255)
// against the exact area, and per-pixel coverage against exact per-pixel areas where those are easy
// to compute independently (axis-aligned rectangles; a ring integrated analytically row by row).
import Foundation
import XCTest
@testable import Raster

final class StrokerTests: XCTestCase {
    // MARK: Helpers

    private func draw(_ path: Path, _ style: StrokeStyle, width: Int = 128, height: Int = 128) -> Pixmap {
        let canvas = Canvas(width: width, height: height)!
        canvas.stroke(path, style: style, color: .black)
        return canvas.pixmap
    }

    private func alpha(_ p: Pixmap, _ x: Int, _ y: Int) -> Int { Int(p[x, y] >> 24) }

    private func coveredArea(_ p: Pixmap) -> Double {
        p.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    }

    private func assertArea(_ p: Pixmap, _ expected: Double, tolerance: Double = 0.005,
                            file: StaticString = #filePath, line: UInt = #line) {
        let actual = coveredArea(p)
        XCTAssertEqual(actual, expected, accuracy: expected * tolerance,
                       "covered \(actual) px², exact \(expected) px²", file: file, line: line)
    }

    private func line(_ a: Point, _ b: Point) -> Path {
        var path = Path(); path.move(to: a); path.line(to: b); return path
    }

    /// Area of [x0, x1] × [y0, y1] inside pixel (px, py).
    private func overlap(_ px: Int, _ py: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let w = min(Double(px + 1), x1) - max(Double(px), x0), h = min(Double(py + 1), y1) - max(Double(py), y0)
        return max(w, 0) * max(h, 0)
    }

    // MARK: Caps and width

    func testButtCappedDiagonalLineCoversWidthTimesLength() {
        let a = Point(x: 20.3, y: 30.7), b = Point(x: 100.1, y: 90.2)
        assertArea(draw(line(a, b), StrokeStyle(width: 8)), 8 * a.distance(to: b))
    }

    func testRoundCapsAddAHalfDiscAtEachEnd() {
        let a = Point(x: 20.3, y: 30.7), b = Point(x: 100.1, y: 90.2)
        assertArea(draw(line(a, b), StrokeStyle(width: 8, cap: .round)), 8 * a.distance(to: b) + .pi * 16)
    }

    func testSquareCapsExtendByHalfTheWidth() {
        let a = Point(x: 20.3, y: 30.7), b = Point(x: 100.1, y: 90.2)
        assertArea(draw(line(a, b), StrokeStyle(width: 8, cap: .square)), 8 * (a.distance(to: b) + 8))
    }

    func testHorizontalLineIsExactPerPixel() {
        let p = draw(line(Point(x: 10.25, y: 40.5), Point(x: 90.75, y: 40.5)), StrokeStyle(width: 5.4, cap: .square))
        for y in 30..<52 {
            for x in 0..<100 {
                let exact = overlap(x, y, 10.25 - 2.7, 40.5 - 2.7, 90.75 + 2.7, 40.5 + 2.7)
                XCTAssertEqual(Double(alpha(p, x, y)), exact * 255, accuracy: 1, "pixel (\(x), \(y))")
            }
        }
    }

    // MARK: Joins

    /// Right along y = 80.3, then up along x = 80.3: a 90° left turn with its outer corner at bottom right.
    private var corner: Path {
        var path = Path()
        path.move(to: Point(x: 20.3, y: 80.3)); path.line(to: Point(x: 80.3, y: 80.3)); path.line(to: Point(x: 80.3, y: 20.3))
        return path
    }

    func testMiterCornerIsExactPerPixel() {
        // The stroke is two disjoint rectangles; no pixel may be counted twice where the segments overlap.
        let p = draw(corner, StrokeStyle(width: 10, join: .miter))
        for y in 10..<95 {
            for x in 10..<95 {
                let exact = overlap(x, y, 20.3, 75.3, 85.3, 85.3) + overlap(x, y, 75.3, 20.3, 85.3, 75.3)
                XCTAssertEqual(Double(alpha(p, x, y)), exact * 255, accuracy: 1, "pixel (\(x), \(y))")
            }
        }
    }

    func testJoinsFillTheOuterCornerByTheirExactArea() {
        let legs = 60.0 * 10 + 60 * 10 - 25
        assertArea(draw(corner, StrokeStyle(width: 10, join: .miter)), legs + 25)
        assertArea(draw(corner, StrokeStyle(width: 10, join: .bevel)), legs + 12.5)
        assertArea(draw(corner, StrokeStyle(width: 10, join: .round)), legs + .pi * 25 / 4)
    }

    func testMiterBeyondTheLimitBecomesABevel() {
        // A 90° corner's miter is √2 widths long.
        let legs = 60.0 * 10 + 60 * 10 - 25
        assertArea(draw(corner, StrokeStyle(width: 10, join: .miter, miterLimit: 1.4)), legs + 12.5)
        assertArea(draw(corner, StrokeStyle(width: 10, join: .miter, miterLimit: 1.42)), legs + 25)
    }

    // MARK: Circles

    func testCircleStrokeCoversTheRingArea() {
        let p = draw(.circle(center: Point(x: 60.3, y: 61.7), radius: 40), StrokeStyle(width: 10))
        assertArea(p, .pi * (45.0 * 45 - 35 * 35))
    }

    /// Exact coverage of pixel (px, py) by the ring ri ≤ |q − c| ≤ ro: the length of each of 256
    /// horizontal lines through the pixel inside the ring, computed in closed form and averaged.
    private func ringCoverage(_ px: Int, _ py: Int, center c: Point, inner ri: Double, outer ro: Double) -> Double {
        let rows = 256
        var sum = 0.0
        for k in 0..<rows {
            let dy = Double(py) + (Double(k) + 0.5) / Double(rows) - c.y
            guard dy * dy < ro * ro else { continue }
            let b = (ro * ro - dy * dy).squareRoot(), a = (max(ri * ri - dy * dy, 0)).squareRoot()
            let x0 = Double(px), x1 = x0 + 1
            sum += max(min(x1, c.x - a) - max(x0, c.x - b), 0) + max(min(x1, c.x + b) - max(x0, c.x + a), 0)
        }
        return sum / Double(rows)
    }

    func testThickCircleHasNoSeamsAndExactEdges() {
        let c = Point(x: 60.3, y: 61.7), r = 40.0, h = 5.0
        for join in [LineJoin.miter, .round, .bevel] {
            let p = draw(.circle(center: c, radius: r), StrokeStyle(width: 2 * h, join: join))
            var worst = 0.0, worstAt = (0, 0)
            for y in 0..<p.height {
                for x in 0..<p.width {
                    let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                    let a = alpha(p, x, y)
                    if abs(d - r) <= h - 1 { XCTAssertEqual(a, 255, "speck inside the ring at (\(x), \(y)), \(join)") }
                    if abs(d - r) >= h + 1 { XCTAssertEqual(a, 0, "paint outside the ring at (\(x), \(y)), \(join)") }
                    let exact = ringCoverage(x, y, center: c, inner: r - h, outer: r + h) * 255
                    if abs(Double(a) - exact) > worst { worst = abs(Double(a) - exact); worstAt = (x, y) }
                }
            }
            XCTAssertLessThanOrEqual(worst, 4, "edge coverage off by \(worst)/255 at \(worstAt), \(join)")
        }
    }

    // MARK: Trim

    func testQuarterTrimOfACircleIsAButtEndedQuarterRing() {
        let c = Point(x: 60.3, y: 61.7)
        let p = draw(.circle(center: c, radius: 40), StrokeStyle(width: 10, trimStart: 0, trimEnd: 0.25))
        assertArea(p, .pi * 40 * 5)
        XCTAssertEqual(alpha(p, Int(c.x + 28.3), Int(c.y - 28.3)), 255, "12 to 3 o'clock is drawn")
        XCTAssertEqual(alpha(p, Int(c.x - 28.3), Int(c.y - 28.3)), 0, "9 to 12 o'clock is not")
        XCTAssertEqual(alpha(p, Int(c.x + 28.3), Int(c.y + 28.3)), 0, "3 to 6 o'clock is not")
    }

    func testTrimmedClosedContourGetsCapsAtTheTrimEnds() {
        let circle = Path.circle(center: Point(x: 60.3, y: 61.7), radius: 40)
        assertArea(draw(circle, StrokeStyle(width: 10, cap: .round, trimStart: 0.25, trimEnd: 0.5)),
                   .pi * 40 * 5 + .pi * 25)
        // The full trim keeps the circle closed: no caps overlapping at 12 o'clock.
        assertArea(draw(circle, StrokeStyle(width: 10, cap: .round, trimStart: 0, trimEnd: 1)), .pi * 40 * 20)
    }

    func testTrimIsAFractionOfTheWholePathAcrossContours() {
        var two = line(Point(x: 10, y: 30.5), Point(x: 60, y: 30.5))
        two.move(to: Point(x: 10, y: 60.5)); two.line(to: Point(x: 60, y: 60.5))
        let p = draw(two, StrokeStyle(width: 6, trimStart: 0.25, trimEnd: 0.75))
        assertArea(p, 50 * 6)
        XCTAssertEqual(alpha(p, 20, 30), 0, "the first quarter is trimmed off")
        XCTAssertEqual(alpha(p, 50, 30), 255)
        XCTAssertEqual(alpha(p, 20, 60), 255)
        XCTAssertEqual(alpha(p, 50, 60), 0, "the last quarter is trimmed off")
    }

    func testTrimClipsDashesWithoutMovingThem() {
        // Dashes on 0–10, 15–25, 30–40, 45–55 of a 100 px line; the window 5…50 keeps 5 + 10 + 10 + 5.
        let p = draw(horizontal, StrokeStyle(width: 6, dash: [10, 5], trimStart: 0.05, trimEnd: 0.5))
        assertArea(p, 30 * 6)
        XCTAssertEqual(alpha(p, 10 + 20, 40), 255, "the dash on 15–25 stays there")
        XCTAssertEqual(alpha(p, 10 + 12, 40), 0, "the gap on 10–15 stays there")
    }

    func testTrimStartAtOrAfterEndDrawsNothing() {
        let circle = Path.circle(center: Point(x: 60, y: 60), radius: 40)
        XCTAssertEqual(coveredArea(draw(circle, StrokeStyle(width: 10, trimStart: 0.5, trimEnd: 0.5))), 0)
        XCTAssertEqual(coveredArea(draw(circle, StrokeStyle(width: 10, trimStart: 0.7, trimEnd: 0.2))), 0)
        XCTAssertEqual(coveredArea(draw(circle, StrokeStyle(width: 10, trimStart: .nan))), 0)
    }

    // MARK: Dashes

    private var horizontal: Path { line(Point(x: 10, y: 40.5), Point(x: 110, y: 40.5)) }

    func testDashesCoverTheirOnLengths() {
        assertArea(draw(horizontal, StrokeStyle(width: 6, dash: [10, 5])), 70 * 6)
        assertArea(draw(horizontal, StrokeStyle(width: 6, dash: [10, 5], dashPhase: 3)), 67 * 6)
        assertArea(draw(horizontal, StrokeStyle(width: 6, dash: [10, 5], dashPhase: -12)), 67 * 6)
        // An odd count repeats: [10] is 10 on, 10 off.
        assertArea(draw(horizontal, StrokeStyle(width: 6, dash: [10])), 50 * 6)
    }

    func testZeroLengthDashesWithRoundCapsAreDots() {
        let p = draw(horizontal, StrokeStyle(width: 8, cap: .round, dash: [0, 20]))
        assertArea(p, 6 * .pi * 16)
        XCTAssertEqual(alpha(p, 30, 40), 255, "a dot at 20 px")
        XCTAssertEqual(alpha(p, 40, 40), 0, "nothing between dots")
        XCTAssertEqual(coveredArea(draw(horizontal, StrokeStyle(width: 8, cap: .butt, dash: [0, 20]))), 0)
    }

    func testDashedCircleJoinsItsLastDashToItsFirst() {
        // On from 0 to 15 and from 235 to the end (251.3): one dash across 12 o'clock, not two capped ones.
        let circle = Path.circle(center: Point(x: 60.3, y: 61.7), radius: 40)
        let length = 2 * Double.pi * 40
        let on = 15 + 4 * 30 + (length - 235)
        assertArea(draw(circle, StrokeStyle(width: 6, cap: .round, dash: [30, 20], dashPhase: 15)), on * 6 + 5 * .pi * 9)
    }

    func testPatternsThatCannotBeDashedStrokeSolid() {
        let solid = coveredArea(draw(horizontal, StrokeStyle(width: 6)))
        for pattern: [Double] in [[0, 0], [-1, 5], [5, -1], [.nan, 3], [.infinity, 2], [4, 0], [1e-9, 1e-9]] {
            XCTAssertEqual(coveredArea(draw(horizontal, StrokeStyle(width: 6, dash: pattern))), solid, accuracy: 1e-9,
                           "pattern \(pattern)")
        }
    }

    // MARK: Degenerate input

    func testASinglePointIsADotOrASquareOrNothing() {
        var point = Path(); point.move(to: Point(x: 40.3, y: 40.6)); point.line(to: Point(x: 40.3, y: 40.6))
        assertArea(draw(point, StrokeStyle(width: 10, cap: .round)), .pi * 25)
        assertArea(draw(point, StrokeStyle(width: 10, cap: .square)), 100)
        XCTAssertEqual(coveredArea(draw(point, StrokeStyle(width: 10, cap: .butt))), 0)
    }

    func testRepeatedPointsChangeNothing() {
        var path = Path()
        path.move(to: Point(x: 20.3, y: 80.3))
        for _ in 0..<3 { path.line(to: Point(x: 20.3, y: 80.3)) }
        path.line(to: Point(x: 80.3, y: 80.3)); path.line(to: Point(x: 80.3, y: 80.3 + 1e-9))
        path.line(to: Point(x: 80.3, y: 80.3)); path.line(to: Point(x: 80.3, y: 20.3)); path.line(to: Point(x: 80.3, y: 20.3))
        for join in [LineJoin.miter, .round, .bevel] {
            XCTAssertEqual(draw(path, StrokeStyle(width: 10, cap: .round, join: join)),
                           draw(corner, StrokeStyle(width: 10, cap: .round, join: join)), "\(join)")
        }
    }

    func testBadWidthsDrawNothing() {
        for width in [0, -3, .nan, .infinity] {
            XCTAssertEqual(coveredArea(draw(horizontal, StrokeStyle(width: width, cap: .round))), 0, "width \(width)")
        }
    }

    func testHugeCoordinatesDoNotTrap() {
        let across = draw(line(Point(x: -1e15, y: 40.5), Point(x: 1e15, y: 40.5)), StrokeStyle(width: 6, cap: .round))
        XCTAssertEqual(alpha(across, 64, 40), 255)
        XCTAssertEqual(alpha(across, 64, 30), 0)
        for path in [line(Point(x: -1e300, y: 0), Point(x: 1e300, y: 5)), line(Point(x: .nan, y: 0), Point(x: 5, y: .infinity))] {
            _ = draw(path, StrokeStyle(width: 6, cap: .round, join: .round, dash: [3, 2], trimStart: 0.1, trimEnd: 0.9))
        }
    }

    func testTightTurnsAndReversalsStayFilled() {
        // A path that doubles back on itself and a tiny circle under a thick pen: no holes inside.
        var back = Path()
        back.move(to: Point(x: 20, y: 40)); back.line(to: Point(x: 100, y: 40)); back.line(to: Point(x: 30, y: 40.5))
        for join in [LineJoin.miter, .round, .bevel] {
            let p = draw(back, StrokeStyle(width: 10, join: join))
            for x in 31..<99 { XCTAssertEqual(alpha(p, x, 40), 255, "(\(x), 40), \(join)") }
        }
        let dot = draw(.circle(center: Point(x: 60, y: 60), radius: 3), StrokeStyle(width: 20))
        assertArea(dot, .pi * 13 * 13, tolerance: 0.01)
        XCTAssertEqual(alpha(dot, 60, 60), 255, "the centre of a circle thinner than the pen is covered")
    }
}
