// The character set a BDF font's ENCODING numbers are in, and their mapping to Unicode. X11 fonts
// say it in CHARSET_REGISTRY and CHARSET_ENCODING (or the last two fields of their XLFD FONT name):
// "ISO10646-1" is Unicode and needs nothing; everything else (ISO 8859-x, KOI8-R, CP1251, GB2312,
// KSC5601, JIS X 0208, Big5, …) goes through the C library's iconv. The 94×94 sets number their
// characters in GL form (0x2121…0x7E7E, encoding 0), so they are turned into EUC bytes first. A
// charset iconv does not know (Adobe's FontSpecific, a vendor's own) is refused: its glyphs would
// draw the wrong characters.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct BDFCharset {
    /// "REGISTRY-ENCODING" as the font writes it, for messages.
    let name: String
    /// nil: the numbers are Unicode code points.
    private let iconvName: String?
    /// Added to two-byte numbers before conversion: 0x8080 turns GL codes into EUC bytes.
    private let offset: Int
    /// Bytes put before a two-byte code (EUC-JP's 0x8F for JIS X 0212).
    private let prefix: [UInt8]

    /// The charset from the font's properties or FONT name; nil registry: Unicode, as we always assumed.
    init(registry: String?, encoding: String?, font: String?) throws(CharsetError) {
        var registry = registry, encoding = encoding
        if registry == nil, let font {
            // -foundry-family-weight-slant-width-style-pixels-points-rx-ry-spacing-avg-REGISTRY-ENCODING
            let fields = font.split(separator: "-", omittingEmptySubsequences: false)
            if fields.count == 15 { registry = String(fields[13]); encoding = String(fields[14]) }
        }
        guard let registry, !registry.isEmpty else {
            name = "ISO10646-1"; iconvName = nil; offset = 0; prefix = []
            return
        }
        let r = registry.uppercased(), e = (encoding ?? "").uppercased()
        name = e.isEmpty ? registry : "\(registry)-\(encoding ?? "")"
        var offset = 0, prefix: [UInt8] = []
        let gl = e == "0" || e.isEmpty   // 94×94 sets: 0 numbers them GL (0x2121…), 1 GR (0xA1A1…)
        let iconvName: String?
        switch r {
        case "ISO10646", "UNICODE", "UCS": iconvName = nil
        case "ISO8859": iconvName = "ISO-8859-\(e)"
        case "ISO646.1991", "ASCII", "ANSI_X3.4-1968": iconvName = "ASCII"
        case "KOI8": iconvName = "KOI8-\(e)"
        case "MICROSOFT", "WINDOWS": iconvName = e.hasPrefix("CP") ? e : "CP\(e)"
        case _ where r.hasPrefix("GB2312"): iconvName = "EUC-CN"; offset = gl ? 0x8080 : 0
        case _ where r.hasPrefix("KSC5601") || r.hasPrefix("KSX1001"): iconvName = "EUC-KR"; offset = gl ? 0x8080 : 0
        case _ where r.hasPrefix("JISX0208"): iconvName = "EUC-JP"; offset = gl ? 0x8080 : 0
        case _ where r.hasPrefix("JISX0212"): iconvName = "EUC-JP"; offset = gl ? 0x8080 : 0; prefix = [0x8F]
        case _ where r.hasPrefix("JISX0201"): iconvName = "JIS_X0201"
        case _ where r.hasPrefix("GB18030"): iconvName = "GB18030"
        case "GBK": iconvName = "GBK"
        case _ where r.hasPrefix("BIG5"): iconvName = r == "BIG5HKSCS" || e == "HKSCS" ? "BIG5-HKSCS" : "BIG5"
        default: iconvName = e.isEmpty ? r : "\(r)-\(e)"
        }
        self.iconvName = iconvName; self.offset = offset; self.prefix = prefix
        if let iconvName {
            let probe = iconv_open("UTF-32LE", iconvName)
            guard probe != iconv_t(bitPattern: -1) else { throw CharsetError(charset: name) }
            iconv_close(probe)
        }
    }

    var isUnicode: Bool { iconvName == nil }

    /// The Unicode scalar of each of the font's numbers, nil where the set has no character (the
    /// glyph is dropped). Which of two numbers for one character wins is GlyphTableBuilder's choice.
    func remap(_ codes: [UInt32]) -> [UInt32?] {
        guard let iconvName else { return codes }
        guard let converter = iconv_open("UTF-32LE", iconvName), converter != iconv_t(bitPattern: -1) else {
            return Array(repeating: nil, count: codes.count)
        }
        defer { iconv_close(converter) }
        return codes.map { convert(Int($0), with: converter) }
    }

    /// One number's character, or nil when the set has none there (or it is not one character).
    private func convert(_ code: Int, with converter: iconv_t) -> UInt32? {
        var bytes: [CChar]
        if code < 0x100 {
            bytes = [CChar(bitPattern: UInt8(code))]
        } else if code < 0x10000 {
            let c = code | offset
            bytes = (prefix + [UInt8(c >> 8), UInt8(c & 0xFF)]).map { CChar(bitPattern: $0) }
        } else {
            return nil
        }
        var output = (UInt32(0), UInt32(0))
        var inLeft = bytes.count, outLeft = 8
        iconv(converter, nil, nil, nil, nil)   // back to the initial shift state
        let result = bytes.withUnsafeMutableBufferPointer { input in
            withUnsafeMutableBytes(of: &output) { raw in
                var inPointer = input.baseAddress
                var outPointer = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
                return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            }
        }
        guard result != -1, inLeft == 0, outLeft == 4 else { return nil }
        let scalar = UInt32(littleEndian: output.0)
        return Unicode.Scalar(scalar) == nil ? nil : scalar
    }
}

/// A charset iconv cannot map to Unicode; the parser turns it into a FontError on the property's line.
struct CharsetError: Error {
    let charset: String
}
