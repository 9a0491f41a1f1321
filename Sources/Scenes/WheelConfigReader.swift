// The wheel's own config values: items and the ring image, read at their JSON paths.
import BitmapFont
import PNGCodec
import Raster

extension ConfigReader {
    func item(_ value: JSONValue, at path: String, index: Int) throws(ConfigError) -> WheelItem {
        let o = try object(value, at: path)
        try rejectUnknownKeys(o, known: WheelConfig.knownItemKeys, at: path)
        let palette = WheelConfig.defaults.items
        var item = WheelItem(text: "", color: palette[index % palette.count].color)
        if let raw = o["text"] { item.text = try string(raw, at: path + ".text") }
        if let raw = o["color"] { item.color = try color(raw, at: path + ".color") }
        if let raw = o["value"] { item.value = try number(raw, at: path + ".value") }
        if let raw = o["weight"] {
            let w = try number(raw, at: path + ".weight")
            guard w >= 0 else { throw error(path + ".weight", "\(formatted(w)) is negative (weights are ≥ 0)") }
            item.weight = w
        }
        return item
    }

    /// "none" or null: no ring; otherwise a PNG path relative to the config file's directory.
    func ring(_ value: JSONValue, at path: String, baseDirectory: String) throws(ConfigError) -> WheelRing {
        if value == .null { return .none }
        let name = try string(value, at: path)
        if name == "none" { return .none }
        guard !name.isEmpty else { throw error(path, "is empty (give a PNG path, or \"none\")") }
        let full = name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory)
        do {
            // A ring is drawn at most screen-sized: 4096 px a side keeps a hostile header from
            // costing a kiosk a gigabyte on a config reload.
            let image = try readPNG(full, maxSide: 4096)
            guard image.width >= 8, image.height >= 8 else {
                throw error(path, "'\(name)' is \(image.width)×\(image.height) px: too small for a ring (at least 8×8)")
            }
            guard image.width == image.height else {
                throw error(path, "'\(name)' is \(image.width)×\(image.height) px: a ring image must be square")
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
