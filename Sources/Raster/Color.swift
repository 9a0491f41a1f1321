// Colours: straight (non-premultiplied) 8-bit RGBA as users write them, and the one conversion
// to the premultiplied 0xAARRGGBB word that every pixel in Roundel uses (SDL_PIXELFORMAT_ARGB8888).

/// A colour as a user writes it: 8-bit red, green, blue and alpha, not premultiplied.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB` (opaque) — convenient for constants in code.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the config format). Returns nil for anything else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var value: UInt32 = 0
        for d in digits.dropFirst() {
            let nibble: UInt32
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(d - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(d - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(d - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | nibble
        }
        if digits.count == 7 { self.init(rgb: value) } else { self.init(rgb: value >> 8, alpha: UInt8(value & 0xFF)) }
    }

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        let o = opacity > 0 ? min(opacity, 1) : 0   // NaN counts as 0 (max(NaN, 0) would be NaN)
        c.alpha = UInt8((Double(alpha) * o).rounded())
        return c
    }

    /// The premultiplied pixel word `0xAARRGGBB`, each channel rounded: c·a/255.
    public var premultiplied: UInt32 {
        let a = UInt32(alpha)
        return a << 24 | mul255(UInt32(red), a) << 16 | mul255(UInt32(green), a) << 8 | mul255(UInt32(blue), a)
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let red = Color(rgb: 0xFF0000)
    public static let blue = Color(rgb: 0x0000FF)
}

/// x·y/255 rounded to nearest, exact for all x, y in 0…255 (Jim Blinn's trick).
@inline(__always)
public func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
    let t = x &* y &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Straight RGBA back from a premultiplied word (for PNG output and tests), rounded to nearest.
public func unpremultiply(_ pixel: UInt32) -> Color {
    let a = pixel >> 24
    guard a > 0 else { return .clear }
    func channel(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
    return Color(red: channel(pixel >> 16 & 0xFF), green: channel(pixel >> 8 & 0xFF),
                 blue: channel(pixel & 0xFF), alpha: UInt8(a))
}
