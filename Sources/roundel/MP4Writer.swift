// `roundel record`'s MP4: raw BGRA frames piped to Debian's ffmpeg, which encodes H.264 (libx264, 4:2:0
// as players expect) into a temporary file beside the target; `finish` renames it into place,
// `abandon` stops ffmpeg and removes it. Sizes H.264 cannot take are refused before ffmpeg starts
// (`checkSize`), and when ffmpeg fails all the same its own last line says why. x264's settings were
// chosen by measuring a 5 s 1080p spin (docs/performance.md): preset superfast with no B-frames and
// no frames held for a threaded lookahead records it in about a third of the time medium took, with
// the same PSNR against `render` at crf 20 (a larger file), and ffmpeg holds about 135 MB instead of
// 490 MB.
#if canImport(Glibc)
import Glibc
#endif
import Files
import FoundationEssentials
import Raster

final class MP4Writer: FrameWriter {
    let path: String, output: OutputFile
    private let process: pid_t
    private let input: Int32
    /// ffmpeg's stderr.
    private let messages = ChildMessages()

    /// The most 16x16 px blocks (macroblocks) an H.264 frame may have at level 6.2, the largest level
    /// (ITU-T H.264 table A-1, MaxFS): 8192x4352 or 16384x2176 px. Debian's ffmpeg 5.1 with libx264
    /// encodes larger frames into a stream no level allows (12000x12000 is marked 6.2), and from
    /// about 16256x16256 refuses the size at start ("Picture size 16384x16384 is invalid"), which
    /// Roundel learnt only when it sent the first frames. libx264 takes at most 16384 px a side,
    /// `FrameSize.limit` already. The level's blocks a second are not checked: over them (8192x4352
    /// above 120 fps) libx264 only warns, and the frames are what they should be.
    static let largestFrameBlocks = 139_264

    /// Refuses, before any work, a frame size H.264 (4:2:0) cannot take: an odd side (colour is stored
    /// for 2x2 px; padding would add a black row or column the scene never drew, and drawing at another
    /// size than asked is no better, so the even sizes nearest are named) or a frame over level 6.2.
    static func checkSize(width: Int, height: Int, path: String) throws {
        guard width % 2 == 0, height % 2 == 0 else {
            let smaller = width > 1 && height > 1 ? "\(width & ~1)x\(height & ~1) or " : ""
            throw UserError("roundel: --out \(MessageText.quoted(path)): \(width)x\(height) has an odd side, and an MP4 (H.264 as players "
                            + "take it) stores colour for 2x2 px: use \(smaller)\(width + width % 2)x\(height + height % 2)")
        }
        let blocks = ((width + 15) / 16) * ((height + 15) / 16)
        guard blocks <= largestFrameBlocks else {
            throw UserError("roundel: --out \(MessageText.quoted(path)): \(width)x\(height) is too large for an MP4: H.264's largest level (6.2) "
                            + "allows \(largestFrameBlocks) blocks of 16x16 px (8192x4352 and 7680x4320 fit), this is \(blocks); "
                            + "a folder of PNGs takes any size")
        }
    }

    /// x264's constant rate factor for `quality` (0…100, as WebP's): 100 − quality, at most 51
    /// (x264's largest); the default quality 80 is crf 20, and 100 is lossless (in 4:2:0 colour).
    static func rateFactor(quality: Float) -> Int { min(51, Int((100 - quality).rounded())) }

    /// Starts ffmpeg reading raw BGRA frames on stdin, encoding with `threads` threads at
    /// `rateFactor(quality:)`; one line when it is not installed.
    init(path: String, width: Int, height: Int, fps: Int, quality: Float, threads: Int) throws {
        self.path = path
        output = try checkedOutput(path)
        try MP4Writer.checkSize(width: width, height: height, path: path)
        guard let ffmpeg = MP4Writer.find("ffmpeg") else {
            throw UserError("roundel: --out '\(path)': writing MP4 needs ffmpeg (Debian: apt-get install ffmpeg), not found on PATH")
        }
        // An ffmpeg that exits early must give its reason, not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw cannotWrite(path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        if messages.descriptor >= 0 {
            posix_spawn_file_actions_adddup2(&actions, messages.descriptor, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let arguments = ["ffmpeg", "-nostdin", "-nostats", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
                         "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-", "-c:v", "libx264", "-preset", "superfast",
                         "-crf", "\(MP4Writer.rateFactor(quality: quality))", "-bf", "0", "-threads", "\(threads)",
                         "-x264-params", "sync-lookahead=0", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", output.temporary]
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

    /// Writes each frame's words to ffmpeg's pipe, which holds 64 KiB: the write waits while ffmpeg
    /// is busy, so no more than the frame being written waits on this side (about 8 MB at 1080p).
    func add(_ frames: ArraySlice<Canvas>) throws {
        for frame in frames {
            try frame.pixmap.pixels.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let n = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw failure(status: wait(), reading: false) }
                    offset += n
                }
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
        guard status == 0 else { output.discard(); throw failure(status: status, reading: true) }
        try beforeCommit()
        do { try output.commit() } catch { throw cannotWrite(path, error.problem) }
    }

    /// Why ffmpeg failed, once it has ended (`status` from waitpid): its own last line, else how it
    /// ended, `reading` or not what it was sent.
    private func failure(status: Int32, reading: Bool) -> UserError {
        if let line = messages.lastLine() { return cannotWrite(path, "ffmpeg: " + line) }
        let ended = status & 0x7F == 0 ? "with status \((status >> 8) & 0xFF)" : "by signal \(status & 0x7F)"
        return cannotWrite(path, reading ? "ffmpeg ended \(ended)" : "ffmpeg stopped reading, ended \(ended)")
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
