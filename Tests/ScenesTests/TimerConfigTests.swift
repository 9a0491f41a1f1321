// Every bad `timer` section names the file, the JSON path and what is wrong, in one line; the
// defaults are seed 001's; the Pomodoro example loads; `--duration` replaces duration and sequence.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class TimerConfigTests: ConfigFileTestCase {
    /// Loads `json` and returns the error's text after the file name (failing if it loads).
    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try failure(json, load: { _ = try TimerConfig.load(path: $0) }, file: file, line: line)
    }

    func testBadInputNamesThePathAndTheProblem() throws {
        let range = "is out of range (seconds, more than 0 and at most 604800, 7 days)"
        let cases: [(String, String)] = [
            (#"{"timer": {"duration": 0}}"#, "timer.duration: 0 " + range),
            (#"{"timer": {"duration": -5}}"#, "timer.duration: -5 " + range),
            (#"{"timer": {"duration": 604801}}"#, "timer.duration: 604801 " + range),
            (#"{"timer": {"duration": 1e300}}"#, "timer.duration: 1e+300 " + range),
            (#"{"timer": {"duration": "60"}}"#, "timer.duration: must be a number, not a string"),
            (#"{"timer": {"duration": null}}"#, "timer.duration: must be a number, not null"),
            (#"{"timer": {"sequence": []}}"#,
             #"timer.sequence: the sequence needs at least one step, like [{"label": "Focus", "duration": 1500}]"#),
            (#"{"timer": {"sequence": {"label": "Focus"}}}"#, "timer.sequence: must be a list ([…]), not an object"),
            (#"{"timer": {"sequence": [{"label": "Focus", "duration": 1500}, {"label": "Break"}]}}"#,
             #"timer.sequence[1].duration: missing: each step needs a duration in seconds, like {"label": "Break", "duration": 300}"#),
            (#"{"timer": {"sequence": [{"label": "Focus", "duration": 1500}, {"label": "Break", "duration": 0}]}}"#,
             "timer.sequence[1].duration: 0 " + range),
            (#"{"timer": {"sequence": [5]}}"#, "timer.sequence[0]: must be an object ({…}), not a number"),
            (#"{"timer": {"sequence": [{"duration": 5, "color": "blue"}]}}"#,
             "timer.sequence[0].color: 'blue' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (##"{"timer": {"sequence": [{"duration": 5, "colour": "#FF0000"}]}}"##,
             "timer.sequence[0]: unknown key 'colour' (did you mean 'color'?); known keys: label, duration, color"),
            (#"{"timer": {"sequence": [{"duration": 5, "label": 3}]}}"#, "timer.sequence[0].label: must be a string, not a number"),
            (#"{"timer": {"repeat": "yes"}}"#, "timer.repeat: must be true or false, not a string"),
            (##"{"timer": {"trackColor": "#12345"}}"##, "timer.trackColor: '#12345' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (#"{"timer": {"durration": 60}}"#, "timer: unknown key 'durration' (did you mean 'duration'?); known keys: " + TimerConfig.knownKeys.joined(separator: ", ")),
            (#"{"timer": [60]}"#, "timer: must be an object ({…}), not a list"),
        ]
        for (json, expected) in cases { XCTAssertEqual(try message(json), expected, json) }
    }

    func testTheDefaultsAreTheSeeds() throws {
        let config = try TimerConfig.load(path: try write(#"{"wheel": {}}"#))
        XCTAssertEqual(config, TimerConfig.defaults)
        XCTAssertEqual(config.steps, [TimerStep(duration: 60)])
        XCTAssertFalse(config.repeats)
        XCTAssertEqual(config.trackColor, Color(rgb: 0xAAAAAA))
        XCTAssertEqual(config.progressColor, Color(rgb: 0x0000FF))
        XCTAssertEqual(config.backgroundColor, .white)
        XCTAssertFalse(config.scaleWithFrame)
    }

    func testEveryKeyIsRead() throws {
        let config = try TimerConfig.load(path: try write(##"""
            {"timer": {"duration": 90, "label": "Tea", "trackColor": "#101010", "progressColor": "#202020",
                       "backgroundColor": "#303030", "textColor": "#404040", "scaleWithFrame": true}}
            """##))
        XCTAssertEqual(config.steps, [TimerStep(label: "Tea", duration: 90)])
        XCTAssertEqual(config.trackColor, Color(rgb: 0x101010))
        XCTAssertEqual(config.progressColor, Color(rgb: 0x202020))
        XCTAssertEqual(config.backgroundColor, Color(rgb: 0x303030))
        XCTAssertEqual(config.textColor, Color(rgb: 0x404040))
        XCTAssertTrue(config.scaleWithFrame)
        // A config that gives both: the sequence runs.
        let both = try TimerConfig.load(path: try write(#"""
            {"timer": {"duration": 60, "sequence": [{"label": "Focus", "duration": 1500}, {"label": "Break", "duration": 300}]}}
            """#))
        XCTAssertEqual(both.steps.map(\.duration), [1500, 300])
    }

    func testThePomodoroExampleLoads() throws {
        let config = try TimerConfig.load(path: TimerSnapshotTests.assetsDirectory + "/timer-pomodoro.json")
        XCTAssertEqual(config.steps, [TimerStep(label: "Focus", duration: 1500, color: Color(rgb: 0x0000FF)),
                                      TimerStep(label: "Break", duration: 300, color: Color(rgb: 0x2F9E44))])
        XCTAssertTrue(config.repeats)
    }

    func testDurationFromTheCommandLine() throws {
        var config = try TimerConfig.load(path: TimerSnapshotTests.assetsDirectory + "/timer-pomodoro.json")
        config.trackColor = Color(rgb: 0x123456)
        let single = try config.withDuration(90)
        XCTAssertEqual(single.steps, [TimerStep(duration: 90)])
        XCTAssertFalse(single.repeats)
        XCTAssertEqual(single.trackColor, Color(rgb: 0x123456), "colours are kept")
        let range = "is out of range (seconds, more than 0 and at most 604800, 7 days)"
        for (seconds, problem) in [(0.0, "0 " + range), (-1, "-1 " + range), (.infinity, "inf " + range), (1e9, "1000000000 " + range),
                                   (.nan, "NaN is not a duration (seconds, more than 0 and at most 604800, 7 days)")] {
            XCTAssertThrowsError(try config.withDuration(seconds)) { error in
                XCTAssertEqual((error as? ConfigError)?.path, "--duration")
                XCTAssertEqual((error as? ConfigError)?.problem, problem)
            }
        }
        XCTAssertNoThrow(try config.withDuration(TimerConfig.maximumDuration))
    }

    func testCodeBuiltConfigsAreValidated() {
        XCTAssertNoThrow(try TimerConfig.defaults.validate())
        XCTAssertThrowsError(try TimerConfig(steps: []).validate()) { XCTAssertEqual(($0 as? ConfigError)?.path, "timer.sequence") }
        XCTAssertThrowsError(try TimerConfig(steps: [TimerStep(duration: 5), TimerStep(duration: .nan)]).validate()) {
            XCTAssertEqual(($0 as? ConfigError)?.path, "timer.sequence[1].duration")
        }
    }

    func testTheCatalogBuildsTheTimerFromItsSection() throws {
        let resources = try TimerSnapshotTests.latinResources()
        let file = try ConfigFile.load(path: try write(#"{"timer": {"duration": 42}}"#))
        let scene = try XCTUnwrap(try SceneCatalog.make("timer", config: file, resources: resources) as? TimerScene)
        XCTAssertEqual(scene.status(at: 0).display, "00:42")
        XCTAssertEqual(try XCTUnwrap(try SceneCatalog.make("timer", resources: resources) as? TimerScene).config, .defaults)
        let bad = try ConfigFile.load(path: try write(#"{"timer": {"sequence": [{"label": "Break"}]}}"#))
        XCTAssertThrowsError(try SceneCatalog.make("timer", config: bad, resources: resources)) {
            XCTAssertEqual(($0 as? ConfigError)?.path, "timer.sequence[0].duration")
        }
    }
}
