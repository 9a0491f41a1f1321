// Text a user wrote, inside a message Roundel prints: a message is one line, so a newline, a carriage
// return or a terminal escape in a key, a value or a file name must not start a second line (or forge
// a journal line) or move the cursor. Control characters are written as Swift escapes (\n, \r, \t,
// \u{1B}), and a long text is cut with "…", so a 200 MB label makes a short message.
public enum MessageText {
    /// Longest user text quoted in a message, in characters.
    public static let quotedLimit = 120

    /// `text` in single quotes, escaped and cut to `limit` characters.
    public static func quoted<S: StringProtocol>(_ text: S, limit: Int = quotedLimit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// `text` with control characters escaped, cut to `limit` characters with "…".
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
            case "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                if scalar.value < 0x20 || (0x80..<0xA0).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Longest whole message, in characters (a message quotes at most a few user texts, each cut).
    public static let lineLimit = 4096

    /// A whole message made safe to print as one line: control characters escaped, cut to `lineLimit`.
    public static func oneLine(_ message: String) -> String {
        let needsEscape = message.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        guard needsEscape || message.utf8.count > lineLimit else { return message }
        return escaped(message, limit: lineLimit)
    }
}
