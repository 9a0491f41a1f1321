// One JSON config file with a section per scene (docs/architecture.md): read once, checked for unknown
// sections, and handed to each scene's parser. Every problem is a ConfigError naming the file, the
// JSON path and what is wrong, in one line.
import BitmapFont
import Draws
import Files
import FoundationEssentials

/// A config that cannot be used. `description` is one line for stderr:
/// `roundel: config 'party.json': wheel.items[3].color: '#12345' is not a colour (use #RRGGBB or #RRGGBBAA)`.
public struct ConfigError: Error, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    /// Where in the JSON (`wheel.items[3].color`); empty for problems with the file as a whole.
    public let path: String
    public let problem: String

    public init(file: String, path: String, problem: String) {
        self.file = file; self.path = path; self.problem = problem
    }

    public var description: String {
        "roundel: config \(MessageText.quoted(file, limit: 1024)): " + (path.isEmpty ? "" : path + ": ") + problem
    }
}


/// A parsed config file: its top-level object and where relative paths inside it resolve.
public struct ConfigFile {
    public let file: String
    public let baseDirectory: String
    let top: [String: JSONValue]

    /// The sections a config file may have.
    public static let sections = ["wheel", "timer", "pie", "clock"]
    /// Top-level keys beside the sections.
    static let settings = ["state", "station", "scene", "scenes", "display", "input", "attract", "typeface", "fonts", "sound", "theme",
                           "language", "text", "title", "control"]
    /// The most bytes a config file may have (a wheel of 10 000 long names fits in 3 MB).
    public static let fileLimit = 4 << 20
    /// The most font files `fonts` may list.
    public static let fontLimit = 16

    /// Reads and parses the file at `path` (relative paths inside resolve against its directory).
    public static func load(path: String) throws(ConfigError) -> ConfigFile {
        let data: Data
        do { data = Data(try RegularFile.read(path, limit: fileLimit)) } catch {
            throw ConfigError(file: path, path: "", problem: error.problem)
        }
        let directory = FilePaths.deletingLastComponent(of: path)
        return try parse(data, file: path, baseDirectory: directory.isEmpty ? "." : directory)
    }

    /// Parses a whole file's bytes (`file` only names it in messages).
    public static func parse(_ data: Data, file: String, baseDirectory: String) throws(ConfigError) -> ConfigFile {
        let root: JSONValue
        do { root = try JSONParser.parse(data) } catch {
            throw ConfigError(file: file, path: "", problem: "not valid JSON: " + jsonProblem(error, in: data))
        }
        guard case .object(let top) = root else {
            throw ConfigError(file: file, path: "", problem: "the top level must be an object like {\"wheel\": {…}}")
        }
        let file = ConfigFile(file: file, baseDirectory: baseDirectory, top: top)
        try file.reader.rejectUnknownKeys(top, known: sections + settings, at: "(top level)")
        return file
    }

    /// `state`: the state database (draws, removals, stock) as a path resolved against the file's
    /// directory, or nil when the file names none.
    public func statePath() throws(ConfigError) -> String? {
        guard let raw = top["state"] else { return nil }
        let name = try reader.string(raw, at: "state")
        guard !name.isEmpty, !name.contains("\0") else { throw reader.error("state", "is empty (give a file path, like \"raffle.db\")") }
        // A PostgreSQL database (postgresql://…) is not a file beside the config.
        return name.hasPrefix("/") || Ledger.isServer(name) ? name : FilePaths.appending(name, to: baseDirectory)
    }

    /// `station`: the name this kiosk's draws are recorded with (nil: none given).
    public func station() throws(ConfigError) -> String? {
        guard let raw = top["station"] else { return nil }
        let name = try reader.string(raw, at: "station")
        if let problem = Ledger.stationProblem(name) { throw reader.error("station", problem) }
        return name
    }

    /// `fonts`: BDF or .hex files drawn from before the shipped ones (the first that has a character
    /// draws it), as paths resolved against the file's directory; [] when the file names none.
    public func fontPaths() throws(ConfigError) -> [String] {
        guard let raw = top["fonts"] else { return [] }
        guard case .array(let list) = raw else {
            throw reader.error("fonts", "must be a list of font files, like [\"fonts/my-font.bdf\"]")
        }
        guard list.count <= ConfigFile.fontLimit else {
            throw reader.error("fonts", "lists \(list.count) files; at most \(ConfigFile.fontLimit)")
        }
        var paths: [String] = []
        for (i, element) in list.enumerated() {
            let name = try reader.string(element, at: "fonts[\(i)]")
            guard !name.isEmpty, !name.contains("\0") else { throw reader.error("fonts[\(i)]", "is not a file name") }
            paths.append(name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory))
        }
        return paths
    }

    /// `typeface`: the shipped type every word is drawn in (`sans` when the file names none).
    public func typeface() throws(ConfigError) -> Typeface {
        guard let raw = top["typeface"] else { return .sans }
        let name = try reader.string(raw, at: "typeface")
        guard let typeface = Typeface(rawValue: name) else {
            let names = Typeface.allCases.map(\.rawValue)
            let hint = name.count <= 64 ? Misspelling.nearest(name, in: names) : nil
            throw reader.error("typeface", "\(MessageText.quoted(name)) is not a typeface"
                               + (hint.map { " (did you mean '\($0)'?)" } ?? "") + " (use one of \(names.joined(separator: ", ")))")
        }
        return typeface
    }

    /// Checks every top-level setting (state, scene, scenes, display, input, attract, typeface, fonts, sound, theme,
    /// language, text)
    /// as the window would read it, so a config `render` accepts is one a kiosk can start with.
    public func checkSettings() throws(ConfigError) {
        _ = try statePath()
        _ = try initialScene()
        _ = try sceneList()
        _ = try displayRotation()
        _ = try inputCooldown()
        _ = try operatorPin()
        _ = try attractAfter()
        _ = try typeface()
        _ = try fontPaths()
        _ = try soundVolume()
        _ = try soundFiles()
        _ = try theme()
        _ = try language()
        _ = try textOverrides()
    }

    /// `theme`: the built-in theme every scene takes its colours from (classic when not given).
    public func theme() throws(ConfigError) -> Theme {
        guard let raw = top["theme"] else { return .classic }
        let name = try reader.string(raw, at: "theme")
        guard let theme = Theme.named(name) else {
            let hint = name.count <= 64 ? Misspelling.nearest(name, in: Theme.names) : nil
            throw reader.error("theme", "\(MessageText.quoted(name)) is not a theme" + (hint.map { " (did you mean '\($0)'?)" } ?? "")
                               + "; use one of \(Theme.names.joined(separator: ", "))")
        }
        return theme
    }

    /// `scene`: the scene a window shows first (nil: the file names none).
    public func initialScene() throws(ConfigError) -> String? {
        guard let raw = top["scene"] else { return nil }
        return try reader.sceneName(raw, at: "scene")
    }

    /// `scenes`: the scenes Tab (or a kiosk's corner press) cycles through, in order (nil: not given).
    public func sceneList() throws(ConfigError) -> [String]? {
        guard let raw = top["scenes"] else { return nil }
        let list = try reader.array(raw, at: "scenes")
        guard !list.isEmpty else { throw reader.error("scenes", "is empty (name at least one of \(SceneCatalog.names.joined(separator: ", ")))") }
        var names: [String] = []
        for (i, value) in list.enumerated() {
            let name = try reader.sceneName(value, at: "scenes[\(i)]")
            guard !names.contains(name) else { throw reader.error("scenes[\(i)]", "\(MessageText.quoted(name)) is named twice") }
            names.append(name)
        }
        if let first = try initialScene(), !names.contains(first) {
            throw reader.error("scene", "\(MessageText.quoted(first)) is not one of scenes (\(names.joined(separator: ", ")))")
        }
        return names
    }

    /// `display.rotate`: degrees clockwise the frame is turned for the display (nil: not given).
    public func displayRotation() throws(ConfigError) -> Int? {
        guard let display = try section("display", known: ConfigFile.displayKeys), let raw = display["rotate"] else { return nil }
        let degrees = try reader.number(raw, at: "display.rotate")
        guard let rotation = ConfigFile.rotation(degrees) else {
            throw reader.error("display.rotate", "\(formatted(degrees)) is not a rotation (use 0, 90, 180 or 270)")
        }
        return rotation
    }

    static let displayKeys = ["rotate"]
    static let inputKeys = ["cooldown", "operatorPin"]
    static let attractKeys = ["after"]

    /// `input.cooldown`: seconds after a spin key or button acted during which another press does nothing.
    public func inputCooldown() throws(ConfigError) -> Double? {
        try seconds("input", "cooldown", upTo: 3600, meaning: "seconds between spins, 0 to 3600", known: ConfigFile.inputKeys)
    }

    /// `input.operatorPin`: 4 to 8 digits that open a kiosk's settings after five quick taps in its
    /// top left corner (nil: a kiosk's settings cannot be opened on screen).
    public func operatorPin() throws(ConfigError) -> String? {
        guard let input = try section("input", known: ConfigFile.inputKeys), let raw = input["operatorPin"] else { return nil }
        let pin = try reader.string(raw, at: "input.operatorPin")
        guard (4...8).contains(pin.unicodeScalars.count), pin.unicodeScalars.allSatisfy({ $0 >= "0" && $0 <= "9" }) else {
            throw reader.error("input.operatorPin", "\(MessageText.quoted(pin)) is not a PIN (4 to 8 digits, in quotes: \"4321\")")
        }
        return pin
    }

    /// `attract.after`: seconds of no input before the wheel drifts and invites a touch; 0 turns it off.
    public func attractAfter() throws(ConfigError) -> Double? {
        try seconds("attract", "after", upTo: 86_400, meaning: "seconds, 0 for off, at most 86400", known: ConfigFile.attractKeys)
    }

    /// `sound`: "on" or "off", or `{"volume": 0…1}` (on at that volume). nil when absent (on, full volume).
    public func soundVolume() throws(ConfigError) -> Double? {
        guard let raw = top["sound"] else { return nil }
        if case .string(let word) = raw {
            switch word {
            case "on": return 1
            case "off": return 0
            default: throw reader.error("sound", "\(MessageText.quoted(word)) is not on or off (or give {\"volume\": 0.5})")
            }
        }
        guard let object = try section("sound", known: ConfigFile.soundKeys), let volume = object["volume"] else { return 1 }
        let value = try reader.number(volume, at: "sound.volume")
        guard value >= 0, value <= 1 else {
            throw reader.error("sound.volume", "\(formatted(value)) is out of range (0 for silence to 1 for full volume)")
        }
        return value
    }

    static let soundKeys = ["volume"] + SoundEvent.Kind.allCases.map(\.rawValue)

    /// `sound.tick`, `sound.fanfare`, `sound.chime`, `sound.soldOut`: WAV files (relative to the
    /// config) played instead of the built-in sounds, with the JSON path of each for messages.
    public func soundFiles() throws(ConfigError) -> [(kind: SoundEvent.Kind, path: String, key: String)] {
        guard let raw = top["sound"], case .object = raw, let object = try section("sound", known: ConfigFile.soundKeys) else { return [] }
        var files: [(kind: SoundEvent.Kind, path: String, key: String)] = []
        for kind in SoundEvent.Kind.allCases {
            guard let value = object[kind.rawValue] else { continue }
            let key = "sound.\(kind.rawValue)"
            let name = try reader.string(value, at: key)
            guard !name.isEmpty, !name.contains("\0") else { throw reader.error(key, "is not a file name") }
            files.append((kind, name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory), key))
        }
        return files
    }

    /// `section.key` as seconds from 0 to `limit` (nil when absent); out of range names `meaning`.
    private func seconds(_ name: String, _ key: String, upTo limit: Double, meaning: String, known: [String]? = nil) throws(ConfigError) -> Double? {
        guard let object = try section(name, known: known ?? [key]), let raw = object[key] else { return nil }
        let seconds = try reader.number(raw, at: "\(name).\(key)")
        guard seconds >= 0, seconds <= limit else {
            throw reader.error("\(name).\(key)", "\(formatted(seconds)) is out of range (\(meaning))")
        }
        return seconds
    }

    /// 0, 90, 180 or 270 (degrees clockwise), else nil.
    public static func rotation(_ degrees: Double) -> Int? {
        [0, 90, 180, 270].first { Double($0) == degrees }
    }

    /// A reader whose errors name this file.
    var reader: ConfigReader { ConfigReader(file: file) }

    /// The object under `name`, or nil when the file has no such section. Keys other than `known`
    /// are refused (a typo would otherwise be silently ignored).
    func section(_ name: String, known: [String]) throws(ConfigError) -> [String: JSONValue]? {
        guard let raw = top[name] else { return nil }
        let object = try reader.object(raw, at: name)
        try reader.rejectUnknownKeys(object, known: known, at: name)
        return object
    }
}

/// The parser says "around character 15"; users want a line and a column.
private func jsonProblem(_ error: JSONSyntaxError, in data: Data) -> String {
    // The parser words its errors as Foundation did; the two a person meets most often with no place
    // named are said plainly here, with the place: an empty or cut-short file, a number out of range.
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        return "the file is empty (a config is an object, like {\"wheel\": {}})"
    }
    if error.message == "Unexpected end of file during JSON parse." {
        return "the file ends before the JSON does (a closing } or ] or \" missing?)" + place(data.count, in: data)
    }
    if error.message.hasPrefix("Number "), error.message.hasSuffix(" is not representable in Swift.") {
        let number = error.message.dropFirst("Number ".count).dropLast(" is not representable in Swift.".count)
        return "number \(number) is out of range" + (error.offset.map { place($0, in: data) } ?? "")
    }
    guard let offset = error.offset else { return error.message }
    return error.message + place(offset, in: data)
}

/// " (line L, column C)" of byte `offset` (columns count characters, not bytes).
private func place(_ offset: Int, in data: Data) -> String {
    var line = 1, column = 1
    for (i, byte) in data.enumerated() {
        if i >= offset { break }
        if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
    }
    return " (line \(line), column \(column))"
}

/// A number as users wrote it: 5 not 5.0.
func formatted(_ x: Double) -> String { JSONText.plain(x) }
