// Fitting text to a width at a size: cut to a prefix ending in "…", or broken into lines word by word
// (a word longer than the width is cut), at most `limit` lines, the last ending in "…" when the text
// does not fit. For labels, legends, and the notes and panels the scenes draw over themselves. Widths in px.
import BitmapFont
import Draws

extension FontStack {
    static let ellipsis = "…"

    /// The longest prefix of `text` (whole characters) that fits `width` px with "…" after it;
    /// nil when not even "…" fits.
    func ellipsized(_ text: String, size: Double, width: Double) -> String? {
        let characters = Array(text)
        guard measure(Self.ellipsis, size: size).width <= width else { return nil }
        var lo = 0, hi = characters.count   // lo always fits
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = NamesFile.trimmed(String(characters[..<mid])) + Self.ellipsis
            if measure(candidate, size: size).width <= width { lo = mid } else { hi = mid - 1 }
        }
        return NamesFile.trimmed(String(characters[..<lo])) + Self.ellipsis
    }

    /// `text` when it fits `width` px, else `ellipsized` ("" when not even "…" fits).
    func fitted(_ text: String, size: Double, width: Double) -> String {
        measure(text, size: size).width <= width ? text : (ellipsized(text, size: size, width: width) ?? "")
    }

    /// `breakingWords`: a word wider than the line (a long path) goes on over the next lines instead
    /// of being cut, so all of it is read.
    func wrap(_ text: String, size: Double, width: Double, limit: Int, breakingWords: Bool = false) -> [String] {
        func fits(_ s: String) -> Bool { measure(s, size: size).width <= width }
        func cut(_ s: String) -> String { fitted(s, size: size, width: width) }
        var lines: [String] = []
        var current = ""
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var k = 0
        while k < words.count {
            let candidate = current.isEmpty ? words[k] : current + " " + words[k]
            if fits(candidate) {
                current = candidate
                k += 1
                continue
            }
            if current.isEmpty, breakingWords, let head = longestFittingPrefix(words[k], size: size, width: width) {
                current = head   // the rest of the word starts the next line
                words[k] = String(words[k].dropFirst(head.count))
            } else if current.isEmpty {   // one word wider than the line
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

    /// The longest prefix of `word` (whole characters, at least one) that fits `width` px; nil when
    /// the whole word fits or not even its first character does.
    private func longestFittingPrefix(_ word: String, size: Double, width: Double) -> String? {
        let characters = Array(word)
        var lo = 0, hi = characters.count   // lo always fits
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(characters[..<mid]), size: size).width <= width { lo = mid } else { hi = mid - 1 }
        }
        return lo > 0 && lo < characters.count ? String(characters[..<lo]) : nil
    }
}
