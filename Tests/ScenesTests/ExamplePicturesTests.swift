// assets/fruit/ holds the example pictures of assets/wheel-fruit.json (and of the bench's wheel with
// pictures), drawn by ExamplePictures: regenerating them must give the shipped files, so they are
// reproducible. RECORD=1 rewrites them (then look at them). The logo's text comes from the shipped
// fonts, so it is only checked to be there and readable as a PNG.
import Foundation
import PNGCodec
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class ExamplePicturesTests: XCTestCase {
    static var fruitDirectory: String { WheelRingImageTests.assetsDirectory + "/fruit" }

    func testTheShippedPicturesAreWhatTheGeneratorMakes() throws {
        var pictures = try ExamplePictures.fruitNames.map { ($0, try XCTUnwrap(ExamplePictures.fruit($0))) }
        pictures.append(("background", try XCTUnwrap(ExamplePictures.background())))
        for (name, picture) in pictures {
            // Tolerance 0: flat fills and exact coverage, no libm-dependent shading.
            XCTAssertNil(compareSnapshot(picture, named: name, referenceDirectory: Self.fruitDirectory), name)
        }
        let logoPath = Self.fruitDirectory + "/logo.png"
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try writePNG(try XCTUnwrap(ExamplePictures.logo(fonts: SceneResources.loadDefault().fonts)), to: logoPath)
        }
        let logo = try readPNG(logoPath)
        XCTAssertEqual([logo.width, logo.height], [ExamplePictures.side, ExamplePictures.side])
    }
}
