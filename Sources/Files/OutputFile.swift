// Writing a file a user named (`--out`, a screenshot): the bytes go to a temporary file beside the
// target and are renamed into place once complete, so no reader ever sees half a file and a failed
// write leaves nothing. What is at the path is respected:
// - a directory, device, FIFO or socket is refused (renaming over /dev/null as root would replace
//   the device with a file);
// - a symbolic link is written through: its target file is replaced and the link stays a link (a
//   link to nothing is refused, as is a link to something that is not a regular file);
// - an existing file keeps its mode (and, when Roundel may set it, its owner and group); a file
//   Roundel may not write is refused, as `cp` would, rather than replaced by a rename.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct OutputFile: Sendable {
    /// The path as the user gave it (for messages).
    public let path: String
    /// The file that is replaced or created: `path`, or where its symbolic link points.
    public let target: String
    /// Where the bytes are written first, in the target's folder (so the rename is atomic).
    public let temporary: String
    /// The target's folder ("" for the working directory), where `temporary` is made.
    private let folder: String
    private let kept: (mode: mode_t, owner: uid_t, group: gid_t)?

    public init(_ path: String) throws(FileProblem) {
        try RegularFile.checkPath(path)
        guard !path.hasSuffix("/") else { throw FileProblem("names a folder; give a file name") }
        self.path = path
        var info = stat()
        var resolved = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let real = realpath(path, nil) else { throw FileProblem("is a symbolic link to nothing (\(String(cString: strerror(errno))))") }
            resolved = String(cString: real)
            free(real)
        }
        target = resolved
        if stat(resolved, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                do { try RegularFile.checkKind(info.st_mode) } catch { throw FileProblem(error.problem + "; Roundel writes only to files") }
                throw FileProblem("is not a regular file")
            }
            guard access(resolved, W_OK) == 0 else { throw FileProblem("exists and cannot be written (\(String(cString: strerror(errno))))") }
            kept = (info.st_mode & 0o7777, info.st_uid, info.st_gid)
        } else {
            kept = nil
        }
        let slash = resolved.lastIndex(of: "/")
        folder = slash.map { String(resolved[...$0]) } ?? ""
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        // PID plus a random tag: concurrent writers (processes or threads) do not collide.
        temporary = "\(folder).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Refuses a folder that is missing, is not a folder or may not be written, with the C library's
    /// reason ("No such file or directory"): a writer that works for minutes before its first byte
    /// (`roundel record`) calls this first, so the problem is not found only at the end.
    public func checkFolder() throws(FileProblem) {
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else { throw FileProblem(String(cString: strerror(errno))) }
    }

    /// Puts the complete temporary file in place, with the mode and owner the old file had.
    public func commit() throws(FileProblem) {
        if let kept {
            chmod(temporary, kept.mode)
            var info = stat()
            if stat(temporary, &info) == 0, info.st_uid != kept.owner || info.st_gid != kept.group {
                _ = chown(temporary, kept.owner, kept.group)   // allowed for root; otherwise the file is the writer's
            }
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileProblem("cannot be written (\(reason))")
        }
    }

    /// Removes the temporary file (after a failed write).
    public func discard() { unlink(temporary) }

    /// Writes `bytes` as the file at `path`: to the temporary file, synced, then renamed into place.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileProblem) {
        let output = try OutputFile(path)
        let fd = open(output.temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileProblem("cannot be written (\(String(cString: strerror(errno))))") }
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                output.discard()
                throw FileProblem("cannot be written (\(reason))")
            }
            rest = rest.dropFirst(n)
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced else { output.discard(); throw FileProblem("cannot be written (\(String(cString: strerror(errno))))") }
        try output.commit()
    }
}
