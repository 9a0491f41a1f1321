// Right-to-left labels read right to left and Arabic letters join, through GNU FriBidi; Latin text
// is untouched. The drawn pixels follow the visual order.
@testable import BitmapFont
import Foundation
import Raster
import XCTest

final class BidiTests: XCTestCase {
    func scalars(_ s: [Unicode.Scalar]?) -> [UInt32] { (s ?? []).map(\.value) }

    func testHebrewIsDrawnInVisualOrder() {
        // שלום: shin, lamed, vav, final mem; drawn left to right, final mem first.
        XCTAssertEqual(scalars(Bidi.visual("שלום")), [0x05DD, 0x05D5, 0x05DC, 0x05E9])
        // Two words: the second word is on the left.
        XCTAssertEqual(scalars(Bidi.visual("אב גד")), [0x05D3, 0x05D2, 0x20, 0x05D1, 0x05D0])
        // A Latin name inside stays left to right within the right-to-left line.
        XCTAssertEqual(scalars(Bidi.visual("א Bo")), [0x42, 0x6F, 0x20, 0x05D0])
    }

    func testArabicJoinsIntoPresentationForms() {
        // سلام: seen initial, lam medial… the lam–alef ligature, all in visual order (right to left).
        let shaped = scalars(Bidi.visual("سلام"))
        XCTAssertEqual(shaped.first, 0xFEE1, "isolated meem is leftmost")
        XCTAssertEqual(shaped.last, 0xFEB3, "initial seen is rightmost")
        XCTAssertTrue(shaped.contains(0xFEFC) || shaped.contains(0xFEFB), "lam and alef make one ligature: \(shaped)")
        XCTAssertFalse(shaped.contains(0xFEFF))
        XCTAssertTrue(shaped.allSatisfy { (0xFE70...0xFEFF).contains($0) }, "every letter in a joined form")
    }

    func testLatinAndCJKAreLeftAlone() {
        XCTAssertNil(Bidi.visual("Jackpot 1,000"))
        XCTAssertNil(Bidi.visual("한국어 中文"))
        XCTAssertFalse(Bidi.needsShaping("Ünïcödé"))
    }

    /// Through the stack: measuring and drawing use the visual order, so an RTL label's pixels are its
    /// visual string's pixels.
    func testDrawnPixelsFollowTheVisualOrder() throws {
        let stack = try defaultStackOrSkip()
        let logical = "שלום", visual = String(String.UnicodeScalarView(Bidi.visual(logical)!))
        func draw(_ text: String) throws -> [UInt32] {
            let canvas = try XCTUnwrap(Canvas(width: 80, height: 24))
            stack.draw(text, in: canvas, at: Point(x: 2, y: 18), style: TextStyle(size: 16, color: .black))
            return canvas.pixmap.pixels
        }
        // A left-to-right override (U+202D … U+202C) keeps the letters in logical order: it must draw
        // differently; and the width is the visual string's.
        XCTAssertNotEqual(try draw(logical), try draw("\u{202D}" + logical + "\u{202C}"), "a left-to-right override keeps logical order")
        XCTAssertEqual(stack.measure(logical, size: 16).width, stack.measure(visual, size: 16).width, accuracy: 1e-9)
    }
}

/// Unifont's upper planes (emoji) come from their own file when the system has one.
final class UnifontUpperTests: XCTestCase {
    func testTheUpperPlanesFileDrawsEmoji() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-upper-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let upper = directory.appendingPathComponent("unifont_upper.hex")
        // U+1F600, 16 px wide: a filled square.
        try Data(("1F600:" + String(repeating: "FFFF", count: 16) + "\n").utf8).write(to: upper)
        let assets = packageRoot() + "/assets"
        let fallback = directory.appendingPathComponent("unifont.hex")
        try Data(("0041:" + String(repeating: "00", count: 16) + "\n").utf8).write(to: fallback)
        let without = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: fallback.path, upperPath: nil)
        let with = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: fallback.path, upperPath: upper.path)
        XCTAssertEqual(with.faces.count, without.faces.count + 1)
        // Before the shipped emoji (the last face): the system's upper planes win where installed.
        XCTAssertTrue(with.faces[with.faces.count - 2].strikes.first?.contains("\u{1F600}") ?? false)
        let canvas = try XCTUnwrap(Canvas(width: 20, height: 20))
        with.draw("\u{1F600}", in: canvas, at: Point(x: 2, y: 16), style: TextStyle(size: 16, color: .black))
        XCTAssertEqual(canvas.pixmap[9, 9] >> 24, 255, "the square is drawn, not the hollow box")
    }
}
