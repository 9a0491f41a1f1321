// The control API under load never slows the window: the same spin is run by API twice, in two kiosks
// started alike, once alone and once while 200 requests arrive at the same moment (150 reads of the
// state, 50 spins that must be refused while the wheel turns). Every request is answered, the spin
// lands when it should, and the frame intervals `--stats` prints stay those of the quiet run (ratios
// within one test run, not a timed budget: the machine may be busy with anything else).
import Foundation
import TestLoopback
import XCTest

final class ControlLoadTests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-control-load-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    struct Outcome {
        /// Seconds from the spin's reply to the first state that says it has landed.
        var landing: Double
        /// The statuses of the concurrent requests (nil: no answer).
        var statuses: [Int?]
        /// --stats: p95 and max frame interval, ms.
        var p95: Double
        var maximum: Double
    }

    /// One kiosk, one spin by API, `concurrent` requests sent together just after it starts turning.
    func spin(named name: String, concurrent: Int) throws -> Outcome {
        let config = dir + "/\(name).json"
        try #"{"wheel": {"duration": 3}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let kiosk = try ControlCLITests.Running(cli.binary, ["run", "--control", "127.0.0.1:0", "--config", config, "--state", dir + "/\(name).db",
                                                             "--size", "480x360", "--stats"],
                                                log: dir + "/\(name).err", output: dir + "/\(name).out")
        defer { kiosk.stop() }
        let line = try XCTUnwrap(kiosk.line(containing: "control page on", within: 20), kiosk.stderr)
        let after = try XCTUnwrap(line.range(of: "127.0.0.1:"))
        let port = try XCTUnwrap(UInt16(line[after.upperBound...].prefix { $0.isNumber }))
        let token = try String(contentsOfFile: dir + "/control-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        usleep(1_000_000)   // past the first frames
        let spin = try XCTUnwrap(LoopbackClient.request(port: port, method: "POST", path: "/api/spin", token: token), kiosk.stderr)
        XCTAssertEqual(spin.status, 200, spin.body)
        let spun = Date()
        let statuses = Statuses(count: concurrent)
        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchGroup()
        for i in 0..<concurrent {
            done.enter()
            Thread {
                // Phones are other machines: the test's own clients run behind the kiosk, so what the
                // frames show is the kiosk's work, not this process's.
                var idle = sched_param()   // SCHED_IDLE (5), as the kiosk's own request threads
                sched_setscheduler(0, 5, &idle)   // 0: this thread, on Linux
                // Connected first, every one: 200 connections open at once when the requests go.
                let fd = LoopbackClient.connect(port: port)
                ready.signal()
                go.wait()
                if let fd {
                    let reply = i % 4 == 3 ? LoopbackClient.request(on: fd, method: "POST", path: "/api/spin", token: token)
                                           : LoopbackClient.request(on: fd, method: "GET", path: "/api/state", token: token)
                    statuses.set(i, reply?.status)
                    close(fd)
                }
                done.leave()
            }.start()
        }
        for _ in 0..<concurrent { ready.wait() }   // every connection is open, every thread at the gate
        for _ in 0..<concurrent { go.signal() }
        done.wait()
        var landing = -1.0
        while Date().timeIntervalSince(spun) < 10 {
            let state = LoopbackClient.request(port: port, method: "GET", path: "/api/state", token: token)
            if let body = state?.body, body.contains("\"spinning\":false"), body.contains("\"lastResult\":{\"draw\":1") {
                landing = Date().timeIntervalSince(spun)
                break
            }
            usleep(20_000)
        }
        kiosk.stop()
        let stats = try String(contentsOfFile: dir + "/\(name).out", encoding: .utf8)
        func number(after label: String) throws -> Double {
            let range = try XCTUnwrap(stats.range(of: label), stats)
            return try XCTUnwrap(Double(stats[range.upperBound...].prefix { $0.isNumber || $0 == "." }), stats)
        }
        return Outcome(landing: landing, statuses: statuses.values, p95: try number(after: "p95 "), maximum: try number(after: "max "))
    }

    final class Statuses: @unchecked Sendable {   // each thread writes its own slot; read after all have left
        private(set) var values: [Int?]
        private let lock = NSLock()
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ status: Int?) { lock.withLock { values[i] = status } }
    }

    func test200RequestsAtOnceAreAllAnsweredWhileASpinLandsOnTime() throws {
        let quiet = try spin(named: "quiet", concurrent: 0)
        let loaded = try spin(named: "loaded", concurrent: 200)
        let answered = loaded.statuses.compactMap { $0 }
        XCTAssertEqual(answered.count, 200, "every request answered: \(loaded.statuses.filter { $0 == nil }.count) were not")
        XCTAssertEqual(answered.filter { $0 == 200 }.count, 150, "every read of the state: 200")
        // A spin is the window's to refuse (409, it is turning) unless more commands wait than the
        // window's queue holds (32): those are refused at once (503), never queued without bound.
        let spins = loaded.statuses.enumerated().filter { $0.offset % 4 == 3 }.compactMap(\.element)
        XCTAssertEqual(spins.filter { $0 == 409 || $0 == 503 }.count, 50, "every spin while the wheel turns refused: \(spins)")
        XCTAssertGreaterThanOrEqual(spins.filter { $0 == 409 }.count, 32, "as many as the queue holds reach the window: \(spins)")
        let history = try cli.run(["history", "--state", dir + "/loaded.db", "--json"])
        XCTAssertEqual(history.stdout.split(separator: "\n").count, 1, "one draw, however many asked: \(history.stdout)")
        XCTAssertGreaterThan(quiet.landing, 2.5, "the quiet spin landed after its 3 s")
        XCTAssertLessThan(abs(loaded.landing - quiet.landing), 0.5,
                          "the spin lands when it should: \(loaded.landing) s under load, \(quiet.landing) s alone")
        XCTAssertLessThan(loaded.p95, quiet.p95 * 1.5 + 5,
                          "frame intervals p95 \(loaded.p95) ms under load, \(quiet.p95) ms alone")
        // The longest single interval is one sample: on a 2-core machine busy with anything else it
        // wanders (a 300-400 ms frame was seen with a qemu build beside the test, in the quiet run's
        // machine state too), so only a stall a visitor would call frozen fails it.
        XCTAssertLessThan(loaded.maximum, max(quiet.maximum * 2 + 20, 1000),
                          "longest frame interval \(loaded.maximum) ms under load, \(quiet.maximum) ms alone")
    }
}
