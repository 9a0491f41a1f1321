// PNGCodec: byte order and orientation (a red "F" on blue), exact premultiplied round trips for every
// valid word, fixtures written by another route (Fixtures/make-fixtures.py, HandMadePNG.swift) for
// each PNG colour type, and bad input that must give a typed error rather than a crash or a hang.

import Foundation
import PNGCodec
import Raster
import XCTest

final class PNGCodecTests: XCTestCase {
    // MARK: Byte order, orientation, exact round trips

    /// An "F" (no symmetry) in pure red on pure blue, with a few semi-transparent pixels in its corner.
    private func fShape() -> Pixmap {
        var p = Pixmap(width: 12, height: 16, fill: Color.blue.premultiplied)!
        p.clear(.red, in: PixelRect(x: 2, y: 2, width: 2, height: 12))   // stem
        p.clear(.red, in: PixelRect(x: 2, y: 2, width: 8, height: 2))    // top bar
        p.clear(.red, in: PixelRect(x: 2, y: 7, width: 5, height: 2))    // middle bar
        p[11, 15] = Color(red: 255, green: 0, blue: 0, alpha: 128).premultiplied
        p[10, 15] = Color(red: 10, green: 200, blue: 30, alpha: 77).premultiplied
        p[11, 14] = 0
        return p
    }

    func testFShapeSurvivesFileRoundTripWithRedAndBlueInPlace() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/f.png"
        let original = fShape()
        try writePNG(original, to: path)
        let decoded = try readPNG(path)
        XCTAssertEqual(decoded.width, 12)
        XCTAssertEqual(decoded.height, 16)
        XCTAssertEqual(hex(decoded[2, 2]), "0xFFFF0000", "top-left of the F is red")
        XCTAssertEqual(hex(decoded[9, 3]), "0xFFFF0000", "top bar reaches right")
        XCTAssertEqual(hex(decoded[9, 8]), "0xFF0000FF", "middle bar is shorter: blue there")
        XCTAssertEqual(hex(decoded[3, 13]), "0xFFFF0000", "stem reaches the bottom")
        XCTAssertEqual(hex(decoded[0, 0]), "0xFF0000FF")
        XCTAssertEqual(hex(decoded[11, 15]), "0x80800000")
        XCTAssertEqual(decoded, original)
        XCTAssertEqual(try contentsOfDirectory(directory), ["f.png"], "no temporary file left behind")
    }

    func testMemoryRoundTripHonoursStride() throws {
        let words: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xDEAD_BEEF, 0x8000_0080, 0xFF00_00FF, 0xDEAD_BEEF]
        let strided = Pixmap(width: 2, height: 2, stride: 3, pixels: words + [])!
        let decoded = try decodePNG(bytes: encodePNG(strided))
        XCTAssertEqual(decoded.pixels, [0xFFFF_0000, 0xFF00_FF00, 0x8000_0080, 0xFF00_00FF])
    }

    /// Every valid premultiplied word (channel ≤ alpha) comes back identical: un-premultiplying rounds
    /// to nearest and re-premultiplying lands within less than half a step of the original value.
    func testEveryPremultipliedChannelAlphaPairRoundTripsExactly() throws {
        var p = Pixmap(width: 256, height: 256)!
        for a in 0..<256 {
            for x in 0..<256 {
                let c = UInt32(x % (a + 1)), d = UInt32((255 - x) % (a + 1))
                p[x, a] = UInt32(a) << 24 | c << 16 | d << 8 | c / 2
            }
        }
        let decoded = try decodePNG(bytes: encodePNG(p))
        if let i = p.pixels.indices.first(where: { decoded.pixels[$0] != p.pixels[$0] }) {
            XCTFail("(\(i % 256), \(i / 256)): wrote \(hex(p.pixels[i])), read \(hex(decoded.pixels[i]))")
        }
    }

    /// Every straight (c, a) pair in a hand-made RGBA file decodes to exactly Color.premultiplied.
    func testDecoderPremultipliesEveryStraightPairLikeColor() throws {
        var rows: [[UInt8]] = []
        for a in 0..<256 {
            var row: [UInt8] = []
            for c in 0..<256 { row += [UInt8(c), UInt8(255 - c), UInt8(c ^ 0x55), UInt8(a)] }
            rows.append(row)
        }
        let p = try decodePNG(bytes: handMadePNG(width: 256, height: 256, bitDepth: 8, colourType: 6, rows: rows))
        for a in 0..<256 {
            for c in 0..<256 {
                let expected = Color(red: UInt8(c), green: UInt8(255 - c), blue: UInt8(c ^ 0x55), alpha: UInt8(a))
                guard p[c, a] == expected.premultiplied else {
                    return XCTFail("(c \(c), a \(a)): expected \(hex(expected.premultiplied)), got \(hex(p[c, a]))")
                }
            }
        }
    }

    // MARK: Fixtures written by another route

    private func fixture(_ name: String) throws -> Pixmap {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try readPNG(directory.appendingPathComponent(name).path)
    }

    /// Compares all 4×3 pixels with straight colours listed row by row, as make-fixtures.py writes them.
    private func assertPixels(_ p: Pixmap, _ straight: [(UInt8, UInt8, UInt8, UInt8)],
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.width, 4, file: file, line: line)
        XCTAssertEqual(p.height, 3, file: file, line: line)
        guard p.width == 4, p.height == 3 else { return }
        for (i, s) in straight.enumerated() {
            let expected = Color(red: s.0, green: s.1, blue: s.2, alpha: s.3).premultiplied
            XCTAssertEqual(hex(p[i % 4, i / 4]), hex(expected), "pixel (\(i % 4), \(i / 4))", file: file, line: line)
        }
    }

    func testGray8Fixture() throws {
        let expected = (0..<12).map { (i: Int) -> (UInt8, UInt8, UInt8, UInt8) in
            let level: Int = 10 + 20 * (i % 4) + 80 * (i / 4)
            let g = UInt8(level)
            return (g, g, g, 255)
        }
        assertPixels(try fixture("gray8.png"), expected)
    }

    func testGrayAlpha8Fixture() throws {
        let ga: [(UInt8, UInt8)] = [(200, 255), (200, 128), (100, 0), (0, 255), (255, 64), (50, 255),
                                    (50, 200), (1, 1), (128, 255), (128, 128), (255, 255), (77, 33)]
        assertPixels(try fixture("gray-alpha8.png"), ga.map { ($0.0, $0.0, $0.0, $0.1) })
    }

    func testRGB8Fixture() throws {
        assertPixels(try fixture("rgb8.png"), [
            (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255),
            (0, 0, 0, 255), (64, 64, 64, 255), (128, 128, 128, 255), (192, 192, 192, 255),
            (10, 20, 30, 255), (40, 50, 60, 255), (70, 80, 90, 255), (200, 100, 50, 255),
        ])
    }

    func testRGBA8Fixture() throws {
        assertPixels(try fixture("rgba8.png"), [
            (255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 64), (0, 0, 0, 0),
            (255, 255, 255, 255), (255, 0, 0, 1), (10, 20, 30, 200), (255, 128, 0, 255),
            (0, 0, 255, 255), (0, 0, 255, 255), (0, 0, 255, 255), (200, 100, 50, 100),
        ])
    }

    func testPaletteWithTransparencyFixture() throws {
        let entries: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (0, 0, 255, 128), (0, 255, 0, 0), (255, 255, 255, 64)]
        assertPixels(try fixture("palette-trns.png"), [0, 1, 2, 3, 1, 1, 0, 0, 3, 2, 1, 0].map { entries[$0] })
    }

    func testRGBA16FixtureIsReducedTo8Bits() throws {
        assertPixels(try fixture("rgba16.png"), [
            (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (0, 0, 0, 0),
            (128, 128, 128, 255), (255, 255, 255, 255), (0, 0, 0, 255), (255, 0, 0, 128),
            (0, 0, 255, 255), (0, 0, 255, 255), (255, 128, 0, 255), (0, 0, 255, 128),
        ])
    }

    /// 16-bit samples c·257 (no gAMA chunk) are taken as sRGB, as browsers do, and reduce to exactly c;
    /// checked for every (c, a) pair.
    func testSixteenBitSamplesReduceExactlyForEveryPair() throws {
        var rows: [[UInt8]] = []
        for a in 0..<256 {
            var row: [UInt8] = []
            for c in 0..<256 { row += [UInt8(c), UInt8(c), 0, 0, UInt8(255 - c), UInt8(255 - c), UInt8(a), UInt8(a)] }
            rows.append(row)
        }
        let p = try decodePNG(bytes: handMadePNG(width: 256, height: 256, bitDepth: 16, colourType: 6, rows: rows))
        for a in 0..<256 {
            for c in 0..<256 {
                let expected = Color(red: UInt8(c), green: 0, blue: UInt8(255 - c), alpha: UInt8(a)).premultiplied
                guard p[c, a] == expected else {
                    return XCTFail("(c \(c), a \(a)): expected \(hex(expected)), got \(hex(p[c, a]))")
                }
            }
        }
    }

    // MARK: PngSuite (Willem van Schaik's test images, Fixtures/PngSuite/LICENSE)

    /// Interlaced 16-bit images (gray, RGB, gray+alpha, RGBA) decode to exactly the pixels of their
    /// non-interlaced twins, from a file and from memory. libpng's simplified API returns every other
    /// row garbage for these (libpng issue 853, in Debian's 1.6.39 security update too).
    func testInterlacedSixteenBitPngSuiteImagesEqualTheirTwins() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/PngSuite").path
        let twins = [("basi0g16", "basn0g16"), ("basi2c16", "basn2c16"), ("basi4a16", "basn4a16"),
                     ("basi6a16", "basn6a16"), ("bgai4a16", "basn4a16")]
        for (interlaced, twin) in twins {
            let expected = try readPNG("\(directory)/\(twin).png")
            XCTAssertEqual(expected.width, 32)
            let fromFile = try readPNG("\(directory)/\(interlaced).png")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(interlaced).png")))
            let fromMemory = try decodePNG(bytes: bytes, name: interlaced)
            for (route, decoded) in [("file", fromFile), ("memory", fromMemory)] {
                let differing = zip(decoded.pixels, expected.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(interlaced) from \(route): \(differing) pixels differ from \(twin)")
            }
        }
        // Not a blank image: the gray ramp's corners differ.
        let gray = try readPNG("\(directory)/basi0g16.png")
        XCTAssertNotEqual(gray[0, 0], gray[31, 31])
    }

    // MARK: Bad input

    func testNonexistentFileNamesPathAndReason() throws {
        let error = readError("/nonexistent/roundel/missing.png")
        XCTAssertEqual(error, .unreadable(path: "/nonexistent/roundel/missing.png", reason: "no such file"))
        XCTAssertEqual(error?.description,
                       "roundel: cannot read PNG '/nonexistent/roundel/missing.png': no such file")
    }

    func testDirectoryIsUnreadable() throws {
        let directory = try temporaryDirectory()
        XCTAssertEqual(readError(directory), .unreadable(path: directory, reason: "is a directory"))
    }

    func testEmptyFileIsUnreadable() throws {
        let path = try temporaryDirectory() + "/empty.png"
        try write([], to: path)
        XCTAssertEqual(readError(path), .unreadable(path: path, reason: "file is empty"))
        XCTAssertEqual(decodeError([]), .unreadable(path: "<memory>", reason: "no bytes"))
    }

    func testTruncatedFilesGiveTypedErrors() throws {
        let bytes = try encodePNG(fShape())
        let path = try temporaryDirectory() + "/cut.png"
        // Cuts inside the signature, IHDR, the IDAT header, the compressed data, and IDAT's CRC.
        for length in [1, 7, 8, 12, 20, 32, 40, 45, bytes.count / 2, bytes.count - 13] {
            let cut = Array(bytes[..<length])
            try write(cut, to: path)
            guard case let .unreadable(p, reason)? = readError(path) else {
                XCTFail("cut at \(length) of \(bytes.count) bytes was not reported unreadable"); continue
            }
            XCTAssertEqual(p, path)
            XCTAssertTrue(reason.hasPrefix("file is truncated"), reason)
            guard case .unreadable? = decodeError(cut) else {
                XCTFail("in memory, cut at \(length) was not reported unreadable"); continue
            }
        }
        // libpng stops after the last IDAT: a file missing only its IEND chunk has every pixel, and reads.
        XCTAssertEqual(try decodePNG(bytes: Array(bytes.dropLast(12))), fShape())
    }

    func testGarbageAndTextFilesAreUnreadable() throws {
        let directory = try temporaryDirectory()
        var generator = SplitMix64(seed: 42)
        let garbage = (0..<1000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try write(garbage, to: directory + "/garbage.png")
        try write(Array("This is not a picture.\n".utf8), to: directory + "/text.png")
        for name in ["garbage.png", "text.png"] {
            guard case let .unreadable(path, reason)? = readError(directory + "/" + name) else {
                XCTFail("\(name) was not reported unreadable"); continue
            }
            XCTAssertEqual(path, directory + "/" + name)
            XCTAssertFalse(reason.isEmpty)
        }
        guard case .unreadable? = decodeError(garbage) else { return XCTFail("garbage bytes decoded") }
    }

    /// A valid header claiming 20000×20000 px (1.6 GB decoded) is refused from the header alone.
    func testOversizeHeaderIsRefusedBeforeAllocating() throws {
        let path = try temporaryDirectory() + "/huge.png"
        let header = pngSignature
            + pngChunk("IHDR", bigEndian(20000) + bigEndian(20000) + [8, 6, 0, 0, 0])
            + pngChunk("IDAT", zlibStored([0, 0, 0, 0, 0])) + pngChunk("IEND", [])
        try write(header, to: path)
        // The file holds no pixel data for 20000×20000: only a check of the header can give this answer.
        XCTAssertEqual(readError(path), .tooLarge(path: path, width: 20000, height: 20000, limit: Pixmap.maxSide))
        XCTAssertEqual(decodeError(header), .tooLarge(path: "<memory>", width: 20000, height: 20000, limit: 16384))
        XCTAssertEqual(readError(path)?.description, "roundel: cannot read PNG '\(path)': image is 20000×20000 px, "
                       + "larger than the limit of 16384 px per side")
        let wide = handMadePNG(width: 16385, height: 1, bitDepth: 8, colourType: 0, rows: [[UInt8](repeating: 0, count: 16385)])
        XCTAssertEqual(decodeError(wide), .tooLarge(path: "<memory>", width: 16385, height: 1, limit: 16384))
    }

    // MARK: Writing

    func testUnwritablePathsNameThePathAndReason() throws {
        let directory = try temporaryDirectory()
        let missing = directory + "/no/such/dir/out.png"
        XCTAssertEqual(writeError(to: missing), .unwritable(path: missing, reason: "No such file or directory"))
        XCTAssertEqual(writeError(to: missing)?.description,
                       "roundel: cannot write PNG '\(missing)': No such file or directory")
        // Tests run as root, which chmod cannot stop: use a regular file as the "directory".
        let file = directory + "/plain-file"
        try write([1, 2, 3], to: file)
        XCTAssertEqual(writeError(to: file + "/out.png"), .unwritable(path: file + "/out.png", reason: "Not a directory"))
        XCTAssertEqual(writeError(to: ""), .unwritable(path: "", reason: "is an empty path"))
        XCTAssertEqual(writeError(to: directory + "/"), .unwritable(path: directory + "/", reason: "names a folder; give a file name"))
        XCTAssertEqual(try contentsOfDirectory(directory), ["plain-file"])
    }

    /// The temporary file is written, then rename(2) fails: it must be removed, not left behind.
    func testFailedRenameLeavesNoPartialFile() throws {
        let directory = try temporaryDirectory()
        let target = directory + "/taken.png"
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        guard case let .unwritable(path, reason)? = writeError(to: target) else { return XCTFail("writing over a directory succeeded") }
        XCTAssertEqual(path, target)
        XCTAssertFalse(reason.isEmpty)
        XCTAssertEqual(try contentsOfDirectory(directory), ["taken.png"])
    }

    func testWritingReplacesAnExistingFile() throws {
        let path = try temporaryDirectory() + "/again.png"
        try writePNG(fShape(), to: path)
        let blank = Pixmap(width: 3, height: 5, fill: Color.white.premultiplied)!
        try writePNG(blank, to: "\(path)")
        XCTAssertEqual(try readPNG(path), blank)
    }

    // MARK: Helpers

    private func readError(_ path: String) -> PNGError? {
        do { _ = try readPNG(path); return nil } catch { return error }
    }

    private func decodeError(_ bytes: [UInt8]) -> PNGError? {
        do { _ = try decodePNG(bytes: bytes); return nil } catch { return error }
    }

    private func writeError(to path: String) -> PNGError? {
        do { try writePNG(fShape(), to: path); return nil } catch { return error }
    }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "roundel-pngcodec-tests/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func contentsOfDirectory(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func hex(_ word: UInt32) -> String {
        let digits = String(word, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// Deterministic bytes for the garbage test (SplitMix64).
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D4_9B73_3BA6_2AB9
        return z ^ (z >> 31)
    }
}
