// `control`: the kiosk's control page and API for a phone (`{"listen": "HOST:PORT", "tokenFile": "…"}`).
// Read here as the config's other settings are, so a typo is refused with the rest; the address is
// checked for its shape only (the Control module, which Scenes does not know, parses it when it listens).
import BitmapFont
import Files

/// Where the control API listens and where its token is, as the config gives them.
public struct ControlSettings: Sendable, Equatable {
    /// "HOST:PORT" or "[IPv6]:PORT"; nil: the default (loopback).
    public var listen: String?
    /// The token file, resolved against the config's folder; nil: `control-token` beside the state database.
    public var tokenFile: String?

    public init(listen: String? = nil, tokenFile: String? = nil) {
        self.listen = listen
        self.tokenFile = tokenFile
    }
}

extension ConfigFile {
    static let controlKeys = ["listen", "tokenFile"]

    /// `control`, or nil when the file has none (no control API).
    public func control() throws(ConfigError) -> ControlSettings? {
        guard let object = try section("control", known: ConfigFile.controlKeys) else { return nil }
        var settings = ControlSettings()
        if let raw = object["listen"] {
            let listen = try reader.string(raw, at: "control.listen")
            if let problem = ControlSettings.listenProblem(listen) { throw reader.error("control.listen", problem) }
            settings.listen = listen
        }
        if let raw = object["tokenFile"] {
            let name = try reader.string(raw, at: "control.tokenFile")
            guard !name.isEmpty, !name.contains("\0") else { throw reader.error("control.tokenFile", "is not a file name") }
            settings.tokenFile = name.hasPrefix("/") ? name : FilePaths.appending(name, to: baseDirectory)
        }
        return settings
    }
}

extension ControlSettings {
    /// Why `text` is not "HOST:PORT" (a port 0 to 65535 after the last colon, a host before it,
    /// an IPv6 one in brackets), or nil when it has that shape.
    public static func listenProblem(_ text: String) -> String? {
        let example = "(give HOST:PORT, like \"127.0.0.1:8765\", \"0.0.0.0:8765\" for every network, or \"[::1]:8765\")"
        guard let colon = text.lastIndex(of: ":"), UInt16(text[text.index(after: colon)...]) != nil else {
            return "\(MessageText.quoted(text)) has no port \(example)"
        }
        let host = text[..<colon]
        guard !host.isEmpty, !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]")) else {
            return "\(MessageText.quoted(text)) has no host before the port \(example)"
        }
        return nil
    }
}
