// The one way into the window from the server's threads: commands in the order they came, each with a
// slot its request waits on. The window takes them between frames (`take`) and answers each
// (`Pending.answer`); `wake` is called after a `submit` (once until the window next takes commands),
// so a window asleep in SDL_WaitEvent can be woken (Host sets it to push an SDL user event, which SDL
// allows from any thread). At most `capacity`
// commands wait: more are refused at once (503), never queued without bound.
import Glibc
import Synchronization

public final class CommandQueue: Sendable {
    /// A command the window has not answered yet. The answer is guarded by a pthread mutex and
    /// condition (a request's thread waits on it with a deadline; Swift 6.0's Mutex has no wait).
    public final class Pending: @unchecked Sendable {   // `reply` is only touched under `lock`
        public let command: ControlCommand
        private var reply: ControlReply?
        /// Its request stopped waiting (503 sent): the window must not carry it out any more.
        private var abandoned = false
        /// The window has begun to carry it out: its request waits for the answer, however long.
        private var claimed = false
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let answered = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init(_ command: ControlCommand) {
            self.command = command
            pthread_mutex_init(lock, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(answered, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        deinit {
            pthread_cond_destroy(answered)
            pthread_mutex_destroy(lock)
            answered.deallocate()
            lock.deallocate()
        }

        /// Whether the window should carry the command out: false when its request has given up waiting
        /// (the phone was told 503: a command it was told failed must not happen later). Once true,
        /// the request waits for the answer.
        public func claim() -> Bool {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            guard !abandoned else { return false }
            claimed = true
            return true
        }

        /// The window's answer; the first one counts.
        public func answer(_ value: ControlReply) {
            pthread_mutex_lock(lock)
            if reply == nil {
                reply = value
                pthread_cond_broadcast(answered)
            }
            pthread_mutex_unlock(lock)
        }

        /// Waits up to `seconds` for the window to take the command, then for its answer (nil: the
        /// window did not take it in time, and never will).
        func wait(seconds: Double) -> ControlReply? {
            var deadline = MonotonicClock.deadline(MonotonicClock.seconds + seconds)
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            while reply == nil {
                if claimed {
                    pthread_cond_wait(answered, lock)   // the window is at it: its answer comes
                } else if pthread_cond_timedwait(answered, lock, &deadline) == ETIMEDOUT, !claimed {
                    abandoned = true
                    break
                }
            }
            return reply
        }
    }

    public let capacity: Int
    /// The waiting commands, and why commands are refused from now on (set by `close`).
    private let state = Mutex<(waiting: [Pending], closed: String?)>(([], nil))
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)
    /// A wake was asked for since the window last took commands: one is enough for all of them
    /// (fewer calls into SDL's event queue from the server's low-priority threads, whose lock the
    /// window's thread takes too).
    private let woken = Atomic<Bool>(false)
    /// Wakes under way, which `close` waits out.
    private let waking = Atomic<Int>(0)

    public init(capacity: Int = 32) { self.capacity = capacity }

    /// Called after each command is queued (from the server's thread).
    public func onSubmit(_ action: (@Sendable () -> Void)?) { wake.withLock { $0 = action } }

    /// Queues `command`; nil when `capacity` commands already wait. After `close`, the command comes
    /// back answered (503 and the reason).
    func submit(_ command: ControlCommand) -> Pending? {
        let item = Pending(command)
        let outcome: (accepted: Bool, closed: String?) = state.withLock { state in
            if let reason = state.closed { return (true, reason) }
            guard state.waiting.count < capacity else { return (false, nil) }
            state.waiting.append(item)
            return (true, nil)
        }
        guard outcome.accepted else { return nil }
        if let reason = outcome.closed {
            item.answer(.refused(503, reason))
        } else {
            if !woken.exchange(true, ordering: .acquiringAndReleasing) {
                let action = wake.withLock { action in
                    if action != nil { waking.add(1, ordering: .acquiringAndReleasing) }
                    return action
                }
                if let action {
                    action()
                    waking.subtract(1, ordering: .acquiringAndReleasing)
                }
            }
        }
        return item
    }

    /// Answers every waiting command, and every later one, 503 with `reason` (the window is going).
    public func close(reason: String) {
        // The window is going: nothing may push to its event queue once this returns.
        wake.withLock { $0 = nil }
        while waking.load(ordering: .acquiring) > 0 { sched_yield() }
        let left = state.withLock { state in
            state.closed = reason
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for item in left { item.answer(.refused(503, reason)) }
    }

    /// Every waiting command, oldest first, for the window to carry out and answer.
    public func take() -> [Pending] {
        state.withLock { state in
            woken.store(false, ordering: .releasing)   // a command after this wakes the window again
            if state.waiting.isEmpty { return [] }   // each pass of the window's loop: nothing allocated
            defer { state.waiting.removeAll() }
            return state.waiting
        }
    }
}
