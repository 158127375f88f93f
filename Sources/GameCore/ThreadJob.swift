#if canImport(Glibc)
import Glibc
#endif

/// Work run on a thread of its own while the caller goes on, and joined for its result: how a
/// big word list is read on two cores (GameCore uses no Dispatch).
///
/// The work may read memory the caller keeps (a list's bytes, through a pointer), so it is not
/// `Sendable`: the caller makes sure what it reads does not change, and outlives the job, until
/// `join` returns. The result is handed over by `pthread_join`, which orders the thread's
/// writes before the caller's reads.
final class ThreadJob<Result> {
    /// Where the thread leaves the result.
    private final class Slot {
        var value: Result?
    }

    private let slot: Slot
    private let thread: PosixThread

    /// Starts `work`; nil, having run nothing, if no thread could be started.
    init?(_ work: @escaping () -> Result) {
        let slot = Slot()
        guard let thread = PosixThread({ slot.value = work() }) else { return nil }
        (self.slot, self.thread) = (slot, thread)
    }

    /// Waits for the work to end; its result.
    func join() -> Result {
        thread.join()
        return slot.value!
    }
}

/// A POSIX thread that runs a closure once (outside the generic class: inside it, the
/// compiler's sendability pass crashed on `pthread_create`).
fileprivate final class PosixThread {
    private var work: (() -> Void)?
    private var thread = pthread_t()

    init?(_ work: @escaping () -> Void) {
        self.work = work
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let me = Unmanaged<PosixThread>.fromOpaque(context!).takeRetainedValue()
            me.work!()
            me.work = nil
            return nil
        }, context)
        if started != 0 {
            Unmanaged<PosixThread>.fromOpaque(context).release()
            return nil
        }
    }

    func join() { pthread_join(thread, nil) }
}
