// A program that takes the X11 clipboard and never answers a request for it (a hung one), for
// WindowTests' paste test. Apart, as Xlib's names (Window, Pixmap) would shadow Host's and Raster's.
import CX11

final class SilentClipboardOwner {
    private let display: OpaquePointer
    private let window: XID
    private let clipboard: Atom

    /// Owns the CLIPBOARD of `display` (":N") from a connection whose events are never read.
    init?(display name: String) {
        guard let display = XOpenDisplay(name) else { return nil }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        XSetSelectionOwner(display, clipboard, window, 0)   // 0: CurrentTime
        XSync(display, 0)
    }

    var ownsClipboard: Bool { XGetSelectionOwner(display, clipboard) == window }

    deinit { XCloseDisplay(display) }
}
