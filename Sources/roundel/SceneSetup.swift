// Building a scene from the command line's words: its name, the config file and the seed. Shared by
// `render` and `run`, so both read a config the same way and report its errors the same way.
import Foundation
import Scenes

enum SceneSetup {
    /// Loads fonts (and, for the wheel, its config and ring image) and makes scene `name`.
    static func make(_ name: String, configPath: String?, seed: UInt64?) throws -> Scene {
        let resources: SceneResources
        do { resources = try SceneResources.loadDefault() } catch { throw UserError("\(error)") }
        switch name {
        case "wheel":
            return WheelScene(config: try wheelConfig(configPath), resources: resources, seed: seed)
        default:
            guard let scene = SceneCatalog.make(name, resources: resources) else {
                throw UserError("roundel: unknown scene '\(name)' (choose from \(SceneCatalog.names.joined(separator: ", ")))")
            }
            return scene
        }
    }

    /// The wheel section of `path`, or the built-in wheel.
    static func wheelConfig(_ path: String?) throws -> WheelConfig {
        guard let path else { return .defaults }
        do { return try WheelConfig.load(path: path) } catch { throw UserError(error.description) }
    }

    /// `--seed`: a whole number 0…2⁶⁴−1.
    static func parseSeed(_ text: String?) throws -> UInt64? {
        guard let text else { return nil }
        guard let seed = UInt64(text) else {
            throw UserError("roundel: --seed '\(text)' is not a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }
}
