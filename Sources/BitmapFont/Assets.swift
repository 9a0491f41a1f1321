// Finding Roundel's `assets/` directory (it holds fonts/, the ring image, example configs) and
// loading the default font stack from it. Lookup order, first hit wins:
//   1. $ROUNDEL_ASSETS, taken as given (so a wrong value gives a clear "cannot be read" error later);
//   2. walking up from the executable (symlinks resolved): each ancestor's `assets/` or
//      `share/roundel/assets/` that contains `fonts/` (covers .build/release/roundel and /usr/local/bin);
//   3. walking up from the current directory the same way.
import FoundationEssentials

public enum Assets {
    public static let environmentVariable = "ROUNDEL_ASSETS"

    /// The assets directory, or nil when none is found (see the file header for the search order).
    public static func locateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       executablePath: String? = runningExecutablePath(),
                                       currentDirectory: String = FileManager.default.currentDirectoryPath) -> String? {
        if let override = environment[environmentVariable], !override.isEmpty { return override }
        var starts: [URL] = []
        if let exe = executablePath, !exe.isEmpty {
            let url = URL(fileURLWithPath: exe, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            starts.append(url.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: currentDirectory, isDirectory: true))
        for start in starts {
            var dir = start.standardizedFileURL
            for _ in 0..<32 {
                for candidate in ["assets", "share/roundel/assets"] {
                    let assets = dir.appendingPathComponent(candidate)
                    var isDirectory = false
                    if FileManager.default.fileExists(atPath: assets.appendingPathComponent("fonts").path, isDirectory: &isDirectory),
                       isDirectory {
                        return assets.path
                    }
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return nil
    }

    /// This process's executable: Linux's /proc/self/exe, else how it was invoked (argv[0]).
    public static func runningExecutablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}

extension FontStack {
    /// The shipped Latin font's strikes, relative to the assets directory.
    public static let defaultFontFiles = ["fonts/ter-u16b.bdf", "fonts/ter-u32b.bdf"]
    /// efont Bold 24 px, Hangul, kana and CJK only: the sharp strike for those scripts above ~21 px.
    public static let cjkFontFile = "fonts/efont-b24-cjk.bdf"
    /// GNU Unifont's U+1F000–1FAFF (emoji, cards, mahjong), shipped: Debian's unifont package has no
    /// upper planes before trixie.
    public static let emojiFontFile = "fonts/unifont-1F.hex"
    /// Debian's GNU Unifont (package `unifont`), used as the fallback when installed. Never copied into the repo.
    public static let systemUnifontPath = "/usr/share/unifont/unifont.hex"

    /// Unifont's glyphs beyond the Basic Multilingual Plane (emoji, historic scripts), where a
    /// Debian release ships them as a file of their own.
    public static let systemUnifontUpperPath = "/usr/share/unifont/unifont_upper.hex"

    /// In fallback order: Terminus Bold 16 and 32 px from `assetsDirectory`/fonts; GNU Unifont from
    /// `fallbackPath` joined with the shipped efont 24 px as one face (Unifont's 16 px draws small
    /// text, efont's Hangul and CJK large text); Unifont's upper planes from `upperPath`; the shipped
    /// Unifont emoji. Unifont's files are optional (their absence is not an error; characters no
    /// face has draw boxes).
    public static func defaultStack(assetsDirectory: String,
                                    fallbackPath: String? = FontStack.systemUnifontPath,
                                    upperPath: String? = FontStack.systemUnifontUpperPath) throws(FontError) -> FontStack {
        func path(_ file: String) -> String { FilePaths.appending(file, to: assetsDirectory) }
        var strikes: [BitmapFont] = []
        for file in defaultFontFiles {
            strikes.append(try BitmapFont(contentsOfFile: path(file)))
        }
        var faces: [FontFace] = []
        if let face = FontFace(strikes: strikes) { faces.append(face) }
        var unifont: [BitmapFont] = []
        if let fallbackPath, FileManager.default.isReadableFile(atPath: fallbackPath) {
            unifont.append(try BitmapFont(trustedSortedHexFile: fallbackPath))
        }
        unifont.append(try BitmapFont(trustedSortedBDFFile: path(cjkFontFile)))
        if let face = FontFace(strikes: unifont) { faces.append(face) }
        if fallbackPath != nil, let upperPath, FileManager.default.isReadableFile(atPath: upperPath) {
            faces.append(FontFace(try BitmapFont(trustedSortedHexFile: upperPath)))
        }
        faces.append(FontFace(try BitmapFont(trustedSortedHexFile: path(emojiFontFile))))
        return FontStack(faces: faces)
    }
}
