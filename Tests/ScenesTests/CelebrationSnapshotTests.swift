// The celebration as goldens (RECORD=1 re-records; look at each): confetti just after the stop, at
// its height and falling through the winner card, the card in landscape and portrait (its value not
// shown: the config gives no valueFormat, NonPrizeStopTests); and `celebration` config: off is the plain stop, hold sets how long the card stays.
import BitmapFont
import Draws
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class CelebrationSnapshotTests: ConfigFileTestCase {
    func wheel(_ celebration: Celebration = Celebration()) throws -> (WheelScene, Double) {
        var config = WheelConfig.defaults
        config.celebration = celebration
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 3)
        XCTAssertTrue(try wheel.spin(at: 0, to: 5))   // "Jackpot"
        return (wheel, try XCTUnwrap(wheel.spinner.endTime))
    }

    func snapshot(_ wheel: WheelScene, _ width: Int, _ height: Int, at t: Double, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws -> Pixmap {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        wheel.render(into: canvas, at: t)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
        return canvas.pixmap
    }

    func testConfettiAtThreeMomentsAndTheCard() throws {
        let (wheel, end) = try wheel()
        _ = try snapshot(wheel, 640, 360, at: end + 0.25, named: "celebration-confetti-0.25s")
        _ = try snapshot(wheel, 640, 360, at: end + 0.9, named: "celebration-confetti-0.9s")
        _ = try snapshot(wheel, 640, 360, at: end + 2.2, named: "celebration-confetti-2.2s")
        _ = try snapshot(wheel, 960, 540, at: end + 4, named: "celebration-card-960x540")
        _ = try snapshot(wheel, 480, 800, at: end + 4, named: "celebration-card-480x800")
        // The same moment drawn twice, and by a fresh wheel of the same draw: a pure function of t.
        let again = try XCTUnwrap(Canvas(width: 640, height: 360))
        let (twin, _) = try self.wheel()
        twin.render(into: again, at: end + 0.9)
        XCTAssertEqual(again.pixmap.pixels, try snapshot(wheel, 640, 360, at: end + 0.9, named: "celebration-confetti-0.9s").pixels)
    }

    /// Once the card stands, confetti frames copy the kept wheel-and-card and draw only the confetti:
    /// exactly the pixels of a frame drawn whole.
    func testConfettiOverTheKeptCardEqualsAWholeFrame() throws {
        let (warm, end) = try wheel()
        let (cold, _) = try wheel()
        let a = try XCTUnwrap(Canvas(width: 480, height: 320)), b = try XCTUnwrap(Canvas(width: 480, height: 320))
        warm.render(into: a, at: end + 1.0)   // keeps the backdrop
        for dt in [1.3, 1.9, 2.6] {
            warm.render(into: a, at: end + dt)
            let fresh = try XCTUnwrap(Canvas(width: 480, height: 320))
            cold.scratch.cardBackdrop = nil
            cold.render(into: fresh, at: end + dt)
            XCTAssertEqual(a.pixmap.pixels, fresh.pixmap.pixels, "at +\(dt) s")
        }
        XCTAssertNotNil(warm.scratch.cardBackdrop)
        b.clear(.black)
        warm.render(into: b, at: end + 5)   // after the confetti: drawn whole again
        cold.scratch.cardBackdrop = nil
        let whole = try XCTUnwrap(Canvas(width: 480, height: 320))
        cold.render(into: whole, at: end + 5)
        XCTAssertEqual(b.pixmap.pixels, whole.pixmap.pixels)
    }

    /// Frames above `largestBackdrop` px keep no copy of the wheel-and-card (a second whole frame:
    /// 1 GiB at 16384²) and draw it each time: the same pixels.
    func testAboveTheLargestBackdropNoCardIsKept() throws {
        let (warm, end) = try wheel()
        let (huge, _) = try wheel()
        huge.scratch.largestBackdrop = 480 * 320 - 1
        for dt in [1.0, 1.3, 1.9] {
            let a = try XCTUnwrap(Canvas(width: 480, height: 320)), b = try XCTUnwrap(Canvas(width: 480, height: 320))
            warm.render(into: a, at: end + dt)
            huge.render(into: b, at: end + dt)
            XCTAssertEqual(a.pixmap.pixels, b.pixmap.pixels, "at +\(dt) s")
        }
        XCTAssertNotNil(warm.scratch.cardBackdrop)
        XCTAssertNil(huge.scratch.cardBackdrop)
    }

    func testOffIsThePlainStopAndHoldSetsTheCardsTime() throws {
        let (plain, end) = try wheel(.off)
        XCTAssertFalse(plain.isAnimating(at: end + 1))
        let a = try XCTUnwrap(Canvas(width: 320, height: 240)), b = try XCTUnwrap(Canvas(width: 320, height: 240))
        plain.render(into: a, at: end + 1)
        plain.render(into: b, at: end + 60)
        XCTAssertEqual(a.pixmap.pixels, b.pixmap.pixels, "nothing flies and no card comes")
        let (short, _) = try wheel(Celebration(isOn: true, hold: 2))
        let c = try XCTUnwrap(Canvas(width: 320, height: 240))
        short.render(into: c, at: end + 60)
        XCTAssertEqual(c.pixmap.pixels, b.pixmap.pixels, "after hold the card is gone")
        short.render(into: c, at: end + 2)
        XCTAssertNotEqual(c.pixmap.pixels, b.pixmap.pixels, "within hold it shows")

        // While the card is up a touch anywhere spins again; with it gone, only START and the wheel do.
        let (tapped, _) = try wheel()
        tapped.handle(.tap(Point(x: 5, y: 5)), at: end + 3, frameSize: Size(width: 320, height: 240))
        XCTAssertGreaterThan(tapped.spinner.endTime ?? 0, end, "a corner tap on the card spun")
        let (late, _) = try wheel(Celebration(isOn: true, hold: 1))
        late.handle(.tap(Point(x: 5, y: 5)), at: end + 3, frameSize: Size(width: 320, height: 240))
        XCTAssertEqual(late.spinner.endTime, end, "a corner tap without the card does nothing")

        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"celebration": "off"}}"#)).celebration, .off)
        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"celebration": {"hold": 3}}}"#)).celebration.hold, 3)
        let cases: [(String, String)] = [
            (#"{"wheel": {"celebration": "party"}}"#, #"wheel.celebration: 'party' is not on or off (or give {"hold": 8})"#),
            (#"{"wheel": {"celebration": {"hold": -1}}}"#, "wheel.celebration.hold: -1 is out of range (seconds the winner card stays, 0 to 3600)"),
            (#"{"wheel": {"celebration": {"hodl": 1}}}"#, "wheel.celebration: unknown key 'hodl' (did you mean 'hold'?); known keys: hold"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(try failure(json, load: { _ = try WheelConfig.load(path: $0) }), expected, json)
        }
    }
}

/// The card celebrates the draw as it was made: when the wheel shows what the draw changed (3 s
/// after the stop: the last prize greyed as sold out), the card still standing keeps the winner's colour.
final class CelebrationCardTests: XCTestCase {
    /// The pixel in the middle of the card's left border at `t`.
    func border(_ wheel: WheelScene, at t: Double) throws -> UInt32 {
        let canvas = try XCTUnwrap(Canvas(width: 640, height: 360))
        wheel.render(into: canvas, at: t)
        let cardHeight = min(360 * 0.6, min(640 * 0.86, 640 * 0.62) * 0.62)
        let x = Int(((640 - min(640 * 0.86, 640 * 0.62)) / 2 - 0.01 * cardHeight).rounded(.down))
        return canvas.pixmap[x, 180]
    }

    func testTheCardKeepsTheWinnersColourWhenItsLastPrizeSellsOut() throws {
        var config = WheelConfig(items: [WheelItem(text: "Mug", color: Color(rgb: 0xE03131), value: 5, stock: 1),
                                         WheelItem(text: "Pen", color: Color(rgb: 0x1971C2), stock: 3),
                                         WheelItem(text: "Cup", color: Color(rgb: 0x2F9E44), stock: 3)])
        config.celebration = Celebration()
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 3)
        XCTAssertTrue(try wheel.spin(at: 0, to: 0))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        let before = try border(wheel, at: end + 2)
        XCTAssertEqual(before, Color(rgb: 0xE03131).premultiplied, "the card's border is the winner's colour")
        XCTAssertEqual(try border(wheel, at: end + 5), before, "after the slice greyed as sold out")
    }
}
