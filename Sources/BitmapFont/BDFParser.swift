// Parses a BDF 2.1 font (Adobe's Glyph Bitmap Distribution Format) from raw bytes into a GlyphTable
// (bitmaps packed a bit a pixel, sorted by code point). Every problem a hand-edited or truncated file can have (bad numbers, rows that are
// not hex, a missing ENDCHAR, a huge or negative BBX, stray non-UTF-8 bytes) becomes a FontError
// naming the line. Glyphs with ENCODING -1 (unencoded) are skipped, as X11 does. Fonts in another
// character set than Unicode (CHARSET_REGISTRY/CHARSET_ENCODING) are mapped to it (BDFCharset.swift).
// Inside STARTPROPERTIES…ENDPROPERTIES only the properties we use are read, quoted or not; others
// (even one named like a keyword, such as a quoted FONTBOUNDINGBOX) are left alone.

struct BDFFont {
    var ascent: Int
    var descent: Int
    var family: String
    var glyphs: GlyphTable
    /// Whether the file was in Unicode (false: `glyphs` were remapped from its charset).
    var isUnicode = true
}

/// Bitmaps larger than this on a side are rejected: no real bitmap font comes close, and a typo
/// like `BBX 80000 16` must not allocate gigabytes.
let maxGlyphSide = 512

struct BDFParser {
    let name: String
    private var lineNumber = 0

    init(name: String) { self.name = name }

    private func fail(_ message: String, line: Int? = nil) -> FontError {
        FontError(file: name, line: line ?? lineNumber, message: message)
    }

    mutating func parse(_ bytes: [UInt8]) throws(FontError) -> BDFFont {
        var lines = LineReader(bytes)
        var fontBox: (height: Int, bottom: Int)? = nil
        var ascent: Int? = nil, descent: Int? = nil
        var family = name
        // A row of 8 px is two hex digits and a newline in the file and one byte here.
        var glyphs = GlyphTableBuilder(reservingBits: bytes.count / 2)
        var sawStart = false
        var inProperties = false
        var registry: String? = nil, encoding: String? = nil, fontName: String? = nil
        var charsetLine = 0

        while let line = lines.next() {
            lineNumber = lines.lineNumber
            let words = line.words
            guard let first = words.first else { continue }
            let keyword = String(decoding: first, as: UTF8.self)
            if !sawStart {
                guard keyword == "STARTFONT" else { throw fail("not a BDF font: expected STARTFONT, found '\(excerpt(line.bytes))'") }
                sawStart = true
                continue
            }
            if inProperties {
                switch keyword {
                case "ENDPROPERTIES": inProperties = false
                case "FONT_ASCENT": ascent = try numbers(words, keyword, count: 1)[0]
                case "FONT_DESCENT": descent = try numbers(words, keyword, count: 1)[0]
                case "FAMILY_NAME": family = line.value
                case "CHARSET_REGISTRY": registry = line.value; charsetLine = lineNumber
                case "CHARSET_ENCODING": encoding = line.value
                default: break
                }
                continue
            }
            switch keyword {
            case "STARTPROPERTIES": inProperties = true
            case "FONT": fontName = line.value; if charsetLine == 0 { charsetLine = lineNumber }
            case "FONTBOUNDINGBOX":
                let n = try numbers(words, keyword, count: 4)
                fontBox = (n[1], n[3])
            case "FONT_ASCENT": ascent = try numbers(words, keyword, count: 1)[0]
            case "FONT_DESCENT": descent = try numbers(words, keyword, count: 1)[0]
            case "FAMILY_NAME": family = line.value
            case "STARTCHAR":
                let start = lineNumber
                guard glyphs.count < BitmapFont.glyphLimit else {
                    throw fail("more than \(BitmapFont.glyphLimit) glyphs (a font may have at most \(BitmapFont.glyphLimit))", line: start)
                }
                try parseGlyph(&lines, startLine: start, into: &glyphs)
            case "ENDFONT":
                let charset: BDFCharset
                do {
                    charset = try BDFCharset(registry: registry, encoding: encoding, font: fontName)
                } catch {
                    throw fail("charset '\(excerpt(error.charset.utf8))' cannot be mapped to Unicode "
                               + "(iconv does not know it)", line: charsetLine)
                }
                let table = glyphs.table(scalars: charset.isUnicode ? nil : charset.remap(glyphs.codes))
                var font = try finish(ascent: ascent, descent: descent, fontBox: fontBox, family: family, glyphs: table)
                font.isUnicode = charset.isUnicode
                return font
            default:
                continue   // properties and keywords we do not need
            }
        }
        guard sawStart else { throw FontError(file: name, line: nil, message: "empty file, not a BDF font") }
        throw fail("file ends without ENDFONT (truncated?)", line: lines.lineNumber)
    }

    private func finish(ascent: Int?, descent: Int?, fontBox: (height: Int, bottom: Int)?, family: String,
                        glyphs: GlyphTable) throws(FontError) -> BDFFont {
        guard let a = ascent ?? fontBox.map({ $0.height + $0.bottom }),
              let d = descent ?? fontBox.map({ -$0.bottom }) else {
            throw fail("no FONT_ASCENT/FONT_DESCENT and no FONTBOUNDINGBOX: cannot place the baseline")
        }
        guard a >= 0, d >= 0, a + d > 0, a + d <= maxGlyphSide else {
            throw fail("font ascent \(a) and descent \(d) do not give a height in 1…\(maxGlyphSide) px")
        }
        guard glyphs.count > 0 else { throw fail("the font has no encoded glyphs (or none its charset maps to Unicode)") }
        return BDFFont(ascent: a, descent: d, family: family, glyphs: glyphs)
    }

    /// The glyph whose STARTCHAR line starts at `offset` in `bytes` (BDFIndex); nil when unencoded.
    mutating func parseGlyph(in bytes: [UInt8], at offset: Int) throws(FontError) -> Glyph? {
        var lines = LineReader(bytes, position: offset)
        guard let first = lines.next(), first.words.first?.elementsEqual("STARTCHAR".utf8) == true else {
            throw fail("no STARTCHAR at byte \(offset)")
        }
        var one = GlyphTableBuilder(reservingBits: 0)
        try parseGlyph(&lines, startLine: 0, into: &one)
        return one.count > 0 ? one.glyph(at: 0) : nil
    }

    /// Reads one STARTCHAR…ENDCHAR block into `glyphs` (an unencoded glyph is checked, then dropped).
    private mutating func parseGlyph(_ lines: inout LineReader, startLine: Int,
                                     into glyphs: inout GlyphTableBuilder) throws(FontError) {
        var encoding: Int? = nil
        var advance: Int? = nil
        var box: [Int]? = nil
        while let line = lines.next() {
            lineNumber = lines.lineNumber
            let words = line.words
            guard let first = words.first else { continue }
            let keyword = String(decoding: first, as: UTF8.self)
            switch keyword {
            case "ENCODING": encoding = try numbers(words, keyword, count: 1)[0]
            case "DWIDTH": advance = try numbers(words, keyword, count: 2)[0]
            case "BBX":
                let n = try numbers(words, keyword, count: 4)
                guard n[0] >= 0, n[1] >= 0, n[0] <= maxGlyphSide, n[1] <= maxGlyphSide else {
                    throw fail("BBX \(n[0]) x \(n[1]) is outside 0…\(maxGlyphSide) px")
                }
                guard abs(n[2]) <= 4 * maxGlyphSide, abs(n[3]) <= 4 * maxGlyphSide else {
                    throw fail("BBX offset \(n[2]), \(n[3]) is implausibly large")
                }
                box = n
            case "BITMAP":
                guard let encoding else { throw fail("BITMAP before ENCODING in the glyph started at line \(startLine)") }
                guard let box else { throw fail("BITMAP before BBX in the glyph started at line \(startLine)") }
                let offset = glyphs.bits.count
                try readRows(&lines, width: box[0], height: box[1], into: &glyphs.bits)
                guard encoding >= 0 else {
                    glyphs.bits.removeSubrange(offset...)
                    return
                }
                guard encoding <= 0x10FFFF else { throw fail("ENCODING \(encoding) is beyond U+10FFFF", line: startLine) }
                let dx = advance ?? box[0]
                guard abs(dx) <= 4 * maxGlyphSide else { throw fail("DWIDTH \(dx) is implausibly large", line: startLine) }
                glyphs.append(code: UInt32(encoding), width: box[0], height: box[1], left: box[2], bottom: box[3],
                              advance: dx, offset: offset)
                return
            case "ENDCHAR":
                throw fail("ENDCHAR without BITMAP in the glyph started at line \(startLine)")
            case "STARTCHAR", "ENDFONT":
                throw fail("glyph started at line \(startLine) has no ENDCHAR before \(keyword)")
            default:
                continue
            }
        }
        throw fail("file ends inside the glyph started at line \(startLine) (no ENDCHAR)", line: lines.lineNumber)
    }

    /// `height` hex rows of at least ⌈width/8⌉ bytes each, then ENDCHAR: appends those bytes to `bits`,
    /// the bits right of `width` cleared (a glyph's packed rows, as GlyphTable keeps them).
    private mutating func readRows(_ lines: inout LineReader, width: Int, height: Int, into bits: inout [UInt8]) throws(FontError) {
        let bytesPerRow = (width + 7) / 8
        // The last byte of a row keeps its leftmost `width % 8` bits (all 8 when that is 0).
        let lastMask = UInt8(truncatingIfNeeded: 0xFF << ((8 - width % 8) % 8))
        var row = 0
        while let line = lines.next() {
            lineNumber = lines.lineNumber
            let text = line.trimmed
            if text.isEmpty { continue }
            if text.elementsEqual("ENDCHAR".utf8) {
                // A glyph with no columns has nothing to read: its rows may be "0", "00" or empty lines.
                guard row == height || bytesPerRow == 0 else { throw fail("BITMAP has \(row) rows, BBX says \(height)") }
                return
            }
            guard row < height else { throw fail("BITMAP has more than the \(height) rows BBX declares (missing ENDCHAR?)") }
            if bytesPerRow == 0 {
                guard text.allSatisfy({ hexValue($0) != nil }) else { throw fail("BITMAP row '\(excerpt(text))' is not hex") }
                row += 1
                continue
            }
            guard text.count >= 2 * bytesPerRow, text.count % 2 == 0 else {
                throw fail("BITMAP row '\(excerpt(text))' is \(text.count) hex digits, expected \(2 * bytesPerRow)")
            }
            // Through the row's buffer: no reference counting per digit (a large font's rows are most of its bytes).
            let isHex = text.withUnsafeBufferPointer { digits -> Bool in
                var i = 0
                for _ in 0..<bytesPerRow {
                    guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return false }
                    bits.append(high << 4 | low)
                    i += 2
                }
                bits[bits.count - 1] &= lastMask
                while i < digits.count {
                    guard hexValue(digits[i]) != nil else { return false }
                    i += 1
                }
                return true
            }
            guard isHex else { throw fail("BITMAP row '\(excerpt(text))' is not hex") }
            row += 1
        }
        throw fail("file ends inside a BITMAP (no ENDCHAR)", line: lines.lineNumber)
    }

    private func numbers(_ words: [ArraySlice<UInt8>], _ keyword: String, count: Int) throws(FontError) -> [Int] {
        guard words.count >= count + 1 else {
            throw fail("\(keyword) needs \(count) number\(count == 1 ? "" : "s"), found \(words.count - 1)")
        }
        var out: [Int] = []
        out.reserveCapacity(count)
        for word in words[1...count] {
            var word = word
            if word.count >= 2, word.first == UInt8(ascii: "\""), word.last == UInt8(ascii: "\"") {
                word = word.dropFirst().dropLast()
            }
            guard let n = parseInt(word) else { throw fail("\(keyword) value '\(excerpt(word))' is not a number") }
            out.append(n)
        }
        return out
    }

    /// A decimal integer with an optional sign, at most 9 digits (anything longer is not a font metric).
    private func parseInt(_ word: ArraySlice<UInt8>) -> Int? {
        var digits = word[...]
        var sign = 1
        if let f = digits.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") {
            sign = f == UInt8(ascii: "-") ? -1 : 1; digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var n = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(d - UInt8(ascii: "0"))
        }
        return sign * n
    }
}

/// 0…15 for an ASCII hex digit (either case), else nil. Plain integer compares: a debug build (the
/// tests' binary) spent a fifth of a large font's parse in the range patterns this replaced.
@inline(__always)
func hexValue(_ c: UInt8) -> UInt8? {
    if c &- 0x30 < 10 { return c &- 0x30 }            // 0-9
    let lower = c | 0x20                               // A-F as a-f; nothing else lands in a-f
    if lower &- 0x61 < 6 { return lower &- 0x61 + 10 }
    return nil
}

/// Lines of a byte buffer (LF or CRLF), numbered from 1.
struct LineReader {
    struct Line {
        let bytes: ArraySlice<UInt8>
        /// Without surrounding spaces, tabs and CR.
        var trimmed: ArraySlice<UInt8> {
            var s = bytes
            while let f = s.first, f == 32 || f == 9 || f == 13 { s = s.dropFirst() }
            while let l = s.last, l == 32 || l == 9 || l == 13 { s = s.dropLast() }
            return s
        }
        /// What follows the first word, trimmed, without the quotes of a BDF string ("" inside is one ").
        var value: String {
            let rest = trimmed.drop(while: { $0 != 32 && $0 != 9 })
            var v = rest.drop(while: { $0 == 32 || $0 == 9 })
            if v.count >= 2, v.first == UInt8(ascii: "\""), v.last == UInt8(ascii: "\"") {
                v = v.dropFirst().dropLast()
                return String(decoding: v, as: UTF8.self).replacingQuotePairs()
            }
            return String(decoding: v, as: UTF8.self)
        }
        /// Space- or tab-separated words (raw bytes: non-UTF-8 text cannot fail here).
        var words: [ArraySlice<UInt8>] {
            trimmed.split(whereSeparator: { $0 == 32 || $0 == 9 })
        }
    }
    private let bytes: [UInt8]
    private var position = 0
    private(set) var lineNumber = 0

    init(_ bytes: [UInt8], position: Int = 0) { self.bytes = bytes; self.position = position }

    mutating func next() -> Line? {
        guard position < bytes.count else { return nil }
        let start = position
        let end = bytes.withUnsafeBufferPointer { buf in
            var end = start
            while end < buf.count && buf[end] != 10 { end += 1 }
            return end
        }
        position = end + 1
        lineNumber += 1
        return Line(bytes: bytes[start..<end])
    }
}

extension String {
    /// `""` (a quote inside a BDF string) as one `"`.
    func replacingQuotePairs() -> String {
        guard contains("\"\"") else { return self }
        var out = "", quote = false
        for c in self {
            if c == "\"" && quote { quote = false; continue }
            quote = c == "\""
            out.append(c)
        }
        return out
    }
}
