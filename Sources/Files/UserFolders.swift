// Where a desktop user keeps documents, for files the window writes for them (the winners' CSV): the
// XDG documents folder (`XDG_DOCUMENTS_DIR` in ~/.config/user-dirs.dirs, as xdg-user-dir reads it),
// else ~/Documents, when it is a folder; nil when neither is (a kiosk's service user, a bare HOME).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum UserFolders {
    /// The documents folder for `environment` (HOME, XDG_CONFIG_HOME), if there is one.
    public static func documents(environment: [String: String]) -> String? {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        var candidates: [String] = []
        if let bytes = try? RegularFile.read(config + "/user-dirs.dirs", limit: 64 << 10) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("XDG_DOCUMENTS_DIR=") {
                var value = String(line.dropFirst("XDG_DOCUMENTS_DIR=".count))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                if value.hasPrefix("$HOME") { value = home + value.dropFirst(5) }
                // user-dirs.dirs sets a folder the user does not want to home itself: "not set" then.
                if value.hasPrefix("/"), value != home, value != home + "/" { candidates.append(value) }
            }
        }
        candidates.append(home + "/Documents")
        return candidates.first { isFolder($0) }
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
