// The languages whose words are built in, and how one is named: a config's `language` ("ko",
// "zh-Hant", or a POSIX locale such as "ko_KR.UTF-8") and the environment's LC_ALL, LC_MESSAGES and
// LANG, which choose it when the config does not (as gettext does: the first that is set and not
// empty; "C", "POSIX" and a locale with no built-in words mean English).

public enum Language: String, CaseIterable, Sendable {
    case english = "en", korean = "ko", simplifiedChinese = "zh-Hans", traditionalChinese = "zh-Hant", japanese = "ja"
    case spanish = "es", french = "fr", german = "de", portuguese = "pt", italian = "it"

    /// Its code, as a config writes it and the record keeps it.
    public var code: String { rawValue }

    /// Every word on screen in this language.
    public var words: Words {
        switch self {
        case .english: .english
        case .korean: .korean
        case .simplifiedChinese: .simplifiedChinese
        case .traditionalChinese: .traditionalChinese
        case .japanese: .japanese
        case .spanish: .spanish
        case .french: .french
        case .german: .german
        case .portuguese: .portuguese
        case .italian: .italian
        }
    }

    /// The built-in language a code or locale names ("ko", "ko-KR", "ko_KR.UTF-8", "zh_TW", "zh-Hant",
    /// "pt_BR"), nil for any other. Letter case does not matter.
    public init?(code: String) {
        // The locale without its encoding and modifier: "ko_KR.UTF-8@x" → "ko_KR".
        let name = code.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = name.lowercased().split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let first = parts.first, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        if first == "zh" {
            // A script says it; else the region: Taiwan, Hong Kong and Macao write Traditional.
            let rest = parts.dropFirst()
            if rest.contains("hant") { self = .traditionalChinese; return }
            if rest.contains("hans") { self = .simplifiedChinese; return }
            self = rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) ? .traditionalChinese : .simplifiedChinese
            return
        }
        guard let language = Language.allCases.first(where: { $0.rawValue == first && !$0.rawValue.contains("-") }) else { return nil }
        self = language
    }

    /// The language the environment asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
    /// and not empty; English when none is, or it is "C" or "POSIX", or names no built-in language.
    /// `environment` reads a variable (`getenv` in the window; a dictionary in tests).
    public static func fromEnvironment(_ environment: (String) -> String?) -> Language {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment(variable), !value.isEmpty else { continue }
            return Language(code: value) ?? .english
        }
        return .english
    }

    /// The codes a config may give, for messages: "en, ko, zh-Hans, …".
    public static var codeList: String { allCases.map(\.code).joined(separator: ", ") }
}
