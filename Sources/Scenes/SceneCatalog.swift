// The scenes the command line and the window can show, by name.

public enum SceneCatalog {
    public static let names = ["testcard"]

    /// A fresh scene for `name`, or nil when there is no such scene.
    public static func make(_ name: String, resources: SceneResources) -> Scene? {
        switch name {
        case "testcard": return TestCard(resources: resources)
        default: return nil
        }
    }
}
