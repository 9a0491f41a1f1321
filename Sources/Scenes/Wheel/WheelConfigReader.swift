// The wheel's own config values: items and the ring image, read at their JSON paths.
import BitmapFont
import Draws
import Files
import FoundationEssentials
import PNGCodec
import Raster

extension ConfigReader {
    /// An item: a plain string (a name) or an object with text, color, value, weight, stock, prize,
    /// and a picture (image, imageFit, label).
    func item(_ value: JSONValue, at path: String, index: Int, images: ConfigImages) throws(ConfigError) -> WheelItem {
        var item = WheelItem(text: "", color: Theme.classic.palette[index % Theme.classic.palette.count])
        item.automaticColor = true
        if case .string(let text) = value { item.text = try name(text, at: path); return item }
        guard case .object(let o) = value else {
            throw error(path, "must be a name (\"Alice\") or an object ({\"text\": …}), not \(value.kindDescription)")
        }
        try rejectUnknownKeys(o, known: WheelConfig.knownItemKeys, at: path)
        if let raw = o["text"] { item.text = try name(try string(raw, at: path + ".text"), at: path + ".text") }
        if let raw = o["color"] { item.color = try color(raw, at: path + ".color"); item.automaticColor = false }
        if let raw = o["labelColor"] { item.labelColor = try color(raw, at: path + ".labelColor") }
        if let raw = o["value"] { item.value = try number(raw, at: path + ".value") }
        if let raw = o["weight"] {
            let w = try number(raw, at: path + ".weight")
            guard w >= 0 else { throw error(path + ".weight", "\(formatted(w)) is negative (weights are ≥ 0)") }
            item.weight = w
        }
        if let raw = o["prize"] { item.prize = try bool(raw, at: path + ".prize") }
        if let raw = o["image"] { item.image = try images.image(raw, at: path + ".image") }
        if let raw = o["imageFit"] { item.imageFit = try images.fit(raw, at: path + ".imageFit") }
        if let raw = o["label"] { item.showsLabel = try bool(raw, at: path + ".label") }
        if let raw = o["stock"] {
            let n = try number(raw, at: path + ".stock")
            guard n == n.rounded(), n >= 0, n <= Double(WheelConfig.stockLimit) else {
                throw error(path + ".stock", "\(formatted(n)) is not a stock (a whole number from 0 to \(WheelConfig.stockLimit))")
            }
            item.stock = Int(n)
        }
        return item
    }

    /// `wheel.palette`: colours for the entries without one, 3 to 64 of them (neighbours must be able to differ).
    func palette(_ value: JSONValue, at path: String) throws(ConfigError) -> [Color] {
        let list = try array(value, at: path)
        guard list.count >= WheelConfig.paletteMinimum, list.count <= WheelConfig.paletteLimit else {
            throw error(path, "lists \(list.count) colour\(list.count == 1 ? "" : "s"); give \(WheelConfig.paletteMinimum) to \(WheelConfig.paletteLimit), "
                        + "like [\"#E5484D\", \"#1C7ED6\", \"#2F9E44\"] (so neighbouring slices differ)")
        }
        var colors: [Color] = []
        for (i, element) in list.enumerated() { colors.append(try color(element, at: path + "[\(i)]")) }
        return colors
    }

    /// An item's text: a name holds no control character (a JSON string can spell one: "\u0000").
    func name(_ text: String, at path: String) throws(ConfigError) -> String {
        if let problem = NameText.problem(text) { throw error(path, problem) }
        return text
    }

    /// "none" or null: no ring; otherwise a PNG path relative to the config file's directory. A bare
    /// file name that is not there is looked for in Roundel's assets directory too, so a shipped
    /// example config (`"ringImage": "ring.png"`) works wherever it is copied.
    func ring(_ value: JSONValue, at path: String, baseDirectory: String) throws(ConfigError) -> WheelRing {
        if value == .null { return .none }
        let name = try string(value, at: path)
        if name == "none" { return .none }
        guard !name.isEmpty else { throw error(path, "is empty (give a PNG path, or \"none\")") }
        var full = name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory)
        if !name.contains("/"), !FileManager.default.fileExists(atPath: full), let assets = Assets.locateDirectory() {
            let shipped = FilePaths.appending(name, to: assets)
            if FileManager.default.fileExists(atPath: shipped) { full = shipped }
        }
        do {
            // A ring is drawn at most screen-sized: 4096 px a side keeps a hostile header from
            // costing a kiosk a gigabyte on a config reload.
            let image = try readPNG(full, maxSide: 4096)
            guard image.width >= 8, image.height >= 8 else {
                throw error(path, "\(MessageText.quoted(name)) is \(image.width)×\(image.height) px: too small for a ring (at least 8×8)")
            }
            guard image.width == image.height else {
                throw error(path, "\(MessageText.quoted(name)) is \(image.width)×\(image.height) px: a ring image must be square")
            }
            return .image(image, path: full)
        } catch let e as PNGError {
            throw error(path, e.description.replacing("roundel: ", with: ""))
        } catch let e as ConfigError {
            throw e
        } catch {
            throw self.error(path, "\(error)")
        }
    }

}
