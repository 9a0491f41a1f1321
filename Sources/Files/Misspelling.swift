// What a user most likely meant by a word Roundel does not know (a config key, a command): the known
// word the same but for case or British "colour", else the nearest by edits when it is close enough to
// be a slip of the keyboard. For "did you mean …?" hints.
public enum Misspelling {
    /// The word of `known` that `word` most likely misspells: one edit away (a letter added, dropped,
    /// changed, or two swapped), or two for words of six letters or more; nil when none is that close.
    public static func nearest(_ word: String, in known: [String]) -> String? {
        let typed = Array(word.lowercased().replacing("colour", with: "color"))
        var best: (word: String, edits: Int)?
        for candidate in known {
            let edits = editDistance(typed, Array(candidate.lowercased()))
            if edits < best?.edits ?? Int.max { best = (candidate, edits) }
        }
        guard let best, best.edits <= (min(typed.count, best.word.count) >= 6 ? 2 : 1) else { return nil }
        return best.word
    }

    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`: the optimal string
    /// alignment distance, row by row.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1), previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
