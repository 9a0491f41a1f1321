// The test card as a golden image, landscape and portrait, and the bad-input paths of scene loading.
import BitmapFont
import Raster
import Scenes
import Snapshot
import XCTest

final class TestCardTests: XCTestCase {
    func render(width: Int, height: Int) throws -> Pixmap {
        let card = TestCard(resources: try SceneResources.loadDefault())
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        card.render(into: canvas, at: 0)
        return canvas.pixmap
    }

    func testTestCardLandscape() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: FontStack.systemUnifontPath), "needs Debian's unifont (make deps)")
        XCTAssertNil(compareSnapshot(try render(width: 256, height: 192), named: "testcard-256x192",
                                     referenceDirectory: referencesDirectory()))
    }

    func testTestCardPortrait() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: FontStack.systemUnifontPath), "needs Debian's unifont (make deps)")
        XCTAssertNil(compareSnapshot(try render(width: 192, height: 256), named: "testcard-192x256",
                                     referenceDirectory: referencesDirectory()))
    }

    func testTheCardIsOpaqueEverywhere() throws {
        // A frame for the screen: no pixel may be left translucent by seams or rounding.
        let p = try render(width: 300, height: 200)
        XCTAssertTrue(p.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    func testRenderingIsDeterministic() throws {
        XCTAssertEqual(try render(width: 160, height: 120), try render(width: 160, height: 120))
    }

    func testTheCatalogMakesScenesByName() throws {
        let resources = try SceneResources.loadDefault()
        XCTAssertEqual(try SceneCatalog.make("testcard", resources: resources)?.name, "testcard")
        XCTAssertNil(try SceneCatalog.make("nope", resources: resources))
    }
}
