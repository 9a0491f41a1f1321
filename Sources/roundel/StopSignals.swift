// A long command stopped from outside (Ctrl+C, `kill`, a closed terminal, a service stopping): while
// `StopSignals` is armed, SIGINT, SIGTERM and SIGHUP only note which came (on a Dispatch queue, not in a
// signal handler), the command looks between steps (`check`) and stops there by throwing
// `Stopped`, cleans up as after any failure (`record` removes its half-written file), then ends as
// the signal would have ended it (`Stopped.end`: the shell sees 130, 143 or 129).
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

final class StopSignals {
    static let watched = [SIGINT, SIGTERM, SIGHUP]
    /// The signal that came (0: none yet), read and written on `queue` only. A box of its own, so the
    /// sources' handlers hold it and not this object (which holds them).
    private final class Received: @unchecked Sendable { var number: Int32 = 0 }
    private let received = Received()
    private let queue = DispatchQueue(label: "roundel.stop-signals")
    private var sources: [DispatchSourceSignal] = []
    private var watching: [Int32] = []

    /// Starts noting the signals instead of dying of them; one ignored already (`nohup`'s SIGHUP, a
    /// background job's SIGINT) stays ignored.
    init() {
        for number in StopSignals.watched {
            let before = signal(number, SIG_IGN)
            guard unsafeBitCast(before, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
            watching.append(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let received = self.received
            source.setEventHandler { if received.number == 0 { received.number = number } }
            source.resume()
            sources.append(source)
        }
    }

    /// Throws `Stopped` once a watched signal has come.
    func check() throws {
        if let stopped { throw stopped }
    }

    /// The stop, once a watched signal has come (a step that failed meanwhile may have failed of it).
    var stopped: Stopped? {
        let number = queue.sync { received.number }
        return number == 0 ? nil : Stopped(signal: number)
    }

    /// Back to the signals' default actions.
    func disarm() {
        for source in sources { source.cancel() }
        sources = []
        for number in watching { signal(number, SIG_DFL) }
        watching = []
    }

    struct Stopped: Error {
        let signal: Int32
        /// Ends the process by its signal, as if nothing had caught it.
        func end() -> Never {
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
            _exit(128 + signal)
        }
    }
}
