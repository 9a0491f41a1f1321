import Motion
import XCTest

final class TraceTests: XCTestCase {
    func testRowsRunFromTheStartToTheExactRestTime() throws {
        var rng = SeededGenerator(seed: 12)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 8)), settings: SpinSettings(profile: .classic))
        try wheel.spin(at: 0, to: 3, using: &rng)
        let rows = try wheel.trace(fps: 60)
        // 4.7 s at 60 fps: frames 0…281 (281/60 < 4.7 ≤ 282/60), then the rest row.
        XCTAssertEqual(rows.count, 283)
        XCTAssertEqual(rows.first, TraceRow(t: 0, rotation: 0, phase: "begin", index: 0))
        XCTAssertEqual(rows[90].phase, "turn")
        XCTAssertEqual(rows[281].phase, "end")
        let last = try XCTUnwrap(rows.last)
        XCTAssertEqual(last.t, try XCTUnwrap(wheel.endTime))
        XCTAssertEqual(last.phase, "stopped")
        XCTAssertEqual(last.index, 3)
        XCTAssertEqual(last.rotation, 1080 + 45 * 5, accuracy: 1e-9)
        for (a, b) in zip(rows, rows.dropFirst()) { XCTAssertLessThanOrEqual(a.rotation, b.rotation) }
        for row in rows { XCTAssertEqual(row.index, wheel.layout.index(underPointerAt: row.rotation * .pi / 180)) }
    }

    func testCSVHasTheHeaderAndFourDecimals() throws {
        var rng = SeededGenerator(seed: 13)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 8)), settings: SpinSettings(profile: .classic))
        XCTAssertEqual(try wheel.traceCSV(fps: 30), "t,rotation,phase,index\n0.0000,0.0000,idle,0\n")
        try wheel.spin(at: 0, to: 0, using: &rng)
        let lines = try wheel.traceCSV(fps: 30).split(separator: "\n")
        XCTAssertEqual(lines.first, "t,rotation,phase,index")
        XCTAssertEqual(lines[1], "0.0000,0.0000,begin,0")
        XCTAssertEqual(lines[46], "1.5000,360.0000,turn,0")
        XCTAssertEqual(lines.last, "4.7000,1440.0000,stopped,0")
    }

    func testNumbersAreFixedPoint() {
        let cases: [(Double, String)] = [
            (0, "0.0000"), (-0.00004, "0.0000"), (-0.05, "-0.0500"), (1.23456, "1.2346"), (12345.6, "12345.6000"),
            (1e9, "1000000000.0000"), (.nan, "nan"), (-.infinity, "-inf"),
        ]
        for (value, text) in cases { XCTAssertEqual(TraceRow(t: value, rotation: 0, phase: "x", index: 0).csvLine, "\(text),0.0000,x,0") }
    }
}
