// Watching the config file for edits (operators change it over ssh): it is polled at most once a
// second from the event loop, which then waits at most a second for events. A change is any change
// of its content, not only of its modification time and size: a replacement with the same size and
// mtime (`cp -p`, `touch -r`, a rename or symlink swap) is applied too. A config is at most 4 MB, so
// reading it once a second costs little (a typical one is a few kB); an idle window still sleeps in
// SDL_WaitEventTimeout between polls.
import Files
import Glibc
import Scenes

/// The file's content for change detection (FNV-1a over its bytes, with its length): nil when it
/// cannot be read right now.
struct FileSignature: Equatable {
    let size: Int
    let hash: UInt64

    init?(path: String) {
        guard let bytes = try? RegularFile.read(path, limit: ConfigFile.fileLimit) else { return nil }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        size = bytes.count
        hash = h
    }
}

/// Polls one path; `changed(at:)` is true once per edit (a missing file is not an edit: editors
/// may delete and re-create; the edit is seen when the file is back).
struct ConfigWatch {
    let path: String
    let interval: Double
    private var signature: FileSignature?
    private var lastPoll: Double

    init(path: String, interval: Double = 1, now: Double) {
        self.path = path
        self.interval = interval
        signature = FileSignature(path: path)
        lastPoll = now
    }

    /// Seconds until the next poll is due (0 when overdue).
    func secondsUntilPoll(at now: Double) -> Double { max(0, lastPoll + interval - now) }

    mutating func changed(at now: Double) -> Bool {
        guard now - lastPoll >= interval else { return false }
        lastPoll = now
        guard let current = FileSignature(path: path), current != signature else { return false }
        signature = current
        return true
    }
}
