// The raffle's looks as golden images (RECORD=1 re-records; look at each): odds on the labels and a
// sold-out prize greyed after its last draw, a names wheel after two winners left, the entry editor
// open over the wheel, and a note about a bad paste. Terminus alone, like the other wheel goldens.
import Draws
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class WheelDrawSnapshotTests: XCTestCase {
    func testOddsAndASoldOutPrize() throws {
        var config = WheelConfig(items: [WheelItem(text: "Mug", color: Color(rgb: 0xE5484D), stock: 1),
                                         WheelItem(text: "Pen", color: Color(rgb: 0xF08C00), weight: 2),
                                         WheelItem(text: "Hat", color: Color(rgb: 0x2F9E44)),
                                         WheelItem(text: "Cap", color: Color(rgb: 0x1C7ED6), weight: 0.5)])
        config.showOdds = true
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        try wheel.spin(at: 0, to: 0)
        try snapshot(wheel, width: 256, height: 256, at: 20, named: "wheel-odds-sold-out")
    }

    func testTwoWinnersLeftTheWheel() throws {
        var config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay"].map { Entry(text: $0) }))
        config.afterWin = .remove
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        try wheel.spin(at: 0, to: 1)
        try wheel.spin(at: 20, to: 3)
        try snapshot(wheel, width: 256, height: 256, at: 40, named: "wheel-two-winners-left")
        XCTAssertEqual(wheel.items.map(\.text), ["Ann", "Cat", "Dov", "Fay"], "slice 3 of the five left was Eli")
    }

    func testTheEntryEditor() throws {
        var config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat"].map { Entry(text: $0) }))
        config.afterWin = .remove
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        let size = Size(width: 320, height: 240)
        try wheel.spin(at: 0, to: 1)
        for input: SceneInput in [.openEditor, .text("Dov"), .submit, .text("Eli"), .submit, .text("Fay Wong"), .moveSelection(-2)] {
            wheel.handle(input, at: 20, frameSize: size)
        }
        try snapshot(wheel, width: 320, height: 240, at: 20, named: "wheel-editor")
    }

    func testANoteAboutABadPaste() throws {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 1)
        wheel.handle(.paste("Ann\n\t2\n"), at: 0, frameSize: Size(width: 320, height: 240))
        try snapshot(wheel, width: 320, height: 240, at: 1, named: "wheel-note")
        XCTAssertFalse(wheel.noteIsVisible(at: WheelScene.noteDuration), "gone after its time")
    }
}
