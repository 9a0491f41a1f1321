// The one way into the window from the server's threads: commands in the order they came, each with a
// slot its request waits on. The window takes them between frames (`take`) and answers each
// (`Pending.answer`); `wake` is called after each `submit`, so a window asleep in SDL_WaitEvent can be
// woken (Host sets it to push an SDL user event, which SDL allows from any thread). At most `capacity`
// commands wait: more are refused at once (503), never queued without bound.
import Dispatch
import Synchronization

public final class CommandQueue: Sendable {
    /// A command the window has not answered yet.
    public final class Pending: Sendable {
        public let command: ControlCommand
        private let reply = Mutex<ControlReply?>(nil)
        private let answered = DispatchSemaphore(value: 0)

        init(_ command: ControlCommand) { self.command = command }

        /// The window's answer; the first one counts.
        public func answer(_ value: ControlReply) {
            let first = reply.withLock { current in
                guard current == nil else { return false }
                current = value
                return true
            }
            if first { answered.signal() }
        }

        /// Waits up to `seconds` for the answer (nil: the window did not answer in time).
        func wait(seconds: Double) -> ControlReply? {
            guard answered.wait(timeout: .now() + seconds) == .success else { return nil }
            return reply.withLock { $0 }
        }
    }

    public let capacity: Int
    private let pending = Mutex<[Pending]>([])
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    public init(capacity: Int = 32) { self.capacity = capacity }

    /// Called after each command is queued (from the server's thread).
    public func onSubmit(_ action: (@Sendable () -> Void)?) { wake.withLock { $0 = action } }

    /// Queues `command`; nil when `capacity` commands already wait.
    func submit(_ command: ControlCommand) -> Pending? {
        let item = Pending(command)
        let accepted = pending.withLock { queue in
            guard queue.count < capacity else { return false }
            queue.append(item)
            return true
        }
        guard accepted else { return nil }
        wake.withLock { $0 }?()
        return item
    }

    /// Every waiting command, oldest first, for the window to carry out and answer.
    public func take() -> [Pending] {
        pending.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
