// BitmapFont: bitmap fonts (BDF, GNU Unifont .hex) drawn as anti-aliased coverage at any size and angle.
// Public face of the module:
//   BitmapFont(contentsOfFile:)         one strike (one pixel size) of a font; throws FontError
//   font.memoryBytes                    what it keeps in memory (glyphs a bit a pixel: GlyphTable)
//   FontFace(strikes:)                  the sizes of one design; the best one is picked per text size
//   FontStack(faces:) / .defaultStack   primary face then fallbacks; a missing character draws a hollow box
//   stack.measure(_:size:)              advance width and line height in px
//   stack.draw(_:in:at:rotation:style:) TextStyle: size px, colour, alignment, vertical alignment
//   Assets.locateDirectory()            finds `assets/` (ROUNDEL_ASSETS, next to the executable, cwd, this package's)
// Units: px; y grows downward; angles follow Raster's Angle (0 = 3 o'clock, positive clockwise).
import Files
import FoundationEssentials

/// One strike of a bitmap font: glyph bitmaps of one pixel size, immutable after loading.
public final class BitmapFont: Sendable {
    public enum Format: Sendable { case bdf, hex }

    /// The family name from the file (BDF FAMILY_NAME) or the file name.
    public let name: String
    /// Pixels above the baseline that the font's line uses.
    public let ascent: Int
    /// Pixels below the baseline that the font's line uses.
    public let descent: Int
    private let storage: Storage

    private enum Storage: Sendable {
        /// A checked file's glyphs, packed (BDF or .hex).
        case table(GlyphTable)
        /// Files taken on trust (the shipped and system fonts): their bytes, searched per glyph.
        case hex(HexIndex)
        case sortedBDF(BDFIndex)
    }

    /// The font's line height in px (ascent + descent): the size at which it draws 1:1.
    public var pixelSize: Int { ascent + descent }

    /// Parses a BDF or .hex font from memory; `name` appears in error messages.
    public init(data: [UInt8], format: Format, name: String) throws(FontError) {
        switch format {
        case .bdf:
            var parser = BDFParser(name: name)
            let font = try parser.parse(data)
            self.name = font.family; ascent = font.ascent; descent = font.descent; storage = .table(font.glyphs)
        case .hex:
            storage = .table(try HexFont.table(bytes: data, name: name))
            self.name = FilePaths.lastComponent(of: name); ascent = HexFont.ascent; descent = HexFont.descent
        }
    }

    /// Loads a font file: `.hex` is read as GNU Unifont hex, anything else as BDF. Every line is checked.
    public convenience init(contentsOfFile path: String) throws(FontError) {
        let format: Format = path.lowercased().hasSuffix(".hex") ? .hex : .bdf
        try self.init(data: try BitmapFont.read(path), format: format, name: path)
    }

    /// A GNU Unifont .hex file sorted by code point (as Unifont's own files are), taken on trust:
    /// only read now; each glyph's line is found by binary search and checked when first asked for,
    /// and a malformed line just leaves that glyph missing. For the system Unifont fallback: reading
    /// 3.7 MB costs ~2 ms where the full check costs 12–20 ms more.
    public init(trustedSortedHexFile path: String) throws(FontError) {
        storage = .hex(HexIndex(uncheckedSortedBytes: try BitmapFont.read(path)))
        name = FilePaths.lastComponent(of: path); ascent = HexFont.ascent; descent = HexFont.descent
    }

    /// A Unicode BDF file whose glyphs are sorted by ENCODING, taken on trust (BDFIndex): only the
    /// header is parsed now; each glyph is found by binary search and parsed when first asked for.
    /// For the shipped CJK strike: reading 7.3 MB costs a few ms where parsing it all costs ~0.3 s.
    public init(trustedSortedBDFFile path: String) throws(FontError) {
        let index = try BDFIndex(bytes: try BitmapFont.read(path), name: path)
        storage = .sortedBDF(index)
        name = index.family; ascent = index.ascent; descent = index.descent
    }

    /// The most bytes a font file may have (GNU Unifont's whole .hex is about 10 MB).
    public static let fileLimit = 32 << 20
    /// The most glyphs a font file may have (GNU Unifont has about 65 000 with its upper planes);
    /// parsing is checked before each one, so a hostile file costs at most this many.
    public static let glyphLimit = 100_000

    private static func read(_ path: String) throws(FontError) -> [UInt8] {
        do { return try RegularFile.read(path, limit: fileLimit) } catch {
            throw FontError(file: path, line: nil, message: "cannot be read (\(error.problem))")
        }
    }

    /// The glyph for `scalar`, or nil when this font has none. Glyphs are unpacked (or parsed) on
    /// each call (FontStack caches their outlines, so this runs once per character).
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        switch storage {
        case .table(let glyphs): return glyphs.glyph(for: scalar.value)
        case .hex(let index): return index.glyph(for: scalar.value)
        case .sortedBDF(let index): return index.glyph(for: scalar.value)
        }
    }

    /// The pen advance of `scalar` in font px, without decoding the bitmap; nil when missing.
    public func advance(for scalar: Unicode.Scalar) -> Int? {
        switch storage {
        case .table(let glyphs): return glyphs.advance(for: scalar.value)
        case .hex(let index): return index.advance(for: scalar.value)
        case .sortedBDF(let index): return index.advance(for: scalar.value)
        }
    }

    public func contains(_ scalar: Unicode.Scalar) -> Bool { advance(for: scalar) != nil }

    /// Number of glyphs in the font.
    public var glyphCount: Int {
        switch storage {
        case .table(let glyphs): return glyphs.count
        case .hex(let index): return index.count
        case .sortedBDF(let index): return index.count
        }
    }

    /// The bytes this font keeps in memory for its glyphs: a checked file's packed bitmaps and
    /// metrics (at most about half the file), a trusted file's bytes.
    public var memoryBytes: Int {
        switch storage {
        case .table(let glyphs): return glyphs.byteCount
        case .hex(let index): return index.byteCount
        case .sortedBDF(let index): return index.byteCount
        }
    }
}
