// The clock's hands sampled where seed 003's geometry puts them (a 600 px frame: 2 px per seed
// point, centre (300, 300)): exact hand colour on each hand's axis, background off the hands, an
// anti-aliased edge; plus time parsing, the JSON line, time running from startTime, and config.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class ClockTests: XCTestCase {
    static let side = 600
    /// Distinct colours so the hand cannot be mistaken for the black icon circles under it.
    static var colours: ClockConfig {
        var c = ClockConfig.defaults
        c.handColor = Color(rgb: 0x1E40AF)
        c.secondHandColor = Color(rgb: 0xE53935)
        return c
    }

    func render(_ time: String, config: ClockConfig = colours, at t: Double = 0) throws -> Pixmap {
        let clock = ClockScene(config: config, resources: try ClockSnapshotTests.latinResources(),
                               startTime: try ClockScene.parseTime(time))
        let canvas = try XCTUnwrap(Canvas(width: Self.side, height: Self.side))
        clock.render(into: canvas, at: t)
        return canvas.pixmap
    }

    /// Pixels whose whole square lies within `halfWidth` px of the ray from the centre at `degrees`
    /// clockwise from 12, between `from` and `to` seed points along it.
    func pixelsOnRay(degrees: Double, from: Double, to: Double, halfWidth: Double) -> [(Int, Int)] {
        let s = Double(Self.side) / 300, c = Double(Self.side) / 2
        let theta = degrees * Double.pi / 180
        let ux = sin(theta), uy = -cos(theta)
        let reach = 0.5 * (abs(ux) + abs(uy))   // a pixel's half-extent across the ray
        var out: [(Int, Int)] = []
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                let along = dx * ux + dy * uy, across = abs(dx * uy - dy * ux)
                if along >= from * s, along <= to * s, across + reach <= halfWidth { out.append((x, y)) }
            }
        }
        return out
    }

    func assertHand(_ pixmap: Pixmap, degrees: Double, from: Double, to: Double, halfWidth: Double,
                    color: Color, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let pixels = pixelsOnRay(degrees: degrees, from: from, to: to, halfWidth: halfWidth)
        XCTAssertGreaterThan(pixels.count, Int(to - from), "\(what): too few pixels sampled", file: file, line: line)
        let wrong = pixels.filter { pixmap[$0.0, $0.1] != color.premultiplied }
        if let (x, y) = wrong.first {
            XCTFail("\(what) at \(degrees)°: \(wrong.count) of \(pixels.count) pixels are not the hand colour; first ("
                    + "\(x), \(y)) is \(String(pixmap[x, y], radix: 16))", file: file, line: line)
        }
    }

    /// Diagonals between the icons, from outside the cap (and any hand's tail) to inside the hours,
    /// where no hand points: paper.
    func assertOffHands(_ pixmap: Pixmap, _ rays: [(degrees: Double, from: Double)],
                        file: StaticString = #filePath, line: UInt = #line) {
        for ray in rays {
            assertHand(pixmap, degrees: ray.degrees, from: ray.from, to: 60, halfWidth: 4, color: .white, "background",
                       file: file, line: line)
        }
    }

    func testThreeOClock() throws {
        var config = Self.colours
        config.showSeconds = false   // at 03:00:00 the second hand lies on the minute hand
        let pixmap = try render("03:00:00", config: config)
        // Hour hand: 52 pt long, at least 1.6 pt (3.2 px) half-width; minute hand 94 pt, at least 1.1 pt.
        assertHand(pixmap, degrees: 90, from: 8, to: 50, halfWidth: 3.2, color: config.handColor, "hour hand")
        assertHand(pixmap, degrees: 0, from: 8, to: 92, halfWidth: 2.2, color: config.handColor, "minute hand")
        assertOffHands(pixmap, [(45, 10), (135, 10), (225, 10), (315, 10)])

        // An anti-aliased edge across the hour hand (between the cap and the icon circle at 12 pt).
        let x = 300 + 24
        let column = (280..<320).map { unpremultiply(pixmap[x, $0]) }
        XCTAssertTrue(column.contains(config.handColor))
        XCTAssertTrue(column.contains { $0 != config.handColor && $0 != .white && $0.blue > $0.red },
                      "an edge pixel between paper and the hand's blue")

        // With seconds, the red hand covers the minute hand and reaches past it into the ticks.
        let withSeconds = try render("03:00:00")
        assertHand(withSeconds, degrees: 0, from: 8, to: 104, halfWidth: 1.2, color: Self.colours.secondHandColor, "second hand")
        assertHand(withSeconds, degrees: 90, from: 8, to: 50, halfWidth: 3.2, color: Self.colours.handColor, "hour hand")
    }

    func testTenPastTenAndThirtySeconds() throws {
        let pixmap = try render("10:10:30")
        let c = Self.colours
        assertHand(pixmap, degrees: (10 + 10.5 / 60) * 30, from: 8, to: 50, halfWidth: 3.2, color: c.handColor, "hour hand")
        assertHand(pixmap, degrees: (10 + 30.0 / 60) * 6, from: 8, to: 92, halfWidth: 2.2, color: c.handColor, "minute hand")
        assertHand(pixmap, degrees: 180, from: 8, to: 104, halfWidth: 1.2, color: c.secondHandColor, "second hand")
        assertOffHands(pixmap, [(135, 16), (225, 16)])   // past the hour and minute hands' tails (125°, 243°)
    }

    func testTimeRunsFromTheStartTime() throws {
        XCTAssertEqual(try render("10:10:00", at: 30), try render("10:10:30"))
        let clock = ClockScene(resources: try ClockSnapshotTests.latinResources(), startTime: try ClockScene.parseTime("23:59:59"))
        XCTAssertEqual(clock.jsonLine(at: 0), #"{"scene":"clock","t":0,"time":"23:59:59"}"#)
        XCTAssertEqual(clock.jsonLine(at: 2.5), #"{"scene":"clock","t":2.5,"time":"00:00:01"}"#)
        XCTAssertTrue(clock.isAnimating(at: 0))
        // The second hand sweeps: half a second on, it has moved 3°.
        XCTAssertEqual(ClockHands(timeOfDay: 30.5).second * 180 / Double.pi, 183, accuracy: 1e-9)
    }

    func testParsesTimes() throws {
        XCTAssertEqual(try ClockScene.parseTime("00:00:00"), 0)
        XCTAssertEqual(try ClockScene.parseTime("10:10:30"), 36_630)
        XCTAssertEqual(try ClockScene.parseTime("9:05:00"), 32_700)
        XCTAssertEqual(try ClockScene.parseTime("23:59:59"), 86_399)
    }

    func testBadTimesGiveTypedErrors() {
        let cases = ["25:00:00": "hours must be 0 to 23, not 25", "12:60:00": "minutes must be 0 to 59, not 60",
                     "12:00:60": "seconds must be 0 to 59, not 60", "noon": "is not a time of day",
                     "12:00": "seconds are missing", "": "is not a time of day", "1:2:3": "minutes must be two digits, not '2'",
                     "12:00:00:00": "is not a time of day", "-1:00:00": "hours must be one or two digits, not '-1'",
                     "12: 00:00": "minutes must be two digits, not ' 00'", "١٢:00:00": "hours must be one or two digits, not '١٢'"]
        for (text, problem) in cases {
            XCTAssertThrowsError(try ClockScene.parseTime(text), text) { error in
                guard let e = error as? ClockTimeError else { return XCTFail("\(text): \(error) is not a ClockTimeError") }
                XCTAssertEqual(e.problem, problem, text)
                XCTAssertEqual(e.description, "roundel: --time '\(text)': \(problem) (use HH:MM:SS, e.g. 10:10:30)")
                XCTAssertFalse(e.description.contains("\n"))
            }
        }
    }

    func testSecondsSinceMidnightReadsTheWallClock() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let seoul = try XCTUnwrap(TimeZone(identifier: "Asia/Seoul"))
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)   // 2023-11-14 22:13:20.25 UTC
        XCTAssertEqual(ClockScene.secondsSinceMidnight(of: date, in: utc), 22 * 3600 + 13 * 60 + 20.25, accuracy: 1e-6)
        XCTAssertEqual(ClockScene.secondsSinceMidnight(of: date, in: seoul), 7 * 3600 + 13 * 60 + 20.25, accuracy: 1e-6)
    }

    func parse(_ json: String) throws(ConfigError) -> ClockConfig {
        try ClockConfig.parse(ConfigFile.parse(Data(json.utf8), file: "clock.json", baseDirectory: "."))
    }

    func testConfig() throws {
        XCTAssertEqual(try parse("{}"), .defaults)
        let config = try parse(##"{"clock": {"showSeconds": false, "handColor": "#112233", "secondHandColor": "#00FF00","##
                               + ##" "backgroundColor": "#000000", "numberColor": "#FFFFFF"}}"##)
        XCTAssertFalse(config.showSeconds)
        XCTAssertEqual(config.handColor, Color(rgb: 0x112233))
        XCTAssertEqual(config.secondHandColor, Color(rgb: 0x00FF00))
        XCTAssertEqual(config.backgroundColor, .black)
        XCTAssertEqual(config.numberColor, .white)

        XCTAssertThrowsError(try parse(##"{"clock": {"handColour": "#112233"}}"##)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "clock")
            XCTAssertTrue("\(error)".contains("unknown key 'handColour' (did you mean 'handColor'?)"), "\(error)")
        }
        XCTAssertThrowsError(try parse(##"{"clock": {"showSeconds": "yes"}}"##)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "clock.showSeconds")
        }
        XCTAssertThrowsError(try parse(##"{"clock": {"numberColor": "#12345"}}"##)) { error in
            XCTAssertEqual("\(error)", "roundel: config 'clock.json': clock.numberColor: '#12345' is not a colour (use #RRGGBB or #RRGGBBAA)")
        }
        XCTAssertThrowsError(try parse(##"{"clock": []}"##)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "clock")
        }
    }

    /// Above `largestDial` px the dial is drawn into each frame instead of kept (a kept one would be a
    /// second whole frame for every copy of the scene `roundel record` runs): the same pixels.
    func testWithoutTheKeptDialTheFramesAreTheSame() throws {
        let resources = try ClockSnapshotTests.latinResources()
        let kept = ClockScene(config: Self.colours, resources: resources, startTime: 36_000)
        let drawn = ClockScene(config: Self.colours, resources: resources, startTime: 36_000)
        drawn.largestDial = 240 * 240 - 1
        for t in [0.0, 1.25, 47.5] {
            let a = try XCTUnwrap(Canvas(width: 240, height: 240)), b = try XCTUnwrap(Canvas(width: 240, height: 240))
            kept.render(into: a, at: t)
            drawn.render(into: b, at: t)
            XCTAssertNotNil(kept.dial)
            XCTAssertNil(drawn.dial)
            XCTAssertTrue(a.pixmap == b.pixmap, "at t = \(t)")
        }
    }

    func testTheCatalogMakesAClock() throws {
        let scene = try XCTUnwrap(try SceneCatalog.make("clock", resources: try ClockSnapshotTests.latinResources()))
        let clock = try XCTUnwrap(scene as? ClockScene)
        XCTAssertEqual(clock.name, "clock")
        XCTAssertTrue((0..<86_400).contains(clock.startTime))
    }
}
