// Drawing and measuring through a FontStack: fallback order, the replacement box, 1:1 text that
// reproduces the bitmap bit for bit, 90° that is the exact transpose, and Unifont metrics.
import XCTest
import BitmapFont
import Raster

final class TextDrawingTests: XCTestCase {
    /// Ink mask of a canvas: which pixels are fully covered; fails on any partial coverage.
    func inkMask(_ canvas: Canvas, file: StaticString = #filePath, line: UInt = #line) -> [[Bool]] {
        (0..<canvas.height).map { y in
            (0..<canvas.width).map { x in
                let a = canvas.pixmap[x, y] >> 24
                XCTAssert(a == 0 || a == 255, "partial coverage \(a) at (\(x), \(y))", file: file, line: line)
                return a == 255
            }
        }
    }

    func testOneToOneAtZeroDegreesReproducesTheBitmapExactly() throws {
        let font = try loadTinyBDF()
        let stack = FontStack(fonts: [font])
        let canvas = try XCTUnwrap(Canvas(width: 12, height: 12))
        // Pen at (3, 8): the F's bottom row sits on the baseline.
        stack.draw("F", in: canvas, at: Point(x: 3, y: 8), style: TextStyle(size: 8, color: .black))
        let glyph = try XCTUnwrap(font.glyph(for: "F"))
        let expected = (0..<12).map { y in (0..<12).map { x in glyph.isInk(x: x - 3, y: y - 2) } }
        XCTAssertEqual(inkMask(canvas), expected)
    }

    func testQuarterTurnIsTheExactTransposedBitmap() throws {
        let font = try loadTinyBDF()
        let stack = FontStack(fonts: [font])
        let canvas = try XCTUnwrap(Canvas(width: 12, height: 12))
        // Rotated 90° clockwise about the pen at (2, 2): text x goes down, text y goes left.
        stack.draw("F", in: canvas, at: Point(x: 2, y: 2), rotation: .degrees(90), style: TextStyle(size: 8, color: .black))
        let glyph = try XCTUnwrap(font.glyph(for: "F"))
        // Glyph pixel (gx, gy), top row at y = −6, lands on device pixel (2 + 6 − gy − 1, 2 + gx).
        let expected = (0..<12).map { y in (0..<12).map { x in glyph.isInk(x: y - 2, y: 7 - x) } }
        XCTAssertEqual(inkMask(canvas), expected)
    }

    func testFallbackOrderAndReplacementBox() throws {
        let tiny = try loadTinyBDF()
        let hex = try BitmapFont(data: Array(tinyHex.utf8), format: .hex, name: "tiny.hex")
        let stack = FontStack(fonts: [tiny, hex])
        // "F" from the BDF (advance 5), "A" only in the hex font (8 × 8/16), U+10FFFD in neither.
        XCTAssertEqual(stack.measure("F", size: 8).width, 5)
        XCTAssertEqual(stack.measure("A", size: 8).width, 4)
        XCTAssertEqual(FontStack(fonts: [hex, tiny]).measure("F", size: 8).width, 5, "the hex font has no F")
        let box = stack.measure("\u{10FFFD}", size: 8).width
        XCTAssertGreaterThan(box, 0)

        // The box is a hollow rectangle as tall as the primary font's line (ascent 6 + descent 2).
        let canvas = try XCTUnwrap(Canvas(width: 12, height: 12))
        FontStack(fonts: [tiny]).draw("\u{10FFFD}", in: canvas, at: Point(x: 1, y: 8), style: TextStyle(size: 8))
        let mask = inkMask(canvas)
        let inkRows = mask.indices.filter { mask[$0].contains(true) }
        XCTAssertEqual(inkRows.first, 2); XCTAssertEqual(inkRows.last, 9)
        XCTAssertEqual(mask[5].filter { $0 }.count, 2, "hollow: only the two sides in a middle row")
    }

    func testMeasureLatinHangulAndCJK() throws {
        let stack = try defaultStackOrSkip()
        // The sans serif: a Han character is a full em, 0.9 of the size; the line is the size.
        XCTAssertEqual(stack.measure("1,000원", size: 16).height, 16)
        XCTAssertEqual(stack.measure("五等奖", size: 16).width, 3 * 0.9 * 16, accuracy: 1e-9)
        XCTAssertEqual(stack.measure("五等奖", size: 32).width, 3 * 0.9 * 32, accuracy: 1e-9, "scales to the requested size")
        XCTAssertLessThan(stack.measure("1", size: 16).width, stack.measure("W", size: 16).width, "proportional")
        XCTAssertEqual(stack.measure("", size: 16).width, 0)
        XCTAssertEqual(stack.measure("1", size: .nan), Size(width: 0, height: 0))
    }

    func testAlignmentPlacesTheBoxOnTheAnchor() throws {
        let stack = FontStack(fonts: [try loadTinyBDF()])
        for (alignment, vertical, expectedLeft, expectedTop) in [
            (TextAlignment.left, VerticalAlignment.top, 10, 10), (.center, .middle, 8, 6), (.right, .bottom, 5, 2),
        ] {
            let canvas = try XCTUnwrap(Canvas(width: 20, height: 20))
            stack.draw("F", in: canvas, at: Point(x: 10, y: 10),
                       style: TextStyle(size: 8, alignment: alignment, verticalAlignment: vertical))
            let mask = inkMask(canvas)
            let top = mask.firstIndex { $0.contains(true) }
            let left = (0..<20).first { x in mask.contains { $0[x] } }
            // Line: ascent 6, descent 2 (F's top is at the ascent); advance 5; centre 7.5 snaps to 8.
            XCTAssertEqual(left, expectedLeft, "\(alignment)")
            XCTAssertEqual(top, expectedTop, "\(vertical)")
        }
    }

    /// A stack keeps laid-out lines between draws; a line drawn again, at a new angle, after it was
    /// evicted, or in another rendering, must give exactly the pixels and width of a fresh stack's.
    func testCachedLinesDrawExactlyAsAFreshStack() throws {
        let tiny = try loadTinyBDF()
        let hex = try BitmapFont(data: Array(tinyHex.utf8), format: .hex, name: "tiny.hex")
        let warm = FontStack(fonts: [tiny, hex])
        func draw(_ stack: FontStack, _ k: Int, degrees: Double, rendering: GlyphRendering = .automatic) throws -> [UInt32] {
            let canvas = try XCTUnwrap(Canvas(width: 64, height: 64))
            // Fallback, a control character and the replacement box; a size per k, so 100 distinct lines.
            let text = ["F", "FA\u{1}F", "AF\u{10FFFD}"][k % 3]
            stack.draw(text, in: canvas, at: Point(x: 32, y: 32), rotation: .degrees(degrees),
                       style: TextStyle(size: 9 + Double(k) * 0.19, alignment: .center, verticalAlignment: .middle, rendering: rendering))
            XCTAssertEqual(stack.measure(text, size: 9 + Double(k) * 0.19), FontStack(fonts: [tiny, hex]).measure(text, size: 9 + Double(k) * 0.19))
            return canvas.pixmap.pixels
        }
        // All 100 (more than are kept), then the last 60 again (kept) at new angles, some in another
        // rendering, then the first 10 again (evicted, laid out anew).
        let passes = [Array(0..<100), Array(40..<100), Array(0..<10)]
        for (pass, lines) in passes.enumerated() {
            for k in lines {
                let degrees = Double(37 * k + 11 * pass)
                let rendering: GlyphRendering = pass == 1 && k % 4 == 0 ? .pixelExact : .automatic
                let cached = try draw(warm, k, degrees: degrees, rendering: rendering)
                let fresh = try draw(FontStack(fonts: [tiny, hex]), k, degrees: degrees, rendering: rendering)
                if let i = cached.indices.first(where: { cached[$0] != fresh[$0] }) {
                    return XCTFail("pass \(pass), line \(k): first differing pixel (\(i % 64), \(i / 64)): " +
                                   "\(String(cached[i], radix: 16)) instead of \(String(fresh[i], radix: 16))")
                }
            }
        }
    }

    func testDefaultAssetsAreFoundAndLoad() throws {
        let assets = try XCTUnwrap(Assets.locateDirectory(currentDirectory: packageRoot()))
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil)
        XCTAssertEqual(stack.faces.first?.strikes.map(\.pixelSize), [100], "the sans serif's Latin strike")
        XCTAssertEqual(stack.faces.first?.traced, true)
        XCTAssertEqual(Assets.locateDirectory(environment: ["ROUNDEL_ASSETS": "/x"]), "/x")
    }
}

func packageRoot() -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

/// The shipped Terminus plus the system Unifont; skips when Unifont is not installed.
func defaultStackOrSkip() throws -> FontStack {
    guard FileManager.default.fileExists(atPath: FontStack.systemUnifontPath) else {
        throw XCTSkip("GNU Unifont is not installed (\(FontStack.systemUnifontPath)); `make deps` installs it")
    }
    return try FontStack.defaultStack(assetsDirectory: packageRoot() + "/assets")
}
