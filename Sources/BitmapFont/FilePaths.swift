// Joining and splitting '/'-separated file paths as strings, the way NSString's path methods did,
// so modules that only name files need no full Foundation. No normalisation beyond what each
// function says: "." and ".." are left alone, and nothing touches the file system.

public enum FilePaths {
    /// `directory/component`, with one separator: ("assets", "ring.png") → "assets/ring.png",
    /// ("/", "x") → "/x", ("", "x") → "x".
    public static func appending(_ component: String, to directory: String) -> String {
        if directory.isEmpty { return component }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// The last component: "/a/b.png" → "b.png", "/a/b/" → "b", "/" → "/", "" → "".
    public static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSeparators(path)
        guard trimmed != "/" else { return trimmed }
        return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// Everything before the last component: "/a/b.png" → "/a", "/a/b/" → "/a", "/a" → "/",
    /// "b.png" → "" (callers read an empty directory as ".").
    public static func deletingLastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSeparators(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "" }
        let parent = trimmingTrailingSeparators(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// "a/b//" → "a/b"; a path of only separators becomes "/".
    private static func trimmingTrailingSeparators(_ path: String) -> String {
        guard path.hasSuffix("/") else { return path }
        let trimmed = String(path.reversed().drop { $0 == "/" }.reversed())
        return trimmed.isEmpty ? "/" : trimmed
    }
}
