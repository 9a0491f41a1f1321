// roundel-config(5) against the config reader: every key the reader accepts (the lists its "unknown
// key" errors come from) is in docs/configuration.md, in its scene's section; and man/roundel-config.5
// is what scripts/md2man.py makes of that file today, so the installed page is never stale. Both
// files are committed: a machine that installs Roundel needs neither python3 nor the script.
import Foundation
import XCTest
@testable import Scenes

final class ConfigReferenceTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sourcePath = "docs/configuration.md", pagePath = "man/roundel-config.5"

    func testEveryKeyTheReaderKnowsIsInTheReference() throws {
        let reference = ConfigReference(markdown: try String(
            contentsOf: Self.repository.appendingPathComponent(Self.sourcePath), encoding: .utf8))
        // (section of the reference, the object the keys belong to, the reader's list)
        let lists: [(section: String, parent: String?, keys: [String])] = [
            ("Settings beside the scenes", nil, ConfigFile.settings),
            ("Settings beside the scenes", "display", ConfigFile.displayKeys),
            ("Settings beside the scenes", "input", ConfigFile.inputKeys),
            ("Settings beside the scenes", "attract", ConfigFile.attractKeys),
            ("Settings beside the scenes", "sound", ConfigFile.soundKeys),
            ("Settings beside the scenes", "text", WordKey.allCases.map(\.rawValue)),
            ("Settings beside the scenes", "title", WheelTitle.knownKeys),
            ("wheel", nil, WheelConfig.knownKeys),
            ("Items", nil, WheelConfig.knownItemKeys),
            ("wheel", "hub", WheelHub.knownKeys),
            ("wheel", "celebration", Celebration.knownKeys),
            ("timer", nil, TimerConfig.knownKeys),
            ("timer", "sequence", TimerConfig.knownStepKeys),
            ("pie", nil, PieConfig.knownKeys),
            ("pie", "slices", PieConfig.knownSliceKeys),
            ("clock", nil, ClockConfig.knownKeys),
        ]
        var checked = 0
        for section in ConfigFile.sections {
            XCTAssertNotNil(reference.section(section), "\(Self.sourcePath) has no section `\(section)`")
        }
        for list in lists {
            guard let text = reference.section(list.section) else {
                XCTFail("\(Self.sourcePath) has no section '\(list.section)'")
                continue
            }
            for key in list.keys {
                checked += 1
                let name = list.parent.map { "\($0).\(key)" } ?? key
                XCTAssertTrue(ConfigReference.mentions(key, of: list.parent, in: text),
                              "\(name): the config reader accepts it, but \(Self.sourcePath) does not document it in '\(list.section)' "
                              + "(give it a row, `\(name)`, then run `make man`)")
            }
        }
        XCTAssertGreaterThan(checked, 90, "the reader's key lists should hold about a hundred keys")
    }

    /// The rule a key is found by, on text of our own: a key's own code span, `parent.key`, or
    /// `"key"` in a code span when it belongs to a nested object.
    func testAKeyIsFoundOnlyAsCode() {
        let m = ConfigReference.mentions
        XCTAssertTrue(m("turns", nil, "| `duration`, `turns` | seconds |"))
        XCTAssertFalse(m("turns", nil, "how many turns it makes"), "prose is not a key's row")
        XCTAssertFalse(m("turn", nil, "`turns`"))
        XCTAssertTrue(m("size", "hub", "`hub.size` (0.1…0.4)"))
        XCTAssertTrue(m("hold", "celebration", "`{\"hold\": 20}`"))
        XCTAssertFalse(m("size", nil, "`hub.size`"), "a top-level key is its own code span")
        XCTAssertTrue(m("display", nil, "| `display.rotate` | 0, 90 |"), "an object is named by its keys")
        XCTAssertFalse(m("items", nil, "```json\n{ \"items\": [] }\n```\n`\"items\": 3`"), "code blocks do not count")
        let reference = ConfigReference(markdown: "# t\n## `wheel`\na `x`\n### Items\nb `y`\n## `timer`\nc `z`\n")
        XCTAssertEqual(reference.section("wheel"), "a `x`\n### Items\nb `y`\n")
        XCTAssertEqual(reference.section("Items"), "b `y`\n")
        XCTAssertNil(reference.section("pie"))
    }

    func testTheManPageIsWhatTheReferenceMakes() throws {
        let made = try Self.run(["python3", "scripts/md2man.py", Self.sourcePath])
        XCTAssertEqual(made.status, 0, "scripts/md2man.py failed: \(made.error)")
        let committed = try String(contentsOf: Self.repository.appendingPathComponent(Self.pagePath), encoding: .utf8)
        guard made.output != committed else { return }
        let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = made.output.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        XCTFail("""
            \(Self.pagePath) is stale: \(Self.sourcePath) makes another page (first difference at line \(line + 1):
              committed: \(line < a.count ? String(a[line]) : "(end)")
              made:      \(line < b.count ? String(b[line]) : "(end)")
            Run `make man` and commit \(Self.pagePath).
            """)
    }

    /// The page as `man` shows it: groff reads it without a warning, and it has its sections.
    func testTheManPageRendersCleanly() throws {
        // -ww: every warning; -P-cbou: plain text, no bold or underline by overstriking.
        let shown = try Self.run(["groff", "-man", "-Tutf8", "-ww", "-rLL=100n", "-P-cbou", Self.pagePath])
        XCTAssertEqual(shown.status, 0)
        XCTAssertEqual(shown.error, "", "groff's warnings about \(Self.pagePath)")
        let text = shown.output
        for heading in ["NAME", "DESCRIPTION", "WHEEL", "TIMER", "PIE", "CLOCK", "SETTINGS BESIDE THE SCENES", "LIMITS", "SEE ALSO"] {
            XCTAssertTrue(text.contains("\n" + heading + "\n"), "the page has no section \(heading)")
        }
        XCTAssertTrue(text.contains("roundel-config - the configuration file of roundel"), String(text.prefix(300)))
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = repository
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }
}

/// docs/configuration.md split at its headings, and the rule a key is documented by.
struct ConfigReference {
    let lines: [String]

    init(markdown: String) {
        lines = markdown.components(separatedBy: "\n")
    }

    /// The text under the heading whose words (backticks aside) are `title`, to the next heading of
    /// its level or above; nil when there is none.
    func section(_ title: String) -> String? {
        func heading(_ line: String) -> (level: Int, title: String)? {
            let level = line.prefix { $0 == "#" }.count
            guard level > 0, line.dropFirst(level).first == " " else { return nil }
            return (level, line.dropFirst(level + 1).replacingOccurrences(of: "`", with: ""))
        }
        guard let start = lines.firstIndex(where: { heading($0)?.title == title }), let level = heading(lines[start])?.level
        else { return nil }
        var end = start + 1
        while end < lines.count, (heading(lines[end])?.level ?? Int.max) > level { end += 1 }
        return lines[(start + 1)..<end].map { $0 + "\n" }.joined()
    }

    /// Whether `text` names `key` in a code span (code blocks aside): `key` itself (or `key.sub` for an
    /// object of settings), `parent.key`, or,
    /// for a key of a nested object, `"key"` inside a span (`{ "label", "duration" }`, `{"hold": 20}`).
    static func mentions(_ key: String, of parent: String?, in text: String) -> Bool {
        var prose: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            if !inBlock { prose.append(line) }
        }
        let spans = prose.joined(separator: "\n").split(separator: "`", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return spans.contains { span in
            if span == key { return true }
            guard let parent else { return span.hasPrefix(key + ".") }  // `display.rotate` names `display`
            return span == "\(parent).\(key)" || span.contains("\"\(key)\"")
        }
    }
}
