// `roundel control-link` end to end: the link with the token of the token file (made 0600 beside the
// state database when missing, the same on the next run), the QR code printed in the terminal read
// back by a real decoder, the config's control.listen and tokenFile, and one line, exit 2, for a
// token file others can read or a bad address (no token file made then).
import Foundation
import PNGCodec
import Raster
import TestScanner
import XCTest

final class ControlLinkCLITests: XCTestCase {
    let cli = RoundelBinary()
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-link-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func tokenFile(_ name: String = "control-token") throws -> (token: String, mode: Int) {
        let path = folder + "/" + name
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        return (text.trimmingCharacters(in: .whitespacesAndNewlines), mode)
    }

    /// The QR code of `lines` (half blocks: a block is light, a space dark) as a PNG, 4 px a module.
    func picture(of lines: [Substring]) throws -> String {
        var rows: [[Bool]] = []   // true: dark
        for line in lines {
            var top: [Bool] = [], bottom: [Bool] = []
            for character in line {
                let (upper, lower): (Bool, Bool) = switch character {
                case "\u{2588}": (true, true)
                case "\u{2580}": (true, false)
                case "\u{2584}": (false, true)
                default: (false, false)   // " "
                }
                top.append(!upper); bottom.append(!lower)
            }
            rows += [top, bottom]
        }
        let width = try XCTUnwrap(rows.first?.count), height = rows.count, px = 4
        var pixmap = try XCTUnwrap(Pixmap(width: width * px, height: height * px, fill: 0xFFFF_FFFF))
        for y in 0..<height * px {
            for x in 0..<width * px where rows[y / px][x / px] { pixmap.pixels[y * width * px + x] = 0xFF00_0000 }
        }
        let path = folder + "/terminal.png"
        try writePNG(pixmap, to: path)
        return path
    }

    func testPrintsTheLinkWithTheMadeTokenAndAQRCodeThatScans() throws {
        let r = try cli.run(["control-link", "--state", folder + "/raffle.db", "--listen", "0.0.0.0:8765"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let (token, mode) = try tokenFile()
        XCTAssertEqual(mode, 0o600, "the token file made is only its owner's")
        XCTAssertEqual(token.count, 64)
        let link = String(lines[0])
        XCTAssertTrue(link.hasPrefix("http://") && link.hasSuffix(":8765/#token=" + token), link)
        XCTAssertFalse(link.contains("0.0.0.0"), "every interface: an address a phone can reach, not \(link)")
        XCTAssertEqual(lines[1], "")
        let code = lines[2...].filter { !$0.isEmpty }
        XCTAssertEqual(Set(code.map(\.count)).count, 1, "a square of equal lines")
        XCTAssertFalse(r.stdout.contains("\u{1B}"), "no colours into a pipe")
        if QRScanner.zbarimg != nil {
            XCTAssertEqual(try QRScanner.decode(pngAt: try picture(of: Array(code))), [link], "a phone reads the link off the terminal")
        }
        let again = try cli.run(["control-link", "--state", folder + "/raffle.db", "--listen", "0.0.0.0:8765"])
        XCTAssertEqual(again.stdout, r.stdout, "the same token (and link) the next time")
    }

    func testTheConfigsListenAndTokenFile() throws {
        let secret = "s3cret-token-for-the-phone"
        FileManager.default.createFile(atPath: folder + "/phone.token", contents: Data((secret + "\n").utf8), attributes: [.posixPermissions: 0o600])
        try Data(#"{"control": {"listen": "127.0.0.1:9999", "tokenFile": "phone.token"}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/party.json"))
        let r = try cli.run(["control-link", "--config", folder + "/party.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").first, "http://127.0.0.1:9999/#token=" + secret)
        let overridden = try cli.run(["control-link", "--config", folder + "/party.json", "--listen", "[::1]:80"])
        XCTAssertEqual(overridden.stdout.split(separator: "\n").first, "http://[::1]:80/#token=" + secret, "--listen wins")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/control-token"), "a token file named: none made")

        chmod(folder + "/phone.token", 0o644)
        try cli.assertUserError(["control-link", "--config", folder + "/party.json"],
                                mentions: folder + "/phone.token: others can read the control token (mode 644): chmod 600 it")
    }

    func testABadAddressIsOneLineAndMakesNoToken() throws {
        try cli.assertUserError(["control-link", "--state", folder + "/raffle.db", "--listen", "kiosk.local:8765"],
                                mentions: "control: listen \"kiosk.local:8765\" must be HOST:PORT")
        try Data(#"{"control": {"listn": "0.0.0.0:8765"}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/typo.json"))
        try cli.assertUserError(["control-link", "--config", folder + "/typo.json", "--state", folder + "/raffle.db"], mentions: "listn")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/control-token"))
    }

    func testHelpIsPlainASCII() throws {
        let r = try cli.run(["control-link", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("--listen"))
        XCTAssertTrue(r.stdout.utf8.allSatisfy { $0 < 0x80 }, "plain ASCII")
    }
}
