// The three places `roundel record` writes frames: a folder of numbered PNGs, an animated WebP
// (libwebp's WebPAnimEncoder) and an H.264 MP4 (raw frames piped to Debian's ffmpeg). Each writes
// under a temporary name beside the target and renames it into place when complete; `abandon`
// removes the temporary.
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
private func checkedOutput(_ path: String) throws -> OutputFile {
    let output: OutputFile
    do { output = try OutputFile(path) } catch { throw UserError("roundel: --out \(MessageText.quoted(path)): \(error.problem)") }
    do { try output.checkFolder() } catch { throw cannotWrite(path, error.problem) }
    return output
}

private func cannotWrite(_ path: String, _ why: String = String(cString: strerror(errno))) -> UserError {
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

    func add(_ frame: Pixmap) throws {
        // Frames are opaque (every scene clears to an opaque background): premultiplied = straight.
        let imported = frame.pixels.withUnsafeBytes {
            WebPPictureImportBGRA(&picture, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(frame.stride * 4))
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

final class MP4Writer: FrameWriter {
    let path: String, output: OutputFile
    private let process: pid_t
    private let input: Int32

    /// Starts ffmpeg reading raw BGRA frames on stdin; one line when it is not installed.
    init(path: String, width: Int, height: Int, fps: Int) throws {
        self.path = path
        output = try checkedOutput(path)
        guard let ffmpeg = MP4Writer.find("ffmpeg") else {
            throw UserError("roundel: --out '\(path)': writing MP4 needs ffmpeg (Debian: apt-get install ffmpeg), not found on PATH")
        }
        // An ffmpeg that exits early must give "ffmpeg stopped reading", not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw cannotWrite(path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Even sides for 4:2:0 (an odd frame gets one black column or row).
        let arguments = ["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
                         "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-",
                         "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                         "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", output.temporary]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // In a process group of its own: Ctrl+C reaches Roundel alone, which stops ffmpeg and removes
        // the half-written file (`abandon`).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        let spawned = posix_spawn(&pid, ffmpeg, &actions, &attributes, argv, environ)
        close(ends[0])
        guard spawned == 0 else { close(ends[1]); throw cannotWrite(path, "ffmpeg: " + String(cString: strerror(spawned))) }
        process = pid
        input = ends[1]
    }

    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where access("\(directory)/\(program)", X_OK) == 0 {
            return "\(directory)/\(program)"
        }
        return nil
    }

    func add(_ frame: Pixmap) throws {
        try frame.pixels.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw cannotWrite(path, "ffmpeg stopped reading") }
                offset += n
            }
        }
    }

    /// Whether ffmpeg has been waited for (its pid may since belong to another process).
    private var waited = false

    private func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        waited = true
        return status
    }

    func finish(beforeCommit: () throws -> Void) throws {
        close(input)
        let status = wait()
        guard status == 0 else { output.discard(); throw cannotWrite(path, "ffmpeg failed (status \(status))") }
        try beforeCommit()
        do { try output.commit() } catch { throw cannotWrite(path, error.problem) }
    }

    func abandon() {
        if !waited {
            close(input)
            kill(process, SIGTERM)
            _ = wait()
        }
        output.discard()
    }
}
