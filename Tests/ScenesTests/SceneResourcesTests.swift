// SceneResources.loadDefault(assetsDirectory:): a program that ships Roundel's assets names the
// folder, and the fonts come from there, not from wherever a search would have found some.
import BitmapFont
import Foundation
import Scenes
import XCTest

final class SceneResourcesTests: XCTestCase {
    func testTheFontsComeFromTheFolderGiven() throws {
        let given = WheelRingImageTests.assetsDirectory
        XCTAssertEqual(try SceneResources.loadDefault(assetsDirectory: given).assetsDirectory, given)

        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-no-assets-\(UUID().uuidString)").path
        XCTAssertThrowsError(try SceneResources.loadDefault(assetsDirectory: missing)) { error in
            let font = error as? FontError
            XCTAssertEqual(font?.file, missing + "/" + FontStack.sansFontFiles[0], "the folder given is read: \(error)")
        }
    }
}
