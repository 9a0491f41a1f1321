// The links of the README and docs/ resolve: a relative link or picture names a file of the
// repository, and a `#section` names a heading of the page it points to (as GitHub makes anchors
// from headings). Code blocks and code spans are not links. Web addresses are not fetched.
import Foundation
import XCTest

/// The links of one markdown page that do not resolve. Pure but for reading the files linked to.
enum DocLinks {
    /// Each broken link of `markdown` (the page at `page`, inside `root`) as "page:line: target: why".
    static func broken(in markdown: String, page: URL, root: URL) -> [String] {
        var problems: [String] = []
        let name = page.path.replacingOccurrences(of: root.path + "/", with: "")
        for (line, target) in targets(markdown) {
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0], anchor = parts.count > 1 ? parts[1] : nil
            let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            guard file.path.hasPrefix(root.path + "/") || file.path == root.path else {
                problems.append("\(name):\(line): \(target): outside the repository")
                continue
            }
            guard FileManager.default.fileExists(atPath: file.path) else {
                problems.append("\(name):\(line): \(target): no such file")
                continue
            }
            if let anchor, file.pathExtension == "md" {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                if !anchors(text).contains(anchor) {
                    problems.append("\(name):\(line): \(target): no heading '#\(anchor)' in \(file.lastPathComponent)")
                }
            }
        }
        return problems
    }

    /// (line, target) of every `[text](target)`, `![alt](target)` and `<img src="target">` outside code.
    static func targets(_ markdown: String) -> [(Int, String)] {
        var found: [(Int, String)] = []
        var inBlock = false
        let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)|<img [^>]*src="([^"]+)""#)
        for (k, raw) in markdown.components(separatedBy: "\n").enumerated() {
            if raw.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inBlock.toggle(); continue }
            if inBlock { continue }
            // Code spans out: `[a](b)` in backticks is text.
            let line = raw.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset % 2 == 0 ? String($0.element) : "" }.joined(separator: " ")
            let ns = line as NSString
            for match in link.matches(in: line, range: NSRange(location: 0, length: ns.length)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                found.append((k + 1, ns.substring(with: range)))
            }
        }
        return found
    }

    /// GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens.
    static func anchors(_ markdown: String) -> Set<String> {
        var result: Set<String> = []
        var inBlock = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard !inBlock, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(String.UnicodeScalarView(title.lowercased().unicodeScalars.compactMap { s in
                s == " " ? "-" : (s == "-" || s == "_" || CharacterSet.alphanumerics.contains(s)) ? s : nil
            }))
            result.insert(slug)
        }
        return result
    }
}

final class DocLinksTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheLinksOfTheReadmeAndDocsResolve() throws {
        let docs = Self.repository.appendingPathComponent("docs")
        let pages = [Self.repository.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
                .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        var links = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            links += DocLinks.targets(text).count
            for problem in DocLinks.broken(in: text, page: page, root: Self.repository) { XCTFail(problem) }
        }
        XCTAssertGreaterThan(links, 50, "the README and docs/ should have their links found")
    }

    /// The checker on pages of our own: each kind of broken link is named with its line.
    func testBrokenLinksAreNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "# Guide\n## The `wheel` and its keys\n".write(to: root.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        try Data().write(to: root.appendingPathComponent("docs/a.png"))
        let page = root.appendingPathComponent("README.md")
        let markdown = """
            # Title
            [ok](docs/guide.md) ![ok](docs/a.png) [ok](docs/guide.md#the-wheel-and-its-keys) [ok](#title) [web](https://example.org/x)
            [gone](docs/missing.md) <img src="docs/b.png" width="4">
            [bad anchor](docs/guide.md#wheel) [up](../elsewhere.md)
            `[code](not/a/link.md)`
            ```
            [block](not/a/link.md)
            ```
            """
        try markdown.write(to: page, atomically: true, encoding: .utf8)
        XCTAssertEqual(DocLinks.broken(in: markdown, page: page, root: root), [
            "README.md:3: docs/missing.md: no such file",
            "README.md:3: docs/b.png: no such file",
            "README.md:4: docs/guide.md#wheel: no heading '#wheel' in guide.md",
            "README.md:4: ../elsewhere.md: outside the repository",
        ])
    }

    func testAnchorsAreGitHubs() {
        XCTAssertEqual(DocLinks.anchors("# roundel-config(5) — the file\n## `wheel`\n### A new event, and a record\n"),
                       ["roundel-config5--the-file", "wheel", "a-new-event-and-a-record"])
    }
}
