import CLua
import Dispatch
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Stops calls into rule code that run past their wall-clock limit. Every call is armed; the
/// watchdog costs nothing until it fires, and then stops whichever thread of the state runs
/// rule code, the main thread or a coroutine, at its next instruction (`gh_fire_watchdog`).
/// One timer serves every state in the process.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// The calls armed (by their state's limits) with their deadlines, and the timer, behind a
    /// lock: calls arm and disarm from every thread that runs rule code, and the timer fires
    /// on a queue of its own.
    private struct Armed {
        /// By the address of the state's limits (an address is Sendable; the pointer is not).
        var deadlines: [UInt: Double] = [:]
        var timer: DispatchSourceTimer?
    }
    private let armed = Locked(Armed())
    private let queue = DispatchQueue(label: "gamehost.lua.watchdog")

    private init() {}

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func arm(_ limits: UnsafeMutablePointer<gh_limits>, seconds: Double) {
        let key = UInt(bitPattern: limits)
        armed.withLock { a in
            a.deadlines[key] = Self.now() + seconds
            if a.timer == nil { a.timer = startTimer() }
        }
    }

    /// After this returns the watchdog will not fire for this state's call.
    func disarm(_ limits: UnsafeMutablePointer<gh_limits>) {
        let key = UInt(bitPattern: limits)
        armed.withLock { _ = $0.deadlines.removeValue(forKey: key) }
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
    private func check() {
        let now = Self.now()
        armed.withLock { a in
            for (key, deadline) in a.deadlines where deadline <= now {
                if let limits = UnsafeMutablePointer<gh_limits>(bitPattern: key) { gh_fire_watchdog(limits) }
                a.deadlines[key] = nil
            }
        }
    }
}
