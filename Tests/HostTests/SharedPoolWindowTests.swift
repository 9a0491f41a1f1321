// A window drawing from a prize pool on a real PostgreSQL server (the server `make test` starts,
// Tests/TestPostgres), under SDL's dummy driver with the real clock: what another kiosk draws shows
// on its wheel within a couple of seconds; with the server stopped it shows the "not reachable" panel
// and takes no spin; with the server back the panel goes and a spin is drawn and recorded. And two
// kiosk windows spinning as fast as they can and four `roundel spin` processes, all at once, give out
// a pool of 100 exactly once.
@testable import Host
import CSDL2
import Draws
import Foundation
import Scenes
import TestPostgres
import XCTest

final class SharedPoolWindowTests: XCTestCase {
    func poolWheel(_ ledger: Ledger) throws -> WheelScene {
        var config = WheelConfig.defaults
        config.items = Array(config.items.prefix(3))
        config.items[0].stock = 1
        config.items[1].stock = 5
        config.items[2].stock = 5
        config.spin.duration = 0.5
        return try WheelScene(config: config, resources: try sceneResources(), seed: 5, ledger: ledger)
    }

    func testTheWindowFollowsAnotherKioskAndSaysWhenTheServerIsAway() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("window")
        let kiosk = try Ledger.open(path: uri)
        kiosk.station = "window"
        let other = try Ledger.open(path: uri)
        other.station = "other"
        var serverStopped = false
        defer { if serverStopped { try? server.start() } }
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "pool", width: 320, height: 240)
            let wheel = try poolWheel(kiosk)
            let otherWheel = try poolWheel(other)
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions())
            let backstop = Backstop(after: 60)
            defer { backstop.cancel() }
            enum Step { case otherDraws, waitSoldOut, stopServer, waitPanel, pressWhileAway, startServer, waitBack, spin, waitResult, done }
            var step = Step.otherDraws
            var since = Date()
            var seen: [Step: Double] = [:]
            var failure: String?
            session.onFrame = { t in
                func next(_ s: Step) { seen[step] = Date().timeIntervalSince(since); step = s; since = Date() }
                if Date().timeIntervalSince(since) > 15 { failure = "stuck at \(step)"; pushQuit(); return }
                switch step {
                case .otherDraws:
                    do { _ = try otherWheel.drawAtRest(forcing: 0) } catch { failure = "\(error)"; pushQuit() }
                    next(.waitSoldOut)
                case .waitSoldOut:
                    if wheel.raffle.standing.isSoldOut(0) { next(.stopServer) }
                case .stopServer:
                    do { try server.stop(); serverStopped = true } catch { failure = "\(error)"; pushQuit() }
                    next(.waitPanel)
                case .waitPanel:
                    if wheel.drawProblem?.title == "The prize pool is not reachable" { next(.pressWhileAway); pushKey(SDLK_SPACE) }
                case .pressWhileAway:
                    XCTAssertFalse(wheel.spinner.isSpinning(at: t), "no spin while the server is away")
                    next(.startServer)
                case .startServer:
                    do { try server.start(); serverStopped = false } catch { failure = "\(error)"; pushQuit() }
                    next(.waitBack)
                case .waitBack:
                    if wheel.drawProblem == nil { next(.spin); pushKey(SDLK_SPACE) }
                case .spin:
                    if wheel.spinner.isSpinning(at: t) { next(.waitResult) }
                case .waitResult:
                    if wheel.state(at: t).result != nil, !wheel.spinner.isSpinning(at: t) { next(.done); pushQuit() }
                case .done:
                    break
                }
            }
            _ = try session.run()
            session.onFrame = nil
            XCTAssertNil(failure)
            XCTAssertEqual(step, .done)
            XCTAssertLessThan(seen[.waitSoldOut] ?? 99, 5, "the other kiosk's draw showed within a second or two (a look every 0.5 s, a frame every second)")
            XCTAssertLessThan(seen[.waitPanel] ?? 99, 10, "the panel came once the server was gone")
            XCTAssertLessThan(seen[.waitBack] ?? 99, 10, "and went once it was back")
        }
        let history = try Ledger.openForReading(path: uri).history()
        XCTAssertEqual(history.map(\.station), ["other", "window"])
        XCTAssertNotEqual(history.last?.index, 0, "the sold-out prize was not drawn again")
    }

    func testTwoKioskWindowsAndFourSpinProcessesGiveOutThePoolOnce() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("crowd")
        let dir = NSTemporaryDirectory() + "roundel-crowd-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stock = ["T-shirt": 50, "Mug": 30, "Sticker": 15, "Bike": 5]
        let items = ["T-shirt", "Mug", "Sticker", "Bike"]
        let config = dir + "/pool.json"
        let list = items.map { #"{"text": "\#($0)", "stock": \#(stock[$0]!)}"# }.joined(separator: ", ")
        try #"{"wheel": {"items": [\#(list)], "duration": 0.5}, "state": "\#(uri)"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        func wheel(_ station: String) throws -> WheelScene {
            let ledger = try Ledger.open(path: uri)
            ledger.station = station
            var wheelConfig = WheelConfig.defaults
            wheelConfig.items = items.enumerated().map { i, text in
                var item = WheelConfig.defaults.items[i]
                item.text = text
                item.stock = stock[text]
                return item
            }
            wheelConfig.spin.duration = 0.5
            return try WheelScene(config: wheelConfig, resources: try sceneResources(), ledger: ledger)
        }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("roundel").path
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "crowd", width: 320, height: 240)
            // The second kiosk: a window of its own, drawn (and so following the pool) with each frame
            // of the first; its START pressed as its host would press it.
            let otherWindow = try Window(title: "crowd 2", width: 320, height: 240)
            let shown = try wheel("window")
            let other = try wheel("other")
            let loops = try (1...4).map { k -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", #"while :; do "$0" spin --config "$1" --station "spin-$2" >> "$3/out" 2>> "$3/err"; s=$?; [ $s = 3 ] && exit 0; [ $s = 0 ] || exit $s; done"#,
                                     binary, config, String(k), dir]
                try process.run()
                return process
            }
            let session = Session(window: window, scenes: [shown], initialScene: "wheel", options: HostOptions())
            let backstop = Backstop(after: 120)
            defer { backstop.cancel() }
            session.onFrame = { t in
                if !shown.spinner.isSpinning(at: t), shown.raffle.standing.anyRemaining { pushKey(SDLK_SPACE) }
                if !other.spinner.isSpinning(at: t) { _ = try? other.spin(at: t) }
                do { try otherWindow.drawFrame(other, at: t); otherWindow.present() } catch { XCTFail("\(error)"); pushQuit() }
                if loops.allSatisfy({ !$0.isRunning }), !shown.spinner.isSpinning(at: t), !other.spinner.isSpinning(at: t),
                   !shown.raffle.standing.anyRemaining { pushQuit() }
            }
            _ = try session.run()
            session.onFrame = nil
            for loop in loops {
                loop.waitUntilExit()
                XCTAssertEqual(loop.terminationStatus, 0, (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? "")
            }
        }
        let history = try Ledger.openForReading(path: uri).history()
        XCTAssertEqual(history.map(\.draw), Array(1...100), "each number once, none skipped")
        XCTAssertEqual(Dictionary(grouping: history.map(\.text), by: { $0 }).mapValues(\.count), stock, "each prize exactly its stock")
        let stations = Dictionary(grouping: history.compactMap(\.station), by: { $0 }).mapValues(\.count)
        XCTAssertGreaterThan(stations["window"] ?? 0, 0, "\(stations)")
        XCTAssertGreaterThan(stations["other"] ?? 0, 0, "\(stations)")
        XCTAssertGreaterThan(stations.keys.filter { $0.hasPrefix("spin-") }.count, 1, "\(stations)")
        let printed = ((try? String(contentsOfFile: dir + "/out", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        for draw in printed {
            let number = try XCTUnwrap(draw["draw"] as? Int)
            XCTAssertEqual((draw["result"] as? [String: Any])?["text"] as? String, history[number - 1].text, "printed draw \(number)")
        }
    }

    /// The draw is committed before the wheel turns: the server going away mid-spin changes nothing
    /// of that spin, which lands on its winner and shows it.
    func testASpinRecordedBeforeTheServerWentAwayLandsAndShowsItsResult() throws {
        let server = try TestPostgres.server()
        let uri = try server.createDatabase("midspin")
        var serverStopped = false
        defer { if serverStopped { try? server.start() } }
        var landed: String?
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "midspin", width: 320, height: 240)
            let ledger = try Ledger.open(path: uri)
            var config = WheelConfig.defaults
            config.spin.duration = 2
            let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 3, ledger: ledger)
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions())
            let backstop = Backstop(after: 30)
            defer { backstop.cancel() }
            var pressed = false
            session.onFrame = { t in
                if !pressed { pressed = true; pushKey(SDLK_SPACE); return }
                if wheel.spinner.isSpinning(at: t), !serverStopped {
                    do { try server.stop(); serverStopped = true } catch { pushQuit() }
                }
                if serverStopped, !wheel.spinner.isSpinning(at: t), let result = wheel.state(at: t).result {
                    landed = result.text
                    pushQuit()
                }
            }
            _ = try session.run()
            session.onFrame = nil
        }
        XCTAssertTrue(serverStopped, "the server was stopped during the spin")
        try server.start()
        serverStopped = false
        let history = try Ledger.openForReading(path: uri).history()
        XCTAssertEqual(history.count, 1)
        XCTAssertEqual(landed, history.first?.text, "the wheel landed on the recorded winner and showed it")
    }
}
