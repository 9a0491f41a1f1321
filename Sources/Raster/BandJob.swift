// Running the bands of a large draw on Dispatch's worker threads without allocating. The work is
// a struct on the caller's stack, reached through a pointer by a C function (libdispatch's
// dispatch_apply_f). `DispatchQueue.concurrentPerform` copies its closure into a heap block on
// every call, and a closure kept for the workers needs a heap context: in the window (several
// cores) that was four allocations a frame. callgrind counts none now (docs/performance.md).
import Dispatch
#if canImport(CDispatch)
import CDispatch
#endif

protocol BandJob {
    /// Does band `index`; called once for each index, concurrently.
    func run(_ index: Int)
    /// `{ context, index in context!.assumingMemoryBound(to: Self.self).pointee.run(index) }`,
    /// spelled out by each concrete job (a C function pointer cannot capture a generic type).
    static var entry: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void { get }
}

extension BandJob {
    /// `run(0)` … `run(count − 1)` on the worker threads (and this one); returns when all are done.
    func runConcurrently(_ count: Int) {
        var job = self
        withUnsafeMutablePointer(to: &job) { pointer in
            dispatch_apply_f(count, dispatch_get_global_queue(0, 0), UnsafeMutableRawPointer(pointer), Self.entry)
        }
    }
}
