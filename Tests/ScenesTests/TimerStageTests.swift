// A timer for a stage: `warnAt` and `dangerAt` turn the ring and digits amber and red when the
// digits show that many seconds, `overtime` counts on past zero with a minus sign, `until` counts
// down to a time of day. (Their look: TimerSnapshotTests' warning, danger and overtime goldens.)
import Foundation
import Raster
@testable import Scenes
import XCTest

final class TimerStageTests: ConfigFileTestCase {
    func stage(_ edit: (inout TimerConfig) -> Void = { _ in }) throws -> TimerScene {
        var config = TimerConfig(steps: [TimerStep(label: "Talk", duration: 300)])
        config.warnAt = 120; config.dangerAt = 30; config.overtime = true
        edit(&config)
        return try TimerScene(config: config, resources: try TimerSnapshotTests.latinResources())
    }

    func testBadStageSettingsAreOneLine() throws {
        let cases: [(String, String)] = [
            (#"{"timer": {"warnAt": 10, "dangerAt": 30}}"#,
             "timer.warnAt: 10 s is less than dangerAt (30 s): the warning comes first, so warnAt must be at least dangerAt"),
            (#"{"timer": {"warnAt": -1}}"#, "timer.warnAt: -1 is out of range (seconds left, 0 to 604800)"),
            (#"{"timer": {"dangerAt": "30"}}"#, "timer.dangerAt: must be a number, not a string"),
            (#"{"timer": {"overtime": true, "repeat": true}}"#,
             "timer.overtime: a repeating timer never reaches zero to run over: use overtime or repeat, not both"),
            (#"{"timer": {"until": "25:00"}}"#,
             #"timer.until: '25:00' is not a time of day: hours must be 0 to 23, not 25 (use HH:MM, 24-hour, like "14:30")"#),
            (#"{"timer": {"until": "2pm"}}"#,
             #"timer.until: '2pm' is not a time of day: is not a time of day (use HH:MM, 24-hour, like "14:30")"#),
            (#"{"timer": {"until": "14:30", "duration": 60}}"#,
             "timer.until: counts down to a time of day instead of a duration: give until, or duration/sequence, not both"),
            (##"{"timer": {"warnColor": "amber"}}"##, "timer.warnColor: 'amber' is not a colour (use #RRGGBB or #RRGGBBAA)"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(try failure(json, load: { _ = try TimerConfig.load(path: $0) }), expected, json)
        }
        let config = try TimerConfig.load(path: try write(##"{"timer": {"warnAt": 60, "dangerAt": 60, "warnColor": "#112233", "dangerColor": "#445566", "overtime": true, "until": "9:05"}}"##))
        XCTAssertEqual(config.warnAt, 60); XCTAssertEqual(config.dangerAt, 60)
        XCTAssertEqual(config.warnColor, Color(rgb: 0x112233)); XCTAssertEqual(config.dangerColor, Color(rgb: 0x445566))
        XCTAssertTrue(config.overtime)
        XCTAssertEqual(config.until, 9 * 3600 + 5 * 60)
    }

    /// The colour changes with the digits: amber from the moment 02:00 shows, red from 00:30.
    func testTheAlertFollowsTheDisplayedSeconds() throws {
        let scene = try stage()
        XCTAssertEqual(scene.status(at: 179.9).display, "02:01")
        XCTAssertEqual(scene.status(at: 179.9).alert, .none)
        XCTAssertEqual(scene.status(at: 180.0).display, "02:00")
        XCTAssertEqual(scene.status(at: 180.0).alert, .warning)
        XCTAssertEqual(scene.status(at: 269.5).alert, .warning)
        XCTAssertEqual(scene.status(at: 270.0).alert, .danger)
        XCTAssertEqual(scene.status(at: 300).display, "00:00")
    }

    func testOvertimeCountsOnInRedUntilATap() throws {
        let scene = try stage()
        let over = scene.status(at: 312)
        XCTAssertEqual(over.state, .overtime)
        XCTAssertEqual(over.display, "-00:12")
        XCTAssertEqual(over.alert, .danger)
        XCTAssertEqual(over.position.progress, 1)
        XCTAssertEqual(scene.status(at: 300.2).display, "-00:01", "the first second over")
        XCTAssertEqual(scene.status(at: 300 + 3725).display, "-1:02:05")
        XCTAssertTrue(scene.isAnimating(at: 5000))
        XCTAssertEqual(scene.jsonLine(at: 312),
                       #"{"scene":"timer","t":312,"state":"overtime","step":0,"label":"Talk","remaining":-12,"alert":"danger","progress":1,"display":"-00:12"}"#)
        scene.handle(.primaryAction, at: 320, frameSize: Size(width: 240, height: 240))
        XCTAssertEqual(scene.status(at: 321).display, "04:59", "a tap past zero starts the talk again")
        XCTAssertEqual(scene.status(at: 321).alert, .none)
        // Without overtime it stops at zero, as before.
        let plain = try stage { $0.overtime = false }
        XCTAssertEqual(plain.status(at: 312).state, .finished)
        XCTAssertEqual(plain.status(at: 312).display, "00:00")
        XCTAssertEqual(plain.status(at: 312).alert, .danger, "00:00 is within dangerAt")
    }

    /// `until` counts to the next such time of day after the start, across midnight too; a restart
    /// counts from the time of the restart.
    func testUntilCountsDownToATimeOfDay() throws {
        var config = TimerConfig.defaults
        config.until = 14 * 3600 + 30 * 60
        let scene = try TimerScene(config: config, resources: try TimerSnapshotTests.latinResources())
        scene.startTime = 14 * 3600
        XCTAssertEqual(scene.status(at: 0).display, "30:00")
        XCTAssertEqual(scene.status(at: 1799.5).display, "00:01")
        XCTAssertEqual(scene.status(at: 1800).state, .finished)
        scene.restart(at: 600)   // at 14:10
        XCTAssertEqual(scene.status(at: 600).display, "20:00")
        scene.startTime = 23 * 3600 + 59 * 60   // 23:59, restarted at t = 600 → 00:09
        XCTAssertEqual(scene.status(at: 600).display, "14:21:00")
        XCTAssertEqual(TimerConfig.secondsUntil(3600, from: 3600), 86_400, "now is not 'until': the next one")
        XCTAssertEqual(TimerConfig.secondsUntil(0, from: 86_399), 1)
    }

    /// A countdown to a time of day with a label shows the label, as a countdown for a duration does
    /// (the label was dropped: the one step `until` makes was built without it), after a restart too.
    func testUntilKeepsTheLabel() throws {
        let config = try TimerConfig.load(path: try write(#"{"timer": {"until": "14:30", "label": "Doors open"}}"#))
        let scene = try TimerScene(config: config, resources: try TimerSnapshotTests.latinResources())
        scene.startTime = 14 * 3600
        XCTAssertEqual(scene.status(at: 0).label, "Doors open")
        XCTAssertEqual(scene.jsonLine(at: 60),
                       #"{"scene":"timer","t":60,"state":"running","step":0,"label":"Doors open","remaining":1740,"alert":"none","progress":0.033333,"display":"29:00"}"#)
        scene.restart(at: 600)
        XCTAssertEqual(scene.status(at: 601).label, "Doors open")
    }
}
