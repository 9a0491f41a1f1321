// Every bad config names the file, the JSON path and what is wrong; defaults and the Korean example load.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelConfigTests: ConfigFileTestCase {
    /// Loads `json` and returns the error's text after the file name (failing if it loads).
    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try failure(json, load: { _ = try WheelConfig.load(path: $0) }, file: file, line: line)
    }

    func testBadInputNamesThePathAndTheProblem() throws {
        let cases: [(String, String)] = [
            (#"{"wheel": {"items": []}}"#, "wheel.items: the wheel needs at least one item"),
            (##"{"wheel": {"items": [{"text": "a"}, {"text": "b"}, {"text": "c"}, {"text": "d", "color": "#12345"}]}}"##,
             "wheel.items[3].color: '#12345' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (#"{"wheel": {"items": [{"text": "a", "color": "red"}]}}"#, "wheel.items[0].color: 'red' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (#"{"wheel": {"items": [{"text": "a", "weight": -1}]}}"#, "wheel.items[0].weight: -1 is negative (weights are ≥ 0)"),
            (#"{"wheel": {"items": [{"text": "a", "weight": 0}, {"text": "b", "weight": 0}]}}"#,
             "wheel.items: all weights are zero: at least one item must be able to win"),
            (#"{"wheel": {"items": [{"text": 5}]}}"#, "wheel.items[0].text: must be a string, not a number"),
            (#"{"wheel": {"items": [{"text": "a", "weight": true}]}}"#, "wheel.items[0].weight: must be a number, not true/false"),
            (#"{"wheel": {"numbered": 1}}"#, "wheel.numbered: 1 is out of range (a whole number from 2 to 36)"),
            (#"{"wheel": {"numbered": 37}}"#, "wheel.numbered: 37 is out of range (a whole number from 2 to 36)"),
            (#"{"wheel": {"numbered": 7.5}}"#, "wheel.numbered: 7.5 is out of range (a whole number from 2 to 36)"),
            (#"{"wheel": {"duration": 0}}"#, "wheel.duration: 0 is out of range (seconds, at least 0.1 and at most 600)"),
            (#"{"wheel": {"duration": 5e-324}}"#, "wheel.duration: 5e-324 is out of range (seconds, at least 0.1 and at most 600)"),
            (#"{"wheel": {"turns": -2}}"#, "wheel.turns: -2 is out of range (0 to 1000 turns)"),
            (#"{"wheel": {"profile": "fast"}}"#, "wheel.profile: 'fast' is not a profile (use one of classic, roulette, smooth)"),
            (#"{"wheel": {"ringImage": "missing.png"}}"#, "wheel.ringImage: cannot read PNG"),
            (##"{"wheel": {"colour": "#FFFFFF"}}"##, "wheel: unknown key 'colour'"),
            (##"{"wheel": {"items": [{"text": "a", "colour": "#FFFFFF"}]}}"##, "wheel.items[0]: unknown key 'colour' (did you mean 'color'?)"),
            (#"{"wheel": []}"#, "wheel: must be an object ({…}), not a list"),
            (#"[1, 2]"#, "the top level must be an object"),
            (#"{"wheel": {"items": [1e999]}}"#, "not valid JSON: number 1e999 is out of range (line 1, column 22)"),
            (#"{"wheel": {"items": ["1e999", 1e999]}}"#, "not valid JSON: number 1e999 is out of range (line 1, column 31)"),
            (#"{"wheel": {"items": ["a", "#, "not valid JSON: the file ends before the JSON does"),
            ("  \n", "not valid JSON: the file is empty"),
            ("{\"wheel\": {\n  \"items\": [,]\n}}", "not valid JSON: "),
        ]
        for (json, expected) in cases {
            let got = try message(json)
            XCTAssertTrue(got.hasPrefix(expected), "\(json)\n  expected: \(expected)\n  got:      \(got)")
        }
        // Foundation's character offset becomes a line and a column.
        XCTAssertTrue(try message("{\"wheel\": {\n  \"items\": [,]\n}}").contains("line 2"))
    }

    func testAMissingFileAndACorruptRingImage() throws {
        do { _ = try WheelConfig.load(path: directory + "/nope.json"); XCTFail() } catch {
            XCTAssertEqual(error.description, "roundel: config '\(directory)/nope.json': no such file")
        }
        _ = try write("this is not a PNG", "broken.png")
        let got = try message(#"{"wheel": {"ringImage": "broken.png"}}"#)
        XCTAssertTrue(got.hasPrefix("wheel.ringImage: cannot read PNG '\(directory)/broken.png'"), got)
    }

    func testAWheelBuiltInCodeFromABadConfigThrowsInsteadOfTrapping() throws {
        let resources = try SceneResources.loadDefault()
        XCTAssertThrowsError(try WheelScene(config: WheelConfig(items: []), resources: resources)) {
            XCTAssertEqual(($0 as? ConfigError)?.path, "wheel.items")
        }
        var zero = WheelConfig.defaults
        for i in zero.items.indices { zero.items[i].weight = 0 }
        XCTAssertThrowsError(try WheelScene(config: zero, resources: resources))
    }

    func testNaNAndInfiniteWeightsAreRejectedInCodeToo() {
        for weight in [Double.nan, .infinity, -1] {
            var config = WheelConfig.defaults
            config.items[2].weight = weight
            XCTAssertThrowsError(try config.validate(file: "code")) { error in
                XCTAssertTrue("\(error)".hasPrefix("roundel: config 'code': wheel.items[2].weight: "), "\(error)")
            }
        }
    }

    /// A config built in code gets the file's rule for names (WheelScene checks it first).
    func testAControlCharacterInANameIsRejectedInCodeToo() {
        var config = WheelConfig.defaults
        config.items[1].text = "five\nhundred"
        XCTAssertThrowsError(try config.validate(file: "code")) { error in
            XCTAssertEqual("\(error)", #"roundel: config 'code': wheel.items[1].text: 'five\nhundred' has a control character (U+000A, line feed), which a name cannot have"#)
        }
    }

    func testDefaultsAndAnEmptyFileGiveEightPrizes() throws {
        XCTAssertEqual(WheelConfig.defaults.items.count, 8)
        XCTAssertNoThrow(try WheelConfig.defaults.validate())
        let loaded = try WheelConfig.load(path: try write(#"{"timer": {"duration": 60}}"#))
        XCTAssertEqual(loaded, .defaults)
    }

    func testTheKoreanExampleLoads() throws {
        let config = try WheelConfig.load(path: WheelRingImageTests.assetsDirectory + "/wheel-ko.json")
        XCTAssertEqual(config.items.first?.text, "1,000원")
        XCTAssertTrue(config.items.contains { $0.text == "꽝" })
        guard case .image(let ring, _) = config.ring else { return XCTFail("the example names ring.png") }
        XCTAssertEqual(ring.width, RingImage.shippedSide)
    }

    func testKeysParse() throws {
        let ring = WheelRingImageTests.assetsDirectory + "/ring.png"
        let config = try WheelConfig.load(path: try write("""
            {"wheel": {"items": [{"text": "x", "color": "#11223380", "value": 2.5, "weight": 3}], "sizeByWeight": true,
                       "ringImage": "\(ring)", "ringLineWidth": 24, "profile": "classic", "duration": 3, "turns": 2,
                       "labelColor": "#000000", "pointerColor": "#00FF00", "backgroundColor": "#FFFFFF"}}
            """))
        XCTAssertEqual(config.items, [WheelItem(text: "x", color: Color(rgb: 0x112233, alpha: 0x80), value: 2.5, weight: 3)])
        XCTAssertTrue(config.sizeByWeight)
        XCTAssertEqual(config.ringLineWidth, 24)
        XCTAssertEqual(config.spin.profile, .classic)
        XCTAssertEqual(config.spin.duration, 3)
        XCTAssertEqual(config.spin.turns, 2)
        XCTAssertEqual(config.labelColor, .black)
        XCTAssertNil(WheelConfig.defaults.labelColor, "black or white by contrast unless set")
        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"ringImage": "none"}}"#)).ring, WheelRing.none)
        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"ringImage": null}}"#)).ring, WheelRing.none)
        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"numbered": 12}}"#)).effectiveItems.count, 12)
    }
}
