// `roundel run`'s control API (config `control`, `--control HOST:PORT`): the token, the server beside
// the window, and the queue and board the window takes commands from and publishes on. A window run
// by hand that cannot listen or read its token exits 2 with one line before it opens; a kiosk says why
// in its journal and tries again every 10 s (a port still held by the kiosk before it, a token file
// being fixed), drawing all the while.
import BitmapFont
import Control
import Dispatch
import Draws
import Glibc
import Scenes
import Synchronization

final class ControlService: Sendable {
    let queue = CommandQueue()
    let board = StateBoard()
    private let listen: String
    private let tokenFile: String?
    private let state: (path: String, isDefault: Bool)
    /// The running server and the address and token a phone's link is made of (nil until it
    /// listens); `ended` once stopped (a kiosk's late start then stops at once).
    private let running = Mutex<(server: ControlServer?, listening: String?, token: ControlToken?, ended: Bool)>((nil, nil, nil, false))
    /// Seconds between a kiosk's attempts to start the server.
    static let retryInterval = 10.0

    /// Starts serving on `listen` with the token from `tokenFile` (else `control-token` beside the state
    /// database). Throws `UserError` unless `kiosk`, which tries again later instead.
    init(listen: String, tokenFile: String?, state: (path: String, isDefault: Bool), kiosk: Bool) throws {
        self.listen = listen
        self.tokenFile = tokenFile
        self.state = state
        do throws(ControlError) {
            try start()
        } catch {
            guard kiosk else { throw UserError("roundel: \(error.description)") }
            printLine("roundel: \(error.description); trying again every \(Int(Self.retryInterval)) s", to: 2)
            retry(after: Self.retryInterval, lastProblem: error.description)
        }
    }

    /// The link a phone opens, with its token (nil until the server listens), made when asked: the
    /// machine's network address is the one it has now (Wi-Fi may come up after the kiosk, DHCP change).
    var link: String? {
        let (listening, token) = running.withLock { ($0.listening, $0.token) }
        guard let listening, let token else { return nil }
        return try? PhoneLink.url(listen: listening, interfaces: PhoneLink.interfaceAddresses(), token: token)
    }

    /// Stops listening; commands still waiting are answered by the window's closing.
    func stop() {
        let server = running.withLock { running in
            running.ended = true
            defer { running.server = nil }
            return running.server
        }
        server?.stop()
    }

    private var ended: Bool { running.withLock { $0.ended } }

    private func start() throws(ControlError) {
        let token = try ControlService.token(file: tokenFile, state: state)
        let started = try ControlServer(listen: listen, token: token, queue: queue, board: board, statePath: state.path)
        var listening = listen
        if let colon = listen.lastIndex(of: ":") { listening = listen[..<colon] + ":\(started.port)" }
        let kept = running.withLock { running in
            guard !running.ended else { return false }
            running = (started, listening, token, false)
            return true
        }
        guard kept else { return started.stop() }   // stopped meanwhile
        // The page's address as a phone reaches it (a LAN address for 0.0.0.0), never the token.
        let page = link.map { String($0.prefix { $0 != "#" }) } ?? "http://\(listening)/"
        printLine("roundel: control page on \(page) (roundel control-link prints its link with the token)", to: 2)
    }

    /// A kiosk's next attempt; a problem is logged again only when it changes.
    private func retry(after seconds: Double, lastProblem: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard !ended else { return }
            do throws(ControlError) {
                try start()
            } catch {
                if error.description != lastProblem { printLine("roundel: \(error.description)", to: 2) }
                retry(after: seconds, lastProblem: error.description)
            }
        }
    }

    /// The token: the config's `tokenFile` (refused if others can read it), else `control-token`
    /// beside the state database, made on first start (a PostgreSQL state has no folder: then the
    /// default state folder).
    static func token(file: String?, state: (path: String, isDefault: Bool)) throws(ControlError) -> ControlToken {
        if let file { return try ControlToken.read(from: file) }
        return try ControlToken.readOrMake(in: tokenFolder(statePath: state.path, isDefault: state.isDefault))
    }

    /// Where `control-token` is kept when the config names no token file: beside the state database,
    /// or in the default state folder (made if missing) for the default or a PostgreSQL one.
    static func tokenFolder(statePath: String, isDefault: Bool) throws(ControlError) -> String {
        if !isDefault, !Ledger.isServer(statePath) {
            let folder = FilePaths.deletingLastComponent(of: statePath)
            return folder.isEmpty ? "." : folder
        }
        return try defaultFolder()
    }

    /// The default state folder ($XDG_STATE_HOME/roundel), made if missing.
    static func defaultFolder() throws(ControlError) -> String {
        guard let path = DrawSetup.defaultStatePath else {
            throw ControlError("control: no folder for the control token (HOME is not set); give control.tokenFile in the config")
        }
        let folder = FilePaths.deletingLastComponent(of: path)
        var made = ""   // every missing folder on the way (~/.local/state/roundel), mode 0700, as the record's
        for part in folder.split(separator: "/") {
            made += "/" + part
            mkdir(made, 0o700)
        }
        return folder
    }
}
