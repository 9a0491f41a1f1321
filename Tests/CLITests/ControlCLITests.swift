// `roundel run --control` and the config's `control` end to end: the binary serves the control API
// beside its window (SDL's dummy driver), a spin by API is a draw in the record, and every mistake a
// user can write (the address, the key, a token file others can read) is one line and exit 2 on a
// desktop, while a kiosk keeps drawing, says why in its journal and serves once the file is fixed.
import Foundation
import TestDisplay
import TestLoopback
import XCTest

final class ControlCLITests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-control-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A `roundel` left running (stderr to a file), stopped by SIGTERM.
    final class Running {
        let process = Process()
        let log: String
        /// `output`: a file for stdout (else /dev/null).
        init(_ binary: URL, _ arguments: [String], log: String, output: String? = nil, environment extra: [String: String] = [:]) throws {
            self.log = log
            FileManager.default.createFile(atPath: log, contents: nil)
            if let output { FileManager.default.createFile(atPath: output, contents: nil) }
            process.executableURL = binary
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["SDL_VIDEODRIVER"] = "dummy"
            environment["SDL_AUDIODRIVER"] = "dummy"
            environment["XDG_STATE_HOME"] = RoundelBinary.stateHome
            environment["LC_ALL"] = "C"
            environment.merge(extra) { $1 }
            process.environment = environment
            process.standardOutput = FileHandle(forWritingAtPath: output ?? "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: log)
            try process.run()
        }
        var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        /// Waits up to `seconds` for a stderr line containing `text`; the line.
        func line(containing text: String, within seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let line = stderr.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
                if !process.isRunning { return nil }
                usleep(100_000)
            }
            return nil
        }
        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// The port in "control page on http://127.0.0.1:PORT/".
    func port(in line: String) throws -> UInt16 {
        let after = try XCTUnwrap(line.range(of: "127.0.0.1:"))
        return try XCTUnwrap(UInt16(line[after.upperBound...].prefix { $0.isNumber }))
    }

    func testASpinByAPIIsADrawInTheRecordAndTheTokenIsMadeOwnerOnly() throws {
        let state = dir + "/raffle.db"
        let kiosk = try Running(cli.binary, ["run", "--control", "127.0.0.1:0", "--state", state, "--size", "320x240"], log: dir + "/err.txt")
        defer { kiosk.stop() }
        let line = try XCTUnwrap(kiosk.line(containing: "control page on", within: 20), kiosk.stderr)
        XCTAssertFalse(line.contains(try String(contentsOfFile: dir + "/control-token", encoding: .utf8).prefix(64)), "the log never shows the token")
        let port = try port(in: line)
        var info = stat()
        XCTAssertEqual(stat(dir + "/control-token", &info), 0, "the token is made beside the state database")
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let token = try String(contentsOfFile: dir + "/control-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(LoopbackClient.request(port: port, method: "POST", path: "/api/spin")?.status, 401, "no token, no spin")
        let spin = try XCTUnwrap(LoopbackClient.request(port: port, method: "POST", path: "/api/spin", token: token))
        XCTAssertEqual(spin.status, 200, spin.body)
        XCTAssertTrue(spin.body.hasPrefix("{\"draw\":1,"), spin.body)
        kiosk.stop()
        let history = try cli.run(["history", "--state", state, "--json"])
        XCTAssertEqual(history.status, 0, history.stderr)
        XCTAssertEqual(history.stdout.split(separator: "\n").count, 1, "one draw recorded: \(history.stdout)")
    }

    func testEveryMistakeIsOneLineAndExitTwoBeforeTheWindowOpens() throws {
        try cli.assertUserError(["run", "--control", "8765", "--state", dir + "/a.db"], mentions: "--control '8765' has no port",
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        try cli.assertUserError(["run", "--control", "kiosk.local:8765", "--state", dir + "/a.db"], mentions: "kiosk.local:8765",
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        let config = dir + "/config.json"
        try #"{"control": {"listen": 8765}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try cli.assertUserError(["run", "--config", config, "--state", dir + "/a.db"], mentions: "control.listen: must be a string",
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        try #"{"control": {"listen": "127.0.0.1:0", "token": "x"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try cli.assertUserError(["render", "wheel", "--config", config, "--out", dir + "/w.png"],
                                mentions: "control: unknown key 'token'; known keys: listen, tokenFile")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/w.png"))
        try "0123456789abcdef0123456789abcdef\n".write(toFile: dir + "/token", atomically: true, encoding: .utf8)
        chmod(dir + "/token", 0o644)
        try #"{"control": {"listen": "127.0.0.1:0", "tokenFile": "token"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try cli.assertUserError(["run", "--config", config, "--state", dir + "/a.db"],
                                mentions: "\(dir)/token: others can read the control token (mode 644): chmod 600 it",
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/a.db"), "nothing written")
    }

    func testAKioskWithATokenFileOthersCanReadKeepsDrawingAndServesOnceItIsFixed() throws {
        try "0123456789abcdef0123456789abcdef\n".write(toFile: dir + "/token", atomically: true, encoding: .utf8)
        chmod(dir + "/token", 0o644)
        let config = dir + "/config.json"
        try #"{"control": {"listen": "127.0.0.1:0", "tokenFile": "token"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let kiosk = try Running(cli.binary, ["run", "--kiosk", "--config", config, "--state", dir + "/k.db"], log: dir + "/err.txt")
        defer { kiosk.stop() }
        XCTAssertNotNil(kiosk.line(containing: "others can read the control token (mode 644): chmod 600 it; trying again every 10 s", within: 20),
                        kiosk.stderr)
        XCTAssertTrue(kiosk.process.isRunning, "a kiosk does not exit for it")
        chmod(dir + "/token", 0o600)
        let line = try XCTUnwrap(kiosk.line(containing: "control page on", within: 15), kiosk.stderr)
        let state = LoopbackClient.request(port: try port(in: line), method: "GET", path: "/api/state",
                                           token: "0123456789abcdef0123456789abcdef")
        XCTAssertEqual(state?.status, 200)
        XCTAssertTrue(state?.body.contains("\"scene\":\"wheel\"") ?? false, state?.body ?? "no answer")
    }

    /// A window on a real X server (Xvfb), idle between commands, takes each one: the server pushes an
    /// SDL user event so a window asleep in SDL_WaitEvent wakes at once. (Checked: with the push taken
    /// out this still passes, so the window under Xvfb wakes within the 3 s a request waits anyway;
    /// what is measured here is that commands reach a real X11 window, not the wake itself.)
    func testAWindowOnXTakesCommandsBetweenItsIdleWaits() throws {
        guard let xvfb = VirtualDisplay.executable else { throw XCTSkip("needs Xvfb (make test installs it)") }
        let display = try VirtualDisplay(executable: xvfb, screen: "640x480x24")
        defer { display.stop() }
        let state = dir + "/raffle.db"
        let window = try Running(cli.binary, ["run", "--control", "127.0.0.1:0", "--state", state, "--size", "320x240"],
                                 log: dir + "/err.txt", environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"])
        defer { window.stop() }
        let line = try XCTUnwrap(window.line(containing: "control page on", within: 20), window.stderr)
        let port = try port(in: line)
        let token = try String(contentsOfFile: dir + "/control-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // The timer not started changes nothing on screen: shown, the window sleeps until an event comes.
        // (The wheel looks at its record once a second, so it would answer a command within a second anyway.)
        let scene = { (name: String) in
            LoopbackClient.request(port: port, method: "POST", path: "/api/scene", token: token, body: Array("{\"scene\": \"\(name)\"}".utf8))
        }
        XCTAssertEqual(scene("timer")?.status, 200)
        usleep(1_500_000)   // drawn, and asleep
        let back = scene("wheel")
        XCTAssertEqual(back?.status, 200, "answered by the sleeping window: \(back?.body ?? "no answer")")
        usleep(500_000)
        let spin = LoopbackClient.request(port: port, method: "POST", path: "/api/spin", token: token)
        XCTAssertEqual(spin?.status, 200, spin?.body ?? "no answer")
    }
}
