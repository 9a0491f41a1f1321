// `roundel record`'s MP4: raw BGRA frames piped to Debian's ffmpeg, which encodes H.264 (libx264)
// into a temporary file beside the target; `finish` renames it into place, `abandon` stops ffmpeg
// and removes it. When ffmpeg fails, its own last line says why.
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

    /// Starts ffmpeg reading raw BGRA frames on stdin; one line when it is not installed.
    init(path: String, width: Int, height: Int, fps: Int) throws {
        self.path = path
        output = try checkedOutput(path)
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
        // Even sides for 4:2:0 (an odd frame gets one black column or row).
        let arguments = ["ffmpeg", "-nostdin", "-nostats", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
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
                guard n > 0 else { throw failure(status: wait(), reading: false) }
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
