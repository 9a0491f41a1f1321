// BDF fonts in other character sets than Unicode (X11's KOI8-R, GB2312, ISO 8859-x …) draw the
// characters they were made for; BDF files X11 accepts load (zero-width glyphs, properties that look
// like keywords); messages never carry raw control characters from a file.
import XCTest
import BitmapFont
import Raster

/// A BDF with the given properties and glyphs (encoding, 8×8 rows as hex bytes).
private func bdf(font: String = "-test-Charset-Medium-R-Normal--8-80-75-75-C-80-",
                 properties: [String], glyphs: [(Int, [String])]) -> [UInt8] {
    var text = "STARTFONT 2.1\nFONT \(font)\nSIZE 8 75 75\nFONTBOUNDINGBOX 8 8 0 -1\n"
    text += "STARTPROPERTIES \(properties.count + 2)\nFONT_ASCENT 7\nFONT_DESCENT 1\n"
    text += properties.map { $0 + "\n" }.joined() + "ENDPROPERTIES\nCHARS \(glyphs.count)\n"
    for (code, rows) in glyphs {
        text += "STARTCHAR g\(code)\nENCODING \(code)\nDWIDTH 8 0\nBBX 8 \(rows.count) 0 -1\nBITMAP\n"
        text += rows.map { $0 + "\n" }.joined() + "ENDCHAR\n"
    }
    return Array((text + "ENDFONT\n").utf8)
}

/// Distinct 8×8 bitmaps, so a glyph found under the wrong character is noticed.
private let bar = ["FF", "00", "00", "00", "00", "00", "00", "00"]
private let dot = ["00", "00", "00", "18", "18", "00", "00", "00"]
private let cross = ["81", "42", "24", "18", "18", "24", "42", "81"]

private func rows(_ glyph: Glyph?) -> [String] {
    guard let glyph else { return [] }
    return (0..<glyph.height).map { y in
        let bits = (0..<glyph.width).reduce(0) { $0 << 1 | (glyph.isInk(x: $1, y: y) ? 1 : 0) }
        return String(format: "%02X", bits)
    }
}

final class CharsetTests: XCTestCase {
    /// KOI8-R 0xC1 is "а" (U+0430), 0xF4 "Т"; not "Á" (U+00C1) as Unicode would have it.
    func testKOI8RFontDrawsCyrillic() throws {
        let data = bdf(properties: ["CHARSET_REGISTRY \"KOI8\"", "CHARSET_ENCODING \"R\""],
                       glyphs: [(0x41, bar), (0xC1, dot), (0xF4, cross)])
        let font = try BitmapFont(data: data, format: .bdf, name: "koi8r.bdf")
        XCTAssertEqual(rows(font.glyph(for: "а")), dot)
        XCTAssertEqual(rows(font.glyph(for: "Т")), cross)
        XCTAssertEqual(rows(font.glyph(for: "A")), bar)
        XCTAssertNil(font.glyph(for: "\u{C1}"), "0xC1 is not Á in KOI8-R")
        XCTAssertNil(font.glyph(for: "\u{F4}"))
    }

    /// GB2312 numbers its characters 0x2121…0x7E7E: 中 is 0x5650, 国 0x397A (EUC-CN D6D0, B9FA).
    func testGB2312FontDrawsChinese() throws {
        let data = bdf(properties: ["CHARSET_REGISTRY \"GB2312.1980\"", "CHARSET_ENCODING \"0\""],
                       glyphs: [(0x5650, cross), (0x397A, dot)])
        let font = try BitmapFont(data: data, format: .bdf, name: "gb2312.bdf")
        XCTAssertEqual(rows(font.glyph(for: "中")), cross)
        XCTAssertEqual(rows(font.glyph(for: "国")), dot)
        XCTAssertNil(font.glyph(for: Unicode.Scalar(0x5650)!), "0x5650 is not U+5650")
        // Drawn through a stack, "中" is the cross: ink on both diagonals, none in the middle of an edge.
        let stack = FontStack(fonts: [font])
        let canvas = try XCTUnwrap(Canvas(width: 8, height: 8))
        stack.draw("中", in: canvas, at: Point(x: 0, y: 7), style: TextStyle(size: 8, color: .black))
        let ink = (0..<8).map { y in (0..<8).map { x in canvas.pixmap[x, y] >> 24 > 127 } }
        XCTAssertEqual(ink.map { String($0.map { $0 ? "#" : "." }) }, cross.map { row in
            String((0..<8).map { UInt8(row, radix: 16)! & (0x80 >> $0) != 0 ? "#" : "." })
        })
    }

    /// Without CHARSET_* properties the XLFD FONT name's last two fields say the charset.
    func testCharsetFromTheFontName() throws {
        let data = bdf(font: "-misc-fixed-medium-r-normal--8-80-75-75-c-80-iso8859-5", properties: [],
                       glyphs: [(0xB0, cross)])   // ISO 8859-5 0xB0: "А" U+0410
        let font = try BitmapFont(data: data, format: .bdf, name: "8859-5.bdf")
        XCTAssertEqual(rows(font.glyph(for: "\u{410}")), cross)
        XCTAssertNil(font.glyph(for: "\u{B0}"))
    }

    func testUnicodeFontsAreUnchanged() throws {
        let data = bdf(properties: ["CHARSET_REGISTRY \"ISO10646\"", "CHARSET_ENCODING \"1\""],
                       glyphs: [(0x4E2D, cross)])
        XCTAssertEqual(rows(try BitmapFont(data: data, format: .bdf, name: "u.bdf").glyph(for: "中")), cross)
    }

    func testUnknownCharsetIsRefusedOnItsLine() {
        let data = bdf(properties: ["CHARSET_REGISTRY \"Adobe\"", "CHARSET_ENCODING \"FontSpecific\""],
                       glyphs: [(0x41, bar)])
        XCTAssertThrowsError(try BitmapFont(data: data, format: .bdf, name: "symbol.bdf")) { error in
            XCTAssertEqual("\(error)", "roundel: font 'symbol.bdf' line 8: charset 'Adobe-FontSpecific' cannot be "
                           + "mapped to Unicode (iconv does not know it)")
        }
    }

    /// Fonts X11 loads: a zero-width glyph whose rows are "0" or empty lines, a property named like a
    /// keyword with a quoted value, quoted metrics.
    func testFontsX11AcceptsLoad() throws {
        func load(_ text: String) throws -> BitmapFont {
            try BitmapFont(data: Array(text.utf8), format: .bdf, name: "x.bdf")
        }
        let zeroWidth = { (rows: String) in
            tinyBDF.replacingOccurrences(of: "BBX 1 1 0 0\nBITMAP\n80\n", with: "BBX 0 3 0 0\nBITMAP\n\(rows)")
                .replacingOccurrences(of: "ENCODING -1", with: "ENCODING 8203")
        }
        let zero = try load(zeroWidth("0\n0\n0\n"))
        XCTAssertEqual(zero.glyph(for: "\u{200B}")?.width, 0)
        XCTAssertEqual(zero.glyph(for: "\u{200B}")?.advance, 5)
        XCTAssertNotNil(try load(zeroWidth("\n\n\n")).glyph(for: "\u{200B}"))
        XCTAssertNotNil(try load(zeroWidth("")).glyph(for: "\u{200B}"))
        let quoted = tinyBDF.replacingOccurrences(of: "STARTPROPERTIES 3\n",
                                                  with: "STARTPROPERTIES 4\nFONTBOUNDINGBOX \"5 8 0 -2\"\n")
            .replacingOccurrences(of: "FONT_ASCENT 6", with: "FONT_ASCENT \"6\"")
        let font = try load(quoted)
        XCTAssertEqual(font.ascent, 6)
        XCTAssertNotNil(font.glyph(for: "F"))
    }

    func testControlCharactersInTheFileAreEscapedInMessages() {
        let text = tinyBDF.replacingOccurrences(of: "E0\n", with: "\u{1B}[2J\r\u{7}\n")
        XCTAssertThrowsError(try BitmapFont(data: Array(text.utf8), format: .bdf, name: "evil\n.bdf")) { error in
            let message = "\(error)"
            XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, message)
            XCTAssertTrue(message.contains("\\u{1B}[2J"), message)
            XCTAssertTrue(message.hasPrefix("roundel: font 'evil\\u{A}.bdf' line 19:"), message)
        }
    }
}
