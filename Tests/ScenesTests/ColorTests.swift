// Colours a room can tell apart and labels it can read: neighbouring slices never share a palette
// colour (first and last included, at any count, after removals), pie slices 1–12 are all distinct,
// and every label is black or white by contrast with its slice (also on the dimmed slices behind a
// winner), unless the config sets a colour.
import BitmapFont
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class ColorTests: XCTestCase {
    func configFile(_ json: String) throws -> ConfigFile {
        try ConfigFile.parse(Data(json.utf8), file: "c.json", baseDirectory: "/tmp")
    }

    func contrast(_ a: Color, _ b: Color) -> Double {
        let x = relativeLuminance(a), y = relativeLuminance(b)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func assertNeighboursDiffer(_ colors: [Color], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for i in colors.indices where colors.count > 1 {
            let next = (i + 1) % colors.count
            XCTAssertNotEqual(colors[i], colors[next], "\(what): slices \(i) and \(next) share a colour", file: file, line: line)
        }
    }

    func testNeighbouringSlicesNeverShareAColourAtAnyCount() throws {
        let resources = try WheelSnapshotTests.latinResources()
        for n in 2...40 {
            let config = WheelConfig(items: WheelConfig.items(from: (1...n).map { Entry(text: "Name \($0)") }))
            let wheel = try WheelScene(config: config, resources: resources, seed: 1)
            XCTAssertEqual(wheel.items.count, n)
            assertNeighboursDiffer(wheel.items.map(\.color), "\(n) names")
            XCTAssertEqual(wheel.items[0].color, Theme.classic.palette[0], "the first slice keeps the first colour")
        }
        // Items from a config without colours get the same treatment; given colours are kept.
        let file = try configFile(#"{"wheel": {"items": ["a","b","c","d","e","f","g","h","i"]}}"#)
        let config = try WheelConfig.parse(file)
        assertNeighboursDiffer(try WheelScene(config: config, resources: resources, seed: 1).items.map(\.color), "config")
        let given = try configFile(##"{"wheel": {"items": [{"text": "a", "color": "#FF0000"}, {"text": "b", "color": "#FF0000"}]}}"##)
        XCTAssertEqual(try WheelScene(config: WheelConfig.parse(given), resources: resources, seed: 1).items.map(\.color),
                       [Color(rgb: 0xFF0000), Color(rgb: 0xFF0000)], "colours set by hand stay")
    }

    /// Eight names apart, the same palette colour: when the seven between them leave, they would meet.
    func testRemovalsNeverBringTwoOfAColourTogether() throws {
        var config = WheelConfig(items: WheelConfig.items(from: (1...20).map { Entry(text: "N\($0)") }))
        config.afterWin = .remove
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 2)
        var t = 0.0
        for index in [1, 1, 1, 1, 1, 1, 1] {   // N2…N8 in turn: N1 and N9 (both the first colour) meet
            XCTAssertTrue(try wheel.spin(at: t, to: index))
            t = try XCTUnwrap(wheel.spinner.endTime) + WheelScene.refreshDelay
            _ = wheel.state(at: t)
            assertNeighboursDiffer(wheel.items.map(\.color), "after \(20 - wheel.items.count) removals")
        }
        XCTAssertEqual(wheel.items.count, 13)
        XCTAssertEqual(wheel.items.prefix(2).map(\.text), ["N1", "N9"])
    }

    func testPieSlicesOneToTwelveAreDistinctAndNeighboursDifferBeyond() throws {
        for n in 2...30 {
            let slices = (0..<n).map { _ in #"{"value": 1}"# }.joined(separator: ",")
            let pie = try PieConfig.parse(try configFile(#"{"pie": {"slices": [\#(slices)]}}"#))
            let colors = pie.slices.map(\.color)
            if n <= 12 { XCTAssertEqual(Set(colors).count, n, "\(n) slices: all distinct") }
            assertNeighboursDiffer(colors, "pie of \(n)")
        }
    }

    func testLabelsAreBlackOrWhiteByContrastUnlessSet() throws {
        let resources = try WheelSnapshotTests.latinResources()
        let wheel = try WheelScene(config: .defaults, resources: resources, seed: 1)
        let frame = wheel.prepare(for: Size(width: 480, height: 640))
        for (i, item) in wheel.items.enumerated() {
            let ink = frame.ink[i]
            XCTAssertTrue(ink == .white || ink == Color(rgb: 0x111111))
            let other: Color = ink == .white ? .black : .white
            XCTAssertGreaterThanOrEqual(contrast(ink, item.color), contrast(other, item.color), "\(item.text)")
            XCTAssertGreaterThanOrEqual(contrast(ink, item.color), 4.5, "\(item.text) reads (WCAG AA)")
        }
        // Gold (white would be 2.1:1) gets black; navy gets white.
        XCTAssertEqual(labelInk(on: Color(rgb: 0xD9A521)), Color(rgb: 0x111111))
        XCTAssertEqual(labelInk(on: Color(rgb: 0x1C2541)), .white)
        // Set by hand: the item's own, else the wheel's.
        let file = try configFile(##"{"wheel": {"labelColor": "#00FF00", "items": [{"text": "a", "labelColor": "#FF00FF"}, "b"]}}"##)
        let config = try WheelConfig.parse(file)
        XCTAssertEqual(config.items.map(\.labelColor), [Color(rgb: 0xFF00FF), nil])
        XCTAssertEqual(config.labelColor, Color(rgb: 0x00FF00))
    }

    /// Numbered mode after a spin: the dimmed white slices are grey, and their numbers turn dark on them.
    func testNumberedLabelsStayReadableBehindAWinner() throws {
        var config = WheelConfig.defaults
        config.numbered = 12
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        let frame = wheel.prepare(for: Size(width: 480, height: 640))
        for (i, item) in wheel.items.enumerated() {
            let dimmed = darker(item.color, by: WheelScene.dimming)
            let ink = frame.dimmedInk[i]
            // Drawn at 70 % over the dimmed slice.
            let shown = Color(red: UInt8((0.7 * Double(ink.red) + 0.3 * Double(dimmed.red)).rounded()),
                              green: UInt8((0.7 * Double(ink.green) + 0.3 * Double(dimmed.green)).rounded()),
                              blue: UInt8((0.7 * Double(ink.blue) + 0.3 * Double(dimmed.blue)).rounded()))
            XCTAssertGreaterThanOrEqual(contrast(shown, dimmed), 3, "number \(item.text) on its dimmed slice")
        }
    }
}
