// The snapshot comparer itself: an identical image passes, a one-pixel change is reported with its
// coordinates, expected and actual words, the count and the tolerance, and a missing reference is
// recorded but still fails.

import Foundation
import PNGCodec
import Raster
import Snapshot
import XCTest

final class SnapshotComparerTests: XCTestCase {
    private func scene() -> Pixmap {
        var p = Pixmap(width: 16, height: 12, fill: Color.blue.premultiplied)!
        p.clear(.red, in: PixelRect(x: 2, y: 2, width: 3, height: 8))
        p.clear(Color(red: 0, green: 255, blue: 0, alpha: 128), in: PixelRect(x: 8, y: 1, width: 5, height: 3))
        return p
    }

    private func referenceFolder() throws -> String {
        let path = NSTemporaryDirectory() + "roundel-snapshot-comparer/" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testMissingReferenceIsRecordedAndFailsOnce() throws {
        let directory = try referenceFolder()
        let message = compareSnapshot(scene(), named: "comparer-scene", referenceDirectory: directory)
        XCTAssertNotNil(message)
        XCTAssertTrue(message?.contains("recorded reference \(directory)/comparer-scene.png") == true, message ?? "")
        XCTAssertEqual(try readPNG(directory + "/comparer-scene.png"), scene())
    }

    func testIdenticalImagePasses() throws {
        let directory = try referenceFolder()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try writePNG(scene(), to: directory + "/comparer-same.png")
        XCTAssertNil(compareSnapshot(scene(), named: "comparer-same", referenceDirectory: directory))
    }

    func testOnePixelChangeReportsItsCoordinates() throws {
        let directory = try referenceFolder()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try writePNG(scene(), to: directory + "/comparer-changed.png")
        var changed = scene()
        changed[13, 7] = 0xFF00_FF00
        let message = compareSnapshot(changed, named: "comparer-changed", referenceDirectory: directory) ?? ""
        XCTAssertTrue(message.contains("first at (13, 7): expected 0xFF0000FF, actual 0xFF00FF00"), message)
        XCTAssertTrue(message.contains("1 of 192 pixels differ by more than tolerance 0"), message)
        let artifacts = NSTemporaryDirectory() + "roundel-snapshots/comparer-changed"
        XCTAssertTrue(message.contains(artifacts + "/diff.png"), message)
        XCTAssertEqual(try readPNG(artifacts + "/actual.png"), changed)
        let diff = try readPNG(artifacts + "/diff.png")
        XCTAssertEqual(diff[13, 7], 0xFFFF_0000, "the changed pixel is bright red in diff.png")
        XCTAssertNotEqual(diff[0, 0], 0xFFFF_0000)
    }

    func testToleranceAcceptsSmallDifferences() throws {
        let directory = try referenceFolder()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try writePNG(scene(), to: directory + "/comparer-tolerance.png")
        var nudged = scene()
        nudged[0, 0] = 0xFF02_00FD
        XCTAssertNil(compareSnapshot(nudged, named: "comparer-tolerance", referenceDirectory: directory, tolerance: 2))
        XCTAssertNotNil(compareSnapshot(nudged, named: "comparer-tolerance", referenceDirectory: directory, tolerance: 1))
    }

    func testReferencesDirectoryIsBesideTheTestFile() {
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/References"
        XCTAssertEqual(referencesDirectory(), expected)
    }
}
