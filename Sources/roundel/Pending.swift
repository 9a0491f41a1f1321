// A value worked out by one task on another core while this one goes on, read after waiting for
// it: the fonts and scenes loading while the window opens (`SceneSetup.startLoading`).
import Dispatch

final class Pending<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written by the task before it leaves `group`; read only after `group.wait()`, which orders the two.
    private var value: Value?

    /// Starts `work` on a global queue now.
    init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            value = work()
            group.leave()
        }
    }

    /// The value, once the task has finished.
    func wait() -> Value {
        group.wait()
        return value!
    }
}
