// The shipped faces beside the primary one: the sans serif's Arabic, Hebrew and CJK strikes (sorted
// BDFs read on trust, BDFIndex), colour emoji, and GNU Unifont for the scripts they lack; and each
// text's line taken from the faces it uses.
@testable import BitmapFont
import Foundation
import Raster
import XCTest

final class FallbackFontTests: XCTestCase {
    let assets = packageRoot() + "/assets"

    /// Each shipped sans file is sorted, and its glyphs are found by the binary search; a sample of
    /// them (each 64th) equals what the full parser reads from the same blocks.
    func testEveryShippedSansGlyphIsFoundByTheIndex() throws {
        for file in FontStack.sansFontFiles {
            let path = assets + "/" + file
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let indexed = try BitmapFont(trustedSortedBDFFile: path)
            XCTAssertEqual(Double(indexed.ascent) / Double(indexed.pixelSize), 0.78, "\(file): every strike has the same line")
            let blocks = text.components(separatedBy: "STARTCHAR ")
            var codes: [UInt32] = [], sample = blocks[0]
            for (k, block) in blocks.dropFirst().enumerated() {
                let line = try XCTUnwrap(block.components(separatedBy: "\n").first { $0.hasPrefix("ENCODING ") })
                codes.append(try XCTUnwrap(UInt32(line.dropFirst(9))))
                if k % 64 == 0 { sample += "STARTCHAR " + block.components(separatedBy: "ENDFONT")[0] }
            }
            sample += "ENDFONT\n"
            XCTAssertEqual(indexed.glyphCount, codes.count, file)
            XCTAssertTrue(zip(codes, codes.dropFirst()).allSatisfy { $0 < $1 }, "\(file) sorted by ENCODING")
            // Each 8th (all of them cost ~10 s in a debug build; a sorted file is all the search needs).
            for (k, code) in codes.enumerated() where k % 8 == 0 || k == codes.count - 1 {
                if !indexed.contains(Unicode.Scalar(code)!) { XCTFail("\(file): U+\(String(code, radix: 16)) not found") }
            }
            let parsed = try BitmapFont(data: Array(sample.utf8), format: .bdf, name: "sample.bdf")
            for code in codes where parsed.contains(Unicode.Scalar(code)!) {
                XCTAssertEqual(indexed.glyph(for: Unicode.Scalar(code)!), parsed.glyph(for: Unicode.Scalar(code)!))
            }
        }
        let cjk = try BitmapFont(trustedSortedBDFFile: assets + "/fonts/sans-cjk-bold-50.bdf")
        XCTAssertGreaterThan(cjk.glyphCount, 30_000)
        for text in ["가힣한국어", "中文大奖五等奖", "ひらがなカタカナ", "繁體字"] {
            for c in text.unicodeScalars { XCTAssertTrue(cjk.contains(c), "\(c)") }
        }
        XCTAssertFalse(cjk.contains("A"), "Latin is the Latin strike's")
        let latin = try BitmapFont(trustedSortedBDFFile: assets + "/fonts/sans-bold-100.bdf")
        for c in "AzÉßΩЖ€".unicodeScalars { XCTAssertTrue(latin.contains(c), "\(c)") }
    }

    func testASortedBDFMustBeUnicodeAndComplete() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-sorted-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let glyph = "STARTCHAR a\nENCODING 97\nDWIDTH 8 0\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\n"
        let header = "STARTFONT 2.1\nFONTBOUNDINGBOX 8 16 0 -4\nSTARTPROPERTIES 2\n"
        let cases = [
            ("koi8.bdf", header + "CHARSET_REGISTRY \"KOI8\"\nCHARSET_ENCODING \"R\"\nENDPROPERTIES\n" + glyph + "ENDFONT\n", "Unicode"),
            ("cut.bdf", header + "CHARSET_REGISTRY \"ISO10646\"\nCHARSET_ENCODING \"1\"\nENDPROPERTIES\n" + glyph, "ENDFONT"),
            ("none.bdf", header + "ENDPROPERTIES\nENDFONT\n", "no glyphs"),
        ]
        for (name, text, reason) in cases {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            XCTAssertThrowsError(try BitmapFont(trustedSortedBDFFile: url.path)) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(name) && message.contains(reason), message)
            }
        }
        let good = directory.appendingPathComponent("good.bdf")
        try Data((header + "CHARSET_REGISTRY \"ISO10646\"\nCHARSET_ENCODING \"1\"\nENDPROPERTIES\n" + glyph + "ENDFONT\n").utf8).write(to: good)
        let font = try BitmapFont(trustedSortedBDFFile: good.path)
        XCTAssertEqual(font.glyph(for: "a")?.advance, 8)
        XCTAssertNil(font.glyph(for: "b"))
    }

    /// GNU Unifont draws what the shipped faces lack (Thai), at every size; Hangul comes from the
    /// sans serif's CJK strike at every size, never from Unifont.
    func testUnifontDrawsWhatTheShippedFacesLack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-face-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stand-in Unifont: 가 blank, Thai ko kai (which the shipped faces lack) a filled square.
        let unifont = directory.appendingPathComponent("unifont.hex")
        try Data(("0E01:" + String(repeating: "FF", count: 16) + "\nAC00:" + String(repeating: "0000", count: 16) + "\n").utf8).write(to: unifont)
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: unifont.path, upperPath: nil)
        func ink(_ text: String, size: Double) throws -> Int {
            let canvas = try XCTUnwrap(Canvas(width: 120, height: 120))
            stack.draw(text, in: canvas, at: Point(x: 60, y: 60), style: TextStyle(size: size, color: .black, alignment: .center, verticalAlignment: .middle))
            return canvas.pixmap.pixels.filter { $0 >> 24 > 128 }.count
        }
        XCTAssertGreaterThan(try ink("가", size: 15), 20, "the sans serif's 가 at 15 px, not Unifont's blank one")
        XCTAssertGreaterThan(try ink("가", size: 48), 200)
        XCTAssertGreaterThan(try ink("ก", size: 15), 100)
        XCTAssertGreaterThan(try ink("ก", size: 48), 900, "Unifont's square, scaled")
    }

    /// Every shipped strike has the same line (ascent 0.78, descent 0.22 of the size), so a label
    /// mixing scripts keeps the baseline and height of a Latin one.
    func testScriptsShareOneLine() throws {
        let full = try FontStack.defaultStack(assetsDirectory: assets)
        let latin = FontStack(faces: [full.faces[0]])
        for size in [12.0, 20, 40, 86] {
            XCTAssertEqual(full.measure("Entry 12", size: size), latin.measure("Entry 12", size: size))
            XCTAssertEqual(full.lineMetrics(size: size), latin.lineMetrics(size: size))
            for mixed in ["Entry 가", "Entry 中", "Entry שלום", "Entry مرحبا", "Entry 🍕"] {
                XCTAssertEqual(full.measure(mixed, size: size).height, latin.measure("Entry", size: size).height, mixed)
            }
        }
    }

    /// Emoji are drawn in colour from the shipped images even without the system's Unifont; a
    /// playing card (no colour image) still comes from the shipped Unifont subset.
    func testEmojiDrawInColourWithoutTheSystemUnifont() throws {
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil)
        func pixels(_ text: String) throws -> [UInt32] {
            let canvas = try XCTUnwrap(Canvas(width: 40, height: 40))
            stack.draw(text, in: canvas, at: Point(x: 20, y: 20), style: TextStyle(size: 32, color: .black, alignment: .center, verticalAlignment: .middle))
            return canvas.pixmap.pixels
        }
        let box = try pixels("\u{10FFFD}")
        for emoji in ["\u{1F600}", "\u{1F389}", "\u{1F3C6}", "\u{1F381}", "\u{1F355}"] {
            let drawn = try pixels(emoji)
            XCTAssertNotEqual(drawn, box, "\(emoji) is drawn, not the hollow box")
            XCTAssertGreaterThan(drawn.filter { $0 >> 24 > 128 }.count, 300, emoji)
            XCTAssertGreaterThan(drawn.filter(isColourful).count, 100, "\(emoji) in colour, though the text is black")
        }
        XCTAssertNotEqual(try pixels("\u{1F600}"), try pixels("\u{1F389}"))
        XCTAssertGreaterThan(try pixels("\u{1F0A1}").filter { $0 >> 24 > 128 }.count, 40, "the ace of spades from Unifont")
    }
}

/// An opaque-ish premultiplied pixel whose channels differ by more than 80: no shade of grey.
func isColourful(_ p: UInt32) -> Bool {
    let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
    return p >> 24 > 200 && max(r, g, b) - min(r, g, b) > 80
}
