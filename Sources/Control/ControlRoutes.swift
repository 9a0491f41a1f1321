// Which request means what, as a pure function of its method, path and body (the server's threads
// call it once a request's body is in). Order of refusals: no token 401 (nothing else is said to a
// stranger, not even which paths exist), unknown path 404, wrong method 405 (with `Allow`), body over
// 64 KB 413, malformed JSON 400 with the parser's one-line reason. What the window must decide (a spin
// while spinning: 409) is a command.
import Scenes

enum ControlRoutes {
    /// The most a request body may hold.
    static let maximumBody = 64 * 1024

    /// What a request asks for.
    enum Action: Equatable {
        /// The control page (`ControlPage`), sent to anyone: it holds no data.
        case page
        /// Answered by the server from the published state.
        case state
        /// The published state as server-sent events (EventStream).
        case events
        /// The record of draws as CSV (HistoryCSV).
        case history
        /// Answered by the window.
        case command(ControlCommand)
    }

    /// The paths and the one method each takes.
    static let methods: [String: String] = [
        "/": "GET",
        "/api/state": "GET", "/api/spin": "POST", "/api/scene": "POST", "/api/timer": "POST", "/api/event": "POST",
        "/api/events": "GET", "/api/history.csv": "GET",
    ]

    /// Whether the request is for the page, answered before any token is asked for (a browser opening
    /// the kiosk's link cannot send one).
    static func isPage(method: String, path: String) -> Bool { path == "/" && (method == "GET" || method == "HEAD") }

    /// The action a request asks for, or the refusal it gets (and the `Allow` header of a 405).
    static func action(method: String, path: String, body: [UInt8]) -> Result<Action, Refusal> {
        guard let allowed = methods[path] else { return .failure(Refusal(.refused(404, "no such path: \(printable(path))"))) }
        guard method == allowed || (method == "HEAD" && allowed == "GET") else {
            return .failure(Refusal(.refused(405, "\(path) takes \(allowed), not \(printable(method))"), allow: allowed))
        }
        guard body.count <= maximumBody else { return .failure(Refusal(tooLarge)) }
        let fields: [String: JSONValue]
        switch parseObject(body) {
        case .success(let object): fields = object
        case .failure(let refusal): return .failure(refusal)
        }
        switch path {
        case "/": return .success(.page)
        case "/api/state": return .success(.state)
        case "/api/events": return .success(.events)
        case "/api/history.csv": return .success(.history)
        case "/api/spin": return .success(.command(.spin))
        case "/api/event": return .success(.command(.newEvent))
        case "/api/scene":
            guard case .string(let name)? = fields["scene"], !name.isEmpty else {
                return .failure(Refusal(.refused(400, "the body must be {\"scene\": NAME}")))
            }
            return .success(.command(.scene(name)))
        default:   // "/api/timer"
            guard case .string(let word)? = fields["action"], let action = TimerAction(rawValue: word) else {
                return .failure(Refusal(.refused(400, "the body must be {\"action\": \"start\", \"pause\" or \"reset\"}")))
            }
            return .success(.command(.timer(action)))
        }
    }

    /// A refusal and the `Allow` header it needs (405 only).
    struct Refusal: Error, Equatable {
        let reply: ControlReply
        var allow: String?
        init(_ reply: ControlReply, allow: String? = nil) {
            self.reply = reply
            self.allow = allow
        }
    }

    static let tooLarge = ControlReply.refused(413, "the body is over \(maximumBody / 1024) KB")
    static let tooManyAttempts = ControlReply.refused(429, "too many requests without the right token: wait a minute")
    static let unauthorized = ControlReply.refused(401, "no token, or not this kiosk's: send Authorization: Bearer TOKEN")

    /// An empty body is an empty object; anything else must be a JSON object.
    private static func parseObject(_ body: [UInt8]) -> Result<[String: JSONValue], Refusal> {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .success([:]) }
        do {
            guard case .object(let object) = try JSONParser.parse(body) else {
                return .failure(Refusal(.refused(400, "the body must be a JSON object")))
            }
            return .success(object)
        } catch {
            return .failure(Refusal(.refused(400, "malformed JSON: \(error.message)")))
        }
    }

    /// `text` cut to `limit` characters of printable ASCII, anything else a "?" (a path or method is
    /// the client's, quoted back in a reply; a header's value must be one line).
    static func printable(_ text: String, limit: Int = 80) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
