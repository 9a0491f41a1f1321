// Examples/RenderWheel, the package docs/library.md shows, built and run as a developer would:
// `swift build` in its folder (the library products through `.package(path:)`), then its program run
// from a folder outside the repository with no ROUNDEL_ASSETS, so the fonts can only come from the
// package the library was built from. Its PNG is decoded and must show the wheel it describes.
import Foundation
import PNGCodec
import Raster
import XCTest

final class ExamplePackageTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/RenderWheel").path
    /// The `swift` of `make test` (`SWIFT`, which the Makefile exports), else the one on PATH.
    static let swift = ProcessInfo.processInfo.environment["SWIFT"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift"
    /// The slices of main.swift, in its order, as opaque premultiplied pixels.
    static let slices: [(text: String, pixel: UInt32)] = [("Gift card", 0xFFE7_4C3C), ("Mug", 0xFFF3_9C12),
        ("T-shirt", 0xFF27_AE60), ("Stickers", 0xFF29_80B9), ("Try again", 0xFF8E_44AD)]

    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func testTheExampleRendersItsWheelWithTheFontsOfTheCheckoutItWasBuiltFrom() throws {
        let build = try run("/usr/bin/env", [Self.swift, "build", "--package-path", Self.package])
        XCTAssertEqual(build.status, 0, "swift build in Examples/RenderWheel:\n\(build.output.suffix(4000))")
        let binPath = try run("/usr/bin/env", [Self.swift, "build", "--package-path", Self.package, "--show-bin-path"])
        let built = binPath.output.split(separator: "\n").last.map(String.init) ?? ""
        // Copied out of the repository: no assets/ above the program or the folder it runs in.
        let program = scratch.appendingPathComponent("RenderWheel").path
        try FileManager.default.copyItem(atPath: built + "/RenderWheel", toPath: program)

        let rendered = try run(program, ["wheel.png"], in: scratch, without: "ROUNDEL_ASSETS")
        XCTAssertEqual(rendered.status, 0, rendered.output)
        XCTAssertTrue(rendered.output.contains(#""state":"stopped""#) && rendered.output.contains(#""text":"Mug""#),
                      "stopped on slice 1, Mug: \(rendered.output)")

        let image = try readPNG(scratch.appendingPathComponent("wheel.png").path)
        XCTAssertEqual([image.width, image.height], [480, 480])
        // Every slice shows its own colour over a fair part of the wheel, and the one under the
        // pointer, on the ray from the wheel's middle up to 12 o'clock, is Mug's and no other's.
        var count = [Int](repeating: 0, count: Self.slices.count), sumX = count, sumY = count
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let i = Self.slices.firstIndex(where: { $0.pixel == image[x, y] }) else { continue }
                count[i] += 1; sumX[i] += x; sumY[i] += y
            }
        }
        for (i, slice) in Self.slices.enumerated() {
            XCTAssertGreaterThan(count[i], 5000, "\(slice.text)'s colour covers \(count[i]) px")
        }
        let total = count.reduce(0, +)
        guard total > 0 else { return }
        let middleX = sumX.reduce(0, +) / total, middleY = sumY.reduce(0, +) / total
        var onRay = [Int](repeating: 0, count: Self.slices.count)
        for y in stride(from: middleY - 30, through: 0, by: -1) {
            if let i = Self.slices.firstIndex(where: { $0.pixel == image[middleX, y] }) { onRay[i] += 1 }
        }
        XCTAssertGreaterThan(onRay[1], 50, "Mug under the pointer, above the middle (\(middleX), \(middleY)): \(onRay)")
        XCTAssertEqual(onRay.reduce(0, +), onRay[1], "no other slice under the pointer: \(onRay)")
    }

    struct Outcome { var status: Int32; var output: String }

    /// `executable arguments` in `directory`, stdout and stderr together, with `without` unset.
    func run(_ executable: String, _ arguments: [String], in directory: URL? = nil, without: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        if let without { environment[without] = nil }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-example-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Outcome(status: process.terminationStatus, output: String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}
