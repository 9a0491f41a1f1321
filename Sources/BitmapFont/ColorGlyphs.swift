// Colour glyphs (emoji): a folder of PNGs named by code point (`1F355.png`), all of one height, and
// `index.txt` listing each one's code point and width ("1F355 68"), as Roundel ships Noto Color
// Emoji's bitmaps (scripts/make-fonts.py). Loading reads the index only; an image is decoded when its
// character is first drawn at a size, shrunk to that size by area averaging and kept by `FontStack`,
// so a label drawn every frame samples an image near 1:1 and decodes nothing.
import Files
import PNGCodec
import Raster

public struct ColorGlyphs: Sendable {
    /// The folder of PNGs.
    public let folder: String
    /// The images' height in px: the line size at which they draw 1:1.
    public let height: Int
    /// Sorted code points and, at the same index, the image widths.
    private let codes: [UInt32]
    private let widths: [UInt16]

    /// How much of an image lies above the baseline: 0.78, the line of the shipped strikes, so an
    /// emoji sits on the line of the text beside it.
    static let ascent = 0.78

    /// The most entries an index may list (Noto Color Emoji has about 1 400 single characters).
    static let limit = 20_000

    /// Reads `folder/index.txt`: a first line `height H`, then one `HEX WIDTH` line per image.
    public init(folder: String) throws(FontError) {
        let indexPath = FilePaths.appending("index.txt", to: folder)
        func fail(_ line: Int?, _ message: String) -> FontError { FontError(file: indexPath, line: line, message: message) }
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(indexPath, limit: 1 << 20) } catch {
            throw fail(nil, "cannot be read (\(error.problem))")
        }
        var height = 0
        var pairs: [(UInt32, UInt16)] = []
        for (n, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            if fields.isEmpty { continue }
            if n == 0 {
                guard fields.count == 2, fields[0] == "height", let h = Int(fields[1]), (8...512).contains(h) else {
                    throw fail(1, "must start with 'height N' (8 to 512)")
                }
                height = h
                continue
            }
            guard fields.count == 2, let code = UInt32(fields[0], radix: 16), Unicode.Scalar(code) != nil,
                  let width = UInt16(fields[1]), width > 0, width <= 1024 else {
                throw fail(n + 1, "must be a code point in hex and a width in px, like '1F355 68'")
            }
            pairs.append((code, width))
            guard pairs.count <= ColorGlyphs.limit else { throw fail(n + 1, "lists more than \(ColorGlyphs.limit) images") }
        }
        guard height > 0 else { throw fail(1, "must start with 'height N' (8 to 512)") }
        pairs.sort { $0.0 < $1.0 }
        self.folder = folder
        self.height = height
        codes = pairs.map(\.0)
        widths = pairs.map(\.1)
    }

    public var count: Int { codes.count }

    /// The image width in px (at `height`) of `scalar`'s glyph, nil when there is none.
    public func width(of scalar: Unicode.Scalar) -> Int? {
        var lo = 0, hi = codes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if codes[mid] < scalar.value { lo = mid + 1 } else { hi = mid }
        }
        return lo < codes.count && codes[lo] == scalar.value ? Int(widths[lo]) : nil
    }

    /// `scalar`'s image decoded from its PNG, premultiplied; nil when it is missing, unreadable or
    /// not the size the index says (an image that cannot be used draws nothing rather than the wrong thing).
    func image(of scalar: Unicode.Scalar) -> Pixmap? {
        guard let width = width(of: scalar) else { return nil }
        var name = String(scalar.value, radix: 16, uppercase: true)
        if name.count < 4 { name = String(repeating: "0", count: 4 - name.count) + name }
        guard let image = try? readPNG(FilePaths.appending(name + ".png", to: folder), maxSide: 1024),
              image.width == width, image.height == height else { return nil }
        return image
    }
}
