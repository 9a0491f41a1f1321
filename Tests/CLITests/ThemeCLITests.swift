// A theme and a transparent background through the command line: an unknown theme is one line and
// exit 2; a background colour with alpha (#00000000) gives a `render` PNG with an alpha channel
// (corners clear, the wheel opaque, its edges in between) and a `record` WebP whose frames keep it; MP4, which has no alpha, is refused in
// one line that points to WebP, before anything is written.
import CWebP
import Foundation
import PNGCodec
import Raster
import XCTest

final class ThemeCLITests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    func config(_ json: String) throws -> String {
        let file = path("config.json")
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testAnUnknownThemeIsOneLineWithTheList() throws {
        let out = path("x.png")
        let r = try cli.run(["render", "wheel", "--config", try config(#"{"theme": "midnight"}"#), "--at", "0", "--out", out])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("theme: 'midnight' is not a theme"), r.stderr)
        XCTAssertTrue(r.stderr.contains("classic, light, dark, high-contrast, pastel, neon"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testATransparentBackgroundRendersAPNGWithAlpha() throws {
        let file = try config(##"{"theme": "neon", "wheel": {"backgroundColor": "#00000000"}}"##)
        let out = path("clear.png")
        let r = try cli.run(["render", "wheel", "--config", file, "--size", "200x200", "--at", "0", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        XCTAssertEqual(bytes[25], 6, "colour type 6: RGBA")
        let image = try readPNG(out)
        for (x, y) in [(0, 0), (199, 0), (0, 199), (199, 199)] { XCTAssertEqual(image[x, y] >> 24, 0, "corner \(x),\(y) is clear") }
        // Down the middle column: clear above the pointer, the wheel opaque, its edges in between.
        let alphas = (0..<200).map { image[100, $0] >> 24 }
        XCTAssertTrue(alphas.contains(255), "the wheel is opaque")
        XCTAssertTrue(alphas.contains { $0 > 0 && $0 < 255 }, "the edge between: \(alphas)")
    }

    func testARecordedWebPKeepsTheTransparency() throws {
        let file = try config(##"{"wheel": {"backgroundColor": "#00000000"}}"##)
        let out = path("clear.webp"), still = path("still.png")
        let r = try cli.run(["record", "wheel", "--config", file, "--seed", "3", "--size", "160x120", "--fps", "10", "--to", "1",
                             "--lossless", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rendered = try cli.run(["render", "wheel", "--config", file, "--seed", "3", "--size", "160x120", "--at", "0.5", "--out", still])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let expected = try readPNG(still)
        let frames = decodedWebP(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), width: 160, height: 120)
        XCTAssertEqual(frames.count, 10)
        guard frames.count == 10 else { return }
        let frame = frames[5]
        XCTAssertEqual(frame[0] >> 24, 0, "a corner is clear")
        XCTAssertTrue(frame.contains { $0 >> 24 > 0 && $0 >> 24 < 255 }, "edges in between")
        // Straight BGRA, lossless: every pixel's alpha, and the colour of every one not clear, is the PNG's.
        var differing = 0
        for (k, pixel) in frame.enumerated() {
            let want = expected.pixels[k], alpha = want >> 24
            let straight = alpha == 0 ? 0 : alpha == 255 ? want : {
                let c = unpremultiply(want)
                return alpha << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
            }()
            if pixel >> 24 != alpha || (alpha > 0 && pixel != straight) { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "frame 5 is render --at 0.5 with its alpha")
    }

    func testTheWindowsScreenshotKeepsTheTransparency() throws {
        let file = try config(##"{"wheel": {"backgroundColor": "#00000000"}}"##)
        let shot = path("shot.png")
        let r = try cli.run(["run", "--config", file, "--state", path("s.db"), "--size", "160x120", "--screenshot", shot, "--after", "0.3"],
                            environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try readPNG(shot)
        XCTAssertEqual(image[0, 0] >> 24, 0, "a corner is clear, not the window's black")
        XCTAssertTrue(image.pixels.contains { $0 >> 24 == 255 }, "the wheel is opaque")
        XCTAssertTrue(image.pixels.contains { $0 >> 24 > 0 && $0 >> 24 < 255 }, "edges in between")
    }

    func testMP4WithATransparentBackgroundIsRefusedPointingToWebP() throws {
        let file = try config(##"{"wheel": {"backgroundColor": "#00000000"}}"##)
        let out = path("clear.mp4")
        let r = try cli.run(["record", "wheel", "--config", file, "--size", "160x120", "--to", "1", "--out", out])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("MP4 has no alpha"), r.stderr)
        XCTAssertTrue(r.stderr.contains(".webp"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["config.json"], "nothing written")
    }

    /// Every frame of an animated WebP as straight BGRA words, decoded by libwebp's demuxer.
    func decodedWebP(_ bytes: [UInt8], width: Int, height: Int) -> [[UInt32]] {
        var frames: [[UInt32]] = []
        bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return }
            options.color_mode = MODE_BGRA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return }
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels {
                frames.append(pixels.withMemoryRebound(to: UInt32.self, capacity: width * height) {
                    Array(UnsafeBufferPointer(start: $0, count: width * height))
                })
            }
        }
        return frames
    }
}
