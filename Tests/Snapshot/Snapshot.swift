// Golden-image comparison shared by the test targets (STYLE.md habit 7). Not XCTest: it returns nil
// when the pixmap matches its reference and otherwise one message (reference file, first differing
// pixel, expected vs actual as 0xAARRGGBB, count, tolerance, paths of actual.png and diff.png).
// References live in `<test file's directory>/References/<name>.png`; pixels compare as premultiplied
// words, channel by channel, within `tolerance` (0…255). A missing reference, or RECORD=1 in the
// environment, records the pixmap as the reference and fails once so that someone looks at it.

import Foundation
import PNGCodec
import Raster

/// `<directory of file>/References`; call it from a test file with no argument.
public func referencesDirectory(forTestFile file: String = #filePath) -> String {
    (file as NSString).deletingLastPathComponent + "/References"
}

/// Compares `pixmap` with `<referenceDirectory>/<name>.png`. Returns nil when every channel of every
/// pixel is within `tolerance` of the reference, else a message saying what differs and where the
/// actual and diff images were written.
public func compareSnapshot(_ pixmap: Pixmap, named name: String, referenceDirectory: String,
                            tolerance: Int = 0) -> String? {
    let referencePath = referenceDirectory + "/" + name + ".png"
    let recording = ProcessInfo.processInfo.environment["RECORD"] == "1"
    if recording || !FileManager.default.fileExists(atPath: referencePath) {
        return record(pixmap, named: name, at: referencePath, reason: recording ? "RECORD=1" : "no reference existed")
    }
    let expected: Pixmap
    do { expected = try readPNG(referencePath) } catch { return "snapshot '\(name)': \(error)" }

    guard expected.width == pixmap.width, expected.height == pixmap.height else {
        let written = writeArtifacts(named: name, actual: pixmap, diff: nil)
        return "snapshot '\(name)': reference \(referencePath) is \(expected.width)×\(expected.height) px, "
            + "actual is \(pixmap.width)×\(pixmap.height) px; \(written)"
    }
    let comparison = compare(expected: expected, actual: pixmap, tolerance: tolerance)
    guard let first = comparison.first else { return nil }
    let written = writeArtifacts(named: name, actual: pixmap, diff: comparison.diff)
    return "snapshot '\(name)' differs from reference \(referencePath): "
        + "\(comparison.count) of \(pixmap.width * pixmap.height) pixels differ by more than tolerance \(tolerance); "
        + "first at (\(first.x), \(first.y)): expected \(hex(expected[first.x, first.y])), "
        + "actual \(hex(pixmap[first.x, first.y])); \(written)"
}

private struct Comparison {
    var first: (x: Int, y: Int)?
    var count = 0
    var diff: Pixmap
}

/// Row-major scan. The diff image shows the reference dimmed to gray, differences beyond the
/// tolerance in bright red, and differences within it in dark yellow.
private func compare(expected: Pixmap, actual: Pixmap, tolerance: Int) -> Comparison {
    var result = Comparison(diff: Pixmap(width: actual.width, height: actual.height)!)
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            let e = expected[x, y], a = actual[x, y]
            let distance = largestChannelDifference(e, a)
            if distance > tolerance {
                if result.first == nil { result.first = (x, y) }
                result.count += 1
                result.diff[x, y] = 0xFFFF_0000
            } else if distance > 0 {
                result.diff[x, y] = 0xFF80_8000
            } else {
                result.diff[x, y] = dimmedGray(e)
            }
        }
    }
    return result
}

private func largestChannelDifference(_ p: UInt32, _ q: UInt32) -> Int {
    var largest = 0
    for shift: UInt32 in [0, 8, 16, 24] {
        largest = max(largest, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)))
    }
    return largest
}

/// An opaque gray from 64 to 127: the reference's luma over white, compressed so red stands out.
private func dimmedGray(_ pixel: UInt32) -> UInt32 {
    let over = sourceOver(pixel, 0xFFFF_FFFF)
    let luma = (77 * (over >> 16 & 0xFF) + 150 * (over >> 8 & 0xFF) + 29 * (over & 0xFF)) >> 8
    let level = 64 + luma / 4
    return 0xFF00_0000 | level << 16 | level << 8 | level
}

/// Writes the reference and always returns a message, so the test fails once and someone looks.
private func record(_ pixmap: Pixmap, named name: String, at path: String, reason: String) -> String {
    do {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try writePNG(pixmap, to: path)
        // Words with a channel above alpha are not premultiplied and cannot survive a PNG round trip.
        if try readPNG(path) != pixmap {
            return "snapshot '\(name)': recorded \(path) (\(reason)) but it reads back different: "
                + "the pixmap holds words that are not valid premultiplied ARGB"
        }
    } catch {
        return "snapshot '\(name)': could not record reference (\(reason)): \(error)"
    }
    return "snapshot '\(name)': recorded reference \(path) (\(pixmap.width)×\(pixmap.height) px, \(reason)); "
        + "look at it and re-run"
}

/// Writes actual.png (and diff.png) to a fresh `<tmp>/roundel-snapshots/<name>/`; says where.
private func writeArtifacts(named name: String, actual: Pixmap, diff: Pixmap?) -> String {
    let folder = NSTemporaryDirectory() + "roundel-snapshots/" + name
    do {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writePNG(actual, to: folder + "/actual.png")
        guard let diff else { return "wrote \(folder)/actual.png" }
        try writePNG(diff, to: folder + "/diff.png")
        return "wrote \(folder)/actual.png and \(folder)/diff.png"
    } catch {
        return "could not write actual/diff images to \(folder): \(error)"
    }
}

private func hex(_ word: UInt32) -> String {
    let digits = String(word, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
