// Parses a BDF 2.1 font (Adobe's Glyph Bitmap Distribution Format) from raw bytes into glyphs keyed
// by code point. Every problem a hand-edited or truncated file can have (bad numbers, rows that are
// not hex, a missing ENDCHAR, a huge or negative BBX, stray non-UTF-8 bytes) becomes a FontError
// naming the line. Glyphs with ENCODING -1 (unencoded) are skipped, as X11 does. Fonts in another
// character set than Unicode (CHARSET_REGISTRY/CHARSET_ENCODING) are mapped to it (BDFCharset.swift).
// Inside STARTPROPERTIES…ENDPROPERTIES only the properties we use are read, quoted or not; others
// (even one named like a keyword, such as a quoted FONTBOUNDINGBOX) are left alone.

struct BDFFont {
    var ascent: Int
    var descent: Int
    var family: String
    var glyphs: [UInt32: Glyph]
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
        var glyphs: [UInt32: Glyph] = [:]
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
                if let (code, glyph) = try parseGlyph(&lines, startLine: start), glyphs[code] == nil {
                    glyphs[code] = glyph
                }
            case "ENDFONT":
                let charset: BDFCharset
                do {
                    charset = try BDFCharset(registry: registry, encoding: encoding, font: fontName)
                } catch {
                    throw fail("charset '\(excerpt(error.charset.utf8))' cannot be mapped to Unicode "
                               + "(iconv does not know it)", line: charsetLine)
                }
                var font = try finish(ascent: ascent, descent: descent, fontBox: fontBox, family: family,
                                      glyphs: charset.remap(glyphs))
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
                        glyphs: [UInt32: Glyph]) throws(FontError) -> BDFFont {
        guard let a = ascent ?? fontBox.map({ $0.height + $0.bottom }),
              let d = descent ?? fontBox.map({ -$0.bottom }) else {
            throw fail("no FONT_ASCENT/FONT_DESCENT and no FONTBOUNDINGBOX: cannot place the baseline")
        }
        guard a >= 0, d >= 0, a + d > 0, a + d <= maxGlyphSide else {
            throw fail("font ascent \(a) and descent \(d) do not give a height in 1…\(maxGlyphSide) px")
        }
        guard !glyphs.isEmpty else { throw fail("the font has no encoded glyphs (or none its charset maps to Unicode)") }
        return BDFFont(ascent: a, descent: d, family: family, glyphs: glyphs)
    }

    /// The glyph whose STARTCHAR line starts at `offset` in `bytes` (BDFIndex); nil when unencoded.
    mutating func parseGlyph(in bytes: [UInt8], at offset: Int) throws(FontError) -> Glyph? {
        var lines = LineReader(bytes, position: offset)
        guard let first = lines.next(), first.words.first?.elementsEqual("STARTCHAR".utf8) == true else {
            throw fail("no STARTCHAR at byte \(offset)")
        }
        return try parseGlyph(&lines, startLine: 0)?.1
    }

    /// Reads one STARTCHAR…ENDCHAR block; nil for an unencoded glyph.
    private mutating func parseGlyph(_ lines: inout LineReader, startLine: Int) throws(FontError) -> (UInt32, Glyph)? {
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
                let pixels = try readRows(&lines, width: box[0], height: box[1])
                guard encoding >= 0 else { return nil }
                guard encoding <= 0x10FFFF else { throw fail("ENCODING \(encoding) is beyond U+10FFFF", line: startLine) }
                let dx = advance ?? box[0]
                guard abs(dx) <= 4 * maxGlyphSide else { throw fail("DWIDTH \(dx) is implausibly large", line: startLine) }
                return (UInt32(encoding), Glyph(width: box[0], height: box[1], left: box[2], bottom: box[3],
                                                advance: dx, pixels: pixels))
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

    /// `height` hex rows of at least ⌈width/8⌉ bytes each, then ENDCHAR.
    private mutating func readRows(_ lines: inout LineReader, width: Int, height: Int) throws(FontError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let bytesPerRow = (width + 7) / 8
        var row = 0
        while let line = lines.next() {
            lineNumber = lines.lineNumber
            let text = line.trimmed
            if text.isEmpty { continue }
            if text.elementsEqual("ENDCHAR".utf8) {
                // A glyph with no columns has nothing to read: its rows may be "0", "00" or empty lines.
                guard row == height || bytesPerRow == 0 else { throw fail("BITMAP has \(row) rows, BBX says \(height)") }
                return pixels
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
            var x = 0
            for digit in text.prefix(2 * bytesPerRow) {
                guard let nibble = hexValue(digit) else { throw fail("BITMAP row '\(excerpt(text))' is not hex") }
                for bit in 0..<4 where x + bit < width && nibble & (8 >> bit) != 0 {
                    pixels[row * width + x + bit] = 1
                }
                x += 4
            }
            for digit in text.dropFirst(2 * bytesPerRow) where hexValue(digit) == nil {
                throw fail("BITMAP row '\(excerpt(text))' is not hex")
            }
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

@inline(__always)
func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
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
        var end = start
        while end < bytes.count && bytes[end] != 10 { end += 1 }
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
