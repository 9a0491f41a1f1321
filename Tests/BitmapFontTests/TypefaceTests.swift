// The shipped sans serif as a reader sees it: proportional, every script's strokes as heavy as the
// Latin's at one size, small text with ink in it, large text without stair steps; and Terminus still
// there by name.
@testable import BitmapFont
import Foundation
import Raster
import XCTest

final class TypefaceTests: XCTestCase {
    let assets = packageRoot() + "/assets"

    /// Coverage (0…1) of `text` drawn black at `size`, centred in a canvas that holds it.
    private func coverage(_ stack: FontStack, _ text: String, size: Double, rotation: Angle = .zero) throws -> (values: [Double], width: Int) {
        let measured = stack.measure(text, size: size)
        let side = Int(max(measured.width, measured.height) * 1.6) + 8
        let canvas = try XCTUnwrap(Canvas(width: side, height: side))
        stack.draw(text, in: canvas, at: Point(x: Double(side) / 2, y: Double(side) / 2), rotation: rotation,
                   style: TextStyle(size: size, color: .black, alignment: .center, verticalAlignment: .middle))
        return (canvas.pixmap.pixels.map { Double($0 >> 24) / 255 }, side)
    }

    /// Mean stroke width in px: twice the ink's area over its outline's length (a stroke of length L
    /// and width w has area Lw and outline about 2L), both read from the anti-aliased coverage.
    private func strokeWidth(_ stack: FontStack, _ text: String, size: Double) throws -> Double {
        let (a, side) = try coverage(stack, text, size: size)
        var area = 0.0, outline = 0.0
        for y in 0..<(side - 1) {
            for x in 0..<(side - 1) {
                let v = a[y * side + x]
                area += v
                let dx = a[y * side + x + 1] - v, dy = a[(y + 1) * side + x] - v
                outline += (dx * dx + dy * dy).squareRoot()
            }
        }
        return 2 * area / outline
    }

    func testTheSansIsProportionalAndTerminusIsNot() throws {
        let sans = try FontStack.defaultStack(assetsDirectory: assets)
        let ratio = sans.measure("iiii", size: 40).width / sans.measure("WWWW", size: 40).width
        XCTAssertLessThan(ratio, 0.4, "iiii is much narrower than WWWW")
        let terminus = try FontStack.defaultStack(assetsDirectory: assets, typeface: .terminus)
        XCTAssertEqual(terminus.measure("iiii", size: 40).width, terminus.measure("WWWW", size: 40).width)
        XCTAssertEqual(terminus.faces.first?.strikes.map(\.pixelSize), [16, 32], "Terminus by name")
        XCTAssertEqual(terminus.measure("가", size: 40), sans.measure("가", size: 40), "other scripts as the sans")
    }

    /// Hangul, kana, Han, Arabic and Hebrew strokes weigh what the Latin's do at the same size, from
    /// wheel labels (16 px) to a winner card (100 px): within 20 % (measured: 0.92–1.06).
    func testEveryScriptWeighsWhatTheLatinDoes() throws {
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil)
        for size in [16.0, 48, 100] {
            let latin = try strokeWidth(stack, "Hamburg Elin", size: size)
            XCTAssertGreaterThan(latin, size * 0.08, "bold: strokes of about a tenth of the size")
            for other in ["한국어 당첨", "ひらがな", "中国大奖", "مرحبا بكم", "שלום עולם"] {
                let width = try strokeWidth(stack, other, size: size)
                XCTAssertEqual(width / latin, 1, accuracy: 0.2, "\(other) at \(size) px: \(width) px strokes, Latin \(latin) px")
            }
        }
    }

    /// Small labels have ink in every glyph and stay apart; large text is smooth: along a round
    /// letter's edge at 200 px no run of fully covered pixels steps like a staircase (each row's
    /// edge moves by less than a pixel between rows where the curve is steep).
    func testSmallTextHasInkAndLargeTextHasNoStairs() throws {
        let stack = try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil)
        for text in ["Ada", "민수", "李明"] {
            let (a, _) = try coverage(stack, text, size: 11)
            XCTAssertGreaterThan(a.filter { $0 > 0.5 }.count, 12, text)
        }
        // The left edge of an O at 200 px, row by row: sub-pixel positions from the coverage.
        let (a, side) = try coverage(stack, "O", size: 200)
        var edges: [Double] = []
        for y in 0..<side {
            let row = a[(y * side)..<(y * side + side / 2)]
            let ink = row.reduce(0, +)
            if ink > 1, let first = row.firstIndex(where: { $0 > 0.01 }) { edges.append(Double(first - y * side) + 1 - a[first]) }
        }
        XCTAssertGreaterThan(edges.count, 100)
        // Between consecutive rows near the O's widest point the edge moves smoothly: second
        // differences stay small (a staircase of 1-bit pixels scaled 2× would jump by 2 px).
        let middle = edges.count / 2
        for i in (middle - 30)..<(middle + 30) {
            XCTAssertLessThan(abs(edges[i + 1] - 2 * edges[i] + edges[i - 1]), 0.9, "row \(i)")
        }
    }
}
