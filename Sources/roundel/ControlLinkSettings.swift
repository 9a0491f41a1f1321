// Where `roundel control-link` finds the control API's listen address and token: the config's
// `control` object ({"listen": "HOST:PORT", "tokenFile": "…"}), and the token file made beside the
// state database when the config names none. To be replaced by ConfigFile.control() and the window's
// own token lookup once both are on one branch (they read the same keys, in the same way).
import BitmapFont
import Control
import Draws
import Files
import Scenes
#if canImport(Glibc)
import Glibc
#endif

struct ControlLinkSettings {
    var listen: String?
    var tokenFile: String?

    /// The `control` object of the config at `path` (already checked by SceneSetup.loadConfig).
    static func read(configPath path: String?) throws -> ControlLinkSettings {
        guard let path else { return ControlLinkSettings() }
        let problem = { (key: String, what: String) in UserError("roundel: config \(MessageText.quoted(path)): \(key): \(what)") }
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: ConfigFile.fileLimit) } catch { throw UserError("roundel: config \(MessageText.quoted(path)): \(error.problem)") }
        guard case .object(let top)? = try? JSONParser.parse(bytes), let raw = top["control"] else { return ControlLinkSettings() }
        guard case .object(let control) = raw else { throw problem("control", "must be an object like {\"listen\": \"0.0.0.0:8765\"}") }
        let known = ["listen", "tokenFile"]
        if let unknown = control.keys.sorted().first(where: { !known.contains($0) }) {
            let hint = Misspelling.nearest(unknown, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw problem("control", "unknown key \(MessageText.quoted(unknown))\(hint); the keys are listen, tokenFile")
        }
        var settings = ControlLinkSettings()
        if let value = control["listen"] {
            guard case .string(let listen) = value else { throw problem("control.listen", "must be a string like \"0.0.0.0:8765\"") }
            settings.listen = listen
        }
        if let value = control["tokenFile"] {
            guard case .string(let name) = value, !name.isEmpty, !name.contains("\0") else { throw problem("control.tokenFile", "is not a file name") }
            let folder = FilePaths.deletingLastComponent(of: path)
            settings.tokenFile = name.hasPrefix("/") ? name : FilePaths.appending(name, to: folder.isEmpty ? "." : folder)
        }
        return settings
    }

    /// The token: `tokenFile` (refused when others can read it), else `control-token` beside the state
    /// database, made if missing as the kiosk would; a PostgreSQL state (no folder) or the default
    /// one: the default state folder, $XDG_STATE_HOME/roundel.
    static func token(file: String?, state: (path: String, isDefault: Bool)) throws(ControlError) -> ControlToken {
        if let file { return try ControlToken.read(from: file) }
        if !state.isDefault, !Ledger.isServer(state.path) {
            let folder = FilePaths.deletingLastComponent(of: state.path)
            return try ControlToken.readOrMake(in: folder.isEmpty ? "." : folder)
        }
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        guard let path = Ledger.defaultPath(environment: environment) else {
            throw ControlError("control: no folder for the control token (HOME is not set); give control.tokenFile in the config")
        }
        let folder = FilePaths.deletingLastComponent(of: path)
        mkdir(FilePaths.deletingLastComponent(of: folder), 0o700)
        mkdir(folder, 0o700)
        return try ControlToken.readOrMake(in: folder)
    }
}
