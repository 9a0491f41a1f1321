// `render` and `record --state DB [--draw N]` against a class drawn as a teacher draws it: `roundel run`
// on a private Xvfb, the names pasted with Ctrl+V from another program's clipboard (xclip) and two
// draws made with Space, each winner leaving the wheel. The replay of draw 2 starts where the
// window's wheel stood when Space was pressed (an F12 screenshot), and its video (a PNG folder and an
// MP4) ends on draw 2's recorded winner, under the pointer, as `render --at` the end draws it; the
// wheel at rest is the window's frame (F12, and `run --screenshot`). Nothing is written to the
// record, also while the window holds it. Bad input is one line, exit 2 (1 for an altered record).
import CSQLite
import Draws
import Foundation
import Motion
import PNGCodec
import Raster
@testable import Scenes
import TestDisplay
import XCTest

final class ReplayCLITests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-replay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    static let size = "480x360"
    /// The teacher's config: each name wins once; a short spin; no confetti over the pointer.
    static let config = #"{"wheel": {"afterWin": "remove", "duration": 1.5, "celebration": "off"}, "sound": "off"}"#
    static let names = ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus"]

    func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile)
    }

    func xdotool(_ display: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(tool("xdotool")))
        process.arguments = arguments
        process.environment = ["DISPLAY": display]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments)")
    }

    /// xclip holding `text` on the CLIPBOARD, once it says it owns it.
    func holdClipboard(_ text: String, display: String) throws -> Process {
        let file = dir + "/clipboard.txt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(tool("xclip")))
        process.arguments = ["-selection", "clipboard", "-i", "-quiet", file]
        process.environment = ["DISPLAY": display]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        var said = ""
        while !said.contains("Waiting for selection requests") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        return process
    }

    /// Every draw `history --json` lists.
    func draws(_ state: String) throws -> [[String: Any]] {
        try cli.run(["history", "--state", state, "--json"]).stdout.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// `roundel render wheel` with `arguments`: its image and its JSON line.
    func render(_ arguments: [String], out name: String) throws -> (image: Pixmap, json: [String: Any]) {
        let out = dir + "/" + name
        let r = try cli.run(["render", "wheel", "--out", out] + (arguments.contains("--size") ? [] : ["--size", Self.size]) + arguments)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
        return (try readPNG(out), json)
    }

    /// The pixels where `a` and `b` differ.
    func differences(_ a: Pixmap, _ b: Pixmap) -> [(x: Int, y: Int)] {
        guard a.width == b.width, a.height == b.height else { return [(-1, -1)] }
        var found: [(x: Int, y: Int)] = []
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { found.append((x, y)) } }
        return found
    }

    /// The record's file and its witness, byte for byte.
    func recordBytes(_ state: String) throws -> [Data] {
        try [state, state + ".last-draw"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    func testADrawMadeInTheWindowIsReplayedOntoItsWinnerAndTheWheelAtRestIsTheWindows() throws {
        guard tool("xdotool") != nil, tool("xclip") != nil, let xvfb = VirtualDisplay.executable else {
            throw XCTSkip("needs Xvfb, xdotool and xclip (make test installs them)")
        }
        let display = try VirtualDisplay(executable: xvfb, screen: "640x480x24")
        defer { display.stop() }
        let config = dir + "/class.json", state = dir + "/class.db"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        // Changed in the settings panel an earlier day: 2 s spins (the config says 1.5), odds on the slices.
        try Ledger.open(path: state).keep(settings: ["duration": KeptSetting(value: "2", base: "1.5"),
                                                     "showOdds": KeptSetting(value: "true", base: "false")])
        let clipboard = try holdClipboard(Self.names.joined(separator: "\n") + "\n", display: display.name)
        defer { clipboard.terminate(); clipboard.waitUntilExit() }
        let window = try RunningRoundel(binary: cli.binary, arguments: ["run", "--config", config, "--state", state, "--size", Self.size],
                                        environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"],
                                        folder: dir)
        defer { window.stop() }
        try xdotool(display.name, ["search", "--sync", "--name", "Roundel"])   // the window is up
        Thread.sleep(forTimeInterval: 1)
        try xdotool(display.name, ["key", "ctrl+v"])
        // The pasted list is recorded as a round of its own.
        let pasted = Date().addingTimeInterval(10)
        func list() -> [String]? { (try? Ledger.openForReading(path: state).standingNow().round?.entries.map(\.text)) ?? nil }
        while list() != Self.names, Date() < pasted { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertEqual(list(), Self.names, window.printed)

        /// Space, then until the draw is recorded and its winner has left the wheel (2 s spin, 3 s).
        func drawWithSpace(_ n: Int) throws {
            try xdotool(display.name, ["key", "space"])
            let deadline = Date().addingTimeInterval(10)
            while try draws(state).count < n, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            XCTAssertEqual(try draws(state).count, n, window.printed)
            Thread.sleep(forTimeInterval: 6.5)
        }
        /// F12 in the window: the frame it shows.
        func screenshot() throws -> Pixmap {
            let since = Date()
            try xdotool(display.name, ["key", "F12"])
            let line = try XCTUnwrap(window.line(containing: "screenshot saved to ", after: since, timeout: 5), window.printed)
            let png = String(line.text.split(separator: " ").last ?? "")
            return try readPNG(png.hasPrefix("/") ? png : dir + "/" + png)
        }

        try drawWithSpace(1)
        let beforeSecond = try screenshot()
        // While the window holds the record: read, not locked out, nothing written.
        let held = try recordBytes(state)
        let early = try render(["--config", config, "--state", state, "--draw", "1", "--at", "4"], out: "held.png")
        XCTAssertEqual(early.json["state"] as? String, "stopped")
        XCTAssertEqual(try recordBytes(state), held)
        try drawWithSpace(2)
        let atRest = try screenshot()
        window.stop()

        let recorded = try draws(state)
        XCTAssertEqual(recorded.count, 2)
        let second = recorded[1]
        let winner = try XCTUnwrap(second["text"] as? String), index = try XCTUnwrap(second["index"] as? Int)
        XCTAssertTrue(Self.names.contains(winner), "a pasted name won: \(winner)")
        XCTAssertNotEqual(recorded[0]["text"] as? String, winner, "each name wins once")
        XCTAssertEqual(Self.names.firstIndex(of: winner), index, "the index is its place in the pasted list")
        let bytes = try recordBytes(state)

        // A desktop window draws its own buttons (settings, winners) at the top right; render does not.
        let frameSize = Size(width: 480, height: 360)
        let tools = ToolButton.allCases.map { WheelScene.toolButtonRect($0, frameSize: frameSize).insetBy(-2) }
        func outside(_ boxes: [Rect], _ pixels: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
            pixels.filter { p in !boxes.contains { $0.contains(Point(x: Double(p.x) + 0.5, y: Double(p.y) + 0.5)) } }
        }

        // The replay starts where the window's wheel stood when Space was pressed: only the banner
        // (the name under the pointer, in grey) and the button (disabled) differ.
        let start = try render(["--config", config, "--state", state, "--draw", "2", "--at", "0"], out: "start.png")
        XCTAssertEqual(start.json["state"] as? String, "spinning")
        let geometry = WheelLayout(frame: frameSize)
        let banner = geometry.resultRect.insetBy(-4 - 0.1 * geometry.resultRect.height)
        let button = geometry.buttonRect.insetBy(-4 - 0.1 * geometry.buttonRect.height)
        let moved = differences(start.image, beforeSecond)
        XCTAssertFalse(outside(tools, moved).isEmpty, "the button and banner say the spin has begun")
        let elsewhere = outside(tools + [banner, button], moved)
        XCTAssertEqual(elsewhere.count, 0, "the wheel as the window had it; first difference at \(elsewhere.first.map { "\($0)" } ?? "")")

        // The video: a folder of PNGs and an MP4, the spin and 2 s; its last frame is render's.
        let folder = dir + "/spin/"
        let made = try cli.run(["record", "wheel", "--config", config, "--state", state, "--draw", "2", "--size", Self.size,
                                "--fps", "10", "--out", folder])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("\"frames\":40,\"fps\":10,\"from\":0,\"to\":4"), "the window's 2 s spin and 2 s: \(made.stdout)")
        let last = try readPNG(folder + "frame-00040.png")
        let end = try render(["--config", config, "--state", state, "--draw", "2", "--at", "3.9"], out: "end.png")
        XCTAssertEqual(differences(last, end.image).count, 0, "the last frame is render --at 3.9")
        XCTAssertEqual(end.json["state"] as? String, "stopped")
        let result = try XCTUnwrap(end.json["result"] as? [String: Any], "\(end.json)")
        XCTAssertEqual(result["text"] as? String, winner)
        XCTAssertEqual(result["index"] as? Int, index)
        XCTAssertEqual(end.json["rotation"] as? Double, try rotationDegrees(state, draw: 2), "where the window's wheel stopped")

        // The recorded winner's slice is under the pointer: its colour, which only the winner keeps
        // while the others are dimmed, around the pointer's tip (between the strokes of its label,
        // which with odds on runs out to the rim), and no neighbour's.
        let wheelConfig = try WheelConfig.parse(try ConfigFile.load(path: config))
        let scene = try WheelScene(config: wheelConfig, resources: try SceneResources.loadDefault(),
                                   recorded: try Ledger.openForReading(path: state).standing(beforeDraw: 2))
        try scene.replayRecordedDraw(at: 0)
        scene.render(into: try XCTUnwrap(Canvas(width: 480, height: 360)), at: 3.9)
        let frame = try XCTUnwrap(scene.scratch.cache)
        let slice = try XCTUnwrap(scene.shown.firstIndex(of: index))
        let colour = scene.items[slice].color.premultiplied
        let neighbours = [scene.items[(slice + 1) % scene.items.count].color.premultiplied,
                          scene.items[(slice + scene.items.count - 1) % scene.items.count].color.premultiplied]
        XCTAssertFalse(neighbours.contains(colour))
        let tip = frame.pointerTip
        let x = Int(tip.x), y = Int(tip.y + 0.04 * frame.layout.radius)
        let around = (-3...3).flatMap { dx in (-3...3).map { dy in last[x + dx, y + dy] } }
        XCTAssertGreaterThan(around.filter { $0 == colour }.count, 12, "\(winner)'s colour under the pointer")
        XCTAssertFalse(around.contains { neighbours.contains($0) }, "no neighbour's colour under the pointer")

        let mp4 = dir + "/spin.mp4"
        let video = try cli.run(["record", "wheel", "--config", config, "--state", state, "--draw", "2", "--size", Self.size,
                                 "--fps", "10", "--out", mp4])
        XCTAssertEqual(video.status, 0, video.stderr)
        let lastOfVideo = dir + "/last.png"
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: try XCTUnwrap(tool("ffmpeg"), "`make test` installs ffmpeg"))
        ffmpeg.arguments = ["-v", "error", "-i", mp4, "-vf", "select=eq(n\\,39)", "-frames:v", "1", "-y", lastOfVideo]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let decoded = try readPNG(lastOfVideo)
        var total = 0
        for (a, b) in zip(decoded.pixels, end.image.pixels) {
            for shift: UInt32 in [0, 8, 16] { total += abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) }
        }
        XCTAssertLessThan(Double(total) / Double(3 * decoded.pixels.count), 6, "the MP4's frame 40 looks like render's")

        // Draw 1 too ends on its own winner.
        let firstEnd = try render(["--config", config, "--state", state, "--draw", "1", "--at", "2"], out: "first.png")
        XCTAssertEqual((firstEnd.json["result"] as? [String: Any])?["text"] as? String, recorded[0]["text"] as? String)

        // The wheel at rest, odds on: the window's frame (F12 while it ran, and a window opened on the
        // record now), but for its buttons; a kiosk's, which has none, exactly.
        let rest = try render(["--config", config, "--state", state, "--at", "0.5"], out: "rest.png")
        XCTAssertEqual(outside(tools, differences(rest.image, atRest)).count, 0, "the frame the window showed after draw 2")
        let shot = dir + "/shot.png"
        let run = try cli.run(["run", "--config", config, "--state", state, "--size", Self.size, "--screenshot", shot, "--after", "0.5"],
                              environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(outside(tools, differences(rest.image, try readPNG(shot))).count, 0, "run --state --screenshot")
        let kiosk = try cli.run(["run", "--kiosk", "--config", config, "--state", state, "--screenshot", shot, "--after", "0.5"],
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(kiosk.status, 0, kiosk.stderr)
        let kioskShot = try readPNG(shot)   // a kiosk covers the (dummy) display, whatever --size says
        let kioskRest = try render(["--config", config, "--state", state, "--at", "0.5", "--size", "\(kioskShot.width)x\(kioskShot.height)"],
                                   out: "kiosk-rest.png")
        XCTAssertEqual(differences(kioskRest.image, kioskShot).count, 0, "run --kiosk --state --screenshot")
        XCTAssertEqual((rest.json["result"] as? [String: Any])?["text"] as? String, winner, "the last result shown")
        XCTAssertEqual(try recordBytes(state), bytes, "render and record wrote nothing to the record")
    }

    /// Where draw `n` stopped, in degrees as `render` prints them.
    func rotationDegrees(_ state: String, draw n: Int) throws -> Double {
        let rotation = try XCTUnwrap(try Ledger.openForReading(path: state).history().first { $0.draw == n }?.rotation)
        return (rotation * 180 / Double.pi * 1e6).rounded() / 1e6
    }

    /// A winner is named as `spin` and `history` name it: its place in its list, also when a winner
    /// before it has left the wheel (Cat is slice 1 of Ben, Cat, Dov once Ann has gone, and entry 2).
    func testAReplayNamesItsWinnerByItsPlaceInTheList() throws {
        let state = dir + "/s.db", config = dir + "/c.json"
        try #"{"wheel": {"items": ["Ann", "Ben", "Cat", "Dov"], "afterWin": "remove", "duration": 2}}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        for entry in ["0", "2"] {
            let spin = try cli.run(["spin", "--config", config, "--state", state, "--spin-to", entry, "--seed", "7"])
            XCTAssertEqual(spin.status, 0, spin.stderr)
        }
        let stopped = try render(["--config", config, "--state", state, "--draw", "2", "--at", "2.5"], out: "stopped.png")
        XCTAssertEqual(stopped.json["state"] as? String, "stopped")
        let result = try XCTUnwrap(stopped.json["result"] as? [String: Any])
        XCTAssertEqual(result["index"] as? Int, 2)
        XCTAssertEqual(result["text"] as? String, "Cat")
        XCTAssertEqual(stopped.json["rotation"] as? Double, try rotationDegrees(state, draw: 2))
        // 3 s after the stop the winner leaves, as in the window; the result stays.
        let after = try render(["--config", config, "--state", state, "--draw", "2", "--at", "6"], out: "after.png")
        XCTAssertEqual((after.json["result"] as? [String: Any])?["text"] as? String, "Cat")
        let rest = try render(["--config", config, "--state", state, "--at", "0"], out: "rest.png")
        XCTAssertEqual(differences(after.image, rest.image).count, 0, "the wheel as the record has it after draw 2")
    }

    func testBadInputIsOneLineAndWritesNothing() throws {
        let state = dir + "/s.db", config = dir + "/c.json", weighted = dir + "/weighted.json"
        let items = #"[{"text": "Ann", "weight": 3}, "Ben", "Cat"]"#
        try #"{"wheel": {"items": \#(items)}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let spin = try cli.run(["spin", "--config", config, "--state", state, "--spin-to", "1", "--seed", "3"])
        XCTAssertEqual(spin.status, 0, spin.stderr)
        // A draw without a rotation, as an earlier Roundel's `spin` recorded it.
        do {
            let raffle = try Raffle(entries: [Entry(text: "Ann", weight: 3), Entry(text: "Ben"), Entry(text: "Cat")],
                                    ledger: try Ledger.open(path: state))
            var rng = SeededGenerator(seed: 2)
            try raffle.record(try raffle.choose(using: &rng), rotation: nil)
        }
        // The same list on a wheel whose slices are sized by weight: draw 1's rotation lands on Ann there.
        try #"{"wheel": {"items": \#(items), "sizeByWeight": true}}"#.write(toFile: weighted, atomically: true, encoding: .utf8)
        let bytes = try recordBytes(state)
        try "not a database".write(toFile: dir + "/other.db", atomically: true, encoding: .utf8)
        let png = dir + "/x.png", folder = dir + "/frames/", mp4 = dir + "/x.mp4"
        let cases: [([String], String)] = [
            (["--state", state, "--draw", "3"], "state '\(state)': has no draw 3 (its newest is draw 2; roundel history lists them)"),
            (["--state", state, "--draw", "0"], "--draw '0' is not a draw number"),
            (["--state", state, "--draw", "two"], "--draw 'two' is not a draw number"),
            (["--draw", "1"], "--draw needs --state FILE"),
            (["--state", state, "--draw", "1", "--spin-to", "0"], "--spin-to and --seed do not apply"),
            (["--state", state, "--draw", "1", "--seed", "5"], "--spin-to and --seed do not apply"),
            (["--state", state, "--seed", "5"], "--spin-to and --seed would spin it to one never made"),
            (["--state", state, "--draw", "2"], "cannot replay draw 2: it has no rotation recorded"),
            (["--state", state, "--draw", "1", "--sized-by-weight"],
             "cannot replay draw 1: its rotation lands on 'Ann' on this wheel, not on its winner 'Ben' (give the config the window used)"),
            (["--state", dir + "/missing.db"], "no such file"),
            (["--state", dir + "/other.db", "--draw", "1"], "is not a Roundel state database"),
            (["--state", dir], "is a directory"),
            (["--state", ""], "--state needs a file name"),
        ]
        for (given, message) in cases {
            // "--sized-by-weight" stands for the weighted config in place of the config.
            let arguments = ["--config", given.contains("--sized-by-weight") ? weighted : config] + given.filter { $0 != "--sized-by-weight" }
            try cli.assertUserError(["render", "wheel", "--out", png] + arguments, mentions: message)
            try cli.assertUserError(["record", "wheel", "--out", folder] + arguments, mentions: message)
            try cli.assertUserError(["record", "wheel", "--out", mp4] + arguments, mentions: message)
        }
        try cli.assertUserError(["render", "clock", "--state", state, "--out", png], mentions: "--state and --draw apply to the wheel only")
        for path in [png, mp4, dir + "/frames"] { XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) written") }
        XCTAssertEqual(try recordBytes(state), bytes)

        // A record altered by hand is not shown (exit 1), as a window does not draw into it.
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(state, &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "UPDATE draws SET text = 'Zed' WHERE draw = 1", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        let altered = try cli.run(["render", "wheel", "--config", config, "--state", state, "--draw", "1", "--out", png])
        XCTAssertEqual(altered.status, 1, altered.stderr)
        XCTAssertTrue(altered.stderr.hasSuffix("the record was altered or lost draws, so it is not shown: draw 1 was changed after it was recorded (roundel history lists what it holds)\n"),
                      altered.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    }
}
