// `roundel record`: a seeded spin as an animated WebP (read back with libwebp's animation decoder:
// frame count, duration, and every frame equal to `render` at its time pixel for pixel, lossless), as an
// MP4 (ffprobe: frames and duration; a frame within codec error of `render`), and as a folder of
// PNGs (each equal to `render`); bad input is one line, exit 2, and no file left behind.
import CWebP
import Foundation
import PNGCodec
import Raster
import XCTest

final class RecordCLITests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    /// `render wheel --seed 3 --at t` at 160x120.
    func rendered(at t: Double) throws -> Pixmap {
        let out = path("render-\(t).png")
        let r = try cli.run(["render", "wheel", "--seed", "3", "--size", "160x120", "--at", "\(t)", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try readPNG(out)
    }

    func record(_ out: String, _ extra: [String] = []) throws {
        let r = try cli.run(["record", "wheel", "--seed", "3", "--size", "160x120", "--fps", "10", "--to", "1.5", "--out", out] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"frames\":15"), r.stdout)
    }

    func testAnimatedWebPHasEveryFrameAndEachIsTheRenderedFrame() throws {
        let out = path("spin.webp")
        try record(out, ["--lossless"])
        let lossy = path("lossy.webp")
        try record(lossy)
        let lossySize = try FileManager.default.attributesOfItem(atPath: lossy)[.size] as? Int ?? 0
        let losslessSize = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0
        XCTAssertLessThan(lossySize, losslessSize, "the default (quality 80) is smaller than --lossless")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        var frames: [(ms: Int32, pixels: [UInt32])] = []
        frames = decodeWebP(bytes, width: 160, height: 120)
        XCTAssertEqual(frames.count, 15)
        XCTAssertEqual(frames.last?.ms, 1500, "15 frames of 100 ms")
        XCTAssertEqual(frames[10].pixels, try rendered(at: 1.0).pixels, "frame 10 is render --at 1, exactly (lossless)")
        XCTAssertNotEqual(frames[3].pixels, frames[10].pixels, "the wheel turns")
        // Each frame is written as the rectangle that changed since the one before: every frame,
        // every pixel, is render's (record's PNGs are render's frames: below).
        try record(path("frames") + "/")
        for (k, frame) in frames.enumerated() {
            let expected = try readPNG(path(String(format: "frames/frame-%05d.png", k + 1))).pixels
            let differing = zip(frame.pixels, expected).enumerated().filter { $1.0 != $1.1 }
            if let first = differing.first {
                XCTFail("frame \(k): \(differing.count) pixels differ, the first at (\(first.offset % 160), \(first.offset / 160)): "
                        + "\(String(first.element.0, radix: 16)) instead of \(String(first.element.1, radix: 16))")
            }
        }
    }

    /// Every frame of an animated WebP, decoded by libwebp's demuxer.
    func decodeWebP(_ bytes: [UInt8], width: Int, height: Int) -> [(ms: Int32, pixels: [UInt32])] {
        var frames: [(ms: Int32, pixels: [UInt32])] = []
        bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return }
            options.color_mode = MODE_BGRA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels {
                frames.append((timestamp, pixels.withMemoryRebound(to: UInt32.self, capacity: width * height) { Array(UnsafeBufferPointer(start: $0, count: width * height)) }))
            }
        }
        return frames
    }

    /// Mean difference per channel, 0…255, of two equally sized frames.
    func meanDifference(_ a: [UInt32], _ b: [UInt32]) -> Double {
        var total = 0
        for (x, y) in zip(a, b) {
            for shift in [0, 8, 16] as [UInt32] { total += abs(Int((x >> shift) & 0xFF) - Int((y >> shift) & 0xFF)) }
        }
        return Double(total) / Double(a.count * 3)
    }

    /// Lossy WebP over the stop: the winner card fades in and dims the wheel a few levels a frame.
    /// libwebp's lossy sub-frames took such small steps for "unchanged", so the fade never arrived
    /// and stale rectangles stayed (mean difference 5.6, visible); every frame must look like render's.
    func testLossyWebPFollowsASlowFade() throws {
        let out = path("fade.webp")
        let r = try cli.run(["record", "wheel", "--seed", "42", "--size", "240x136", "--fps", "15", "--to", "7", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = decodeWebP(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), width: 240, height: 136)
        // The encoder merges a frame equal to the one before into it (a longer duration): find each
        // time's frame by the decoder's end times.
        XCTAssertEqual(frames.last?.ms, 7000, "105 frames of 1/15 s")
        for k in [30, 75, 85, 95, 104] {
            let t = Double(k) / 15
            guard let frame = frames.first(where: { Double($0.ms) > Double(k) * 1000 / 15 + 1 }) else { XCTFail("no frame for \(k)"); continue }
            let png = path("fade-\(k).png")
            let rendered = try cli.run(["render", "wheel", "--seed", "42", "--size", "240x136", "--at", "\(t)", "--out", png])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            let difference = meanDifference(frame.pixels, try readPNG(png).pixels)
            XCTAssertLessThan(difference, 3.5, "frame \(k) (t = \(t)) looks like render's")
        }
    }

    func testMP4HasEveryFrameAndLooksLikeTheRenderedFrame() throws {
        let out = path("spin.mp4")
        try record(out)
        let text = try probe(out)
        XCTAssertTrue(text.contains("nb_read_frames=15"), text)
        XCTAssertTrue(text.contains("duration=1.5"), text)
        XCTAssertTrue(text.contains("width=160") && text.contains("height=120"), text)
        // Frame 10 (t = 1.0) back out as PNG, against render: H.264 at crf 18 is close, not exact.
        let frame = path("f10.png")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: try XCTUnwrap(tool("ffmpeg"), "`make test` installs ffmpeg"))
        ffmpeg.arguments = ["-v", "error", "-i", out, "-vf", "select=eq(n\\,10)", "-frames:v", "1", "-y", frame]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let decoded = try readPNG(frame), expected = try rendered(at: 1.0)
        var total = 0
        for (a, b) in zip(decoded.pixels, expected.pixels) {
            for shift in [0, 8, 16] { total += abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)) }
        }
        let mean = Double(total) / Double(3 * decoded.pixels.count)
        XCTAssertLessThan(mean, 6, "mean channel difference \(mean)")
    }

    func testAFolderOfPNGsEachTheRenderedFrame() throws {
        let out = path("frames") + "/"
        try record(out)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
        XCTAssertEqual(names.count, 15)
        XCTAssertEqual(names.first, "frame-00001.png")
        XCTAssertEqual(try readPNG(path("frames/frame-00011.png")).pixels, try rendered(at: 1.0).pixels)
    }

    /// Every `render` option works in `record` too: the clock's `--time` and the timer's `--duration`
    /// give the frames `render` draws with them.
    func testRecordTakesRendersSceneOptions() throws {
        let clock = try cli.run(["record", "clock", "--time", "10:10:00", "--size", "96x96", "--fps", "4", "--to", "2", "--out", path("clock") + "/"])
        XCTAssertEqual(clock.status, 0, clock.stderr)
        let clockRender = try cli.run(["render", "clock", "--time", "10:10:00", "--size", "96x96", "--at", "1.75", "--out", path("clock.png")])
        XCTAssertEqual(clockRender.status, 0, clockRender.stderr)
        XCTAssertEqual(try readPNG(path("clock/frame-00008.png")).pixels, try readPNG(path("clock.png")).pixels)

        let timer = try cli.run(["record", "timer", "--duration", "10", "--size", "96x96", "--fps", "2", "--from", "4", "--to", "5", "--out", path("timer") + "/"])
        XCTAssertEqual(timer.status, 0, timer.stderr)
        let timerRender = try cli.run(["render", "timer", "--duration", "10", "--size", "96x96", "--at", "4.5", "--out", path("timer.png")])
        XCTAssertEqual(timerRender.status, 0, timerRender.stderr)
        XCTAssertEqual(try readPNG(path("timer/frame-00002.png")).pixels, try readPNG(path("timer.png")).pixels)

        try cli.assertUserError(["record", "wheel", "--duration", "3", "--out", path("x.webp")], mentions: "--duration applies to the timer only")
        try cli.assertUserError(["record", "pie", "--time", "10:00:00", "--out", path("x.webp")], mentions: "--time applies to the clock and the timer only")
    }

    /// `roundel bench --record`: a row each for recording a 5 s spin to WebP and to MP4: median seconds
    /// of three runs (and the fastest and slowest), CPU seconds, peak memory of Roundel and ffmpeg, the
    /// file's size and its PSNR against render's frames.
    func testBenchTimesRecordingToWebPAndMP4() throws {
        let r = try cli.run(["bench", "--size", "64x48", "--frames", "2", "--scene", "clock", "--record", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for format in ["webp", "mp4"] {
            let line = r.stdout.split(separator: "\n").first { $0.contains("\"record-\(format)\"") }
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(String(try XCTUnwrap(line, r.stdout)).utf8)) as? [String: Any])
            let seconds = object["seconds"] as? Double ?? 0
            XCTAssertGreaterThan(seconds, 0, format)
            XCTAssertLessThanOrEqual(object["seconds_min"] as? Double ?? .infinity, seconds, format)
            XCTAssertGreaterThanOrEqual(object["seconds_max"] as? Double ?? 0, seconds, format)
            XCTAssertGreaterThan(object["cpu_seconds"] as? Double ?? 0, 0, format)
            XCTAssertGreaterThan(object["peak_mb"] as? Double ?? 0, format == "mp4" ? 60 : 10, "\(format): ffmpeg's memory counted too")
            XCTAssertGreaterThan(object["bytes"] as? Int ?? 0, 1000, format)
            XCTAssertGreaterThan(object["psnr_db"] as? Double ?? 0, 25, "\(format): a picture of the spin")
            XCTAssertEqual(object["frames"] as? Int, 150)
        }
    }

    /// A recording stopped from outside (a kill, Ctrl+C) removes its half-written file or folder and
    /// its ffmpeg, and ends as the signal ends a program (before, `.name.tmp-…` and
    /// `.name.roundel-PID/` stayed behind, and ffmpeg was left a zombie).
    func testAStoppedRecordingLeavesNothing() throws {
        for (out, signal) in [(path("stopped") + "/", SIGTERM), (path("stopped.mp4"), SIGINT), (path("hung-up") + "/", SIGHUP)] {
            let process = Process()
            process.executableURL = cli.binary
            process.arguments = ["record", "wheel", "--seed", "3", "--size", "640x360", "--fps", "60", "--to", "20", "--out", out]
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            // Until the hidden file or folder is being written.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, (try FileManager.default.contentsOfDirectory(atPath: scratch.path)).isEmpty, process.isRunning {
                usleep(20_000)
            }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "\(out): started writing")
            usleep(300_000)
            kill(process.processIdentifier, signal)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(stderr, "", out)
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, out)
            XCTAssertEqual(process.terminationStatus, signal, out)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "\(out): nothing left")
        }
    }

    /// A folder holding a program named ffmpeg that runs `script` (sh; PATH holds only that folder,
    /// so only shell builtins), removed after the test.
    func fakeFFmpeg(_ script: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-fake-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: folder.appendingPathComponent("ffmpeg"))
        chmod(folder.appendingPathComponent("ffmpeg").path, 0o755)
        return folder.path
    }

    /// Where Debian's (or a local) `name` from the ffmpeg package is, if anywhere.
    func tool(_ name: String) -> String? {
        ["/usr/bin/" + name, "/usr/local/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// ffprobe's account of a video's stream: `width=…`, `height=…`, `duration=…` and
    /// `nb_read_frames=…` lines.
    func probe(_ video: String) throws -> String {
        let ffprobe = try XCTUnwrap(tool("ffprobe"), "ffprobe is missing: `make test` installs ffmpeg")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: ffprobe)
        probe.arguments = ["-v", "error", "-count_frames", "-show_entries", "stream=width,height,duration,nb_read_frames", "-of", "default=nw=1", video]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return text
    }

    /// An --out in a folder that is missing (or is a file) is refused before a frame is drawn or
    /// ffmpeg started, with the C library's reason as `render` gives it. The MP4 said "ffmpeg stopped
    /// reading", after the whole recording.
    func testAMissingFolderIsRefusedBeforeAnyWork() throws {
        let started = path("ffmpeg-started")
        let ffmpeg = try fakeFFmpeg("echo started > '\(started)'\nexec cat > /dev/null")
        try Data().write(to: URL(fileURLWithPath: path("file")))
        let cases = [("/nonexistent/x.mp4", "No such file or directory"), (path("no/such/x.mp4"), "No such file or directory"),
                     (path("file") + "/x.mp4", "Not a directory"), (path("no/such/x.webp"), "No such file or directory"),
                     (path("no/such/frames") + "/", "No such file or directory")]
        for (out, reason) in cases {
            try cli.assertUserError(["record", "wheel", "--seed", "3", "--size", "64x64", "--to", "0.2", "--out", out],
                                    mentions: "roundel: --out '\(out)': cannot write (\(reason))", environment: ["PATH": ffmpeg])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), ["file"], "ffmpeg not started, nothing left")
    }

    /// Sizes H.264 cannot take are refused before any work, saying why and what would do: an odd side
    /// (yuv420p stores colour for 2x2 px; the frame was padded with a black row or column, 321x181
    /// became 322x182) and a frame over H.264's largest level (16384x16384 ran 6 s and took 4 GB,
    /// then said "ffmpeg stopped reading": ffmpeg had refused the size at once).
    func testMP4SizesH264CannotTakeAreRefusedBeforeAnyWork() throws {
        let started = path("ffmpeg-started"), out = path("v.mp4")
        let ffmpeg = try fakeFFmpeg("echo started > '\(started)'\nexit 1")
        let cases = [("321x181", "roundel: --out '\(out)': 321x181 has an odd side, and an MP4 (H.264 as players take it) stores colour "
                        + "for 2x2 px: use 320x180 or 322x182"),
                     ("320x181", "use 320x180 or 320x182"), ("1x1", "stores colour for 2x2 px: use 2x2"), ("1x180", "use 2x180"),
                     ("16384x16384", "roundel: --out '\(out)': 16384x16384 is too large for an MP4: H.264's largest level (6.2) allows "
                        + "139264 blocks of 16x16 px (8192x4352 and 7680x4320 fit), this is 1048576; a folder of PNGs takes any size"),
                     ("8192x4368", "8192x4368 is too large for an MP4"), ("16384x2192", "this is 140288")]
        for (size, message) in cases {
            try cli.assertUserError(["record", "clock", "--time", "10:00:00", "--size", size, "--to", "0.1", "--out", out],
                                    mentions: message, environment: ["PATH": ffmpeg])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "ffmpeg not started, nothing left")
        // The even sizes come out as they are, with nothing added.
        let even = path("even.mp4")
        let r = try cli.run(["record", "wheel", "--seed", "42", "--size", "322x182", "--to", "0.2", "--out", even])
        XCTAssertEqual(r.status, 0, r.stderr)
        let stream = try probe(even)
        XCTAssertTrue(stream.contains("width=322\nheight=182"), stream)
    }

    /// When ffmpeg fails all the same, its own last line is the reason (the "[libx264 @ 0x…]" tag
    /// taken off), whether it stops reading at once or fails at the end; without a line, how it ended.
    func testWhenFFmpegFailsItsLastLineIsTheReason() throws {
        let cases = [
            ("echo '[libx264 @ 0x55d0c0ffee00] first' >&2\necho '[out#0/mp4 @ 0x55d0c0ffee00] Disk quota exceeded' >&2\nexit 1",
             "cannot write (ffmpeg: Disk quota exceeded)"),
            ("/bin/cat > /dev/null\necho 'Conversion failed!' >&2\nexit 1", "cannot write (ffmpeg: Conversion failed!)"),
            ("/bin/cat > /dev/null\nexit 3", "cannot write (ffmpeg ended with status 3)"),
        ]
        for (script, message) in cases {
            let out = path("v.mp4")
            try cli.assertUserError(["record", "wheel", "--seed", "3", "--size", "64x64", "--to", "0.5", "--out", out],
                                    mentions: "roundel: --out '\(out)': " + message, environment: ["PATH": try fakeFFmpeg(script)])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "\(message): nothing left")
        }
    }

    func testBadInputIsOneLineAndLeavesNothing() throws {
        let cases: [([String], String)] = [
            (["--out", path("a.gif")], "record writes .webp, .mp4 or a folder ending in /"),
            (["--out", path("a.webp"), "--from", "3", "--to", "1"], "--to 1 must be after --from 3"),
            (["--out", path("a.webp"), "--fps", "0"], "--fps '0' must be a whole number"),
            (["--out", path("a.webp"), "--fps", "241"], "--fps '241' must be a whole number"),
            (["--out", path("a.mp4"), "--lossless"], "--lossless is for WebP; an MP4 (H.264 in 4:2:0 colour) cannot keep every pixel"),
            (["--out", path("no/such/dir/a.webp"), "--to", "0.2"], "cannot write"),
        ]
        for (arguments, message) in cases {
            try cli.assertUserError(["record", "wheel", "--seed", "3", "--size", "64x64"] + arguments, mentions: message)
        }
        try cli.assertUserError(["record", "wheel", "--seed", "3", "--size", "64x64", "--to", "0.2", "--out", path("a.mp4")],
                                mentions: "writing MP4 needs ffmpeg", environment: ["PATH": "/nonexistent"])
        // An ffmpeg that quits at once: one line, and neither the MP4 nor its temporary is left.
        let fake = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-fake-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fake) }
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: fake.appendingPathComponent("ffmpeg"))
        chmod(fake.appendingPathComponent("ffmpeg").path, 0o755)
        try cli.assertUserError(["record", "wheel", "--seed", "3", "--size", "64x64", "--out", path("b.mp4")],
                                mentions: "cannot write", environment: ["PATH": fake.path])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "no file, no temporary")
    }
}
