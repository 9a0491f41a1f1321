// Where Roundel's assets are found: the order of Assets.locateDirectory, and the package's own
// `assets/` last, for a program built against a checkout of Roundel and run anywhere on that machine.
import BitmapFont
import Foundation
import XCTest

final class AssetsTests: XCTestCase {
    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    /// A program run from a folder with no assets above it, itself in such a folder, finds the
    /// assets of the package it was built from: this checkout's.
    func testTheBuildingPackagesAssetsAreFoundFromAnywhere() throws {
        let program = scratch.appendingPathComponent("bin/program").path
        let found = Assets.locateDirectory(environment: [:], executablePath: program, currentDirectory: scratch.path)
        XCTAssertEqual(found, packageRoot() + "/assets")
        XCTAssertEqual(Assets.packageDirectory, packageRoot() + "/assets")
        // Only as a last resort, and only a folder that holds fonts/.
        XCTAssertNil(Assets.locateDirectory(environment: [:], executablePath: program, currentDirectory: scratch.path,
                                            packageAssets: scratch.path), "a folder without fonts/ is no assets folder")
        XCTAssertNil(Assets.locateDirectory(environment: [:], executablePath: program, currentDirectory: scratch.path,
                                            packageAssets: nil))
    }

    /// The variable, then an installed layout next to the executable, still come first (the
    /// executable's behaviour is unchanged).
    func testVariableAndExecutablesFolderComeFirst() throws {
        let installed = scratch.appendingPathComponent("share/roundel/assets")
        try FileManager.default.createDirectory(at: installed.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        let program = scratch.appendingPathComponent("bin/roundel").path
        XCTAssertEqual(Assets.locateDirectory(environment: [:], executablePath: program, currentDirectory: "/"),
                       installed.standardizedFileURL.path)
        XCTAssertEqual(Assets.locateDirectory(environment: ["ROUNDEL_ASSETS": "/x"], executablePath: program, currentDirectory: "/"), "/x")
    }
}
