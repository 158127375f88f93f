#if canImport(Glibc)
import Glibc
#endif

/// A counting semaphore (POSIX), for a thread that sleeps until another has work for it.
public final class CountingSemaphore: @unchecked Sendable {
    // Sound as Sendable: the pointer never changes, and a POSIX semaphore is made to be
    // posted and waited on from any thread.
    private let semaphore: UnsafeMutablePointer<sem_t>

    public init(_ count: UInt32 = 0) {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, count)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    public func post() { sem_post(semaphore) }

    /// Waits for a post (a signal that interrupts the wait does not end it).
    public func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }
}
