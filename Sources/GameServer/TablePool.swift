import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A fixed set of threads that run the tables' work. Each table's jobs run one at a time and in
/// order; different tables run at once, up to the number of threads. A table whose rule runs to
/// its time limit holds one thread for that long, never the others: the pool has more threads
/// than cores, and a job is one step, bounded by the rule's budgets.
final class TablePool: Sendable {
    /// One job of a table. A job need not be `Sendable`: it is handed over (`sending`), so the
    /// compiler checks that nothing it captures (a loaded rule, an engine) is still used by
    /// the thread that submitted it.
    typealias Job = () -> Void

    /// A table's place in the pool: its jobs and whether it waits for (or has) a thread are
    /// kept in the pool's queue, under its lock, by the lane's identity.
    final class Lane: Sendable {
        fileprivate var key: ObjectIdentifier { ObjectIdentifier(self) }
    }

    private struct LaneState {
        var jobs: [Job] = []
        var scheduled = false
        /// Held (`hold`): jobs wait, in order, until the lane is released.
        var held = false
    }

    private struct Queue {
        var ready: [Lane] = []
        /// Lanes with jobs waiting or a job running (an idle lane has no entry).
        var lanes: [ObjectIdentifier: LaneState] = [:]
        var threads: [pthread_t] = []
        var stopping = false

        /// Marks `lane` idle again when it has no jobs left (or the pool stops); true when it
        /// has more and went back in line. A held lane keeps its jobs, out of line.
        mutating func finish(_ lane: Lane) -> Bool {
            if lanes[lane.key]?.held == true && !stopping {
                lanes[lane.key]?.scheduled = false
                return false
            }
            if lanes[lane.key]?.jobs.isEmpty ?? true || stopping {
                lanes[lane.key] = nil
                return false
            }
            ready.append(lane)
            return true
        }
    }
    private let queue = Locked(Queue())
    private let niceness: Int32
    /// Posted once for each lane put in line, and once for each thread at `stop`.
    private let wake: CountingSemaphore

    /// `niceness`: the threads' priority below the process's (0: the same; the thinking pool's
    /// 10 lets every other table's step go first).
    init(threads count: Int, niceness: Int32 = 0) {
        wake = CountingSemaphore()
        self.niceness = niceness
        for _ in 0..<count {
            let box = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            pthread_create(&thread, nil, { raw in
                let pool = Unmanaged<TablePool>.fromOpaque(raw!).takeRetainedValue()
                // On Linux a nice value is a thread's own: 0 names the calling thread.
                if pool.niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, pool.niceness) }
                pool.work()
                return nil
            }, box)
            queue.withLock { $0.threads.append(thread) }
        }
    }

    /// Adds a job to a table's lane.
    func submit(_ lane: Lane, _ job: sending @escaping Job) {
        let wakeOne: Bool = queue.withLock { q in
            var state = q.lanes[lane.key] ?? LaneState()
            state.jobs.append(job)
            let idle = !state.scheduled && !state.held
            if idle && !q.stopping { state.scheduled = true }
            q.lanes[lane.key] = state
            guard idle, !q.stopping else { return false }
            q.ready.append(lane)
            return true
        }
        if wakeOne { wake.post() }
    }

    /// Runs a job of a table on the calling thread when the table is doing nothing else (a
    /// move, on the thread of the connection that sent it: no handing over to another thread,
    /// so the answer goes out sooner); otherwise queues it behind the table's other jobs.
    func run(_ lane: Lane, _ job: sending @escaping Job) {
        let mine: Bool = queue.withLock { q in
            guard q.lanes[lane.key] == nil, !q.stopping else { return false }
            q.lanes[lane.key] = LaneState(jobs: [], scheduled: true)
            return true
        }
        guard mine else { return submit(lane, job) }
        job()
        // Jobs that came meanwhile go to the pool.
        if queue.withLock({ $0.finish(lane) }) { wake.post() }
    }

    /// Holds `lane`: jobs submitted to it wait, in order, until `release(lane)`. A table being
    /// made is held while its making runs on another pool (`GameServer`'s making threads, at
    /// a lower priority), so nothing of the table runs before it is open.
    func hold(_ lane: Lane) {
        queue.withLock { q in
            var state = q.lanes[lane.key] ?? LaneState()
            state.held = true
            q.lanes[lane.key] = state
        }
    }

    /// Lets a held lane's jobs run, in the order they came.
    func release(_ lane: Lane) {
        let wakeOne: Bool = queue.withLock { q in
            guard var state = q.lanes[lane.key], state.held else { return false }
            state.held = false
            if state.scheduled { q.lanes[lane.key] = state; return false }
            guard !state.jobs.isEmpty, !q.stopping else { q.lanes[lane.key] = nil; return false }
            state.scheduled = true
            q.lanes[lane.key] = state
            q.ready.append(lane)
            return true
        }
        if wakeOne { wake.post() }
    }

    /// Lets the threads finish the jobs they run, and end.
    func stop() {
        let threads: [pthread_t] = queue.withLock { q in
            q.stopping = true
            defer { q.threads = [] }
            return q.threads
        }
        for _ in threads { wake.post() }
        for thread in threads { pthread_join(thread, nil) }
    }

    private func work() {
        while true {
            wake.wait()
            // One job of one lane, then the lane goes to the back of the line if it has more:
            // a busy table takes turns with the others.
            let next: (Lane, Job)? = queue.withLock { q in
                guard !q.stopping, !q.ready.isEmpty else { return nil }
                let lane = q.ready.removeFirst()
                return (lane, q.lanes[lane.key]!.jobs.removeFirst())
            }
            guard let (lane, job) = next else {
                if queue.withLock({ $0.stopping }) { return }
                continue
            }
            job()
            if queue.withLock({ $0.finish(lane) }) { wake.post() }
        }
    }
}
