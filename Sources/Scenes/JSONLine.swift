// The pieces of the one-line JSON state every scene prints (`roundel render`): numbers as users
// write them (5, not 5.0) and strings escaped by hand, so no Foundation encoder reorders keys.

/// A JSON number (JSON has no NaN or infinity: those become null).
func jsonNumber(_ x: Double) -> String { x.isFinite ? formatted(x == 0 ? 0 : x) : "null" }

/// A JSON string literal: quotes, backslashes and control characters escaped; other text as UTF-8.
func jsonString(_ s: String) -> String {
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
