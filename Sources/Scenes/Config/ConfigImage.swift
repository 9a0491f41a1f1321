// Pictures a config names (a slice's `image`, the hub's logo, the title's image, the background):
// PNG files relative to the config, read and decoded once when the config is read, so a missing,
// foreign or oversized file is one line naming its field before anything is drawn, and a frame never
// touches the disk. The same limits as a ring image (32 MB a file, 4096 px a side), one file named
// twice is decoded once, and all of a config's pictures share one memory budget.
import BitmapFont
import Files
import PNGCodec
import Raster

/// A decoded picture and the file it came from (premultiplied pixels, as `Pixmap`).
public struct ConfigImage: Sendable, Equatable {
    public var pixmap: Pixmap
    public var path: String

    public init(pixmap: Pixmap, path: String) {
        self.pixmap = pixmap; self.path = path
    }
}

/// How a picture fills the place it is given.
public enum ImageFit: String, Sendable, CaseIterable {
    /// Scaled to cover the whole place, its overflow cut off (no gap shows).
    case cover
    /// Scaled to fit inside the place, all of it shown (the place's colour round it).
    case contain
}

/// Reads a config's pictures: each file once, within `memoryLimit` together.
final class ConfigImages {
    /// A file's bytes and side, as for a ring image: a hostile header cannot cost a kiosk a gigabyte.
    static let fileLimit = 32 << 20
    static let sideLimit = 4096
    /// The most memory a config's pictures may take decoded, together: 4 bytes a pixel (twelve
    /// 1024² pictures take 48 MB; one 4096² picture 64 MB). A Raspberry Pi 4 may have 1 GB in all.
    static let memoryLimit = 160 << 20

    let reader: ConfigReader
    let baseDirectory: String
    private var loaded: [String: ConfigImage] = [:]
    private var bytesKept = 0

    init(reader: ConfigReader, baseDirectory: String) {
        self.reader = reader
        self.baseDirectory = baseDirectory
    }

    /// The PNG named by `value` (a path relative to the config file) at JSON path `path`.
    func image(_ value: JSONValue, at path: String) throws(ConfigError) -> ConfigImage {
        let name = try reader.string(value, at: path)
        guard !name.isEmpty else { throw reader.error(path, "is empty (give a PNG file, like \"apple.png\")") }
        let full = name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory)
        if let image = loaded[full] { return image }
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(full, limit: ConfigImages.fileLimit) } catch {
            throw reader.error(path, "cannot read \(MessageText.quoted(name)): \(error.problem)")
        }
        guard !bytes.isEmpty else { throw reader.error(path, "\(MessageText.quoted(name)) is empty (a PNG file was expected)") }
        if let kind = ConfigImages.foreignKind(bytes) {
            throw reader.error(path, "\(MessageText.quoted(name)) \(kind) (Roundel reads PNG pictures only: "
                               + "save it as PNG, e.g. `convert picture.jpg picture.png`)")
        }
        let pixmap: Pixmap
        do { pixmap = try decodePNG(bytes: bytes, name: full, maxSide: ConfigImages.sideLimit) } catch {
            throw reader.error(path, error.description.replacing("roundel: ", with: ""))
        }
        bytesKept += 4 * pixmap.width * pixmap.height
        guard bytesKept <= ConfigImages.memoryLimit else {
            throw reader.error(path, "\(MessageText.quoted(name)) is \(pixmap.width)×\(pixmap.height) px: the config's pictures "
                               + "would take \(bytesKept >> 20) MB decoded, more than \(ConfigImages.memoryLimit >> 20) MB "
                               + "(make them smaller: a slice's picture needs no more than 512×512 px)")
        }
        let image = ConfigImage(pixmap: pixmap, path: full)
        loaded[full] = image
        return image
    }

    /// `imageFit`: cover or contain.
    func fit(_ value: JSONValue, at path: String) throws(ConfigError) -> ImageFit {
        let name = try reader.string(value, at: path)
        guard let fit = ImageFit(rawValue: name) else {
            throw reader.error(path, "\(MessageText.quoted(name)) is not a choice (use cover or contain)")
        }
        return fit
    }

    /// "is a JPEG, not a PNG" and so on for the files people most often name instead of a PNG, "is
    /// not a PNG file" for others; nil for a file that starts like a PNG (libpng names what else is wrong).
    static func foreignKind(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return nil }
        if starts([0xFF, 0xD8, 0xFF]) { return "is a JPEG, not a PNG" }
        if starts(Array("GIF8".utf8)) { return "is a GIF, not a PNG" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "is a WebP, not a PNG" }
        if starts(Array("BM".utf8)) { return "is a BMP, not a PNG" }
        if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "is an SVG or XML file, not a PNG" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "is a TIFF, not a PNG" }
        if starts(Array("ftyp".utf8), at: 4) { return "is a HEIC or AVIF, not a PNG" }
        return "is not a PNG file"
    }
}
