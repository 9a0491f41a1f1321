// How the winner card shows an item's `value`: the config's `wheel.valueFormat`, a text with `{}`
// where the number goes ("{} points", "€{}"). Without one the card shows no value: a bare "2" under
// every prize meant nothing to the room. The number is written as people write it (5, not 5.0); an
// item whose value is 0 shows none. A format has `{}`, no control character and at most
// `lengthLimit` characters: one that has not cannot be made.
import Draws
import Files

public struct ValueFormat: Sendable, Equatable {
    /// The text with `{}` in it.
    public let pattern: String

    /// The longest format accepted, in characters (it is one line under the winner's name).
    public static let lengthLimit = 100

    /// A format from `pattern`; nil when it cannot be one (`problem` says why).
    public init?(_ pattern: String) {
        guard ValueFormat.problem(pattern) == nil else { return nil }
        self.pattern = pattern
    }

    /// `value` in the format: "12 points"; every `{}` is the number.
    public func text(for value: Double) -> String { pattern.replacing("{}", with: JSONText.plain(value)) }

    static func parse(_ raw: JSONValue, reader: ConfigReader, at path: String) throws(ConfigError) -> ValueFormat {
        let text = try reader.string(raw, at: path)
        guard let format = ValueFormat(text) else { throw reader.error(path, problem(text) ?? "is not a value format") }
        return format
    }

    /// Why `text` cannot be a value format, or nil when it can.
    public static func problem(_ text: String) -> String? {
        if let control = NameText.firstControlCharacter(in: text) {
            return "\(MessageText.quoted(text, limit: 60)) has a control character (\(NameText.describe(control)))"
        }
        guard text.count <= lengthLimit else { return "is \(text.count) characters; a value format is at most \(lengthLimit)" }
        guard text.contains("{}") else { return "\(MessageText.quoted(text, limit: 60)) has no {} where the value goes (e.g. \"{} points\")" }
        return nil
    }
}
