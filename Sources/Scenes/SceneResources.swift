// What scenes load once, before the first frame: the font stack. Loading happens here, never in
// `render`, so a frame does no file I/O. (The shipped ring is drawn from its description, `StillRing`.)
// The fonts a config names share one memory budget (`fontMemoryLimit`), so no config within the
// stated limits can hold more memory than a Raspberry Pi can spare.
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
    /// The shipped typeface it was loaded with (a config's `typeface`).
    public private(set) var typeface: Typeface = .sans
    /// The language a wheel shows when its config names none: the environment's in the window and
    /// `render` (`Language.fromEnvironment`), English for a program that does not say.
    public private(set) var systemLanguage = Language.english

    /// The most memory the fonts in a config's `fonts` may keep together: their glyphs, a bit a
    /// pixel (`BitmapFont.memoryBytes`). Sixteen fonts at the file limit could keep 256 MB, and a
    /// reload that changes `fonts` holds the old and the new ones for a moment; a Raspberry Pi 4
    /// may have 1 GB in all. Real fonts keep a few MB (Debian's GNU Unifont, 57 000 glyphs: 2.7 MB).
    public static let fontMemoryLimit = 128 << 20

    /// `extraFonts` (each its own face, in order), then the shipped fonts (`typeface`) from
    /// `assetsDirectory` (Roundel's `assets/`, the folder holding `fonts/`; nil: found as
    /// `Assets.locateDirectory` says, which for a program built against a checkout of Roundel is that
    /// checkout's), with Debian's Unifont as the fallback when it is installed.
    /// Throws a SceneError when no assets directory is found, a FontError for a font file that cannot
    /// be read (naming it), and one naming the first of `extraFonts` that takes them over `fontMemoryLimit`.
    public static func loadDefault(extraFonts: [String] = [], typeface: Typeface = .sans, systemLanguage: Language = .english,
                                   assetsDirectory: String? = nil) throws -> SceneResources {
        guard let directory = assetsDirectory ?? Assets.locateDirectory() else {
            throw SceneError("roundel: cannot find Roundel's assets directory (with fonts/ inside); "
                + "set \(Assets.environmentVariable) to its path")
        }
        let stack = try FontStack.defaultStack(assetsDirectory: directory, typeface: typeface)
        var faces: [FontFace] = []
        var kept = 0
        for path in extraFonts {
            let font = try BitmapFont(contentsOfFile: path)
            kept += font.memoryBytes
            guard kept <= fontMemoryLimit else {
                throw FontError(file: path, line: nil, message: "its glyphs take \(megabytes(font.memoryBytes)) of memory, "
                                + "\(megabytes(kept)) with the fonts before it; the fonts in `fonts` may take "
                                + "\(fontMemoryLimit >> 20) MB together")
            }
            faces.append(FontFace(font))
        }
        let resources = SceneResources(fonts: faces.isEmpty ? stack : FontStack(faces: faces + stack.faces),
                                       assetsDirectory: directory)
        resources.extraFonts = extraFonts
        resources.typeface = typeface
        resources.systemLanguage = systemLanguage
        return resources
    }
}

/// `bytes` in MB with one decimal, rounded up (so a total just over a limit never reads as the limit).
private func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
    return "\(tenths / 10).\(tenths % 10) MB"
}

/// A scene could not be set up (missing assets, bad config): `description` is one line for stderr.
public struct SceneError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
