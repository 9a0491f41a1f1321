// GNU Unifont `.hex` fonts: one glyph per line, "XXXX:" code point then 32, 64, 96 or 128 hex digits
// (8, 16, 24 or 32 px wide, always 16 px tall; ascent 14, descent 2). A user's file gets one checking
// pass (errors name the line) that packs its glyphs into a GlyphTable (half the file's digits' size)
// and lets the file go. The system Unifont (3.7 MB, 57 000 lines) is taken on trust and kept as its
// bytes, binary-searched line by line, so loading it costs only reading the file (HexIndex).

enum HexFont {
    static let ascent = 14, descent = 2, height = 16

    /// Checks every line of a .hex file and packs its glyphs; the first line for a code point wins.
    static func table(bytes: [UInt8], name: String) throws(FontError) -> GlyphTable {
        var glyphs = GlyphTableBuilder(reservingBits: bytes.count / 2)
        // Through a Result: typed throws through withUnsafeBufferPointer arrived only in Swift 6.1,
        // and a Raspberry Pi's Debian has 6.0.3.
        try bytes.withUnsafeBufferPointer { buf in
            Result { () throws(FontError) in try HexFont.scan(buf, name: name, into: &glyphs) }
        }.get()
        guard glyphs.count > 0 else { throw FontError(file: name, line: nil, message: "no glyphs (empty .hex file)") }
        return glyphs.table()
    }

    /// The checking pass: each glyph line's code point and bits into `glyphs`, in file order.
    /// Measured on Unifont (3.7 MB, release, busy 2-core VM): 12–20 ms before packing the bits.
    private static func scan(_ buf: UnsafeBufferPointer<UInt8>, name: String,
                             into glyphs: inout GlyphTableBuilder) throws(FontError) {
        func fail(_ line: Int, _ message: String) -> FontError { FontError(file: name, line: line, message: message) }
        var i = 0, line = 0
        let n = buf.count
        while i < n {
            line += 1
            let start = i
            while i < n && buf[i] != 10 { i += 1 }
            var end = i
            i += 1
            if end > start && buf[end - 1] == 13 { end -= 1 }
            if end == start || buf[start] == UInt8(ascii: "#") { continue }
            var p = start, code: UInt32 = 0
            while p < end, buf[p] != UInt8(ascii: ":") {
                guard let v = hexValue(buf[p]), p - start < 6 else {
                    throw fail(line, "'\(excerpt(buf[start..<end]))' does not start with a hex code point and ':'")
                }
                code = code << 4 | UInt32(v); p += 1
            }
            guard p < end, p > start else { throw fail(line, "'\(excerpt(buf[start..<end]))' has no ':' after the code point") }
            guard code <= 0x10FFFF else {
                throw fail(line, "code point \(String(code, radix: 16, uppercase: true)) is beyond U+10FFFF")
            }
            let dataStart = p + 1, digits = end - dataStart
            guard digits > 0, digits % 32 == 0, digits <= 128 else {
                throw fail(line, "glyph data is \(digits) hex digits, expected 32, 64, 96 or 128 (8–32 px wide, 16 tall)")
            }
            var q = dataStart
            while q < end {
                let c = buf[q] | 0x20   // ASCII letters to lower case; digits unchanged
                guard (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66), buf[q] != 0x10 else { break }
                q += 1
            }
            if q < end || buf[dataStart..<end].contains(where: { hexValue($0) == nil }) {
                throw fail(line, "glyph data '\(excerpt(buf[dataStart..<end]))' is not hex")
            }
            guard glyphs.count < BitmapFont.glyphLimit else {
                throw fail(line, "more than \(BitmapFont.glyphLimit) glyphs (a font may have at most \(BitmapFont.glyphLimit))")
            }
            let offset = glyphs.bits.count
            var d = dataStart
            while d < end {
                glyphs.bits.append((hexValue(buf[d]) ?? 0) << 4 | (hexValue(buf[d + 1]) ?? 0))
                d += 2
            }
            let width = digits / 4
            glyphs.append(code: code, width: width, height: height, left: 0, bottom: -descent, advance: width, offset: offset)
        }
    }
}

/// A GNU Unifont .hex file sorted by code point, taken on trust: nothing is parsed until a glyph is
/// asked for, then its line is found by binary search over the bytes and checked; a bad or unsorted
/// line only makes glyphs missing.
struct HexIndex: Sendable {
    private let bytes: [UInt8]

    init(uncheckedSortedBytes bytes: [UInt8]) { self.bytes = bytes }

    /// Its line count.
    var count: Int { bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

    /// The bytes it keeps.
    var byteCount: Int { bytes.count }

    /// Offset of the first hex digit and the digit count of `code`'s line.
    private func location(of code: UInt32) -> (start: Int, digits: Int)? {
        bytes.withUnsafeBufferPointer { buf -> (start: Int, digits: Int)? in
            var lo = 0, hi = buf.count   // both always at line starts
            while lo < hi {
                var s = (lo + hi) / 2
                while s > lo && buf[s - 1] != 10 { s -= 1 }
                var e = s, c: UInt32 = 0, colon = -1
                while e < buf.count && buf[e] != 10 {
                    if colon < 0 {
                        if buf[e] == UInt8(ascii: ":") { colon = e } else if let v = hexValue(buf[e]), e - s < 6 { c = c << 4 | UInt32(v) } else { colon = -2 }
                    }
                    e += 1
                }
                if colon >= 0 && c == code {
                    var end = e
                    if end > colon + 1 && buf[end - 1] == 13 { end -= 1 }
                    let digits = end - colon - 1
                    guard digits > 0, digits % 32 == 0, digits <= 128,
                          !buf[(colon + 1)..<end].contains(where: { hexValue($0) == nil }) else { return nil }
                    return (colon + 1, digits)
                }
                if colon >= 0 && c > code { hi = s } else { lo = e + 1 }
            }
            return nil
        }
    }

    func advance(for code: UInt32) -> Int? {
        location(of: code).map { $0.digits / 4 }
    }

    func glyph(for code: UInt32) -> Glyph? {
        guard let (start, digits) = location(of: code) else { return nil }
        let width = digits / 4, height = HexFont.height
        let digitsPerRow = width / 4
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for d in 0..<digitsPerRow {
                let nibble = hexValue(bytes[start + y * digitsPerRow + d]) ?? 0
                for bit in 0..<4 where nibble & (8 >> bit) != 0 { pixels[y * width + d * 4 + bit] = 1 }
            }
        }
        return Glyph(width: width, height: height, left: 0, bottom: -HexFont.descent, advance: width, pixels: pixels)
    }
}
