// Typed reads from JSONSerialization's `Any` values, each failing with a WheelConfigError at a JSON
// path. JSON booleans arrive as NSNumber too; they are told apart by identity with the two
// boolean singletons, so `"weight": true` is "not a number" rather than 1.
import Foundation
import PNGCodec
import Raster

struct ConfigReader {
    let file: String

    func error(_ path: String, _ problem: String) -> WheelConfigError {
        WheelConfigError(file: file, path: path, problem: problem)
    }

    func object(_ value: Any, at path: String) throws(WheelConfigError) -> [String: Any] {
        guard let o = value as? [String: Any] else { throw error(path, "must be an object ({…}), not \(describe(value))") }
        return o
    }

    func array(_ value: Any, at path: String) throws(WheelConfigError) -> [Any] {
        guard let a = value as? [Any] else { throw error(path, "must be a list ([…]), not \(describe(value))") }
        return a
    }

    func string(_ value: Any, at path: String) throws(WheelConfigError) -> String {
        guard let s = value as? String else { throw error(path, "must be a string, not \(describe(value))") }
        return s
    }

    func bool(_ value: Any, at path: String) throws(WheelConfigError) -> Bool {
        guard let n = value as? NSNumber, isBoolean(n) else { throw error(path, "must be true or false, not \(describe(value))") }
        return n.boolValue
    }

    /// A finite number (JSON cannot spell NaN; 1e999 is refused by Foundation before we see it).
    func number(_ value: Any, at path: String) throws(WheelConfigError) -> Double {
        guard let n = value as? NSNumber, !isBoolean(n) else { throw error(path, "must be a number, not \(describe(value))") }
        let x = n.doubleValue
        guard x.isFinite else { throw error(path, "\(x) is not a finite number") }
        return x
    }

    func color(_ value: Any, at path: String) throws(WheelConfigError) -> Color {
        let text = try string(value, at: path)
        guard let c = Color(hex: text) else { throw error(path, "'\(text)' is not a colour (use #RRGGBB or #RRGGBBAA)") }
        return c
    }

    func rejectUnknownKeys(_ object: [String: Any], known: [String], at path: String) throws(WheelConfigError) {
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
        let hint = known.first { $0.lowercased() == first.lowercased() || $0.lowercased() == first.lowercased().replacingOccurrences(of: "colour", with: "color") }
        throw error(path, "unknown key\(unknown.count > 1 ? "s" : "") \(names)"
            + (hint.map { " (did you mean '\($0)'?)" } ?? "") + "; known keys: " + known.joined(separator: ", "))
    }

    func item(_ value: Any, at path: String, index: Int) throws(WheelConfigError) -> WheelItem {
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
    func ring(_ value: Any, at path: String, baseDirectory: String) throws(WheelConfigError) -> WheelRing {
        if value is NSNull { return .none }
        let name = try string(value, at: path)
        if name == "none" { return .none }
        guard !name.isEmpty else { throw error(path, "is empty (give a PNG path, or \"none\")") }
        let full = name.hasPrefix("/") ? name : (baseDirectory as NSString).appendingPathComponent(name)
        do {
            let image = try readPNG(full)
            guard image.width >= 8, image.height >= 8 else {
                throw error(path, "'\(name)' is \(image.width)×\(image.height) px: too small for a ring (at least 8×8)")
            }
            return .image(image, path: full)
        } catch let e as PNGError {
            throw error(path, e.description.replacingOccurrences(of: "roundel: ", with: ""))
        } catch let e as WheelConfigError {
            throw e
        } catch {
            throw self.error(path, "\(error)")
        }
    }

    private func isBoolean(_ n: NSNumber) -> Bool { n === NSNumber(value: true) || n === NSNumber(value: false) }

    private func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "a string"
        case let n as NSNumber: return isBoolean(n) ? "true/false" : "a number"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value))"
        }
    }
}
