// The shipped fallbacks: efont's 24 px Hangul and CJK (a sorted BDF read on trust, BDFIndex), joined
// with Unifont's 16 px as one face, and Unifont's emoji; and each text's line taken from the faces
// it uses, so Latin labels sit where they do whether or not a fallback is installed.
@testable import BitmapFont
import Foundation
import Raster
import XCTest

final class FallbackFontTests: XCTestCase {
    let assets = packageRoot() + "/assets"

    /// The shipped CJK file is sorted, and its glyphs are found by the binary search; a sample of
    /// them (each 64th) equals what the full parser reads from the same blocks.
    func testEveryShippedCJKGlyphIsFoundByTheIndex() throws {
        let path = assets + "/" + FontStack.cjkFontFile
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)   // ASCII; Swift 6.0.3's Foundation refuses .isoLatin1 here
        let indexed = try BitmapFont(trustedSortedBDFFile: path)
        XCTAssertEqual([indexed.ascent, indexed.descent], [21, 3])
        let blocks = text.components(separatedBy: "STARTCHAR ")
        var codes: [UInt32] = [], sample = blocks[0]
        for (k, block) in blocks.dropFirst().enumerated() {
            let line = try XCTUnwrap(block.components(separatedBy: "\n").first { $0.hasPrefix("ENCODING ") })
            codes.append(try XCTUnwrap(UInt32(line.dropFirst(9))))
            if k % 64 == 0 { sample += "STARTCHAR " + block.components(separatedBy: "ENDFONT")[0] }
        }
        sample += "ENDFONT\n"
        XCTAssertGreaterThan(codes.count, 28_000)
        XCTAssertEqual(indexed.glyphCount, codes.count)
        XCTAssertTrue(zip(codes, codes.dropFirst()).allSatisfy { $0 < $1 }, "sorted by ENCODING")
        // Each 8th (all 28 544 cost ~10 s in a debug build; a sorted file is all the search needs).
        for (k, code) in codes.enumerated() where k % 8 == 0 || k == codes.count - 1 {
            if !indexed.contains(Unicode.Scalar(code)!) { XCTFail("U+\(String(code, radix: 16)) not found") }
        }
        for miss: UInt32 in [0x10FF, 0x3000 - 1, 0xE000, 0xFFF0, 0x41] where !codes.contains(miss) {
            XCTAssertFalse(indexed.contains(Unicode.Scalar(miss)!))
        }
        let parsed = try BitmapFont(data: Array(sample.utf8), format: .bdf, name: "sample.bdf")
        XCTAssertGreaterThan(parsed.glyphCount, 400)
        for code in codes where parsed.contains(Unicode.Scalar(code)!) {
            XCTAssertEqual(indexed.glyph(for: Unicode.Scalar(code)!), parsed.glyph(for: Unicode.Scalar(code)!))
        }
        for hangul in "가힣한국어" { XCTAssertTrue(indexed.contains(hangul.unicodeScalars.first!)) }
        for han in "中文大奖五等奖" { XCTAssertTrue(indexed.contains(han.unicodeScalars.first!)) }
        XCTAssertFalse(indexed.contains("A"), "Latin is Terminus's, not efont's")
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

    /// Hangul from Unifont's 16 px strike for small text and from efont's 24 px above ~21 px; a
    /// character efont lacks comes from Unifont at every size (one face, strike fallback).
    func testUnifontDrawsSmallTextAndEfontLargeText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-face-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stand-in Unifont: 가 blank, Thai ko kai (which neither Terminus nor efont has) a filled square.
        let unifont = directory.appendingPathComponent("unifont.hex")
        try Data(("0E01:" + String(repeating: "FF", count: 16) + "\nAC00:" + String(repeating: "0000", count: 16) + "\n").utf8).write(to: unifont)
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: unifont.path, upperPath: nil)
        func ink(_ text: String, size: Double) throws -> Int {
            let canvas = try XCTUnwrap(Canvas(width: 120, height: 120))
            stack.draw(text, in: canvas, at: Point(x: 60, y: 60), style: TextStyle(size: size, color: .black, alignment: .center, verticalAlignment: .middle))
            return canvas.pixmap.pixels.filter { $0 >> 24 > 128 }.count
        }
        XCTAssertEqual(try ink("가", size: 15), 0, "Unifont's (blank) 가 at 15 px")
        XCTAssertGreaterThan(try ink("가", size: 48), 200, "efont's 가 at 48 px")
        XCTAssertGreaterThan(try ink("ก", size: 15), 100)
        XCTAssertGreaterThan(try ink("ก", size: 48), 900, "efont has no ko kai: Unifont's square, scaled")
    }

    /// A Latin text's line is Terminus's with or without fallbacks; a text with Hangul takes the taller line.
    func testALatinLineIgnoresTheFallbacks() throws {
        let full = try FontStack.defaultStack(assetsDirectory: assets)
        let terminus = FontStack(faces: [full.faces[0]])
        for size in [12.0, 20, 40, 86] {
            XCTAssertEqual(full.measure("Entry 12", size: size), terminus.measure("Entry 12", size: size))
            XCTAssertEqual(full.lineMetrics(size: size), terminus.lineMetrics(size: size))
            XCTAssertGreaterThan(full.measure("Entry 가", size: size).height, terminus.measure("Entry", size: size).height)
        }
    }

    /// Emoji come from the shipped Unifont plane-1 file even without the system's Unifont.
    func testEmojiDrawWithoutTheSystemUnifont() throws {
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil)
        func pixels(_ text: String) throws -> [UInt32] {
            let canvas = try XCTUnwrap(Canvas(width: 40, height: 40))
            stack.draw(text, in: canvas, at: Point(x: 20, y: 20), style: TextStyle(size: 32, color: .black, alignment: .center, verticalAlignment: .middle))
            return canvas.pixmap.pixels
        }
        let box = try pixels("\u{10FFFD}")
        for emoji in ["\u{1F600}", "\u{1F389}", "\u{1F3C6}", "\u{1F381}"] {
            let drawn = try pixels(emoji)
            XCTAssertNotEqual(drawn, box, "\(emoji) is drawn, not the hollow box")
            XCTAssertGreaterThan(drawn.filter { $0 >> 24 > 128 }.count, 100)
        }
        XCTAssertNotEqual(try pixels("\u{1F600}"), try pixels("\u{1F389}"))
    }
}
