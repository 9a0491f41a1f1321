// A value worked out by one task on another core while this one goes on, read after waiting for
// it: the ring image decoding while the fonts are parsed, the scenes loading while the window opens.
import Dispatch

public final class Pending<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written by the task before it leaves `group`; read only after `group.wait()`, which orders the two.
    private var value: Value?

    /// Starts `work` on a global queue now.
    public init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            value = work()
            group.leave()
        }
    }

    /// The value, once the task has finished.
    public func wait() -> Value {
        group.wait()
        return value!
    }
}
