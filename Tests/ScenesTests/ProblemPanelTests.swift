// The problem panel a kiosk shows instead of going black says the whole of what is wrong, its advice
// included, on the small touch screens kiosks have: the text shrinks to fit rather than being cut.
import Foundation
import Raster
import PNGCodec
@testable import Scenes
import XCTest

final class ProblemPanelTests: XCTestCase {
    /// The longest messages a kiosk shows, each ending in what to do.
    let messages = [
        "roundel: state '/home/pi/.local/state/roundel/roundel.db': the record was altered or lost draws, so no draw is made into it: "
            + "draws 41…57 are missing (its witness saw them recorded) (and 2 more problems); keep the file for the event's records "
            + "(roundel history lists it) and give another --state file",
        "roundel: state '/home/pi/.local/state/roundel/roundel.db': draws 1…120 are missing: the file is empty, but its witness "
            + "'roundel.db.last-draw' saw 120 draws recorded there; put back a copy of the file, or move the witness away to start a new record",
        "roundel: state '/media/pi/card/raffle.db': its witness '/home/pi/.local/state/roundel/roundel.db.last-draw' is damaged, so lost "
            + "draws could not be noticed (if roundel history lists every draw, move it away)",
        "roundel: state '/home/pi/raffle.db': is damaged (SQLite: database disk image is malformed); keep a copy and give another --state file",
    ]

    /// What a panel over a running wheel says: a draw the record refused, an edit that was not applied.
    let bandMessages = [
        "roundel: state '/home/pi/.local/state/roundel/roundel.db': could not record the draw: the disk is full",
        "roundel: config '/etc/roundel/kiosk.json': wheel.items[12].color: '#12345' is not a colour (use #RRGGBB, like #E74C3C)",
    ]

    /// The detail as the panel's lines show it, joined again (a word broken over two lines rejoined).
    func shownDetail(_ layout: Problem.Layout) -> String {
        layout.lines.filter { $0.color == .white }.map(\.text).joined().filter { $0 != " " }
    }

    func assertWhole(_ message: String, in box: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let fonts = try WheelSnapshotTests.latinResources().fonts
        let problem = Problem(message: message, title: ProblemScene.waitingTitle)
        let layout = problem.layout(box: box, fonts: fonts)
        XCTAssertEqual(shownDetail(layout), problem.detail.filter { $0 != " " }, "\(what): cut", file: file, line: line)
        XCTAssertFalse(layout.lines.contains { $0.text.hasSuffix("…") }, "\(what): cut", file: file, line: line)
        XCTAssertGreaterThanOrEqual(layout.size, 11, "still legible", file: file, line: line)
        let height = layout.lines.reduce(layout.size * 1.5) { $0 + $1.size * 1.3 + $1.gap }
        XCTAssertLessThanOrEqual(height, box.height + 0.5, "\(what): inside its box", file: file, line: line)
    }

    /// A kiosk whose record is on a PostgreSQL server that is away waits for the server, not for a file.
    func testAServerAwayIsNamedAsTheServer() throws {
        let message = "roundel: state 'postgresql://roundel@192.168.1.10/fair': the server is not reachable: connection to server at "
            + "\"192.168.1.10\", port 5432 failed: Connection refused"
        let problem = Problem(message: message, title: ProblemScene.waitingTitle)
        XCTAssertEqual(problem.title, "Roundel is waiting for the prize pool's server")
        XCTAssertEqual(problem.file, "postgresql://roundel@192.168.1.10/fair")
        let layout = problem.layout(box: ProblemScene.panelBox(Size(width: 800, height: 480)), fonts: try WheelSnapshotTests.latinResources().fonts)
        XCTAssertTrue(layout.lines.contains { $0.text.hasPrefix("Server: postgresql://") }, "\(layout.lines.map(\.text))")
        let file = Problem(message: messages[3], title: ProblemScene.waitingTitle)
        XCTAssertEqual(file.title, ProblemScene.waitingTitle, "a file stays a file")
    }

    /// The damaged-file panel cut off its own advice ("…keep a copy and give"): the text now shrinks
    /// until all of it fits, and a long path is broken over lines rather than cut.
    func testTheWholeProblemIsShownOnSmallScreens() throws {
        for (w, h) in [(800.0, 480.0), (480, 320), (480, 800)] {
            let size = Size(width: w, height: h)
            for message in messages { try assertWhole(message, in: ProblemScene.panelBox(size), "alone at \(Int(w))x\(Int(h))") }
            for message in bandMessages {
                for atBottom in [false, true] { try assertWhole(message, in: Problem.band(size, atBottom: atBottom), "over a scene at \(Int(w))x\(Int(h))") }
            }
        }
        // Looked at: the 800x480 panel of the longest message.
        if let out = ProcessInfo.processInfo.environment["ROUNDEL_PANEL_PNG"] {
            let scene = ProblemScene(problem: Problem(message: messages[1], title: ProblemScene.waitingTitle),
                                     resources: try WheelSnapshotTests.latinResources())
            let canvas = try XCTUnwrap(Canvas(width: 800, height: 480))
            scene.render(into: canvas, at: 0)
            try writePNG(canvas.pixmap, to: out)
        }
    }
}
