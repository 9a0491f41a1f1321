// `fillSectors` (a wheel's slices row by row) must give the pixels `fillTiles` gives the same
// sectors as polygons, inside the rim (its rim is hard by design: a ring covers it), at any centre,
// angle and count, with the clip cutting anywhere; and one colour must fill the disc without a seam.
import Raster
import Foundation
import XCTest

final class SectorFillTests: XCTestCase {
    let palette: [UInt32] = [0xFFE5_3935, 0xFF1E_88E5, 0xFF43_A047, 0xFFFD_D835, 0xFF8E_24AA, 0xFF00_ACC1, 0xFFFF_FFFF, 0xFF00_0000]

    /// Largest channel difference between the two fills over pixels whose centre lies between
    /// `inner` and `outer` px from the centre.
    func worstDifference(center c: Point, radius: Double, boundaries: [Double], colors: [UInt32],
                         inner: Double, clip: PixelRect? = nil) throws -> Int {
        let size = Int(2 * radius) + 8
        let sectors = try XCTUnwrap(Canvas(width: size, height: size)), tiles = try XCTUnwrap(Canvas(width: size, height: size))
        sectors.clear(.black); tiles.clear(.black)
        if let clip { sectors.clip = clip }
        sectors.fillSectors(center: c, radius: radius, boundaries: boundaries, colors: colors)
        let n = boundaries.count
        tiles.fillTiles((0..<n).map { k in
            let end = k + 1 < n ? boundaries[k + 1] : boundaries[0] + 2 * Double.pi
            let rgb = colors[k] & 0xFF_FFFF
            return (Path.sector(center: c, radius: radius + 4, start: .radians(boundaries[k]), end: .radians(end)), Color(rgb: rgb))
        })
        var worst = 0
        let area = clip ?? tiles.pixmap.bounds
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let r = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                guard r < radius - 1, r > inner else { continue }
                let p = sectors.pixmap[x, y], q = tiles.pixmap[x, y]
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF)))
                }
            }
        }
        return worst
    }

    func testSectorsEqualTheTilesPolygonsAtAnyAngleAndCount() throws {
        var rng = SeededRandom(seed: 7)
        for count in [1, 2, 3, 7, 12, 36] {
            for _ in 0..<6 {
                let c = Point(x: 60 + rng.unit() * 2, y: 60 + rng.unit() * 2)
                let turn = rng.unit() * 2 * Double.pi - Double.pi
                // Uneven slices, as weights make them.
                var weights = (0..<count).map { _ in 0.3 + rng.unit() }
                let total = weights.reduce(0, +)
                weights = weights.map { $0 / total * 2 * Double.pi }
                var boundaries: [Double] = [], a = turn
                for w in weights { boundaries.append(a); a += w }
                let colors = (0..<count).map { palette[$0 % palette.count] }
                let worst = try worstDifference(center: c, radius: 55, boundaries: boundaries, colors: colors, inner: 2.5)
                XCTAssertLessThanOrEqual(worst, 2, "\(count) sectors from \(turn) rad around \(c)")
            }
        }
    }

    func testBoundariesAlongTheCentreRowAndColumnAreAntiAliased() throws {
        // Horizontal and vertical boundaries through a centre in the middle of a pixel, on a corner and
        // anywhere: the row through the centre is filled in two halves, so even the centre pixel is exact.
        for c in [Point(x: 40.5, y: 40.5), Point(x: 40, y: 40), Point(x: 40.25, y: 39.7)] {
            let boundaries = [-Double.pi, -Double.pi / 2, 0, Double.pi / 2]
            let worst = try worstDifference(center: c, radius: 35, boundaries: boundaries, colors: Array(palette.prefix(4)), inner: 0)
            XCTAssertLessThanOrEqual(worst, 2, "around \(c)")
        }
    }

    func testAClippedFillEqualsTheSameFillWhole() throws {
        let c = Point(x: 50.3, y: 49.6)
        let boundaries = (0..<9).map { -2.0 + Double($0) * 0.69 }
        let colors = Array(palette.prefix(8)) + [palette[0]]
        let whole = try XCTUnwrap(Canvas(width: 110, height: 110)), parts = try XCTUnwrap(Canvas(width: 110, height: 110))
        whole.fillSectors(center: c, radius: 48, boundaries: boundaries, colors: colors)
        for (x, y, w, h) in [(0, 0, 37, 110), (37, 0, 73, 51), (37, 51, 20, 59), (57, 51, 53, 59)] {
            parts.clip = PixelRect(x: x, y: y, width: w, height: h)
            parts.fillSectors(center: c, radius: 48, boundaries: boundaries, colors: colors)
        }
        XCTAssertEqual(whole.pixmap, parts.pixmap)
    }

    func testSectorsOfNoWidthDrawNothingAndOneWholeTurnIsAPlainDisc() throws {
        // Weights 1, 0, 0 put every boundary on one angle, a full turn apart: the first sector is everything.
        let b = -Double.pi / 2
        for (boundaries, expected) in [([b, b + 2 * Double.pi, b + 2 * Double.pi], palette[0]),
                                       ([b, b, b + 2 * Double.pi], palette[1]),
                                       ([b, b, b], palette[2])] {
            let canvas = try XCTUnwrap(Canvas(width: 60, height: 60))
            canvas.fillSectors(center: Point(x: 30.3, y: 29.6), radius: 25, boundaries: boundaries, colors: Array(palette.prefix(3)))
            for (x, y) in [(30, 10), (30, 50), (10, 30), (50, 30), (30, 30), (31, 29)] {
                XCTAssertEqual(canvas.pixmap[x, y], expected, "\(boundaries) at (\(x), \(y))")
            }
        }
        // A sector of no width between two others leaves no trace of its colour.
        let canvas = try XCTUnwrap(Canvas(width: 60, height: 60))
        canvas.fillSectors(center: Point(x: 30, y: 30), radius: 25, boundaries: [0, 1, 1], colors: [palette[0], palette[7], palette[1]])
        XCTAssertFalse(canvas.pixmap.pixels.contains(palette[7]))
    }

    func testManyThinSectorsDrawTheSameWhateverTheClip() throws {
        let c = Point(x: 70.4, y: 69.7)
        let boundaries = (0..<1000).map { -3.0 + Double($0) * 2 * Double.pi / 1000 }
        let colors = (0..<1000).map { palette[$0 % palette.count] }
        let whole = try XCTUnwrap(Canvas(width: 140, height: 140)), parts = try XCTUnwrap(Canvas(width: 140, height: 140))
        whole.fillSectors(center: c, radius: 66, boundaries: boundaries, colors: colors)
        for (x, y, w, h) in [(0, 0, 71, 140), (71, 0, 69, 70), (71, 70, 69, 70)] {
            parts.clip = PixelRect(x: x, y: y, width: w, height: h)
            parts.fillSectors(center: c, radius: 66, boundaries: boundaries, colors: colors)
        }
        XCTAssertTrue(whole.pixmap == parts.pixmap)
    }

    /// Hundreds of sectors meeting in a pixel (near the centre, along near-horizontal rays) are
    /// still each given their area: every channel within 5 levels of 64×64 samples per pixel (the
    /// reference's own error along near-horizontal rays; coarser grids alias; 128×128 near the centre).
    func testHundredsOfThinSectorsAreExactEverywhere() throws {
        let n = 600, c = Point(x: 40.3, y: 39.8), radius = 36.0
        let boundaries = (0..<n).map { -3.0 + Double($0) * 2 * Double.pi / Double(n) }
        let colors = (0..<n).map { palette[$0 % palette.count] }
        let canvas = try XCTUnwrap(Canvas(width: 80, height: 80))
        canvas.fillSectors(center: c, radius: radius, boundaries: boundaries, colors: colors)
        var worst = 0, checked = 0, worstAt = (0, 0)
        for y in 0..<80 {
            // Within 3 px of the centre a pixel shares 255 levels among a hundred sectors or more (each
            // whole level goes to one): there the colour is right only within ~20 (a hub covers it).
            for x in 0..<80 where (3..<(radius - 1)).contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)) {
                // Near the centre a pixel spans dozens of sectors: sample it finer.
                let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                let samples = d < 8 ? 128 : 64
                var sums = [0.0, 0.0, 0.0]
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(samples) - c.x
                        let py = Double(y) + (Double(sy) + 0.5) / Double(samples) - c.y
                        var turn = (atan2(py, px) - boundaries[0]).truncatingRemainder(dividingBy: 2 * Double.pi)
                        if turn < 0 { turn += 2 * Double.pi }
                        let k = min(n - 1, Int(turn / (2 * Double.pi / Double(n))))
                        let colour = colors[k]
                        sums[0] += Double(colour >> 16 & 0xFF); sums[1] += Double(colour >> 8 & 0xFF); sums[2] += Double(colour & 0xFF)
                    }
                }
                sums = sums.map { $0 / Double(samples * samples) * 256 }
                let p = canvas.pixmap[x, y]
                let got = [Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF)]
                for i in 0..<3 where Int(abs(got[i] - sums[i] / 256).rounded()) > worst { worst = Int(abs(got[i] - sums[i] / 256).rounded()); worstAt = (x, y) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3000)
        XCTAssertLessThanOrEqual(worst, 5, "at \(worstAt) (centre \(c))")
    }

    /// A hole leaves the pixels whose centre lies inside it as they were; every other pixel is as
    /// without the hole.
    func testAHoleLeavesItsPixelsAlone() throws {
        let c = Point(x: 50.3, y: 49.6)
        let boundaries = (0..<200).map { -2.0 + Double($0) * 2 * Double.pi / 200 }
        let colors = (0..<200).map { palette[$0 % palette.count] }
        let plain = try XCTUnwrap(Canvas(width: 100, height: 100)), holed = try XCTUnwrap(Canvas(width: 100, height: 100))
        plain.clear(.black); holed.clear(.black)
        plain.fillSectors(center: c, radius: 45, boundaries: boundaries, colors: colors)
        holed.fillSectors(center: c, radius: 45, hole: 20.5, boundaries: boundaries, colors: colors)
        var untouched = 0
        for y in 0..<100 {
            for x in 0..<100 {
                if Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c) < 20.5 {
                    XCTAssertEqual(holed.pixmap[x, y], Color.black.premultiplied, "(\(x), \(y)) inside the hole")
                    untouched += 1
                } else {
                    XCTAssertEqual(holed.pixmap[x, y], plain.pixmap[x, y], "(\(x), \(y)) outside the hole")
                }
            }
        }
        XCTAssertGreaterThan(untouched, 1200)
    }

    func testOneColourFillsTheDiscWithoutASeam() throws {
        let canvas = try XCTUnwrap(Canvas(width: 100, height: 100))
        canvas.clear(.black)
        let boundaries = (0..<13).map { 0.37 + Double($0) * 2 * Double.pi / 13 }
        canvas.fillSectors(center: Point(x: 50.2, y: 49.9), radius: 45, boundaries: boundaries,
                           colors: [UInt32](repeating: 0xFFFF_FFFF, count: 13))
        for y in 0..<100 {
            for x in 0..<100 where Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: Point(x: 50.2, y: 49.9)) < 44.5 {
                XCTAssertEqual(canvas.pixmap[x, y], 0xFFFF_FFFF, "(\(x), \(y))")
            }
        }
    }

    /// One canvas keeps what a fill works out for the next (each boundary's colour mixes, where the
    /// last row's rays began): wheel after wheel on it (other colours, counts, centres, clips, more
    /// boundaries than get mix tables) must each draw what a fresh canvas draws.
    func testOneCanvasDrawsEachWheelAsAFreshCanvasWould() throws {
        var rng = SeededRandom(seed: 11)
        let reused = try XCTUnwrap(Canvas(width: 120, height: 120))
        let wheels: [(count: Int, shift: Int, clip: PixelRect?)] = [
            (12, 0, nil), (12, 3, nil), (7, 1, PixelRect(x: 0, y: 0, width: 57, height: 120)), (12, 0, nil),
            (80, 2, nil), (12, 5, PixelRect(x: 40, y: 30, width: 60, height: 50)), (1, 4, nil), (36, 0, nil),
        ]
        for (count, shift, clip) in wheels {
            let c = Point(x: 58 + rng.unit() * 4, y: 58 + rng.unit() * 4)
            let turn = rng.unit() * 2 * Double.pi - Double.pi
            let boundaries = (0..<count).map { turn + Double($0) * 2 * Double.pi / Double(count) }
            let colors = (0..<count).map { palette[($0 + shift) % palette.count] }
            let fresh = try XCTUnwrap(Canvas(width: 120, height: 120))
            for canvas in [reused, fresh] {
                canvas.clip = canvas.pixmap.bounds
                canvas.clear(.black)
                if let clip { canvas.clip = clip }
                canvas.fillSectors(center: c, radius: 50, hole: 6, boundaries: boundaries, colors: colors)
            }
            let a = reused.pixmap.pixels, b = fresh.pixmap.pixels
            if let i = a.indices.first(where: { a[$0] != b[$0] }) {
                XCTFail("\(count) sectors, colours shifted by \(shift), clip \(String(describing: clip)): pixel (\(i % 120), \(i / 120)) is "
                        + "\(String(a[i], radix: 16)) on the reused canvas, \(String(b[i], radix: 16)) on a fresh one")
            }
        }
    }
}

/// A tiny deterministic generator for test inputs.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func unit() -> Double {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Double(state >> 11) / Double(1 << 53)
    }
}
