// What the config tests share: a scratch folder, writing a config into it, and loading one that
// must fail, checking that the error is one line naming the file.
import Foundation
@testable import Scenes
import XCTest

class ConfigFileTestCase: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "roundel-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func write(_ text: String, _ name: String = "config.json") throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Writes `json`, loads it with `load` (failing the test if it loads) and returns the error's
    /// text after "roundel: config 'FILE': ", checking the error is one line.
    func failure(_ json: String, load: (String) throws -> Void,
                 file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = try write(json)
        do {
            try load(path)
            XCTFail("loaded \(json)", file: file, line: line)
            return ""
        } catch {
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("roundel: config '\(path)': "), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n"), "one line", file: file, line: line)
            return String(text.dropFirst("roundel: config '\(path)': ".count))
        }
    }
}
