// Every bad `pie` section names the file, the JSON path and what is wrong in one line; a file
// without the section gives the defaults; the shipped example loads.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class PieConfigTests: ConfigFileTestCase {
    /// Loads `json` and returns the error's text after the file name (failing if it loads).
    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try failure(json, load: { _ = try PieConfig.load(path: $0) }, file: file, line: line)
    }

    func testBadInputNamesThePathAndTheProblem() throws {
        let three = #"{"label": "a", "value": 1}, {"label": "b", "value": 2}"#
        let cases: [(String, String)] = [
            (#"{"pie": {"slices": []}}"#, "pie.slices: the chart needs at least one slice"),
            (#"{"pie": {"slices": [\#(three), {"label": "c", "value": -3}]}}"#, "pie.slices[2].value: -3 is negative (values are ≥ 0)"),
            (#"{"pie": {"slices": [\#(three), {"label": "c", "value": "NaN"}]}}"#, "pie.slices[2].value: must be a number, not a string"),
            (#"{"pie": {"slices": [\#(three), {"label": "c"}]}}"#, "pie.slices[2].value: is missing (every slice needs a number ≥ 0)"),
            (#"{"pie": {"slices": [{"value": 0}, {"value": 0}]}}"#, "pie.slices: all values are zero: at least one slice must be more than 0"),
            (##"{"pie": {"slices": [{"value": 1, "color": "#12345"}]}}"##, "pie.slices[0].color: '#12345' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (#"{"pie": {"slices": [{"value": 1, "label": 7}]}}"#, "pie.slices[0].label: must be a string, not a number"),
            (#"{"pie": {"slices": [{"value": true}]}}"#, "pie.slices[0].value: must be a number, not true/false"),
            (##"{"pie": {"slices": [{"value": 1, "colour": "#FFFFFF"}]}}"##, "pie.slices[0]: unknown key 'colour' (did you mean 'color'?)"),
            (#"{"pie": {"slices": {"value": 1}}}"#, "pie.slices: must be a list ([…]), not an object"),
            (#"{"pie": {"duration": 0}}"#, "pie.duration: 0 is out of range (seconds, more than 0 and at most 600)"),
            (#"{"pie": {"duration": -2}}"#, "pie.duration: -2 is out of range (seconds, more than 0 and at most 600)"),
            (#"{"pie": {"duration": 1e9}}"#, "pie.duration: 1000000000 is out of range (seconds, more than 0 and at most 600)"),
            (#"{"pie": {"duration": "2s"}}"#, "pie.duration: must be a number, not a string"),
            (#"{"pie": {"backgroundColor": "white"}}"#, "pie.backgroundColor: 'white' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (##"{"pie": {"textColour": "#000000"}}"##, "pie: unknown key 'textColour' (did you mean 'textColor'?)"),
            (#"{"pie": [1]}"#, "pie: must be an object ({…}), not a list"),
        ]
        for (json, expected) in cases {
            let got = try message(json)
            XCTAssertTrue(got.hasPrefix(expected), "\(json)\n  got:      \(got)\n  expected: \(expected)")
        }
    }

    func testConfigsBuiltInCodeAreCheckedTheSameWay() throws {
        var config = PieConfig.defaults
        config.slices[2].value = .nan
        XCTAssertThrowsError(try config.validate()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "pie.slices[2].value")
            XCTAssertEqual((error as? ConfigError)?.problem, "nan is not a finite number")
        }
        config = .defaults
        config.duration = .infinity
        XCTAssertThrowsError(try config.validate()) { XCTAssertEqual(($0 as? ConfigError)?.path, "pie.duration") }
        config = .defaults
        config.slices = []
        let resources = try WheelSnapshotTests.latinResources()
        XCTAssertThrowsError(try PieScene(config: config, resources: resources)) {
            XCTAssertEqual(($0 as? ConfigError)?.description, "roundel: config '<code>': pie.slices: the chart needs at least one slice")
        }
    }

    func testDefaultsAndPartialSections() throws {
        XCTAssertEqual(try PieConfig.load(path: try write(#"{"wheel": {}}"#)), .defaults)
        let config = try PieConfig.load(path: try write(##"{"pie": {"slices": [{"value": 3}, {"label": "B", "value": 1, "color": "#102030"}], "duration": 4.5, "textColor": "#FF0000"}}"##))
        XCTAssertEqual(config.slices, [PieSlice(label: "", value: 3, color: PieConfig.palette[0]),
                                       PieSlice(label: "B", value: 1, color: Color(rgb: 0x102030))])
        XCTAssertEqual(config.duration, 4.5)
        XCTAssertEqual(config.textColor, Color(rgb: 0xFF0000))
        XCTAssertEqual(config.backgroundColor, PieConfig.defaults.backgroundColor)
    }

    func testTheShippedExampleLoads() throws {
        let path = WheelRingImageTests.assetsDirectory + "/pie-results.json"
        let config = try PieConfig.load(path: path)
        XCTAssertGreaterThanOrEqual(config.slices.count, 3)
        let shares = try XCTUnwrap(PieShares(values: config.slices.map(\.value)))
        XCTAssertEqual(shares.tenths.reduce(0, +), 1000)
    }
}
