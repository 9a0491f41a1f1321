// Two of the places `roundel record` writes frames: a folder of numbered PNGs and an animated WebP
// (libwebp's WebPAnimEncoder); the third, an H.264 MP4, is MP4Writer. Each writes under a temporary
// name beside the target and renames it into place when complete; `abandon` removes the temporary.
import CWebP
import Files
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import PNGCodec
import Raster

/// A name beside `path` for writing before the rename: `.path.roundel-PID`.
private func temporaryName(for path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    let slash = trimmed.lastIndex(of: "/")
    let directory = slash.map { String(trimmed[...$0]) } ?? ""
    let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    return directory + "." + name + ".roundel-\(getpid())"
}

/// The output file checked before any frame is drawn: a device, FIFO or folder at `path` is refused,
/// and so is a folder that is missing or may not be written (found at the end, that cost the whole
/// recording and, for MP4, read as "ffmpeg stopped reading").
func checkedOutput(_ path: String) throws -> OutputFile {
    let output: OutputFile
    do { output = try OutputFile(path) } catch { throw UserError("roundel: --out \(MessageText.quoted(path)): \(error.problem)") }
    do { try output.checkFolder() } catch { throw cannotWrite(path, error.problem) }
    return output
}

func cannotWrite(_ path: String, _ why: String = String(cString: strerror(errno))) -> UserError {
    UserError("roundel: --out \(MessageText.quoted(path)): cannot write (\(why))")
}

final class PNGFolderWriter: FrameWriter {
    let path: String, temporary: String
    private var index = 0

    init(path: String) throws {
        self.path = path
        do { try RegularFile.checkPath(path) } catch { throw UserError("roundel: --out \(MessageText.quoted(path)): \(error.problem)") }
        temporary = temporaryName(for: path)
        var info = stat()
        if stat(String(path.dropLast()), &info) == 0 {
            throw UserError("roundel: --out '\(path)' exists; record makes a new folder (remove it or name another)")
        }
        guard mkdir(temporary, 0o755) == 0 else { throw cannotWrite(path) }
    }

    func add(_ frame: Pixmap) throws {
        index += 1
        let name = String(index)
        let file = temporary + "/frame-" + String(repeating: "0", count: max(0, 5 - name.count)) + name + ".png"
        do { try writePNG(frame, to: file) } catch { throw UserError(error.description) }
    }

    func finish(beforeCommit: () throws -> Void) throws {
        try beforeCommit()
        guard rename(temporary, String(path.dropLast())) == 0 else { throw cannotWrite(path) }
    }

    func abandon() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) {
            for name in names { unlink(temporary + "/" + name) }
        }
        rmdir(temporary)
    }
}

final class WebPWriter: FrameWriter {
    let path: String, output: OutputFile
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private var picture = WebPPicture()
    private let frameMilliseconds: Double
    private var index = 0

    init(path: String, width: Int, height: Int, fps: Int, quality: Float?) throws {
        self.path = path
        output = try checkedOutput(path)
        guard width <= 16_383, height <= 16_383 else { throw UserError("roundel: --out '\(path)': WebP frames are at most 16383 px a side") }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw cannotWrite(path, "libwebp version mismatch") }
        // Lossy sub-frames treat pixels within a few levels of the previous frame as unchanged, so a
        // slow fade (the winner card dimming the wheel) never arrives and stale rectangles stay:
        // every lossy frame is a key frame. Lossless sub-frames are exact and stay.
        if quality != nil { options.kmax = 1 }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw cannotWrite(path, "libwebp could not start an animation")
        }
        self.encoder = encoder
        frameMilliseconds = 1000 / Double(fps)
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else { throw cannotWrite(path, "libwebp version mismatch") }
        if let quality { config.lossless = 0; config.quality = quality } else { config.lossless = 1; config.quality = 50; config.method = 1 }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
    }

    deinit {
        WebPPictureFree(&picture)
        WebPAnimEncoderDelete(encoder)
    }

    /// A frame with transparency (a background colour with alpha) as straight words, kept for the next.
    private var straight: [UInt32] = []

    func add(_ frame: Pixmap) throws {
        // An opaque frame is its own straight words; one with transparency is un-premultiplied
        // first (libwebp takes straight BGRA), into words kept from frame to frame.
        func handOver(_ words: [UInt32], stride: Int) -> Int32 {
            words.withUnsafeBytes {
                WebPPictureImportBGRA(&picture, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(stride * 4))
            }
        }
        let imported: Int32
        if frame.pixels.allSatisfy({ $0 >> 24 == 255 }) {
            imported = handOver(frame.pixels, stride: frame.stride)
        } else {
            if straight.count != frame.width * frame.height { straight = [UInt32](repeating: 0, count: frame.width * frame.height) }
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let pixel = frame[x, y], alpha = pixel >> 24
                    var word: UInt32 = 0
                    if alpha == 255 { word = pixel } else if alpha > 0 {
                        let c = unpremultiply(pixel)
                        word = alpha << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
                    }
                    straight[y * frame.width + x] = word
                }
            }
            imported = handOver(straight, stride: frame.width)
        }
        guard imported != 0 else { throw cannotWrite(path, "libwebp could not take a frame") }
        let time = Int32((Double(index) * frameMilliseconds).rounded())
        guard WebPAnimEncoderAdd(encoder, &picture, time, &config) != 0 else {
            throw cannotWrite(path, "libwebp: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        index += 1
    }

    func finish(beforeCommit: () throws -> Void) throws {
        let end = Int32((Double(index) * frameMilliseconds).rounded())
        guard WebPAnimEncoderAdd(encoder, nil, end, nil) != 0 else { throw cannotWrite(path, String(cString: WebPAnimEncoderGetError(encoder))) }
        var data = WebPData()
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw cannotWrite(path, String(cString: WebPAnimEncoderGetError(encoder)))
        }
        guard let file = fopen(output.temporary, "wbx") else { throw cannotWrite(path) }
        let written = fwrite(bytes, 1, data.size, file)
        let closed = fclose(file)
        guard written == data.size, closed == 0 else { output.discard(); throw cannotWrite(path) }
        try beforeCommit()
        do { try output.commit() } catch { throw cannotWrite(path, error.problem) }
    }

    func abandon() { output.discard() }
}
