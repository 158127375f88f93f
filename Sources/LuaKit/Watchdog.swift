import CLua
import Dispatch
import GameCore
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Stops calls into rule code that run past their time limit. A limit counts the processor
/// time of the thread that runs the call, so a busy machine, or a server with many tables,
/// never stops a rule that did nothing wrong: a call waiting for a core spends none. A
/// wall-clock backstop `backstopFactor` times the limit still stops a call whose thread is
/// starved of a core altogether. Every call is armed; the watchdog costs nothing until it
/// fires, and then stops whichever thread of the state runs rule code, the main thread or a
/// coroutine, at its next instruction (`gh_fire_watchdog`). One timer serves every state in
/// the process.
///
/// The last resort: a call stopped by the watchdog ends at its next instruction, but a path
/// inside one instruction that no charge reaches (Sources/CLua/bounds.h lists them; a rehash
/// of a table whose integer keys Lua hashes into one chain is one) would run on. A call that
/// has spent a grace period of its thread's processor time since the watchdog stopped it is
/// stuck there: the process cannot unwind it safely, so it says so and ends with exit status
/// 1, like any other rule error, within seconds of the time limit instead of never.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// How many times its limit a call may take by the wall clock before it is stopped even
    /// though its thread has not spent the limit on a core (a thread that is never scheduled).
    static let backstopFactor = 10.0

    /// One armed call: its limit, its thread's processor-time clock, and when it is stopped.
    private struct Call {
        /// The time it was given (seconds of its thread's processor time).
        var limit: Double
        /// The processor-time clock of the thread that runs it (nil: the wall clock only).
        var clock: clockid_t?
        /// Its thread's processor time by which it is stopped: set at the watchdog's first look
        /// at it, from the clock then, so that arming costs no system call (a call's thread
        /// clock is not one the C library can read without the kernel). A call gets up to one
        /// tick of the timer (20 ms) more than its limit.
        var processorDeadline: Double?
        /// The wall-clock backstop: `backstopFactor` times the limit from the arming.
        var wallDeadline: Double
        /// Once stopped: the processor time by which it must have returned (its grace).
        var stuckAfter: Double?
    }

    /// The calls armed, by the address of their state's limits (an address is Sendable; the
    /// pointer is not), and the timer, behind a lock: calls arm and disarm from every thread
    /// that runs rule code, and the timer fires on a queue of its own.
    private struct Armed {
        var calls: [UInt: Call] = [:]
        var timer: DispatchSourceTimer?
    }
    private let armed = Locked(Armed())
    private let queue = DispatchQueue(label: "gamehost.lua.watchdog")

    private init() {}

    /// The processor time `clock` has counted, nil when its thread is gone.
    static func processorTime(_ clock: clockid_t) -> Double? {
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0 else { return nil }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The wall-clock time a call of `seconds` may take at most.
    static func backstop(forLimit seconds: Double) -> Double { seconds * backstopFactor }

    /// Arms the call about to run on this thread: it is stopped once this thread has spent
    /// `limit` seconds of processor time, or the wall clock has run `backstopFactor` times that.
    func arm(_ limits: UnsafeMutablePointer<gh_limits>, limit: Double) {
        let key = UInt(bitPattern: limits)
        var clock = clockid_t()
        let hasClock = pthread_getcpuclockid(pthread_self(), &clock) == 0
        let call = Call(limit: limit, clock: hasClock ? clock : nil, processorDeadline: nil,
                        wallDeadline: MonotonicClock.seconds() + Self.backstop(forLimit: limit), stuckAfter: nil)
        armed.withLock { a in
            a.calls[key] = call
            if a.timer == nil { a.timer = startTimer() }
        }
    }

    /// After this returns the watchdog will not fire for this state's call.
    func disarm(_ limits: UnsafeMutablePointer<gh_limits>) {
        let key = UInt(bitPattern: limits)
        armed.withLock { a in _ = a.calls.removeValue(forKey: key) }
    }

    /// How much processor time a call may still spend after the watchdog stops it before it
    /// counts as stuck: twice its time limit, from one second to two. A stopped call ends
    /// within one instruction (at most some milliseconds: bounds.h) plus its unwinding.
    static func grace(forLimit seconds: Double) -> Double { min(2.0, max(1.0, 2 * seconds)) }

    /// Ends the process from the watchdog's queue: the stuck thread holds the state, so
    /// nothing else can be done with it. Uses write and _exit only.
    private static func endStuck(after seconds: Double) -> Never {
        let tenths = Int((seconds * 10).rounded())
        let text = "gamehost: the rule ran \(tenths / 10).\(tenths % 10) s past its time limit inside Lua's own C code, where it cannot be stopped (for example a table rehash among colliding integer keys); the program ends\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        _exit(1)
    }

    private func startTimer() -> DispatchSourceTimer {
        let t = DispatchSource.makeTimerSource(queue: queue)
        t.schedule(deadline: .now() + .milliseconds(20), repeating: .milliseconds(20))
        t.setEventHandler { [weak self] in self?.check() }
        t.resume()
        return t
    }

    /// Fires for every call past its deadline: sets the call's flag and signals its thread
    /// (`gh_fire_watchdog`), under the lock, so a call that disarms has not ended before.
    /// A call stopped that has spent its grace by now, on a core, never returns: the process
    /// ends (`endStuck`).
    private func check() {
        let now = MonotonicClock.seconds()
        armed.withLock { a in
            for (key, call) in a.calls {
                let spent = call.clock.flatMap { Self.processorTime($0) }
                if let end = call.stuckAfter {
                    if let spent, spent >= end { Self.endStuck(after: spent - end + Self.grace(forLimit: call.limit)) }
                    continue
                }
                var call = call
                if call.processorDeadline == nil, let spent { call.processorDeadline = spent + call.limit }
                // Without its thread's clock a call has the wall clock's backstop only.
                let over = call.wallDeadline <= now || (spent.map { $0 >= call.processorDeadline ?? .infinity } ?? false)
                if over {
                    if let limits = UnsafeMutablePointer<gh_limits>(bitPattern: key) { gh_fire_watchdog(limits) }
                    // Without its thread's clock a call is only stopped, never ended.
                    guard let spent else {
                        a.calls[key] = nil
                        continue
                    }
                    call.stuckAfter = spent + Self.grace(forLimit: call.limit)
                }
                a.calls[key] = call
            }
        }
    }
}
