// The words on screen, by language: every built-in table has every word (non-empty, with the same
// `{}` places as English, and its own words rather than English left in), a locale names the
// language it should (LC_ALL over LC_MESSAGES over LANG), the config's `language` and `text` reach
// the wheel or are refused in one line, and a Korean wheel draws Korean where English drew START.
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class LanguageTests: ConfigFileTestCase {
    /// Each word of `words` by its field's name (a Plural's forms as `name.one`, `name.other`).
    func entries(_ words: Words) -> [(String, String)] {
        Mirror(reflecting: words).children.flatMap { child -> [(String, String)] in
            let name = child.label ?? "?"
            if let text = child.value as? String { return [(name, text)] }
            if let plural = child.value as? Plural { return [(name + ".one", plural.one), (name + ".other", plural.other)] }
            XCTFail("\(name) is neither a word nor a plural")
            return []
        }
    }

    /// The places a pattern fills, `{}` counted as `{1}`: ["{1}", "{2}"].
    func placeholders(_ text: String) -> [String] {
        let normal = text.replacing("{}", with: "{1}")
        return ["{1}", "{2}", "{3}"].filter { normal.contains($0) }
    }

    func testEveryLanguageHasEveryWordWithTheSamePlacesToFill() {
        let english = entries(.english)
        XCTAssertGreaterThan(english.count, 80)
        // Units that read the same ("5 s", "50 %") and roulette, the same word in French, German, Italian.
        let shared: Set<String> = ["seconds", "percent"]
        let sameWord: [Language: Set<String>] = [.french: ["roulette"], .german: ["roulette"], .italian: ["roulette"]]
        for language in Language.allCases {
            let words = entries(language.words)
            XCTAssertEqual(words.map(\.0), english.map(\.0), language.code)
            for ((name, text), (_, reference)) in zip(words, english) {
                XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language.code).\(name) is empty")
                XCTAssertEqual(placeholders(text), placeholders(reference), "\(language.code).\(name): \(text)")
                guard language != .english, !shared.contains(name), !(sameWord[language]?.contains(name) ?? false) else { continue }
                XCTAssertNotEqual(text, reference, "\(language.code).\(name) is still English")
            }
        }
        // Each language names itself differently, so the settings' choice tells them apart.
        XCTAssertEqual(Set(Language.allCases.map(\.words.languageName)).count, Language.allCases.count)
    }

    func testACodeOrLocaleNamesItsLanguage() {
        let cases: [(String, Language?)] = [
            ("en", .english), ("ko", .korean), ("ko_KR.UTF-8", .korean), ("KO-kr", .korean), ("ja_JP.eucJP", .japanese),
            ("zh-Hans", .simplifiedChinese), ("zh_CN", .simplifiedChinese), ("zh_SG.UTF-8", .simplifiedChinese), ("zh", .simplifiedChinese),
            ("zh-Hant", .traditionalChinese), ("zh_TW", .traditionalChinese), ("zh_HK.UTF-8", .traditionalChinese),
            ("zh-Hant-TW", .traditionalChinese), ("pt_BR", .portuguese), ("pt_PT.UTF-8", .portuguese), ("de_DE@euro", .german),
            ("es_MX", .spanish), ("fr_CA.UTF-8", .french), ("it", .italian),
            ("C", nil), ("POSIX", nil), ("xx_YY", nil), ("", nil), ("ko_", nil), ("kor", nil), ("ko KR", nil),
        ]
        for (code, language) in cases { XCTAssertEqual(Language(code: code), language, code) }
    }

    func testLCAllThenLCMessagesThenLangChooseTheLanguage() {
        func language(_ environment: [String: String]) -> Language { Language.fromEnvironment { environment[$0] } }
        XCTAssertEqual(language([:]), .english)
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]), .german)
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"]), .japanese)
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8", "LC_ALL": ""]), .korean, "an empty variable is not set")
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]), .english, "C is English, whatever LANG says")
        XCTAssertEqual(language(["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "POSIX"]), .english)
        XCTAssertEqual(language(["LANG": "sv_SE.UTF-8"]), .english, "no built-in Swedish: English")
    }

    func testTheConfigsLanguageAndTextReachTheWheel() throws {
        let path = try write(#"{"language": "ko_KR.UTF-8", "text": {"start": "GO!", "tryAgain": "아쉬워요"}}"#)
        let config = try WheelConfig.load(path: path)
        XCTAssertEqual(config.language, .korean)
        XCTAssertEqual(config.words.start, "GO!")
        XCTAssertEqual(config.words.tryAgain, "아쉬워요")
        XCTAssertEqual(config.words.pressStart, Words.korean.pressStart, "a word not overridden is the language's")
        XCTAssertNil(try WheelConfig.load(path: try write("{}")).language, "none given: the environment's, later")

        // A config without `language` shows the language its resources were given.
        let resources = try WheelSnapshotTests.latinResources()
        let german = try SceneResources.loadDefault(systemLanguage: .german)
        XCTAssertEqual(try WheelScene(resources: resources).words, .english)
        XCTAssertEqual(try WheelScene(resources: german).words.start, "DREHEN")
        XCTAssertEqual(try WheelScene(config: config, resources: german).words.start, "GO!", "the config's language wins")
    }

    func testALanguageOrWordThatDoesNotExistIsRefusedWithTheList() throws {
        let load = { (path: String) throws -> Void in _ = try WheelConfig.load(path: path) }
        XCTAssertEqual(try failure(#"{"language": "klingon"}"#, load: load),
                       "language: 'klingon' is not a built-in language (use one of en, ko, zh-Hans, zh-Hant, ja, es, fr, de, pt, it)")
        XCTAssertEqual(try failure(#"{"language": 7}"#, load: load), "language: must be a string, not a number")
        XCTAssertEqual(try failure(#"{"text": {"strat": "GO"}}"#, load: load),
                       "text: unknown key 'strat' (did you mean 'start'?); known keys: "
                       + "start, pressStart, touchToSpin, winner, soldOut, allDrawn, noPrizesLeft, tryAgain")
        XCTAssertEqual(try failure(#"{"text": {"winner": 1}}"#, load: load), "text.winner: must be a string, not a number")
        XCTAssertEqual(try failure(#"{"text": {"winner": "A\nB"}}"#, load: load),
                       "text.winner: 'A\\nB' has a control character (U+000A, line feed)")
        XCTAssertEqual(try failure(#"{"text": ["start"]}"#, load: load), "text: must be an object ({…}), not a list")
    }

    /// The button's box differs between an English and a Korean wheel, and nothing else does.
    func testAKoreanWheelDrawsKoreanOnItsButton() throws {
        let resources = try WheelSnapshotTests.latinResources()
        var korean = WheelConfig.defaults
        korean.language = .korean
        let size = Size(width: 480, height: 640)
        func frame(_ config: WheelConfig) throws -> Pixmap {
            let wheel = try WheelScene(config: config, resources: resources, seed: 1)
            let canvas = try XCTUnwrap(Canvas(width: Int(size.width), height: Int(size.height)))
            wheel.render(into: canvas, at: 0)
            return canvas.pixmap
        }
        let en = try frame(.defaults), ko = try frame(korean)
        let layout = try WheelScene(resources: resources).layout(for: size)
        let button = layout.buttonRect, result = layout.resultRect.insetBy(-8)
        var inButton = 0, elsewhere = 0
        for y in 0..<en.height {
            for x in 0..<en.width where en[x, y] != ko[x, y] {
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                if button.contains(centre) { inButton += 1 } else if !result.contains(centre) { elsewhere += 1 }
            }
        }
        XCTAssertGreaterThan(inButton, 100, "시작 where START was")
        XCTAssertEqual(elsewhere, 0, "only the button and the words under the wheel change")
    }

    /// The settings' language row steps through the built-in languages; the choice changes the words
    /// at once, is kept in the record and shown again after a restart.
    func testTheSettingsPanelChangesTheLanguageAndKeepsIt() throws {
        let path = directory + "/state.db"
        let size = Size(width: 960, height: 720)
        do {
            let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), ledger: try Ledger.open(path: path))
            wheel.showsControls = true
            wheel.handle(.openSettings, at: 1, frameSize: size)
            guard case .settings(let panel) = wheel.panel else { return XCTFail("no settings panel") }
            let row = try XCTUnwrap(panel.panel(for: size).controls.first { $0.id == .language })
            XCTAssertEqual(row.kind, .stepper("English"))
            wheel.handle(.tap(Point(x: row.frame.maxX - 4, y: row.frame.center.y)), at: 2, frameSize: size)   // +
            XCTAssertEqual(wheel.settings.language, .korean)
            XCTAssertEqual(wheel.buttonLabel, "시작")
            guard case .settings(let after) = wheel.panel else { return XCTFail("the panel stays open") }
            XCTAssertEqual(after.panel(for: size).controls.first?.kind, .heading("설정"), "the panel itself is in Korean now")
            wheel.handle(.tap(Point(x: row.frame.minX + 4, y: row.frame.center.y)), at: 3, frameSize: size)   // −
            wheel.handle(.tap(Point(x: row.frame.minX + 4, y: row.frame.center.y)), at: 4, frameSize: size)   // − past English
            XCTAssertEqual(wheel.settings.language, .italian, "round from the first to the last")
        }
        let again = try WheelScene(resources: try WheelSnapshotTests.latinResources(), ledger: try Ledger.open(path: path))
        XCTAssertEqual(again.words.start, "GIRA", "kept in the record")
    }
}
