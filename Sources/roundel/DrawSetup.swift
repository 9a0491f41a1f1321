// Where the wheel's entries and its record come from, for `run`, `spin`, `render`, `history` and
// `reset` alike: the config's wheel section, `--names FILE` in place of its items, and the state
// database (`--state`, else the config's `state`, else $XDG_STATE_HOME/roundel/roundel.db). Every
// problem is one line naming the file; the database is opened (and locked) only after everything
// else was read and checked, so bad input writes nothing.
import Draws
import Scenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum DrawSetup {
    /// The wheel section of `file` (defaults without one) with `--names` replacing its items.
    static func wheelConfig(_ file: ConfigFile?, names: String?) throws -> WheelConfig {
        var config: WheelConfig
        do { config = try file.map(WheelConfig.parse) ?? .defaults } catch { throw UserError(error.description) }
        if let names { try apply(names: names, to: &config) }
        return config
    }

    /// `--names FILE`: its entries, palette colours, in place of the config's items.
    static func apply(names path: String, to config: inout WheelConfig) throws {
        guard config.numbered == nil else {
            throw UserError("roundel: --names cannot be used with a numbered wheel (wheel.numbered makes its own slices)")
        }
        do { config.items = WheelConfig.items(from: try NamesFile.load(path: path)) } catch { throw UserError(error.description) }
        config.itemsSource = "names"
    }

    /// The state database's path: `--state`, the config's `state`, or the default place (whose
    /// directories may be created). Throws when there is no default place (no HOME).
    static func statePath(option: String?, file: ConfigFile?) throws -> (path: String, isDefault: Bool) {
        if let option {
            guard !option.isEmpty else { throw UserError("roundel: --state needs a file name, like raffle.db") }
            return (option, false)
        }
        do {
            if let path = try file?.statePath() { return (path, false) }
        } catch { throw UserError(error.description) }
        guard let path = defaultStatePath else {
            throw UserError("roundel: no place for the record of draws (HOME is not set); give --state FILE")
        }
        return (path, true)
    }

    /// $XDG_STATE_HOME/roundel/roundel.db (or under ~/.local/state); nil without HOME.
    static var defaultStatePath: String? {
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Ledger.defaultPath(environment: environment)
    }

    /// Opens (and locks) the state database for drawing, its draws recorded as made at `station`
    /// (`--station`), else the config's `station`, else this machine's host name.
    static func openLedger(option: String?, file: ConfigFile?, station: String? = nil) throws -> Ledger {
        let (path, isDefault) = try statePath(option: option, file: file)
        let name = try stationName(option: station, file: file)
        do {
            let ledger = try Ledger.open(path: path, createDirectories: isDefault)
            ledger.station = name
            return ledger
        } catch { throw UserError(error) }
    }

    /// `--station`, else the config's `station`, else the host name.
    static func stationName(option: String?, file: ConfigFile?) throws -> String {
        if let option {
            if let problem = Ledger.stationProblem(option) { throw UserError("roundel: --station '\(option)' \(problem)") }
            return option
        }
        do { return try file?.station() ?? Ledger.defaultStation() } catch { throw UserError(error.description) }
    }

    /// ROUNDEL_PAUSE_IN_DRAW=SECONDS (for the crash tests): each draw says so on stderr and waits that
    /// long inside its transaction, before the commit, where a kill must lose the whole draw.
    static var pauseInDraw: (() -> Void)? {
        guard let text = getenv("ROUNDEL_PAUSE_IN_DRAW").map({ String(cString: $0) }), let seconds = Double(text),
              seconds.isFinite, seconds > 0 else { return nil }
        let wait = min(seconds, 60)
        return {
            printLine("roundel: pausing \(wait) s inside the draw's transaction (ROUNDEL_PAUSE_IN_DRAW)", to: 2)
            var request = timespec(tv_sec: Int(wait), tv_nsec: Int((wait - wait.rounded(.down)) * 1e9))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        }
    }
}
