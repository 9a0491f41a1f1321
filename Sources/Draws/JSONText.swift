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
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
