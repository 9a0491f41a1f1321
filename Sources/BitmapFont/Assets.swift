// Finding Roundel's `assets/` directory (it holds fonts/, the ring image, example configs) and
// loading the default font stack from it. Lookup order, first hit wins:
//   1. $ROUNDEL_ASSETS, taken as given (so a wrong value gives a clear "cannot be read" error later);
//   2. walking up from the executable (symlinks resolved): each ancestor's `assets/` or
//      `share/roundel/assets/` that contains `fonts/` (covers .build/release/roundel and /usr/local/bin);
//   3. walking up from the current directory the same way;
//   4. the `assets/` of the package this file was compiled in (`packageDirectory`), so a program
//      that uses the library products from a checkout of Roundel (a path dependency, or SwiftPM's
//      own checkout of a URL dependency) finds it with no variable set.
// A program that ships its own copy names it instead (`SceneResources.loadDefault(assetsDirectory:)`).
import FoundationEssentials

public enum Assets {
    public static let environmentVariable = "ROUNDEL_ASSETS"

    /// The assets directory, or nil when none is found (see the file header for the search order).
    /// `packageAssets`: the last place looked, when it holds `fonts/`.
    public static func locateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       executablePath: String? = runningExecutablePath(),
                                       currentDirectory: String = FileManager.default.currentDirectoryPath,
                                       packageAssets: String? = packageDirectory) -> String? {
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
                    if hasFonts(assets.path) { return assets.path }
                }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        if let packageAssets, hasFonts(packageAssets) { return packageAssets }
        return nil
    }

    /// `assets/` in the package whose sources built this module: this file's path as the compiler was
    /// given it (`#filePath`, <package>/Sources/BitmapFont/Assets.swift), three folders up. It names a
    /// folder on the machine that built the program: right for `swift run`, a test, a program run
    /// where it was built; a binary copied elsewhere finds nothing here (`hasFonts` says so) and must
    /// be given its assets. Chosen over SwiftPM resources: those are copied (36 MB of fonts) into
    /// every build folder and read through `Bundle.module`, which needs full Foundation (ICU, 7 MB of
    /// resident memory a process; see docs/architecture.md).
    public static let packageDirectory: String = {
        var path = #filePath
        for _ in 0..<3 { path = FilePaths.deletingLastComponent(of: path) }
        return FilePaths.appending("assets", to: path)
    }()

    /// Whether `directory` holds a `fonts/` folder (what makes it an assets directory).
    static func hasFonts(_ directory: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: FilePaths.appending("fonts", to: directory), isDirectory: &isDirectory)
            && isDirectory
    }

    /// This process's executable: Linux's /proc/self/exe, else how it was invoked (argv[0]).
    public static func runningExecutablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}

/// The shipped typefaces a config may choose (`typeface`).
public enum Typeface: String, CaseIterable, Sendable {
    /// A proportional sans serif for every script (Noto Sans Bold and its CJK, Arabic and Hebrew
    /// companions, colour emoji): the default.
    case sans
    /// Terminus Bold, the monospaced terminal font, for Latin, Greek and Cyrillic; other scripts as `sans`.
    case terminus
}

extension FontStack {
    /// Terminus's strikes, relative to the assets directory.
    public static let terminusFontFiles = ["fonts/ter-u16b.bdf", "fonts/ter-u32b.bdf"]
    /// The sans serif's faces in fallback order (each one strike, traced smooth at every size): Latin,
    /// Greek and Cyrillic; Arabic; Hebrew; Hangul, kana and Han.
    public static let sansFontFiles = ["fonts/sans-bold-100.bdf", "fonts/sans-arabic-bold-100.bdf",
                                       "fonts/sans-hebrew-bold-100.bdf", "fonts/sans-cjk-bold-50.bdf"]
    /// Colour emoji (`ColorGlyphs`).
    public static let emojiFolder = "fonts/emoji"
    /// GNU Unifont's U+1F000–1FAFF (emoji, cards, mahjong), shipped: Debian's unifont package has no
    /// upper planes before trixie. After the colour emoji: playing cards, mahjong and emoji they lack.
    public static let unifontUpperSubset = "fonts/unifont-1F.hex"
    /// Debian's GNU Unifont (package `unifont`), used as the fallback when installed. Never copied into the repo.
    public static let systemUnifontPath = "/usr/share/unifont/unifont.hex"

    /// Unifont's glyphs beyond the Basic Multilingual Plane (emoji, historic scripts), where a
    /// Debian release ships them as a file of their own.
    public static let systemUnifontUpperPath = "/usr/share/unifont/unifont_upper.hex"

    /// In fallback order: Terminus Bold 16 and 32 px when `typeface` is `.terminus`; the sans
    /// serif's faces from `assetsDirectory`/fonts; colour emoji; GNU Unifont from `fallbackPath`
    /// (Thai, Devanagari and the other scripts the sans lacks, at 16 px); Unifont's upper planes from
    /// `upperPath`; the shipped Unifont subset. Unifont's files are optional (their absence is not an
    /// error; characters no face has draw boxes). The large files are read on trust (sorted, checked
    /// glyph by glyph when first drawn): loading costs reading them.
    public static func defaultStack(assetsDirectory: String, typeface: Typeface = .sans,
                                    fallbackPath: String? = FontStack.systemUnifontPath,
                                    upperPath: String? = FontStack.systemUnifontUpperPath) throws(FontError) -> FontStack {
        func path(_ file: String) -> String { FilePaths.appending(file, to: assetsDirectory) }
        var faces: [FontFace] = []
        if typeface == .terminus {
            var strikes: [BitmapFont] = []
            for file in terminusFontFiles { strikes.append(try BitmapFont(contentsOfFile: path(file))) }
            if let face = FontFace(strikes: strikes) { faces.append(face) }
        }
        for file in sansFontFiles {
            faces.append(FontFace(try BitmapFont(trustedSortedBDFFile: path(file)), traced: true))
        }
        faces.append(FontFace(colors: try ColorGlyphs(folder: path(emojiFolder))))
        if let fallbackPath, FileManager.default.isReadableFile(atPath: fallbackPath) {
            faces.append(FontFace(try BitmapFont(trustedSortedHexFile: fallbackPath)))
        }
        if fallbackPath != nil, let upperPath, FileManager.default.isReadableFile(atPath: upperPath) {
            faces.append(FontFace(try BitmapFont(trustedSortedHexFile: upperPath)))
        }
        faces.append(FontFace(try BitmapFont(trustedSortedHexFile: path(unifontUpperSubset))))
        return FontStack(faces: faces)
    }
}
