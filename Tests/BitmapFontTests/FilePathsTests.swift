// FilePaths against the NSString path methods it replaced in the product. One known difference,
// left out: for "//" corelibs NSString answers "" where FilePaths answers "/".
import BitmapFont
import Foundation
import XCTest

final class FilePathsTests: XCTestCase {
    func testAgreesWithNSString() {
        let paths = ["/a/b.png", "/a/b/", "/a", "/", "b.png", "", "a//b", "./x.json", "../x", "dir/", "/tmp/roundel-x/config.json"]
        for path in paths {
            XCTAssertEqual(FilePaths.lastComponent(of: path), (path as NSString).lastPathComponent, path)
            XCTAssertEqual(FilePaths.deletingLastComponent(of: path), (path as NSString).deletingLastPathComponent, path)
            for name in ["ring.png", "fonts/ter-u16b.bdf"] {
                XCTAssertEqual(FilePaths.appending(name, to: path), (path as NSString).appendingPathComponent(name), "\(path) + \(name)")
            }
        }
    }
}
