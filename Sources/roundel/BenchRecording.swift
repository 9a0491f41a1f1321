// `roundel bench --record`: this binary records a 5 s seeded spin at 30 fps (150 frames, `--size`) to
// WebP and to MP4, as a user runs it (one process, every core), three times each, and prints for each
// format the median wall seconds (and the spread), CPU seconds, peak memory, file size and PSNR:
// - peak MB: Roundel's and ffmpeg's own peak resident memory (VmHWM, read from /proc every 10 ms
//   while they run), added: at least what the two hold at once (`ProcessTreeMemory`);
// - PSNR: the recorded file decoded (WebP by libwebp's animation decoder, MP4 by ffmpeg to BGRA, its
//   colour upsampled with interpolation and exact rounding) against the 150 frames `render` draws,
//   over R, G and B of every pixel of every frame: 10·log10(255² / mean squared difference).
// The machine's load (/proc/loadavg) is printed with them: on a busy machine the seconds grow, the
// CPU seconds much less.
import CWebP
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Raster
import Scenes

struct BenchRecording {
    let executable: String
    let size: FrameSize
    static let runs = 3, fps = 30, seconds = 5.0, seed: UInt64 = 1
    static var frames: Int { Int(seconds) * fps }

    struct Result {
        var format: String
        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        var peakBytes = 0
        var fileBytes = 0
        var psnr = 0.0
    }

    /// Records to `format` (webp or mp4) `runs` times in `directory` and measures the last file.
    func measure(_ format: String, in directory: String) throws -> Result {
        var result = Result(format: format)
        let out = directory + "/spin." + format
        for _ in 0..<BenchRecording.runs {
            unlink(out)
            let run = try ProcessTreeMemory.run(executable, arguments: [
                "record", "wheel", "--seed", "\(BenchRecording.seed)", "--size", "\(size.width)x\(size.height)",
                "--to", "\(BenchRecording.seconds)", "--fps", "\(BenchRecording.fps)", "--out", out])
            guard run.status == 0 else { throw UserError("roundel: bench --record: recording to .\(format) failed (status \(run.status))") }
            result.seconds.append(run.seconds)
            result.cpuSeconds.append(run.cpuSeconds)
            result.peakBytes = max(result.peakBytes, run.peakBytes)
        }
        var info = stat()
        guard stat(out, &info) == 0 else { throw UserError("roundel: bench --record: no \(out)") }
        result.fileBytes = Int(info.st_size)
        result.psnr = try psnr(of: out, format: format)
        return result
    }

    /// PSNR of the recorded file against `render`'s frames (see the top of this file).
    private func psnr(of path: String, format: String) throws -> Double {
        let options = try SceneOptions.parse(["--seed", "\(BenchRecording.seed)"])
        let scene = try options.make("wheel", spinSeed: BenchRecording.seed, spin: true, timeOfDay: nil)
        guard let canvas = Canvas(width: size.width, height: size.height) else { throw UserError("roundel: cannot make a frame") }
        var squares = 0.0, compared = 0
        func compare(_ decoded: UnsafeRawBufferPointer, frame: Int) {
            scene.render(into: canvas, at: Double(frame) / Double(BenchRecording.fps))
            squares += canvas.pixmap.pixels.withUnsafeBufferPointer { BenchRecording.squaredDifference(decoded, $0) }
            compared += 1
        }
        if format == "mp4" {
            var frame = 0
            guard let ffmpeg = MP4Writer.find("ffmpeg") else { throw UserError("roundel: bench --record needs ffmpeg to decode the MP4") }
            // Colour upsampled and converted exactly, as a player does (ffmpeg's fast default path
            // copies each colour sample to 2x2 px and reads about 2 dB lower).
            let status = try ChildProcess.stream(ffmpeg, arguments: ["-nostdin", "-v", "error", "-i", path,
                                                                     "-vf", "scale=flags=accurate_rnd+full_chroma_int,format=bgra",
                                                                     "-f", "rawvideo", "-"],
                                                 recordBytes: size.width * size.height * 4) { bytes in
                compare(bytes, frame: frame)
                frame += 1
            }
            guard status == 0 else { throw UserError("roundel: bench --record: ffmpeg could not decode \(path)") }
        } else {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            var failed = false
            bytes.withUnsafeBufferPointer { buffer in
                var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
                var options = WebPAnimDecoderOptions()
                guard WebPAnimDecoderOptionsInit(&options) != 0 else { failed = true; return }
                options.color_mode = MODE_BGRA
                guard let decoder = WebPAnimDecoderNew(&data, &options) else { failed = true; return }
                defer { WebPAnimDecoderDelete(decoder) }
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                var frame = 0
                // A frame the encoder merged into the one before shows until the later end time.
                while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels {
                    let decoded = UnsafeRawBufferPointer(start: pixels, count: size.width * size.height * 4)
                    while frame < BenchRecording.frames, Double(frame) * 1000 / Double(BenchRecording.fps) + 1 < Double(end) {
                        compare(decoded, frame: frame)
                        frame += 1
                    }
                }
            }
            if failed { throw UserError("roundel: bench --record: libwebp could not decode \(path)") }
        }
        guard compared == BenchRecording.frames else {
            throw UserError("roundel: bench --record: \(path) has \(compared) frames, not \(BenchRecording.frames)")
        }
        let mean = squares / Double(compared * size.width * size.height * 3)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }

    /// The sum of squared differences of R, G and B between BGRA bytes (little-endian ARGB words)
    /// and the same number of (opaque) premultiplied ARGB words.
    static func squaredDifference(_ bytes: UnsafeRawBufferPointer, _ words: UnsafeBufferPointer<UInt32>) -> Double {
        var total = 0
        for i in 0..<min(words.count, bytes.count / 4) {
            let a = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)), b = words[i]
            let red = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
            let green = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
            let blue = Int(a & 0xFF) - Int(b & 0xFF)
            total += red * red + green * green + blue * blue
        }
        return Double(total)
    }

    /// The machine's load over the last minute, and its cores.
    static func load() -> String {
        var text = [UInt8](repeating: 0, count: 64)
        let file = open("/proc/loadavg", O_RDONLY)
        let n = file >= 0 ? read(file, &text, text.count) : 0
        if file >= 0 { close(file) }
        let first = String(decoding: text[..<max(0, n)], as: UTF8.self).split(separator: " ").first.map(String.init) ?? "?"
        return "load \(first) (1-minute average) on \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}
