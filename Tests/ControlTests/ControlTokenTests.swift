// The control token's file: refused when others may read it (as ssh refuses a key), made once beside
// the state database with mode 0600 and read back the same on the next start.
import Foundation
import Glibc
import XCTest
@testable import Control

final class ControlTokenTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/roundel-control-XXXXXX".utf8CString)
        let made = try XCTUnwrap(mkdtemp(&template))
        folder = String(cString: made)
    }

    override func tearDown() {
        for name in ["token", ControlToken.fileName] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    private func write(_ text: String, mode: mode_t) -> String {
        let path = folder + "/token"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
        chmod(path, mode)
        return path
    }

    func testAFileOthersCanReadIsRefusedWithItsMode() throws {
        let path = write("0123456789abcdef0123\n", mode: 0o644)
        XCTAssertThrowsError(try ControlToken.read(from: path)) { error in
            XCTAssertEqual("\(error)", "\(path): others can read the control token (mode 644): chmod 600 it")
        }
        chmod(path, 0o640)
        XCTAssertThrowsError(try ControlToken.read(from: path))
        chmod(path, 0o600)
        XCTAssertEqual(try ControlToken.read(from: path).value, "0123456789abcdef0123")
    }

    func testAShortOrSpacedTokenIsRefused() {
        XCTAssertThrowsError(try ControlToken.read(from: write("short\n", mode: 0o600)))
        XCTAssertThrowsError(try ControlToken.read(from: write("0123456789 abcdef0123\n", mode: 0o600)))
        XCTAssertThrowsError(try ControlToken.read(from: folder + "/missing"))
    }

    func testTheMadeTokenIsOnlyTheOwnersAndKept() throws {
        let first = try ControlToken.readOrMake(in: folder)
        XCTAssertEqual(first.value.count, 64)
        XCTAssertTrue(first.value.allSatisfy(\.isHexDigit))
        var info = stat()
        XCTAssertEqual(stat(folder + "/" + ControlToken.fileName, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try ControlToken.readOrMake(in: folder).value, first.value, "a restart must keep the link working")
        XCTAssertTrue(first.accepts(authorization: "Bearer " + first.value))
        XCTAssertFalse(first.accepts(authorization: "Bearer " + first.value.dropLast()))
        XCTAssertFalse(first.accepts(authorization: first.value))
    }

    /// The kiosk and `roundel control-link` may make it at the same moment: one token wins, every
    /// maker gets that one (a link printed by one works with the other), and no temporary file is left.
    func testMakersAtTheSameMomentAllGetTheOneTokenMade() throws {
        final class Made: @unchecked Sendable {   // each thread writes its own slot
            var values = [String?](repeating: nil, count: 8)
        }
        let made = Made(), folder = self.folder
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            made.values[i] = try? ControlToken.readOrMake(in: folder).value
        }
        let values = made.values.compactMap { $0 }
        XCTAssertEqual(values.count, 8)
        XCTAssertEqual(Set(values).count, 1, "every maker has the same token: \(Set(values))")
        XCTAssertEqual(try ControlToken.read(from: folder + "/" + ControlToken.fileName).value, values.first)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(left, [ControlToken.fileName], "no temporary file left")
    }
}
