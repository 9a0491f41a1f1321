// The `roundel` binary end to end, as a script would run it: exit status, stdout, stderr, files.
// Every error a user can cause is one line on stderr, exit status 2, and no output file.
import Foundation
import PNGCodec
import XCTest

/// The built `roundel` binary, run the way a script runs it.
struct RoundelBinary {
    /// The built `roundel`, next to this test bundle in the products directory.
    var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("roundel")
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Where a run without `--state` keeps its draws: a folder of the test run's, never the user's.
    static let stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-cli-state-\(getpid())").path

    /// `standardOutput`: a file to write stdout to instead of a pipe (e.g. /dev/full).
    func run(_ arguments: [String], environment: [String: String] = [:], standardOutput: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = RoundelBinary.stateHome
        // English words on screen whatever the tests' own locale (a test may ask for another).
        env["LC_ALL"] = "C"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        if let standardOutput, let handle = FileHandle(forWritingAtPath: standardOutput) {
            process.standardOutput = handle
            try out.fileHandleForWriting.close()
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    func assertUserError(_ arguments: [String], mentions: String, environment: [String: String] = [:],
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try run(arguments, environment: environment)
        XCTAssertEqual(r.status, 2, "exit status for \(arguments): stderr \(r.stderr)", file: file, line: line)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        XCTAssertEqual(lines.count, 1, "exactly one stderr line, got: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains(mentions), "stderr '\(r.stderr)' should mention '\(mentions)'", file: file, line: line)
        XCTAssertTrue(r.stdout.isEmpty, "nothing on stdout: \(r.stdout)", file: file, line: line)
    }

}

final class CLITests: XCTestCase {
    let cli = RoundelBinary()
    func run(_ arguments: [String], environment: [String: String] = [:], standardOutput: String? = nil) throws -> RoundelBinary.Result {
        try cli.run(arguments, environment: environment, standardOutput: standardOutput)
    }
    func assertUserError(_ arguments: [String], mentions: String, environment: [String: String] = [:],
                         file: StaticString = #filePath, line: UInt = #line) throws {
        try cli.assertUserError(arguments, mentions: mentions, environment: environment, file: file, line: line)
    }

    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func testRenderWritesOnlyPNGAndVersionIsOneLine() throws {
        for name in ["x.jpg", "x.webp", "x", "x.png.txt"] {
            let out = scratch.appendingPathComponent(name).path
            try assertUserError(["render", "wheel", "--out", out], mentions: "--out '\(out)': render writes PNG images; give a file name ending in .png")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
        }
        let upper = scratch.appendingPathComponent("x.PNG").path
        XCTAssertEqual(try run(["render", "wheel", "--size", "64x64", "--out", upper]).status, 0)
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("roundel ") && version.stdout.filter { $0 == "\n" }.count == 1, version.stdout)
    }

    /// `render --config` is how a config is checked before it goes live, so it checks the settings a
    /// window reads too, and a font the config names is reported at its place in the config.
    func testRenderChecksTheWholeConfig() throws {
        let cases = [(#"{"display": {"rotate": 45}}"#, "display.rotate: 45 is not a rotation"),
                     (#"{"scene": "table"}"#, "scene: 'table' is not a scene"),
                     (#"{"sound": "loud"}"#, "sound: 'loud' is not on or off"),
                     (#"{"input": {"cooldown": -1}}"#, "input.cooldown"),
                     (#"{"input": {"operatorPin": "12a4"}}"#, "input.operatorPin: '12a4' is not a PIN (4 to 8 digits"),
                     (#"{"input": {"operatorPin": 1234}}"#, "input.operatorPin"),
                     (#"{"input": {"pin": "1234"}}"#, "input"),
                     (#"{"fonts": ["nope.bdf"]}"#, "fonts[0]: font")]
        for (i, (json, message)) in cases.enumerated() {
            let config = scratch.appendingPathComponent("c\(i).json")
            try Data(json.utf8).write(to: config)
            let out = scratch.appendingPathComponent("c\(i).png").path
            try assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }

    /// What is at --out is respected: a FIFO or a device is refused before any work, a symlink is
    /// written through, an existing file keeps its mode; `trace > /dev/full` is an error.
    func testOutputsNeverClobberWhatIsNotAFile() throws {
        let fifo = scratch.appendingPathComponent("fifo.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try assertUserError(["render", "wheel", "--out", fifo], mentions: "is a FIFO (named pipe), not a regular file; Roundel writes only to files")
        let webpFifo = scratch.appendingPathComponent("fifo.webp").path
        XCTAssertEqual(mkfifo(webpFifo, 0o644), 0)
        try assertUserError(["record", "wheel", "--seed", "1", "--to", "0.1", "--out", webpFifo], mentions: "is a FIFO (named pipe)")
        if getuid() == 0 {
            let device = scratch.appendingPathComponent("null.png").path
            XCTAssertEqual(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)), 0)   // makedev(1, 3): /dev/null's numbers
            try assertUserError(["render", "wheel", "--out", device], mentions: "is a device, not a regular file")
            var info = stat()
            XCTAssertEqual(stat(device, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "the device node is still a device")
        } else {
            print("testOutputsNeverClobberWhatIsNotAFile: not root, so no device node test (mknod needs root)")
        }
        let file = scratch.appendingPathComponent("kept.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(chmod(file, 0o600), 0)
        let link = scratch.appendingPathComponent("link.png").path
        XCTAssertEqual(symlink(file, link), 0)
        XCTAssertEqual(try run(["render", "wheel", "--size", "32x32", "--out", link]).status, 0)
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link stays a link")
        XCTAssertEqual(stat(file, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600, "the file keeps its mode")
        XCTAssertEqual(try readPNG(file).width, 32, "the link's target holds the PNG")
        let full = try run(["trace", "wheel", "--seed", "1"], standardOutput: "/dev/full")
        XCTAssertEqual(full.status, 2)
        XCTAssertTrue(full.stderr.contains("cannot write to standard output"), full.stderr)
    }

    func testRenderWritesAPNGAndPrintsOneJSONLine() throws {
        let out = scratch.appendingPathComponent("card.png").path
        let r = try run(["render", "testcard", "--at", "0", "--size", "320x200", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "{\"scene\":\"testcard\",\"t\":0}\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16…23.
        XCTAssertEqual(bytes[16..<24].map { $0 }, [0, 0, 1, 64, 0, 0, 0, 200])
    }

    func testBadSizesAreRefused() throws {
        let out = scratch.appendingPathComponent("x.png").path
        for size in ["0x100", "100x0", "-5x100", "100000x100000", "16385x10", "abc", "100", "100x", "x100", "10x10x10", "1e3x5"] {
            try assertUserError(["render", "testcard", "--size", size, "--out", out], mentions: "size")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
    }

    func testBadTimesAreRefused() throws {
        let out = scratch.appendingPathComponent("x.png").path
        for at in ["-1", "nan", "inf", "soon"] {
            try assertUserError(["render", "testcard", "--at", at, "--out", out], mentions: "at")
        }
    }

    /// A typo in `roundel help NAME` is an error a script sees, not the overview and success.
    func testHelpForACommandThatDoesNotExistIsAnError() throws {
        try assertUserError(["help", "rendr"], mentions: "help: no command 'rendr'; did you mean 'render'?")
        let known = try run(["help", "render"])
        XCTAssertEqual(known.status, 0, known.stderr)
        XCTAssertTrue(known.stdout.contains("Render one frame"), known.stdout)
    }

    /// A misspelt command is named, with the command meant when it is a slip away (not "Unexpected argument").
    func testAMisspeltCommandIsNamedWithTheOneMeant() throws {
        try assertUserError(["spinn"], mentions: "no command 'spinn'; did you mean 'spin'? (the commands: run, render")
        try assertUserError(["histroy", "--json"], mentions: "no command 'histroy'; did you mean 'history'?")
        try assertUserError(["wheel"], mentions: "no command 'wheel' (the commands: ")
    }

    func testUnknownSceneIsNamed() throws {
        try assertUserError(["render", "teapot", "--out", scratch.appendingPathComponent("x.png").path],
                            mentions: "unknown scene 'teapot'")
    }

    func testUnwritableOutputLeavesNothingBehind() throws {
        try assertUserError(["render", "testcard", "--out", scratch.appendingPathComponent("missing/dir/x.png").path],
                            mentions: "missing/dir/x.png")
        try assertUserError(["render", "testcard", "--out", "/etc/hostname/x.png"], mentions: "/etc/hostname/x.png")
        try assertUserError(["render", "testcard", "--out", scratch.path], mentions: scratch.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "no partial or temp file")
    }

    func testMissingOutIsAUsageErrorWithStatusTwo() throws {
        try assertUserError(["render", "testcard"], mentions: "--out")
        try assertUserError(["render", "testcard", "--bogus", "--out", "x.png"], mentions: "--bogus")
    }

    func testACorruptFontIsNamed() throws {
        let assets = scratch.appendingPathComponent("assets")
        let fonts = assets.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Data("STARTFONT 2.1\nFONTBOUNDINGBOX 8 16 0 -2\nCHARS 1\nSTARTCHAR A\nENCODING 65\nBITMAP\nzz\n".utf8)
            .write(to: fonts.appendingPathComponent("sans-bold-100.bdf"))
        let out = scratch.appendingPathComponent("x.png").path
        try assertUserError(["render", "testcard", "--out", out], mentions: "sans-bold-100.bdf",
                            environment: ["ROUNDEL_ASSETS": assets.path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// A config's `fonts` come first: a KOI8-R font whose "а" is a solid block turns the result
    /// area's "а" solid; a missing, corrupt or unmappable font is one line naming it, exit 2.
    func testConfigFontsDrawFirstAndBadOnesAreNamed() throws {
        let block = (0..<16).map { _ in "FF" }.joined(separator: "\n")
        let font = """
        STARTFONT 2.1
        FONT -test-Block-Medium-R-Normal--16-160-75-75-C-80-KOI8-R
        FONTBOUNDINGBOX 8 16 0 -4
        STARTPROPERTIES 2
        FONT_ASCENT 12
        FONT_DESCENT 4
        ENDPROPERTIES
        CHARS 1
        STARTCHAR a
        ENCODING 193
        DWIDTH 8 0
        BBX 8 16 0 -4
        BITMAP
        \(block)
        ENDCHAR
        ENDFONT

        """
        try Data(font.utf8).write(to: scratch.appendingPathComponent("block.bdf"))
        let config = scratch.appendingPathComponent("config.json")
        func render(_ json: String, to name: String) throws -> RoundelBinary.Result {
            try Data(json.utf8).write(to: config)
            return try run(["render", "wheel", "--config", config.path, "--at", "9", "--spin-to", "0", "--size", "320x480",
                            "--out", scratch.appendingPathComponent(name).path])
        }
        let items = #""wheel": {"items": ["а", "b"]}"#
        let plain = try render("{\(items)}", to: "plain.png")
        let withFont = try render(#"{"fonts": ["block.bdf"], "# + items + "}", to: "font.png")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(withFont.status, 0, withFont.stderr)
        let a = try Data(contentsOf: scratch.appendingPathComponent("plain.png"))
        let b = try Data(contentsOf: scratch.appendingPathComponent("font.png"))
        XCTAssertNotEqual(a, b, "the config's font drew the а")

        try Data("STARTFONT 2.1\nBITMAP\n".utf8).write(to: scratch.appendingPathComponent("broken.bdf"))
        try Data(font.replacingOccurrences(of: "KOI8-R", with: "Acme-Private").utf8)
            .write(to: scratch.appendingPathComponent("private.bdf"))
        for (file, words) in [("missing.bdf", "cannot be read"), ("broken.bdf", "broken.bdf' line"),
                              ("private.bdf", "charset 'Acme-Private' cannot be mapped")] {
            try Data(#"{"fonts": [""#.utf8 + Data(file.utf8) + #""]}"#.utf8).write(to: config)
            let out = scratch.appendingPathComponent("bad.png").path
            try assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: words)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
        try Data(#"{"fonts": "x.bdf"}"#.utf8).write(to: config)
        try assertUserError(["render", "wheel", "--config", config.path, "--out", scratch.appendingPathComponent("x.png").path],
                            mentions: "fonts")
    }

    func testHelpExitsZero() throws {
        let r = try run(["render", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("--out"))
    }

    /// The window loads fonts and scenes while the display opens, but reads the config first: a bad
    /// file is the one error reported, with no window opened (here there is no display at all).
    func testABadConfigIsReportedBeforeTheWindowOpens() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-bad-\(UUID().uuidString).json")
        try Data(#"{"wheel": {"items": []}}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let r = try run(["run", "--config", config.path],
                        environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "",
                                      "XDG_RUNTIME_DIR": NSTemporaryDirectory()])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("wheel.items"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Xvfb"), "the display was never tried: \(r.stderr)")
    }

    func testNoDisplaySaysSoAndNamesTheAlternatives() throws {
        let r = try run(["run"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "",
                                               "XDG_RUNTIME_DIR": NSTemporaryDirectory()])
        XCTAssertEqual(r.status, 2, r.stderr)
        let ours = r.stderr.split(separator: "\n").filter { $0.hasPrefix("roundel:") }
        XCTAssertEqual(ours.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("roundel render"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Xvfb"), r.stderr)
    }
}

final class WheelCLITests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-wheel-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func json(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    func testRenderWheelReportsIdleSpinningAndStoppedStates() throws {
        let out = scratch.appendingPathComponent("w.png").path
        let idle = try cli.run(["render", "wheel", "--at", "0", "--size", "240x240", "--out", out])
        XCTAssertEqual(idle.status, 0, idle.stderr)
        XCTAssertEqual(try json(idle.stdout)["state"] as? String, "idle")
        let mid = try cli.run(["render", "wheel", "--at", "1", "--spin-to", "5", "--size", "240x240", "--out", out])
        XCTAssertEqual(try json(mid.stdout)["state"] as? String, "spinning")
        let end = try cli.run(["render", "wheel", "--at", "30", "--spin-to", "5", "--size", "240x240", "--out", out])
        let state = try json(end.stdout)
        XCTAssertEqual(state["state"] as? String, "stopped")
        let result = try XCTUnwrap(state["result"] as? [String: Any])
        XCTAssertEqual(result["index"] as? Int, 5)
        XCTAssertNotNil(result["text"] as? String)
        XCTAssertNotNil(result["value"])
        XCTAssertEqual(end.stdout.filter { $0 == "\n" }.count, 1, "one line")
    }

    func testSeededRendersAreDeterministic() throws {
        let a = scratch.appendingPathComponent("a.png").path, b = scratch.appendingPathComponent("b.png").path
        let r1 = try cli.run(["render", "wheel", "--at", "2.5", "--seed", "42", "--size", "200x200", "--out", a])
        let r2 = try cli.run(["render", "wheel", "--at", "2.5", "--seed", "42", "--size", "200x200", "--out", b])
        XCTAssertEqual(r1.stdout, r2.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testTraceEndsAtRestOnTheRequestedSlice() throws {
        for profile in ["classic", "roulette", "smooth"] {
            let r = try cli.run(["trace", "wheel", "--spin-to", "3", "--profile", profile, "--fps", "30"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n")
            XCTAssertEqual(lines.first, "t,rotation,phase,index")
            let last = try XCTUnwrap(lines.last).split(separator: ",")
            XCTAssertEqual(last[2], "stopped", profile)
            XCTAssertEqual(last[3], "3", profile)
            // Cumulative rotation never goes backwards.
            let rotations = lines.dropFirst().compactMap { Double($0.split(separator: ",")[1]) }
            XCTAssertEqual(rotations, rotations.sorted(), profile)
        }
    }

    func testTimerDurationOverridesTheConfig() throws {
        let out = scratch.appendingPathComponent("t.png").path
        let r = try cli.run(["render", "timer", "--duration", "60", "--at", "22.2", "--size", "200x200", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try json(r.stdout)
        XCTAssertEqual(state["state"] as? String, "running")
        XCTAssertEqual(try XCTUnwrap(state["progress"] as? Double), 0.37, accuracy: 1e-9)
        for bad in ["0", "-5", "nan", "1e9", "soon"] {
            try cli.assertUserError(["render", "timer", "--duration", bad, "--out", out], mentions: "--duration '\(bad)'")
        }
        try cli.assertUserError(["render", "wheel", "--duration", "5", "--out", out], mentions: "timer only")
    }

    func testClockTimeIsShownAndBadTimesAreNamed() throws {
        let out = scratch.appendingPathComponent("c.png").path
        let r = try cli.run(["render", "clock", "--time", "10:10:30", "--at", "2", "--size", "200x200", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try json(r.stdout)["time"] as? String, "10:10:32")
        for bad in ["25:00:00", "12:60:00", "noon", "12:00"] {
            try cli.assertUserError(["render", "clock", "--time", bad, "--out", out], mentions: "--time '\(bad)'")
        }
        try cli.assertUserError(["render", "pie", "--time", "10:00:00", "--out", out], mentions: "clock and the timer only")
    }

    func testEveryScenePrintsItsJSONLine() throws {
        for scene in ["wheel", "timer", "pie", "clock", "testcard"] {
            let out = scratch.appendingPathComponent("\(scene).png").path
            let r = try cli.run(["render", scene, "--at", "1", "--size", "240x240", "--out", out])
            XCTAssertEqual(r.status, 0, "\(scene): \(r.stderr)")
            XCTAssertEqual(try json(r.stdout)["scene"] as? String, scene)
            XCTAssertTrue(FileManager.default.fileExists(atPath: out), scene)
        }
    }

    /// The first bytes of a PNG: signature, an IHDR chunk (RGBA, 8 bit) with a valid CRC, and junk data.
    func pngHeader(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        // libpng's header read stops at the first IDAT chunk, so one (of junk) must follow.
        let idat: [UInt8] = be(8) + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 12)
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(~crc) + idat)
    }

    func testHugeWeightsStillSpinAndLand() throws {
        let config = scratch.appendingPathComponent("huge.json")
        try Data(#"{"wheel": {"sizeByWeight": true, "items": [{"text": "A", "weight": 1e308}, {"text": "B", "weight": 1e308}]}}"#.utf8)
            .write(to: config)
        let r = try cli.run(["render", "wheel", "--config", config.path, "--seed", "4", "--at", "30", "--size", "200x200",
                             "--out", scratch.appendingPathComponent("h.png").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try json(r.stdout)
        XCTAssertEqual(state["state"] as? String, "stopped")
        XCTAssertNotNil(state["rotation"] as? Double, "a finite rotation")
    }

    func testWheelBadInput() throws {
        let out = scratch.appendingPathComponent("x.png").path
        try cli.assertUserError(["render", "wheel", "--spin-to", "8", "--out", out], mentions: "--spin-to '8'")
        try cli.assertUserError(["render", "wheel", "--spin-to", "-1", "--out", out], mentions: "--spin-to '-1'")
        try cli.assertUserError(["render", "wheel", "--seed", "lucky", "--out", out], mentions: "--seed 'lucky'")
        try cli.assertUserError(["render", "testcard", "--spin-to", "1", "--out", out], mentions: "wheel only")
        try cli.assertUserError(["trace", "wheel", "--profile", "fast"], mentions: "--profile 'fast'")
        try cli.assertUserError(["trace", "wheel", "--fps", "0"], mentions: "--fps")

        let config = scratch.appendingPathComponent("party.json")
        try Data(##"{"wheel": {"items": [{"text": "A"}, {"text": "B", "color": "#12345"}]}}"##.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "wheel.items[1].color")
        try Data(#"{"wheel": {"items": []}}"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "wheel.items")
        try Data(#"{"wheel": {"items": [{"weight": 0}, {"weight": 0}]}}"#.utf8).write(to: config)
        try cli.assertUserError(["trace", "wheel", "--config", config.path], mentions: "all weights are zero")
        try Data(#"{"wheel": {"ringImage": "missing.png"}}"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "missing.png")
        try Data("not a png".utf8).write(to: scratch.appendingPathComponent("bad.png"))
        try Data(#"{"wheel": {"ringImage": "bad.png"}}"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "bad.png")
        // A header that claims a huge ring is refused before anything is allocated; rings are square.
        try pngHeader(width: 5000, height: 5000).write(to: scratch.appendingPathComponent("huge.png"))
        try Data(#"{"wheel": {"ringImage": "huge.png"}}"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "4096")
        try Data(#"{"wheeel": {}}"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "wheeel")
        try Data(#"{"wheel": {"items": [1,]"#.utf8).write(to: config)
        try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: "JSON")
        try cli.assertUserError(["render", "wheel", "--config", scratch.appendingPathComponent("nope.json").path, "--out", out],
                                mentions: "no such file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing rendered")
    }
}
