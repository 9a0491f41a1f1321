// The whole way, as at an event: a kiosk (`roundel run --control`, a real X11 window on Xvfb) with a
// prize list, and the operator's phone (headless Chromium at 390x844 through chromedriver) opening the
// link with its token: the page shows the entries with their chance and stock, follows the kiosk live
// (the event stream), SPIN makes a draw that is in the record while the wheel still turns and the page
// still says "Spinning…", and the result the page then shows is the recorded one, its stock one less.
// Screenshots: a temporary folder, or docs/images with RECORD=1 (the README's).
import Foundation
import TestBrowser
import TestDisplay
import XCTest

final class ControlPhoneTests: XCTestCase {
    let cli = RoundelBinary()

    func testFromAPhoneTheHostSpinsAKioskOnXAndSeesTheRecordedResult() throws {
        let programs: (chromium: String, driver: String)
        do { programs = try Browser.programs() } catch {
            if ProcessInfo.processInfo.environment["ROUNDEL_REQUIRE_BROWSER"] == "1" { throw error }
            throw XCTSkip("\(error)")
        }
        _ = programs
        guard let xvfb = VirtualDisplay.executable else { throw XCTSkip("needs Xvfb (make test installs it)") }
        let display = try VirtualDisplay(executable: xvfb, screen: "800x600x24")
        defer { display.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-phone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/fair.json"
        try #"""
            {"control": {"listen": "127.0.0.1:0"}, "sound": "off",
             "wheel": {"duration": 4, "items": [{"text": "T-shirt", "stock": 3}, {"text": "Mug", "stock": 5},
                                                 {"text": "Sticker", "stock": 20}, {"text": "Tote bag", "stock": 2}]}}
            """#.write(toFile: config, atomically: true, encoding: .utf8)
        let state = dir + "/fair.db"
        let kiosk = try ControlCLITests.Running(cli.binary, ["run", "--config", config, "--state", state, "--size", "640x480"],
                                                log: dir + "/err.txt", environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"])
        defer { kiosk.stop() }
        let line = try XCTUnwrap(kiosk.line(containing: "control page on", within: 20), kiosk.stderr)
        let after = try XCTUnwrap(line.range(of: "127.0.0.1:"))
        let port = try XCTUnwrap(Int(line[after.upperBound...].prefix { $0.isNumber }))
        let token = try String(contentsOfFile: dir + "/control-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)

        let phone = try Browser(width: 390, height: 844)
        defer { phone.quit() }
        try phone.open("http://127.0.0.1:\(port)/#token=\(token)")
        try phone.wait("the entries", seconds: 10) { try phone.execute("return document.querySelectorAll('#entries tbody tr').length") as? Int == 4 }
        let rows = { try phone.execute("return Array.from(document.querySelectorAll('#entries tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))") as? [[String]] }
        XCTAssertEqual(try rows(), [["T-shirt", "25%", "3"], ["Mug", "25%", "5"], ["Sticker", "25%", "20"], ["Tote bag", "25%", "2"]],
                       "each entry with its chance and stock")
        try phone.wait("the live stream", seconds: 10) { try phone.text("#link") == "Live" }
        XCTAssertFalse(try phone.currentURL().contains(token), "the token left the address bar")
        try Browser.keep(phone.screenshot(), as: "control-page-kiosk.png")

        try phone.click("#spin")
        try phone.wait("the wheel turning", seconds: 5) { try phone.text("#result") == "Spinning…" }
        let recorded = try cli.run(["history", "--state", state, "--json"])
        XCTAssertEqual(recorded.stdout.split(separator: "\n").count, 1, "the draw is in the record while the wheel turns: \(recorded.stdout)")
        let winner = try XCTUnwrap(recorded.stdout.firstRange(of: #""text":""#).map { range in
            String(recorded.stdout[range.upperBound...].prefix { $0 != "\"" })
        })
        try phone.wait("the result", seconds: 10) { try phone.text("#result-text") == winner }
        XCTAssertEqual(try phone.text("#result-kind"), "Draw 1 · a prize")
        let row = try XCTUnwrap(try rows()?.first { $0[0] == winner })
        let stock = ["T-shirt": 3, "Mug": 5, "Sticker": 20, "Tote bag": 2][winner]!
        XCTAssertEqual(row[2], String(stock - 1), "the page shows the stock the draw left")
        try Browser.keep(phone.screenshot(), as: "control-page-kiosk-result.png")
    }
}
