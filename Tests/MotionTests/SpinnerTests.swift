import Motion
import XCTest

final class SpinnerTests: XCTestCase {
    func testFiftyCumulativeSpinsNeverSnapBack() throws {
        var rng = SeededGenerator(seed: 50)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 7)), rotation: 2.5)
        var previous = wheel.rotation(at: 0)
        var t = 0.0
        for spin in 0..<50 {
            wheel.settings = SpinSettings(profile: SpinProfile.allCases[spin % 3], duration: 0.5 + Double(spin % 4), turns: Double(spin % 6))
            let start = t + Double(spin % 3) * 0.25  // sometimes a pause at rest between spins
            XCTAssertTrue(try wheel.spin(at: start, using: &rng))
            let end = try XCTUnwrap(wheel.endTime)
            // Every 1/240 s, plus the boundaries themselves and their neighbours.
            var times = stride(from: t, through: end + 0.1, by: 1 / 240).map { $0 }
            times += [start.nextDown, start, start.nextUp, end.nextDown, end, end.nextUp]
            if let phases = wheel.currentSpin?.motion.startTimes { times += phases.flatMap { [start + $0, (start + $0).nextDown] } }
            for time in times.sorted() {
                let r = wheel.rotation(at: time)
                XCTAssertGreaterThanOrEqual(r, previous, "spin \(spin) at t = \(time)")
                previous = r
            }
            t = end + 0.1
        }
    }

    func testAStallChangesNothing() throws {
        // Two identical wheels; one is sampled at every 1/240 s, the other only at a few moments.
        var seedA = SeededGenerator(seed: 77), seedB = SeededGenerator(seed: 77)
        let layout = try XCTUnwrap(SliceLayout(count: 12))
        for profile in SpinProfile.allCases {
            var a = Spinner(layout: layout, settings: SpinSettings(profile: profile))
            var b = a
            try a.spin(at: 1, using: &seedA)
            for frame in 0..<2000 { _ = a.rotation(at: 1 + Double(frame) / 240); _ = a.phase(at: 1 + Double(frame) / 240) }
            try b.spin(at: 1, using: &seedB)
            for time in [0.5, 1, 1.7, 2.9, 4.123, 5.7, 6, 9] {
                XCTAssertEqual(a.rotation(at: time), b.rotation(at: time))
                XCTAssertEqual(a.phase(at: time), b.phase(at: time))
            }
            XCTAssertEqual(a, b)
            // Sampling out of order (a frame delivered late) gives the same values too.
            XCTAssertEqual([3.0, 1.5, 2.0].map(a.rotation(at:)), [3.0, 1.5, 2.0].map(b.rotation(at:)))
        }
    }

    func testASpinRequestedWhileSpinningIsIgnored() throws {
        var rng = SeededGenerator(seed: 8)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 8)))
        XCTAssertTrue(try wheel.spin(at: 0, to: 2, using: &rng))
        let before = wheel, rngBefore = rng
        XCTAssertFalse(try wheel.spin(at: 2.5, to: 5, using: &rng))
        XCTAssertFalse(try wheel.spin(at: 2.5, using: &rng))
        XCTAssertFalse(try wheel.spin(at: -1, using: &rng))  // a clock that ran backwards
        XCTAssertEqual(wheel, before)
        XCTAssertEqual(rng, rngBefore)
        // At exactly the end the wheel is at rest, and may spin again.
        let end = try XCTUnwrap(wheel.endTime)
        XCTAssertEqual(wheel.phase(at: end), .stopped(index: 2))
        XCTAssertTrue(try wheel.spin(at: end, to: 5, using: &rng))
        XCTAssertEqual(wheel.phase(at: end), .spinning("accelerate"))
        XCTAssertEqual(wheel.phase(at: end.nextDown), .stopped(index: 2))  // the last result until the new spin starts
        XCTAssertEqual(wheel.result(at: try XCTUnwrap(wheel.endTime)), 5)
    }

    func testPhasesFromIdleToStopped() throws {
        var rng = SeededGenerator(seed: 4)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 3)), settings: SpinSettings(profile: .roulette))
        XCTAssertEqual(wheel.phase(at: 100), .idle)
        XCTAssertNil(wheel.result(at: 100))
        XCTAssertNil(wheel.endTime)
        try wheel.spin(at: 1, to: 1, using: &rng)
        XCTAssertEqual(wheel.phase(at: 0.9), .idle)
        XCTAssertEqual(wheel.phase(at: 1), .spinning("spin"))
        XCTAssertNil(wheel.result(at: 3))
        XCTAssertEqual(wheel.endTime, 6)
        XCTAssertEqual(wheel.phase(at: 6), .stopped(index: 1))
        XCTAssertEqual(wheel.result(at: 60), 1)
        XCTAssertEqual(wheel.angularVelocity(at: 60), 0)
        XCTAssertEqual(wheel.angularVelocity(at: 1), .infinity)  // seed 002's curve leaves vertically
    }

    func testTheLayoutChangesOnlyAtRest() throws {
        var rng = SeededGenerator(seed: 6)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 4)))
        try wheel.spin(at: 0, to: 1, using: &rng)
        let seven = try XCTUnwrap(SliceLayout(count: 7))
        XCTAssertThrowsError(try wheel.replaceLayout(seven, at: 2)) { XCTAssertEqual($0 as? MotionError, .busySpinning) }
        XCTAssertEqual(wheel.layout.count, 4)
        let rest = wheel.rotation(at: 5)
        try wheel.replaceLayout(seven, weights: Array(repeating: 2, count: 7), at: 5)
        XCTAssertEqual(wheel.layout.count, 7)
        XCTAssertEqual(wheel.rotation(at: 5), rest)
        XCTAssertEqual(wheel.phase(at: 5), .idle)
        try wheel.spin(at: 5, to: 6, using: &rng)
        XCTAssertEqual(wheel.rotation(at: 5), rest)
        XCTAssertEqual(wheel.result(at: 10), 6)
    }

    func testBadSettingsTargetsAndTimesAreTypedErrors() throws {
        var rng = SeededGenerator(seed: 3)
        let layout = try XCTUnwrap(SliceLayout(count: 5))
        func error(_ settings: SpinSettings = SpinSettings(), weights: [Double] = [], rotation: Double = 0,
                   at t: Double = 0, to index: Int? = nil) -> String? {
            var wheel = Spinner(layout: layout, weights: weights, settings: settings, rotation: rotation)
            do { try wheel.spin(at: t, to: index, using: &rng); return nil } catch { return error.description }
        }
        for d in [0, -1, 600.5, .nan, .infinity] {
            XCTAssertEqual(error(SpinSettings(duration: d)), MotionError.invalidDuration(d).description)
        }
        for n in [-1, 1000.5, .nan, -.infinity] {
            XCTAssertEqual(error(SpinSettings(turns: n)), MotionError.invalidTurns(n).description)
        }
        XCTAssertNil(error(SpinSettings(duration: 600, turns: 1000)))
        XCTAssertNil(error(SpinSettings(duration: 0.01, turns: 0)))
        XCTAssertEqual(error(to: 5), MotionError.indexOutOfRange(index: 5, count: 5).description)
        XCTAssertEqual(error(to: -1), MotionError.indexOutOfRange(index: -1, count: 5).description)
        XCTAssertEqual(error(weights: [1, 1]), MotionError.weightCountMismatch(weights: 2, slices: 5).description)
        XCTAssertEqual(error(weights: [1, 1, -2, 1, 1]), MotionError.invalidWeight(index: 2, value: -2).description)
        XCTAssertEqual(error(weights: [0, 0, 0, 0, 0]), MotionError.weightsSumToZero.description)
        XCTAssertEqual(error(at: .nan), MotionError.invalidTime(.nan).description)
        XCTAssertEqual(error(rotation: .infinity), MotionError.invalidRotation(.infinity).description)
        // A chosen index needs no weights, so bad weights do not stop a spin to an index.
        XCTAssertNil(error(weights: [0, 0, 0, 0, 0], to: 3))
        var wheel = Spinner(layout: layout)
        XCTAssertThrowsError(try wheel.trace(fps: 0)) { XCTAssertEqual($0 as? MotionError, .invalidFrameRate(0)) }
        XCTAssertTrue(MotionError.indexOutOfRange(index: 5, count: 5).description.contains("0…4"))
        _ = try wheel.spin(at: 0)  // the system generator works too
    }
}
