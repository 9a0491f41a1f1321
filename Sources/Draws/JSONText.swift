// The pieces of one-line JSON that Roundel prints (draw records, scene states): numbers as users
// write them (5, not 5.0) and strings escaped by hand, so no encoder reorders keys and the product
// needs no Foundation.

public enum JSONText {
    /// A JSON number (JSON has no NaN or infinity: those become null).
    public static func number(_ x: Double) -> String { x.isFinite ? plain(x == 0 ? 0 : x) : "null" }

    /// A number as users wrote it: 5 not 5.0 (whole numbers below 10¹⁵), else Swift's shortest exact form.
    public static func plain(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; other text as UTF-8.
    /// DEL, C1 controls (U+0080–U+009F), U+2028/9 and the bidi controls (embeddings, overrides,
    /// isolates and marks) are escaped too (`\u202e`): JSON allows them raw, but a line printed to a
    /// terminal or pasted into a script must neither act on the terminal nor read in another order
    /// than it parses. Any JSON reader gives back the exact text.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isEscaped(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Written as `\uXXXX` (all are in the Basic Multilingual Plane, so four digits do).
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
