// swift-tools-version:6.0
// A program that uses Roundel's library products: renders a wheel to a PNG (docs/library.md).
// Outside this repository, point the dependency at your checkout of Roundel (`path:`) or at its
// repository (`url:` with `branch:` or `revision:`; see docs/library.md for why not `from:`).
import PackageDescription

let package = Package(
    name: "RenderWheel",
    dependencies: [
        .package(name: "Roundel", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "RenderWheel", dependencies: [
            .product(name: "Scenes", package: "Roundel"),
            .product(name: "Raster", package: "Roundel"),
            .product(name: "PNGCodec", package: "Roundel"),
        ]),
    ]
)
