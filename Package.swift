// swift-tools-version:6.0
// Roundel: a software-rendered spinning wheel, countdown ring, pie chart and clock.
// Dependencies point one way: Files (no dependencies) under everything that reads or writes a user's file; Raster <- PNGCodec <- BitmapFont <- Scenes <- Host <- roundel, Motion <- Draws <- Scenes (see docs/architecture.md).
import Foundation
import PackageDescription
#if arch(x86_64) && os(Linux)

/// On an x86-64 machine with AVX2 and FMA (x86-64-v3: Intel 2013, AMD 2015 on) everything is built
/// for that CPU family, as the build runs on the machine it is for (`make run`, a kiosk's checkout):
/// the compiler then uses three-operand AVX and 256-bit integer SIMD, 18 % fewer instructions a wheel
/// frame, same pixels. Any other CPU, and ARM64 (the Pi), gets the baseline. A binary meant for other
/// machines (a Docker image, a cross build) is built with ROUNDEL_PORTABLE=1. See docs/performance.md.
let cpuSettings: [SwiftSetting] = {
    guard ProcessInfo.processInfo.environment["ROUNDEL_PORTABLE"] == nil,
          let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
    let flags = Set(line.split(separator: " ").map(String.init))
    guard ["avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe"].allSatisfy(flags.contains) else { return [] }
    return [.unsafeFlags(["-target-cpu", "haswell"])]
}()
#else
let cpuSettings: [SwiftSetting] = []
#endif

/// libFuzzer harnesses (`make fuzz`): built only with ROUNDEL_FUZZ=1 and -sanitize=fuzzer, which
/// supplies their main function; a normal build does not see them.
let fuzzTargets: [Target] = ProcessInfo.processInfo.environment["ROUNDEL_FUZZ"] == nil ? [] : [
    ("FuzzConfig", ["Scenes", "Raster"]), ("FuzzBDF", ["BitmapFont"]), ("FuzzHex", ["BitmapFont"]),
    ("FuzzPNG", ["PNGCodec"]), ("FuzzNames", ["Draws"]), ("FuzzState", ["Draws"]),
].map { name, dependencies in
    .executableTarget(name: name, dependencies: (["FuzzSupport"] + dependencies).map { .target(name: $0) }, path: "Tests/Fuzz/\(name)")
} + [.target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport")]

let package = Package(
    name: "Roundel",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "BitmapFont", targets: ["BitmapFont"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Draws", targets: ["Draws"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .executable(name: "roundel", targets: ["roundel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWchar"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "Files"),
        .target(name: "Raster", dependencies: ["CWchar"], swiftSettings: cpuSettings),
        .target(name: "BitmapFont", dependencies: ["Raster", "CFriBidi", "Files", "PNGCodec"], swiftSettings: cpuSettings),
        .target(name: "PNGCodec", dependencies: ["CPNG", "Raster", "Files"], swiftSettings: cpuSettings),
        .target(name: "Motion", swiftSettings: cpuSettings),
        .target(name: "Draws", dependencies: ["Motion", "CSQLite", "CPostgres", "Files"], swiftSettings: cpuSettings),
        .target(name: "Scenes", dependencies: ["Raster", "BitmapFont", "Motion", "PNGCodec", "Draws", "Files"], swiftSettings: cpuSettings),
        .target(name: "Host", dependencies: ["Scenes", "Control", "CSDL2", "CSystemd", "CX11", "PNGCodec", "Raster", "Files", "QR"], swiftSettings: cpuSettings),
        // The kiosk's control API (HTTP through libmicrohttpd's own threads), beside Host: no SDL here.
        .target(name: "Control", dependencies: ["Scenes", "Draws", "CMicroHTTPD"], swiftSettings: cpuSettings),
        // The control page's link as a QR code (libqrencode), for the terminal and the window alike.
        .target(name: "QR", dependencies: ["CQREncode"], swiftSettings: cpuSettings),
        .executableTarget(name: "roundel", dependencies: [
            "Host", "Control", "Scenes", "PNGCodec", "Raster", "BitmapFont", "Draws", "CWebP", "Files",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: cpuSettings),
        // Golden-image comparison shared by the test targets (first bad pixel, actual.png, diff.png, RECORD=1).
        .target(name: "Snapshot", dependencies: ["Raster", "PNGCodec"], path: "Tests/Snapshot"),
        .target(name: "TestDisplay", path: "Tests/TestDisplay"),
        // A raw-socket HTTP client for the control API's tests (what a browser would not send, too).
        .target(name: "TestLoopback", path: "Tests/TestLoopback"),
        // A real QR decoder (zbarimg) for the tests of the control page's QR code.
        .target(name: "TestScanner", path: "Tests/TestScanner"),
        // Headless Chromium through chromedriver (W3C WebDriver over TestLoopback): the control page's tests.
        .target(name: "TestBrowser", dependencies: ["TestLoopback"], path: "Tests/TestBrowser"),
        // The PostgreSQL server `make test` starts (scripts/test-postgres.sh): a database each, outages.
        .target(name: "TestPostgres", path: "Tests/TestPostgres"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PNGCodec", "Snapshot", "Motion"], exclude: ["References"]),
        .testTarget(name: "BitmapFontTests", dependencies: ["BitmapFont", "Raster", "PNGCodec", "Snapshot"], exclude: ["References"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster"], exclude: ["Fixtures"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "DrawsTests", dependencies: ["Draws", "Motion", "TestPostgres"], exclude: ["Fixtures"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Raster", "PNGCodec", "Snapshot", "Draws", "CSQLite"], exclude: ["References"]),
        .testTarget(name: "CLITests", dependencies: ["roundel", "Motion", "PNGCodec", "Raster", "Host", "Scenes", "CWebP", "Draws", "CSQLite", "TestDisplay", "TestPostgres", "TestLoopback", "TestScanner", "TestBrowser"], exclude: ["Fixtures"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "Control", "Scenes", "Raster", "Motion", "CSDL2", "CX11", "Draws", "TestDisplay", "TestPostgres", "TestLoopback", "QR", "TestScanner"]),
        .testTarget(name: "ControlTests", dependencies: ["Control", "Scenes", "Draws", "PNGCodec", "TestLoopback", "TestBrowser"]),
        .testTarget(name: "QRTests", dependencies: ["QR", "Raster", "PNGCodec", "TestScanner"]),
    ] + fuzzTargets
)
