// The window's settings panel and winner choices, through the inputs a window sends (taps in frame
// px, keys as SceneInput) on a wheel with a real state file: what changes is what the next draw does,
// what the record keeps, and what a restart from the same file shows.
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelPanelsTests: XCTestCase {
    var dir = ""
    let size = Size(width: 960, height: 720)

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "roundel-panels-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func classWheel(_ ledger: Ledger, afterWin: AfterWin = .keep) throws -> WheelScene {
        var config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat", "Dov", "Eve"].map { Entry(text: $0) }))
        config.afterWin = afterWin
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 4, ledger: ledger)
        wheel.showsControls = true
        return wheel
    }

    /// The centre of the settings panel's control `id` on `size`.
    func point(of id: SettingsControl, in wheel: WheelScene, option: Int? = nil, options: Int = 2) throws -> Point {
        guard case .settings(let panel) = wheel.panel else { throw XCTSkip("no settings panel") }
        let control = try XCTUnwrap(panel.panel(for: size).controls.first { $0.id == id })
        guard let option else { return control.frame.center }
        let w = control.frame.width / Double(options)
        return Point(x: control.frame.minX + (Double(option) + 0.5) * w, y: control.frame.center.y)
    }

    func testTheGearOpensSettingsAndRemoveAppliesToTheNextDrawAndSurvivesARestart() throws {
        let path = dir + "/class.db"
        do {
            let wheel = try classWheel(try Ledger.open(path: path))
            XCTAssertEqual(wheel.settings.afterWin, .keep)
            wheel.handle(.tap(WheelScene.toolButtonRect(.settings, frameSize: size).center), at: 1, frameSize: size)
            XCTAssertNotNil(wheel.panel, "the gear opens the panel")
            XCTAssertTrue(wheel.takesPanelKeys)
            wheel.handle(.tap(try point(of: .afterWin, in: wheel, option: 1)), at: 2, frameSize: size)
            XCTAssertEqual(wheel.settings.afterWin, .remove)
            wheel.handle(.tap(try point(of: .duration, in: wheel)), at: 2.5, frameSize: size)   // the value: nothing
            XCTAssertEqual(wheel.settings.duration, 5)
            let stepper = try point(of: .duration, in: wheel, option: 99, options: 100)   // its right end: +
            wheel.handle(.tap(stepper), at: 3, frameSize: size)
            XCTAssertEqual(wheel.settings.duration, 6, "+ steps 5 s to 6 s")
            wheel.handle(.cancel, at: 4, frameSize: size)
            XCTAssertNil(wheel.panel, "Esc closes it")
            XCTAssertTrue(try wheel.spin(at: 5))
            XCTAssertEqual(try XCTUnwrap(wheel.spinner.endTime) - 5, 6, accuracy: 1e-9, "the spin takes the new time")
            let draw = try XCTUnwrap(wheel.raffle.lastDraw)
            XCTAssertTrue(draw.removed, "the winner left the wheel, as set")
        }
        // The same config and file again: the settings changed in the window are still on.
        let again = try classWheel(try Ledger.open(path: path))
        XCTAssertEqual(again.settings.afterWin, .remove)
        XCTAssertEqual(again.settings.duration, 6)
        XCTAssertEqual(again.config.spin.duration, 6)
        XCTAssertEqual(again.raffle.afterWin, .remove)
    }

    func testAnEditOfTheConfigFileWinsOverAnOlderChangeInTheWindow() throws {
        let path = dir + "/class.db"
        do {
            let wheel = try classWheel(try Ledger.open(path: path))
            wheel.handle(.openSettings, at: 1, frameSize: size)
            wheel.handle(.moveFocus(1), at: 1, frameSize: size)   // the close button
            wheel.handle(.moveFocus(1), at: 1, frameSize: size)   // after a win
            wheel.handle(.adjust(1), at: 1, frameSize: size)
            XCTAssertEqual(wheel.settings.afterWin, .remove, "keys work the panel too")
            wheel.handle(.moveFocus(1), at: 1, frameSize: size)   // spin time
            wheel.handle(.adjust(-1), at: 1, frameSize: size)
            XCTAssertEqual(wheel.settings.duration, 4)
        }
        // The operator edits the file: afterWin is set there now (to keep), the duration is not.
        let ledger = try Ledger.open(path: path)
        var config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat", "Dov", "Eve"].map { Entry(text: $0) }))
        config.afterWin = .keep
        config.spin.duration = 5
        var edited = config
        edited.afterWin = .remove   // same as the window's change: it holds whichever way
        edited.spin.duration = 9    // changed in the file since: the file's 9 s, not the window's 4 s
        let wheel = try WheelScene(config: edited, resources: try WheelSnapshotTests.latinResources(), ledger: ledger)
        XCTAssertEqual(wheel.settings.duration, 9)
        XCTAssertEqual(wheel.settings.afterWin, .remove)
        // The file's change made the window's older one stale: it is forgotten, so the file going
        // back to 5 s later runs 5 s, not the window's 4 s from before the edit.
        XCTAssertNil(try ledger.keptSettings()["duration"])
        let back = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), ledger: ledger)
        XCTAssertEqual(back.settings.duration, 5)
    }

    func testTheCardsChoiceTakesTheWinnerOffOrKeepsItAndUUndoesIt() throws {
        let ledger = try Ledger.open(path: dir + "/class.db")
        let wheel = try classWheel(ledger, afterWin: .keep)
        XCTAssertTrue(try wheel.spin(at: 0))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        let up = end + 1.5
        XCTAssertTrue(wheel.cardStands(at: up))
        let card = try XCTUnwrap(wheel.cardControls(frameSize: size, at: up))
        let choice = try XCTUnwrap(card.controls.first { $0.id == .offTheWheel })
        let winner = try XCTUnwrap(wheel.raffle.lastDraw).text
        XCTAssertEqual(choice.kind, .choice(["Keep", "Off the wheel"], selected: 0), "kept, as afterWin says")
        // While the wheel turns, the winner it turns to is not to be touched (nor shown by a note).
        let during = try classWheel(Ledger.inMemory(), afterWin: .keep)
        XCTAssertTrue(try during.spin(at: 0))
        during.handle(.removeWinner, at: 0.5, frameSize: size)
        XCTAssertTrue(during.spinner.isSpinning(at: 0.6), "the spin goes on")
        XCTAssertEqual(during.note?.text, "Wait for the wheel to stop")
        XCTAssertEqual(during.raffle.standing.remaining, 5)
        wheel.handle(.tap(Point(x: choice.frame.maxX - 10, y: choice.frame.center.y)), at: up, frameSize: size)
        XCTAssertFalse(wheel.items.map(\.text).contains(winner), "off the wheel at once")
        XCTAssertEqual(wheel.sliceCount, 4)
        // The record says so: a restart shows the wheel without the winner.
        XCTAssertEqual(Set(try classWheel(try Ledger.openForReading(path: dir + "/class.db")).items.map(\.text)),
                       Set(["Ann", "Ben", "Cat", "Dov", "Eve"]).subtracting([winner]))
        wheel.handle(.undo, at: up + 1, frameSize: size)
        XCTAssertTrue(wheel.items.map(\.text).contains(winner), "U puts it back")
        XCTAssertEqual(wheel.note?.text, "\(winner) is back on the wheel · U undoes")
        XCTAssertTrue(try wheel.spin(at: up + 2), "and the draw goes on")
    }

    func testRAsksOnceAndUUndoesTheNewEventUntilADrawIsMade() throws {
        let ledger = try Ledger.open(path: dir + "/class.db")
        let wheel = try classWheel(ledger, afterWin: .remove)
        XCTAssertTrue(try wheel.spin(at: 0))
        let after = try XCTUnwrap(wheel.spinner.endTime) + WheelScene.refreshDelay + 1
        _ = wheel.state(at: after)
        XCTAssertEqual(wheel.sliceCount, 4)
        wheel.handle(.restart, at: after, frameSize: size)
        XCTAssertEqual(wheel.sliceCount, 4, "the first R only asks")
        XCTAssertEqual(wheel.note?.text, "Press R again to bring everyone back")
        wheel.handle(.restart, at: after + 1, frameSize: size)
        XCTAssertEqual(wheel.sliceCount, 5, "the second brings everyone back")
        XCTAssertEqual(ledger.event, 2)
        wheel.handle(.undo, at: after + 2, frameSize: size)
        XCTAssertEqual(ledger.event, 1)
        XCTAssertEqual(wheel.sliceCount, 4, "the event as it was, its winner off the wheel")
        XCTAssertEqual(try Ledger.openForReading(path: dir + "/class.db").event, 1, "and so in the record")

        // R R and U once more: the event the second R R closed (1) is back, not the empty one (2).
        wheel.handle(.restart, at: after + 3, frameSize: size)
        wheel.handle(.restart, at: after + 4, frameSize: size)
        XCTAssertEqual(ledger.event, 3)
        wheel.handle(.undo, at: after + 5, frameSize: size)
        XCTAssertEqual(ledger.event, 1, "the event R R closed")
        XCTAssertEqual(wheel.sliceCount, 4, "its winner still off the wheel")

        // After a draw in the new event there is nothing to take back.
        wheel.handle(.restart, at: after + 10, frameSize: size)
        wheel.handle(.restart, at: after + 11, frameSize: size)
        XCTAssertTrue(try wheel.spin(at: after + 12))
        wheel.handle(.undo, at: after + 30, frameSize: size)
        XCTAssertEqual(ledger.event, 4)
    }

    /// The window's buttons and first-run hints are the window's: `render` and a kiosk's visitors
    /// never see them.
    func testTheControlsAreDrawnOnlyWhereTheWindowShowsThem() throws {
        let wheel = try classWheel(Ledger.inMemory())
        let canvas = try XCTUnwrap(Canvas(width: 960, height: 720))
        wheel.render(into: canvas, at: 0)
        let shown = canvas.pixmap.pixels
        wheel.showsControls = false
        wheel.render(into: canvas, at: 0)
        var inButtons = 0
        for button in ToolButton.allCases {
            let box = PixelRect(enclosing: WheelScene.toolButtonRect(button, frameSize: size))
            let differing = (box.y..<(box.y + box.height)).flatMap { y in (box.x..<(box.x + box.width)).map { y * 960 + $0 } }
                .filter { shown[$0] != canvas.pixmap.pixels[$0] }.count
            XCTAssertGreaterThan(differing, 100, "\(button) is drawn in a window")
            inButtons += differing
        }
        // And the first-run hints under them (until a list is pasted or a draw made): nothing else.
        let elsewhere = canvas.pixmap.pixels.indices.filter { shown[$0] != canvas.pixmap.pixels[$0] && ($0 / 960 > 200 || $0 % 960 < 480) }
        XCTAssertEqual(elsewhere.count, 0, "only the top right corner differs")
        XCTAssertGreaterThan(zip(shown, canvas.pixmap.pixels).filter { $0 != $1 }.count, inButtons, "the hints")
    }
}

/// The controls' own rules: where a tap lands, the focus order, the ends of a choice.
final class ControlInputTests: XCTestCase {
    enum ID: Hashable { case a, b, c }

    let panel = ControlPanel<ID>(frame: Rect(x: 0, y: 0, width: 300, height: 200), controls: [
        Control(.heading("Title"), frame: Rect(x: 10, y: 10, width: 200, height: 30)),
        Control(.button("Go", prominent: true), id: .a, frame: Rect(x: 10, y: 50, width: 100, height: 30)),
        Control(.choice(["One", "Two", "Three"], selected: 0), id: .b, frame: Rect(x: 10, y: 90, width: 300, height: 30)),
        Control(.stepper("5"), id: .c, frame: Rect(x: 10, y: 130, width: 150, height: 30)),
    ], focus: nil, textSize: 14)

    func testTapsLandOnWhatIsThere() {
        XCTAssertEqual(panel.action(at: Point(x: 50, y: 65)), .press(.a))
        XCTAssertEqual(panel.action(at: Point(x: 250, y: 100)), .choose(.b, 2))
        XCTAssertEqual(panel.action(at: Point(x: 15, y: 140)), .step(.c, -1))
        XCTAssertEqual(panel.action(at: Point(x: 155, y: 140)), .step(.c, 1))
        XCTAssertNil(panel.action(at: Point(x: 85, y: 140)), "a stepper's value is not a button")
        XCTAssertNil(panel.action(at: Point(x: 50, y: 20)), "nor is a heading")
    }

    func testTheFocusGoesRoundTheInteractiveControlsAndKeysAct() {
        var p = panel
        p.moveFocus(by: 1)
        XCTAssertEqual(p.focus, 1)
        XCTAssertEqual(p.activate(), .press(.a))
        p.moveFocus(by: 1)
        XCTAssertEqual(p.adjust(by: -1), nil, "the first option holds")
        XCTAssertEqual(p.adjust(by: 1), .choose(.b, 1))
        XCTAssertEqual(p.activate(), .choose(.b, 1), "Enter moves a choice on")
        p.moveFocus(by: 1)
        XCTAssertEqual(p.adjust(by: 1), .step(.c, 1))
        p.moveFocus(by: 1)
        XCTAssertEqual(p.focus, 1, "round again, past the heading")
        p.moveFocus(by: -1)
        XCTAssertEqual(p.focus, 3)
    }
}

/// A kiosk's settings open only to the operator: the gesture (five taps in the top left corner, which
/// the host turns into `.operatorGesture`), then the PIN from the config; three wrong PINs lock it.
final class OperatorPinTests: XCTestCase {
    let size = Size(width: 800, height: 480)

    func kioskWheel(pin: String?) throws -> WheelScene {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 1)
        wheel.operatorPin = pin
        return wheel
    }

    func tap(_ key: PinKey, on wheel: WheelScene, at t: Double) throws {
        let control = try XCTUnwrap(wheel.pinPad.panel(for: size).controls.first { $0.id == key }, "\(key)")
        wheel.handle(.tap(control.frame.center), at: t, frameSize: size)
    }

    func testTheGestureAndTheRightPinOpenTheSettings() throws {
        let wheel = try kioskWheel(pin: "2468")
        XCTAssertFalse(wheel.showsControls, "a kiosk shows no buttons")
        wheel.handle(.openSettings, at: 1, frameSize: size)
        XCTAssertNil(wheel.panel, "S does nothing for a visitor (the host does not even send it)")
        wheel.handle(.operatorGesture, at: 2, frameSize: size)
        XCTAssertEqual(wheel.panel, .pin)
        for d in [2, 4, 6, 7] { try tap(.digit(d), on: wheel, at: 3) }
        try tap(.enter, on: wheel, at: 3)
        XCTAssertEqual(wheel.panel, .pin, "a wrong PIN opens nothing")
        XCTAssertEqual(wheel.pinPad.message, "Wrong PIN")
        wheel.handle(.text("2468"), at: 4, frameSize: size)   // a keyboard's digits
        wheel.handle(.submit, at: 4, frameSize: size)
        guard case .settings = wheel.panel else { return XCTFail("the settings are open") }
    }

    func testThreeWrongPinsLockThePadEvenIfItIsOpenedAgain() throws {
        let wheel = try kioskWheel(pin: "2468")
        wheel.handle(.operatorGesture, at: 0, frameSize: size)
        for k in 0..<3 { wheel.handle(.text("1111"), at: Double(k), frameSize: size); wheel.handle(.submit, at: Double(k), frameSize: size) }
        XCTAssertEqual(wheel.pinPad.message, "Locked for 30 s")
        wheel.handle(.cancel, at: 5, frameSize: size)
        XCTAssertNil(wheel.panel)
        wheel.handle(.operatorGesture, at: 6, frameSize: size)
        wheel.handle(.text("2468"), at: 7, frameSize: size)
        wheel.handle(.submit, at: 7, frameSize: size)
        XCTAssertEqual(wheel.panel, .pin, "still locked, the right PIN too")
        wheel.handle(.text("2468"), at: 40, frameSize: size)
        wheel.handle(.submit, at: 40, frameSize: size)
        guard case .settings = wheel.panel else { return XCTFail("unlocked after 30 s") }
    }

    func testWithoutAPinTheGestureDoesNothing() throws {
        let wheel = try kioskWheel(pin: nil)
        wheel.handle(.operatorGesture, at: 0, frameSize: size)
        XCTAssertNil(wheel.panel)
    }
}

/// The winners panel: this event's draws newest first, scrolled, exported as CSV where it says.
final class WinnersPanelTests: XCTestCase {
    let size = Size(width: 960, height: 720)

    func testTheEventsDrawsNewestFirstScrolledAndExported() throws {
        let dir = NSTemporaryDirectory() + "roundel-winners-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ledger = try Ledger.open(path: dir + "/class.db")
        var config = WheelConfig(items: WheelConfig.items(from: (1...40).map { Entry(text: "Kid \($0)") }))
        config.afterWin = .remove
        config.spin.duration = 1
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 9, ledger: ledger)
        wheel.showsControls = true
        wheel.exportFolder = dir
        var t = 0.0
        for _ in 0..<30 {
            XCTAssertTrue(try wheel.spin(at: t))
            t += 10
        }
        wheel.handle(.openWinners, at: t, frameSize: size)
        guard case .winners(let opened) = wheel.panel else { return XCTFail("the winners panel") }
        XCTAssertEqual(opened.draws.map(\.draw), Array((1...30).reversed()), "newest first")
        let rows = WinnersPanel.rowCount(for: size)
        XCTAssertLessThan(rows, 30, "more than fit: it scrolls")
        let first = opened.panel(for: size).controls.compactMap { control -> String? in
            if case .row(let columns, _) = control.kind { return columns[0] } else { return nil }
        }
        XCTAssertEqual(first.first, "30.  \(opened.draws[0].text)")
        XCTAssertEqual(first.count, rows)
        wheel.handle(.scroll(100), at: t, frameSize: size)
        guard case .winners(let scrolled) = wheel.panel else { return XCTFail("still open") }
        XCTAssertEqual(scrolled.first, 30 - rows, "to the oldest, and no further")

        // Export: a CSV for a spreadsheet in the folder, said on screen with its path.
        let export = try XCTUnwrap(scrolled.panel(for: size).controls.first { $0.id == .export })
        wheel.handle(.tap(export.frame.center), at: t, frameSize: size)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".csv") }
        XCTAssertEqual(files.count, 1)
        let name = try XCTUnwrap(files.first)
        XCTAssertTrue(name.hasPrefix("winners-event-1-"), name)
        XCTAssertEqual(wheel.note?.text, "Saved: \(dir)/\(name)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "a byte order mark, for Excel")
        let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).split(separator: "\r\n")
        XCTAssertEqual(lines.count, 31, "the header and 30 draws")
        XCTAssertTrue(lines[1].hasPrefix("1,"), "oldest first, as history --csv")

        // Undo from the panel: the latest winner back on the wheel.
        let undo = try XCTUnwrap(scrolled.panel(for: size).controls.first { $0.id == .undo })
        XCTAssertEqual(undo.kind, .button("Put back \(opened.draws[0].text)", prominent: false))
        wheel.handle(.tap(undo.frame.center), at: t, frameSize: size)
        XCTAssertTrue(wheel.items.map(\.text).contains(opened.draws[0].text))
    }
}
