// Fitting the slices' labels inside their wedges, once per wheel size (the plans are cached; a frame
// only draws them). A prize label runs along the slice's bisector from the centre outward (seed
// 000) on one line, or two (WheelLabelLines.swift): a line must fit the chord across the wedge at its
// inner end, and its length the stretch between that point (never nearer than the hub) and the rim
// or ring. All labels of a wheel share one size, so neighbours look alike: the largest at which every
// label that can fit whole (on one line or two) does, but no smaller than 60 % of the median label's
// own best size nor than one line alone gives; the few longer ones end in "…". Below `legibleSize`
// px nothing is drawn: a wheel of hundreds of slices shows its colours, and the name banner says
// which entry is under the pointer.
// Numbers in numbered mode (seed 002) sit across their slice near the rim, reading upright at the top.
// Radii in px; angles in radians.
import BitmapFont
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

struct LabelPlan: Equatable {
    /// What the label says read as one line: the item's text, or a prefix of its name ending in "…",
    /// then its suffix (" · 12.5%", " · sold out").
    var text: String
    /// The label's size: its first line's.
    var size: Double
    /// Distance from the wheel's centre to the label's centre.
    var radius: Double
    /// Extra turn relative to the bisector: 0 along it (prizes), π/2 across it (numbers).
    var turn: Double
    /// What is drawn, first line on top as the label reads: `text` on one line, or two lines.
    var lines: [LabelLine]
    /// Whether the second line is the odds or "sold out" alone.
    var suffixBelow = false

    /// A label on one line.
    init(text: String, size: Double, radius: Double, turn: Double) {
        self.text = text; self.size = size; self.radius = radius; self.turn = turn
        lines = [LabelLine(text: text, size: size, offset: 0)]
    }

    init(text: String, radius: Double, lines: [LabelLine]) {
        self.text = text; self.radius = radius; self.lines = lines
        size = lines.first?.size ?? 0
        turn = 0
    }
}

/// One line of a label: centred on the label's centre along the text, `offset` px from it across
/// (towards the text's feet: positive is below as the label reads).
struct LabelLine: Equatable {
    var text: String
    var size: Double
    var offset: Double
}

struct LabelFitter {
    let fonts: FontStack
    let minimumSize: Double
    let maximumSize: Double
    /// The smallest label size drawn, in px: Terminus at 9 px is still read at arm's length.
    static let legibleSize = 9.0

    /// Sizes for a wheel of `radius` px: up to 12 % of the radius, down to `legibleSize`.
    init(fonts: FontStack, radius: Double) {
        self.fonts = fonts
        minimumSize = LabelFitter.legibleSize
        maximumSize = max(minimumSize, radius * 0.12)
    }

    /// Where a label of `size` px may start along a wedge of `sweep`: the wedge's half-width at
    /// distance a is a·sin(sweep/2) (at least a for sweeps of π or more), which must hold the line.
    func start(at size: Double, sweep: Double, inner: Double) -> Double {
        start(height: fonts.lineMetrics(size: size).height, sweep: sweep, inner: inner)
    }

    /// Where a block of lines `height` px tall may start: half its height and a tenth more within the
    /// wedge's half-width.
    func start(height: Double, sweep: Double, inner: Double) -> Double {
        let spread = sin(min(sweep / 2, Double.pi / 2))
        guard spread > 0 else { return .infinity }
        return max(inner, 0.55 * height / spread)
    }

    /// The largest size (a step of 6 % at a time from `maximumSize`) at which `text` fits whole along
    /// the bisector of a slice of angle `sweep` between `inner` and `outer` px; nil below `minimumSize`.
    func wholeFit(_ text: String, sweep: Double, inner: Double, outer: Double) -> Double? {
        guard !text.isEmpty, outer > inner else { return nil }
        let width = fonts.measure(text, size: 1).width
        var size = maximumSize
        while size >= minimumSize {
            if width * size <= outer - start(at: size, sweep: sweep, inner: inner) { return size }
            if size == minimumSize { break }
            size = max(minimumSize, size * 0.94)
        }
        return nil
    }

    /// One size for labels whose own best sizes are `fits` (nil: too long to fit whole at any size):
    /// the smallest of those that fit, but at least 60 % of their median and `minimumSize`. A label
    /// that fits nowhere does not pull the others down; it ends in "…" at their size.
    func commonSize(_ fits: [Double?]) -> Double {
        let sizes = fits.compactMap { $0 }.sorted()
        guard let smallest = sizes.first else { return minimumSize }
        let median = sizes[sizes.count / 2]
        return max(minimumSize, smallest, 0.6 * median)
    }

    /// A label along the bisector at `size`, `name` then `suffix` (its odds or "sold out", or ""):
    /// whole when it fits, else the name cut to a prefix ending in "…" before the suffix (what a host
    /// reads a sold-out prize by stays), else the whole cut; nil when the wedge cannot hold the line
    /// or not even "…" fits.
    func planAlongBisector(_ name: String, suffix: String = "", size: Double, sweep: Double, inner: Double,
                           outer: Double) -> LabelPlan? {
        let text = name + suffix
        guard !text.isEmpty, outer > inner else { return nil }
        let a = start(at: size, sweep: sweep, inner: inner)
        guard a < outer else { return nil }
        if fonts.measure(text, size: size).width <= outer - a {
            return LabelPlan(text: text, size: size, radius: (a + outer) / 2, turn: 0)
        }
        if !suffix.isEmpty, !name.isEmpty {
            let room = outer - a - fonts.measure(suffix, size: size).width
            if room > 0, let short = fonts.ellipsized(name, size: size, width: room), LabelFitter.readable(short, of: name) {
                return LabelPlan(text: short + suffix, size: size, radius: (a + outer) / 2, turn: 0)
            }
        }
        guard let short = fonts.ellipsized(text, size: size, width: outer - a), LabelFitter.readable(short, of: text) else { return nil }
        return LabelPlan(text: short, size: size, radius: (a + outer) / 2, turn: 0)
    }

    /// Whether `text` cut to `short` ("…" at its end) still says something: `shortestCut` characters
    /// before the "…", or half of a shorter text ("Mu…" of "Mug", "王小…" of "王小明"). "H…" of
    /// "Hello" on a thumbnail's slice is a scrap, not a name.
    static func readable(_ short: String, of text: String) -> Bool {
        short.count - 1 >= min(shortestCut, (text.count + 1) / 2)
    }
    static let shortestCut = 3

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
}
