// The last draw's witness: a small file beside the state database (`roundel.db.last-draw`) holding
// the newest draw's number and hash, written and synced after each draw's commit and before the wheel
// turns. It lives apart from the database, so what the storage does to the database (the file emptied,
// cut short, deleted or put back from an older copy, a journal lost, writes a failing card dropped)
// shows at the next open: the database must still hold that draw, with that hash (`Ledger.check`).
// Two 256-byte slots written in turn, in place (pwrite, then fdatasync) into blocks allocated when the
// file was made: a write torn by a power cut spoils only the slot being written (its SHA-256 check
// fails) while the other still holds the draw before, and a full disk cannot refuse the write.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The newest draw a witness vouches for (draw 0, hash "": none yet).
struct Witnessed: Equatable {
    var draw: Int
    var hash: String
}

/// What a witness file says.
enum WitnessReading: Equatable {
    /// No file: a new record, or one last written by a Roundel before witnesses.
    case absent
    /// A file whose slots are both spoilt: the storage lost more than a torn write explains.
    case damaged
    case found(Witnessed, sequence: Int)
}

final class WitnessFile {
    let path: String
    private let descriptor: Int32
    private var sequence: Int

    static let slotSize = 256
    static let heading = "roundel last draw 1"

    /// The witness for the database at `databasePath` (its real path: a symlink's target).
    static func path(for databasePath: String) -> String { databasePath + ".last-draw" }

    /// What the file at `path` says; throws only when it exists and cannot be read.
    static func read(path: String) throws(FileProblem) -> WitnessReading {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .absent }
            throw FileProblem(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 2 * slotSize)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 2 * slotSize, 0) }
        guard n >= 0 else { throw FileProblem(String(cString: strerror(errno))) }
        var best: (Witnessed, Int)?
        for slot in 0..<2 where n >= (slot + 1) * slotSize {
            guard let (witnessed, sequence) = parse(bytes[(slot * slotSize)..<((slot + 1) * slotSize)]) else { continue }
            if sequence > best?.1 ?? -1 { best = (witnessed, sequence) }
        }
        guard let best else { return .damaged }
        return .found(best.0, sequence: best.1)
    }

    /// Opens the witness at `path` to keep it current, making it first (saying `current`) when it is
    /// absent: written to a temporary file, synced, renamed into place and the folder synced.
    init(path: String, current: Witnessed, reading: WitnessReading) throws(FileProblem) {
        self.path = path
        if case .found(_, let sequence) = reading {
            self.sequence = sequence
        } else {
            let temporary = path + ".new"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw FileProblem("cannot be made: " + String(cString: strerror(errno))) }
            let bytes = WitnessFile.slot(current, sequence: 0) + WitnessFile.slot(current, sequence: 1)
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            let synced = written == bytes.count && fsync(fd) == 0
            let reason = String(cString: strerror(errno))
            close(fd)
            guard synced, rename(temporary, path) == 0 else {
                unlink(temporary)
                throw FileProblem("cannot be made: " + (written >= 0 && written < bytes.count ? "the disk is full" : reason))
            }
            WitnessFile.syncFolder(of: path)
            self.sequence = 1
        }
        descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw FileProblem("cannot be opened for writing: " + String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Vouches for `witnessed` from now on: the older slot is overwritten, then synced.
    func write(_ witnessed: Witnessed) throws(FileProblem) {
        let next = sequence + 1
        let bytes = WitnessFile.slot(witnessed, sequence: next)
        let offset = off_t((next % 2) * WitnessFile.slotSize)
        let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress!, $0.count, offset) }
        guard n == bytes.count, fdatasync(descriptor) == 0 else {
            throw FileProblem("cannot be written: " + (n >= 0 && n < bytes.count ? "a short write" : String(cString: strerror(errno))))
        }
        sequence = next
    }

    /// A slot: text lines a person can read, the last a SHA-256 of the lines before it, padded with
    /// spaces to `slotSize` and ended by a line break.
    static func slot(_ witnessed: Witnessed, sequence: Int) -> [UInt8] {
        let body = "\(heading)\nsequence \(sequence)\ndraw \(witnessed.draw)\nhash \(witnessed.hash)\n"
        var bytes = Array((body + "check " + SHA256.hex(body) + "\n").utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: max(0, slotSize - 1 - bytes.count))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func parse(_ slot: ArraySlice<UInt8>) -> (Witnessed, Int)? {
        guard let text = String(validating: slot, as: UTF8.self) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 5, lines[0] == heading, lines[4].hasPrefix("check ") else { return nil }
        let body = lines[0..<4].joined(separator: "\n") + "\n"
        guard SHA256.hex(body) == lines[4].dropFirst(6), lines[1].hasPrefix("sequence "), lines[2].hasPrefix("draw "),
              lines[3].hasPrefix("hash "), let sequence = Int(lines[1].dropFirst(9)), let draw = Int(lines[2].dropFirst(5)),
              sequence >= 0, draw >= 0 else { return nil }
        return (Witnessed(draw: draw, hash: String(lines[3].dropFirst(5))), sequence)
    }

    /// Makes a rename in the folder of `path` durable (best effort: some file systems refuse).
    static func syncFolder(of path: String) {
        let fd = open(Ledger.parentDirectory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
