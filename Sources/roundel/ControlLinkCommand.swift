// `roundel control-link [--config file.json] [--state file.db] [--listen HOST:PORT]`: the link a phone
// opens to control the kiosk (http://ADDRESS:PORT/#token=TOKEN), then its QR code in the terminal.
// The same listen address and token the window's control API uses (config `control`, else
// 127.0.0.1:8765 and `control-token` beside the state database, made if there is none yet).
import ArgumentParser
import Control
import QR
import Scenes
#if canImport(Glibc)
import Glibc
#endif

struct ControlLinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "control-link",
        abstract: "Print the link to the kiosk's control page for a phone, and its QR code.",
        discussion: """
            The link is http://ADDRESS:PORT/#token=TOKEN, on one line, then the same link as a QR code \
            drawn with block characters for a phone's camera to scan. ADDRESS and PORT are where the \
            control API listens: --listen, else the config's control.listen, else \(ControlDefaults.listen) \
            (this machine only). When it listens on every interface (0.0.0.0:PORT or [::]:PORT), ADDRESS \
            is this machine's first network (IPv4) address that is not loopback, so a phone on the same \
            network reaches it. TOKEN is the one the kiosk checks: the config's control.tokenFile (refused \
            when its group or others may read it: chmod 600), else the file control-token beside the \
            state database, made now if there is none (mode 600), as the kiosk makes it; for a record on \
            a PostgreSQL server, in $XDG_STATE_HOME/roundel. Anyone with the link can spin the wheel: \
            show it to the operator only. On a kiosk's screen, Ctrl+Alt+L shows the same code.
            """)

    @Option(help: ArgumentHelp("A config file whose \"control\" gives listen and tokenFile, and whose \"state\" names the state database.", valueName: "file.json"))
    var config: String?

    @Option(help: ArgumentHelp("The state database, beside which the control-token file is (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).", valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("Where the control API listens, instead of the config's control.listen: 0.0.0.0:8765 for every network, 192.168.1.20:8765, [::1]:8765.", valueName: "HOST:PORT"))
    var listen: String?

    func run() throws {
        let file = try SceneSetup.loadConfig(config)
        let settings: ControlSettings
        do { settings = try file?.control() ?? ControlSettings() } catch { throw UserError(error.description) }
        let listen = self.listen ?? settings.listen ?? ControlDefaults.listen
        // The state's place (when the token is beside it) and the address first: a bad one is said
        // before a token file is made.
        let statePath = settings.tokenFile == nil ? try DrawSetup.statePath(option: state, file: file) : ("", false)
        let link: String
        do throws(ControlError) {
            _ = try PhoneLink.url(listen: listen, interfaces: [], token: ControlToken(value: "check"))
            let token = try ControlService.token(file: settings.tokenFile, state: statePath)
            link = try PhoneLink.url(listen: listen, interfaces: PhoneLink.interfaceAddresses(), token: token)
        } catch {
            throw UserError("roundel: \(error.description)")
        }
        let code: QRCode
        do { code = try QRCode(link) } catch { throw UserError("roundel: control-link: the link is too long for a QR code: \(error.description)") }
        let text = link + "\n\n" + TerminalQR.text(code, colours: isatty(1) == 1)
        guard writeAll(text, to: 1) else { throw UserError("roundel: control-link: cannot write the output: \(String(cString: strerror(errno)))") }
    }
}
