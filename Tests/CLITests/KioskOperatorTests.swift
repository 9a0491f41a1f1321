// A kiosk as its operator meets it: `roundel run --kiosk` on a private Xvfb server, driven with
// xdotool as a keyboard would, its stderr (the journal on a Pi) read as it comes. A valid edit saved
// while the wheel drifts in attract mode applies within the config poll (it waited for the next
// visitor's spin); a broken edit's line and panel come at once, even mid-spin; a killed kiosk's
// record keeps its draws, and one that lost draws is noticed.
import Foundation
import PNGCodec
import TestDisplay
import XCTest

/// A running `roundel`, the lines it prints (stdout and stderr) kept with the time each arrived.
final class RunningRoundel: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var lines: [(time: Date, text: String)] = []

    init(binary: URL, arguments: [String], environment: [String: String], folder: String) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let err = Pipe(), out = Pipe()
        process.standardError = err
        process.standardOutput = out
        for pipe in [err, out] {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let chunk = String(decoding: handle.availableData, as: UTF8.self)
                guard let self, !chunk.isEmpty else { return }
                self.lock.lock()
                for line in chunk.split(separator: "\n") { self.lines.append((Date(), String(line))) }
                self.lock.unlock()
            }
        }
        try process.run()
    }

    /// Waits up to `timeout` s for a line containing `text` that arrived after `since`; its time.
    func line(containing text: String, after since: Date, timeout: Double) -> (time: Date, text: String)? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let found = lines.first { $0.time >= since && $0.text.contains(text) }
            lock.unlock()
            if let found { return found }
            usleep(20_000)
        }
        return nil
    }

    var printed: String { lock.lock(); defer { lock.unlock() }; return lines.map(\.text).joined(separator: "\n") }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

final class KioskOperatorTests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-operator-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func xdotool(_ display: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": display]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments)")
    }

    /// Saves the config as an editor does (a new file renamed over the old one).
    func save(_ text: String, to path: String) throws {
        try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".tmp", path), 0)
    }

    /// Pixels of the problem panel's amber stripe (#F2CC5B) in an F12 screenshot.
    func amberPixels(_ png: String) throws -> Int { try readPNG(png).pixels.filter { $0 == 0xFFF2_CC5B }.count }

    func testEditsReachAKioskInAttractModeAndABrokenOneIsSaidAtOnceEvenMidSpin() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), let xvfb = VirtualDisplay.executable else {
            throw XCTSkip("needs Xvfb and xdotool (make test installs them)")
        }
        let display = try VirtualDisplay(executable: xvfb, screen: "640x480x24")
        defer { display.stop() }
        let config = dir + "/kiosk.json"
        func wheel(_ items: [String]) -> String {
            #"{"wheel": {"items": [\#(items.map { "\"\($0)\"" }.joined(separator: ", "))], "duration": 8}, "attract": {"after": 1}, "sound": "off"}"#
        }
        let broken = #"{"wheel": {"items": ["Ann", "Ben"], "duration": 8}, "attract": {"after": 1}, "sound": "off", "whee": 1}"#
        try save(wheel(["Ann", "Ben", "Cat"]), to: config)
        let kiosk = try RunningRoundel(binary: cli.binary, arguments: ["run", "--kiosk", "--config", config, "--state", dir + "/k.db"],
                                       environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"],
                                       folder: dir)
        defer { kiosk.stop() }
        Thread.sleep(forTimeInterval: 3)   // the window is up and the wheel drifts (attract after 1 s)

        // A valid edit while it drifts: applied within the poll (1 s), not after a visitor's spin.
        var saved = Date()
        try save(wheel(["Ann", "Ben", "Cat", "Dov"]), to: config)
        let reloaded = try XCTUnwrap(kiosk.line(containing: "reloaded", after: saved, timeout: 5), "applied: \(kiosk.printed)")
        XCTAssertLessThan(reloaded.time.timeIntervalSince(saved), 2)

        // A broken edit: its line at once, and its panel on screen (F12 saves what is shown).
        saved = Date()
        try save(broken, to: config)
        let said = try XCTUnwrap(kiosk.line(containing: "kept the previous config", after: saved, timeout: 5), kiosk.printed)
        XCTAssertLessThan(said.time.timeIntervalSince(saved), 2)
        XCTAssertTrue(said.text.contains("'whee'"), said.text)
        try xdotool(display.name, ["key", "F12"])
        let shot = try XCTUnwrap(kiosk.line(containing: "screenshot saved to ", after: saved, timeout: 5), kiosk.printed)
        let png = String(shot.text.split(separator: " ").last ?? "")
        XCTAssertGreaterThan(try amberPixels(png.hasPrefix("/") ? png : dir + "/" + png), 300, "the panel is shown")

        // Fixed, then a broken edit in the middle of a spin (8 s): said at once, while the wheel turns.
        saved = Date()
        try save(wheel(["Ann", "Ben", "Cat"]), to: config)
        XCTAssertNotNil(kiosk.line(containing: "reloaded", after: saved, timeout: 5), kiosk.printed)
        try xdotool(display.name, ["key", "space"])
        Thread.sleep(forTimeInterval: 1.2)
        saved = Date()
        try save(broken, to: config)
        let midSpin = try XCTUnwrap(kiosk.line(containing: "kept the previous config", after: saved, timeout: 5), kiosk.printed)
        XCTAssertLessThan(midSpin.time.timeIntervalSince(saved), 2, "said mid-spin, not after the result")
        XCTAssertTrue(kiosk.process.isRunning, kiosk.printed)
        let history = try cli.run(["history", "--state", dir + "/k.db", "--json"])
        XCTAssertEqual(history.stdout.split(separator: "\n").count, 1, "the spin was a draw: \(history.stdout) \(history.stderr)")
    }

    /// A kiosk's record after the kiosk is killed: draws made with Space on a real window, then kill
    /// -9. A flipped byte in the journal left beside the file loses nothing (with WAL, one flipped
    /// byte in a frame dropped that draw and every one after it, silently). The file put back from an
    /// older copy (as a dropped WAL or lost writes leave it) or emptied: history names the missing
    /// draws (exit 1) and the kiosk, started again, shows the panel instead of a fresh wheel at draw 1.
    func testAKilledKiosksRecordKeepsItsDrawsAndALossIsNoticed() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), let xvfb = VirtualDisplay.executable else {
            throw XCTSkip("needs Xvfb and xdotool (make test installs them)")
        }
        let display = try VirtualDisplay(executable: xvfb, screen: "640x480x24")
        defer { display.stop() }
        let config = dir + "/kiosk.json"
        let state = dir + "/k.db"
        try save(#"{"wheel": {"items": ["Ann", "Ben", "Cat", "Dov"], "duration": 0.5}, "input": {"cooldown": 0}, "sound": "off"}"#, to: config)
        func draws() throws -> [Int] {
            try cli.run(["history", "--state", state, "--json"]).stdout.split(separator: "\n").compactMap {
                (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["draw"] as? Int
            }
        }
        let kiosk = try RunningRoundel(binary: cli.binary, arguments: ["run", "--kiosk", "--config", config, "--state", state],
                                       environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"],
                                       folder: dir)
        Thread.sleep(forTimeInterval: 2)
        for n in 1...3 {
            try xdotool(display.name, ["key", "space"])
            let deadline = Date().addingTimeInterval(10)
            while try draws().count < n, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            XCTAssertEqual(try draws(), Array(1...n), kiosk.printed)
            if n == 1 { try FileManager.default.copyItem(atPath: state, toPath: dir + "/after-one.db") }
            Thread.sleep(forTimeInterval: 4)   // the result shown, the wheel at rest
        }
        kill(kiosk.process.processIdentifier, SIGKILL)
        kiosk.process.waitUntilExit()

        // A flipped byte in the journal beside the file: every draw is still there.
        let journal = state + "-journal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        XCTAssertGreaterThan(bytes.count, 600)
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: journal))
        let whole = try cli.run(["history", "--state", state])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try draws(), [1, 2, 3])

        func kioskShows(_ what: String) throws {
            let r = try cli.run(["run", "--kiosk", "--config", config, "--state", state, "--screenshot", dir + "/shot.png", "--after", "0.5"],
                                environment: ["SDL_VIDEODRIVER": "dummy"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains(what) && r.stderr.contains("waiting for files it can use"), r.stderr)
            XCTAssertGreaterThan(try readPNG(dir + "/shot.png").pixels.filter { $0 == 0xFFF2_CC5B }.count, 300, "the panel")
        }
        // An older copy in its place (what a WAL that dropped frames left): named, refused.
        try FileManager.default.removeItem(atPath: state)
        try FileManager.default.copyItem(atPath: dir + "/after-one.db", toPath: state)
        let older = try cli.run(["history", "--state", state])
        XCTAssertEqual(older.status, 1)
        XCTAssertTrue(older.stderr.hasSuffix("draws 2…3 are missing (its witness saw them recorded)\n"), older.stderr)
        try kioskShows("draws 2…3 are missing")
        let spin = try cli.run(["spin", "--config", config, "--state", state])
        XCTAssertEqual(spin.status, 1, "no draw 2 a second time: \(spin.stdout)")

        // Emptied: the same, where the kiosk came up with a fresh wheel and drew "draw 1" again.
        truncate(state, 0)
        let empty = try cli.run(["history", "--state", state])
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("draws 1…3 are missing: the file is empty"), empty.stderr)
        try kioskShows("draws 1…3 are missing")
    }
}
