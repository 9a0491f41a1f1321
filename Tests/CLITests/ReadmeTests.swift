// README.md's examples, run the way a reader would run them, so the README cannot drift from the binary.
//
// Conventions (the README is the test data):
// - ```console: each `$ ` line is a command, the lines after it (to the next `$ ` line or the block's end)
//   its output, stdout and stderr together. `…` in a line matches any run of characters in that line, a
//   line that is exactly `…` any number of whole lines. Exit status 0, or nonzero if a shown line starts
//   with `roundel: ` (an error is shown).
// - ```sh: each line whose first word is `roundel` runs (after `  #` comments are cut). `roundel` alone
//   and `roundel run …` open the window: they pass if still running after 3 s. Others must exit 0.
//   Other lines (make, sudo, nano, …) are not run.
// - A block whose info string names a file (```json party.json) is written to that file when reached.
// Everything runs in README order in one scratch directory, so later commands see earlier files and draws.
import Foundation
import XCTest

/// README.md's examples as steps, and the matcher for shown output. Pure: no files, no processes.
enum ReadmeExamples {
    enum Step: Equatable {
        /// A fenced block whose info string names a file: its contents, written into the scratch directory.
        case writeFile(name: String, contents: String, line: Int)
        /// A `$ ` line of a console block and the output shown under it.
        case console(command: String, expected: [String], line: Int)
        /// `roundel` or `roundel run …` in an sh block: must still be running after a few seconds.
        case window(command: String, line: Int)
        /// Any other `roundel …` line in an sh block: must exit 0.
        case shCommand(command: String, line: Int)

        var line: Int {
            switch self {
            case let .writeFile(_, _, line), let .console(_, _, line), let .window(_, line), let .shCommand(_, line): line
            }
        }
    }

    /// The steps of a markdown text, in order; `line` is the 1-based line of the command or the opening fence.
    static func parse(_ markdown: String) -> [Step] {
        let lines = markdown.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var steps: [Step] = []
        var i = 0
        while i < lines.count {
            guard let fence = Fence(opening: lines[i]) else { i += 1; continue }
            let fenceLine = i + 1
            var body: [String] = []
            i += 1
            while i < lines.count, !fence.isClosed(by: lines[i]) {
                body.append(String(lines[i].dropFirst(min(fence.indent, lines[i].prefix { $0 == " " }.count))))
                i += 1
            }
            i += 1  // past the closing fence (or the end of the text: an unclosed block runs to the end)
            let words = fence.info.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.count >= 2 {
                steps.append(.writeFile(name: words[1], contents: body.map { $0 + "\n" }.joined(), line: fenceLine))
            } else if words.first == "console" {
                steps += consoleSteps(body, firstLine: fenceLine + 1)
            } else if words.first == "sh" {
                steps += shSteps(body, firstLine: fenceLine + 1)
            }
        }
        return steps
    }

    /// An opening code fence: ``` (or ~~~), any indentation, the info string after it.
    private struct Fence {
        var marker: Character, length: Int, indent: Int, info: String

        init?(opening line: String) {
            indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard let first = rest.first, first == "`" || first == "~" else { return nil }
            marker = first
            length = rest.prefix { $0 == first }.count
            info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
            guard length >= 3, !(marker == "`" && info.contains("`")) else { return nil }
        }

        func isClosed(by line: String) -> Bool {
            let rest = line.drop { $0 == " " }
            let run = rest.prefix { $0 == marker }.count
            return run >= length && rest.dropFirst(run).allSatisfy(\.isWhitespace)
        }
    }

    private static func consoleSteps(_ body: [String], firstLine: Int) -> [Step] {
        var steps: [Step] = []
        var command: (text: String, line: Int)?
        var shown: [String] = []
        func flush() {
            if let command { steps.append(.console(command: command.text, expected: shown, line: command.line)) }
        }
        for (k, text) in body.enumerated() {
            if text.hasPrefix("$ ") {
                flush()
                command = (text.dropFirst(2).trimmingCharacters(in: .whitespaces), firstLine + k)
                shown = []
            } else if command != nil {
                shown.append(text)  // lines before the first `$ ` belong to no command
            }
        }
        flush()
        return steps
    }

    private static func shSteps(_ body: [String], firstLine: Int) -> [Step] {
        body.enumerated().compactMap { k, text in
            let command = stripComment(text)
            let words = command.split(whereSeparator: \.isWhitespace)
            guard words.first == "roundel" else { return nil }
            return words.count == 1 || words[1] == "run"
                ? .window(command: command, line: firstLine + k) : .shCommand(command: command, line: firstLine + k)
        }
    }

    /// An sh line without its comment: everything from the first `  #` on, or all of it if it starts
    /// with `#`; trimmed. A single space before `#` is no comment (`--color #FF0000`).
    static func stripComment(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") { return "" }
        let code = line.range(of: "  #").map { line[..<$0.lowerBound] } ?? line[...]
        return code.trimmingCharacters(in: .whitespaces)
    }

    /// Whether a console command shows an error, so it must exit nonzero.
    static func showsError(_ expected: [String]) -> Bool { expected.contains { $0.hasPrefix("roundel: ") } }

    /// Whether output lines are what the README shows, trailing empty lines aside. A shown line `…`
    /// matches zero or more whole lines: which number is found by trying every one (a table of
    /// "shown[i...] matches actual[j...]", the memoized form of backtracking, so no case is exponential).
    static func matches(expected: [String], actual: [String]) -> Bool {
        let shown = droppingTrailingEmptyLines(expected), actual = droppingTrailingEmptyLines(actual)
        var below = [Bool](repeating: false, count: actual.count + 1)  // row i + 1 of the table
        below[actual.count] = true
        for i in shown.indices.reversed() {
            var row = [Bool](repeating: false, count: actual.count + 1)
            for j in (0...actual.count).reversed() {
                row[j] = shown[i] == "…"
                    ? below[j] || (j < actual.count && row[j + 1])
                    : j < actual.count && below[j + 1] && lineMatches(pattern: shown[i], line: actual[j])
            }
            below = row
        }
        return below[0]
    }

    /// One line against a shown line: `…` matches any run of characters (none included), everything
    /// else literally.
    static func lineMatches(pattern: String, line: String) -> Bool {
        let parts = pattern.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
        guard parts.count > 1 else { return pattern == line }
        let chars = Array(line), head = parts[0], tail = parts[parts.count - 1]
        guard chars.count >= head.count + tail.count, chars.starts(with: head), chars.suffix(tail.count).elementsEqual(tail)
        else { return false }
        // The middle parts in order, each as early as it occurs: the leftmost choice never loses.
        var from = head.count
        let end = chars.count - tail.count
        for part in parts.dropFirst().dropLast() {
            guard let at = (from...end).first(where: { $0 + part.count <= end && chars[$0..<$0 + part.count].elementsEqual(part) })
            else { return false }
            from = at + part.count
        }
        return true
    }

    static func droppingTrailingEmptyLines(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    static func lines(_ output: String) -> [String] {
        output.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }
}

/// Runs steps in order in one scratch directory, with the environment a reader's shell would give them,
/// and collects every failure (it never stops at the first).
struct ReadmeRunner {
    let scratch: URL
    let environment: [String: String]
    /// The name failures are reported against.
    var source = "README.md"
    var commandTimeout: TimeInterval = 180
    /// How long a window command must stay up.
    var windowSeconds: TimeInterval = 3

    struct Report {
        var failures: [String] = []
        var console = 0, sh = 0, windows = 0, files = 0
        var summary: String {
            "\(console) console commands, \(sh) sh commands run (\(windows) windows), \(files) files written, \(failures.count) failed"
        }
    }

    /// Prepares `scratch` (an existing, empty directory): `assets` → the repository's, a home of its own.
    init(scratch: URL, repository: URL, products: URL) throws {
        self.scratch = scratch
        let fm = FileManager.default
        let home = scratch.appendingPathComponent("home"), state = home.appendingPathComponent(".local/state")
        try fm.createDirectory(at: state, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: scratch.appendingPathComponent("assets"),
                                  withDestinationURL: repository.appendingPathComponent("assets"))
        // Nothing of the caller's that changes what roundel prints: its locale, hooks, systemd socket.
        var env = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("ROUNDEL_") && !key.hasPrefix("LC_") && key != "NOTIFY_SOCKET"
        }
        env["PATH"] = products.path + (env["PATH"].map { ":" + $0 } ?? "")
        env["HOME"] = home.path
        env["XDG_STATE_HOME"] = state.path
        env["TZ"] = "UTC"
        env["LANG"] = "C.UTF-8"
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"
        environment = env
    }

    func run(_ steps: [ReadmeExamples.Step]) -> Report {
        var report = Report()
        for step in steps {
            let at = "\(source):\(step.line)"
            switch step {
            case let .writeFile(name, contents, _):
                guard !name.isEmpty, name != ".", !name.contains("/"), !name.contains("..") else {
                    report.failures.append("\(at): refusing to write '\(name)': a file block's name must be a plain file name")
                    continue
                }
                do {
                    try Data(contents.utf8).write(to: scratch.appendingPathComponent(name))
                    report.files += 1
                } catch {
                    report.failures.append("\(at): cannot write '\(name)': \(error)")
                }

            case let .console(command, expected, _):
                report.console += 1
                let r = shell(command)
                var problems: [String] = []
                if r.timedOut {
                    problems.append("did not finish within \(Int(commandTimeout)) s and was killed")
                } else if ReadmeExamples.showsError(expected) {
                    if r.status == 0 { problems.append("exit status 0, but an error ('roundel: …') is shown") }
                } else if r.status != 0 {
                    problems.append("exit status \(r.status), expected 0")
                }
                if !ReadmeExamples.matches(expected: expected, actual: ReadmeExamples.lines(r.output)) {
                    problems.append("output differs")
                }
                if !problems.isEmpty {
                    report.failures.append("""
                        \(at): $ \(command)
                          \(problems.joined(separator: "; "))
                          expected:
                        \(Self.block(ReadmeExamples.droppingTrailingEmptyLines(expected)))
                          actual (exit status \(r.status)):
                        \(Self.block(ReadmeExamples.droppingTrailingEmptyLines(ReadmeExamples.lines(r.output))))
                        """)
                }

            case let .window(command, _):
                report.sh += 1
                report.windows += 1
                let r = shell(command, window: windowSeconds)
                if !r.wasRunning {
                    report.failures.append("""
                        \(at): \(command)
                          a window command, but it exited (status \(r.status)) within \(Int(windowSeconds)) s; its output:
                        \(Self.block(ReadmeExamples.lines(r.output)))
                        """)
                }

            case let .shCommand(command, _):
                report.sh += 1
                let r = shell(command)
                if r.timedOut || r.status != 0 {
                    report.failures.append("""
                        \(at): \(command)
                          \(r.timedOut ? "did not finish within \(Int(commandTimeout)) s and was killed" : "exit status \(r.status), expected 0"); its output:
                        \(Self.block(ReadmeExamples.lines(r.output)))
                        """)
                }
            }
        }
        return report
    }

    /// Lines indented and marked, so blank lines and trailing spaces show; long output cut.
    static func block(_ lines: [String], limit: Int = 60) -> String {
        guard !lines.isEmpty else { return "    (nothing)" }
        var shown = lines.prefix(limit).map { "    | " + $0 }
        if lines.count > limit { shown.append("    … \(lines.count - limit) more lines") }
        return shown.joined(separator: "\n")
    }

    struct Outcome { var status: Int32 = 0, output = "", timedOut = false, wasRunning = false }

    /// `/bin/bash -c command` in the scratch directory, stdout and stderr into one pipe. Without `window`
    /// it runs to its end (killed after `commandTimeout`); with it, it is stopped after that many seconds
    /// if still running (`wasRunning`).
    func shell(_ command: String, window: TimeInterval? = nil) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = scratch
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch { return Outcome(status: -1, output: "cannot start /bin/bash: \(error)") }
        let reader = PipeReader(pipe.fileHandleForReading)

        var outcome = Outcome()
        if exited.wait(timeout: .now() + (window ?? commandTimeout)) == .timedOut {
            if window != nil { outcome.wasRunning = true } else { outcome.timedOut = true }
            Self.signal(process, SIGTERM)
            if exited.wait(timeout: .now() + 2) == .timedOut {
                Self.signal(process, SIGKILL)
                exited.wait()
            }
        }
        // Something left in the background may still hold the pipe: end the command's process group.
        if !reader.finished(within: 2) {
            Self.signal(process, SIGKILL)
            _ = reader.finished(within: 5)
        }
        process.waitUntilExit()
        outcome.status = process.terminationStatus
        outcome.output = reader.text
        return outcome
    }

    /// Foundation's Process starts each child in a process group of its own: signal all of it (bash and
    /// whatever it started), or just the child if that group is gone.
    private static func signal(_ process: Process, _ signal: Int32) {
        if kill(-process.processIdentifier, signal) != 0 { kill(process.processIdentifier, signal) }
    }
}

/// Reads a pipe to its end on a thread of its own, so a chatty command never blocks on a full pipe and a
/// stopped one still shows what it printed.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
            done.signal()
        }
    }

    /// Whether the pipe reached its end within `seconds` (call again only after a `false`).
    func finished(within seconds: TimeInterval) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

final class ReadmeTests: XCTestCase {
    typealias Step = ReadmeExamples.Step

    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func makeRunner() throws -> ReadmeRunner {
        try ReadmeRunner(scratch: scratch, repository: Self.repository,
                         products: RoundelBinary().binary.deletingLastPathComponent())
    }

    // MARK: The real README and docs

    /// The pages whose examples run, each in a scratch directory of its own (README.md's runs in README
    /// order; a page that needs files makes them itself).
    static let pages = ["README.md", "docs/configuration.md", "docs/window.md", "docs/raffle.md",
                        "docs/kiosk.md", "docs/headless.md"]

    func testEveryReadmeExampleRunsAsShown() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let report = try makeRunner().run(ReadmeExamples.parse(readme))
        print("README.md examples: \(report.summary)")
        // A parser that finds nothing would pass everything.
        XCTAssertGreaterThanOrEqual(report.console, 5, "README.md should show at least 5 `$ ` commands in ```console blocks")
        XCTAssertGreaterThanOrEqual(report.sh, 1, "README.md should have at least one `roundel` line in an ```sh block")
        for failure in report.failures { XCTFail(failure) }
    }

    /// The guides in docs/ (the configuration reference, roundel-config(5), among them) run as shown too.
    func testEveryDocsExampleRunsAsShown() throws {
        var console = 0
        for page in Self.pages.dropFirst() {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
            let scratch = self.scratch.appendingPathComponent(page.replacingOccurrences(of: "/", with: "-"))
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            var runner = try ReadmeRunner(scratch: scratch, repository: Self.repository,
                                          products: RoundelBinary().binary.deletingLastPathComponent())
            runner.source = page
            let report = runner.run(ReadmeExamples.parse(text))
            print("\(page) examples: \(report.summary)")
            console += report.console
            for failure in report.failures { XCTFail(failure) }
        }
        XCTAssertGreaterThanOrEqual(console, 20, "docs/ should show at least 20 `$ ` commands in ```console blocks")
    }

    // MARK: The parser

    func testParserReadsConsoleShAndFileBlocksInOrder() {
        let markdown = """
            # Title
            ```json party.json
            {"wheel": {"items": ["Ann", "Ben"]}}
            ```
            ```console
            $ roundel --version
            roundel …

            $ roundel render teapot --out x.png
            roundel: unknown scene 'teapot'
            ```
            ```sh
            make run     # build and open the window
            # roundel render wheel --out commented.png
            roundel
            roundel run --names class.txt   # the window
            roundel render wheel --size 64x64 --out x.png  # a comment
            roundel render wheel --pointer-color #FF0000 --out y.png
              roundel history --state s.db
            $ roundel spin
            ```
            ```text
            $ roundel not-run
            ```
            ```
            roundel not-run-either
            ```
            - a list item:
              ```text class.txt
              Ann
              Ben
              ```
            """
        XCTAssertEqual(ReadmeExamples.parse(markdown), [
            .writeFile(name: "party.json", contents: "{\"wheel\": {\"items\": [\"Ann\", \"Ben\"]}}\n", line: 2),
            .console(command: "roundel --version", expected: ["roundel …", ""], line: 6),
            .console(command: "roundel render teapot --out x.png", expected: ["roundel: unknown scene 'teapot'"], line: 9),
            .window(command: "roundel", line: 15),
            .window(command: "roundel run --names class.txt", line: 16),
            .shCommand(command: "roundel render wheel --size 64x64 --out x.png", line: 17),
            .shCommand(command: "roundel render wheel --pointer-color #FF0000 --out y.png", line: 18),
            .shCommand(command: "roundel history --state s.db", line: 19),
            .writeFile(name: "class.txt", contents: "Ann\nBen\n", line: 29),
        ])
    }

    func testCommentsAreCutFromShLines() {
        XCTAssertEqual(ReadmeExamples.stripComment("roundel trace wheel --fps 60     # CSV: t,rotation"), "roundel trace wheel --fps 60")
        XCTAssertEqual(ReadmeExamples.stripComment("  # roundel render wheel --out x.png"), "")
        XCTAssertEqual(ReadmeExamples.stripComment("roundel x --color #FF0000 "), "roundel x --color #FF0000")
        XCTAssertEqual(ReadmeExamples.stripComment("roundel a  # one  # two"), "roundel a")
    }

    func testAShownErrorMeansANonzeroStatus() {
        XCTAssertTrue(ReadmeExamples.showsError(["roundel: config 'party.json': …"]))
        XCTAssertTrue(ReadmeExamples.showsError(["{…}", "roundel: nothing left to win"]))
        XCTAssertFalse(ReadmeExamples.showsError(["roundel 0.9.0", " roundel: indented", "error: roundel: x"]))
    }

    // MARK: The matcher

    func testAnEllipsisInALineMatchesAnyRunOfCharacters() {
        let m = ReadmeExamples.lineMatches
        XCTAssertTrue(m("{\"t\":8,\"rotation\":…,\"state\":\"stopped\"}", "{\"t\":8,\"rotation\":1475.716541,\"state\":\"stopped\"}"))
        XCTAssertTrue(m("roundel …", "roundel 0.9.0"))
        XCTAssertTrue(m("roundel …", "roundel "), "… matches nothing too")
        XCTAssertTrue(m("…", ""))
        XCTAssertTrue(m("a…b…c", "abc"))
        XCTAssertTrue(m("a…b…c", "a-b-b-c"))
        XCTAssertTrue(m("…1,000원…", "text: 1,000원 won"), "not only ASCII")
        XCTAssertFalse(m("a…b…c", "acb"), "parts in order")
        XCTAssertFalse(m("ab…ba", "aba"), "head and tail may not overlap")
        XCTAssertFalse(m("roundel …", "Roundel 0.9.0"))
        XCTAssertFalse(m("a.c", "abc"), "no regex")
        XCTAssertFalse(m("x*", "xx"), "no glob but …")
        XCTAssertFalse(m("abc", "abc "), "literal to the end")
    }

    func testAnEllipsisLineMatchesZeroOrMoreWholeLines() {
        let m = ReadmeExamples.matches
        XCTAssertTrue(m(["a", "…", "b"], ["a", "b"]), "zero lines")
        XCTAssertTrue(m(["a", "…", "b"], ["a", "1", "2", "3", "b"]), "several lines")
        XCTAssertTrue(m(["…", "x", "y"], ["x", "y", "x", "y"]), "the first x is not the one: backtrack")
        XCTAssertTrue(m(["a", "…"], ["a"]))
        XCTAssertTrue(m(["…"], []))
        XCTAssertTrue(m(["t,rotation…", "…", "…,rest"], ["t,rotation,phase", "0,0,push", "1,5,rest"]))
        XCTAssertFalse(m(["a", "…", "b"], ["a", "1", "2"]), "b never comes")
        XCTAssertFalse(m(["…", "b", "…", "a"], ["a", "b"]))
    }

    func testOutputMustBeWhatIsShownLineForLine() {
        let m = ReadmeExamples.matches
        XCTAssertTrue(m(["a", "b"], ["a", "b"]))
        XCTAssertTrue(m(["a", ""], ["a", "", ""]), "trailing empty lines do not count")
        XCTAssertTrue(m([], [""]))
        XCTAssertFalse(m(["a", "b"], ["a", "c"]), "a different line")
        XCTAssertFalse(m(["a"], ["a", "b"]), "a line more")
        XCTAssertFalse(m(["a", "b"], ["a"]), "a line fewer")
        XCTAssertFalse(m(["a", "", "b"], ["a", "b"]), "an empty line inside counts")
        XCTAssertFalse(m([], ["a"]))
    }

    // MARK: The runner, against a README of our own

    /// Commands really run, in one directory, and every kind of mismatch is reported with its line.
    func testTheRunnerRunsCommandsAndReportsEveryMismatch() throws {
        let markdown = """
            ```json party.json
            {"wheel": {"items": ["Ann", "Ben"]}}
            ```
            ```sh
            roundel render wheel --size 64x64 --config party.json --out x.png   # writes x.png
            roundel render teapot --out y.png
            roundel run --size 64x48
            roundel run --bogus
            ```
            ```console
            $ roundel --version
            roundel …
            $ ls *.png
            x.png
            $ roundel --version
            roundel 0.0.0-not-this
            $ roundel render teapot --out y.png
            roundel: …
            $ echo 'roundel: not an error'
            roundel: not an error
            $ echo one; echo two >&2; echo three
            one
            …
            ```
            ```text ../escape.txt
            no
            ```
            """
        var runner = try makeRunner()
        runner.windowSeconds = 1.5
        let report = runner.run(ReadmeExamples.parse(markdown))
        XCTAssertEqual(report.summary, "6 console commands, 4 sh commands run (2 windows), 1 files written, 5 failed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("x.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("../escape.txt").path))
        let failures = report.failures
        guard failures.count == 5 else { return XCTFail(failures.joined(separator: "\n")) }
        XCTAssertTrue(failures[0].hasPrefix("README.md:6: roundel render teapot --out y.png\n  exit status 2, expected 0"), failures[0])
        XCTAssertTrue(failures[0].contains("| roundel: unknown scene 'teapot'"), failures[0])
        XCTAssertTrue(failures[1].hasPrefix("README.md:8: roundel run --bogus\n  a window command, but it exited"), failures[1])
        XCTAssertTrue(failures[2].hasPrefix("README.md:15: $ roundel --version\n  output differs"), failures[2])
        XCTAssertTrue(failures[2].contains("| roundel 0.0.0-not-this") && failures[2].contains("actual (exit status 0):\n    | roundel "), failures[2])
        XCTAssertTrue(failures[3].hasPrefix("README.md:19: $ echo 'roundel: not an error'\n  exit status 0, but an error"), failures[3])
        XCTAssertTrue(failures[4].hasPrefix("README.md:25: refusing to write '../escape.txt'"), failures[4])
    }
}
