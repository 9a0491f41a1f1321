// What scenes load once, before the first frame: the font stack (and, later, images). Loading
// happens here, never in `render`, so a frame does no file I/O.
import BitmapFont
import Foundation

public final class SceneResources {
    public let fonts: FontStack
    public let assetsDirectory: String

    public init(fonts: FontStack, assetsDirectory: String) {
        self.fonts = fonts
        self.assetsDirectory = assetsDirectory
    }

    /// The shipped fonts from the assets directory (see `Assets.locateDirectory`), with Debian's
    /// Unifont as the fallback when it is installed.
    public static func loadDefault() throws -> SceneResources {
        guard let directory = Assets.locateDirectory() else {
            throw SceneError("roundel: cannot find Roundel's assets directory (with fonts/ inside); "
                + "set \(Assets.environmentVariable) to its path")
        }
        return SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: directory), assetsDirectory: directory)
    }
}

/// A scene could not be set up (missing assets, bad config): `description` is one line for stderr.
public struct SceneError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
