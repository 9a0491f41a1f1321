// Values the command line accepts, each validated in one place with a message that says what is
// wrong and what would be right. Options are read as text and parsed here (not through
// ExpressibleByArgument) so the one stderr line can explain the rule, not just "invalid".

/// `WxH` in pixels, each side 1…16384.
struct FrameSize: Equatable {
    static let limit = 16384
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    static func parse(_ text: String, option: String = "--size") throws -> FrameSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UserError("roundel: \(option) '\(text)' is not WxH in pixels (for example 1920x1080)")
        }
        guard (1...limit).contains(w), (1...limit).contains(h) else {
            throw UserError("roundel: \(option) '\(text)': each side must be 1…\(limit) px")
        }
        return FrameSize(width: w, height: h)
    }
}

/// Seconds: a finite number, not negative.
enum Seconds {
    static func parse(_ text: String, option: String) throws -> Double {
        guard let v = Double(text), v.isFinite else {
            throw UserError("roundel: \(option) '\(text)' is not a number of seconds")
        }
        guard v >= 0 else { throw UserError("roundel: \(option) '\(text)' must be 0 or more seconds") }
        guard v <= 1e9 else { throw UserError("roundel: \(option) '\(text)' is more than 1e9 seconds") }
        return v
    }
}
