import Motion
import XCTest

final class AnimationTests: XCTestCase {
    func testAnAnimationIsAPureFunctionOfTime() {
        let a = Animation(from: 10, to: 30, duration: 2, timing: .easeInEaseOut)
        XCTAssertEqual(a.value(at: -1), 10)
        XCTAssertEqual(a.value(at: 0), 10)
        XCTAssertEqual(a.value(at: 1), 20, accuracy: 1e-9)  // easeInEaseOut is symmetric about its middle
        XCTAssertEqual(a.value(at: 2), 30)
        XCTAssertEqual(a.value(at: 99), 30)
        XCTAssertEqual(a.velocity(at: 3), 0)
        XCTAssertEqual(Animation(from: 0, to: 4, duration: 2).velocity(at: 0.7), 2, accuracy: 1e-9)
    }

    func testASequenceCompletesAtExactlyTheSumOfItsDurations() throws {
        let parts = [
            Animation(name: "a", from: 0, to: 1, duration: 0.1),
            Animation(name: "b", from: 1, to: 3, duration: 0.2, timing: .easeIn),
            Animation(name: "c", from: 3, to: 3.3, duration: 0.3, timing: .easeOut),
        ]
        let sequence = try AnimationSequence(parts)
        XCTAssertEqual(sequence.duration, 0.1 + 0.2 + 0.3)
        XCTAssertFalse(sequence.isComplete(at: sequence.duration.nextDown))
        XCTAssertTrue(sequence.isComplete(at: sequence.duration))
        XCTAssertEqual(sequence.value(at: sequence.duration), 3.3)
        XCTAssertEqual(sequence.value(at: -1), 0)
        XCTAssertEqual(sequence.animationIndex(at: 0.05), 0)
        XCTAssertEqual(sequence.animationIndex(at: sequence.startTimes[1]), 1)
        XCTAssertEqual(sequence.animationIndex(at: 0.45), 2)
        XCTAssertEqual(sequence.value(at: sequence.startTimes[1]), 1)
        XCTAssertEqual(sequence.value(at: sequence.startTimes[2]), 3)
        // Each animation's own curve, shifted to its start time.
        XCTAssertEqual(sequence.value(at: 0.2), 1 + 2 * referenceBezier(0.42, 0, 1, 1, at: 0.5), accuracy: 1e-9)
    }

    func testEmptySequencesAndBadDurationsAreRejected() {
        XCTAssertThrowsError(try AnimationSequence([])) { XCTAssertEqual($0 as? MotionError, .emptySequence) }
        for d in [0, -1, Double.nan, .infinity] {
            XCTAssertThrowsError(try AnimationSequence([Animation(from: 0, to: 1, duration: d)])) {
                XCTAssertEqual(($0 as? MotionError)?.description, MotionError.invalidDuration(d).description)
            }
        }
    }
}
