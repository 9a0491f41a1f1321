// The rasterizer's per-pixel coverage against exact geometry: discs, sectors, rings and thin
// rotated rectangles, drawn opaque white on transparent so a pixel's alpha is its coverage.
// The bar: mean error ≤ 0.5/255 and max error ≤ 4/255 over every pixel the shape touches.
import Foundation
import Motion   // SeededGenerator: random inputs that repeat, so a failure can be reproduced
import XCTest
@testable import Raster

final class CoverageTests: XCTestCase {
    let size = 64

    /// Renders `path` and compares alpha/255 with `exact`; returns (mean, max) error in 1/255 units.
    func errors(_ path: Path, rule: FillRule = .nonZero, exact: [Double],
                file: StaticString = #filePath, line: UInt = #line) -> (mean: Double, max: Double) {
        let canvas = Canvas(width: size, height: size)!
        canvas.fill(path, color: .white, rule: rule)
        var sum = 0.0, worst = 0.0, count = 0, worstAt = (0, 0)
        for y in 0..<size {
            for x in 0..<size {
                let want = min(1, max(0, exact[y * size + x]))
                let got = Double(canvas.pixmap[x, y] >> 24) / 255
                guard want > 0 || got > 0 else { continue }
                let e = abs(got - want) * 255
                sum += e; count += 1
                if e > worst { worst = e; worstAt = (x, y) }
            }
        }
        let mean = count == 0 ? 0 : sum / Double(count)
        XCTAssertLessThanOrEqual(mean, 0.5, "mean error in 1/255", file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 4, "max error in 1/255 at pixel \(worstAt)", file: file, line: line)
        XCTAssertGreaterThan(count, 0, "the shape drew nothing", file: file, line: line)
        return (mean, worst)
    }

    func testDiscsAtSubpixelCentres() {
        for (cx, cy, r) in [(32.0, 32.0, 20.0), (31.3, 30.77, 13.6), (20.5, 40.25, 3.3), (33.1, 31.9, 0.7)] {
            let c = Point(x: cx, y: cy)
            let exact = ExactCoverage.coverageMap(width: size, height: size,
                [(ExactCoverage.arcPoints(center: c, radius: r, start: 0, sweep: 2 * .pi), 1)])
            let e = errors(.circle(center: c, radius: r), exact: exact)
            print("disc r=\(r): mean \(e.mean) max \(e.max) (1/255)")
        }
    }

    func testSectorsAtOddAngles() {
        let c = Point(x: 31.6, y: 32.3)
        for (start, end) in [(-90.0, -45.0), (17.0, 131.0), (200.0, 211.0), (-100.0, 190.0)] {
            let s = start * .pi / 180, sweep = (end - start) * .pi / 180
            let poly = [c] + ExactCoverage.arcPoints(center: c, radius: 27, start: s, sweep: sweep)
            let exact = ExactCoverage.coverageMap(width: size, height: size, [(poly, 1)])
            let e = errors(.sector(center: c, radius: 27, start: .degrees(start), end: .degrees(end)), exact: exact)
            print("sector \(start)…\(end): mean \(e.mean) max \(e.max)")
        }
    }

    func testRingAndRingArc() {
        let c = Point(x: 32.2, y: 31.7)
        let outer = ExactCoverage.arcPoints(center: c, radius: 28, start: 0, sweep: 2 * .pi)
        let inner = ExactCoverage.arcPoints(center: c, radius: 19.5, start: 0, sweep: 2 * .pi)
        let ringExact = ExactCoverage.coverageMap(width: size, height: size, [(outer, 1), (inner, -1)])
        _ = errors(.ringSector(center: c, innerRadius: 19.5, outerRadius: 28, start: .zero, end: .fullTurn), exact: ringExact)
        _ = errors(.ringSector(center: c, innerRadius: 19.5, outerRadius: 28, start: .zero, end: .fullTurn),
                   rule: .evenOdd, exact: ringExact)

        let s = -90.0 * .pi / 180, sweep = 250.0 * .pi / 180
        let arcPoly = ExactCoverage.arcPoints(center: c, radius: 28, start: s, sweep: sweep)
            + ExactCoverage.arcPoints(center: c, radius: 19.5, start: s + sweep, sweep: -sweep)
        let arcExact = ExactCoverage.coverageMap(width: size, height: size, [(arcPoly, 1)])
        _ = errors(.ringSector(center: c, innerRadius: 19.5, outerRadius: 28, start: .degrees(-90), end: .degrees(160)),
                   exact: arcExact)
    }

    func testThinRotatedRectangles() {
        for (width, degrees) in [(0.5, 13.0), (1.0, 37.0), (1.0, 90.0), (2.25, 200.0), (0.2, 61.0)] {
            let a = degrees * .pi / 180
            let c = Point(x: 32.3, y: 31.6), half = 26.0
            let d = Point(x: cos(a), y: sin(a)), n = Point(x: -sin(a) * width / 2, y: cos(a) * width / 2)
            let corners = [c - d * half + n, c + d * half + n, c + d * half - n, c - d * half - n]
            var path = Path()
            path.move(to: corners[0]); for p in corners.dropFirst() { path.line(to: p) }; path.close()
            let exact = ExactCoverage.coverageMap(width: size, height: size, [(corners, 1)])
            let e = errors(path, exact: exact)
            print("rect w=\(width) at \(degrees)°: mean \(e.mean) max \(e.max)")
        }
    }

    func testShapesCrossingTheEdgesAreClipped() {
        // A disc hanging off every side: the visible part must still be exact.
        let c = Point(x: 2.5, y: 60.25)
        let exact = ExactCoverage.coverageMap(width: size, height: size,
            [(ExactCoverage.arcPoints(center: c, radius: 40, start: 0, sweep: 2 * .pi), 1)])
        _ = errors(.circle(center: c, radius: 40), exact: exact)
    }

    func testClipRectangleLimitsDrawing() {
        let canvas = Canvas(width: size, height: size)!
        canvas.clip = PixelRect(x: 10, y: 12, width: 20, height: 30)
        canvas.fill(.rect(Rect(x: -100, y: -100, width: 300, height: 300)), color: .white)
        for y in 0..<size {
            for x in 0..<size {
                let inside = x >= 10 && x < 30 && y >= 12 && y < 42
                XCTAssertEqual(canvas.pixmap[x, y] >> 24, inside ? 255 : 0, "pixel (\(x), \(y))")
            }
        }
    }

    func testEvenOddMakesAHoleAndNonZeroDoesNot() {
        var path = Path.circle(center: Point(x: 32, y: 32), radius: 25)
        path.arc(center: Point(x: 32, y: 32), radius: 10, start: .twelveOClock, end: .twelveOClock + .fullTurn)
        path.close()
        let evenOdd = Canvas(width: size, height: size)!
        evenOdd.fill(path, color: .white, rule: .evenOdd)
        let nonZero = Canvas(width: size, height: size)!
        nonZero.fill(path, color: .white, rule: .nonZero)
        XCTAssertEqual(evenOdd.pixmap[32, 32] >> 24, 0, "even-odd: same-direction inner circle is a hole")
        XCTAssertEqual(nonZero.pixmap[32, 32] >> 24, 255, "nonzero: winding 2 is filled")
        XCTAssertEqual(evenOdd.pixmap[32, 12] >> 24, 255)
    }

    func testContoursFillLikeTheSamePathUnderAnyTransform() {
        // A text run's outlines go to `fill` as contours, not as a Path: the pixels must not differ.
        var path = Path(), contours = Polylines()
        let star = (0..<10).map { k -> Point in
            let r = k % 2 == 0 ? 20.0 : 8.0, a = Double(k) * Double.pi / 5
            return Point(x: 30 + r * cos(a), y: 30 + r * sin(a))
        }
        for (i, p) in star.enumerated() {
            if i == 0 { path.move(to: p); contours.move(to: p) } else { path.line(to: p); contours.line(to: p) }
        }
        path.close(); contours.close()
        for t in [Transform.identity, .rotation(.degrees(33)).concatenating(.translation(x: 20, y: 4)), .scale(0.7)] {
            let a = Canvas(width: size, height: size)!, b = Canvas(width: size, height: size)!
            a.transform = t; b.transform = t
            a.fill(path, color: .white)
            b.fill(contours, color: .white)
            XCTAssertEqual(a.pixmap, b.pixmap, "\(t)")
            XCTAssertNotEqual(a.pixmap, Canvas(width: size, height: size)!.pixmap, "something was drawn")
        }
    }

    func testAdjacentSectorsMeetWithoutSeams() {
        // Twelve opaque slices of one colour over black must be indistinguishable from a disc:
        // any seam would let black through where two anti-aliased edges meet.
        let c = Point(x: 31.37, y: 32.81)
        let slices = Canvas(width: size, height: size)!
        slices.clear(.black)
        let n = 7
        let tiles = (0..<n).map { i -> (path: Path, color: Color) in
            let a0 = -90.0 + 360.0 * Double(i) / Double(n) + 3.3, a1 = a0 + 360.0 / Double(n)
            return (Path.sector(center: c, radius: 28, start: .degrees(a0), end: .degrees(a1)), .white)
        }
        slices.fillTiles(tiles)
        let disc = Canvas(width: size, height: size)!
        disc.clear(.black)
        disc.fill(.circle(center: c, radius: 28), color: .white)
        var worst: Int = 0
        for y in 0..<size {
            for x in 0..<size {
                // Interior: white; rim: exactly the disc's own anti-aliasing.
                let a = Int(slices.pixmap[x, y] & 0xFF), b = Int(disc.pixmap[x, y] & 0xFF)
                worst = max(worst, abs(a - b))
            }
        }
        // Each tile's coverage is rounded to 8 bits on its own: at most one level per tile in a pixel.
        XCTAssertLessThanOrEqual(worst, 2, "a seam between adjacent slices, or a rim unlike the disc's")
    }

    func testArcFlatteningStaysWithinOneSixtyFourthPixel() {
        for radius in [0.5, 3.0, 40.0, 500.0, 5000.0] {
            var lines = Polylines()
            Path.circle(center: .zero, radius: radius).flatten(into: &lines)
            let pts = lines.points
            for i in 0..<(pts.count - 1) {
                // The farthest a chord gets from the circle: at its ends or its midpoint.
                let mid = (pts[i] + pts[i + 1]) * 0.5
                XCTAssertLessThanOrEqual(abs(radius - mid.length), Path.flatness + 1e-9, "radius \(radius)")
                XCTAssertLessThanOrEqual(abs(radius - pts[i].length), Path.flatness + 1e-9, "radius \(radius)")
            }
        }
    }

    func testWorkIsBoundedByTheShapeNotThePixmap() {
        // A tiny dot in a huge pixmap touches only its own rows.
        let canvas = Canvas(width: 4000, height: 4000)!
        canvas.fill(.circle(center: Point(x: 3990, y: 10), radius: 3), color: .white)
        XCTAssertEqual(canvas.pixmap[3990, 10] >> 24, 255)
        XCTAssertEqual(canvas.pixmap[10, 10], 0)
    }

    /// `fill` blends four pixels at a time where its spans hold zeros and full coverage alike: the
    /// same pixels as blending each pixel of the coverage `rasterize` hands out, one by one.
    func testFillEqualsBlendingItsCoverageOnePixelAtATime() {
        var rng = SeededGenerator(seed: 40)
        for shapeIndex in 0..<40 {
            var points: [Point] = []
            for _ in 0..<Int.random(in: 3...12, using: &rng) {
                points.append(Point(x: Double.random(in: -10...74, using: &rng), y: Double.random(in: -10...74, using: &rng)))
            }
            var shape = Polylines()
            shape.move(to: points[0])
            for p in points.dropFirst() { shape.line(to: p) }
            shape.close()
            let a = UInt32.random(in: 1...255, using: &rng), c = { UInt32.random(in: 0...a, using: &rng) }
            let color = Bool.random(using: &rng) ? 0xFF00_0000 | c() << 16 | c() << 8 | c() : a << 24 | c() << 16 | c() << 8 | c()
            var background = Pixmap(width: size, height: size)!
            for i in background.pixels.indices {
                let a = UInt32.random(in: 0...255, using: &rng), c = { UInt32.random(in: 0...a, using: &rng) }
                background.pixels[i] = a << 24 | c() << 16 | c() << 8 | c()
            }
            let clip = PixelRect(x: Int.random(in: 0...20, using: &rng), y: Int.random(in: 0...20, using: &rng), width: 40, height: 40)
            var filled = background, expected = background
            Rasterizer().fill(shape, rule: .nonZero, color: color, clip: clip, into: &filled)
            Rasterizer().rasterize(shape, rule: .nonZero, clip: clip, bounds: background.bounds) { y, x0, coverage in
                for (i, k) in coverage.enumerated() where k != 0 {
                    expected[x0 + i, y] = sourceOver(color, coverage: UInt32(k), expected[x0 + i, y])
                }
            } solid: { y, x0, x1 in
                for x in x0..<x1 { expected[x, y] = sourceOver(color, expected[x, y]) }
            }
            let first = filled.pixels.indices.first { filled.pixels[$0] != expected.pixels[$0] }
            XCTAssertNil(first, "shape \(shapeIndex): pixel (\((first ?? 0) % size), \((first ?? 0) / size)) differs")
        }
    }

    /// The sweep converts eight running sums at once; each must be the scalar formula's byte exactly,
    /// at the level boundaries (k ± ½)/255 too, and both must be round(min(|w|, 1)·255) (nonzero) or
    /// the same of w folded modulo 2 (even-odd), w the sum as a fraction of a pixel.
    func testEightCoveragesAtOnceEqualTheScalarFormula() {
        var rng = SeededGenerator(seed: 8)
        let full = Int(Rasterizer.fullCoverage)
        var windings: [Int32] = [0, 1, -1, Int32(full), -Int32(full), Int32(full / 2), 2 * Int32(full), -3 * Int32(full),
                                 .max, .min, .min + 1, Int32(full) + 1, Int32(full) - 1]
        for k in 0...255 {
            // The exact boundary between levels k and k + 1 lies at (k + ½)/255 of full.
            let boundary = (2 * k + 1) * full / 510
            for w in [boundary - 1, boundary, boundary + 1, k * full / 255] { windings += [Int32(w), -Int32(w), Int32(w + 3 * full)] }
        }
        while windings.count % 8 != 0 || windings.count < 20_000 { windings.append(Int32.random(in: -3 * Int32(full)...3 * Int32(full), using: &rng)) }
        for start in stride(from: 0, to: windings.count, by: 8) {
            let eight = SIMD8<Int32>(windings[start..<(start + 8)])
            for rule in [FillRule.nonZero, .evenOdd] {
                let coverage = Rasterizer.coverage(eight, rule)
                for i in 0..<8 {
                    let w = Double(eight[i]) / Double(full)
                    var a = abs(w)
                    if rule == .evenOdd { a = a.truncatingRemainder(dividingBy: 2); if w < 0 && a > 0 { a = 2 - a }; if a > 1 { a = 2 - a } }
                    let expected = UInt8((min(a, 1) * 255).rounded(.toNearestOrAwayFromZero))
                    XCTAssertEqual(coverage[i], Rasterizer.coverage(eight[i], rule), "winding \(eight[i]), \(rule)")
                    XCTAssertEqual(coverage[i], expected, "winding \(eight[i]), \(rule)")
                }
            }
        }
    }

    func testNonFiniteAndHugeCoordinatesDoNotTrap() {
        let canvas = Canvas(width: 32, height: 32)!
        var p = Path()
        p.move(to: Point(x: .nan, y: 3)); p.line(to: Point(x: 1e300, y: -1e300)); p.line(to: Point(x: 5, y: .infinity)); p.close()
        canvas.fill(p, color: .white)
        canvas.fill(.circle(center: Point(x: 16, y: 16), radius: 1e12), color: .white)
        XCTAssertEqual(canvas.pixmap[16, 16] >> 24, 255)
    }
}
