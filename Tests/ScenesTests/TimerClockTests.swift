// The timer's arithmetic: pause/resume intervals, sequence steps changing at exact instants
// (repeating ones wrapping), the rounding of the time shown, and what input does to the state.
import Raster
@testable import Scenes
import XCTest

final class TimerClockTests: XCTestCase {
    static let pomodoro = [TimerStep(label: "Focus", duration: 1500), TimerStep(label: "Break", duration: 300)]

    func testPauseAtTenForFiveSecondsLeavesDurationMinusFifteenAtTwenty() {
        var clock = TimerClock(startedAt: 0)
        clock.pause(at: 10)
        clock.resume(at: 15)
        XCTAssertEqual(clock.running(at: 20), 15)
        XCTAssertEqual(clock.running(at: 12), 10, "frozen while paused")
        XCTAssertEqual(clock.running(at: 10), 10)
        XCTAssertEqual(clock.running(at: 5), 5, "earlier instants are still answered from the stored times")
        XCTAssertFalse(clock.isRunning(at: 12))
        XCTAssertTrue(clock.isRunning(at: 15))
        XCTAssertEqual(clock.time(whenRunningReaches: 60), 65)
        let program = TimerProgram(steps: [TimerStep(duration: 60)], repeats: false)
        XCTAssertEqual(program.position(afterRunning: clock.running(at: 20)).remaining, 60 - 15)
    }

    func testRepeatedPausesAddUpAndStaleInputsDoNotRewind() {
        var clock = TimerClock(startedAt: 2)
        clock.pause(at: 4); clock.pause(at: 5)      // second pause: already paused
        clock.resume(at: 10); clock.resume(at: 11)  // second resume: already running
        clock.pause(at: 3)                          // older than the last input: counts as at 10
        XCTAssertEqual(clock.toggles, [2, 4, 10, 10])
        XCTAssertEqual(clock.running(at: 100), 2)
        XCTAssertNil(clock.time(whenRunningReaches: 60), "paused for good before reaching 60 s")
        XCTAssertEqual(TimerClock(startedAt: nil).running(at: 50), 0, "not started")
        XCTAssertEqual(TimerClock(startedAt: 3).running(at: 1), 0, "before the start")
    }

    func testSequenceStepsChangeAtExactInstants() {
        let program = TimerProgram(steps: Self.pomodoro, repeats: false)
        XCTAssertEqual(program.position(afterRunning: 0).step, 0)
        XCTAssertEqual(program.position(afterRunning: 1499.999).step, 0)
        let breakStart = program.position(afterRunning: 1500)
        XCTAssertEqual(breakStart.step, 1)
        XCTAssertEqual(breakStart.elapsed, 0)
        XCTAssertEqual(breakStart.remaining, 300)
        XCTAssertEqual(program.position(afterRunning: 1799.999).step, 1)
        let end = program.position(afterRunning: 1800)
        XCTAssertTrue(end.finished)
        XCTAssertEqual(end.step, 1)
        XCTAssertEqual(end.progress, 1)
        XCTAssertEqual(end.remaining, 0)
        XCTAssertTrue(program.position(afterRunning: 5000).finished)
    }

    func testARepeatingSequenceWrapsOnTheSameInstantsEveryCycle() {
        let program = TimerProgram(steps: Self.pomodoro, repeats: true)
        let wrapped = program.position(afterRunning: 1800)
        XCTAssertEqual(wrapped.step, 0); XCTAssertEqual(wrapped.cycle, 1); XCTAssertFalse(wrapped.finished)
        XCTAssertEqual(wrapped.remaining, 1500)
        XCTAssertEqual(program.position(afterRunning: 1799.999).step, 1)
        XCTAssertEqual(program.position(afterRunning: 1800 + 1499.999).step, 0)
        XCTAssertEqual(program.position(afterRunning: 1800 + 1500).step, 1)
        let late = program.position(afterRunning: 1800 * 1000 + 1500)
        XCTAssertEqual(late.step, 1); XCTAssertEqual(late.cycle, 1000); XCTAssertEqual(late.elapsed, 0)
    }

    func testStepsChangeAtExactInstantsAfterAPause() throws {
        let config = TimerConfig(steps: Self.pomodoro)
        let scene = try TimerScene(config: config, resources: try TimerSnapshotTests.latinResources())
        scene.pause(at: 100)
        scene.resume(at: 130)
        XCTAssertEqual(scene.status(at: 1529.999).position.step, 0)
        XCTAssertEqual(scene.status(at: 1530).position.step, 1)
        XCTAssertEqual(scene.status(at: 1530).label, "Break")
        XCTAssertEqual(scene.status(at: 1830).state, .finished)
        XCTAssertEqual(scene.status(at: 1829.999).state, .running)
    }

    func testTheTimeShownIsRoundedUp() {
        func shown(_ remaining: Double, of duration: Double = 7200) -> String {
            TimerStatus(state: .running, position: TimerPosition(step: 0, cycle: 0, elapsed: duration - remaining,
                                                                 duration: duration, finished: false), label: nil, flash: 0).display
        }
        XCTAssertEqual(shown(60, of: 60), "01:00", "a 60 s timer starts at 01:00")
        XCTAssertEqual(shown(59.2), "01:00", "59.2 s left: the 60th second is still running (never 00:60)")
        XCTAssertEqual(shown(59), "00:59")
        XCTAssertEqual(shown(0.001), "00:01", "00:00 only when done")
        XCTAssertEqual(shown(0), "00:00")
        XCTAssertEqual(shown(599.5), "10:00")
        XCTAssertEqual(shown(3599), "59:59")
        XCTAssertEqual(shown(3599.5), "1:00:00", "h:mm:ss from one hour on")
        XCTAssertEqual(shown(3661), "1:01:01")
        XCTAssertEqual(TimerStatus.format(seconds: 604800), "168:00:00")
    }

    func testSpaceAndTapsPauseAndResumeRestartStartsOver() throws {
        let scene = try TimerScene(resources: try TimerSnapshotTests.latinResources())
        let frame = Size(width: 240, height: 240)
        XCTAssertEqual(scene.status(at: 0).display, "01:00")
        XCTAssertTrue(scene.isAnimating(at: 1))
        scene.handle(.primaryAction, at: 10, frameSize: frame)
        XCTAssertEqual(scene.status(at: 12).state, .paused)
        XCTAssertFalse(scene.isAnimating(at: 12))
        XCTAssertEqual(scene.status(at: 12).position.remaining, 50)
        scene.handle(.tap(Point(x: 300, y: 10)), at: 13, frameSize: frame)
        XCTAssertEqual(scene.status(at: 14).state, .paused, "a tap off the frame does nothing")
        scene.handle(.tap(Point(x: 5, y: 230)), at: 15, frameSize: frame)
        XCTAssertEqual(scene.status(at: 20).state, .running)
        XCTAssertEqual(scene.status(at: 20).position.remaining, 45)
        scene.handle(.increase, at: 21, frameSize: frame)
        XCTAssertEqual(scene.status(at: 21).position.remaining, 44)
        scene.handle(.restart, at: 30, frameSize: frame)
        XCTAssertEqual(scene.status(at: 30).position.remaining, 60)
        XCTAssertEqual(scene.status(at: 90).state, .finished)
        XCTAssertEqual(scene.status(at: 90).display, "00:00")
        scene.handle(.primaryAction, at: 100, frameSize: frame)
        XCTAssertEqual(scene.status(at: 100).state, .running, "Space on a finished timer starts it again")
        XCTAssertEqual(scene.status(at: 101).position.remaining, 59)
    }

    func testResetWaitsAtTheFullTime() throws {
        let scene = try TimerScene(resources: try TimerSnapshotTests.latinResources())
        scene.reset()
        XCTAssertEqual(scene.status(at: 40).state, .paused)
        XCTAssertEqual(scene.status(at: 40).display, "01:00")
        XCTAssertFalse(scene.isAnimating(at: 40))
        scene.resume(at: 40)
        XCTAssertEqual(scene.status(at: 50).position.remaining, 50)
        let waiting = try TimerScene(resources: try TimerSnapshotTests.latinResources(), startsAt: nil)
        XCTAssertEqual(waiting.status(at: 5).state, .paused)
    }

    func testAFinishedTimerFlashesOnceThenRests() throws {
        let scene = try TimerScene(resources: try TimerSnapshotTests.latinResources())
        scene.pause(at: 10); scene.resume(at: 20)          // finishes at 70
        XCTAssertEqual(scene.status(at: 69.9).state, .running)
        XCTAssertEqual(scene.status(at: 70).flash, 0)
        XCTAssertEqual(scene.status(at: 70.2).flash, 1, accuracy: 1e-12)
        XCTAssertGreaterThan(scene.status(at: 70.1).flash, 0.4)
        XCTAssertEqual(scene.status(at: 70.4).flash, 0)
        XCTAssertTrue(scene.isAnimating(at: 70.3))
        XCTAssertFalse(scene.isAnimating(at: 70.4))
        XCTAssertEqual(scene.status(at: 500).position.progress, 1)
        let loop = try TimerScene(config: TimerConfig(steps: Self.pomodoro, repeats: true), resources: try TimerSnapshotTests.latinResources())
        XCTAssertTrue(loop.isAnimating(at: 1e6), "a repeating sequence never finishes")
    }

    func testJSONLine() throws {
        let scene = try TimerScene(resources: try TimerSnapshotTests.latinResources())
        XCTAssertEqual(scene.jsonLine(at: 22.2),
                       #"{"scene":"timer","t":22.2,"state":"running","step":0,"label":"","remaining":37.8,"alert":"none","progress":0.37,"display":"00:38"}"#)
        XCTAssertEqual(scene.jsonLine(at: 75),
                       #"{"scene":"timer","t":75,"state":"finished","step":0,"label":"","remaining":0,"alert":"none","progress":1,"display":"00:00"}"#)
        let labelled = try TimerScene(config: TimerConfig(steps: [TimerStep(label: "Say \"hi\"\n\\", duration: 10)]),
                                  resources: try TimerSnapshotTests.latinResources())
        labelled.pause(at: 4)
        XCTAssertEqual(labelled.jsonLine(at: 5),
                       #"{"scene":"timer","t":5,"state":"paused","step":0,"label":"Say \"hi\"\n\\","remaining":6,"alert":"none","progress":0.4,"display":"00:06"}"#)
    }
}
