// Reading a file a user named (a config, a names list, a font, an image): only a regular file, and
// only up to a stated size, both checked before a byte is read or memory is taken. A FIFO, a device
// or a directory is refused by name (a FIFO would block forever, /dev/zero would never end), and a
// path with a NUL character is refused rather than silently cut at the NUL.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written, in words that finish "'<file>' …" in a message.
public struct FileProblem: Error, Equatable, CustomStringConvertible {
    public let problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { problem }
}

public enum RegularFile {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) throws(FileProblem) -> [UInt8] {
        try checkPath(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileProblem(openProblem(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileProblem(String(cString: strerror(errno))) }
        try checkKind(info.st_mode)
        guard Int(info.st_size) <= limit else { throw tooLarge(Int(info.st_size), limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw FileProblem(String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Refuses what is not a regular file at `path` (following symbolic links) without reading it.
    public static func check(_ path: String, limit: Int) throws(FileProblem) {
        try checkPath(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem(openProblem(errno)) }
        try checkKind(info.st_mode)
        guard Int(info.st_size) <= limit else { throw tooLarge(Int(info.st_size), limit: limit) }
    }

    /// A path must be non-empty and free of NUL characters (which C would silently cut it at).
    public static func checkPath(_ path: String) throws(FileProblem) {
        guard !path.isEmpty else { throw FileProblem("is an empty path") }
        guard !path.utf8.contains(0) else { throw FileProblem("contains a NUL character") }
    }

    static func checkKind(_ mode: mode_t) throws(FileProblem) {
        switch mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw FileProblem("is a directory")
        case S_IFIFO: throw FileProblem("is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw FileProblem("is a device, not a regular file")
        case S_IFSOCK: throw FileProblem("is a socket, not a regular file")
        default: throw FileProblem("is not a regular file")
        }
    }

    static func tooLarge(_ size: Int, limit: Int) -> FileProblem {
        let actual = sizeText(size) == sizeText(limit) ? "\(size) bytes" : sizeText(size)
        return FileProblem("is larger than \(sizeText(limit)) (\(actual))")
    }

    static func openProblem(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a folder on its path is not a folder"
        default: return String(cString: strerror(code))
        }
    }

    /// "4 MB", "64 kB", "12 bytes".
    public static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 || bytes >= 10 << 20 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 20 { let tenths = (bytes * 10) >> 20; return "\(tenths / 10).\(tenths % 10) MB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) kB" }
        return "\(bytes) bytes"
    }
}
