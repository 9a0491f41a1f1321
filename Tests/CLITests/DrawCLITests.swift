// `roundel spin`, `history` and `reset` as a script or an event host runs them: one JSON line a
// draw, exit 3 when nothing can win, every draw in the history, and every mistake one line naming
// the file, exit 2, with nothing written.
import CSQLite
import Draws
import Foundation
import XCTest

final class DrawCLITests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-draws-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// history and reset find the record through a config's `state`, as spin does.
    func testHistoryAndResetTakeTheConfigsState() throws {
        let config = try write(#"{"wheel": {"items": ["Ann", "Ben"]}, "state": "fair.db"}"#, "fair.json")
        XCTAssertEqual(try cli.run(["spin", "--config", config, "--seed", "4"]).status, 0)
        let history = try cli.run(["history", "--config", config, "--json"])
        XCTAssertEqual(history.status, 0, history.stderr)
        XCTAssertEqual(history.stdout.split(separator: "\n").count, 1, "the one draw of fair.db")
        let reset = try cli.run(["reset", "--config", config, "--yes"])
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertTrue((reset.stdout + reset.stderr).contains("fair.db"), reset.stdout + reset.stderr)
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func json(_ line: Substring) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
    }

    /// Spins until exit 3; returns the JSON of every draw.
    func spinUntilNothingLeft(_ arguments: [String], limit: Int = 100) throws -> [[String: Any]] {
        var draws: [[String: Any]] = []
        for _ in 0..<limit {
            let r = try cli.run(["spin"] + arguments)
            if r.status == 3 {
                XCTAssertEqual(r.stdout, "")
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
                return draws
            }
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, r.stdout)
            draws.append(try json(lines[0]))
        }
        XCTFail("never ran out")
        return draws
    }

    func testRemoveModeOverTenNamesGivesTenDistinctWinnersThenExitThree() throws {
        let names = try write((1...10).map { "Pupil \($0)" }.joined(separator: "\n") + "\n", "class.txt")
        let config = try write(#"{"wheel": {"afterWin": "remove"}}"#, "c.json")
        let db = dir + "/class.db"
        let draws = try spinUntilNothingLeft(["--config", config, "--names", names, "--state", db])
        XCTAssertEqual(draws.count, 10)
        let winners = draws.compactMap { ($0["result"] as? [String: Any])?["text"] as? String }
        XCTAssertEqual(Set(winners).count, 10, "ten distinct winners")
        XCTAssertEqual(draws.compactMap { $0["draw"] as? Int }, Array(1...10))
        XCTAssertEqual(draws.compactMap { $0["remaining"] as? Int }, Array((0...9).reversed()))
        let last = try cli.run(["spin", "--config", config, "--names", names, "--state", db])
        XCTAssertEqual(last.status, 3)
        XCTAssertEqual(last.stderr, "roundel: no entries left: every entry has won and left the wheel (state '\(db)')\n")
    }

    func testStockThreeTwoOneGivesExactlyThoseCounts() throws {
        let config = try write(#"{"wheel": {"items": [{"text": "Mug", "stock": 3}, {"text": "Pen", "stock": 2, "weight": 4}, {"text": "Bike", "stock": 1, "weight": 0.1}]}, "state": "prizes.db"}"#, "prizes.json")
        let draws = try spinUntilNothingLeft(["--config", config])
        let texts = draws.compactMap { ($0["result"] as? [String: Any])?["text"] as? String }
        XCTAssertEqual(texts.filter { $0 == "Mug" }.count, 3)
        XCTAssertEqual(texts.filter { $0 == "Pen" }.count, 2)
        XCTAssertEqual(texts.filter { $0 == "Bike" }.count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/prizes.db"), "the config's state, next to it")
        let last = try cli.run(["spin", "--config", config])
        XCTAssertEqual(last.stderr, "roundel: no prizes left: every prize is sold out (state '\(dir)/prizes.db')\n")

        // History: every draw, oldest first, in three forms.
        let history = try cli.run(["history", "--state", dir + "/prizes.db", "--json"], environment: ["TZ": "UTC"])
        XCTAssertEqual(history.status, 0, history.stderr)
        let rows = try history.stdout.split(separator: "\n").map(json)
        XCTAssertEqual(rows.count, 6)
        for (k, row) in rows.enumerated() {
            for key in ["draw", "time", "round", "index", "text", "value"] { XCTAssertNotNil(row[key], "\(key) in \(row)") }
            XCTAssertEqual(row["draw"] as? Int, k + 1)
            XCTAssertEqual(row["text"] as? String, texts[k])
            XCTAssertTrue((row["time"] as? String)?.hasSuffix("+00:00") == true, "\(row)")
        }
        let csv = try cli.run(["history", "--state", dir + "/prizes.db", "--csv"])
        XCTAssertTrue(csv.stdout.hasPrefix("draw,time,event,round,index,text,value,"), csv.stdout)
        XCTAssertEqual(csv.stdout.split(separator: "\r\n").count, 7)
        let table = try cli.run(["history", "--state", dir + "/prizes.db"])
        XCTAssertTrue(table.stdout.contains("Event 1\n"), table.stdout)
        XCTAssertEqual(table.stdout.components(separatedBy: "Mug").count - 1, 3)

        // A new event: every prize back; the history keeps both.
        XCTAssertEqual(try cli.run(["reset", "--state", dir + "/prizes.db"]).status, 2, "needs --yes")
        let reset = try cli.run(["reset", "--state", dir + "/prizes.db", "--yes"])
        XCTAssertEqual(reset.stdout, "roundel: event 2 started in '\(dir)/prizes.db' (event 1 closed after 6 draws)\n")
        XCTAssertEqual(try spinUntilNothingLeft(["--config", config]).count, 6)
        let both = try cli.run(["history", "--state", dir + "/prizes.db", "--json"])
        let events = try both.stdout.split(separator: "\n").map(json).map { $0["event"] as? Int }
        XCTAssertEqual(events, Array(repeating: 1, count: 6) + Array(repeating: 2, count: 6))
        XCTAssertTrue(both.stdout.contains("\"eventClosed\":true"))
    }

    func testSeededDrawsRepeatAndForcedOnesSaySo() throws {
        let names = try write("Ann\nBen\nCat\nDov\nEli\n", "n.txt")
        func sequence(_ db: String) throws -> [String] {
            try (0..<4).map { _ in
                let r = try cli.run(["spin", "--names", names, "--state", db, "--seed", "77"])
                return try XCTUnwrap((try json(r.stdout.split(separator: "\n")[0])["result"] as? [String: Any])?["text"] as? String)
            }
        }
        XCTAssertEqual(try sequence(dir + "/a.db"), try sequence(dir + "/b.db"))
        let forced = try cli.run(["spin", "--names", names, "--state", dir + "/c.db", "--spin-to", "3"])
        XCTAssertTrue(forced.stdout.contains("\"text\":\"Dov\""), forced.stdout)
        let history = try cli.run(["history", "--state", dir + "/c.db", "--json"])
        XCTAssertTrue(history.stdout.contains("\"chosenBy\":\"forced\""), history.stdout)
        try cli.assertUserError(["spin", "--names", names, "--state", dir + "/c.db", "--spin-to", "5"], mentions: "--spin-to '5'")
    }

    /// A draw made by `spin` is recorded with where the wheel stops, as the window records its own:
    /// a window opened on the state then shows the pointer on the winner (`WheelDrawTests` checks the
    /// rotations are the window's; before, `spin` recorded none and the wheel stood at 0).
    func testSpinRecordsWhereTheWheelStops() throws {
        let names = try write("Ann\nBen\nCat\n", "n.txt")
        for _ in 0..<2 { XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", dir + "/r.db", "--seed", "5"]).status, 0) }
        XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", dir + "/r.db", "--spin-to", "1"]).status, 0)
        let records = try Ledger.openForReading(path: dir + "/r.db").history()
        XCTAssertEqual(records.count, 3)
        for r in records { XCTAssertNotNil(r.rotation, "draw \(r.draw)") }
    }

    /// A record edited after it was written: history prints the draws as they are now, then one line
    /// on stderr saying which draw changed, and exits 1 (documented), not 0 as if all were well.
    func testHistoryOfAnAlteredRecordSaysSoAndExitsOne() throws {
        let names = try write("Ann\nBen\nCat\n", "n.txt")
        for _ in 0..<2 { XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", dir + "/t.db", "--seed", "5"]).status, 0) }
        XCTAssertEqual(try cli.run(["history", "--state", dir + "/t.db"]).status, 0)
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(dir + "/t.db", &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "UPDATE draws SET text = 'Mallory' WHERE draw = 1;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(db)
        let history = try cli.run(["history", "--state", dir + "/t.db"])
        XCTAssertEqual(history.status, 1)
        XCTAssertTrue(history.stdout.contains("Mallory"), history.stdout)
        XCTAssertEqual(history.stderr, "roundel: state '\(dir)/t.db': the record was altered after it was written: "
                       + "draw 1 was changed after it was recorded\n")
    }

    /// Runs `statements` on the file as someone with the sqlite3 shell would.
    func edit(_ path: String, _ statements: String, file: StaticString = #filePath, line: UInt = #line) {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &db), SQLITE_OK, file: file, line: line)
        XCTAssertEqual(sqlite3_exec(db, statements, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(db)), file: file, line: line)
        sqlite3_close(db)
    }

    /// One deleted draw is named as one: "draw 2 is missing", not "draws 2…2 are missing (and 1 more)",
    /// whose "more" was the draw after it, chained to the deleted one as it should be. A second
    /// alteration counts as one more problem.
    func testHistoryNamesAMissingDrawOnce() throws {
        let names = try write("Ann\nBen\nCat\n", "n.txt")
        let db = dir + "/t.db"
        for _ in 0..<4 { XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", db, "--seed", "5"]).status, 0) }
        edit(db, "DELETE FROM draws WHERE draw = 2;")
        let one = try cli.run(["history", "--state", db])
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.stderr, "roundel: state '\(db)': the record was altered after it was written: draw 2 is missing\n")
        edit(db, "UPDATE draws SET text = 'Mallory' WHERE draw = 4;")
        let two = try cli.run(["history", "--state", db])
        XCTAssertEqual(two.status, 1)
        XCTAssertEqual(two.stderr, "roundel: state '\(db)': the record was altered after it was written: "
                       + "draw 2 is missing (and 1 more problem)\n")
    }

    /// The newest draw deleted went unnoticed (history listed the rest, exit 0) and the next spin
    /// recorded a second draw of the same number. Now history says which draw is missing and exits 1,
    /// and spin refuses to draw into the altered record (exit 1, one line naming the missing draw):
    /// no number is given twice, and the file is left as it is.
    func testDeletingTheNewestDrawShowsAndNoDrawIsMadeIntoTheAlteredRecord() throws {
        let config = try write(#"{"wheel": {"items": [{"text": "Mug", "stock": 5}, {"text": "Pen", "stock": 5}, "Try again"]}, "state": "kill.db"}"#, "kill.json")
        let db = dir + "/kill.db"
        for _ in 0..<3 { XCTAssertEqual(try cli.run(["spin", "--config", config, "--spin-to", "0"]).status, 0) }
        edit(db, "DELETE FROM draws WHERE draw = 3;")
        let history = try cli.run(["history", "--state", db])
        XCTAssertEqual(history.status, 1)
        XCTAssertEqual(history.stderr, "roundel: state '\(db)': the record was altered after it was written: draw 3 is missing\n")

        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let spin = try cli.run(["spin", "--config", config, "--spin-to", "0"])
        XCTAssertEqual(spin.status, 1, spin.stderr)
        XCTAssertEqual(spin.stdout, "")
        XCTAssertTrue(spin.stderr.hasPrefix("roundel: state '\(db)': the record was altered or lost draws, so no draw is made into it: draw 3 is missing;"),
                      spin.stderr)
        XCTAssertEqual(spin.stderr.filter { $0 == "\n" }.count, 1, spin.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "nothing written")
        let after = try cli.run(["history", "--state", db, "--json"])
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(try after.stdout.split(separator: "\n").map(json).compactMap { $0["draw"] as? Int }, [1, 2])
        XCTAssertTrue(after.stderr.hasSuffix(": draw 3 is missing\n"), after.stderr)
    }

    /// The table lines up under Chinese, Korean and accented names: a wide character takes two
    /// terminal columns and a combining accent none. Before, each counted one, so the value and stock
    /// after a three-character Chinese name sat three columns right of the others'. (A slice that is
    /// no prize gives the table a column after the names: a class list has no value or stock.)
    func testHistoryTableLinesUpUnderWideAndAccentedNames() throws {
        let names = try write("王小明\n김민준\nBenjamin Li\nJose\u{301}\tno prize\n", "n.txt")
        for i in 0..<4 {
            XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", dir + "/w.db", "--spin-to", String(i)]).status, 0)
        }
        let table = try cli.run(["history", "--state", dir + "/w.db"])
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, table.stdout)
        // After the draw, time and round (34 columns, all ASCII), the winner takes 11 columns, the
        // widest name's ("Benjamin Li"; 王小明 and 김민준 take 6, José 4).
        XCTAssertEqual(String(lines[1].dropFirst(34)), "winner       prize")
        for (line, name) in zip(lines[2...], ["王小明       yes", "김민준       yes", "Benjamin Li  yes", "Jose\u{301}         no"]) {
            XCTAssertEqual(String(line.dropFirst(34)), name, line)
        }
    }

    /// Draws of `names`, forced to each index in turn, recorded through the library as a Roundel
    /// before names refused control characters recorded them (the command line now refuses such names).
    func recordDraws(of names: [String], in path: String) throws {
        let raffle = try Raffle(entries: names.map { Entry(text: $0, stock: 1) }, ledger: try Ledger.open(path: path))
        for i in names.indices { _ = try raffle.record(try raffle.choose(forcing: i)) }
    }

    /// A name with control characters (an escape sequence, a tab) is shown escaped in the table: it
    /// neither acts on the terminal of whoever reads the history nor breaks its columns.
    func testHistoryTableEscapesControlCharactersInNames() throws {
        try recordDraws(of: ["Ev\u{1B}[2Jil", "Tab\there"], in: dir + "/e.db")
        let table = try cli.run(["history", "--state", dir + "/e.db"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertFalse(table.stdout.contains("\u{1B}") || table.stdout.contains("\t"), table.stdout)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { String($0.dropFirst(34)) }.dropFirst(2),
                       [#"Ev\u{1B}[2Jil     0"#, #"Tab\there         0"#])
    }

    /// `history --csv` passed a name's escape sequences to the terminal raw, and `--json` its DEL, C1
    /// controls and bidi overrides. Now CSV shows them as visible escapes (RFC 4180 quoting and the
    /// formula apostrophe kept) and JSON as \u escapes that read back as the exact name.
    func testHistoryInCSVAndJSONIsSafeToPrint() throws {
        let names = ["Ev\u{1B}[2Jil", "\u{202E}lieve", "Tab\there", #"=HYPERLINK("x")"#, "Del\u{7F}", "C1\u{9B}31m",
                     "\u{2067}אבי\u{2069}", "דנה\u{200F}", #"a,b "q""#, "Line\nbreak", "Arabic\u{61C}mark"]
        try recordDraws(of: names, in: dir + "/h.db")
        // What would act on a terminal: control characters (but the output's own line ends), bidi controls.
        func acting(_ text: String, marks: Bool) -> [Unicode.Scalar] {
            text.replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: "\n", with: "").unicodeScalars.filter { u in
                u.value < 0x20 || (0x7F...0x9F).contains(u.value) || (0x202A...0x202E).contains(u.value)
                    || (0x2066...0x2069).contains(u.value) || (marks && [0x200E, 0x200F, 0x061C].contains(u.value))
            }
        }

        let csv = try cli.run(["history", "--state", dir + "/h.db", "--csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(acting(csv.stdout, marks: false), [], csv.stdout)
        let texts = csv.stdout.components(separatedBy: "\r\n").dropFirst().dropLast().map { row in
            // The text is the sixth of 18 fields; only it can hold a comma (and then it is quoted).
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            return fields[5..<(fields.count - 12)].joined(separator: ",")
        }
        XCTAssertEqual(texts, [#"Ev\u{1B}[2Jil"#, #"\u{202E}lieve"#, #"Tab\there"#, #""'=HYPERLINK(""x"")""#, #"Del\u{7F}"#,
                               #"C1\u{9B}31m"#, #"\u{2067}אבי\u{2069}"#, "דנה\u{200F}", #""a,b ""q""""#, #"Line\nbreak"#,
                               "Arabic\u{61C}mark"])

        let json = try cli.run(["history", "--state", dir + "/h.db", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(acting(json.stdout, marks: true), [], json.stdout)
        for escape in [#"\u001b"#, #"\u202e"#, #"\u007f"#, #"\u009b"#, #"\u2067"#, #"\u200f"#, #"\u061c"#] {
            XCTAssertTrue(json.stdout.contains(escape), "\(escape) in \(json.stdout)")
        }
        XCTAssertEqual(try json.stdout.split(separator: "\n").map(self.json).compactMap { $0["text"] as? String }, names,
                       "every name exactly")

        let table = try cli.run(["history", "--state", dir + "/h.db"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(acting(table.stdout, marks: false), [], table.stdout)
    }

    /// A NUL in a name was taken: the wheel showed "Ben", the record kept "Be" and `history` then
    /// called the untouched file altered (exit 1). Now a control character in a name, from a names
    /// file or a config, is one line naming the place, exit 2, and nothing is recorded.
    func testANameWithAControlCharacterIsRefusedAndNothingIsWritten() throws {
        let db = dir + "/never.db"
        let names = dir + "/class.txt"
        try Data("Ann\n# 4B\nBe\u{0}n\nCat\n".utf8).write(to: URL(fileURLWithPath: names))
        let r = try cli.run(["spin", "--names", names, "--state", db])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr, "roundel: names '\(names)': line 3: 'Be\\u{0}n' has a control character (U+0000, NUL), "
                       + "which a name cannot have (save the list as UTF-8 text)\n")
        XCTAssertEqual(r.stdout, "")
        for (json, mention) in [(#"{"wheel": {"items": ["Ann", "Ev\u001b[2Jil"]}}"#, "wheel.items[1]: 'Ev\\u{1B}[2Jil' has a control character (U+001B, escape)"),
                                (#"{"wheel": {"items": [{"text": "B\u0085"}]}}"#, "wheel.items[0].text: 'B\\u{85}' has a control character (U+0085, next line)"),
                                (#"{"wheel": {"items": ["Tab\there"]}}"#, "(U+0009, tab), which a name cannot have")] {
            try cli.assertUserError(["spin", "--config", try write(json, "bad.json"), "--state", db], mentions: mention)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: db), "nothing written")
    }

    /// A list saved as UTF-16 without a byte order mark (as many scripts write it) is read as the
    /// names it holds: the winner's name in `spin`'s JSON and in the history, whose chain is whole.
    func testAUTF16ListWithoutAMarkIsReadAsItsNames() throws {
        let korean = ["김민준", "이서연", "박지호", "Zoë"]
        for (encoding, file) in [(String.Encoding.utf16LittleEndian, "le.txt"), (.utf16BigEndian, "be.txt")] {
            let names = dir + "/" + file, db = dir + "/" + file + ".db"
            try XCTUnwrap(korean.map { $0 + "\r\n" }.joined().data(using: encoding)).write(to: URL(fileURLWithPath: names))
            for i in korean.indices {
                let spin = try cli.run(["spin", "--names", names, "--state", db, "--spin-to", String(i)])
                XCTAssertEqual(spin.status, 0, spin.stderr)
                let line = try XCTUnwrap(spin.stdout.split(separator: "\n").first, spin.stderr)
                XCTAssertEqual((try json(line)["result"] as? [String: Any])?["text"] as? String, korean[i])
            }
            let history = try cli.run(["history", "--state", db, "--json"])
            XCTAssertEqual(history.status, 0, history.stderr)
            XCTAssertEqual(history.stderr, "")
            XCTAssertEqual(try history.stdout.split(separator: "\n").map(json).compactMap { $0["text"] as? String }, korean)
        }
    }

    func testBadNamesFilesAreNamedAndWriteNothing() throws {
        let db = dir + "/never.db"
        let notUTF8 = dir + "/latin1.txt"
        try Data([0x41, 0x6E, 0x6E, 0x0A, 0x4A, 0xF6, 0x72, 0x67, 0x0A]).write(to: URL(fileURLWithPath: notUTF8))
        let empty = try write("# nobody yet\n\n", "empty.txt")
        let huge = try write(String(repeating: "x\n", count: 10_001), "huge.txt")
        for (file, mention) in [(dir + "/missing.txt", "no such file"), (notUTF8, "line 2 is not UTF-8"),
                                (empty, "has no entries"), (huge, "more than 10000 entries"), (dir, "is a directory")] {
            try cli.assertUserError(["spin", "--names", file, "--state", db], mentions: "names '\(file)': \(mention)")
        }
        for (json, mention) in [(#"{"wheel": {"items": [{"text": "Mug", "stock": -1}]}}"#, "wheel.items[0].stock: -1 is not a stock"),
                                (#"{"wheel": {"items": [{"text": "Mug", "stock": 1.5}]}}"#, "wheel.items[0].stock: 1.5 is not a stock"),
                                (#"{"wheel": {"items": [{"text": "Mug", "stock": "many"}]}}"#, "wheel.items[0].stock: must be a number")] {
            try cli.assertUserError(["spin", "--config", try write(json, "bad.json"), "--state", db], mentions: mention)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: db), "nothing written")
    }

    func testDatabasesThatCannotBeUsed() throws {
        let names = try write("Ann\nBen\n", "n.txt")
        // Not a database at all, another program's, from a newer Roundel: refused and left as they were.
        let text = try write("not a database\n", "notes.db")
        try cli.assertUserError(["spin", "--names", names, "--state", text], mentions: "state '\(text)': is not a Roundel state database")
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "not a database\n")
        try cli.assertUserError(["history", "--state", text], mentions: "is not a Roundel state database")
        try cli.assertUserError(["history", "--state", dir + "/none.db"], mentions: "state '\(dir)/none.db': no such file")

        let db = dir + "/event.db"
        XCTAssertEqual(try cli.run(["spin", "--names", names, "--state", db]).status, 0)
        // In use: a spin holds the database while it pauses inside its transaction.
        let holder = Process()
        holder.executableURL = cli.binary
        holder.arguments = ["spin", "--names", names, "--state", db]
        holder.environment = ProcessInfo.processInfo.environment.merging(["ROUNDEL_PAUSE_IN_DRAW": "3"]) { $1 }
        let err = Pipe()
        holder.standardError = err
        holder.standardOutput = Pipe()
        try holder.run()
        _ = err.fileHandleForReading.availableData   // its "pausing" line: it holds the lock now
        try cli.assertUserError(["spin", "--names", names, "--state", db], mentions: "state '\(db)': in use by another Roundel")
        try cli.assertUserError(["reset", "--state", db, "--yes"], mentions: "in use by another Roundel")
        XCTAssertEqual(try cli.run(["history", "--state", db]).status, 0, "reading needs no lock")
        holder.waitUntilExit()
        XCTAssertEqual(holder.terminationStatus, 0)

        // Damaged: pages overwritten in a copy.
        let damaged = dir + "/damaged.db"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        let checkpoint = try cli.run(["history", "--state", db])   // (the WAL may still hold the draws)
        XCTAssertEqual(checkpoint.status, 0)
        for i in 100..<min(bytes.count, 4096) { bytes[i] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let r = try cli.run(["spin", "--names", names, "--state", damaged])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("roundel: state '\(damaged)': "), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: damaged)), bytes, "never overwritten")

        // A read-only place (a read-only file system, as root; else a directory of mode 0555).
        let readOnly = dir + "/ro"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        var mounted = false
        if getuid() == 0 { mounted = mount("tmpfs", readOnly, "tmpfs", UInt(MS_RDONLY), "size=64k") == 0 } else { chmod(readOnly, 0o555) }
        defer { if mounted { umount(readOnly) } else { chmod(readOnly, 0o755) } }
        if access(readOnly, W_OK) != 0 {
            try cli.assertUserError(["spin", "--names", names, "--state", readOnly + "/e.db"], mentions: "read-only")
        }
    }
}
