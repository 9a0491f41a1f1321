// Text a user wrote, inside a message Roundel prints: a message is one line, so a newline, a carriage
// return or a terminal escape in a key, a value or a file name must not start a second line (or forge
// a journal line) or move the cursor, and a bidi override must not turn the rest of the line around
// (a name spelt backwards, a draw's columns reordered). Control characters (C0, DEL, C1), U+2028/9
// and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are written as
// Swift escapes (\n, \r, \t, \u{1B}, \u{202E}); bidi marks (U+200E, U+200F, U+061C) stay, as
// right-to-left names need them and they reorder nothing beyond themselves. A long text is cut with
// "…", so a 200 MB label makes a short message.
public enum MessageText {
    /// Longest user text quoted in a message, in characters.
    public static let quotedLimit = 120

    /// `text` in single quotes, escaped and cut to `limit` characters.
    public static func quoted<S: StringProtocol>(_ text: S, limit: Int = quotedLimit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// `text` with what would act on a terminal (`isEscaped`) escaped, cut to `limit` characters with "…".
    public static func escaped<S: StringProtocol>(_ text: S, limit: Int = Int.max) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { out += "…"; break }
            count += 1
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isEscaped(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is written as an escape: it would act on a terminal instead of showing.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Longest whole message, in characters (a message quotes at most a few user texts, each cut).
    public static let lineLimit = 4096

    /// A whole message made safe to print as one line: control characters escaped, cut to `lineLimit`.
    public static func oneLine(_ message: String) -> String {
        let needsEscape = message.unicodeScalars.contains(where: isEscaped)
        guard needsEscape || message.utf8.count > lineLimit else { return message }
        return escaped(message, limit: lineLimit)
    }
}
