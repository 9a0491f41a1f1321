// The control page's link: the listen address when it names one, this machine's LAN address when the
// server listens on every interface (so a phone can reach it), loopback kept, IPv6 in brackets, the
// token in the fragment (escaped), and the server's own refusal of a bad address.
import XCTest
@testable import Control

final class PhoneLinkTests: XCTestCase {
    let token = ControlToken(value: "0123456789abcdef0123456789abcdef")
    let interfaces = ["127.0.0.1", "192.168.1.20", "10.0.0.5"]

    func link(_ listen: String, interfaces: [String]? = nil) throws -> String {
        try PhoneLink.url(listen: listen, interfaces: interfaces ?? self.interfaces, token: token)
    }

    func testEveryInterfaceGivesTheFirstLANAddress() throws {
        XCTAssertEqual(try link("0.0.0.0:8765"), "http://192.168.1.20:8765/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("[::]:8765"), "http://192.168.1.20:8765/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("[0:0::0]:80"), "http://192.168.1.20:80/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("0.0.0.0:8765", interfaces: ["127.0.0.1"]), "http://127.0.0.1:8765/#token=0123456789abcdef0123456789abcdef",
                       "no network yet: loopback, which works on the machine itself")
    }

    func testASpecificAddressIsKept() throws {
        XCTAssertEqual(try link("127.0.0.1:8765"), "http://127.0.0.1:8765/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("localhost:9000"), "http://127.0.0.1:9000/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("10.0.0.5:8765"), "http://10.0.0.5:8765/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("[fd00::1]:8765"), "http://[fd00::1]:8765/#token=0123456789abcdef0123456789abcdef")
        XCTAssertEqual(try link("[::1]:8765"), "http://[::1]:8765/#token=0123456789abcdef0123456789abcdef")
    }

    func testATokenFromAFileIsEscaped() throws {
        let odd = ControlToken(value: "a#b&c%d+e/f=g~h.i_j-k")
        XCTAssertEqual(try PhoneLink.url(listen: "127.0.0.1:1", interfaces: [], token: odd),
                       "http://127.0.0.1:1/#token=a%23b%26c%25d%2Be%2Ff%3Dg~h.i_j-k")
    }

    func testABadAddressOrPortZeroIsOneLine() {
        XCTAssertThrowsError(try link("example.com:80")) { error in
            XCTAssertEqual("\(error)", "control: listen \"example.com:80\" must be HOST:PORT (127.0.0.1:8080, [::1]:8080)")
        }
        XCTAssertThrowsError(try link("0.0.0.0:0")) { error in
            XCTAssertEqual("\(error)", "control: listen \"0.0.0.0:0\" has port 0 (any port): a link needs the port, give one like 8765")
        }
    }

    func testThisMachinesAddressesAreIPv4() {
        let addresses = PhoneLink.interfaceAddresses()
        XCTAssertTrue(addresses.contains("127.0.0.1"), "loopback is up: \(addresses)")
        XCTAssertTrue(addresses.allSatisfy { $0.split(separator: ".").count == 4 }, "\(addresses)")
    }
}
