// F12 and `--screenshot`: the presented frame as a PNG. The name uses the local wall-clock time
// (the only wall-clock use in Roundel, and only for naming): roundel-YYYYMMDD-HHMMSS.png, with -2, -3…
// appended when that name is taken. Writing goes through PNGCodec.writePNG, which is atomic.
import Glibc
import PNGCodec
import Raster

/// `roundel-YYYYMMDD-HHMMSS.png` for `time` (seconds since the epoch) in the local time zone.
func screenshotName(at time: time_t) -> String {
    var t = time
    var parts = tm()
    localtime_r(&t, &parts)
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "roundel-\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
        + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec)).png"
}

/// A free file name in the current directory for a screenshot taken now.
func freshScreenshotPath() -> String {
    let name = screenshotName(at: Glibc.time(nil))
    var path = name, n = 2
    while access(path, F_OK) == 0 {
        path = String(name.dropLast(4)) + "-\(n).png"
        n += 1
    }
    return path
}

/// Writes `frame` to `path`; a failure is a one-line HostError.
func saveScreenshot(_ frame: Pixmap, to path: String) throws(HostError) {
    do { try writePNG(frame, to: path) } catch { throw .cannotSave(reason: error.description) }
}

/// `path` from the root: relative to the current directory, as a user finds it in a file manager.
func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
    defer { free(cwd) }
    let folder = String(cString: cwd)
    return (folder.hasSuffix("/") ? folder : folder + "/") + path
}
