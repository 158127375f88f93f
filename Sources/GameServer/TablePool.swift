import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A fixed set of threads that run the tables' work. Each table's jobs run one at a time and in
/// order; different tables run at once, up to the number of threads. A table whose rule runs to
/// its time limit holds one thread for that long, never the others: the pool has more threads
/// than cores, and a job is one step, bounded by the rule's budgets.
final class TablePool: @unchecked Sendable {
    // Sound as Sendable: every field is immutable or behind `queue`'s lock.
    typealias Job = () -> Void

    /// A table's jobs, in order, and whether the table is waiting for (or has) a thread.
    final class Lane: @unchecked Sendable {
        // Guarded by the pool's lock.
        var jobs: [Job] = []
        var scheduled = false
    }

    private struct Queue {
        var ready: [Lane] = []
        var stopping = false
    }
    private let queue = Locked(Queue())
    private let wake: UnsafeMutablePointer<sem_t>
    private var threads: [pthread_t] = []

    init(threads count: Int) {
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
        for _ in 0..<count {
            let box = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            pthread_create(&thread, nil, { raw in
                let pool = Unmanaged<TablePool>.fromOpaque(raw!).takeRetainedValue()
                pool.work()
                return nil
            }, box)
            threads.append(thread)
        }
    }

    /// Adds a job to a table's lane.
    func submit(_ lane: Lane, _ job: @escaping Job) {
        let wakeOne: Bool = queue.withLock { q in
            lane.jobs.append(job)
            guard !lane.scheduled, !q.stopping else { return false }
            lane.scheduled = true
            q.ready.append(lane)
            return true
        }
        if wakeOne { sem_post(wake) }
    }

    /// Runs a job of a table on the calling thread when the table is doing nothing else (a
    /// move, on the thread of the connection that sent it: no handing over to another thread,
    /// so the answer goes out sooner); otherwise queues it behind the table's other jobs.
    func run(_ lane: Lane, _ job: @escaping Job) {
        let mine: Bool = queue.withLock { q in
            guard !lane.scheduled, !q.stopping else { return false }
            lane.scheduled = true
            return true
        }
        guard mine else { return submit(lane, job) }
        job()
        // Jobs that came meanwhile go to the pool.
        let more: Bool = queue.withLock { q in
            if lane.jobs.isEmpty || q.stopping {
                lane.scheduled = false
                return false
            }
            q.ready.append(lane)
            return true
        }
        if more { sem_post(wake) }
    }

    /// Lets the threads finish the jobs they run, and end.
    func stop() {
        queue.withLock { $0.stopping = true }
        for _ in threads { sem_post(wake) }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    private func work() {
        while true {
            sem_wait(wake)
            // One job of one lane, then the lane goes to the back of the line if it has more:
            // a busy table takes turns with the others.
            let next: (Lane, Job)? = queue.withLock { q in
                guard !q.stopping, !q.ready.isEmpty else { return nil }
                let lane = q.ready.removeFirst()
                return (lane, lane.jobs.removeFirst())
            }
            guard let (lane, job) = next else {
                if queue.withLock({ $0.stopping }) { return }
                continue
            }
            job()
            let again: Bool = queue.withLock { q in
                if lane.jobs.isEmpty || q.stopping {
                    lane.scheduled = false
                    return false
                }
                q.ready.append(lane)
                return true
            }
            if again { sem_post(wake) }
        }
    }
}
