// The wheel in hand (WheelDrag.swift): it follows the pointer round its centre, a flick spins it the
// way it was thrown as one recorded draw landing on the recorded winner, a slow release or a release
// within the cooldown draws nothing, a press during a spin moves nothing, and a flicked draw replays
// onto the rotation it recorded.
import Draws
import Foundation
import Motion
import Raster
@testable import Scenes
import XCTest

final class WheelDragTests: XCTestCase {
    let size = Size(width: 400, height: 500)

    func wheel(seed: UInt64 = 3, ledger: Ledger = .inMemory()) throws -> WheelScene {
        var config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay"].map { Entry(text: $0) }))
        config.afterWin = .keep
        return try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: seed, ledger: ledger)
    }

    /// The point at `degrees` clockwise from 3 o'clock, 0.7 of the radius out.
    func point(_ degrees: Double) -> Point {
        let layout = WheelLayout(frame: size)
        let a = degrees * Double.pi / 180
        return Point(x: layout.center.x + 0.7 * layout.radius * cos(a), y: layout.center.y + 0.7 * layout.radius * sin(a))
    }

    /// A press at `from`°, moves in `steps` even steps to `to`° over `seconds`, held `hold` s, let go.
    func drag(_ wheel: WheelScene, from: Double, to: Double, seconds: Double, steps: Int = 10, at t0: Double = 0,
              hold: Double = 0, coolingDown: Bool = false) {
        wheel.handle(.tap(point(from)), at: t0, frameSize: size)
        for k in 1...steps {
            wheel.handle(.drag(point(from + (to - from) * Double(k) / Double(steps))), at: t0 + seconds * Double(k) / Double(steps), frameSize: size)
        }
        wheel.handle(.release(point(to), coolingDown: coolingDown), at: t0 + seconds + hold, frameSize: size)
    }

    func testTheWheelFollowsThePointerRoundItsCentre() throws {
        let wheel = try wheel()
        wheel.handle(.tap(point(10)), at: 0, frameSize: size)
        wheel.handle(.drag(point(40)), at: 0.5, frameSize: size)
        XCTAssertEqual(wheel.state(at: 0.5).rotationDegrees, 30, accuracy: 1e-9, "the point taken stays under the pointer")
        // Round through 180° and on: the wheel counts the turn.
        for (k, degrees) in [120.0, 200, 290, 370, 400].enumerated() {
            wheel.handle(.drag(point(degrees)), at: 0.6 + Double(k) * 0.2, frameSize: size)
        }
        XCTAssertEqual(wheel.state(at: 2).rotationDegrees, 390, accuracy: 1e-9)
        XCTAssertEqual(wheel.state(at: 2).state, "idle")
        // Put down slowly: it stays where it was left, and nothing was drawn.
        wheel.handle(.release(point(400), coolingDown: false), at: 3, frameSize: size)
        XCTAssertEqual(wheel.state(at: 10).rotationDegrees, 390, accuracy: 1e-9)
        XCTAssertEqual(wheel.state(at: 10).state, "idle")
        XCTAssertNil(wheel.raffle.lastDraw)
        XCTAssertEqual(try wheel.raffle.ledger.history().count, 0)
    }

    func testAFlickIsOneRecordedDrawLandingOnItsWinnerTheWayItWasThrown() throws {
        for (from, to) in [(20.0, 110.0), (110.0, 20.0)] {
            let wheel = try wheel()
            drag(wheel, from: from, to: to, seconds: 0.05, steps: 6)
            let draws = try wheel.raffle.ledger.history()
            XCTAssertEqual(draws.count, 1, "one draw, recorded at the release")
            let draw = try XCTUnwrap(draws.first)
            let spin = try XCTUnwrap(wheel.spinner.currentSpin)
            XCTAssertEqual(spin.startTime, 0.05)
            XCTAssertEqual(spin.startRotation * 180 / Double.pi, to - from, accuracy: 1e-9, "from where the hand left it")
            XCTAssertEqual((spin.endRotation - spin.startRotation).sign, (to - from).sign, "the way it was thrown")
            XCTAssertEqual(draw.rotation, spin.endRotation, "the record has the landing")
            let state = wheel.state(at: spin.endTime + 0.1)
            XCTAssertEqual(state.state, "stopped")
            XCTAssertEqual(state.result?.text, draw.text, "it lands on the recorded winner")
            XCTAssertEqual(wheel.items[wheel.spinner.index(underPointerAt: spin.endTime)].text, draw.text)
        }
    }

    func testASlowDragOrAStopBeforeTheReleaseDrawsNothing() throws {
        let slow = try wheel()
        drag(slow, from: 20, to: 110, seconds: 2, steps: 40)
        XCTAssertEqual(try slow.raffle.ledger.history().count, 0)
        XCTAssertEqual(slow.state(at: 9).rotationDegrees, 90, accuracy: 1e-9)
        let stopped = try wheel()
        drag(stopped, from: 20, to: 110, seconds: 0.05, steps: 6, hold: 0.3)
        XCTAssertEqual(try stopped.raffle.ledger.history().count, 0, "held still before it was let go")
        XCTAssertEqual(stopped.state(at: 9).state, "idle")
    }

    func testAReleaseInTheCooldownDrawsNothingButATapStillSpins() throws {
        let cooling = try wheel()
        drag(cooling, from: 20, to: 110, seconds: 0.05, steps: 6, coolingDown: true)
        XCTAssertEqual(try cooling.raffle.ledger.history().count, 0)
        let tapped = try wheel()
        tapped.handle(.tap(point(30)), at: 0, frameSize: size)
        tapped.handle(.drag(point(30.5)), at: 0.05, frameSize: size)   // a finger's tremble
        tapped.handle(.release(point(30.5), coolingDown: false), at: 0.1, frameSize: size)
        XCTAssertEqual(try tapped.raffle.ledger.history().count, 1, "a tap on the wheel spins it as START does")
        XCTAssertEqual(tapped.spinner.currentSpin?.startRotation, 0, "a tap does not turn the wheel")
    }

    func testADragDuringASpinChangesNothing() throws {
        let plain = try wheel(seed: 9), dragged = try wheel(seed: 9)
        for wheel in [plain, dragged] { XCTAssertTrue(try wheel.spin(at: 0)) }
        drag(dragged, from: 20, to: 200, seconds: 0.05, steps: 6, at: 1)   // a flick during the spin
        drag(dragged, from: 200, to: 210, seconds: 1, steps: 6, at: 2)      // a slow drag
        XCTAssertEqual(dragged.spinner.currentSpin, plain.spinner.currentSpin)
        for t in stride(from: 0.0, through: 7, by: 0.25) {
            XCTAssertEqual(dragged.state(at: t), plain.state(at: t), "at \(t)")
        }
        XCTAssertEqual(try dragged.raffle.ledger.history().count, 1)
        // A press held from before a spin (Space) moves nothing after it starts.
        let held = try wheel(seed: 9)
        held.handle(.tap(point(20)), at: 8, frameSize: size)
        held.handle(.primaryAction, at: 8.1, frameSize: size)
        let spin = held.spinner.currentSpin
        held.handle(.drag(point(120)), at: 8.2, frameSize: size)
        held.handle(.release(point(120), coolingDown: false), at: 8.25, frameSize: size)
        XCTAssertEqual(held.spinner.currentSpin, spin)
        XCTAssertEqual(try held.raffle.ledger.history().count, 1)
    }

    func testAFlickedDrawReplaysOntoItsRecordedLanding() throws {
        let dir = NSTemporaryDirectory() + "roundel-flick-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.db"
        let live = try wheel(ledger: try Ledger.open(path: path))
        drag(live, from: 110, to: 20, seconds: 0.05, steps: 6)   // anticlockwise
        let end = try XCTUnwrap(live.spinner.endTime)
        let landed = live.state(at: end + 0.1)
        let draw = try XCTUnwrap(try Ledger.openForReading(path: path).history().last)

        let reader = try Ledger.openForReading(path: path)
        let standing = try reader.standing(beforeDraw: draw.draw)
        var config = live.baseConfig
        config.afterWin = .keep
        let replay = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), recorded: standing)
        try replay.replayRecordedDraw(at: 0)
        let replayEnd = try XCTUnwrap(replay.spinner.endTime)
        let shown = replay.state(at: replayEnd + 0.1)
        XCTAssertEqual(shown.result, landed.result)
        XCTAssertEqual(shown.rotationDegrees, landed.rotationDegrees, accuracy: 1e-9, "the same landing, to the degree's millionth")
    }
}
