// A kiosk never exits for a problem in its files: started with a broken config (or a state file it
// cannot use) it keeps running and its frame shows a panel saying what is wrong (SDL's dummy driver,
// `--screenshot` saves what the screen shows). A desktop window still refuses with one line.
import Foundation
import PNGCodec
import Raster
import XCTest

final class KioskProblemTests: XCTestCase {
    let cli = RoundelBinary()

    /// Pixels of the panel's amber stripe (#F2CC5B) in `png` (a panel alone: no wheel, whose hub has it too).
    func amberPixels(_ png: String) throws -> Int {
        let image = try readPNG(png)
        return image.pixels.filter { $0 == 0xFFF2_CC5B }.count
    }

    func kioskShot(config: String, state: String, shot: String) throws -> RoundelBinary.Result {
        try cli.run(["run", "--kiosk", "--config", config, "--state", state, "--size", "640x480", "--screenshot", shot, "--after", "0.5"],
                    environment: ["SDL_VIDEODRIVER": "dummy"])
    }

    func testABrokenConfigShowsThePanelAndRoundelKeepsRunning() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-kiosk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/config.json"
        try ##"{"wheel": {"items": [{"text": "x", "color": "#12345"}]}}"##.write(toFile: config, atomically: true, encoding: .utf8)
        let broken = try kioskShot(config: config, state: dir + "/k.db", shot: dir + "/broken.png")
        XCTAssertEqual(broken.status, 0, "ran until the screenshot: \(broken.stderr)")
        XCTAssertTrue(broken.stderr.contains("wheel.items[0].color") && broken.stderr.contains("waiting for files it can use"), broken.stderr)
        XCTAssertGreaterThan(try amberPixels(dir + "/broken.png"), 200, "the panel's stripe is on screen")

        // A state file another program's: the same, without a crash loop.
        try #"{"wheel": {"items": ["Ann", "Ben"]}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        try "not a database".write(toFile: dir + "/other.db", atomically: true, encoding: .utf8)
        let state = try kioskShot(config: config, state: dir + "/other.db", shot: dir + "/state.png")
        XCTAssertEqual(state.status, 0, state.stderr)
        XCTAssertTrue(state.stderr.contains("is not a Roundel state database"), state.stderr)
        XCTAssertGreaterThan(try amberPixels(dir + "/state.png"), 200)

        // Fixed: the wheel as `render` draws it, no panel.
        let good = try kioskShot(config: config, state: dir + "/k.db", shot: dir + "/good.png")
        XCTAssertEqual(good.status, 0, good.stderr)
        let shot = try readPNG(dir + "/good.png")   // a kiosk covers the (dummy) display, whatever --size says
        let render = try cli.run(["render", "wheel", "--config", config, "--at", "0", "--size", "\(shot.width)x\(shot.height)",
                                  "--out", dir + "/render.png"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let drawn = try readPNG(dir + "/render.png")
        let differing = zip(shot.pixels, drawn.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the idle wheel as render draws it, no panel (\(shot.width)x\(shot.height))")
    }

    /// A font it cannot use (missing here; over the fonts' memory budget in LimitTests) is a problem
    /// in the kiosk's files like any other: the panel names it, drawn with the shipped fonts.
    func testAFontItCannotUseShowsThePanel() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-kiosk-font-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/config.json"
        try #"{"fonts": ["missing.bdf"], "wheel": {"items": ["Ann", "Ben"]}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let shot = try kioskShot(config: config, state: dir + "/k.db", shot: dir + "/font.png")
        XCTAssertEqual(shot.status, 0, "ran until the screenshot: \(shot.stderr)")
        XCTAssertTrue(shot.stderr.contains("fonts[0]: font '\(dir)/missing.bdf': cannot be read (no such file) (waiting for files it can use)"),
                      shot.stderr)
        XCTAssertGreaterThan(try amberPixels(dir + "/font.png"), 200, "the panel's stripe is on screen")
    }

    func testTheShippedExampleWorksWhereverItIsCopied() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-etc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/wheel-ko.json").path
        try FileManager.default.copyItem(atPath: example, toPath: dir + "/config.json")
        let r = try cli.run(["render", "wheel", "--config", dir + "/config.json", "--at", "1", "--spin-to", "2", "--out", dir + "/x.png"])
        XCTAssertEqual(r.status, 0, "its ring.png is found in the assets directory: \(r.stderr)")
    }
}
