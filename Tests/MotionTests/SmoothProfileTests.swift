import Motion
import XCTest

final class SmoothProfileTests: XCTestCase {
    /// The largest |dv/dt| within the phases of a spin, by finite differences 10 µs apart (velocity is a
    /// polynomial per phase, so this is within 0.01 % of the true peak). Differences across a phase
    /// boundary are left out: a jump there must show up in the frame-to-frame test, not inflate the bound.
    func peakAcceleration(_ wheel: Spinner, from start: Double, to end: Double) -> Double {
        let h = 1e-5
        var peak = 0.0, t = start
        while t + h < end {
            if wheel.phase(at: t) == wheel.phase(at: t + h) {
                peak = max(peak, abs(wheel.angularVelocity(at: t + h) - wheel.angularVelocity(at: t)) / h)
            }
            t += h
        }
        return peak
    }

    /// The largest frame-to-frame change of angular velocity at `fps`, from the start to past the end.
    func largestVelocityStep(_ wheel: Spinner, from start: Double, to end: Double, fps: Double) -> Double {
        var worst = 0.0
        var previous = wheel.angularVelocity(at: start - 1 / fps)
        for frame in 0...Int(((end - start) * fps).rounded(.up)) + 1 {
            let v = wheel.angularVelocity(at: start + Double(frame) / fps)
            worst = max(worst, abs(v - previous))
            previous = v
        }
        return worst
    }

    func testVelocityHasNoJumpBetweenFramesAt240FPSAndIsZeroAtRest() throws {
        // If v is continuous with |dv/dt| ≤ A, then |Δv| ≤ A·Δt between any two frames (mean value
        // theorem); 1 % covers the finite-difference estimate of A. A jump of any size J > A·Δt fails it.
        let layout = try XCTUnwrap(SliceLayout(count: 12))
        for (duration, turns) in [(5.0, 5.0), (2.0, 1.0), (12.0, 20.0), (0.5, 0.0)] {
            var wheel = Spinner(layout: layout, settings: SpinSettings(profile: .smooth, duration: duration, turns: turns), rotation: 1.234)
            var rng = SeededGenerator(seed: 7)
            try wheel.spin(at: 3, using: &rng)
            let end = try XCTUnwrap(wheel.endTime)
            XCTAssertEqual(end - 3, duration, accuracy: 1e-12)
            let peak = peakAcceleration(wheel, from: 3, to: end)
            let step = largestVelocityStep(wheel, from: 3, to: end, fps: 240)
            XCTAssertLessThanOrEqual(step, peak / 240 * 1.01, "duration \(duration), turns \(turns)")
            XCTAssertEqual(wheel.angularVelocity(at: 3), 0)
            XCTAssertEqual(wheel.angularVelocity(at: end), 0)
            XCTAssertEqual(try XCTUnwrap(wheel.currentSpin?.motion.velocity(at: duration.nextDown)), 0, accuracy: 1e-9)
            // No kink at rest: the deceleration fades to 0 as well (v ∝ z³ near rest).
            let h = duration / 1000
            XCTAssertLessThan(abs(wheel.angularVelocity(at: end - h)) / h, peak * 1e-4)
        }
    }

    func testTheBoundCatchesSeed002sJumpAndOnlySmoothIsContinuousAtItsPhaseBoundaries() throws {
        // Seed 002's curve jumps from rest to infinite speed at its start: the frame test must fail it.
        var rng = SeededGenerator(seed: 3)
        var roulette = Spinner(layout: try XCTUnwrap(SliceLayout(count: 12)), settings: SpinSettings(profile: .roulette))
        try roulette.spin(at: 0, using: &rng)
        let peak = peakAcceleration(roulette, from: 0.01, to: try XCTUnwrap(roulette.endTime))
        XCTAssertGreaterThan(largestVelocityStep(roulette, from: 0, to: try XCTUnwrap(roulette.endTime), fps: 240), peak / 240 * 1.01)
        // Seed 000 changes speed abruptly between phases (easeIn ends at 1.72× its mean speed, 7.2 rad/s,
        // then turns at 6.3 rad/s) — a jump too small for that bound, so compare the one-sided limits directly.
        for profile in [SpinProfile.classic, .smooth] {
            var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 12)), settings: SpinSettings(profile: profile))
            try wheel.spin(at: 0, to: 0, using: &rng)  // classic: end sweep 2π, starting at 9 rad/s after 6.3
            let boundaries = try XCTUnwrap(wheel.currentSpin?.motion.startTimes.dropFirst())
            for b in boundaries {
                let jump = abs(wheel.angularVelocity(at: b) - wheel.angularVelocity(at: b.nextDown))
                if profile == .smooth { XCTAssertLessThan(jump, 1e-9) } else { XCTAssertGreaterThan(jump, 0.5) }
            }
        }
    }

    func testLandsAtLeastFifteenPercentInsideTheSliceAndStartsWhereTheLastSpinStopped() throws {
        var rng = SeededGenerator(seed: 11)
        for count in [1, 2, 3, 7, 36, 360] {
            let layout = try XCTUnwrap(SliceLayout(count: count))
            var wheel = Spinner(layout: layout, rotation: -0.3)
            var t = 0.0, lowest = 1.0, highest = 0.0
            for _ in 0..<200 {
                let before = wheel.rotation(at: t)
                try wheel.spin(at: t, using: &rng)
                XCTAssertEqual(wheel.rotation(at: t), before)
                XCTAssertEqual(wheel.angularVelocity(at: t), 0)
                t = try XCTUnwrap(wheel.endTime)
                let target = try XCTUnwrap(wheel.currentSpin?.target)
                // The wheel-local angle under the pointer, as a fraction of the way across the target slice.
                var local = (-wheel.rotation(at: t) - layout.starts[target]).truncatingRemainder(dividingBy: 2 * .pi)
                if local < 0 { local += 2 * .pi }
                let fraction = local / layout.sweeps[target]
                lowest = min(lowest, fraction)
                highest = max(highest, fraction)
                XCTAssertGreaterThanOrEqual(fraction, 0.15 - 1e-9)
                XCTAssertLessThanOrEqual(fraction, 0.85 + 1e-9)
                // About `turns` whole turns plus an offset under one turn.
                let travel = wheel.rotation(at: t) - before
                XCTAssertGreaterThanOrEqual(travel, 5 * 2 * .pi - 1e-9)
                XCTAssertLessThan(travel, 6 * 2 * .pi)
            }
            // Spread across the allowed band, not pinned to its middle.
            XCTAssertLessThan(lowest, 0.2)
            XCTAssertGreaterThan(highest, 0.8)
        }
    }

    func testPhasesAreAccelerateThenDecelerate() throws {
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 5)))
        var rng = SeededGenerator(seed: 5)
        try wheel.spin(at: 1, to: 2, using: &rng)
        XCTAssertEqual(wheel.phase(at: 1), .spinning("accelerate"))
        XCTAssertEqual(wheel.phase(at: 1.59), .spinning("accelerate"))  // spin-up: 12 % of 5 s
        XCTAssertEqual(wheel.phase(at: 1.61), .spinning("decelerate"))
        XCTAssertEqual(wheel.phase(at: 6), .stopped(index: 2))
        XCTAssertEqual(wheel.phase(at: 0.5), .idle)
    }
}
