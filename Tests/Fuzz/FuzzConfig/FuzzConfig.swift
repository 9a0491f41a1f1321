// libFuzzer harness: a whole config file's bytes → the config reader → every scene made from it and
// one small frame of each drawn. Built by `make fuzz` (-sanitize=fuzzer,address); not part of the
// normal build. A crash, a trap or an allocation past libFuzzer's -rss_limit_mb is a failure.
import FuzzSupport
import FoundationEssentials
import Raster
import Scenes

/// Fonts and assets, loaded once for every input.
nonisolated(unsafe) let resources = try! SceneResources.loadDefault()
nonisolated(unsafe) let canvas = Canvas(width: 48, height: 40)!

let fuzzConfig: FuzzInput = { data, size in
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? ConfigFile.parse(bytes, file: "fuzz.json", baseDirectory: "/nonexistent-roundel-fuzz") else { return 0 }
    try? file.checkSettings()
    guard let scenes = try? SceneCatalog.makeAll(config: file, resources: resources) else { return 0 }
    for scene in scenes {
        scene.render(into: canvas, at: 0.7)
        _ = scene.jsonLine(at: 0.7)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzConfig(data, size) }

@_cdecl("FuzzConfig_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzConfig)
}
