// Typed reads from parsed JSON values, each failing with a ConfigError at a JSON path
// (`wheel.items[3].color`), shared by every scene's config section. Booleans are not numbers, so
// `"weight": true` is "not a number" rather than 1.
import Files
import Raster

struct ConfigReader {
    let file: String

    func error(_ path: String, _ problem: String) -> ConfigError {
        ConfigError(file: file, path: path, problem: problem)
    }

    func object(_ value: JSONValue, at path: String) throws(ConfigError) -> [String: JSONValue] {
        guard case .object(let o) = value else { throw error(path, "must be an object ({…}), not \(value.kindDescription)") }
        return o
    }

    func array(_ value: JSONValue, at path: String) throws(ConfigError) -> [JSONValue] {
        guard case .array(let a) = value else { throw error(path, "must be a list ([…]), not \(value.kindDescription)") }
        return a
    }

    func string(_ value: JSONValue, at path: String) throws(ConfigError) -> String {
        guard case .string(let s) = value else { throw error(path, "must be a string, not \(value.kindDescription)") }
        return s
    }

    func bool(_ value: JSONValue, at path: String) throws(ConfigError) -> Bool {
        guard case .bool(let b) = value else { throw error(path, "must be true or false, not \(value.kindDescription)") }
        return b
    }

    /// A finite number (JSON cannot spell NaN; 1e999 is refused by the parser before we see it).
    func number(_ value: JSONValue, at path: String) throws(ConfigError) -> Double {
        guard case .number(let x) = value else { throw error(path, "must be a number, not \(value.kindDescription)") }
        guard x.isFinite else { throw error(path, "\(x) is not a finite number") }
        return x
    }

    func color(_ value: JSONValue, at path: String) throws(ConfigError) -> Color {
        let text = try string(value, at: path)
        guard let c = Color(hex: text) else { throw error(path, "\(MessageText.quoted(text)) is not a colour (use #RRGGBB or #RRGGBBAA)") }
        return c
    }

    /// One of the scenes there are (SceneCatalog.names).
    func sceneName(_ value: JSONValue, at path: String) throws(ConfigError) -> String {
        let name = try string(value, at: path)
        guard SceneCatalog.names.contains(name) else {
            throw error(path, "\(MessageText.quoted(name)) is not a scene (use one of \(SceneCatalog.names.joined(separator: ", ")))")
        }
        return name
    }

    func rejectUnknownKeys(_ object: [String: JSONValue], known: [String], at path: String) throws(ConfigError) {
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let names = unknown.map { MessageText.quoted($0, limit: 60) }.joined(separator: ", ")
        // A hint only for a key that could be a misspelt one (a 4 MB key gets none, at no cost).
        let hint = first.count <= 64 ? Misspelling.nearest(first, in: known) : nil
        throw error(path, "unknown key\(unknown.count > 1 ? "s" : "") \(names)"
            + (hint.map { " (did you mean '\($0)'?)" } ?? "") + "; known keys: " + known.joined(separator: ", "))
    }
}
