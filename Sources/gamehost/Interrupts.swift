import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM as events on a thread of their own, not as code run inside a signal
/// handler (where Swift code that allocates could deadlock on a lock the interrupted thread
/// holds). Both signals are blocked in every thread from the program's start, and one thread
/// takes them with `sigwait`: a server then stops in order (`waitForStop`); any other command
/// leaves as interrupted programs do (`Terminal.leave(after:)`), exit status 128 + the signal.
///
/// Whole lines: what the program writes a line at a time (`whole`) is not cut by the leaving,
/// which takes the same lock first, and waits for a line at most `lineWait` seconds (an output
/// nobody reads must not keep Ctrl-C from working).
enum Interrupts {
    /// The signals taken.
    private static let signals: sigset_t = {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }()

    /// Serialises whole lines against the leaving.
    private static let lines = Locked(())

    /// Posted when a server waits for its stop (`waitForStop`); nil otherwise.
    private static let stopWaiter = Locked<CountingSemaphore?>(nil)

    /// While a run of games asks to be stopped gently (`stoppingGently`): whether it does, and
    /// the signal that asked it to stop, once one has.
    private static let gentleStop = Locked<(armed: Bool, signal: Int32?)>((false, nil))

    /// Seconds the leaving waits for a line being written.
    static let lineWait = 1.0

    /// Blocks the signals in this thread, and so in every thread made after it, and starts
    /// the thread that takes them. Call first thing, before any other thread starts.
    static func start() {
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        _ = lines
        _ = stopWaiter
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            var set = Interrupts.signals
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                Interrupts.handle(received)
            }
        }, nil)
        pthread_detach(thread)
    }

    private static func handle(_ signal: Int32) {
        if let waiter = stopWaiter.withLock({ $0 }) {
            waiter.post()
            return
        }
        let gentle = gentleStop.withLock { state -> Bool in
            guard state.armed, state.signal == nil else { return false }
            state.signal = signal
            return true
        }
        if gentle {
            let note = Array("\ngamehost: stopping after the games in play (Ctrl-C again leaves at once)\n".utf8)
            _ = note.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            return
        }
        // A line being written finishes first; one stuck on a full pipe does not hold us.
        lines.holdForExit(waitingAtMost: lineWait)
        Terminal.leave(after: signal)
    }

    /// Gives a program this one starts the signals unblocked (a child inherits the mask, and
    /// a program with Ctrl-C blocked could not be interrupted): `flags` for
    /// `posix_spawnattr_setflags`, with the mask's flag added.
    static func unblockInChild(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK))
    }

    /// Runs `body` (the writing of one whole line) so that no leaving cuts it.
    static func whole<T>(_ body: () throws -> T) rethrows -> T {
        try lines.withLock { _ in try body() }
    }

    /// Runs `body`, a run of many games (sim, arena), so that a first Ctrl-C or SIGTERM only
    /// asks it to stop: `stopAsked` then gives the signal, and the run finishes the games in
    /// play and reports what it played. A second signal leaves at once, as any other time.
    static func stoppingGently<T>(_ body: (_ stopAsked: @escaping @Sendable () -> Int32?) throws -> T) rethrows -> T {
        gentleStop.withLock { $0 = (true, nil) }
        defer { gentleStop.withLock { $0.armed = false } }
        return try body { gentleStop.withLock { $0.signal } }
    }

    /// Waits for Ctrl-C or SIGTERM, which then stop nothing by themselves: for a server,
    /// which stops in order.
    static func waitForStop() {
        let semaphore = CountingSemaphore()
        stopWaiter.withLock { $0 = semaphore }
        semaphore.wait()
        stopWaiter.withLock { $0 = nil }
    }
}
