import Motion
import XCTest

/// A spin replayed onto a recorded final rotation (`Spinner.spin(at:endingAt:)`): from the rotation
/// the recorded spin started at, it is that spin, animation for animation; from anywhere else it
/// still ends exactly there, lasts as long and turns as far as its profile turns.
final class SpinToRotationTests: XCTestCase {
    func testFromTheSameStartTheReplayIsTheSpinThatWasMade() throws {
        var rng = SeededGenerator(seed: 32)
        let layouts = [SliceLayout(count: 1), SliceLayout(count: 7), SliceLayout(weights: [1, 3, 0.5, 2], sizeByWeight: true),
                       SliceLayout(count: 360, origin: .startingAtTop)].compactMap { $0 }
        XCTAssertEqual(layouts.count, 4)
        for layout in layouts {
            for profile in SpinProfile.allCases {
                for settings in [SpinSettings(profile: profile), SpinSettings(profile: profile, duration: 1.5, turns: 2.5)] {
                    var made = Spinner(layout: layout, settings: settings, rotation: Double.random(in: -50...50, using: &rng))
                    var t = 0.0
                    for _ in 0..<6 {
                        let start = made.rotation(at: t)
                        XCTAssertTrue(try made.spin(at: t, using: &rng))
                        let spin = try XCTUnwrap(made.currentSpin)
                        var replay = Spinner(layout: layout, settings: settings, rotation: start)
                        XCTAssertTrue(try replay.spin(at: t, endingAt: spin.endRotation))
                        XCTAssertEqual(replay.currentSpin, spin, "\(layout.count) slices, \(profile), from \(start)")
                        t = spin.endTime + 0.5
                    }
                }
            }
        }
    }

    func testFromAnotherStartItEndsThereAndTurnsAsFarAsItsProfile() throws {
        var rng = SeededGenerator(seed: 33)
        let layout = try XCTUnwrap(SliceLayout(count: 9))
        let turn = 2 * Double.pi
        for profile in SpinProfile.allCases {
            let settings = SpinSettings(profile: profile, duration: 3, turns: 4)
            var made = Spinner(layout: layout, settings: settings, rotation: 1.25)
            XCTAssertTrue(try made.spin(at: 0, using: &rng))
            let spin = try XCTUnwrap(made.currentSpin)
            for start in [0.0, 1.25 + 3 * turn, 1.25 - 40 * turn, 1.25 + 0.4, -1e6, spin.endRotation, spin.endRotation + 5 * turn] {
                var replay = Spinner(layout: layout, settings: settings, rotation: start)
                XCTAssertTrue(try replay.spin(at: 2, endingAt: spin.endRotation))
                let plan = try XCTUnwrap(replay.currentSpin)
                let what = "\(profile) from \(start)"
                XCTAssertEqual(plan.endRotation, spin.endRotation, what)
                XCTAssertEqual(replay.rotation(at: plan.endTime), spin.endRotation, what)
                XCTAssertEqual(plan.target, spin.target, what)
                XCTAssertEqual(plan.endTime - plan.startTime, spin.endTime - spin.startTime, accuracy: 1e-12, what)
                XCTAssertEqual(plan.motion.animations.map(\.name), spin.motion.animations.map(\.name), what)
                // The start moved by whole turns only: the wheel looks as it did.
                let moved = (plan.startRotation - start) / turn
                XCTAssertEqual(moved, moved.rounded(), accuracy: 1e-6, what)
                let sweep = plan.endRotation - plan.startRotation
                if profile == .classic {
                    XCTAssertTrue(sweep > 3 * turn && sweep <= 4 * turn + 1e-9, "\(what): sweep \(sweep / turn) turns")
                } else {
                    XCTAssertTrue(sweep >= 4 * turn - 1e-9 && sweep < 5 * turn, "\(what): sweep \(sweep / turn) turns")
                }
                XCTAssertEqual(replay.rotation(at: 1.9), plan.startRotation, "at rest before it starts")
            }
        }
    }

    func testBadInputIsRefusedAndASpinUnderWayIsKept() throws {
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: 4)))
        XCTAssertThrowsError(try wheel.spin(at: 0, endingAt: .nan)) {
            guard case .invalidRotation = $0 as? MotionError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try wheel.spin(at: .infinity, endingAt: 1)) { XCTAssertEqual($0 as? MotionError, .invalidTime(.infinity)) }
        var far = Spinner(layout: try XCTUnwrap(SliceLayout(count: 4)), rotation: -1.7e308)
        XCTAssertThrowsError(try far.spin(at: 0, endingAt: 1.7e308), "no whole number of turns between them") {
            guard case .invalidRotation = $0 as? MotionError else { return XCTFail("\($0)") }
        }
        XCTAssertTrue(try wheel.spin(at: 0, endingAt: 40))
        let before = wheel
        XCTAssertFalse(try wheel.spin(at: 1, endingAt: 80), "a spin under way is not replaced")
        XCTAssertEqual(wheel, before)
    }
}
