// Fonts a window could not load, remembered with each file's identity (device, inode, size and
// modification time): a kiosk waiting for files it can use tries its files again every few seconds,
// and reading and parsing the same large fonts each time would take seconds of a Raspberry Pi's core
// while the window waits. The fonts are tried again once the config's `fonts` or one of the files changes.
import Glibc

struct FailedFonts {
    let paths: [String]
    let error: Error
    private let stamps: [Stamp?]

    /// What stat says of a file; nil when it cannot say (a missing file: its return is a change).
    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev); inode = UInt64(info.st_ino); size = Int64(info.st_size)
            seconds = Int(info.st_mtim.tv_sec); nanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    init(paths: [String], error: Error) {
        self.paths = paths; self.error = error
        stamps = paths.map(Stamp.init)
    }

    /// Whether loading `paths` now would meet the same files as the attempt that failed.
    func isUnchanged(_ paths: [String]) -> Bool {
        paths == self.paths && paths.map(Stamp.init) == stamps
    }
}
