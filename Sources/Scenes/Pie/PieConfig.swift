// The pie chart's configuration: the `pie` section of a Roundel config file (docs/architecture.md), every key
// optional, with built-in defaults so the chart runs with no file. Values are any finite numbers
// ≥ 0 (they are normalised, so they need not sum to 100); at least one must be more than 0.
// `validate` is the one place the value and duration rules live: the file parser calls it too, so a
// config built in code and one read from JSON fail with the same line (`pie.slices[2].value: …`).
import Raster

/// One slice: what it is, how much of the whole it is (any unit), and its colour.
public struct PieSlice: Sendable, Equatable {
    public var label: String
    /// Finite and ≥ 0; the slice's share is value / (sum of all values).
    public var value: Double
    public var color: Color

    public init(label: String, value: Double, color: Color) {
        self.label = label; self.value = value; self.color = color
    }
}

public struct PieConfig: Sendable, Equatable {
    public var slices: [PieSlice]
    /// Seconds for the whole chart to draw (seed 004: each slice gets its share of it). 0 < d ≤ 600.
    public var duration = 2.0
    /// Seed 004's view is white.
    public var backgroundColor = Color.white
    /// The legend's text (the percentages on the ring pick black or white against their slice).
    public var textColor = Color(rgb: 0x222222)

    public init(slices: [PieSlice]) { self.slices = slices }

    /// Longest accepted `duration`, in seconds (a chart that takes longer than this is a typo).
    public static let maximumDuration = 600.0

    /// The classic theme's twelve distinct colours (a chart of up to 12 slices repeats none);
    /// adjacent ones differ in hue and lightness; labels on each pick black or white by contrast.
    public static let palette: [Color] = Theme.classic.face.palette

    /// A plausible results chart: votes for the party's food (they sum to 372, not 100).
    public static let defaults = PieConfig(slices: [
        PieSlice(label: "Pizza", value: 128, color: palette[0]),
        PieSlice(label: "Sushi", value: 97, color: palette[1]),
        PieSlice(label: "Tacos", value: 64, color: palette[2]),
        PieSlice(label: "Curry", value: 52, color: palette[3]),
        PieSlice(label: "Salad", value: 31, color: palette[4]),
    ])

    static let knownKeys = ["slices", "duration", "backgroundColor", "textColor"]
    static let knownSliceKeys = ["label", "value", "color"]
}

extension PieConfig {
    /// Reads and checks the `pie` section of the config file at `path`.
    public static func load(path: String) throws(ConfigError) -> PieConfig {
        try parse(ConfigFile.load(path: path))
    }

    /// The `pie` section of `file`, or the defaults when it has none.
    public static func parse(_ file: ConfigFile) throws(ConfigError) -> PieConfig {
        let reader = file.reader
        let theme = try file.theme()
        var config = defaults.themed(theme)
        guard let pie = try file.section("pie", known: knownKeys) else { return config }

        if let raw = pie["slices"] {
            let list = try reader.array(raw, at: "pie.slices")
            config.slices = []
            var handColored: Set<Int> = []
            for (i, element) in list.enumerated() {
                config.slices.append(try reader.pieSlice(element, at: "pie.slices[\(i)]", index: i, palette: theme.face.palette))
                if case .object(let o) = element, o["color"] != nil { handColored.insert(i) }
            }
            // More slices than colours: neighbours (the last and the first too) still differ.
            let colors = separatingNeighbours(config.slices.map(\.color),
                                              automatic: config.slices.indices.map { !handColored.contains($0) },
                                              palette: theme.face.palette)
            for i in config.slices.indices { config.slices[i].color = colors[i] }
        }
        if let raw = pie["duration"] { config.duration = try reader.number(raw, at: "pie.duration") }
        if let raw = pie["backgroundColor"] { config.backgroundColor = try reader.color(raw, at: "pie.backgroundColor") }
        if let raw = pie["textColor"] { config.textColor = try reader.color(raw, at: "pie.textColor") }
        try config.validate(file: file.file)
        return config
    }

    /// This chart in `theme`'s face colours: paper, ink, and its default slices in the theme's
    /// chart palette (the config's own keys go over them).
    public func themed(_ theme: Theme) -> PieConfig {
        var config = self
        let face = theme.face
        config.backgroundColor = face.background; config.textColor = face.text
        if config.slices == PieConfig.defaults.slices {
            for i in config.slices.indices { config.slices[i].color = face.palette[i % face.palette.count] }
        }
        return config
    }

    /// Checks what a chart needs to be drawn: at least one slice, every value finite and ≥ 0, not all
    /// zero, and a duration in (0, 600] s. Paths are those of the config file (`pie.slices[2].value`).
    public func validate(file: String = "<code>") throws(ConfigError) {
        let reader = ConfigReader(file: file)
        guard !slices.isEmpty else { throw reader.error("pie.slices", "the chart needs at least one slice") }
        for (i, slice) in slices.enumerated() {
            let path = "pie.slices[\(i)].value"
            guard slice.value.isFinite else { throw reader.error(path, "\(slice.value) is not a finite number") }
            guard slice.value >= 0 else { throw reader.error(path, "\(formatted(slice.value)) is negative (values are ≥ 0)") }
        }
        guard slices.contains(where: { $0.value > 0 }) else {
            throw reader.error("pie.slices", "all values are zero: at least one slice must be more than 0")
        }
        guard duration.isFinite, duration > 0, duration <= PieConfig.maximumDuration else {
            throw reader.error("pie.duration", "\(formatted(duration)) is out of range (seconds, more than 0 and at most \(formatted(PieConfig.maximumDuration)))")
        }
    }
}

extension ConfigReader {
    /// One element of `pie.slices`: `value` is required; `label` defaults to "", `color` to the palette.
    func pieSlice(_ raw: JSONValue, at path: String, index: Int, palette: [Color]) throws(ConfigError) -> PieSlice {
        let o = try object(raw, at: path)
        try rejectUnknownKeys(o, known: PieConfig.knownSliceKeys, at: path)
        guard let rawValue = o["value"] else {
            throw error(path + ".value", "is missing (every slice needs a number ≥ 0)")
        }
        var slice = PieSlice(label: "", value: try number(rawValue, at: path + ".value"), color: palette[index % palette.count])
        if let label = o["label"] { slice.label = try string(label, at: path + ".label") }
        if let color = o["color"] { slice.color = try self.color(color, at: path + ".color") }
        return slice
    }
}
