import Motion
import XCTest

/// Seed 000's SpinWheelView, reproduced: the expected angles come from `seedClassicDegrees`, which solves
/// the seed's curves from scratch (ReferenceBezier.swift), not from Motion's solver.
final class ClassicProfileTests: XCTestCase {
    func spinner(count: Int, from rotation: Double = 0) throws -> Spinner {
        Spinner(layout: try XCTUnwrap(SliceLayout(count: count)), settings: SpinSettings(profile: .classic), rotation: rotation)
    }

    func testFollowsSeed000sCurveToAHundredthOfADegree() throws {
        var rng = SeededGenerator(seed: 0)
        for count in [1, 2, 3, 7, 8, 12, 36, 360] {
            for index in Set([0, 1 % count, count / 2, count - 1]) {
                var wheel = try spinner(count: count)
                XCTAssertTrue(try wheel.spin(at: 2, to: index, using: &rng))
                XCTAssertEqual(try XCTUnwrap(wheel.endTime), 2 + 4.7, accuracy: 1e-12)
                for step in 0...520 {
                    let local = Double(step) / 100 - 0.1  // from before the start to past rest
                    let degrees = wheel.rotation(at: 2 + local) * 180 / .pi
                    XCTAssertEqual(degrees, seedClassicDegrees(at: local, count: count, index: index), accuracy: 0.01,
                                   "\(count) slices, index \(index), t = \(local)")
                }
                XCTAssertEqual(wheel.result(at: 7), index)
            }
        }
    }

    func testPhasesAreNamedAsTheSeedsAnimations() throws {
        var wheel = try spinner(count: 8)
        var rng = SeededGenerator(seed: 1)
        try wheel.spin(at: 0, to: 3, using: &rng)
        XCTAssertEqual(wheel.phase(at: 0), .spinning("begin"))
        XCTAssertEqual(wheel.phase(at: 1.4999), .spinning("begin"))
        XCTAssertEqual(wheel.phase(at: 1.5), .spinning("turn"))
        XCTAssertEqual(wheel.phase(at: 3.5), .spinning("end"))
        XCTAssertEqual(wheel.phase(at: 4.69), .spinning("end"))
        XCTAssertEqual(wheel.phase(at: 4.7), .stopped(index: 3))
    }

    func testFromARestingOffsetTheEndSweepIsTheSeedsAdjustedIntoAFullTurn() throws {
        // After a first spin the wheel rests at slice 3's centre; the next classic spin starts there.
        var rng = SeededGenerator(seed: 2)
        for (count, first, second) in [(8, 3, 5), (8, 5, 3), (8, 4, 4), (7, 0, 6), (1, 0, 0)] {
            var wheel = try spinner(count: count)
            try wheel.spin(at: 0, to: first, using: &rng)
            let rest = wheel.rotation(at: 10)
            try wheel.spin(at: 10, to: second, using: &rng)
            let offset = (rest * 180 / .pi).truncatingRemainder(dividingBy: 360)
            var sweep = (360 / Double(count) * Double(count - second) - offset).truncatingRemainder(dividingBy: 360)
            if sweep <= 1e-7 { sweep += 360 }
            for step in 0...480 {
                let local = Double(step) / 100
                let expected = rest * 180 / .pi + (local < 3.5
                    ? seedClassicDegrees(at: local, count: 1, index: 0)  // begin and turn do not depend on the target
                    : 1080 + sweep * referenceBezier(0, 0, 0.58, 1, at: (local - 3.5) / 1.2))
                XCTAssertEqual(wheel.rotation(at: 10 + local) * 180 / .pi, expected, accuracy: 0.01, "\(count): \(first)→\(second) at \(local)")
            }
            XCTAssertGreaterThan(sweep, 0)
            XCTAssertLessThanOrEqual(sweep, 360)
            XCTAssertEqual(wheel.result(at: 20), second)
        }
    }
}
