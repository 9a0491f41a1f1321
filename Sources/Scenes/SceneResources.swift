// What scenes load once, before the first frame: the font stack. Loading happens here, never in
// `render`, so a frame does no file I/O. (The shipped ring is drawn from its description, `StillRing`.)
import BitmapFont
import Raster

public final class SceneResources {
    public let fonts: FontStack
    public let assetsDirectory: String
    public init(fonts: FontStack, assetsDirectory: String) {
        self.fonts = fonts
        self.assetsDirectory = assetsDirectory
    }

    /// No fonts and no assets: for a scene that is asked things but never drawn (`roundel spin`).
    public static var withoutFonts: SceneResources { SceneResources(fonts: FontStack(faces: []), assetsDirectory: "") }

    /// The font files it was loaded with before the shipped ones (a config's `fonts`).
    public private(set) var extraFonts: [String] = []

    /// `extraFonts` (each its own face, in order), then the shipped fonts from the assets directory
    /// (see `Assets.locateDirectory`), with Debian's Unifont as the fallback when it is installed.
    public static func loadDefault(extraFonts: [String] = []) throws -> SceneResources {
        guard let directory = Assets.locateDirectory() else {
            throw SceneError("roundel: cannot find Roundel's assets directory (with fonts/ inside); "
                + "set \(Assets.environmentVariable) to its path")
        }
        let stack = try FontStack.defaultStack(assetsDirectory: directory)
        var faces: [FontFace] = []
        for path in extraFonts { faces.append(FontFace(try BitmapFont(contentsOfFile: path))) }
        let resources = SceneResources(fonts: faces.isEmpty ? stack : FontStack(faces: faces + stack.faces),
                                       assetsDirectory: directory)
        resources.extraFonts = extraFonts
        return resources
    }
}

/// A scene could not be set up (missing assets, bad config): `description` is one line for stderr.
public struct SceneError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
