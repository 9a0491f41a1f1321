// A power cut or a kill -9 at any moment loses no draw and duplicates none. `roundel spin` runs
// against one database and is killed with SIGKILL at random moments, hundreds of times; two thirds
// of the runs pause inside the draw's transaction (ROUNDEL_PAUSE_IN_DRAW), and half of those are
// killed while paused there, so that many kills land between a draw's rows and its commit.
// Each event is drawn until nothing is left, then a new one starts. Afterwards: every draw a spin
// printed is in the history, draw numbers run 1…N with no gap or duplicate, each prize was won exactly
// its stock per event (and each draw's recorded stock left agrees), no removed name won twice, and
// the history reads back whole (its hash chain included).
import Foundation
import Motion
import XCTest

final class CrashTests: XCTestCase {
    let cli = RoundelBinary()

    struct Outcome { var kills = 0; var killsInTransaction = 0; var printed: [(draw: Int, text: String)] = [] }

    /// One `roundel spin` killed after `delay` s (if still running), or, with `insideTransaction`,
    /// as soon as it says it is paused inside the draw's transaction (plus `delay`, within the pause):
    /// its status, whether the kill took it, stdout and stderr.
    func spinAndKill(_ arguments: [String], delay: Double, pause: Bool, insideTransaction: Bool)
        throws -> (status: Int32, killed: Bool, out: String, err: String) {
        let process = Process()
        process.executableURL = cli.binary
        process.arguments = ["spin"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["ROUNDEL_PAUSE_IN_DRAW"] = pause || insideTransaction ? "0.06" : nil
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var seen = Data()
        if insideTransaction {
            // Blocks until the draw says it is paused before its commit (or the process ends).
            while !String(decoding: seen, as: UTF8.self).contains("pausing") {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += chunk
            }
        }
        usleep(useconds_t(delay * 1e6))
        let killed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = seen + err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wasKilled = killed && process.terminationReason == .uncaughtSignal
        return (process.terminationStatus, wasKilled, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Spins (and kills) until `kills` kills happened, starting a new event whenever nothing is left.
    func run(_ arguments: [String], state: String, kills target: Int, seed: UInt64) throws -> Outcome {
        var rng = SeededGenerator(seed: seed)   // the kill moments repeat from run to run
        var outcome = Outcome()
        var attempts = 0
        while outcome.kills < target {
            attempts += 1
            XCTAssertLessThan(attempts, target * 6, "too few kills landed")
            if attempts > target * 6 { break }
            // A third of the runs are killed at any moment, a third at any moment of a run that pauses
            // inside its transaction, a third while paused there (0…40 ms into the 60 ms pause).
            let mode = rng.next() % 3
            let delay = Double(rng.next() % (mode == 2 ? 40_000 : 60_000)) / 1e6
            let r = try spinAndKill(arguments, delay: delay, pause: mode == 1, insideTransaction: mode == 2)
            if r.killed {
                outcome.kills += 1
                // Killed while paused inside the transaction: it must have printed nothing.
                if r.err.contains("pausing") && r.out.isEmpty { outcome.killsInTransaction += 1 }
                // Killed after printing (between the print and its exit): the printed draw counts.
                if r.out.isEmpty { continue }
            } else if r.status == 3 {
                XCTAssertEqual(try cli.run(["reset", "--state", state, "--yes"]).status, 0)
                continue
            } else {
                XCTAssertEqual(r.status, 0, r.err)
            }
            let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
            let draw = try XCTUnwrap(object?["draw"] as? Int, r.out)
            let text = try XCTUnwrap((object?["result"] as? [String: Any])?["text"] as? String, r.out)
            outcome.printed.append((draw, text))
        }
        // The last event drawn to the end, unkilled.
        while true {
            let r = try cli.run(["spin"] + arguments)
            if r.status == 3 { break }
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        return outcome
    }

    func history(_ state: String) throws -> [[String: Any]] {
        let r = try cli.run(["history", "--state", state, "--json"])
        XCTAssertEqual(r.status, 0, "history reads every draw and its chain is whole: \(r.stderr)")
        return try r.stdout.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    func checkNumbersAndPrinted(_ rows: [[String: Any]], _ outcome: Outcome) {
        XCTAssertEqual(rows.compactMap { $0["draw"] as? Int }, Array(1...rows.count), "no gap, no duplicate")
        var texts: [Int: String] = [:]
        for row in rows { texts[row["draw"] as? Int ?? 0] = row["text"] as? String }
        for p in outcome.printed { XCTAssertEqual(texts[p.draw], p.text, "printed draw \(p.draw) is on disk as printed") }
    }

    func testKillsAtRandomMomentsLoseNoDrawAndDuplicateNone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-crash-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // Prizes with stock, kept on the wheel.
        let stock = ["Mug": 12, "Pen": 8, "Hat": 5, "Bike": 2]
        let prizes = dir + "/prizes.json"
        try #"{"wheel": {"items": [{"text": "Mug", "stock": 12}, {"text": "Pen", "stock": 8, "weight": 2}, {"text": "Hat", "stock": 5}, {"text": "Bike", "stock": 2, "weight": 0.5}]}}"#
            .write(toFile: prizes, atomically: true, encoding: .utf8)
        let prizeState = dir + "/prizes.db"
        let first = try run(["--config", prizes, "--state", prizeState], state: prizeState, kills: 300, seed: 1)
        let prizeRows = try history(prizeState)
        checkNumbersAndPrinted(prizeRows, first)
        for (event, rows) in Dictionary(grouping: prizeRows, by: { $0["event"] as? Int ?? 0 }) {
            var won: [String: Int] = [:]
            for row in rows {
                let text = row["text"] as? String ?? ""
                won[text, default: 0] += 1
                XCTAssertEqual(row["stockLeft"] as? Int, (stock[text] ?? 0) - won[text]!, "event \(event): stock left as recorded")
            }
            XCTAssertEqual(won, stock, "event \(event): initial stock = prizes in the log (nothing left at the end)")
        }

        // Names that leave the wheel once drawn.
        let names = dir + "/names.txt"
        try (1...15).map { "Pupil \($0)" }.joined(separator: "\n").write(toFile: names, atomically: true, encoding: .utf8)
        let removing = dir + "/remove.json"
        try #"{"wheel": {"afterWin": "remove"}}"#.write(toFile: removing, atomically: true, encoding: .utf8)
        let nameState = dir + "/names.db"
        let second = try run(["--config", removing, "--names", names, "--state", nameState], state: nameState, kills: 220, seed: 2)
        let nameRows = try history(nameState)
        checkNumbersAndPrinted(nameRows, second)
        for (event, rows) in Dictionary(grouping: nameRows, by: { $0["event"] as? Int ?? 0 }) {
            let texts = rows.compactMap { $0["text"] as? String }
            XCTAssertEqual(Set(texts).count, texts.count, "event \(event): no removed name won again")
            XCTAssertEqual(texts.count, 15, "event \(event): everyone drawn once")
        }

        let kills = first.kills + second.kills, inside = first.killsInTransaction + second.killsInTransaction
        print("crash test: \(kills) kills (\(inside) inside the draw's transaction); \(prizeRows.count + nameRows.count) draws recorded, "
              + "\(first.printed.count + second.printed.count) printed before a kill could stop them")
        XCTAssertGreaterThanOrEqual(kills, 500)
        XCTAssertGreaterThanOrEqual(inside, 100, "kills inside the transaction")
    }
}
