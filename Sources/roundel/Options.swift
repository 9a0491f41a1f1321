// Values the command line accepts, each validated in one place with a message that says what is wrong.
import ArgumentParser

/// `WxH` in pixels, each side 1…16384.
struct FrameSize: ExpressibleByArgument, Equatable {
    static let limit = 16384
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...FrameSize.limit).contains(w), (1...FrameSize.limit).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    static var defaultValueDescription: String { "512x512" }
}

/// Seconds: finite and not negative.
struct Seconds: ExpressibleByArgument {
    let value: Double
    init?(argument: String) {
        guard let v = Double(argument), v.isFinite, v >= 0, v <= 1e9 else { return nil }
        value = v
    }
    init(_ value: Double) { self.value = value }
}
