// The scenes the command line and the window can show, by name.

public enum SceneCatalog {
    public static let names = ["testcard", "wheel"]

    /// A fresh scene for `name` with its built-in defaults, or nil when there is no such scene.
    public static func make(_ name: String, resources: SceneResources) -> Scene? {
        switch name {
        case "testcard": return TestCard(resources: resources)
        case "wheel": return WheelScene(resources: resources)
        default: return nil
        }
    }

    /// The wheel from a checked config (`WheelConfig.load(path:)`, or `.defaults`); `seed` nil draws
    /// outcomes from the system's generator, a seed makes them reproducible.
    public static func makeWheel(config: WheelConfig, resources: SceneResources, seed: UInt64?) -> WheelScene {
        WheelScene(config: config, resources: resources, seed: seed)
    }
}
