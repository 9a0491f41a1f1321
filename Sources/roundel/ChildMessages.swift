// What a child program (ffmpeg) prints on stderr, kept to say why it failed: a temporary file, removed
// as soon as it is made (nothing is left behind, however Roundel ends), rather than a pipe, which the
// child could fill and block on while Roundel waits to write it a frame.
#if canImport(Glibc)
import Glibc
#endif
import Files
import FoundationEssentials

final class ChildMessages {
    /// The file's descriptor, for the child's stderr; -1 when no file could be made (the child's
    /// messages then go to /dev/null and `lastLine` is nil).
    let descriptor: Int32

    init() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/.roundel-messages-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if made >= 0 {
            unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            _ = fcntl(made, F_SETFD, FD_CLOEXEC)   // the child gets it only as its stderr (dup2)
        }
        descriptor = made
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The last line the child printed that has text, with ffmpeg's "[libx264 @ 0x55d0…] " source tags
    /// taken off and made safe for a one-line message; read once the child has ended.
    func lastLine() -> String? {
        guard descriptor >= 0 else { return nil }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > 0 else { return nil }
        let count = Int(min(end, 4096))
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, end - off_t(count)) }
        guard read > 0 else { return nil }
        let text = String(decoding: bytes[..<read], as: UTF8.self)
        guard var line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        while line.hasPrefix("["), let close = line.firstIndex(of: "]"), line[..<close].contains(" @ ") {
            line = line[line.index(after: close)...].drop(while: { $0 == " " })
        }
        return line.isEmpty ? nil : MessageText.escaped(line, limit: 300)
    }
}
