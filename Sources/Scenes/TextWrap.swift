// Breaking a text into lines that fit a width at a size (word by word; a word longer than the width
// is cut with "…"), at most `limit` lines, the last ending in "…" when the text does not fit. For
// the notes and panels the scenes draw over themselves. Widths in px.
import BitmapFont

extension FontStack {
    func wrap(_ text: String, size: Double, width: Double, limit: Int) -> [String] {
        let fitter = LabelFitter(fonts: self, radius: 1)
        func fits(_ s: String) -> Bool { measure(s, size: size).width <= width }
        func cut(_ s: String) -> String { fits(s) ? s : (fitter.ellipsized(s, size: size, width: width) ?? "") }
        var lines: [String] = []
        var current = ""
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var k = 0
        while k < words.count {
            let candidate = current.isEmpty ? words[k] : current + " " + words[k]
            if fits(candidate) {
                current = candidate
                k += 1
                continue
            }
            if current.isEmpty {   // one word wider than the line
                current = cut(words[k])
                k += 1
            }
            lines.append(current)
            current = ""
            if lines.count == limit { break }
        }
        if !current.isEmpty, lines.count < limit { lines.append(current) }
        if k < words.count, let last = lines.popLast() {
            // More text than lines: the last line ends in "…".
            lines.append(cut(last + " " + words[k...].joined(separator: " ")))
        }
        return lines
    }
}
