// Reading only regular files within a limit, writing without clobbering what is not a file, and
// user text made safe for a one-line message.
import Files
import Foundation
import XCTest

final class FilesTests: XCTestCase {
    var scratch: String!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: scratch) }

    func problem(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch let error as FileProblem { return error.problem } catch { return "\(error)" }
    }

    func testReadsOnlyRegularFilesWithinTheLimit() throws {
        let file = scratch + "/a.txt"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try RegularFile.read(file, limit: 5), Array("hello".utf8))
        XCTAssertEqual(problem { _ = try RegularFile.read(file, limit: 4) }, "is larger than 4 bytes (5 bytes)")
        XCTAssertEqual(RegularFile.sizeText(6 << 20 + 300_000), "6.2 MB")
        XCTAssertEqual(RegularFile.sizeText(4 << 20), "4 MB")
        XCTAssertEqual(RegularFile.sizeText(190 << 20), "190 MB")
        XCTAssertEqual(problem { _ = try RegularFile.read(scratch, limit: 100) }, "is a directory")
        XCTAssertEqual(problem { _ = try RegularFile.read(scratch + "/none", limit: 100) }, "no such file")
        XCTAssertEqual(problem { _ = try RegularFile.read(file + "\0x", limit: 100) }, "contains a NUL character")
        XCTAssertEqual(problem { _ = try RegularFile.read("/dev/zero", limit: 100) }, "is a device, not a regular file")
        let fifo = scratch + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertEqual(problem { _ = try RegularFile.read(fifo, limit: 100) }, "is a FIFO (named pipe), not a regular file")   // and does not block
        XCTAssertEqual(problem { try RegularFile.check(fifo, limit: 100) }, "is a FIFO (named pipe), not a regular file")
    }

    func write(_ output: OutputFile, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output.temporary))
        try output.commit()
    }

    func testOutputReplacesAFileKeepingItsModeAndWritesThroughASymlink() throws {
        let file = scratch + "/out.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(chmod(file, 0o600), 0)
        try write(try OutputFile(file), "new")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
        var info = stat()
        XCTAssertEqual(stat(file, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600, "mode kept")

        let link = scratch + "/link.png"
        XCTAssertEqual(symlink(file, link), 0)
        let output = try OutputFile(link)
        XCTAssertEqual(output.target, file)
        try write(output, "through")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "through", "the link's target was written")
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link is still a link")

        let dangling = scratch + "/dangling.png"
        XCTAssertEqual(symlink(scratch + "/nothing/here.png", dangling), 0)
        XCTAssertNotNil(problem { _ = try OutputFile(dangling) }?.hasPrefix("is a symbolic link to nothing"))
    }

    func testOutputRefusesWhatIsNotAFile() throws {
        let fifo = scratch + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertEqual(problem { _ = try OutputFile(fifo) }, "is a FIFO (named pipe), not a regular file; Roundel writes only to files")
        XCTAssertEqual(problem { _ = try OutputFile(scratch) }, "is a directory; Roundel writes only to files")
        XCTAssertEqual(problem { _ = try OutputFile("/dev/null") }, "is a device, not a regular file; Roundel writes only to files")
        let linkToDevice = scratch + "/null.png"
        XCTAssertEqual(symlink("/dev/null", linkToDevice), 0)
        XCTAssertEqual(problem { _ = try OutputFile(linkToDevice) }, "is a device, not a regular file; Roundel writes only to files")
        XCTAssertEqual(problem { _ = try OutputFile(scratch + "/a\0.png") }, "contains a NUL character")
        XCTAssertEqual(problem { _ = try OutputFile(scratch + "/") }, "names a folder; give a file name")
    }

    /// `checkFolder` finds before any work what `commit` would find at the end; it writes nothing.
    func testCheckFolderNamesAMissingFolder() throws {
        XCTAssertNil(problem { try OutputFile(scratch + "/new.png").checkFolder() })
        XCTAssertNil(problem { try OutputFile("relative.png").checkFolder() }, "the working directory")
        XCTAssertEqual(problem { try OutputFile(scratch + "/no/such/x.png").checkFolder() }, "No such file or directory")
        FileManager.default.createFile(atPath: scratch + "/file", contents: nil)
        XCTAssertEqual(problem { try OutputFile(scratch + "/file/x.png").checkFolder() }, "Not a directory")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["file"])
    }

    func testUserTextInAMessageStaysOnOneLine() {
        XCTAssertEqual(MessageText.quoted("a\nb\r\u{1B}[31m\tc"), #"'a\nb\r\u{1B}[31m\tc'"#)
        XCTAssertEqual(MessageText.quoted(String(repeating: "x", count: 500), limit: 10), "'xxxxxxxxxx…'")
        XCTAssertEqual(MessageText.quoted("커피 쿠폰"), "'커피 쿠폰'")
        XCTAssertEqual(MessageText.oneLine("roundel: bad\nforged line"), #"roundel: bad\nforged line"#)
        XCTAssertEqual(MessageText.oneLine("roundel: fine"), "roundel: fine")
        let long = MessageText.oneLine("roundel: --size '" + String(repeating: "9", count: 100_000) + "' is not a size")
        XCTAssertEqual(long.count, MessageText.lineLimit + 1, "cut, with the ellipsis")
    }

    /// A bidi override, embedding or isolate turns the rest of a terminal line around: it is
    /// escaped like a control character. Bidi marks, which right-to-left names need, stay.
    func testBidiOverridesAreEscapedAndMarksKept() {
        XCTAssertEqual(MessageText.quoted("\u{202E}evil.exe\u{2066}x\u{2069}\u{202A}"), #"'\u{202E}evil.exe\u{2066}x\u{2069}\u{202A}'"#)
        XCTAssertEqual(MessageText.quoted("\u{200F}דנה\u{200E}\u{61C}"), "'\u{200F}דנה\u{200E}\u{61C}'")
        XCTAssertEqual(MessageText.oneLine("roundel: '\u{202E}x'"), #"roundel: '\u{202E}x'"#)
    }
}
