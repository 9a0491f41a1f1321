// Typed reads from JSONSerialization's `Any` values, each failing with a ConfigError at a JSON path
// (`wheel.items[3].color`), shared by every scene's config section. JSON booleans arrive as NSNumber
// too; they are told apart by identity with the two boolean singletons, so `"weight": true` is
// "not a number" rather than 1.
import Foundation
import Raster

struct ConfigReader {
    let file: String

    func error(_ path: String, _ problem: String) -> ConfigError {
        ConfigError(file: file, path: path, problem: problem)
    }

    func object(_ value: Any, at path: String) throws(ConfigError) -> [String: Any] {
        guard let o = value as? [String: Any] else { throw error(path, "must be an object ({…}), not \(describe(value))") }
        return o
    }

    func array(_ value: Any, at path: String) throws(ConfigError) -> [Any] {
        guard let a = value as? [Any] else { throw error(path, "must be a list ([…]), not \(describe(value))") }
        return a
    }

    func string(_ value: Any, at path: String) throws(ConfigError) -> String {
        guard let s = value as? String else { throw error(path, "must be a string, not \(describe(value))") }
        return s
    }

    func bool(_ value: Any, at path: String) throws(ConfigError) -> Bool {
        guard let n = value as? NSNumber, isBoolean(n) else { throw error(path, "must be true or false, not \(describe(value))") }
        return n.boolValue
    }

    /// A finite number (JSON cannot spell NaN; 1e999 is refused by Foundation before we see it).
    func number(_ value: Any, at path: String) throws(ConfigError) -> Double {
        guard let n = value as? NSNumber, !isBoolean(n) else { throw error(path, "must be a number, not \(describe(value))") }
        let x = n.doubleValue
        guard x.isFinite else { throw error(path, "\(x) is not a finite number") }
        return x
    }

    func color(_ value: Any, at path: String) throws(ConfigError) -> Color {
        let text = try string(value, at: path)
        guard let c = Color(hex: text) else { throw error(path, "'\(text)' is not a colour (use #RRGGBB or #RRGGBBAA)") }
        return c
    }

    func rejectUnknownKeys(_ object: [String: Any], known: [String], at path: String) throws(ConfigError) {
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
        let hint = known.first { $0.lowercased() == first.lowercased() || $0.lowercased() == first.lowercased().replacingOccurrences(of: "colour", with: "color") }
        throw error(path, "unknown key\(unknown.count > 1 ? "s" : "") \(names)"
            + (hint.map { " (did you mean '\($0)'?)" } ?? "") + "; known keys: " + known.joined(separator: ", "))
    }

    func isBoolean(_ n: NSNumber) -> Bool { n === NSNumber(value: true) || n === NSNumber(value: false) }

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
