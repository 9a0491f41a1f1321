// The language of the words on screen from the command line: LC_ALL over LC_MESSAGES over LANG when
// the config names none, the config's `language` over them all, and a config whose language or word
// does not exist refused in one line (exit 2) before anything is drawn.
import Foundation
import XCTest

final class LanguageCLITests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RoundelBinary.Result {
        try cli.run(arguments, environment: environment)
    }

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "roundel-language-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// The idle wheel rendered with `environment` (and `config`, when given) as PNG bytes.
    func render(_ name: String, environment: [String: String], config: String? = nil) throws -> Data {
        var arguments = ["render", "wheel", "--at", "0", "--size", "320x400", "--out", dir + "/\(name).png"]
        if let config {
            try config.write(toFile: dir + "/\(name).json", atomically: true, encoding: .utf8)
            arguments += ["--config", dir + "/\(name).json"]
        }
        let r = try run(arguments, environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name).png"))
    }

    func testTheEnvironmentChoosesTheLanguageLCAllFirst() throws {
        let english = try render("c", environment: ["LC_ALL": "C"])
        let korean = try render("ko", environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"])
        XCTAssertNotEqual(korean, english, "LANG=ko_KR.UTF-8 draws Korean words")
        XCTAssertEqual(try render("all-c", environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]), english, "LC_ALL=C wins over LANG")
        XCTAssertEqual(try render("messages", environment: ["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "de_DE.UTF-8"]), korean,
                       "LC_MESSAGES wins over LANG")
        XCTAssertEqual(try render("all-ko", environment: ["LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]), korean)
        XCTAssertEqual(try render("config", environment: ["LC_ALL": "C"], config: #"{"language": "ko"}"#), korean,
                       "the config's language wins over the environment's")
        XCTAssertEqual(try render("config-en", environment: ["LC_ALL": "ko_KR.UTF-8"], config: #"{"language": "en"}"#), english)
    }

    func testAnUnknownLanguageOrWordIsOneLineAndExit2() throws {
        for (json, message) in [
            (#"{"language": "tlh"}"#, "language: 'tlh' is not a built-in language (use one of en, ko, zh-Hans, zh-Hant, ja, es, fr, de, pt, it)"),
            (#"{"text": {"pressStrat": "Go"}}"#, "text: unknown key 'pressStrat' (did you mean 'pressStart'?); known keys: start, pressStart,"),
        ] {
            let path = dir + "/bad.json", out = dir + "/bad.png"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            let r = try run(["render", "wheel", "--at", "0", "--config", path, "--out", out])
            XCTAssertEqual(r.status, 2, json)
            XCTAssertTrue(r.stderr.hasPrefix("roundel: config '\(path)': " + message), r.stderr)
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "one line: \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
        }
    }
}
