#if canImport(Glibc)
import Glibc
#endif

/// A value that threads share, reached only under a lock: `withLock` is the one way in.
///
/// Why not the standard library's `Mutex`: on Linux it waits on a futex from code built without
/// ThreadSanitizer, so the sanitizer cannot see the lock and reports every guarded access as a
/// race. A POSIX mutex is one the sanitizer knows, so `scripts/sanitize thread` can check the
/// threads of sim, the watchdog and the terminal for real races.
public final class Locked<Value>: @unchecked Sendable {
    // Sound as Sendable: `value` is read and written only inside `withLock`, under `mutex`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Takes the lock and keeps it, waiting at most `seconds` for whoever holds it: for a
    /// process about to exit, which lets a holder finish (a line being written) but is not held
    /// up by one that is stuck. True when the lock was taken.
    @discardableResult
    public func holdForExit(waitingAtMost seconds: Double) -> Bool {
        var until = timespec()
        clock_gettime(CLOCK_REALTIME, &until)
        let nanoseconds = Int(seconds * 1e9) + until.tv_nsec
        until.tv_sec += nanoseconds / 1_000_000_000
        until.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_mutex_timedlock(mutex, &until) == 0
    }
}
