// The clock face and a timer counting down `until` a time of day follow the system clock when it is
// set while the window runs (a Raspberry Pi has no RTC: NTP sets its clock after boot), forwards and
// back. libfaketime fakes the wall clock only (CLOCK_REALTIME; FAKETIME_DONT_FAKE_MONOTONIC leaves the
// host's monotonic clock real) from a file this test rewrites while the window runs under SDL's dummy
// driver; the frozen time it names is what the window's `--screenshot` must show, as `render --time`
// draws it. A frozen clock read against a running one is good to a frame or so, hence the tolerances.
import Foundation
import PNGCodec
import Raster
import XCTest

final class WallClockTests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: String!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-wall-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: scratch) }

    /// Debian's libfaketime for this machine's architecture (`make test` installs the `faketime` package).
    func libfaketime() throws -> String {
        let lib = "/usr/lib"
        for triple in (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? [] {
            let path = "\(lib)/\(triple)/faketime/libfaketime.so.1"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw XCTSkip("libfaketime is missing: `make test` installs the faketime package")
    }

    /// Runs the window on `arguments` with the wall clock frozen at `before` (UTC, "YYYY-MM-DD HH:MM:SS"),
    /// sets it to `after` 1.5 s later, and returns the screenshot the window saves at 3 s of its time.
    func windowShot(_ arguments: [String], before: String, after: String) throws -> Pixmap {
        let fake = scratch + "/faketime.txt", shot = scratch + "/shot.png"
        try before.write(toFile: fake, atomically: true, encoding: .utf8)
        // Through env: the first process that loads libfaketime sets an environment variable for its
        // children, which moves `environ`, where Swift on Linux finds its own arguments (roundel then
        // saw none and opened the default window). env loads it first; roundel finds it set up.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [cli.binary.path, "run", "--size", "256x256", "--state", scratch + "/state.db",
                             "--screenshot", shot, "--after", "3"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["SDL_VIDEODRIVER": "dummy", "TZ": "UTC", "XDG_STATE_HOME": scratch, "LD_PRELOAD": try libfaketime(),
                           "FAKETIME_TIMESTAMP_FILE": fake, "FAKETIME_NO_CACHE": "1", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]) { $1 }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        try after.write(toFile: fake, atomically: true, encoding: .utf8)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        return try readPNG(shot)
    }

    func render(_ arguments: [String]) throws -> Pixmap {
        let out = scratch + "/render.png"
        let r = try cli.run(["render"] + arguments + ["--size", "256x256", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try readPNG(out)
    }

    /// Pixels where a channel differs by more than a quarter of its range.
    func differing(_ a: Pixmap, _ b: Pixmap) -> Int {
        var count = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in stride(from: 0, to: 32, by: 8) {
                let x = Int((p >> UInt32(shift)) & 0xFF), y = Int((q >> UInt32(shift)) & 0xFF)
                if abs(x - y) > 64 { count += 1; break }
            }
        }
        return count
    }

    /// Set forwards three and a half hours, then (another run) back: the hands show the time the
    /// clock was set to, not the time it read at start plus 3 s. Within a frame of it, the second
    /// hand's edge moves by a pixel or two (a few dozen pixels; more when a busy machine takes the shot
    /// late in its frame); the hour and minute hands of the other time differ in hundreds.
    func testTheClockFaceFollowsTheSystemClockSetForwardsAndBack() throws {
        for (before, after, shown, stale) in [("10:08:00", "13:37:00", "13:37:00", "10:08:03"),
                                              ("13:37:00", "10:08:00", "10:08:00", "13:37:03")] {
            let shot = try windowShot(["--scene", "clock"], before: "2026-11-26 " + before, after: "2026-11-26 " + after)
            let set = differing(shot, try render(["clock", "--time", shown])), unset = differing(shot, try render(["clock", "--time", stale]))
            XCTAssertLessThan(set, 150, "the window shows \(shown) after the clock was set from \(before) to \(after)")
            XCTAssertGreaterThan(unset, 300, "and not \(stale) (\(set) pixels differ from \(shown), \(unset) from \(stale))")
        }
    }

    /// A timer counting to 12:00 started at 11:00: the clock set to 11:30 leaves 30:00, set back to
    /// 10:30 (another run) leaves 1:30:00. The countdown is the time left to 12:00 on the clock as it
    /// reads now; the ring is the share of that since the start. A frozen clock leaves the shown second
    /// within one of a whole one, so either neighbour counts.
    func testAnUntilTimerCountsToTheTimeOnTheSystemClock() throws {
        let config = scratch + "/until.json"
        try #"{"timer": {"until": "12:00"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        for (after, left, stale) in [("11:30:00", "30:00", "11:00:00"), ("10:30:00", "1:30:00", "11:00:00")] {
            let shot = try windowShot(["--scene", "timer", "--config", config], before: "2026-11-26 11:00:00", after: "2026-11-26 " + after)
            // At 3 s the clock read `after`: it read `after` − 3 s at the start. Shown left: `left` or a second more.
            let start = try XCTUnwrap(seconds(after)) - 3
            let set = try [start, start - 1].map { differing(shot, try render(["timer", "--config", config, "--time", clockTime(start: $0), "--at", "3"])) }
            let unset = differing(shot, try render(["timer", "--config", config, "--time", stale, "--at", "3"]))
            XCTAssertLessThan(set.min() ?? .max, 10, "the window shows \(left) left after the clock was set to \(after)")
            XCTAssertGreaterThan(unset, 100, "and not 59:57, as from \(stale) (\(set) pixels differ from \(left) and a second more, \(unset) from 59:57)")
        }
    }

    func seconds(_ time: String) -> Int? {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
    }

    func clockTime(start seconds: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
}
