// Running another program and collecting what it prints (for `roundel bench --cairo`), or reading it
// record by record as it prints (`stream`: ffmpeg decoding frames for `bench --record`): posix_spawn
// with stdout on a pipe, then waitpid, so the executable needs no Foundation `Process`. The child
// inherits stdin and stderr; its environment is ours.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ChildProcess {
    /// What the program printed on stdout and how it ended (its exit status, or 128 + the signal
    /// that killed it, as shells report).
    struct Result {
        var output: [UInt8]
        var status: Int32
    }

    /// Runs `program` (a path, not looked up in PATH) with `arguments` to completion. Throws the
    /// C library's reason (`No such file or directory`) when it cannot be started.
    static func run(_ program: String, arguments: [String]) throws(UserError) -> Result {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let status = try spawn(program, arguments: arguments) { readEnd in
            while true {
                let n = read(readEnd, &chunk, chunk.count)
                if n > 0 { output += chunk[..<n]; continue }
                if n < 0, errno == EINTR { continue }
                break
            }
        }
        return Result(output: output, status: status)
    }

    /// Runs `program` with `arguments` to completion, calling `each` with every whole `recordBytes`
    /// it prints (one buffer, reused; a short last record is dropped), and returns its status as `run` does.
    static func stream(_ program: String, arguments: [String], recordBytes: Int,
                       each: (UnsafeRawBufferPointer) -> Void) throws(UserError) -> Int32 {
        var record = [UInt8](repeating: 0, count: recordBytes)
        return try spawn(program, arguments: arguments) { readEnd in
            record.withUnsafeMutableBytes { buffer in
                var filled = 0
                while true {
                    let n = read(readEnd, buffer.baseAddress! + filled, recordBytes - filled)
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { break }
                    filled += n
                    if filled == recordBytes { each(UnsafeRawBufferPointer(buffer)); filled = 0 }
                }
            }
        }
    }

    /// Starts `program` with stdout on a pipe, lets `reading` read the pipe to its end, then waits.
    private static func spawn(_ program: String, arguments: [String], reading: (Int32) -> Void) throws(UserError) -> Int32 {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw UserError(String(cString: strerror(errno))) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(writeEnd)
        guard spawned == 0 else { throw UserError(String(cString: strerror(spawned))) }
        reading(readEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        return exited ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }
}
