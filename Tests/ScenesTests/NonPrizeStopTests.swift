// A slice that is no prize ("Try again", `"prize": false`) lands like any slice and stops plainly:
// no confetti, no fanfare, a card with the slice's text under a quiet "Try again" (no WINNER), `"prize":false` in the
// state; and the card shows an item's value only in the config's `valueFormat`. Goldens (RECORD=1
// re-records; look at each): the plain card, and a prize's card with its value formatted.
import BitmapFont
import Draws
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class NonPrizeStopTests: ConfigFileTestCase {
    /// Mug (a prize worth 5) and "Better luck next time" (no prize, weight 3), spun onto `slice`.
    func wheel(to slice: Int, valueFormat: String? = nil, celebration: Celebration = Celebration(),
               mugValue: Double = 5) throws -> (WheelScene, Double) {
        var config = WheelConfig(items: [WheelItem(text: "Mug", color: Color(rgb: 0xE03131), value: mugValue),
                                         WheelItem(text: "Better luck next time", color: Color(rgb: 0xF08C00), weight: 3, prize: false),
                                         WheelItem(text: "Pen", color: Color(rgb: 0x2F9E44), value: 2)])
        config.celebration = celebration
        config.valueFormat = valueFormat.flatMap(ValueFormat.init)
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 3)
        XCTAssertTrue(try wheel.spin(at: 0, to: slice))
        return (wheel, try XCTUnwrap(wheel.spinner.endTime))
    }

    func frame(_ wheel: WheelScene, at t: Double, _ width: Int = 640, _ height: Int = 360) throws -> Pixmap {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        wheel.render(into: canvas, at: t)
        return canvas.pixmap
    }

    /// The demo wheel's "Try again" wins nothing: no confetti, no WINNER, recorded as no prize.
    func testTheDemoWheelsTryAgainIsNoPrize() throws {
        let demo = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 3)
        let tryAgain = try XCTUnwrap(demo.config.items.firstIndex { $0.text == "Try again" })
        XCTAssertTrue(try demo.spin(at: 0, to: tryAgain))
        let end = try XCTUnwrap(demo.spinner.endTime)
        XCTAssertFalse(demo.confettiFlies(at: end + 0.5))
        XCTAssertTrue(demo.jsonLine(at: end + 1).hasSuffix(#""text":"Try again","value":0,"prize":false}}"#), demo.jsonLine(at: end + 1))
        XCTAssertEqual(demo.raffle.lastDraw?.prize, false)
    }

    /// Between the stop and the card, a non-prize's frames are the plain stop's (nothing flies); a
    /// prize's are not. Then its card comes up (the frame animates while it fades in) and is recorded.
    func testANonPrizeStopsWithoutConfettiOrFanfare() throws {
        let (missed, end) = try wheel(to: 1)
        let (plain, _) = try wheel(to: 1, celebration: .off)
        for dt in [0.1, 0.3, 0.5] {
            XCTAssertEqual(try frame(missed, at: end + dt).pixels, try frame(plain, at: end + dt).pixels, "at +\(dt) s")
        }
        XCTAssertFalse(missed.confettiFlies(at: end + 0.5))
        XCTAssertTrue(missed.isAnimating(at: end + 0.7), "the card fades in")
        XCTAssertNotEqual(try frame(missed, at: end + 2).pixels, try frame(plain, at: end + 2).pixels, "the card is up")
        let (won, _) = try wheel(to: 0)
        let (wonPlain, _) = try wheel(to: 0, celebration: .off)
        XCTAssertNotEqual(try frame(won, at: end + 0.3).pixels, try frame(wonPlain, at: end + 0.3).pixels, "a prize's confetti")

        func stops(_ wheel: WheelScene) -> [SoundEvent] {
            var events: [SoundEvent] = []
            wheel.sounds(from: 0, to: end + 1, into: &events)
            return events.filter { $0.kind != .tick }
        }
        XCTAssertEqual(stops(missed), [])
        XCTAssertEqual(stops(won), [SoundEvent(.fanfare, at: end)])

        XCTAssertTrue(missed.jsonLine(at: end + 1).hasSuffix(#""result":{"index":1,"text":"Better luck next time","value":0,"prize":false}}"#),
                      missed.jsonLine(at: end + 1))
        XCTAssertTrue(won.jsonLine(at: end + 1).hasSuffix(#""result":{"index":0,"text":"Mug","value":5,"prize":true}}"#))
        XCTAssertEqual(missed.raffle.lastDraw?.prize, false)
        XCTAssertEqual(won.raffle.lastDraw?.prize, true)
    }

    /// The card of a non-prize: its text, "Try again" in grey above it (not WINNER), no value.
    func testTheCardOfANonPrizeHasNoWinnerHeading() throws {
        let (missed, end) = try wheel(to: 1, valueFormat: "{} points")
        XCTAssertNil(compareSnapshot(try frame(missed, at: end + 4), named: "celebration-card-no-prize",
                                     referenceDirectory: referencesDirectory()))
    }

    /// A value shows on the card only in the config's format ("5 points"); without one, none does
    /// (the card showed a bare "5" under every prize).
    func testTheValueShowsOnlyInTheConfigsFormat() throws {
        let (formatted, end) = try wheel(to: 0, valueFormat: "{} points")
        XCTAssertNil(compareSnapshot(try frame(formatted, at: end + 4), named: "celebration-card-value-format",
                                     referenceDirectory: referencesDirectory()))
        let (bare, _) = try wheel(to: 0)
        let (zero, _) = try wheel(to: 0, valueFormat: "{} points")
        XCTAssertNotEqual(try frame(bare, at: end + 4).pixels, try frame(formatted, at: end + 4).pixels)
        // Without a format the card is the card of an item without a value.
        let (noValue, _) = try wheel(to: 0, mugValue: 0)
        XCTAssertEqual(try frame(bare, at: end + 4).pixels, try frame(noValue, at: end + 4).pixels)
        XCTAssertEqual(zero.config.valueFormat?.text(for: 2.5), "2.5 points")
        XCTAssertEqual(ValueFormat("€{} ({})")?.text(for: 1000), "€1000 (1000)")
        // One built in code is checked as one read from a file.
        XCTAssertNil(ValueFormat("points"))
        XCTAssertNil(ValueFormat("{}\u{7}"))
        XCTAssertNil(ValueFormat(String(repeating: "x", count: 99) + "{}"))
    }

    func testPrizeAndValueFormatInTheConfig() throws {
        let config = try WheelConfig.load(path: try write(#"""
            {"wheel": {"items": ["Ann", {"text": "Try again", "prize": false}, {"text": "Mug", "prize": true, "value": 3}],
                       "valueFormat": "{} points"}}
            """#))
        XCTAssertEqual(config.items.map(\.prize), [true, false, true])
        XCTAssertEqual(config.items.map(\.entry.prize), [true, false, true])
        XCTAssertEqual(config.valueFormat?.text(for: 3), "3 points")
        XCTAssertNil(try WheelConfig.load(path: try write(#"{"wheel": {"items": ["Ann"]}}"#)).valueFormat)
        let long = String(repeating: "x", count: 100) + "{}"
        let cases: [(String, String)] = [
            (#"{"wheel": {"items": ["Ann", {"text": "B", "prize": "no"}]}}"#, "wheel.items[1].prize: must be true or false, not a string"),
            (#"{"wheel": {"valueFormat": "points"}}"#, #"wheel.valueFormat: 'points' has no {} where the value goes (e.g. "{} points")"#),
            (#"{"wheel": {"valueFormat": 5}}"#, "wheel.valueFormat: must be a string, not a number"),
            (#"{"wheel": {"valueFormat": "{}\u001b[2J"}}"#, "wheel.valueFormat: '{}\\u{1B}[2J' has a control character (U+001B, escape)"),
            (#"{"wheel": {"valueFormat": "\#(long)"}}"#, "wheel.valueFormat: is 102 characters; a value format is at most 100"),
            (#"{"wheel": {"valueFormt": "{}"}}"#, "wheel: unknown key 'valueFormt' (did you mean 'valueFormat'?)"),
        ]
        for (json, expected) in cases {
            let message = try failure(json, load: { _ = try WheelConfig.load(path: $0) })
            XCTAssertTrue(message.hasPrefix(expected), "\(message) should start with \(expected)")
        }
    }
}
