// Recordings as a viewer gets them: a 5 s spin at 30 fps recorded to WebP and to MP4 decodes to all
// 150 frames at the size asked, each close to the frame `render` draws (PSNR over R, G and B of every
// pixel of every frame, against `record`'s folder of PNGs, which is render's frames exactly); a higher
// -q gives the MP4 a better picture in a larger file; a 1080p MP4 recording, Roundel with its ffmpeg,
// stays under 256 MB. Speed is measured by `roundel bench --record` only, never asserted here.
@testable import roundel   // ProcessTreeMemory: what `bench --record` measures memory with
import CWebP
import Foundation
import PNGCodec
import Raster
import XCTest

final class RecordQualityTests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!
    static let width = 320, height = 180, frames = 150

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-record-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    /// `record` of the first `seconds` of a seeded spin at 30 fps, 320x180, to `out`.
    func recordSpin(_ out: String, seconds: Int = 5, _ extra: [String] = []) throws {
        let r = try cli.run(["record", "wheel", "--seed", "3", "--size", "\(Self.width)x\(Self.height)", "--fps", "30",
                             "--to", "\(seconds)", "--out", out] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"frames\":\(seconds * 30)"), r.stdout)
    }

    /// The frames `render` draws over those seconds, from `record`'s folder of PNGs (each is render's
    /// frame exactly: RecordCLITests).
    func renderedFrames(seconds: Int = 5) throws -> [[UInt32]] {
        try recordSpin(path("frames") + "/", seconds: seconds)
        return try (1...(seconds * 30)).map { try readPNG(path(String(format: "frames/frame-%05d.png", $0))).pixels }
    }

    /// PSNR in dB over R, G and B of every pixel of every frame (ARGB words; both lists opaque).
    func psnr(_ decoded: [[UInt32]], _ expected: [[UInt32]]) -> Double {
        var squares = 0.0, count = 0
        for (a, b) in zip(decoded, expected) {
            var total = 0
            for (x, y) in zip(a, b) {
                for shift: UInt32 in [0, 8, 16] {
                    let d = Int((x >> shift) & 0xFF) - Int((y >> shift) & 0xFF)
                    total += d * d
                }
            }
            squares += Double(total)
            count += a.count * 3
        }
        return 10 * log10(255 * 255 / (squares / Double(count)))
    }

    /// Each 1/30 s frame of an animated WebP, as libwebp's animation decoder shows it (a frame the
    /// encoder merged with the next shows for both).
    func webPFrames(_ file: String) throws -> [[UInt32]] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        var frames: [[UInt32]] = []
        bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return }
            options.color_mode = MODE_BGRA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width == Self.width, info.canvas_height == Self.height else { return }
            var pixels: UnsafeMutablePointer<UInt8>?
            var end: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels {
                let words = pixels.withMemoryRebound(to: UInt32.self, capacity: Self.width * Self.height) {
                    Array(UnsafeBufferPointer(start: $0, count: Self.width * Self.height))
                }
                while frames.count < Self.frames, Double(frames.count) * 1000 / 30 + 1 < Double(end) { frames.append(words) }
            }
        }
        return frames
    }

    /// Every frame of an MP4, decoded by ffmpeg to BGRA with its colour upsampled exactly (as a player does).
    func mp4Frames(_ file: String) throws -> [[UInt32]] {
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: try XCTUnwrap(["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
            FileManager.default.isExecutableFile(atPath: $0) }, "`make test` installs ffmpeg"))
        ffmpeg.arguments = ["-nostdin", "-v", "error", "-i", file, "-vf", "scale=flags=accurate_rnd+full_chroma_int,format=bgra",
                            "-f", "rawvideo", "-"]
        let pipe = Pipe()
        ffmpeg.standardOutput = pipe
        try ffmpeg.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0)
        let frameBytes = Self.width * Self.height * 4
        XCTAssertEqual(bytes.count % frameBytes, 0, "whole \(Self.width)x\(Self.height) frames")
        return bytes.withUnsafeBytes { raw in
            (0..<(bytes.count / frameBytes)).map { k in
                (0..<(Self.width * Self.height)).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k * frameBytes + $0 * 4, as: UInt32.self)) }
            }
        }
    }

    func testWebPAndMP4OfASpinAreEveryFrameOfRenderWithinTheirPSNR() throws {
        let expected = try renderedFrames()
        try recordSpin(path("spin.webp"))
        let webp = try webPFrames(path("spin.webp"))
        XCTAssertEqual(webp.count, Self.frames, "every 1/30 s frame, 320x180")
        let webpPSNR = psnr(webp, expected)
        // Measured 33.9 dB (at 1080p, where edges are fewer for the pixels, 38.9 dB).
        XCTAssertGreaterThanOrEqual(webpPSNR, 32, "WebP at the default quality 80")

        try recordSpin(path("spin.mp4"))
        let mp4 = try mp4Frames(path("spin.mp4"))
        XCTAssertEqual(mp4.count, Self.frames, "every frame, 320x180")
        let mp4PSNR = psnr(mp4, expected)
        // Measured 34.5 dB (39.6 dB at 1080p).
        XCTAssertGreaterThanOrEqual(mp4PSNR, 32, "MP4 at the default quality 80 (crf 20)")
        print("PSNR against render: WebP \(webpPSNR) dB, MP4 \(mp4PSNR) dB")
    }

    /// -q reaches the MP4 (x264's crf is 100 − q): before, it was ignored and every MP4 was crf 18.
    func testAHigherQualityGivesTheMP4ABetterPictureInALargerFile() throws {
        let expected = try renderedFrames(seconds: 2)
        var results: [(bytes: Int, psnr: Double)] = []
        for quality in ["60", "90"] {
            let out = path("q\(quality).mp4")
            try recordSpin(out, seconds: 2, ["-q", quality])
            let bytes = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0
            let frames = try mp4Frames(out)
            XCTAssertEqual(frames.count, 60)
            results.append((bytes, psnr(frames, expected)))
        }
        print("MP4 -q 60: \(results[0]); -q 90: \(results[1])")
        XCTAssertGreaterThan(results[1].psnr, results[0].psnr + 3, "-q 90 is the better picture")
        XCTAssertGreaterThan(results[1].bytes, results[0].bytes * 2, "-q 90 is the larger file")
    }

    /// 1 s of a 1080p spin to MP4: Roundel's and ffmpeg's peak resident memory, added, under 256 MB (it
    /// was about 500 MB: x264's medium preset held 40 frames for its lookahead, and two copies of
    /// the scene drew for it).
    func testA1080pMP4RecordingStaysUnder256MB() throws {
        let run = try ProcessTreeMemory.run(cli.binary.path, arguments: [
            "record", "wheel", "--seed", "3", "--size", "1920x1080", "--to", "1", "--out", path("big.mp4")])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("big.mp4")))
        let megabytes = Double(run.peakBytes) / 1_048_576
        print("1080p MP4: peak \(megabytes) MB, \(run.programs)")
        XCTAssertEqual(Set(run.programs.keys), ["roundel", "ffmpeg"], "both measured")
        XCTAssertLessThan(megabytes, 256)
    }
}
