// The CLIPBOARD selection's text read from the X server, on a connection and a window of its own, as
// the X11 selection protocol (ICCCM 2.4, 2.7.2) asks, large transfers included. SDL2 (2.26 to 2.32)
// reads a selection as one property and waits at most 1 s for it: from an owner that sends a large
// one in pieces (INCR, as xclip, GTK and Qt do above about 1 MB) it returned "" after that second,
// then took the clipboard over with "" itself, so a valid 2 000-name paste said "has no entries"
// and the user's copy was gone. Used only under SDL's X11 driver; the others keep SDL's clipboard.
import CX11
import Glibc

enum X11Clipboard {
    enum Outcome: Equatable {
        case text([UInt8])
        /// Nothing copied, or nothing that can be had as text.
        case empty
        /// More than the limit.
        case tooLarge
        /// The program that holds it did not hand it over in time.
        case noAnswer
    }

    /// The clipboard's text, at most `limit` bytes; nil when there is no X display to ask.
    /// `whileWaiting` runs between polls (SDL_PumpEvents: if SDL itself held the clipboard, it
    /// answers from its own connection). `timeout` is for each answer, not the whole transfer.
    static func read(limit: Int, timeout: Double = 3, whileWaiting: () -> Void) -> Outcome? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        let request = Request(display: display, timeout: timeout)
        defer { XDestroyWindow(display, request.window) }
        return request.run(limit: limit, whileWaiting: whileWaiting)
    }

    private struct Request {
        let display: OpaquePointer
        let timeout: Double
        let window: XID   // an X11 Window (the name is Host's window class here)
        let property: Atom

        init(display: OpaquePointer, timeout: Double) {
            self.display = display
            self.timeout = timeout
            window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
            // The pieces of a large transfer are announced as changes of the window's property.
            XSelectInput(display, window, roundel_PropertyChangeMask)
            property = XInternAtom(display, "ROUNDEL_CLIPBOARD", 0)
        }

        func run(limit: Int, whileWaiting: () -> Void) -> Outcome {
            let clipboard = XInternAtom(display, "CLIPBOARD", 0)
            let utf8 = XInternAtom(display, "UTF8_STRING", 0)
            let incr = XInternAtom(display, "INCR", 0)
            guard XGetSelectionOwner(display, clipboard) != 0 else { return .empty }
            XConvertSelection(display, clipboard, utf8, property, window, 0)   // 0: CurrentTime
            guard let answer = next(SelectionNotify, whileWaiting, where: { _ in true }) else { return .noAnswer }
            // No property: the owner has no UTF-8 text to give (an image, say).
            guard answer.xselection.property != 0 else { return .empty }
            guard let first = take(limit: limit) else { return .tooLarge }
            guard first.type == incr else {
                return first.type == utf8 && !first.bytes.isEmpty ? .text(first.bytes) : .empty
            }
            // INCR: taking the property (deleted as it is read) asked for the first piece; each piece
            // is a new value of the property, and an empty one ends the transfer. A new value already
            // taken (the INCR value itself was announced too) reads as no property at all: skipped.
            var text: [UInt8] = []
            while true {
                guard next(PropertyNotify, whileWaiting, where: { $0.xproperty.atom == property && $0.xproperty.state == PropertyNewValue }) != nil
                else { return .noAnswer }
                guard let piece = take(limit: limit - text.count) else { return .tooLarge }
                if piece.type == 0 { continue }
                if piece.bytes.isEmpty { return text.isEmpty ? .empty : .text(text) }
                text += piece.bytes
            }
        }

        /// The property's type and bytes, deleted as read; nil when it holds more than `limit` bytes.
        func take(limit: Int) -> (type: Atom, bytes: [UInt8])? {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            // The length is in 32-bit units; one more than the limit allows shows a larger value.
            let units = limit / 4 + 1
            guard XGetWindowProperty(display, window, property, 0, units, 1, 0, &type, &format, &count, &after, &data) == Success
            else { return (0, []) }
            defer { if let data { XFree(data) } }
            let size = Int(count) * Int(format == 32 ? MemoryLayout<CLong>.size : Int(format) / 8)
            guard after == 0, size <= limit else { return nil }
            // INCR's own value is a size (format 32), not text: only its type matters.
            guard format == 8, let data else { return (type, []) }
            return (type, Array(UnsafeBufferPointer(start: data, count: size)))
        }

        /// The next event of `type` for the window that `matches`, waiting at most `timeout`.
        func next(_ type: Int32, _ whileWaiting: () -> Void, where matches: (XEvent) -> Bool) -> XEvent? {
            var event = XEvent()
            let end = Self.now() + timeout
            while true {
                while XCheckTypedWindowEvent(display, window, type, &event) != 0 {
                    if matches(event) { return event }
                }
                let left = end - Self.now()
                guard left > 0 else { return nil }
                whileWaiting()
                var socket = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
                _ = poll(&socket, 1, Int32(min(left, 0.01) * 1000) + 1)
            }
        }

        /// Seconds on the monotonic clock.
        static func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
    }
}
