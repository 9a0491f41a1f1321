// Where `roundel record` writes frames: here a folder of numbered PNGs and what every writer uses
// (the output checked before any frame is drawn, the one line when it cannot be written); an
// animated WebP is WebPWriter, an H.264 MP4 MP4Writer. Each writes under a temporary name beside the
// target and renames it into place when complete; `abandon` removes the temporary.
import Files
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import PNGCodec
import Raster

/// A name beside `path` for writing before the rename: `.path.roundel-PID`.
private func temporaryName(for path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    let slash = trimmed.lastIndex(of: "/")
    let directory = slash.map { String(trimmed[...$0]) } ?? ""
    let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    return directory + "." + name + ".roundel-\(getpid())"
}

/// The output file checked before any frame is drawn: a device, FIFO or folder at `path` is refused,
/// and so is a folder that is missing or may not be written (found at the end, that cost the whole
/// recording and, for MP4, read as "ffmpeg stopped reading").
func checkedOutput(_ path: String) throws -> OutputFile {
    let output: OutputFile
    do { output = try OutputFile(path) } catch { throw UserError("roundel: --out \(MessageText.quoted(path)): \(error.problem)") }
    do { try output.checkFolder() } catch { throw cannotWrite(path, error.problem) }
    return output
}

func cannotWrite(_ path: String, _ why: String = String(cString: strerror(errno))) -> UserError {
    UserError("roundel: --out \(MessageText.quoted(path)): cannot write (\(why))")
}

final class PNGFolderWriter: FrameWriter {
    let path: String, temporary: String
    private var index = 0

    init(path: String) throws {
        self.path = path
        do { try RegularFile.checkPath(path) } catch { throw UserError("roundel: --out \(MessageText.quoted(path)): \(error.problem)") }
        temporary = temporaryName(for: path)
        var info = stat()
        if stat(String(path.dropLast()), &info) == 0 {
            throw UserError("roundel: --out '\(path)' exists; record makes a new folder (remove it or name another)")
        }
        guard mkdir(temporary, 0o755) == 0 else { throw cannotWrite(path) }
    }

    func add(_ frames: ArraySlice<Canvas>) throws {
        for frame in frames {
            index += 1
            let name = String(index)
            let file = temporary + "/frame-" + String(repeating: "0", count: max(0, 5 - name.count)) + name + ".png"
            do { try writePNG(frame.pixmap, to: file) } catch { throw UserError(error.description) }
        }
    }

    func finish(beforeCommit: () throws -> Void) throws {
        try beforeCommit()
        guard rename(temporary, String(path.dropLast())) == 0 else { throw cannotWrite(path) }
    }

    func abandon() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) {
            for name in names { unlink(temporary + "/" + name) }
        }
        rmdir(temporary)
    }
}
