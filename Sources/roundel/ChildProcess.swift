// Running another program and collecting what it prints (for `roundel bench --cairo`): posix_spawn
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

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(readEnd, &chunk, chunk.count)
            if n > 0 { output += chunk[..<n]; continue }
            if n < 0, errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        return Result(output: output, status: exited ? (status >> 8) & 0xFF : 128 + status & 0x7F)
    }
}
