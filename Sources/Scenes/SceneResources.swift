// What scenes load once, before the first frame: the font stack and the shipped ring image.
// Loading happens here, never in `render`, so a frame does no file I/O. The ring is decoded on a
// second core while the fonts are parsed: the two are most of the time to the first frame.
import BitmapFont
import PNGCodec
import Raster

public final class SceneResources {
    public let fonts: FontStack
    public let assetsDirectory: String
    /// assets/ring.png, decoded; nil when not loaded (a wheel then reads or generates it itself).
    public let shippedRing: Pixmap?

    public init(fonts: FontStack, assetsDirectory: String, shippedRing: Pixmap? = nil) {
        self.fonts = fonts
        self.assetsDirectory = assetsDirectory
        self.shippedRing = shippedRing
    }

    /// The shipped fonts from the assets directory (see `Assets.locateDirectory`), with Debian's
    /// Unifont as the fallback when it is installed, and the shipped ring image.
    public static func loadDefault() throws -> SceneResources {
        guard let directory = Assets.locateDirectory() else {
            throw SceneError("roundel: cannot find Roundel's assets directory (with fonts/ inside); "
                + "set \(Assets.environmentVariable) to its path")
        }
        let ringPath = FilePaths.appending("ring.png", to: directory)
        let ring = Pending { try? readPNG(ringPath) }
        let fonts = try FontStack.defaultStack(assetsDirectory: directory)
        return SceneResources(fonts: fonts, assetsDirectory: directory, shippedRing: ring.wait())
    }
}

/// A scene could not be set up (missing assets, bad config): `description` is one line for stderr.
public struct SceneError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
