// Fitting each slice's label inside its wedge, once per wheel size (the plans are cached; a frame
// only draws them). A prize label runs along the slice's bisector from the centre outward (seed
// 000): its line height must fit the chord across the wedge at its inner end, and its length the
// stretch between that point (never nearer than the hub) and the rim or ring. It shrinks from the
// largest size to a minimum, and below that keeps the minimum and ends in "…". A label that cannot
// fit even as "…" (hundreds of slices on a small wheel) is left out rather than spill into a neighbour.
// Numbers in numbered mode (seed 002) sit across their slice near the rim, reading upright at the top.
// Radii in px; angles in radians.
import BitmapFont
import Draws
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

struct LabelPlan: Equatable {
    /// What to draw: the item's text, or a prefix of it ending in "…".
    var text: String
    var size: Double
    /// Distance from the wheel's centre to the label's centre.
    var radius: Double
    /// Extra turn relative to the bisector: 0 along it (prizes), π/2 across it (numbers).
    var turn: Double
}

struct LabelFitter {
    let fonts: FontStack
    let minimumSize: Double
    let maximumSize: Double
    static let ellipsis = "…"

    /// Sizes for a wheel of `radius` px: up to 12 % of the radius, down to 9 px (or 4.5 % of the radius).
    init(fonts: FontStack, radius: Double) {
        self.fonts = fonts
        minimumSize = max(9, radius * 0.045)
        maximumSize = max(minimumSize, radius * 0.12)
    }

    /// A label along the bisector of a slice of angle `sweep`, between `inner` and `outer` px from the centre.
    func planAlongBisector(_ text: String, sweep: Double, inner: Double, outer: Double) -> LabelPlan? {
        guard !text.isEmpty, outer > inner else { return nil }
        // The wedge's half-width at distance a is a·sin(sweep/2) (at least a for sweeps of π or more).
        let spread = sin(min(sweep / 2, Double.pi / 2))
        guard spread > 0 else { return nil }
        func start(at size: Double) -> Double {
            max(inner, 0.55 * fonts.lineMetrics(size: size).height / spread)
        }
        var size = maximumSize
        while size >= minimumSize {
            let a = start(at: size)
            if fonts.measure(text, size: size).width <= outer - a {
                return LabelPlan(text: text, size: size, radius: (a + outer) / 2, turn: 0)
            }
            if size == minimumSize { break }
            size = max(minimumSize, size * 0.94)
        }
        let a = start(at: minimumSize)
        guard let short = ellipsized(text, size: minimumSize, width: outer - a) else { return nil }
        return LabelPlan(text: short, size: minimumSize, radius: (a + outer) / 2, turn: 0)
    }

    /// A number across its slice, its centre `depth` px inside `outer` (seed 002: radius − 20 on a 170 px wheel).
    func planAcross(_ text: String, sweep: Double, outer: Double, depth: Double) -> LabelPlan? {
        let radius = outer - depth
        let chord = 2 * radius * sin(min(sweep / 2, Double.pi / 2))
        var size = min(maximumSize * 1.1, depth * 1.2)
        let width = fonts.measure(text, size: 1).width
        if width > 0 { size = min(size, chord * 0.8 / width) }
        guard size >= 6 else { return nil }
        return LabelPlan(text: text, size: size, radius: radius, turn: Double.pi / 2)
    }

    /// The longest prefix of `text` (whole characters) that fits `width` px with "…" after it;
    /// nil when not even "…" fits.
    func ellipsized(_ text: String, size: Double, width: Double) -> String? {
        let characters = Array(text)
        guard fonts.measure(Self.ellipsis, size: size).width <= width else { return nil }
        var lo = 0, hi = characters.count   // lo always fits
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = NamesFile.trimmed(String(characters[..<mid])) + Self.ellipsis
            if fonts.measure(candidate, size: size).width <= width { lo = mid } else { hi = mid - 1 }
        }
        return NamesFile.trimmed(String(characters[..<lo])) + Self.ellipsis
    }
}
