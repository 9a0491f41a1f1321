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

extension Pixmap {
    /// This image turned `degrees` clockwise (0, 90, 180 or 270; nil for another), as the window
    /// turns its frame for `display.rotate`.
    func turned(by degrees: Int) -> Pixmap? {
        switch degrees {
        case 0: return self
        case 180:
            var out = Pixmap(width: width, height: height)
            for y in 0..<height { for x in 0..<width { out?[width - 1 - x, height - 1 - y] = self[x, y] } }
            return out
        case 90, 270:
            var out = Pixmap(width: height, height: width)
            for y in 0..<height {
                for x in 0..<width {
                    if degrees == 90 { out?[height - 1 - y, x] = self[x, y] } else { out?[y, width - 1 - x] = self[x, y] }
                }
            }
            return out
        default: return nil
        }
    }
}

/// `path` from the root: relative to the current directory, as a user finds it in a file manager.
func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
    defer { free(cwd) }
    let folder = String(cString: cwd)
    return (folder.hasSuffix("/") ? folder : folder + "/") + path
}
