// Parsing: a tiny inline BDF with an asymmetric "F", .hex glyphs 8 and 16 px wide, and bad input
// that must throw a FontError naming the line instead of trapping.
import XCTest
import BitmapFont

/// An "F" (no symmetry: catches flips and transposes), 4×6 with ascent 6, descent 2.
let tinyBDF = """
STARTFONT 2.1
FONT -test-Tiny-Medium-R-Normal--8-80-75-75-C-50-ISO10646-1
SIZE 8 75 75
FONTBOUNDINGBOX 5 8 0 -2
STARTPROPERTIES 3
FAMILY_NAME "Tiny"
FONT_ASCENT 6
FONT_DESCENT 2
ENDPROPERTIES
CHARS 2
STARTCHAR F
ENCODING 70
SWIDTH 500 0
DWIDTH 5 0
BBX 4 6 0 0
BITMAP
F0
80
E0
80
80
80
ENDCHAR
STARTCHAR unencoded
ENCODING -1
DWIDTH 5 0
BBX 1 1 0 0
BITMAP
80
ENDCHAR
ENDFONT

"""

/// "A" 8 wide (Unifont's own bits) and a 16-wide box glyph at U+AC00.
let tinyHex = """
0041:0000000018242442427E424242420000
AC00:0000FFFF800180018001800180018001800180018001800180018001FFFF0000

"""

func loadTinyBDF() throws -> BitmapFont {
    try BitmapFont(data: Array(tinyBDF.utf8), format: .bdf, name: "tiny.bdf")
}

final class FontParsingTests: XCTestCase {
    func testBDFParsesMetricsAndTheAsymmetricF() throws {
        let font = try loadTinyBDF()
        XCTAssertEqual(font.name, "Tiny")
        XCTAssertEqual(font.ascent, 6)
        XCTAssertEqual(font.descent, 2)
        XCTAssertEqual(font.pixelSize, 8)
        XCTAssertEqual(font.glyphCount, 1, "ENCODING -1 is skipped")
        let f = try XCTUnwrap(font.glyph(for: "F"))
        XCTAssertEqual([f.width, f.height, f.left, f.bottom, f.advance], [4, 6, 0, 0, 5])
        let rows = (0..<6).map { y in String((0..<4).map { f.isInk(x: $0, y: y) ? "#" : "." }) }
        XCTAssertEqual(rows, ["####", "#...", "###.", "#...", "#...", "#..."])
        XCTAssertNil(font.glyph(for: "G"))
    }

    func testHexParsesEightAndSixteenPixelWideGlyphs() throws {
        let font = try BitmapFont(data: Array(tinyHex.utf8), format: .hex, name: "tiny.hex")
        XCTAssertEqual([font.ascent, font.descent], [14, 2])
        let a = try XCTUnwrap(font.glyph(for: "A"))
        XCTAssertEqual([a.width, a.height, a.advance, a.bottom], [8, 16, 8, -2])
        XCTAssertEqual((0..<8).map { a.isInk(x: $0, y: 4) }, [false, false, false, true, true, false, false, false])  // 0x18
        let box = try XCTUnwrap(font.glyph(for: "\u{AC00}"))
        XCTAssertEqual([box.width, box.advance], [16, 16])
        XCTAssertTrue((0..<16).allSatisfy { box.isInk(x: $0, y: 1) })
        XCTAssertEqual((0..<16).map { box.isInk(x: $0, y: 5) }, [true] + Array(repeating: false, count: 14) + [true])
        XCTAssertEqual(font.advance(for: "\u{AC00}"), 16)
        XCTAssertNil(font.advance(for: "B"))
    }

    func testUnsortedHexIsIndexedAndTrustedSortedHexIsSearched() throws {
        let unsorted = "AC00:" + String(repeating: "F", count: 64) + "\n0041:" + String(repeating: "0", count: 32) + "\n"
        let font = try BitmapFont(data: Array(unsorted.utf8), format: .hex, name: "u.hex")
        XCTAssertEqual(font.advance(for: "A"), 8)
        XCTAssertEqual(font.advance(for: "\u{AC00}"), 16)

        let path = NSTemporaryDirectory() + "roundel-sorted-\(getpid()).hex"
        try Data(tinyHex.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trusted = try BitmapFont(trustedSortedHexFile: path)
        let checked = try BitmapFont(data: Array(tinyHex.utf8), format: .hex, name: "tiny.hex")
        XCTAssertEqual(trusted.glyph(for: "A"), checked.glyph(for: "A"))
        XCTAssertEqual(trusted.advance(for: "\u{AC00}"), 16)
        XCTAssertNil(trusted.glyph(for: "\u{AC01}"))
    }

    /// A font keeps its glyphs a bit a pixel: a 13 px wide glyph's stray bits right of its box stay
    /// out, a repeated code point keeps its first glyph, unsorted glyphs are found, and the memory it
    /// keeps is about the bitmaps' bits (a byte a pixel was up to four times the file).
    func testGlyphsAreKeptPackedAndTheFirstOfACodePointWins() throws {
        func glyph(_ code: Int, _ width: Int, _ rows: [String]) -> String {
            "STARTCHAR g\nENCODING \(code)\nDWIDTH \(width + 1) 0\nBBX \(width) \(rows.count) 1 -1\nBITMAP\n"
                + rows.joined(separator: "\n") + "\nENDCHAR\n"
        }
        let header = "STARTFONT 2.1\nFONTBOUNDINGBOX 16 16 0 -2\nSTARTPROPERTIES 2\nFONT_ASCENT 14\nFONT_DESCENT 2\nENDPROPERTIES\n"
        let text = header + glyph(0x42, 13, ["FFFF", "8008", "AAAA"]) + glyph(0x41, 3, ["FF"])
            + glyph(0x42, 2, ["C0"]) + "ENDFONT\n"
        let font = try BitmapFont(data: Array(text.utf8), format: .bdf, name: "packed.bdf")
        XCTAssertEqual(font.glyphCount, 2)
        let b = try XCTUnwrap(font.glyph(for: "B"))
        XCTAssertEqual([b.width, b.height, b.left, b.bottom, b.advance], [13, 3, 1, -1, 14])
        let rows = (0..<3).map { y in String((0..<13).map { b.isInk(x: $0, y: y) ? "#" : "." }) }
        XCTAssertEqual(rows, ["#############", "#...........#", "#.#.#.#.#.#.#"])
        XCTAssertEqual(b.pixels.count, 13 * 3)
        let a = try XCTUnwrap(font.glyph(for: "A"))
        XCTAssertEqual(a.pixels, [1, 1, 1])
        XCTAssertEqual(font.advance(for: "A"), 4)

        // 64 glyphs of 64×64 px: 512 bytes of bits each, and 20 of code point and metrics.
        let square = glyph(0, 64, Array(repeating: String(repeating: "F0", count: 8), count: 64))
        let big = header + (0..<64).map { square.replacingOccurrences(of: "ENCODING 0", with: "ENCODING \(0x4E00 + $0)") }.joined() + "ENDFONT\n"
        let bigFont = try BitmapFont(data: Array(big.utf8), format: .bdf, name: "big.bdf")
        XCTAssertEqual(bigFont.memoryBytes, 64 * (512 + 20))
        XCTAssertLessThan(bigFont.memoryBytes, big.utf8.count / 2)
        let hex = try BitmapFont(data: Array(tinyHex.utf8), format: .hex, name: "tiny.hex")
        XCTAssertEqual(hex.memoryBytes, (16 + 20) + (32 + 20))
    }

    /// Each case: file text, then the line and words the one-line message must contain.
    func testBadFontsThrowErrorsThatNameTheLine() {
        func bdf(replacing old: String, with new: String) -> String { tinyBDF.replacingOccurrences(of: old, with: new) }
        let cases: [(String, BitmapFont.Format, Int?, String)] = [
            (bdf(replacing: "E0\n", with: "zz\n"), .bdf, 19, "BITMAP row 'zz' is not hex"),
            (bdf(replacing: "BBX 4 6 0 0", with: "BBX 4 x 0 0"), .bdf, 15, "BBX value 'x' is not a number"),
            (bdf(replacing: "BBX 4 6 0 0", with: "BBX 99999 6 0 0"), .bdf, 15, "outside"),
            (bdf(replacing: "BBX 4 6 0 0", with: "BBX -4 6 0 0"), .bdf, 15, "outside"),
            (bdf(replacing: "80\n80\n80\nENDCHAR\nSTARTCHAR unencoded", with: "80\n80\n80\nSTARTCHAR unencoded"),
             .bdf, 23, "more than the 6 rows"),
            (bdf(replacing: "BBX 4 6 0 0\n", with: ""), .bdf, 15, "BITMAP before BBX"),
            (String(tinyBDF.split(separator: "\n").prefix(20).joined(separator: "\n")), .bdf, 20, "no ENDCHAR"),
            ("hello\n", .bdf, 1, "not a BDF font"),
            ("", .bdf, nil, "empty file"),
            ("0041:00zz" + String(repeating: "0", count: 28) + "\n", .hex, 1, "is not hex"),
            ("0041:0000\n", .hex, 1, "4 hex digits"),
            ("0041:" + String(repeating: "0", count: 32) + "\nXYZ\n", .hex, 2, "does not start with a hex code point"),
            ("110000:" + String(repeating: "0", count: 32) + "\n", .hex, 1, "beyond U+10FFFF"),
        ]
        for (text, format, line, words) in cases {
            XCTAssertThrowsError(try BitmapFont(data: Array(text.utf8), format: format, name: "x.font")) { error in
                guard let error = error as? FontError else { return XCTFail("not a FontError: \(error)") }
                if let line { XCTAssertEqual(error.line, line, "\(error)") }
                XCTAssertTrue(error.description.hasPrefix("roundel: font 'x.font'"), "\(error)")
                XCTAssertTrue(error.description.contains(words), "'\(error)' should mention '\(words)'")
                XCTAssertFalse(error.description.contains("\n"))
            }
        }
    }

    func testNonUTF8BytesDoNotTrap() throws {
        var bytes = Array(tinyBDF.utf8)
        let tiny = try XCTUnwrap(tinyBDF.range(of: "Tiny-Medium"))   // inside the FONT line
        bytes[tinyBDF.utf8.distance(from: tinyBDF.startIndex, to: tiny.lowerBound)] = 0xFF
        XCTAssertNoThrow(try BitmapFont(data: bytes, format: .bdf, name: "latin1.bdf"))
        var bad = Array(tinyBDF.utf8)
        let range = try XCTUnwrap(tinyBDF.range(of: "\nE0\n"))
        bad[tinyBDF.utf8.distance(from: tinyBDF.startIndex, to: range.lowerBound) + 1] = 0xC3
        XCTAssertThrowsError(try BitmapFont(data: bad, format: .bdf, name: "bad.bdf")) { error in
            XCTAssertEqual((error as? FontError)?.line, 19)
        }
    }

    func testMissingFileNamesThePath() {
        XCTAssertThrowsError(try BitmapFont(contentsOfFile: "/nonexistent/font.bdf")) { error in
            XCTAssertEqual("\(error)", "roundel: font '/nonexistent/font.bdf': cannot be read (no such file)")
        }
    }
}
