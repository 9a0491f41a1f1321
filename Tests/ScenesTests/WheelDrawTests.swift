// The wheel as a raffle: a removed winner leaves after its result was shown, a sold-out prize is
// greyed and never lands, odds add up, nothing left stops the wheel, a restart shows the same wheel,
// pastes and the entry editor change the list (and bad ones change nothing), a reload waits.
import BitmapFont
import CSQLite
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelDrawTests: XCTestCase {
    func resources() throws -> SceneResources { try WheelSnapshotTests.latinResources() }

    func names(_ list: [String], afterWin: AfterWin = .remove) -> WheelConfig {
        var config = WheelConfig(items: WheelConfig.items(from: list.map { Entry(text: $0) }))
        config.afterWin = afterWin
        return config
    }

    /// Spins and returns the time the result is shown and the time the wheel shows what the draw changed.
    func spin(_ wheel: WheelScene, at t: Double, to index: Int? = nil) throws -> (stop: Double, refresh: Double) {
        XCTAssertTrue(try wheel.spin(at: t, to: index))
        let stop = try XCTUnwrap(wheel.spinner.endTime)
        return (stop, stop + WheelScene.refreshDelay)
    }

    func testARemovedWinnerStaysUntilItsResultWasShownThenLeaves() throws {
        let wheel = try WheelScene(config: names(["Ann", "Ben", "Cat", "Dov", "Eli"]), resources: try resources(), seed: 4)
        let (stop, refresh) = try spin(wheel, at: 0)
        let winner = try XCTUnwrap(wheel.state(at: stop).result)
        XCTAssertEqual(wheel.sliceCount, 5)
        XCTAssertEqual(wheel.nextChange(after: stop), refresh)
        XCTAssertFalse(wheel.acceptsReload(at: stop + 1), "a reload waits while the result is shown")
        XCTAssertEqual(wheel.state(at: refresh - 0.01).result?.text, winner.text)
        XCTAssertEqual(wheel.sliceCount, 5, "still there just before")
        let after = wheel.state(at: refresh)
        XCTAssertEqual(wheel.sliceCount, 4, "gone once shown")
        XCTAssertFalse(wheel.items.map(\.text).contains(winner.text))
        XCTAssertEqual(after.result?.text, winner.text, "the result stays on screen")
        XCTAssertTrue(wheel.acceptsReload(at: refresh))
        // Everyone once, then nothing spins.
        var winners = [winner.text]
        var t = refresh + 1
        for _ in 0..<4 {
            let times = try spin(wheel, at: t)
            winners.append(try XCTUnwrap(wheel.state(at: times.stop).result?.text))
            t = times.refresh + 1
        }
        XCTAssertEqual(Set(winners).count, 5)
        XCTAssertFalse(try wheel.spin(at: t), "nothing left")
        XCTAssertEqual(wheel.buttonLabel, "ALL DRAWN")
        XCTAssertTrue(wheel.noteIsVisible(at: t))
        let canvas = try XCTUnwrap(Canvas(width: 240, height: 240))
        wheel.render(into: canvas, at: t)   // an empty wheel draws without trouble
    }

    func testASoldOutPrizeIsGreyedAndNeverLands() throws {
        var config = WheelConfig(items: [WheelItem(text: "Mug", color: Color(rgb: 0xE5484D), stock: 1),
                                         WheelItem(text: "Pen", color: Color(rgb: 0x2F9E44), stock: 0),
                                         WheelItem(text: "Hat", color: Color(rgb: 0x1C7ED6))])
        config.showOdds = true
        let wheel = try WheelScene(config: config, resources: try resources(), seed: 1)
        XCTAssertEqual(wheel.labelTexts, ["Mug · 50.0%", "Pen · sold out", "Hat · 50.0%"])
        XCTAssertEqual(wheel.items[1].color, WheelScene.soldOutColor)
        XCTAssertThrowsError(try wheel.spin(at: 0, to: 1)) { XCTAssertTrue("\($0)".contains("sold out"), "\($0)") }
        let (stop, refresh) = try spin(wheel, at: 0, to: 0)
        XCTAssertEqual(wheel.state(at: stop).result?.text, "Mug")
        _ = wheel.state(at: refresh)
        XCTAssertEqual(wheel.labelTexts, ["Mug · sold out", "Pen · sold out", "Hat · 100.0%"])
        for k in 0..<20 {
            let times = try spin(wheel, at: refresh + 1 + 20 * Double(k))
            XCTAssertEqual(wheel.state(at: times.stop).result?.text, "Hat")
        }
        config.soldOut = .hide
        let hiding = try WheelScene(config: config, resources: try resources(), seed: 1)
        XCTAssertEqual(hiding.items.map(\.text), ["Mug", "Hat"])
    }

    /// A label too long for its slice loses the end of its name, not its odds or "sold out": what a
    /// host reads a prize's state by stays on the wheel ("Try aga… · sold out", not "Try again · sold o…").
    func testALongLabelKeepsItsOddsAndSoldOut() throws {
        var config = WheelConfig(items: [WheelItem(text: "Mug", color: Color(rgb: 0xE5484D), stock: 5),
                                         WheelItem(text: "T-shirt", color: Color(rgb: 0x2F9E44), stock: 2),
                                         WheelItem(text: "Bike", color: Color(rgb: 0x1C7ED6), stock: 1),
                                         WheelItem(text: "Try again with a longer name", color: Color(rgb: 0x1C7ED6), stock: 0),
                                         WheelItem(text: "A prize with a very long name indeed", color: Color(rgb: 0x7048E8), stock: 3)])
        config.showOdds = true
        let wheel = try WheelScene(config: config, resources: try resources(), seed: 1)
        let labels = wheel.prepare(for: Size(width: 800, height: 600)).labels.map { $0?.text ?? "" }
        XCTAssertEqual(labels[0], "Mug · 25.0%")
        XCTAssertTrue(labels[3].hasSuffix("… · sold out") && labels[3].hasPrefix("Try"), labels[3])
        XCTAssertTrue(labels[4].hasSuffix("… · 25.0%") && labels[4].hasPrefix("A pri"), labels[4])
    }

    /// On a small wheel a label cut to a letter or two and "…" is a scrap, not a name: it is left out,
    /// and whole short labels stay.
    func testALabelCutToAScrapIsNotDrawn() throws {
        let fonts = try resources().fonts
        let fitter = LabelFitter(fonts: fonts, radius: 400)
        // A wedge of half a turn from 100 px out: the label's room is exactly `width` px.
        func plan(_ name: String, suffix: String = "", width: Double) -> String? {
            fitter.planAlongBisector(name, suffix: suffix, size: 20, sweep: Double.pi, inner: 100, outer: 100 + width)?.text
        }
        func width(_ text: String) -> Double { fonts.measure(text, size: 20).width + 0.5 }
        XCTAssertEqual(plan("Hello world", width: width("Hel…")), "Hel…")
        XCTAssertNil(plan("Hello world", width: width("He…")), "'He…' is a scrap")
        XCTAssertEqual(plan("Pens", suffix: " · sold out", width: width("Pe… · sold out")), "Pe… · sold out",
                       "half a short name is enough, and 'sold out' stays")
        XCTAssertFalse(plan("Hello world", suffix: " · sold out", width: width("H… · sold out"))?.hasPrefix("H…") ?? false,
                       "no scrap of a name before its suffix")
        XCTAssertEqual(plan("Mug", width: width("Mug")), "Mug", "a short label that fits is whole")
        // On a thumbnail no label is a scrap; on a wheel large enough every label is whole.
        let wheel = try WheelScene(config: .defaults, resources: try resources(), seed: 7)
        for side in [64, 90, 120, 200, 400] {
            let labels = wheel.prepare(for: Size(width: Double(side), height: Double(side))).labels.compactMap { $0?.text }
            for text in labels where text.hasSuffix("…") {
                XCTAssertGreaterThanOrEqual(text.count - 1, 3, "\(side) px: \(text)")
            }
            if side == 400 { XCTAssertEqual(labels, ["100", "500", "Try again", "1,000", "200", "Jackpot", "50", "Free spin"]) }
        }
    }

    func testNoPrizesLeftFromTheStart() throws {
        let config = WheelConfig(items: [WheelItem(text: "Mug", color: .white, stock: 0), WheelItem(text: "Pen", color: .black, stock: 0)])
        let wheel = try WheelScene(config: config, resources: try resources())
        XCTAssertFalse(try wheel.spin(at: 0))
        XCTAssertEqual(wheel.buttonLabel, "NO PRIZES LEFT")
        XCTAssertEqual(wheel.resultShown(at: 0, winner: nil, strength: 0, spinning: false)?.text, "No prizes left")
    }

    func testARestartShowsTheSameWheel() throws {
        let dir = NSTemporaryDirectory() + "wheel-restart-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = names(["Ann", "Ben", "Cat", "Dov"])
        let before: (items: [String], result: String?, pixels: Pixmap)
        do {
            let wheel = try WheelScene(config: config, resources: try resources(), ledger: try Ledger.open(path: dir + "/e.db"))
            let (_, refresh) = try spin(wheel, at: 0)
            let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
            wheel.render(into: canvas, at: refresh + 1)
            before = (wheel.items.map(\.text), wheel.state(at: refresh + 1).result?.text, canvas.pixmap)
        }
        let again = try WheelScene(config: config, resources: try resources(), ledger: try Ledger.open(path: dir + "/e.db"))
        XCTAssertEqual(again.items.map(\.text), before.items)
        XCTAssertEqual(again.state(at: 0).result?.text, before.result)
        let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
        again.render(into: canvas, at: 0)
        XCTAssertEqual(canvas.pixmap.pixels, before.pixels.pixels, "the same picture after a restart")
    }

    func testKeepModeRestartHighlightsTheResultWhereItStopped() throws {
        let dir = NSTemporaryDirectory() + "wheel-keep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = names(["Ann", "Ben", "Cat"], afterWin: .keep)
        let stopped: Pixmap
        do {
            let wheel = try WheelScene(config: config, resources: try resources(), ledger: try Ledger.open(path: dir + "/e.db"))
            let (stop, _) = try spin(wheel, at: 0, to: 2)
            let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
            wheel.render(into: canvas, at: stop + 10)
            stopped = canvas.pixmap
        }
        let again = try WheelScene(config: config, resources: try resources(), ledger: try Ledger.open(path: dir + "/e.db"))
        XCTAssertEqual(again.restingWinner, 2)
        let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
        again.render(into: canvas, at: 0)
        XCTAssertEqual(canvas.pixmap.pixels, stopped.pixels, "highlighted where it stopped, result below")
    }

    /// `roundel spin` draws through `drawAtRest`, a scene opened on the state each time: it records
    /// where the wheel would stop, the very rotations the window's spins record from the same seed, so
    /// a window opened afterwards has the pointer on the winner (it stood at 0, on another slice).
    func testADrawAtRestIsRecordedWhereTheWindowsWheelStops() throws {
        let dir = NSTemporaryDirectory() + "wheel-at-rest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Removing winners too: a wheel opened on the state closes the winner's gap as the window's
        // own wheel does when the winner leaves, so the next draw starts from the same place.
        for afterWin in [AfterWin.remove, .keep] {
            let config = names(["Ann", "Ben", "Cat", "Dov", "Eli"], afterWin: afterWin)
            var records: [DrawRecord] = []
            for _ in 0..<3 {
                let wheel = try WheelScene(config: config, resources: .withoutFonts, seed: 9,
                                           ledger: try Ledger.open(path: dir + "/cli-\(afterWin).db"))
                records.append(try wheel.drawAtRest(forcing: nil))
            }
            let window = try WheelScene(config: config, resources: try resources(), seed: 9,
                                        ledger: try Ledger.open(path: dir + "/window-\(afterWin).db"))
            var t = 0.0
            for record in records {
                let (stop, refresh) = try spin(window, at: t)
                XCTAssertEqual(window.raffle.lastDraw?.index, record.index, "\(afterWin)")
                XCTAssertEqual(try XCTUnwrap(window.raffle.lastDraw?.rotation), try XCTUnwrap(record.rotation), "\(afterWin): where it stops")
                XCTAssertEqual(window.shown[window.spinner.index(underPointerAt: stop)], record.index, "\(afterWin)")
                t = refresh + 1
            }
        }
        let config = names(["Ann", "Ben", "Cat", "Dov", "Eli"], afterWin: .keep)
        var atRest: [DrawRecord] = []
        for _ in 0..<3 {
            let wheel = try WheelScene(config: config, resources: .withoutFonts, seed: 9, ledger: try Ledger.open(path: dir + "/cli.db"))
            atRest.append(try wheel.drawAtRest(forcing: nil))
        }
        do {
            let opened = try WheelScene(config: config, resources: try resources(), ledger: try Ledger.open(path: dir + "/cli.db"))
            XCTAssertEqual(opened.spinner.index(underPointerAt: 0), atRest.last?.index, "the pointer on the winner")
            XCTAssertEqual(opened.restingWinner, atRest.last?.index)
            XCTAssertEqual(opened.state(at: 0).result?.text, atRest.last?.text)
        }
        // Forced, as `--spin-to` asks: recorded where the wheel stops on that entry.
        do {
            let forced = try WheelScene(config: config, resources: .withoutFonts, seed: 9, ledger: try Ledger.open(path: dir + "/cli.db"))
            XCTAssertEqual(try forced.drawAtRest(forcing: 3).index, 3)
        }
        let reopened = try WheelScene(config: config, resources: .withoutFonts, ledger: try Ledger.open(path: dir + "/cli.db"))
        XCTAssertEqual(reopened.spinner.index(underPointerAt: 0), 3)
    }

    func testPastesReplaceTheListAndBadOnesChangeNothing() throws {
        let wheel = try WheelScene(resources: try resources(), seed: 2)
        let size = Size(width: 240, height: 240)
        wheel.handle(.paste("Zoë\n민준\n# comment\n\nLi Wei\t2\n"), at: 0, frameSize: size)
        XCTAssertEqual(wheel.items.map(\.text), ["Zoë", "민준", "Li Wei"])
        XCTAssertEqual(wheel.raffle.round?.source, "paste")
        XCTAssertEqual(wheel.note?.text, "3 entries from the clipboard")
        for bad in ["", "\t3\n", "a\tlots\n", "Ann\nEv\u{1B}[2Jil\n", "Nel\u{85}\n"] {
            wheel.handle(.paste(bad), at: 1, frameSize: size)
            XCTAssertEqual(wheel.items.map(\.text), ["Zoë", "민준", "Li Wei"], "'\(bad)' changes nothing")
            XCTAssertTrue(wheel.note?.text.hasPrefix("The clipboard: ") == true, wheel.note?.text ?? "")
        }
        wheel.handle(.dropFile(DroppedFile(path: "/x/list.txt", bytes: [0x4A, 0xF6, 0x72, 0x67])), at: 2, frameSize: size)
        XCTAssertEqual(wheel.note?.text, "List.txt: line 1 is not UTF-8 text (save the list as UTF-8)")
        wheel.handle(.dropFile(DroppedFile(path: "/x/list.txt", bytes: Array("P\nQ\n".utf8))), at: 3, frameSize: size)
        XCTAssertEqual(wheel.items.map(\.text), ["P", "Q"])
        XCTAssertTrue(try wheel.spin(at: 4))
        wheel.handle(.paste("X\nY\n"), at: 5, frameSize: size)
        XCTAssertEqual(wheel.items.map(\.text), ["P", "Q"], "not while the wheel turns")
        XCTAssertEqual(wheel.note?.text, "Wait for the wheel to stop")
    }

    func testTheEntryEditor() throws {
        let wheel = try WheelScene(config: names(["Ann", "Ben"]), resources: try resources(), seed: 3)
        let size = Size(width: 320, height: 240)
        let (_, refresh) = try spin(wheel, at: 0)
        let won = try XCTUnwrap(wheel.state(at: refresh).result?.text)
        wheel.handle(.openEditor, at: refresh + 1, frameSize: size)
        XCTAssertTrue(wheel.wantsTextInput)
        XCTAssertFalse(wheel.acceptsReload(at: refresh + 1), "edits are not thrown away by a reload")
        let editor = try XCTUnwrap(wheel.editor)
        XCTAssertEqual(editor.entries.map(\.text), ["Ann", "Ben"])
        XCTAssertEqual(editor.won, ["Ann", "Ben"].map { $0 == won })
        for input: SceneInput in [.text("Zo"), .text("ë"), .submit, .text("민준"), .submit, .text("x"), .deleteBackward, .submit,
                                  .primaryAction, .moveSelection(-1), .deleteSelected] {
            wheel.handle(input, at: refresh + 2, frameSize: size)
        }
        XCTAssertEqual(wheel.editor?.problem, nil)
        XCTAssertEqual(wheel.editor?.entries.map(\.text), ["Ann", "Ben", "민준"], "Zoë added, then deleted; an empty line is not added")
        let canvas = try XCTUnwrap(Canvas(width: 320, height: 240))
        wheel.render(into: canvas, at: refresh + 2)   // the panel draws
        XCTAssertEqual(wheel.items.count, 1, "the wheel changes when the editor closes")
        wheel.handle(.cancel, at: refresh + 3, frameSize: size)
        XCTAssertNil(wheel.editor)
        XCTAssertFalse(wheel.wantsTextInput)
        XCTAssertEqual(wheel.raffle.round?.source, "editor")
        XCTAssertEqual(wheel.raffle.entries.map(\.text), ["Ann", "Ben", "민준"])
        XCTAssertEqual(wheel.items.map(\.text), ["Ann", "Ben", "민준"].filter { $0 != won }, "the winner stays out")
    }

    /// Typed text with a control character (C1's U+0085 passed the old filter, which took only C0 and
    /// DEL) is refused with a note, as is a pasted list with one; the line being typed is kept.
    func testTheEditorRefusesControlCharacters() throws {
        let wheel = try WheelScene(config: names(["Ann", "Ben"]), resources: try resources(), seed: 3)
        let size = Size(width: 320, height: 240)
        wheel.handle(.openEditor, at: 0, frameSize: size)
        wheel.handle(.text("Zo"), at: 0, frameSize: size)
        for (typed, problem) in [("\u{85}x", "Not typed: a control character (U+0085, next line)"),
                                 ("\u{1B}[2J", "Not typed: a control character (U+001B, escape)"),
                                 ("a\nb", "Not typed: a control character (U+000A, line feed)")] {
            wheel.handle(.text(typed), at: 1, frameSize: size)
            XCTAssertEqual(wheel.editor?.problem, problem)
        }
        wheel.handle(.paste("Cat\nD\u{7F}ov\n"), at: 2, frameSize: size)
        XCTAssertEqual(wheel.note?.text, #"The clipboard: line 2: 'D\u{7F}ov' has a control character (U+007F, delete), which a name cannot have"#)
        wheel.handle(.text("ë"), at: 3, frameSize: size)
        wheel.handle(.submit, at: 3, frameSize: size)
        XCTAssertEqual(wheel.editor?.problem, nil)
        XCTAssertEqual(wheel.editor?.entries.map(\.text), ["Ann", "Ben", "Zoë"], "the refused text and list left no trace")
    }

    func testREndsTheEventAndBringsEveryoneBack() throws {
        let wheel = try WheelScene(config: names(["Ann", "Ben", "Cat"]), resources: try resources(), seed: 5)
        let (_, refresh) = try spin(wheel, at: 0)
        _ = wheel.state(at: refresh)
        XCTAssertEqual(wheel.sliceCount, 2)
        wheel.handle(.restart, at: refresh + 1, frameSize: Size(width: 240, height: 240))
        XCTAssertEqual(wheel.sliceCount, 3)
        XCTAssertEqual(wheel.raffle.ledger.event, 2)
        XCTAssertEqual(wheel.state(at: refresh + 1).state, "idle")
    }

    /// A draw the record refuses (here another connection holds the write lock, as a full or
    /// read-only disk refuses the write) leaves the wheel still, takes the previous winner's card and
    /// highlight away, and says why in a panel that stays (a 4 s note did, beside the old WINNER card)
    /// until a draw is recorded; the host is told the line for its log.
    func testARecordThatCannotBeWrittenLeavesTheWheelStillAndSaysSoUntilADrawIsRecorded() throws {
        let dir = NSTemporaryDirectory() + "wheel-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ledger = try Ledger.open(path: dir + "/e.db")
        var config = names(["Ann", "Ben", "Cat"], afterWin: .keep)
        config.celebration.hold = 60
        let wheel = try WheelScene(config: config, resources: try resources(), seed: 2, ledger: ledger)
        var logged: [String] = []
        wheel.onDrawProblem = { logged.append($0) }
        let size = Size(width: 320, height: 240)
        let (stop, _) = try spin(wheel, at: 0)
        let press = stop + 5
        XCTAssertNotNil(wheel.cardEnd(at: press), "the winner card is up")
        let withCard = render(wheel, at: press, size: size)

        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(dir + "/e.db", &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil), SQLITE_OK)
        XCTAssertThrowsError(try wheel.spin(at: press)) { XCTAssertTrue("\($0)".contains("cannot spin"), "\($0)") }
        sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
        sqlite3_close(db)

        XCTAssertFalse(wheel.isAnimating(at: press + 0.5), "no draw, no spin")
        XCTAssertNil(wheel.cardEnd(at: press + 0.5), "the previous winner's card is gone")
        XCTAssertEqual(wheel.state(at: press + 0.5).state, "idle", "nothing is shown as this press's result")
        XCTAssertEqual(logged.count, 1)
        XCTAssertTrue(logged.first?.hasPrefix("roundel: state '\(dir)/e.db': ") == true, "\(logged)")
        XCTAssertEqual(wheel.drawProblem?.title, "No draw was made: it could not be recorded")
        // Still said a minute later, the same pixels as just after.
        let soon = render(wheel, at: press + 0.5, size: size), later = render(wheel, at: press + 60, size: size)
        XCTAssertEqual(soon.pixels, later.pixels)
        XCTAssertNotEqual(soon.pixels, withCard.pixels)
        let stripe = soon.pixels.filter { $0 == 0xFFF2_CC5B }.count
        XCTAssertGreaterThan(stripe, 100, "the panel's stripe")

        XCTAssertTrue(try wheel.spin(at: press + 61), "the next press works")
        XCTAssertNil(wheel.drawProblem, "and the panel goes with it")
    }

    func render(_ wheel: WheelScene, at t: Double, size: Size) -> Pixmap {
        let canvas = Canvas(width: Int(size.width), height: Int(size.height))!
        wheel.render(into: canvas, at: t)
        return canvas.pixmap
    }
}

final class AttractModeTests: XCTestCase {
    /// Attract mode turns the last winner away from the pointer: its highlight fades out as the drift
    /// starts (it stayed lit while it drifted away), and the frame then is the wheel unlit.
    func testTheDriftTakesTheWinnersHighlightAway() throws {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 3)
        wheel.attractAfter = 2
        XCTAssertTrue(try wheel.spin(at: 0, to: 4))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        let start = try XCTUnwrap(wheel.attractStart)
        XCTAssertEqual(wheel.litWinner(at: end + 1)?.slice, 4)
        XCTAssertEqual(wheel.litWinner(at: start - 0.01)?.strength, 1)
        let fading = try XCTUnwrap(wheel.litWinner(at: start + WheelScene.highlightFadeIn / 2))
        XCTAssertEqual(fading.strength, 0.5, accuracy: 1e-9)
        XCTAssertNil(wheel.litWinner(at: start + WheelScene.highlightFadeIn + 0.001), "unlit once it drifts")
        XCTAssertNil(wheel.litWinner(at: start + 30))
        XCTAssertTrue(try wheel.spin(at: start + 31), "a touch spins from there")
        XCTAssertNil(wheel.litWinner(at: start + 31.5), "nothing lit while it turns")
    }

    func testIdleTheWheelDriftsAndInvitesAndTheFirstTouchSpinsFromThere() throws {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 3)
        let size = Size(width: 320, height: 240)
        XCTAssertFalse(wheel.isAnimating(at: 100), "off unless asked for")
        wheel.attractAfter = 2
        XCTAssertEqual(wheel.nextChange(after: 0), 2, "the host wakes when it starts")
        XCTAssertFalse(wheel.isAnimating(at: 1.9))
        XCTAssertTrue(wheel.isAnimating(at: 2.5))
        let a = wheel.state(at: 2.5).rotationDegrees, b = wheel.state(at: 4).rotationDegrees
        XCTAssertEqual(b - a, 9, accuracy: 1e-9, "one turn a minute: 6° a second")
        XCTAssertEqual(wheel.state(at: 2).rotationDegrees, 0, accuracy: 1e-9, "no jump when it starts")
        XCTAssertNil(wheel.resultShown(at: 3, winner: nil, strength: 0, spinning: false), "the button invites, not the result area")
        // The first touch spins at once, from where the drifting wheel is.
        let before = wheel.state(at: 5).rotationDegrees
        wheel.handle(.tap(wheel.startButton(frameSize: size).center), at: 5, frameSize: size)
        XCTAssertTrue(wheel.spinner.isSpinning(at: 5))
        XCTAssertEqual(wheel.state(at: 5).rotationDegrees, before, accuracy: 1e-9)
        let end = try XCTUnwrap(wheel.spinner.endTime)
        let shown = end + WheelScene.refreshDelay   // the draw's changes shown: idle counts from there
        XCTAssertFalse(wheel.isAnimating(at: shown + 1))
        XCTAssertTrue(wheel.isAnimating(at: shown + 2.5))
        XCTAssertNotNil(wheel.state(at: shown + 2.5).result, "a draw's result stays while it drifts")
    }
}
