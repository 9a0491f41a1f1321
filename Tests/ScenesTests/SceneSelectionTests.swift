// The config's `scene` and `scenes`: which scene a window shows first and which it cycles through.
@testable import Scenes
import XCTest

final class SceneSelectionTests: ConfigFileTestCase {
    func testSceneAndScenes() throws {
        let configs = try SceneCatalog.read(try ConfigFile.load(path: try write(#"{"scene": "timer", "scenes": ["timer", "clock"]}"#)))
        XCTAssertEqual(configs.scene, "timer")
        XCTAssertEqual(configs.scenes, ["timer", "clock"])
        let none = try SceneCatalog.read(try ConfigFile.load(path: try write(#"{"wheel": {}}"#)))
        XCTAssertNil(none.scene)
        XCTAssertNil(none.scenes)
        let scenes = try SceneCatalog.makeAll(configs, resources: try WheelSnapshotTests.latinResources(), only: configs.scenes)
        XCTAssertEqual(scenes.map(\.name), ["timer", "clock"])
    }

    func testMistakesAreNamed() throws {
        let cases: [(String, String)] = [
            (#"{"scene": "roulette"}"#, "scene: 'roulette' is not a scene (use one of wheel, timer, pie, clock, testcard)"),
            (#"{"scene": 3}"#, "scene: must be a string, not a number"),
            (#"{"scenes": []}"#, "scenes: is empty"),
            (#"{"scenes": ["wheel", "wheel"]}"#, "scenes[1]: 'wheel' is named twice"),
            (#"{"scenes": ["wheel", "dice"]}"#, "scenes[1]: 'dice' is not a scene"),
            (#"{"scene": "pie", "scenes": ["wheel", "clock"]}"#, "scene: 'pie' is not one of scenes (wheel, clock)"),
        ]
        for (json, expected) in cases {
            let got = try failure(json, load: { _ = try SceneCatalog.read(try ConfigFile.load(path: $0)) })
            XCTAssertTrue(got.hasPrefix(expected), "\(json)\n  expected: \(expected)\n  got:      \(got)")
        }
    }
}
