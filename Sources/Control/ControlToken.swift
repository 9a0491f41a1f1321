// The secret every request must carry (`Authorization: Bearer TOKEN`). Read from the config's
// `tokenFile`, which is refused when its group or others have any access to it (as ssh refuses a
// key), or made on first start beside the state database (`control-token`, mode 0600, 32 random
// bytes from the system's generator as 64 hex digits). Compared in constant time.
import Glibc

/// Why the control server cannot start: one line naming the file or address and what is wrong.
public struct ControlError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public struct ControlToken: Sendable {
    /// The token as the link carries it (printable ASCII, no spaces).
    public let value: String

    public init(value: String) { self.value = value }

    /// The name of the file made beside the state database.
    public static let fileName = "control-token"

    /// Reads the token in `path` (its first line, surrounding whitespace ignored).
    public static func read(from path: String) throws(ControlError) -> ControlToken {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw ControlError("\(path): cannot read the control token: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ControlError("\(path): the control token must be a regular file")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ControlError("\(path): others can read the control token (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw ControlError("\(path): cannot read the control token: \(String(cString: strerror(errno)))") }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let token = line.trimmingWhitespace
        guard token.utf8.count >= 16, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ControlError("\(path): the control token must be at least 16 printable characters without spaces")
        }
        return ControlToken(value: token)
    }

    /// The token in `directory`/control-token, made (mode 0600) if there is none yet.
    public static func readOrMake(in directory: String) throws(ControlError) -> ControlToken {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName
        if let existing = try? read(from: path) { return existing }
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
        // Written whole to a file of its own, synced, then linked in under the name: a power cut never
        // leaves an empty or half token, and link (unlike OutputFile's rename) never replaces a token
        // another process (the kiosk, `roundel control-link`) made meanwhile: theirs is read instead.
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw ControlError("\(path): cannot make the control token: \(String(cString: strerror(errno)))") }
        defer { unlink(temporary) }
        let line = Array((hex + "\n").utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == line.count, synced else { throw ControlError("\(path): cannot write the control token") }
        guard link(temporary, path) == 0 else {
            guard errno == EEXIST else { throw ControlError("\(path): cannot make the control token: \(String(cString: strerror(errno)))") }
            return try read(from: path)
        }
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)   // the name itself survives a power cut
            close(folder)
        }
        return ControlToken(value: hex)
    }

    /// Whether `header` (an Authorization header's value, nil if absent) carries this token. Takes
    /// the same time whatever the header holds, for a given token length.
    func accepts(authorization header: String?) -> Bool {
        // The scheme's name is case-insensitive (RFC 9110): "Bearer", "bearer".
        guard let header, header.utf8.count > 7, header.utf8.prefix(7).map({ $0 | 0x20 }) == Array("bearer ".utf8) else { return false }
        let given = Array(header.utf8.dropFirst(7)), expected = Array(value.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for i in 0..<expected.count {
            difference |= expected[i] ^ (i < given.count ? given[i] : 0)
        }
        return difference == 0
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and carriage returns.
    fileprivate var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
