// The wheel's configuration: the `wheel` section of a Roundel config file (docs/architecture.md), every key
// optional, with built-in defaults so the wheel runs with no file. Parsing goes through
// JSONSerialization so each message is ours: a ConfigError names the file, the JSON path
// (`wheel.items[3].color`) and what is wrong. Unknown keys inside `wheel` are rejected (typos like
// "colour" or "ringimage" would otherwise be silently ignored); other top-level sections belong to
// other scenes and are not looked at. Colours are straight RGBA; angles never appear here.
import BitmapFont
import Draws
import Files
import Motion
import PNGCodec
import Raster

/// One slice of the wheel and what it is worth (seed 000's SpinWheelItemModel).
public struct WheelItem: Sendable, Equatable {
    public var text: String
    public var color: Color
    public var value: Double
    /// Probability of winning ∝ weight; also the slice's size with `sizeByWeight`. Finite, ≥ 0.
    public var weight: Double
    /// How many times it can be won in an event (nil: no limit).
    public var stock: Int?
    /// The label's colour; nil: the wheel's `labelColor`, else black or white by contrast with `color`.
    public var labelColor: Color?
    /// `color` came from the palette (none was given): it may change so that neighbours differ.
    public var automaticColor = false
    /// Landing here wins something; false ("Try again"): the wheel stops plainly (no confetti, no
    /// fanfare, a card without WINNER) and the draw is recorded as no prize.
    public var prize = true
    /// A picture drawn in the slice, turned with it (`image`, a PNG; SliceImages.swift).
    public var image: ConfigImage?
    /// How the picture fills its part of the slice (nil: the wheel's `imageFit`).
    public var imageFit: ImageFit?
    /// The text is written on the slice (`"label": false`: a picture-only slice whose text is still
    /// what the result, the banner and the record say).
    public var showsLabel = true

    public init(text: String, color: Color, value: Double = 0, weight: Double = 1, stock: Int? = nil,
                labelColor: Color? = nil, prize: Bool = true) {
        self.text = text; self.color = color; self.value = value; self.weight = weight; self.stock = stock
        self.labelColor = labelColor; self.prize = prize
    }

    /// The item as a draw sees it (no colour).
    public var entry: Entry { Entry(text: text, value: value, weight: weight, stock: stock, prize: prize) }
}

/// Which way labels read along their slices.
public enum LabelOrientation: String, Sendable, CaseIterable {
    /// From the centre outward, all the way round (as the wheel turns, half of them upside down).
    case radial
    /// As radial on the right half; on the left half turned half a turn, so every label reads
    /// left to right, stopped or spinning.
    case upright
}

/// How a sold-out item is shown.
public enum SoldOutStyle: String, Sendable, CaseIterable {
    /// Greyed, labelled "sold out", still a slice.
    case grey
    /// Left off the wheel.
    case hide
}

/// What is drawn over the wheel's rim.
public enum WheelRing: Sendable, Equatable {
    /// Roundel's own ring, drawn from its description at the frame's pixels (`StillRing`: the band
    /// stands still, the bulbs turn); `assets/ring.png` is the same ring as an image.
    case shipped
    /// No ring: the slices run to the wheel's edge.
    case none
    /// An image loaded from `path` (already decoded, so a frame never touches the disk), turned with the wheel.
    case image(Pixmap, path: String)
}

public struct WheelConfig: Sendable, Equatable {
    /// The prizes. Ignored when `numbered` is set (a file may not give both).
    public var items: [WheelItem]
    /// Slice angles ∝ weight instead of equal.
    public var sizeByWeight = false
    public var ring: WheelRing = .shipped
    /// Seed 000: the ring image is drawn `ringLineWidth` of its own pixels smaller than the wheel
    /// (so its outer edge is never cut by the wheel's circular mask). 0 ≤ value < image side / 2.
    public var ringLineWidth = 0.0
    /// Profile, duration (s) and turns; ranges are Motion's (SpinSettings.validate).
    public var spin = SpinSettings()
    /// Seed 002's numbered roulette: n alternating white/black slices numbered 1…n, n in 2…36.
    public var numbered: Int?
    /// Every label's colour; nil (the default): each item's `labelColor`, else black or white,
    /// whichever contrasts more with its slice.
    public var labelColor: Color?
    /// Every colour not given here (top-level `theme`); `pointerColor`, `backgroundColor` and
    /// `palette`, when given, go over the theme's.
    public var theme = Theme.classic
    /// The config's own `palette` (nil: the theme's).
    public var customPalette: [Color]?
    var pointerOverride: Color?, backgroundOverride: Color?
    public var pointerColor: Color {
        get { pointerOverride ?? theme.pointer }
        set { pointerOverride = newValue }
    }
    /// Behind the wheel; an alpha below 255 gives PNGs and WebPs with transparency.
    public var backgroundColor: Color {
        get { backgroundOverride ?? theme.background }
        set { backgroundOverride = newValue }
    }
    /// What happens to a winner after the result is shown: keep it, or remove it for the event.
    public var afterWin = AfterWin.keep
    public var soldOut = SoldOutStyle.grey
    public var labelOrientation = LabelOrientation.radial
    /// Each slice shows its chance (percentages at 0.1 % adding up to 100).
    public var showOdds = false
    /// Where `items` came from: "config", or "names" (a names file: `itemsFile`, `--names`).
    public var itemsSource = "config"
    /// Confetti and the winner card when the wheel stops (`celebration`); `.off` is the plain stop.
    public var celebration = Celebration()
    /// How the winner card shows an item's value (`valueFormat`, "{} points"); nil: it does not.
    public var valueFormat: ValueFormat?
    /// The language of the words on screen (the config's top-level `language`); nil: the file names
    /// none, and the wheel shows its resources' `systemLanguage` (the environment's, in the window).
    public var language: Language?
    /// Visitor words in place of the language's (the config's top-level `text`).
    public var text: [WordKey: String] = [:]
    /// The words on screen: the language's, with `text` over them.
    public var words: Words { (language ?? .english).words.overridden(by: text) }
    /// How slice pictures fill their part of the slice, unless an item says otherwise (`imageFit`).
    public var imageFit = ImageFit.cover
    /// A logo in the hub, which does not turn (`hub`: `{"image": "logo.png"}`).
    public var hub: WheelHub?
    /// A picture behind everything, covering the frame (`backgroundImage`), over `backgroundColor`.
    public var backgroundImage: ConfigImage?
    /// Text and/or a picture above or beside the wheel (the config's top-level `title`).
    public var title: WheelTitle?

    public init(items: [WheelItem]) { self.items = items }

    public static let numberedRange = 2...36
    /// The shortest spin the config accepts, in seconds.
    public static let minimumDuration = 0.1

    /// Eight prizes in the theme's palette (every built-in one gives each label 4.5:1 or more).
    public static let defaults = WheelConfig(items: WheelConfig.items(from: [
        Entry(text: "100", value: 100), Entry(text: "500", value: 500), Entry(text: "Try again", value: 0, prize: false),
        Entry(text: "1,000", value: 1000), Entry(text: "200", value: 200), Entry(text: "Jackpot", value: 5000),
        Entry(text: "50", value: 50), Entry(text: "Free spin", value: 0),
    ]))

    /// The slices actually shown: `items`, or 1…n for numbered mode (odd white, even black as in seed 002).
    public var effectiveItems: [WheelItem] {
        guard let n = numbered else { return items }
        return WheelConfig.numberedItems(n)
    }

    /// Items for a names list: colours from the classic palette, in order (a wheel shows them in
    /// its own: `withPaletteColors`).
    public static func items(from entries: [Entry]) -> [WheelItem] {
        entries.enumerated().map { i, e in
            var item = WheelItem(text: e.text, color: Theme.classic.palette[i % Theme.classic.palette.count], value: e.value,
                                 weight: e.weight, stock: e.stock, prize: e.prize)
            item.automaticColor = true
            return item
        }
    }

    /// The colours handed in turn to items without one: the config's `palette`, else the theme's.
    var palette: [Color] { customPalette ?? theme.palette }

    /// The colour item `i` without one gets: the palette in turn (see `separatingNeighbours`).
    func paletteColor(_ i: Int) -> Color { palette[i % palette.count] }

    /// `items` with every item that has no colour of its own coloured from this config's palette.
    func withPaletteColors(_ items: [WheelItem]) -> [WheelItem] {
        items.enumerated().map { i, item in
            var item = item
            if item.automaticColor { item.color = paletteColor(i) }
            return item
        }
    }

    /// The most colours `palette` may list, and the fewest (neighbours must be able to differ).
    static let paletteLimit = 64
    static let paletteMinimum = 3

    static func numberedItems(_ n: Int) -> [WheelItem] {
        (1...max(n, 1)).map { k in
            WheelItem(text: String(k), color: k % 2 == 1 ? .white : .black, value: Double(k))
        }
    }

    /// The keys a `wheel` section may hold (one place, used by the parser and its message).
    static let knownKeys = ["items", "itemsFile", "sizeByWeight", "ringImage", "ringLineWidth", "profile", "duration", "turns",
                            "numbered", "labelColor", "pointerColor", "backgroundColor", "afterWin", "soldOut", "showOdds",
                            "labelOrientation", "celebration", "valueFormat", "palette", "imageFit", "hub", "backgroundImage"]
    static let knownItemKeys = ["text", "color", "labelColor", "value", "weight", "stock", "prize", "image", "imageFit", "label"]
    /// The largest stock an item may have.
    static let stockLimit = 1_000_000_000
}

extension WheelConfig {
    /// Reads and checks the `wheel` section of the config file at `path`, loading its ring image
    /// (relative to the file's directory) so that a missing or corrupt image is reported now.
    public static func load(path: String) throws(ConfigError) -> WheelConfig {
        try parse(ConfigFile.load(path: path))
    }

    /// The `wheel` section of `file` (or the defaults when it has none), in the file's `language`
    /// with its `text`.
    public static func parse(_ file: ConfigFile) throws(ConfigError) -> WheelConfig {
        var config = try parseSection(file)
        config.language = try file.language()
        config.text = try file.textOverrides()
        return config
    }

    private static func parseSection(_ file: ConfigFile) throws(ConfigError) -> WheelConfig {
        let parser = file.reader
        let baseDirectory = file.baseDirectory
        let images = ConfigImages(reader: parser, baseDirectory: baseDirectory)
        let title = try WheelTitle.parse(file, images: images)
        var config = defaults
        config.theme = try file.theme()
        config.title = title
        guard let wheel = try file.section("wheel", known: knownKeys) else {
            config.items = config.withPaletteColors(config.items)
            return config
        }
        if let raw = wheel["imageFit"] { config.imageFit = try images.fit(raw, at: "wheel.imageFit") }
        if let raw = wheel["hub"] { config.hub = try WheelHub.parse(raw, images: images, at: "wheel.hub") }
        if let raw = wheel["backgroundImage"] { config.backgroundImage = try images.image(raw, at: "wheel.backgroundImage") }
        if let raw = wheel["items"] {
            guard wheel["itemsFile"] == nil else {
                throw parser.error("wheel.itemsFile", "cannot be combined with wheel.items (give the entries one way)")
            }
            let list = try parser.array(raw, at: "wheel.items")
            guard !list.isEmpty else { throw parser.error("wheel.items", "the wheel needs at least one item") }
            guard list.count <= Entry.limit else {
                throw parser.error("wheel.items", "\(list.count) items is more than \(Entry.limit); a wheel takes at most \(Entry.limit)")
            }
            config.items = []
            for (i, element) in list.enumerated() {
                config.items.append(try parser.item(element, at: "wheel.items[\(i)]", index: i, images: images))
            }
        }
        if let raw = wheel["itemsFile"] {
            let name = try parser.string(raw, at: "wheel.itemsFile")
            guard !name.isEmpty else { throw parser.error("wheel.itemsFile", "is empty (give a names file, one entry a line)") }
            let path = name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory)
            switch Result(catching: { () throws(DrawError) in try NamesFile.load(path: path) }) {
            case .success(let entries): config.items = WheelConfig.items(from: entries)
            case .failure(let e): throw parser.error("wheel.itemsFile", e.description.replacing("roundel: ", with: ""))
            }
            config.itemsSource = "names"
        }
        if let raw = wheel["afterWin"] {
            let name = try parser.string(raw, at: "wheel.afterWin")
            switch name {
            case "keep": config.afterWin = .keep
            case "remove", "noRepeat": config.afterWin = .remove
            default: throw parser.error("wheel.afterWin", "\(MessageText.quoted(name)) is not a choice (use keep, remove or noRepeat)")
            }
        }
        if let raw = wheel["celebration"] { config.celebration = try Celebration.parse(raw, reader: parser, at: "wheel.celebration") }
        if let raw = wheel["valueFormat"] { config.valueFormat = try ValueFormat.parse(raw, reader: parser, at: "wheel.valueFormat") }
        if let raw = wheel["labelOrientation"] {
            let name = try parser.string(raw, at: "wheel.labelOrientation")
            guard let orientation = LabelOrientation(rawValue: name) else {
                throw parser.error("wheel.labelOrientation", "\(MessageText.quoted(name)) is not a choice (use radial or upright)")
            }
            config.labelOrientation = orientation
        }
        if let raw = wheel["soldOut"] {
            let name = try parser.string(raw, at: "wheel.soldOut")
            guard let style = SoldOutStyle(rawValue: name == "gray" ? "grey" : name) else {
                throw parser.error("wheel.soldOut", "\(MessageText.quoted(name)) is not a choice (use grey or hide)")
            }
            config.soldOut = style
        }
        if let raw = wheel["showOdds"] { config.showOdds = try parser.bool(raw, at: "wheel.showOdds") }
        if let raw = wheel["sizeByWeight"] { config.sizeByWeight = try parser.bool(raw, at: "wheel.sizeByWeight") }
        if let raw = wheel["profile"] {
            let name = try parser.string(raw, at: "wheel.profile")
            guard let profile = SpinProfile(rawValue: name) else {
                let names = SpinProfile.allCases.map(\.rawValue).joined(separator: ", ")
                throw parser.error("wheel.profile", "\(MessageText.quoted(name)) is not a profile (use one of \(names))")
            }
            config.spin.profile = profile
        }
        if let raw = wheel["duration"] {
            config.spin.duration = try parser.number(raw, at: "wheel.duration")
            // A spin shorter than a tenth of a second is no spin (and underflows the smooth profile's push).
            guard config.spin.duration >= WheelConfig.minimumDuration, config.spin.duration <= 600 else {
                throw parser.error("wheel.duration", "\(formatted(config.spin.duration)) is out of range (seconds, at least 0.1 and at most 600)")
            }
        }
        if let raw = wheel["turns"] {
            config.spin.turns = try parser.number(raw, at: "wheel.turns")
            do { try config.spin.validate() } catch .invalidTurns {
                throw parser.error("wheel.turns", "\(formatted(config.spin.turns)) is out of range (0 to 1000 turns)")
            } catch {}
        }
        if let raw = wheel["numbered"] {
            let n = try parser.number(raw, at: "wheel.numbered")
            guard n == n.rounded(), n >= Double(numberedRange.lowerBound), n <= Double(numberedRange.upperBound) else {
                throw parser.error("wheel.numbered", "\(formatted(n)) is out of range (a whole number from 2 to 36)")
            }
            guard wheel["items"] == nil, wheel["itemsFile"] == nil else {
                throw parser.error("wheel.numbered", "cannot be combined with wheel.items or wheel.itemsFile (numbered mode makes its own slices)")
            }
            config.numbered = Int(n)
        }
        if let raw = wheel["labelColor"], raw != .null { config.labelColor = try parser.color(raw, at: "wheel.labelColor") }
        if let raw = wheel["pointerColor"] { config.pointerColor = try parser.color(raw, at: "wheel.pointerColor") }
        if let raw = wheel["backgroundColor"] { config.backgroundColor = try parser.color(raw, at: "wheel.backgroundColor") }
        if let raw = wheel["palette"] { config.customPalette = try parser.palette(raw, at: "wheel.palette") }
        if let raw = wheel["ringImage"] {
            config.ring = try parser.ring(raw, at: "wheel.ringImage", baseDirectory: baseDirectory)
        }
        if let raw = wheel["ringLineWidth"] {
            let width = try parser.number(raw, at: "wheel.ringLineWidth")
            let limit = config.ringSideForLimits / 2
            guard width >= 0, width < limit else {
                throw parser.error("wheel.ringLineWidth", "\(formatted(width)) is out of range (ring image px, at least 0 and less than \(formatted(limit)))")
            }
            config.ringLineWidth = width
        }
        // Weights drive the draw even with equal slices, so they must always be able to pick a winner.
        if config.numbered == nil, !config.items.contains(where: { $0.weight > 0 }) {
            throw parser.error("wheel.items", "all weights are zero: at least one item must be able to win")
        }
        config.items = config.withPaletteColors(config.items)
        return config
    }

    /// The ring image's side for checking `ringLineWidth` (the shipped ring is 1024 px).
    var ringSideForLimits: Double {
        switch ring {
        case .image(let p, _): return Double(min(p.width, p.height))
        case .shipped: return Double(RingImage.shippedSide)
        case .none: return Double.infinity
        }
    }

    /// Checks a config built in code (the parser already guarantees all of this for files).
    public func validate(file: String = "<code>") throws(ConfigError) {
        let reader = ConfigReader(file: file)
        if let n = numbered, !WheelConfig.numberedRange.contains(n) {
            throw reader.error("wheel.numbered", "\(n) is out of range (a whole number from 2 to 36)")
        }
        if numbered == nil {
            guard !items.isEmpty else { throw reader.error("wheel.items", "the wheel needs at least one item") }
            for (i, item) in items.enumerated() where !(item.weight.isFinite && item.weight >= 0) {
                throw reader.error("wheel.items[\(i)].weight", "\(formatted(item.weight)) is not a weight (use a finite number ≥ 0)")
            }
            for (i, item) in items.enumerated() {
                if let problem = NameText.problem(item.text) { throw reader.error("wheel.items[\(i)].text", problem) }
                if let stock = item.stock, !(0...WheelConfig.stockLimit).contains(stock) {
                    throw reader.error("wheel.items[\(i)].stock", "\(stock) is out of range (a whole number from 0 to \(WheelConfig.stockLimit))")
                }
            }
            guard items.contains(where: { $0.weight > 0 }) else {
                throw reader.error("wheel.items", "all weights are zero: at least one item must be able to win")
            }
        }
        // A palette (the config's or a theme built in code) hands out colours in turn: it cannot be empty.
        if !(WheelConfig.paletteMinimum...WheelConfig.paletteLimit).contains(palette.count) {
            throw reader.error(customPalette == nil ? "theme.palette" : "wheel.palette",
                               "lists \(palette.count) colours; give \(WheelConfig.paletteMinimum) to \(WheelConfig.paletteLimit)")
        }
        do { try spin.validate() } catch {
            throw reader.error(error == .invalidTurns(spin.turns) ? "wheel.turns" : "wheel.duration", error.description)
        }
        guard ringLineWidth >= 0, ringLineWidth < ringSideForLimits / 2 else {
            throw reader.error("wheel.ringLineWidth", "\(formatted(ringLineWidth)) is out of range")
        }
    }
}

