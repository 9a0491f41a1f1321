// The config's top-level `language` (which built-in words the wheel shows: "ko", "zh-Hant", or a
// POSIX locale such as "pt_BR.UTF-8") and `text` (single visitor words over them, by WordKey). A
// language that is not built in, or a word key that does not exist, is refused with the list.
import Draws
import Files

extension ConfigFile {
    /// `language`: nil when the file names none (the environment's then: `Language.fromEnvironment`).
    public func language() throws(ConfigError) -> Language? {
        guard let raw = top["language"] else { return nil }
        let code = try reader.string(raw, at: "language")
        guard let language = Language(code: code) else {
            throw reader.error("language", "\(MessageText.quoted(code, limit: 60)) is not a built-in language (use one of \(Language.codeList))")
        }
        return language
    }

    /// The most characters one word of `text` may have (it is one line on a button or a card).
    static let wordLimit = 100

    /// `text`: words in place of the built-in ones, by key ([:] when the file gives none).
    public func textOverrides() throws(ConfigError) -> [WordKey: String] {
        let known = WordKey.allCases.map(\.rawValue)
        guard let object = try section("text", known: known) else { return [:] }
        var words: [WordKey: String] = [:]
        for key in WordKey.allCases {
            guard let raw = object[key.rawValue] else { continue }
            let path = "text." + key.rawValue
            let word = try reader.string(raw, at: path)
            if let control = NameText.firstControlCharacter(in: word) {
                throw reader.error(path, "\(MessageText.quoted(word, limit: 60)) has a control character (\(NameText.describe(control)))")
            }
            guard word.count <= ConfigFile.wordLimit else {
                throw reader.error(path, "is \(word.count) characters; a word is at most \(ConfigFile.wordLimit)")
            }
            words[key] = word
        }
        return words
    }
}
