// The glyphs of a checked font (a BDF or .hex file a config names) as they stay in memory: every
// bitmap at one bit a pixel (rows padded to whole bytes, the leftmost pixel in the high bit, as BDF and
// .hex write them) in one buffer, and 20 bytes of code point and metrics a glyph, sorted by code point.
// A font then keeps at most about half its file's size (two hex digits are one byte here); a byte a
// pixel, as before, kept up to four times its size (sixteen 32 MB fonts took 1.9 GB). `glyph(for:)`
// unpacks one Glyph (FontStack caches outlines, so once per character); `advance(for:)` allocates nothing.

struct GlyphTable: Sendable {
    /// One glyph's metrics (as Glyph's, font px) and where its rows start in `bits`. Parsers bound
    /// sides to 512 px and offsets and advances to 2048 px, so these widths cannot overflow.
    struct Entry: Sendable {
        var width: UInt16, height: UInt16
        var left: Int16, bottom: Int16, advance: Int16
        var offset: UInt32
    }

    /// Sorted, no repeats; `entries` at the same index.
    private let codes: [UInt32]
    private let entries: [Entry]
    private let bits: [UInt8]

    fileprivate init(codes: [UInt32], entries: [Entry], bits: [UInt8]) {
        self.codes = codes; self.entries = entries; self.bits = bits
    }

    var count: Int { codes.count }

    /// The bytes it keeps (what a font costs against `SceneResources.fontMemoryLimit`).
    var byteCount: Int { codes.count * MemoryLayout<UInt32>.stride + entries.count * MemoryLayout<Entry>.stride + bits.count }

    func advance(for code: UInt32) -> Int? {
        index(of: code).map { Int(entries[$0].advance) }
    }

    func glyph(for code: UInt32) -> Glyph? {
        index(of: code).map { GlyphTable.unpack(entries[$0], from: bits) }
    }

    private func index(of code: UInt32) -> Int? {
        var lo = 0, hi = codes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if codes[mid] < code { lo = mid + 1 } else { hi = mid }
        }
        return lo < codes.count && codes[lo] == code ? lo : nil
    }

    /// The glyph whose packed rows start at `entry.offset` in `bits`, a byte a pixel.
    fileprivate static func unpack(_ entry: Entry, from bits: [UInt8]) -> Glyph {
        let width = Int(entry.width), height = Int(entry.height)
        let rowBytes = (width + 7) / 8, start = Int(entry.offset)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = start + y * rowBytes
            for x in 0..<width where bits[row + x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { pixels[y * width + x] = 1 }
        }
        return Glyph(width: width, height: height, left: Int(entry.left), bottom: Int(entry.bottom),
                     advance: Int(entry.advance), pixels: pixels)
    }
}

/// Glyphs in the order a parser reads them: it appends a glyph's packed rows to `bits`, then calls
/// `append`; `table(scalars:)` sorts them by code point.
struct GlyphTableBuilder {
    private(set) var codes: [UInt32] = []
    private var entries: [GlyphTable.Entry] = []
    var bits: [UInt8] = []

    /// `bits` reserves `bitBytes` at once (a parser's bound: half its file): untouched pages cost no
    /// memory, and the buffer never grows by copying itself.
    init(reservingBits bitBytes: Int) { bits.reserveCapacity(bitBytes) }

    var count: Int { codes.count }

    /// A glyph whose rows (`height` of ⌈width/8⌉ bytes) are `bits[offset...]`.
    mutating func append(code: UInt32, width: Int, height: Int, left: Int, bottom: Int, advance: Int, offset: Int) {
        codes.append(code)
        entries.append(GlyphTable.Entry(width: UInt16(width), height: UInt16(height), left: Int16(left),
                                        bottom: Int16(bottom), advance: Int16(advance), offset: UInt32(offset)))
    }

    /// The glyph appended `index`-th (for a parser reading one glyph alone).
    func glyph(at index: Int) -> Glyph { GlyphTable.unpack(entries[index], from: bits) }

    /// The glyphs sorted by code point, the first in the file kept for each. `scalars` (a font in
    /// another charset): the Unicode scalar of each appended glyph, nil to drop it; of two codes for
    /// one scalar the lower wins.
    func table(scalars: [UInt32?]? = nil) -> GlyphTable {
        // The reserve given back when much of it went unused (small glyphs: most of the file is not
        // rows). Untouched pages cost nothing, and a copy of a large font's bits would, while it is made.
        let exact = bits.capacity - bits.count > bits.count / 8 ? bits.withUnsafeBufferPointer { Array($0) } : bits
        var increasing = true
        for i in codes.indices.dropFirst() where codes[i - 1] >= codes[i] { increasing = false; break }
        if increasing && scalars == nil { return GlyphTable(codes: codes, entries: entries, bits: exact) }
        var order = Array(codes.indices)
        order.sort { codes[$0] != codes[$1] ? codes[$0] < codes[$1] : $0 < $1 }
        var kept: [(key: UInt32, index: Int)] = []
        for i in order where kept.last.map({ codes[$0.index] != codes[i] }) ?? true { kept.append((codes[i], i)) }
        if let scalars {
            kept = kept.compactMap { k in scalars[k.index].map { ($0, k.index) } }
            kept.sort { $0.key != $1.key ? $0.key < $1.key : codes[$0.index] < codes[$1.index] }
            var unique: [(key: UInt32, index: Int)] = []
            for k in kept where unique.last?.key != k.key { unique.append(k) }
            kept = unique
        }
        return GlyphTable(codes: kept.map(\.key), entries: kept.map { entries[$0.index] }, bits: exact)
    }
}
