// The one angle convention of Roundel, written once: radians inside; 0 points at 3 o'clock;
// positive turns clockwise on screen (y grows downward), as in UIKit. 12 o'clock is −π/2.
// Degrees appear only at the edges (config, CLI, trace output) through `degrees`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public init(radians: Double) { self.radians = radians }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static func degrees(_ d: Double) -> Angle { Angle(radians: d * .pi / 180) }

    public var degrees: Double { radians * 180 / .pi }
    public var cos: Double { cosine(radians) }
    public var sin: Double { sine(radians) }

    /// 12 o'clock, where slice 0 of the wheel and every ring's progress start.
    public static let twelveOClock = Angle(radians: -.pi / 2)
    public static let zero = Angle(radians: 0)
    public static let fullTurn = Angle(radians: 2 * .pi)

    /// The same direction in [0, 2π).
    public var normalized: Angle {
        var r = radians.truncatingRemainder(dividingBy: 2 * .pi)
        if r < 0 { r += 2 * .pi }
        if r >= 2 * .pi { r = 0 }
        return Angle(radians: r)
    }

    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static func / (a: Angle, s: Double) -> Angle { Angle(radians: a.radians / s) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

// The C library's cos and sin under names Angle's own `cos` and `sin` do not shadow.
private func cosine(_ x: Double) -> Double { cos(x) }
private func sine(_ x: Double) -> Double { sin(x) }
