// The draw's keys in a config: names as plain strings, a names file, stock, afterWin, soldOut,
// showOdds and the state file, each mistake named with its JSON path.
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelDrawConfigTests: ConfigFileTestCase {
    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try failure(json, load: { _ = try WheelConfig.load(path: $0) }, file: file, line: line)
    }

    func testPlainStringsMixWithObjects() throws {
        let path = try write(##"{"wheel": {"items": ["Alice", {"text": "Mug", "stock": 3, "color": "#112233"}, "민준"]}}"##)
        let config = try WheelConfig.load(path: path)
        XCTAssertEqual(config.items.map(\.text), ["Alice", "Mug", "민준"])
        XCTAssertEqual(config.items.map(\.stock), [nil, 3, nil])
        XCTAssertEqual(config.items[1].color, Color(rgb: 0x112233))
        XCTAssertEqual(config.items[0].color, WheelConfig.defaults.items[0].color, "palette colours by position")
        XCTAssertEqual(config.items[2].color, WheelConfig.defaults.items[2].color)
    }

    func testDrawKeys() throws {
        let path = try write(#"{"wheel": {"afterWin": "noRepeat", "soldOut": "hide", "showOdds": true}, "state": "raffle.db"}"#)
        let config = try WheelConfig.load(path: path)
        XCTAssertEqual(config.afterWin, .remove, "noRepeat is remove")
        XCTAssertEqual(config.soldOut, .hide)
        XCTAssertTrue(config.showOdds)
        XCTAssertEqual(try ConfigFile.load(path: path).statePath(), directory + "/raffle.db")
        XCTAssertEqual(try WheelConfig.load(path: try write(#"{"wheel": {"afterWin": "keep", "soldOut": "gray"}}"#)).soldOut, .grey)
    }

    func testANamesFileNextToTheConfig() throws {
        _ = try write("# 4B\nAnn\nBen\t2\n", "class.txt")
        let config = try WheelConfig.load(path: try write(#"{"wheel": {"itemsFile": "class.txt", "afterWin": "remove"}}"#))
        XCTAssertEqual(config.items.map(\.text), ["Ann", "Ben"])
        XCTAssertEqual(config.items.map(\.weight), [1, 2])
        XCTAssertEqual(config.itemsSource, "names")
    }

    func testMistakesAreNamed() throws {
        _ = try write("Ann\nBen\tmany\n", "bad.txt")
        let cases: [(String, String)] = [
            (#"{"wheel": {"items": [{"text": "Mug", "stock": -1}]}}"#, "wheel.items[0].stock: -1 is not a stock (a whole number from 0 to 1000000000)"),
            (#"{"wheel": {"items": [{"text": "Mug", "stock": 2.5}]}}"#, "wheel.items[0].stock: 2.5 is not a stock"),
            (#"{"wheel": {"items": [{"text": "Mug", "stock": "3"}]}}"#, "wheel.items[0].stock: must be a number, not a string"),
            (#"{"wheel": {"items": [{"text": "Mug", "stock": 1e12}]}}"#, "wheel.items[0].stock: 1000000000000 is not a stock"),
            (#"{"wheel": {"items": ["Ann", 5]}}"#, "wheel.items[1]: must be a name (\"Alice\") or an object"),
            (#"{"wheel": {"afterWin": "delete"}}"#, "wheel.afterWin: 'delete' is not a choice (use keep, remove or noRepeat)"),
            (#"{"wheel": {"soldOut": "red"}}"#, "wheel.soldOut: 'red' is not a choice (use grey or hide)"),
            (#"{"wheel": {"showOdds": "yes"}}"#, "wheel.showOdds: must be true or false"),
            (#"{"wheel": {"itemsFile": "missing.txt"}}"#, "wheel.itemsFile: names '\(directory)/missing.txt': no such file"),
            (#"{"wheel": {"itemsFile": "bad.txt"}}"#, "wheel.itemsFile: names '\(directory)/bad.txt': line 2: weight 'many' is not a number"),
            (#"{"wheel": {"itemsFile": "bad.txt", "items": ["a"]}}"#, "wheel.itemsFile: cannot be combined with wheel.items"),
            (#"{"wheel": {"numbered": 5, "itemsFile": "bad.txt"}}"#, "wheel.itemsFile"),
            (#"{"stat": "x.db"}"#, "(top level): unknown key 'stat' (did you mean 'state'?)"),
            // Misspellings a letter or two away get a hint; a key like no known one gets none.
            (#"{"wheeel": {}}"#, "(top level): unknown key 'wheeel' (did you mean 'wheel'?)"),
            (#"{"wheel": {"item": ["a"]}}"#, "wheel: unknown key 'item' (did you mean 'items'?)"),
            (#"{"wheel": {"itmes": ["a"]}}"#, "wheel: unknown key 'itmes' (did you mean 'items'?)"),
            (#"{"wheel": {"showOds": true}}"#, "wheel: unknown key 'showOds' (did you mean 'showOdds'?)"),
            (##"{"wheel": {"lableColour": "#FFFFFF"}}"##, "wheel: unknown key 'lableColour' (did you mean 'labelColor'?)"),
            (#"{"wheel": {"size": 3}}"#, "wheel: unknown key 'size'; known keys"),
        ]
        for (json, expected) in cases {
            let got = try message(json)
            XCTAssertTrue(got.hasPrefix(expected), "\(json)\n  expected: \(expected)\n  got:      \(got)")
        }
        XCTAssertThrowsError(try ConfigFile.load(path: try write(#"{"state": 5}"#)).statePath()) {
            XCTAssertTrue("\($0)".hasSuffix("state: must be a string, not a number"), "\($0)")
        }
    }

    func testAStockBuiltInCodeIsChecked() throws {
        var config = WheelConfig(items: [WheelItem(text: "a", color: .white, stock: -2)])
        XCTAssertThrowsError(try config.validate()) { XCTAssertEqual(($0 as? ConfigError)?.path, "wheel.items[0].stock") }
        config.items[0].stock = 0
        XCTAssertNoThrow(try config.validate(), "sold out from the start is a state, not a mistake")
    }
}
