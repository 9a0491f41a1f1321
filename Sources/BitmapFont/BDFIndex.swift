// A large Unicode BDF font whose glyphs are sorted by ENCODING (as Roundel's shipped efont CJK strike
// is: 28 544 glyphs, 7.3 MB), taken on trust like the system Unifont: loading reads the file and its
// header only; a glyph's STARTCHAR…ENDCHAR block is found by binary search over the bytes and parsed
// when first asked for (FontStack caches outlines, so each character is parsed about once). Parsing
// the whole file would cost ~0.3 s at every start; this costs reading it.

struct BDFIndex: Sendable {
    let ascent: Int
    let descent: Int
    let family: String
    private let bytes: [UInt8]
    /// Offset of the first STARTCHAR line and of the ENDFONT line: glyph blocks lie between.
    private let glyphsStart: Int
    private let glyphsEnd: Int
    private let name: String

    /// Reads the header (STARTFONT up to the first STARTCHAR) with the full parser's rules; the font
    /// must be Unicode (ISO10646) and end with ENDFONT.
    init(bytes: [UInt8], name: String) throws(FontError) {
        func fail(_ message: String) -> FontError { FontError(file: name, line: nil, message: message) }
        guard let first = BDFIndex.lineStart(of: "STARTCHAR", in: bytes, from: 0) else { throw fail("no glyphs (no STARTCHAR)") }
        guard let end = BDFIndex.lastLineStart(of: "ENDFONT", in: bytes) else { throw fail("file ends without ENDFONT (truncated?)") }
        var header = Array(bytes[0..<first])
        header += Array("STARTCHAR x\nENCODING 32\nBBX 0 0 0 0\nBITMAP\nENDCHAR\nENDFONT\n".utf8)
        var parser = BDFParser(name: name)
        let font = try parser.parse(header)
        guard font.isUnicode else { throw fail("a sorted BDF font must be in Unicode (CHARSET_REGISTRY ISO10646)") }
        ascent = font.ascent; descent = font.descent; family = font.family
        self.bytes = bytes; glyphsStart = first; glyphsEnd = end; self.name = name
    }

    func glyph(for code: UInt32) -> Glyph? {
        guard let block = find(code) else { return nil }
        var parser = BDFParser(name: name)
        return try? parser.parseGlyph(in: bytes, at: block)
    }

    func advance(for code: UInt32) -> Int? { glyph(for: code)?.advance }

    /// The bytes it keeps.
    var byteCount: Int { bytes.count }

    /// Number of glyphs (counts STARTCHAR lines; for tests and `glyphCount`).
    var count: Int {
        var n = 0, at = glyphsStart
        while let s = BDFIndex.lineStart(of: "STARTCHAR", in: bytes, from: at), s < glyphsEnd { n += 1; at = s + 1 }
        return n
    }

    /// The offset of the STARTCHAR line of `code`'s block. `lo` and `hi` always sit at block starts
    /// (or at ENDFONT); each step takes the block around the middle and halves the range.
    private func find(_ code: UInt32) -> Int? {
        bytes.withUnsafeBufferPointer { buf -> Int? in
            var lo = glyphsStart, hi = glyphsEnd
            while lo < hi {
                var s = (lo + hi) / 2
                while s > lo && buf[s - 1] != 10 { s -= 1 }                   // start of that line
                while s > lo && !BDFIndex.startsLine(buf, at: s, with: "STARTCHAR") {   // back to its block
                    s -= 1
                    while s > lo && buf[s - 1] != 10 { s -= 1 }
                }
                guard let (c, next) = BDFIndex.encoding(buf, block: s, limit: hi) else { return nil }
                if c == code { return s }
                if c > code { hi = s } else { lo = next }
            }
            return nil
        }
    }

    /// The ENCODING of the block at `block` and where the next block starts; nil when the file is
    /// not as promised (the glyph is then just missing).
    private static func encoding(_ buf: UnsafeBufferPointer<UInt8>, block: Int, limit: Int) -> (UInt32, Int)? {
        var i = block
        var code: Int64? = nil
        while i < limit {
            if startsLine(buf, at: i, with: "ENCODING ") {
                var p = i + 9, n: Int64 = 0, digits = 0
                while p < limit, buf[p] >= 48, buf[p] <= 57, digits < 8 { n = n * 10 + Int64(buf[p] - 48); p += 1; digits += 1 }
                if digits > 0 { code = n }
            } else if startsLine(buf, at: i, with: "ENDCHAR") {
                while i < limit && buf[i] != 10 { i += 1 }
                guard let code, code <= 0x10FFFF else { return nil }
                return (UInt32(code), min(i + 1, limit))
            }
            while i < limit && buf[i] != 10 { i += 1 }
            i += 1
        }
        return nil
    }

    private static func startsLine(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, with word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= buf.count else { return false }
        let w = word.utf8Start
        for k in 0..<n where buf[i + k] != w[k] { return false }
        return true
    }

    private static func lineStart(of word: StaticString, in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buf -> Int? in
            var i = from
            while i < buf.count {
                if (i == 0 || buf[i - 1] == 10) && startsLine(buf, at: i, with: word) { return i }
                i += 1
            }
            return nil
        }
    }

    private static func lastLineStart(of word: StaticString, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buf -> Int? in
            var i = buf.count - 1
            var lines = 0
            while i >= 0 && lines < 8 {
                if (i == 0 || buf[i - 1] == 10) {
                    if startsLine(buf, at: i, with: word) { return i }
                    lines += 1
                }
                i -= 1
            }
            return nil
        }
    }
}
