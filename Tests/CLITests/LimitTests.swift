// Every limit Roundel states (roundel-config(5), docs/configuration.md, "Limits") with an input just over it: exit 2,
// one line naming the file and the limit, in bounded work and memory (processor seconds and peak resident memory by GNU
// time, not wall time, which a busy machine stretches). The bounds are generous (the debug build): a limit that is
// skipped shows up as gigabytes and minutes of processor time, not as noise.
import Foundation
import XCTest

final class LimitTests: XCTestCase {
    /// Ceilings for one refused input: peak resident memory of the child and its processor time (user + system).
    static let memoryCeilingMB = 200
    static let cpuSecondsCeiling = 20.0

    var scratch: String!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-limits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: scratch) }

    struct Measured { var status: Int32; var stderr: String; var peakMB: Int; var cpuSeconds: Double }

    /// Runs `roundel arguments` in the scratch folder and measures its peak resident memory with GNU
    /// time (`make test` installs it). Not this process's own wait4 rusage: Linux carries a process's
    /// peak across exec, and a child spawned from this test process (which may hold hundreds of MB by
    /// now) would report that; time's own child starts from time's small image.
    func measure(_ arguments: [String]) throws -> Measured {
        let binary = RoundelBinary().binary.path
        let errPath = scratch + "/stderr.txt", rssPath = scratch + "/rss.txt"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw XCTSkip("GNU time (/usr/bin/time) is missing: `make test` installs it")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // time runs sh, which changes to the scratch folder and execs roundel (the process time measures).
        let argv: [UnsafeMutablePointer<CChar>?] = (["/usr/bin/time", "-f", "%U %S\n%M", "-o", rssPath,
                                                     "/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", scratch, binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = scratch + "/state"
        // The child runs in the scratch folder, so it cannot find the assets from there: name them.
        environment["ROUNDEL_ASSETS"] = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets").path
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        XCTAssertEqual(posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv, envp), 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // time writes "Command exited with non-zero status N" before the number when it is not 0.
        let lines = (try? String(contentsOfFile: rssPath, encoding: .utf8))?.split(separator: "\n") ?? []
        let rss = lines.last.flatMap { Int($0) }
        let cpu = lines.count >= 2 ? lines[lines.count - 2].split(separator: " ").compactMap { Double($0) }.reduce(0, +) : .infinity
        return Measured(status: exit, stderr: stderr, peakMB: (rss ?? Int.max / 1024) / 1024, cpuSeconds: cpu)
    }

    func assertRefused(_ arguments: [String], mentions: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let m = try measure(arguments)
        XCTAssertEqual(m.status, 2, "exit status: \(m.stderr)", file: file, line: line)
        XCTAssertEqual(m.stderr.split(separator: "\n").count, 1, "one line: \(m.stderr)", file: file, line: line)
        XCTAssertTrue(m.stderr.contains(mentions), "'\(m.stderr)' should mention '\(mentions)'", file: file, line: line)
        XCTAssertLessThan(m.peakMB, LimitTests.memoryCeilingMB, "peak memory for \(arguments)", file: file, line: line)
        XCTAssertLessThan(m.cpuSeconds, LimitTests.cpuSecondsCeiling, "processor time for \(arguments)", file: file, line: line)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = scratch + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A file of `bytes` bytes that takes no disk (sparse): the size alone must refuse it.
    func sparse(_ name: String, bytes: Int) throws -> String {
        let path = scratch + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, off_t(bytes)), 0)
        return path
    }

    func testAConfigOverFourMegabytes() throws {
        let config = try write("big.json", #"{"wheel": {}}"# + String(repeating: " ", count: 4 << 20))
        try assertRefused(["render", "wheel", "--config", config, "--out", "x.png"], mentions: "is larger than 4 MB")
        // Within the limit, a 4 MB key is refused fast, and the line quotes it cut.
        let key = try write("key.json", #"{"wheel": {""# + String(repeating: "k", count: (4 << 20) - 40) + #"": 1}}"#)
        try assertRefused(["render", "wheel", "--config", key, "--out", "x.png"], mentions: "unknown key 'kkkkkkkk")
        XCTAssertLessThan(try measure(["render", "wheel", "--config", key, "--out", "x.png"]).stderr.utf8.count, 600)
    }

    func testTenThousandAndOneEntries() throws {
        let items = (0...10_000).map { "\"Entry \($0)\"" }.joined(separator: ",")
        let config = try write("items.json", #"{"wheel": {"items": ["# + items + "]}}")
        try assertRefused(["render", "wheel", "--config", config, "--out", "x.png"], mentions: "10001 items is more than 10000")
        let names = try write("names.txt", (0...10_000).map { "Name \($0)\n" }.joined())
        try assertRefused(["render", "wheel", "--names", names, "--out", "x.png"], mentions: "more than 10000 entries")
        // A million empty names in 3 MB: counted before any is made.
        let empty = try write("empty.json", #"{"wheel": {"items": ["# + Array(repeating: "\"\"", count: 1_000_000).joined(separator: ",") + "]}}")
        try assertRefused(["render", "wheel", "--config", empty, "--out", "x.png"], mentions: "1000000 items is more than 10000")
    }

    func testImagesFontsAndNamesFilesOverTheirSize() throws {
        _ = try sparse("ring.png", bytes: (32 << 20) + 1)
        let ring = try write("ring.json", #"{"wheel": {"ringImage": "ring.png"}}"#)
        try assertRefused(["render", "wheel", "--config", ring, "--out", "x.png"], mentions: "is larger than 32 MB")
        _ = try sparse("font.bdf", bytes: (32 << 20) + 1)
        let font = try write("font.json", #"{"fonts": ["font.bdf"]}"#)
        try assertRefused(["render", "wheel", "--config", font, "--out", "x.png"], mentions: "fonts[0]: font '\(scratch!)/font.bdf': cannot be read (is larger than 32 MB (33554433 bytes))")
        // A font within the size limit with 100 001 glyphs: refused at the one over.
        var bdf = "STARTFONT 2.1\nFONT x\nSIZE 16 75 75\nFONTBOUNDINGBOX 1 1 0 0\nSTARTPROPERTIES 3\nFONT_ASCENT 14\n"
            + "FONT_DESCENT 2\nCHARSET_REGISTRY \"ISO10646\"\nENDPROPERTIES\nCHARS 100001\n"
        for code in 0x20..<(0x20 + 100_001) { bdf += "STARTCHAR g\nENCODING \(code)\nDWIDTH 1 0\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\n" }
        _ = try write("many.bdf", bdf + "ENDFONT\n")
        let many = try write("many.json", #"{"fonts": ["many.bdf"]}"#)
        try assertRefused(["render", "wheel", "--config", many, "--out", "x.png"], mentions: "more than 100000 glyphs")
        // The same limit for a .hex font: 100 001 lines of 8 px glyphs.
        let hex = (0..<100_001).map { String(0x10000 + $0, radix: 16) + ":" + String(repeating: "0", count: 32) + "\n" }.joined()
        _ = try write("many.hex", hex)
        let manyHex = try write("many-hex.json", #"{"fonts": ["many.hex"]}"#)
        try assertRefused(["render", "wheel", "--config", manyHex, "--out", "x.png"], mentions: "more than 100000 glyphs")
        let names = try sparse("names.txt", bytes: (16 << 20) + 1)
        try assertRefused(["render", "wheel", "--names", names, "--out", "x.png"], mentions: "is larger than 16 MB")
    }

    /// Sixteen fonts, each within the limits of a font file (32 MB of 512×512 px glyphs), took 1.9 GB
    /// as they were kept (a byte a pixel, four times the file). Now a glyph keeps a bit a pixel and the
    /// fonts share one budget: the font that would take them over it is named in one line, before
    /// the memory is spent. The ceiling: the budget (128 MB), the next font's file being read (32 MB)
    /// and its glyphs (16 MB), and what `render` takes without fonts (40 MB), with room to spare.
    func testSixteenLargeFontsShareOneMemoryBudget() throws {
        var bdf = Array(("STARTFONT 2.1\nFONTBOUNDINGBOX 512 512 0 -64\nSTARTPROPERTIES 2\nFONT_ASCENT 448\n"
                         + "FONT_DESCENT 64\nENDPROPERTIES\n").utf8)
        let row = Array((String(repeating: "F0", count: 64) + "\n").utf8)   // 512 px of stripes
        let end = Array("ENDCHAR\n".utf8)
        bdf.reserveCapacity(32 << 20)
        var code = 0x4E00
        while bdf.count + 512 * row.count + 100 < 32 << 20 {
            bdf += Array("STARTCHAR g\nENCODING \(code)\nDWIDTH 512 0\nBBX 512 512 0 -64\nBITMAP\n".utf8)
            for _ in 0..<512 { bdf += row }
            bdf += end
            code += 1
        }
        bdf += Array("ENDFONT\n".utf8)
        try Data(bdf).write(to: URL(fileURLWithPath: scratch + "/big.bdf"))
        for i in 0..<16 { XCTAssertEqual(link(scratch + "/big.bdf", scratch + "/big\(i).bdf"), 0) }   // one file on disk
        let list = (0..<16).map { "\"big\($0).bdf\"" }.joined(separator: ", ")
        let config = try write("fonts.json", #"{"fonts": ["# + list + "]}")
        let m = try measure(["render", "clock", "--time", "10:08:00", "--config", config, "--out", "x.png"])
        XCTAssertEqual(m.status, 2, "exit status: \(m.stderr)")
        XCTAssertEqual(m.stderr.split(separator: "\n").count, 1, "one line: \(m.stderr)")
        XCTAssertTrue(m.stderr.contains("fonts[8]: font '\(scratch!)/big8.bdf': its glyphs take 15.9 MB of memory, 142.7 MB with "
                                        + "the fonts before it; the fonts in `fonts` may take 128 MB together"), m.stderr)
        XCTAssertLessThan(m.peakMB, 128 + 32 + 16 + 40 + 24, "peak memory")
        XCTAssertLessThan(m.cpuSeconds, 60, "processor seconds (the debug build parses a 32 MB font in about a second)")
    }

    func testWhatIsNotARegularFileIsNeverRead() throws {
        XCTAssertEqual(mkfifo(scratch + "/ring.png", 0o644), 0)
        let ring = try write("ring.json", #"{"wheel": {"ringImage": "ring.png"}}"#)
        try assertRefused(["render", "wheel", "--config", ring, "--out", "x.png"], mentions: "is a FIFO (named pipe), not a regular file")
        XCTAssertEqual(mkfifo(scratch + "/names.txt", 0o644), 0)
        try assertRefused(["render", "wheel", "--names", "names.txt", "--out", "x.png"], mentions: "is a FIFO (named pipe), not a regular file")
        let zero = try write("zero.json", #"{"wheel": {"ringImage": "/dev/zero"}, "fonts": ["/dev/zero"]}"#)
        try assertRefused(["render", "wheel", "--config", zero, "--out", "x.png"], mentions: "is a device, not a regular file")
        let nul = try write("nul.json", #"{"wheel": {"ringImage": "ring.png\u0000x"}}"#)
        try assertRefused(["render", "wheel", "--config", nul, "--out", "x.png"], mentions: "contains a NUL character")
    }

    /// PNG chunks that claim or inflate to gigabytes (text, ICC profile) cost nothing: the pixels are
    /// read without them, or the file is refused as truncated.
    func testPNGMetadataBombs() throws {
        let png = try measure(["render", "wheel", "--size", "64x64", "--out", "ring.png"])
        XCTAssertEqual(png.status, 0, png.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch + "/ring.png")))
        let afterHeader = 8 + 25
        // A tEXt chunk claiming 2 GB in a small file.
        let claim: [UInt8] = [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + Array(repeating: 0x78, count: 64)
        try Data(Array(bytes[..<afterHeader]) + claim).write(to: URL(fileURLWithPath: scratch + "/claim.png"))
        let claimConfig = try write("claim.json", #"{"wheel": {"ringImage": "claim.png"}}"#)
        try assertRefused(["render", "wheel", "--config", claimConfig, "--out", "x.png"], mentions: "file is truncated (chunk 'tEXt'")
        // A zTXt that inflates to 512 MB (Fixtures/ztxt-512mb.png): dropped, the ring reads.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ztxt-512mb.png")
        try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: scratch + "/bomb.png"))
        let bombConfig = try write("bomb.json", #"{"wheel": {"ringImage": "bomb.png"}}"#)
        let m = try measure(["render", "wheel", "--config", bombConfig, "--size", "64x64", "--out", "x.png"])
        XCTAssertEqual(m.status, 0, m.stderr)
        XCTAssertLessThan(m.peakMB, LimitTests.memoryCeilingMB)
        XCTAssertLessThan(m.cpuSeconds, LimitTests.cpuSecondsCeiling)
    }
}
