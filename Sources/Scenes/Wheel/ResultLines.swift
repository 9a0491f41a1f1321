// The result's text in its box: one line at up to `largest` px; a text that would have to shrink
// below 70 % of that is broken at the space nearest its middle into two lines, when that lets it
// stay larger; a text with no space (or that is larger on one line) shrinks on one line. Sizes px.
import BitmapFont
import Raster

struct ResultLines {
    /// Lines drawn: 1 or 2.
    private(set) var count = 1
    private(set) var first: String
    private(set) var second = ""
    /// 0 when there is nothing to draw.
    private(set) var size = 0.0

    init(_ text: String, fonts: FontStack, box: Rect, largest: Double) {
        first = text
        let room = box.width * 0.96
        let width = fonts.measure(text, size: 1).width
        guard width > 0, room > 0, largest > 0 else { return }
        size = min(largest, box.height * 0.8, room / width)
        guard size < 0.7 * largest, let (a, b) = ResultLines.halves(text) else { return }
        let twoLines = min(largest, box.height / 2.3, room / max(fonts.measure(a, size: 1).width, fonts.measure(b, size: 1).width))
        if twoLines > size { count = 2; first = a; second = b; size = twoLines }
    }

    /// `text` broken at the space nearest its middle (by characters); nil without a space.
    static func halves(_ text: String) -> (String, String)? {
        let characters = Array(text)
        let middle = characters.count / 2
        var best: Int?
        for (i, c) in characters.enumerated() where c == " " {
            if best.map({ abs(i - middle) < abs($0 - middle) }) ?? true { best = i }
        }
        guard let cut = best else { return nil }
        let a = String(characters[..<cut]), b = String(characters[(cut + 1)...])
        guard !a.isEmpty, !b.isEmpty else { return nil }
        return (a, b)
    }
}
