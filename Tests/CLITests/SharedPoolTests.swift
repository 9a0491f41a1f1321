// Several kiosks drawing from one prize pool on a real PostgreSQL server (`state` a postgresql://
// URI; the server `make test` starts, Tests/TestPostgres): four `roundel spin` loops at once give out
// exactly the pool, numbered 1…N once each; killed at random moments they lose no printed draw; with
// the server stopped a spin fails in one line with exit 4 and goes on when it is back; a draw edited
// on the server shows in `history`.
import Foundation
import TestPostgres
import XCTest

final class SharedPoolTests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-pool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A config of four prizes, 100 in stock in all, recorded in a new database of the test server.
    func poolConfig(_ server: TestPostgres.Server, name: String) throws -> (config: String, uri: String) {
        let uri = try server.createDatabase(name)
        let config = dir + "/pool.json"
        try #"{"wheel": {"items": [{"text": "T-shirt", "stock": 50}, {"text": "Mug", "stock": 30}, {"text": "Sticker", "stock": 15}, {"text": "Bike", "stock": 5}]}, "state": "\#(uri)"}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        return (config, uri)
    }

    /// `count` shell loops, each running `roundel spin --station kN` until it exits 3 (nothing left)
    /// or fails; their draws (stdout) and errors in files. Returns the loops, running.
    func startKiosks(_ count: Int, config: String) throws -> [(process: Process, out: String, err: String)] {
        try (1...count).map { k in
            let out = dir + "/k\(k).out", err = dir + "/k\(k).err"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", """
                while :; do "$0" spin --config "$1" --station "k$2" >> "$3" 2>> "$4"; s=$?
                  [ $s = 3 ] && exit 0; [ $s = 0 ] || [ $s = 137 ] || exit $s; done
                """, cli.binary.path, config, String(k), out, err]
            var env = ProcessInfo.processInfo.environment
            env["XDG_STATE_HOME"] = RoundelBinary.stateHome
            env["LC_ALL"] = "C"
            process.environment = env
            try process.run()
            return (process, out, err)
        }
    }

    /// The draws printed in `file`, one JSON object a line (a line cut off by a kill is not a draw printed).
    func printedDraws(_ file: String) throws -> [[String: Any]] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    func history(_ uri: String) throws -> [[String: Any]] {
        let r = try cli.run(["history", "--state", uri, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.stdout.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    func testFourKiosksAtOnceGiveOutThePoolExactlyOnce() throws {
        let server = try TestPostgres.server()
        let (config, uri) = try poolConfig(server, name: "pool")
        let kiosks = try startKiosks(4, config: config)
        for kiosk in kiosks { kiosk.process.waitUntilExit() }
        for kiosk in kiosks {
            XCTAssertEqual(kiosk.process.terminationStatus, 0, (try? String(contentsOfFile: kiosk.err, encoding: .utf8)) ?? "")
        }
        let printed = try kiosks.flatMap { try printedDraws($0.out) }
        XCTAssertEqual(printed.compactMap { $0["draw"] as? Int }.sorted(), Array(1...100), "each number once, none skipped")

        let recorded = try history(uri)
        XCTAssertEqual(recorded.compactMap { $0["draw"] as? Int }, Array(1...100))
        let won = Dictionary(grouping: recorded.compactMap { $0["text"] as? String }, by: { $0 }).mapValues(\.count)
        XCTAssertEqual(won, ["T-shirt": 50, "Mug": 30, "Sticker": 15, "Bike": 5], "each prize exactly its stock")
        let stations = Set(recorded.compactMap { $0["station"] as? String })
        XCTAssertTrue(stations.isSubset(of: ["k1", "k2", "k3", "k4"]) && stations.count >= 2, "\(stations)")
        for draw in printed {
            let number = try XCTUnwrap(draw["draw"] as? Int)
            XCTAssertEqual((draw["result"] as? [String: Any])?["text"] as? String, recorded[number - 1]["text"] as? String, "draw \(number) as printed")
        }
        let table = try cli.run(["history", "--state", uri])
        XCTAssertTrue(table.stdout.contains("station"), table.stdout)
        let more = try cli.run(["spin", "--config", config])
        XCTAssertEqual(more.status, 3, more.stderr)
        XCTAssertEqual(more.stderr, "roundel: no prizes left: every prize is sold out (state '\(uri)')\n")
    }

    func testKioskKilledAtRandomMomentsLoseNoPrintedDraw() throws {
        let server = try TestPostgres.server()
        let (config, uri) = try poolConfig(server, name: "killed")
        let kiosks = try startKiosks(4, config: config)
        // SIGKILL to whichever `roundel spin` runs, at random moments, until the pool is out.
        var kills = 0
        var generator = SystemRandomNumberGenerator()
        while kiosks.contains(where: { $0.process.isRunning }) {
            usleep(UInt32.random(in: 20_000...150_000, using: &generator))
            let pids = kiosks.compactMap { kiosk -> [Int32]? in
                guard let text = try? String(contentsOfFile: "/proc/\(kiosk.process.processIdentifier)/task/\(kiosk.process.processIdentifier)/children",
                                             encoding: .utf8) else { return nil }
                return text.split(separator: " ").compactMap { Int32($0) }
            }.flatMap { $0 }
            if let pid = pids.randomElement(using: &generator), kill(pid, SIGKILL) == 0 { kills += 1 }
        }
        XCTAssertGreaterThan(kills, 5)
        let printed = try kiosks.flatMap { try printedDraws($0.out) }
        let recorded = try history(uri)
        XCTAssertEqual(recorded.compactMap { $0["draw"] as? Int }, Array(1...100), "contiguous: a killed draw took no number")
        for draw in printed {
            let number = try XCTUnwrap(draw["draw"] as? Int)
            XCTAssertEqual((draw["result"] as? [String: Any])?["text"] as? String, recorded[number - 1]["text"] as? String, "printed draw \(number) is recorded")
        }
        XCTAssertEqual(Set(printed.compactMap { $0["draw"] as? Int }).count, printed.count, "no number printed twice")
    }

    func testAServerAwayFailsInOneLineWithExitFourAndDrawsGoOnWhenItIsBack() throws {
        let server = try TestPostgres.server()
        let (config, uri) = try poolConfig(server, name: "away")
        XCTAssertEqual(try cli.run(["spin", "--config", config]).status, 0)
        try server.stop()
        var restarted = false
        defer { if !restarted { try? server.start() } }
        let start = Date()
        let away = try cli.run(["spin", "--config", config])
        XCTAssertLessThan(Date().timeIntervalSince(start), 15)
        XCTAssertEqual(away.status, 4, away.stderr)
        XCTAssertEqual(away.stdout, "")
        XCTAssertEqual(away.stderr.split(separator: "\n").count, 1, away.stderr)
        XCTAssertTrue(away.stderr.hasPrefix("roundel: state '\(uri)': the server is not reachable"), away.stderr)
        let history = try cli.run(["history", "--state", uri])
        XCTAssertEqual(history.status, 4, history.stderr)
        try server.start()
        restarted = true
        let back = try cli.run(["spin", "--config", config])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdout.hasPrefix("{\"draw\":2,"), back.stdout)
    }

    func testADrawEditedOnTheServerShowsInHistory() throws {
        let server = try TestPostgres.server()
        let (config, uri) = try poolConfig(server, name: "edited")
        for _ in 1...3 { XCTAssertEqual(try cli.run(["spin", "--config", config]).status, 0) }
        XCTAssertEqual(try cli.run(["history", "--state", uri]).status, 0)
        try server.psql("UPDATE roundel.draws SET text = 'Mallory' WHERE draw = 2", database: uri)
        let edited = try cli.run(["history", "--state", uri])
        XCTAssertEqual(edited.status, 1, edited.stderr)
        XCTAssertTrue(edited.stderr.contains("draw 2 was changed after it was recorded"), edited.stderr)
        let spin = try cli.run(["spin", "--config", config])
        XCTAssertEqual(spin.status, 1, "nothing is drawn into an altered record: \(spin.stderr)")
    }
}
