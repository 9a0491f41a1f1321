// Watching the config file for edits (operators change it over ssh): its modification time and size
// are polled at most once a second from the event loop, which then waits at most a second for events.
// Polling stat() is portable (Linux, macOS, any filesystem, editors that save by rename) and costs
// one syscall a second; an idle window still sleeps in SDL_WaitEventTimeout between polls.
import Glibc

/// The file's identity for change detection: nil when it cannot be stat'ed right now.
struct FileSignature: Equatable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        size = Int(info.st_size)
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
