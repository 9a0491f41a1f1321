// swift-tools-version:6.0
// Roundel: a software-rendered spinning wheel, countdown ring, pie chart and clock.
// Dependencies point one way: Raster <- BitmapFont <- Scenes <- Host <- roundel (see DESIGN.md).
import PackageDescription

let package = Package(
    name: "Roundel",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "BitmapFont", targets: ["BitmapFont"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .executable(name: "roundel", targets: ["roundel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWchar"),
        .target(name: "Raster", dependencies: ["CWchar"]),
        .target(name: "BitmapFont", dependencies: ["Raster"]),
        .target(name: "PNGCodec", dependencies: ["CPNG", "Raster"]),
        .target(name: "Motion"),
        .target(name: "Scenes", dependencies: ["Raster", "BitmapFont", "Motion", "PNGCodec"]),
        .target(name: "Host", dependencies: ["Scenes", "CSDL2", "PNGCodec", "Raster"]),
        .executableTarget(name: "roundel", dependencies: [
            "Host", "Scenes", "PNGCodec", "Raster", "BitmapFont",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Golden-image comparison shared by the test targets (first bad pixel, actual.png, diff.png, RECORD=1).
        .target(name: "Snapshot", dependencies: ["Raster", "PNGCodec"], path: "Tests/Snapshot"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PNGCodec", "Snapshot"], exclude: ["References"]),
        .testTarget(name: "BitmapFontTests", dependencies: ["BitmapFont", "Raster", "PNGCodec", "Snapshot"], exclude: ["References"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster"], exclude: ["Fixtures"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Raster", "PNGCodec", "Snapshot"], exclude: ["References"]),
        .testTarget(name: "CLITests", dependencies: ["roundel"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "Scenes", "Raster", "CSDL2"]),
    ]
)
