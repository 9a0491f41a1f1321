// A flick: the release speed read from the pointer's last moves, the threshold below which a release
// is no spin, how the speed sets the spin's turns and time, and a flicked spin landing on its target
// whichever way it turns, with its ticks heard both ways.
import Motion
import XCTest

final class FlickTests: XCTestCase {
    static let turn = 2 * Double.pi

    /// A pointer moving evenly through `turns` turns in `seconds`, sampled every 8 ms (a mouse).
    func evenMove(turns: Double, seconds: Double, from t0: Double = 0) -> [(t: Double, angle: Double)] {
        let steps = max(1, Int((seconds / 0.008).rounded()))
        return (0...steps).map { k in (t0 + seconds * Double(k) / Double(steps), turns * FlickTests.turn * Double(k) / Double(steps)) }
    }

    func testTheReleaseSpeedIsTheLastMovesOwn() throws {
        // A quarter turn in 50 ms: 5 turns a second, either way.
        let flick = evenMove(turns: 0.25, seconds: 0.05)
        XCTAssertEqual(Flick.velocity(of: flick, at: 0.05) / FlickTests.turn, 5, accuracy: 0.01)
        let back = evenMove(turns: -0.25, seconds: 0.05)
        XCTAssertEqual(Flick.velocity(of: back, at: 0.05) / FlickTests.turn, -5, accuracy: 0.01)
        // The same quarter turn over 2 s: an eighth of a turn a second.
        let slow = evenMove(turns: 0.25, seconds: 2)
        XCTAssertEqual(Flick.velocity(of: slow, at: 2) / FlickTests.turn, 0.125, accuracy: 0.01)
        // Slow, then fast at the end: only the last 90 ms count.
        let late = evenMove(turns: 0.1, seconds: 1) + evenMove(turns: 0.2, seconds: 0.1, from: 1).dropFirst().map { ($0.t, $0.angle + 0.1 * FlickTests.turn) }
        XCTAssertEqual(Flick.velocity(of: late, at: 1.1) / FlickTests.turn, 2, accuracy: 0.05)
        // Fast, then held still for 0.3 s before the release: no speed at all.
        let stopped = flick + [(t: 0.35, angle: flick.last!.angle)]
        XCTAssertEqual(Flick.velocity(of: stopped, at: 0.35), 0)
        XCTAssertEqual(Flick.velocity(of: flick, at: 0.16), 0, "no move in the last 110 ms: stopped")
        // Let go 90 ms after the last move (a slow frame between them): the speed it had.
        XCTAssertEqual(Flick.velocity(of: flick, at: 0.14) / FlickTests.turn, 5, accuracy: 0.01)
        XCTAssertEqual(Flick.velocity(of: [], at: 1), 0)
        XCTAssertEqual(Flick.velocity(of: [(t: 1, angle: 2)], at: 1), 0)
    }

    func testASlowReleaseIsNoSpin() throws {
        XCTAssertNil(Flick(velocity: 0.59 * FlickTests.turn))
        XCTAssertNil(Flick(velocity: -0.59 * FlickTests.turn))
        XCTAssertNil(Flick(velocity: 0.125 * FlickTests.turn), "a quarter turn over 2 s")
        XCTAssertNil(Flick(velocity: .nan))
        XCTAssertNil(Flick(velocity: .infinity))
        XCTAssertEqual(Flick(velocity: 0.6 * FlickTests.turn)?.direction, 1)
        XCTAssertEqual(Flick(velocity: -0.6 * FlickTests.turn)?.direction, -1)
    }

    func testAHarderFlickTurnsMoreAndAsLongAsStartAtMost() throws {
        let settings = SpinSettings(profile: .smooth, duration: 5, turns: 5)
        let gentle = try XCTUnwrap(Flick(velocity: 0.6 * FlickTests.turn))
        let middle = try XCTUnwrap(Flick(velocity: -1.8 * FlickTests.turn))
        let hard = try XCTUnwrap(Flick(velocity: 3 * FlickTests.turn))
        let harder = try XCTUnwrap(Flick(velocity: 30 * FlickTests.turn))
        XCTAssertEqual(gentle.strength, 0, accuracy: 1e-12)
        XCTAssertEqual(middle.strength, 0.5, accuracy: 1e-12)
        XCTAssertEqual(hard.strength, 1, accuracy: 1e-12)
        XCTAssertEqual(harder.strength, 1)
        XCTAssertEqual(gentle.turns(for: settings), 1, accuracy: 1e-12, "a gentle flick: one turn")
        XCTAssertEqual(middle.turns(for: settings), 3, accuracy: 1e-12)
        XCTAssertEqual(hard.turns(for: settings), 5, accuracy: 1e-12, "a hard flick: START's turns")
        XCTAssertEqual(harder.turns(for: settings), 5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(Flick(velocity: 2 * FlickTests.turn)).turns(for: SpinSettings(turns: 0.5)), 0.5,
                       "never more than the config's turns")
        // The time: what leaves the hand at its speed, between half START's and all of it.
        XCTAssertEqual(hard.duration(travelling: 5.5 * FlickTests.turn, settings: settings), 5.5 * 2.5 / 3, accuracy: 1e-9)
        XCTAssertEqual(harder.duration(travelling: 5.5 * FlickTests.turn, settings: settings), 2.5, "no shorter than half")
        XCTAssertEqual(gentle.duration(travelling: 1.5 * FlickTests.turn, settings: settings), 5, "no longer than START's")
        XCTAssertEqual(middle.duration(travelling: -3.5 * FlickTests.turn, settings: settings), 3.5 * 2.5 / 1.8, accuracy: 1e-9)
    }

    func testAFlickedSpinLandsOnItsTargetWhicheverWayItTurns() throws {
        var rng = SeededGenerator(seed: 33)
        let layout = try XCTUnwrap(SliceLayout(weights: [1, 3, 0.5, 2, 1, 1, 4]))
        for profile in SpinProfile.allCases {
            for speed in [0.7, -0.7, 2.2, -2.2, 9, -9] {
                for target in 0..<layout.count {
                    var wheel = Spinner(layout: layout, settings: SpinSettings(profile: profile, duration: 4, turns: 5), rotation: 1.3)
                    let flick = try XCTUnwrap(Flick(velocity: speed * FlickTests.turn))
                    XCTAssertTrue(try wheel.spin(at: 2, to: target, flick: flick, using: &rng))
                    let spin = try XCTUnwrap(wheel.currentSpin)
                    let end = spin.endTime
                    XCTAssertEqual(wheel.result(at: end), target, "\(profile) \(speed) turns/s onto \(target)")
                    let travelled = (spin.endRotation - 1.3) / FlickTests.turn
                    XCTAssertEqual(travelled.sign, speed.sign, "it turns the way it was thrown")
                    XCTAssertGreaterThanOrEqual(abs(travelled), flick.turns(for: wheel.settings))
                    XCTAssertLessThan(abs(travelled), flick.turns(for: wheel.settings) + 1)
                    XCTAssertGreaterThanOrEqual(spin.motion.duration, 2)
                    XCTAssertLessThanOrEqual(spin.motion.duration, 4)
                    // Only ever one way, from the rotation it was let go at.
                    var previous = wheel.rotation(at: 2)
                    XCTAssertEqual(previous, 1.3)
                    for k in 1...200 {
                        let r = wheel.rotation(at: 2 + (end - 2) * Double(k) / 200)
                        XCTAssertTrue(speed > 0 ? r >= previous : r <= previous, "\(profile) \(speed) at step \(k)")
                        previous = r
                    }
                }
            }
        }
    }

    func testAWheelLetGoAtItsSpeedKeepsItWhereTheTimeAllows() throws {
        var rng = SeededGenerator(seed: 5)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 8)), settings: SpinSettings(duration: 5, turns: 5))
        XCTAssertTrue(try wheel.spin(at: 0, to: 3, flick: try XCTUnwrap(Flick(velocity: -3 * FlickTests.turn)), using: &rng))
        XCTAssertEqual(wheel.angularVelocity(at: 1e-9) / FlickTests.turn, -3, accuracy: 0.01, "no jolt at the release")
    }

    func testTicksSoundBothWays() throws {
        var rng = SeededGenerator(seed: 8)
        let layout = try XCTUnwrap(SliceLayout(count: 10))
        for speed in [2.0, -2.0] {
            var wheel = Spinner(layout: layout, settings: SpinSettings(duration: 3, turns: 2), rotation: 0.2)
            XCTAssertTrue(try wheel.spin(at: 0, to: 6, flick: try XCTUnwrap(Flick(velocity: speed * FlickTests.turn)), using: &rng))
            let end = try XCTUnwrap(wheel.endTime)
            var times: [Double] = []
            // In chunks, as the audio asks.
            var t = 0.0
            while t < end + 0.1 { wheel.pointerCrossings(from: t, to: t + 0.023, into: &times); t += 0.023 }
            // Every boundary passed, counted from the slice under the pointer every 0.1 ms.
            var passed = 0, slice = wheel.index(underPointerAt: 0)
            for k in 1...Int(end * 10_000) + 1 {
                let now = wheel.index(underPointerAt: Double(k) / 10_000)
                if now != slice { passed += 1; slice = now }
            }
            XCTAssertGreaterThanOrEqual(passed, 15, "about two turns of ten slices")
            XCTAssertEqual(times.count, passed, "\(speed) turns/s")
            XCTAssertEqual(times, times.sorted())
            for time in times {
                // At each tick a boundary is under the pointer: the slice changes across it.
                XCTAssertNotEqual(wheel.index(underPointerAt: time - 1e-6), wheel.index(underPointerAt: time + 1e-6), "\(speed) at \(time)")
            }
        }
    }
}
