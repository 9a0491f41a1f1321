// Small exact golden images, one per primitive (64–128 px, tolerance 0). A failure prints the first
// bad pixel and writes actual.png and diff.png; RECORD=1 re-records (then look at every image).
import Foundation
import Raster
import Snapshot
import XCTest

final class PrimitiveSnapshotTests: XCTestCase {
    let references = referencesDirectory()

    func canvas(_ w: Int = 64, _ h: Int = 64) -> Canvas {
        let c = Canvas(width: w, height: h)!
        c.clear(.white)
        return c
    }

    func check(_ c: Canvas, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(compareSnapshot(c.pixmap, named: name, referenceDirectory: references), file: file, line: line)
    }

    func testDiscAtSubpixelCentre() {
        let c = canvas()
        c.fill(.circle(center: Point(x: 31.3, y: 32.6), radius: 22.4), color: Color(rgb: 0xE74C3C))
        check(c, "disc")
    }

    func testSectorsTileWithoutSeams() {
        let c = canvas()
        let center = Point(x: 32.4, y: 31.7)
        let colors: [UInt32] = [0xE74C3C, 0x3498DB, 0xF1C40F, 0x2ECC71, 0x9B59B6]
        let tiles = (0..<5).map { i -> (path: Path, color: Color) in
            let a0 = Angle.degrees(-83 + 72 * Double(i)), a1 = Angle.degrees(-83 + 72 * Double(i + 1))
            return (.sector(center: center, radius: 28, start: a0, end: a1), Color(rgb: colors[i]))
        }
        c.fillTiles(tiles)
        check(c, "sectors")
    }

    func testRingArcWithRoundAndButtCaps() {
        let c = canvas(96, 48)
        c.stroke(.circle(center: Point(x: 24, y: 24), radius: 17), style: StrokeStyle(width: 8, cap: .round, trimEnd: 0.7),
                 color: Color(rgb: 0x0000FF))
        c.stroke(.circle(center: Point(x: 72, y: 24), radius: 17), style: StrokeStyle(width: 8, cap: .butt, trimEnd: 0.7),
                 color: Color(rgb: 0x0000FF))
        check(c, "ring-arcs")
    }

    func testDashedCircleOfSeed003() {
        let c = canvas(128, 128)
        c.stroke(.circle(center: Point(x: 64, y: 64), radius: 55), style: StrokeStyle(width: 10, dash: [1, 10]), color: .black)
        check(c, "dashed-circle")
    }

    func testJoinsAndCaps() {
        let c = canvas(128, 64)
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            var p = Path()
            let x = 10 + Double(i) * 40
            p.move(to: Point(x: x, y: 50)); p.line(to: Point(x: x + 12, y: 14)); p.line(to: Point(x: x + 26, y: 50))
            c.stroke(p, style: StrokeStyle(width: 7, cap: [LineCap.butt, .round, .square][i], join: join), color: Color(rgb: 0x2C3E50))
        }
        check(c, "joins-caps")
    }

    func testHairlinesAtAngles() {
        let c = canvas()
        for i in 0..<8 {
            var p = Path()
            let a = Angle.degrees(Double(i) * 22.5 + 3)
            p.move(to: .onCircle(center: Point(x: 32, y: 32), radius: 6, at: a))
            p.line(to: .onCircle(center: Point(x: 32, y: 32), radius: 29, at: a))
            c.stroke(p, style: StrokeStyle(width: 1), color: .black)
        }
        check(c, "hairlines")
    }

    func testImageRotatedWithAlpha() {
        let image = Canvas(width: 24, height: 24)!
        image.fill(.rect(Rect(x: 0, y: 0, width: 24, height: 24)), color: Color(rgb: 0x0000FF, alpha: 160))
        image.fill(.rect(Rect(x: 4, y: 4, width: 5, height: 16)), color: Color(rgb: 0xFF0000))
        image.fill(.rect(Rect(x: 9, y: 4, width: 9, height: 4)), color: Color(rgb: 0xFF0000))
        let c = canvas()
        let t = Transform.translation(x: -12, y: -12).concatenating(.scale(1.8)).concatenating(.rotation(.degrees(30)))
            .concatenating(.translation(x: 32, y: 32))
        c.draw(image.pixmap, transform: t)
        check(c, "image-rotated")
    }

    func testImageAtIntegerOffsetIsCopiedExactly() {
        let image = Canvas(width: 8, height: 8)!
        image.fill(.rect(Rect(x: 0, y: 0, width: 5, height: 8)), color: Color(rgb: 0xFF0000))
        let c = Canvas(width: 16, height: 16)!
        c.clear(.blue)
        c.draw(image.pixmap, transform: .translation(x: 3, y: 4))
        XCTAssertEqual(c.pixmap[3, 4], Color.red.premultiplied)
        XCTAssertEqual(c.pixmap[7, 11], Color.red.premultiplied)
        XCTAssertEqual(c.pixmap[8, 4], Color.blue.premultiplied, "transparent image pixels leave the background")
        XCTAssertEqual(c.pixmap[2, 4], Color.blue.premultiplied)
        // The same offset through the bilinear path (a tiny rotation) must agree in the interior.
        let slow = Canvas(width: 16, height: 16)!
        slow.clear(.blue)
        slow.draw(image.pixmap, transform: Transform.rotation(.radians(1e-9)).concatenating(.translation(x: 3, y: 4)))
        XCTAssertEqual(slow.pixmap[5, 7], Color.red.premultiplied)
    }
}

final class BandedDrawingTests: XCTestCase {
    /// A large rotated image drawn in bands on several threads is the same, pixel for pixel, as on one.
    func testBandsOnSeveralCoresMatchOneCore() throws {
        let image = try XCTUnwrap(Canvas(width: 300, height: 300))
        for i in 0..<12 {
            let a = Angle.degrees(Double(i) * 30)
            image.fill(.sector(center: Point(x: 150, y: 150), radius: 149, start: a, end: a + .degrees(30)),
                       color: Color(rgb: UInt32(0x30 + i * 16) << 16 | 0x4080))
        }
        let t = Transform.translation(x: -150, y: -150).concatenating(.scale(2.1)).concatenating(.rotation(.degrees(23)))
            .concatenating(.translation(x: 400, y: 330))
        var results: [Pixmap] = [], spanned: [Pixmap] = []
        // The same image drawn over whole-pixel spans (every row of a 600 px square).
        let spans = (30..<630).map { PixelSpan(y: $0, x0: 100, x1: 700) }
        for threads in [1, 2, 3] {
            let canvas = try XCTUnwrap(Canvas(width: 800, height: 660))
            canvas.clear(Color(rgb: 0x101820))
            canvas.threads = threads
            canvas.draw(image.pixmap, transform: t, shape: .circle(center: Point(x: 150, y: 150), radius: 148))
            results.append(canvas.pixmap)
            canvas.clear(Color(rgb: 0x101820))
            canvas.draw(image.pixmap, transform: t, spans: spans)
            spanned.append(canvas.pixmap)
        }
        XCTAssertEqual(results[0], results[1])
        XCTAssertEqual(results[0], results[2])
        XCTAssertNotEqual(results[0][400, 330], Color(rgb: 0x101820).premultiplied, "the image was drawn")
        XCTAssertTrue(spanned[0] == spanned[1] && spanned[0] == spanned[2], "spans on several cores")
        XCTAssertNotEqual(spanned[0][400, 330], Color(rgb: 0x101820).premultiplied, "the spans were drawn")
    }

    /// Large tiles filled a band per core (over a backdrop and clipped, as the wheel does) are the same,
    /// pixel for pixel, as on one core, twice in a row (each core's layer rows are left clean).
    func testTilesOnSeveralCoresMatchOneCore() throws {
        let centre = Point(x: 410, y: 330)
        let tiles = (0..<13).map { i -> (path: Path, color: Color) in
            let a = Angle.degrees(Double(i) * 360 / 13 + 7)
            return (.sector(center: centre, radius: 300, start: a, end: a + .degrees(360.0 / 13)),
                    Color(rgb: UInt32(0x20 + i * 15) << 16 | UInt32(0x90 - i * 5) << 8 | 0x40, alpha: i == 5 ? 128 : 255))
        }
        let backdrop = try XCTUnwrap(Canvas(width: 800, height: 660))
        backdrop.clear(Color(rgb: 0x203040))
        var results: [Pixmap] = []
        for threads in [1, 2, 3, 4] {
            let canvas = try XCTUnwrap(Canvas(width: 800, height: 660))
            canvas.threads = threads
            for clip in [canvas.pixmap.bounds, PixelRect(x: 150, y: 71, width: 500, height: 517)] {
                canvas.clear(Color(rgb: 0xFF00FF))
                canvas.withClip(clip) { canvas.fillTiles(tiles, over: backdrop.pixmap) }
            }
            results.append(canvas.pixmap)
        }
        for k in 1..<results.count { XCTAssertEqual(results[0], results[k], "\(k + 1) cores") }
        XCTAssertEqual(results[0][410, 100] >> 24, 255, "the tiles were drawn")
    }
}
