// Names lists as a teacher or a spreadsheet writes them, and every mistake named with its line.
@testable import Draws
import XCTest

final class NamesFileTests: XCTestCase {
    func parse(_ text: String) throws -> [Entry] { try NamesFile.parse(Array(text.utf8), name: "class.txt") }

    func assertProblem(_ bytes: [UInt8], mentions: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try NamesFile.parse(bytes, name: "class.txt"), file: file, line: line) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.hasPrefix("roundel: names 'class.txt': "), message, file: file, line: line)
            XCTAssertTrue(message.contains(mentions), "'\(message)' should mention '\(mentions)'", file: file, line: line)
            XCTAssertFalse(message.contains("\n"), "one line", file: file, line: line)
        }
    }

    func testOneEntryPerLineWithCommentsBlanksAndWeights() throws {
        let entries = try parse("\u{FEFF}# Class 4B\r\nAlice\r\n\r\n  Bob  \nCarol\t3\n민준\t0.5\n   # also a comment\n李华\n")
        XCTAssertEqual(entries.map(\.text), ["Alice", "Bob", "Carol", "민준", "李华"])
        XCTAssertEqual(entries.map(\.weight), [1, 1, 3, 0.5, 1])
        XCTAssertEqual(entries.map(\.stock), [nil, nil, nil, nil, nil])
    }

    func testAnEmptyWeightAfterTheTabMeansOne() throws {
        XCTAssertEqual(try parse("Alice\t\nBob\t 2 \nCat\t3\t\t\n").map(\.weight), [1, 2, 3])
    }

    /// A slice that wins nothing: `no prize` in a field after the text (in any case, before or after
    /// the weight); the text itself may say anything, "no prize" included.
    func testNoPrizeAfterATabMarksASliceThatWinsNothing() throws {
        let entries = try parse("Ann\nTry again\tno prize\nBetter luck\t3\tNo Prize\nSkip\tNO  PRIZE\t0.5\nno prize\nBen\t2\t\n")
        XCTAssertEqual(entries.map(\.text), ["Ann", "Try again", "Better luck", "Skip", "no prize", "Ben"])
        XCTAssertEqual(entries.map(\.prize), [true, false, false, false, true, true])
        XCTAssertEqual(entries.map(\.weight), [1, 1, 3, 0.5, 1, 2])
        assertProblem(Array("Ann\nTry again\tno prize\tno prize\n".utf8), mentions: "line 2 says 'no prize' twice")
        assertProblem(Array("Ann\nTry again\tno prizes\n".utf8),
                      mentions: "line 2: weight 'no prizes' is not a number (use 0 or more, like 2 or 0.5; or 'no prize' for a slice that wins nothing)")
        assertProblem(Array("\tno prize\n".utf8), mentions: "line 1 has 'no prize' but no text before the tab")
    }

    func testMistakesAreNamedWithTheirLine() {
        assertProblem(Array("Alice\nBob\tlots\n".utf8), mentions: "line 2: weight 'lots' is not a number")
        assertProblem(Array("Alice\nBob\t-1\n".utf8), mentions: "line 2: weight '-1' is below 0")
        assertProblem(Array("Bob\tinf\n".utf8), mentions: "weight 'inf'")
        assertProblem(Array("Bob\tnan\n".utf8), mentions: "weight 'nan'")
        assertProblem(Array("Bob\t1\t2\n".utf8), mentions: "line 1 has two weights ('1' and '2')")
        assertProblem(Array("\t2\n".utf8), mentions: "line 1 has a weight but no text")
        assertProblem(Array("Alice\n".utf8) + [0xC3, 0x28, 0x0A], mentions: "line 2 is not UTF-8")
        assertProblem(Array("# nobody\n\n   \n".utf8), mentions: "has no entries")
        assertProblem([], mentions: "has no entries")
        assertProblem(Array("A\t0\nB\t0\n".utf8), mentions: "every weight is 0")
    }

    /// A NUL was taken into a name: the wheel showed "Ben", the record stored "Be" (SQLite stopped at
    /// the NUL) and `history` then called the untouched file altered. Every control character (C0,
    /// DEL, C1) is refused with its line; a tab is the weight's separator, so never in a name.
    func testAControlCharacterInANameIsRefusedWithItsLine() throws {
        XCTAssertThrowsError(try NamesFile.parse(Array("Ann\n# fine\nBe\u{0}n\n".utf8), name: "class.txt")) { error in
            XCTAssertEqual(String(describing: error), "roundel: names 'class.txt': line 3: 'Be\\u{0}n' has a control character "
                           + "(U+0000, NUL), which a name cannot have (save the list as UTF-8 text)")
        }
        for (name, mention) in [("Ev\u{1B}[2Jil", "(U+001B, escape)"), ("Del\u{7F}", "(U+007F, delete)"), ("Nel\u{85}x", "(U+0085, next line)"),
                                ("\u{9B}31m", "(U+009B, CSI)"), ("Bell\u{7}", "(U+0007)"), ("C1 end\u{9F}", "(U+009F)")] {
            assertProblem(Array("Ann\n\(name)\t2\n".utf8), mentions: "line 2: '")
            assertProblem(Array("Ann\n\(name)\n".utf8), mentions: "has a control character \(mention), which a name cannot have")
        }
        // Not control characters: a bidi mark in a Hebrew name, a no-break space, U+00A0 and above.
        XCTAssertEqual(try parse("\u{200F}דנה\nA\u{A0}B\n").map(\.text), ["\u{200F}דנה", "A\u{A0}B"])
    }

    /// Lines end as an editor shows them: LF, CR LF, or a lone CR (classic Mac text), which before
    /// was kept inside one name.
    func testALoneCarriageReturnEndsALine() throws {
        XCTAssertEqual(try parse("Ann\rBen\t2\rCat").map(\.text), ["Ann", "Ben", "Cat"])
        XCTAssertEqual(try parse("Ann\r\n\r\nBen\r\r\n").map(\.text), ["Ann", "Ben"])
        assertProblem(Array("Ann\rBen\rCat\tlots\r".utf8), mentions: "line 3: weight 'lots'")
    }

    /// UTF-16 and UTF-32, either byte order, with a byte order mark or without, read as the same
    /// list. Before, a UTF-16 file without a mark was taken for UTF-8 with NULs: "A\0n\0n\0" and so on.
    func testUTF16AndUTF32ListsAreReadWithOrWithoutAByteOrderMark() throws {
        let list = "# 4B\r\nAnn\r\n김민준\t2\r\nZoë 🎉\r\n가\r\nA\r\n"
        let expected = ["Ann", "김민준", "Zoë 🎉", "가", "A"]
        let encodings: [(String.Encoding, [UInt8])] = [(.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]),
                                                       (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]), (.utf32BigEndian, [0, 0, 0xFE, 0xFF])]
        for (encoding, mark) in encodings {
            let bytes = try XCTUnwrap(list.data(using: encoding).map(Array.init))
            for withMark in [true, false] {
                let entries = try NamesFile.parse((withMark ? mark : []) + bytes, name: "class.txt")
                XCTAssertEqual(entries.map(\.text), expected, "\(encoding), mark: \(withMark)")
                XCTAssertEqual(entries.map(\.weight), [1, 2, 1, 1, 1])
            }
        }
        // Lists a zero-byte guess could take for another encoding: one-letter lines in UTF-16 read as
        // UTF-32 make U+A0041…; one name without a line end (whose UTF-16 read in the other byte
        // order is 䄀渀渀); characters whose code ends in 00 or has a 0A byte.
        for (text, names) in [("A\nB\n", ["A", "B"]), ("A\t2\nB\t1\n", ["A", "B"]), ("Ann", ["Ann"]), ("가\n", ["가"]),
                              ("\u{0A0A}\n", ["\u{0A0A}"])] {
            for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian] {
                let bytes = try XCTUnwrap(text.data(using: encoding).map(Array.init))
                XCTAssertEqual(try NamesFile.parse(bytes, name: "x").map(\.text), names, "\(text.debugDescription) in \(encoding)")
            }
        }
        // A mark the rest does not follow, and a UTF-8 list with one stray NUL (not a UTF-16 guess).
        assertProblem([0xFF, 0xFE, 0x41], mentions: "starts with a UTF-16LE byte order mark but is not UTF-16LE text (save the list as UTF-8)")
        assertProblem([0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x41], mentions: "is not UTF-16BE text")
        assertProblem(Array("Ann\nBen\n\0Cat\nDov\n".utf8), mentions: "line 3: '\\u{0}Cat' has a control character (U+0000, NUL)")
    }

    func testTheEntryAndLineLimits() throws {
        let atLimit = String(repeating: "x\n", count: Entry.limit - 1) + "x"
        XCTAssertEqual(try parse(atLimit).count, Entry.limit)
        assertProblem(Array((atLimit + "\ny").utf8), mentions: "more than 10000 entries (line 10001)")
        // Lines that are not entries (blank, comments) count against the line limit only.
        let blank = String(repeating: "\n", count: NamesFile.lineLimit - 1) + "x"
        XCTAssertEqual(try parse(blank).count, 1)
        assertProblem(Array(("\n" + blank).utf8), mentions: "more than 100000 lines")
    }

    func testFilesThatCannotBeRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, mention) in [(dir.path + "/missing.txt", "no such file"), (dir.path, "is a directory")] {
            XCTAssertThrowsError(try NamesFile.load(path: path)) { error in
                XCTAssertEqual(String(describing: error), "roundel: names '\(path)': \(mention)")
            }
        }
        let fifo = dir.path + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try NamesFile.load(path: fifo)) { error in
            XCTAssertTrue(String(describing: error).hasSuffix("is a FIFO (named pipe), not a regular file"), "\(error)")
        }
        let good = dir.path + "/ok.txt"
        try "Ann\nBen\n".write(toFile: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(try NamesFile.load(path: good).map(\.text), ["Ann", "Ben"])
    }
}
