import CLua
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Stops calls into rule code that run past their wall-clock limit. Every call is armed; the
/// watchdog costs nothing until it fires, and then stops whichever thread of the state runs
/// rule code, the main thread or a coroutine, at its next instruction (`gh_fire_watchdog`).
/// One timer serves every state in the process.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    private var mutex = pthread_mutex_t()
    private var armed: [UnsafeMutablePointer<gh_limits>: Double] = [:]
    private let queue = DispatchQueue(label: "gamehost.lua.watchdog")
    private var timer: DispatchSourceTimer?

    private init() { pthread_mutex_init(&mutex, nil) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func arm(_ limits: UnsafeMutablePointer<gh_limits>, seconds: Double) {
        pthread_mutex_lock(&mutex)
        armed[limits] = Self.now() + seconds
        if timer == nil { startTimer() }
        pthread_mutex_unlock(&mutex)
    }

    /// After this returns the watchdog will not fire for this state's call.
    func disarm(_ limits: UnsafeMutablePointer<gh_limits>) {
        pthread_mutex_lock(&mutex)
        armed[limits] = nil
        pthread_mutex_unlock(&mutex)
    }

    private func startTimer() {
        let t = DispatchSource.makeTimerSource(queue: queue)
        t.schedule(deadline: .now() + .milliseconds(20), repeating: .milliseconds(20))
        t.setEventHandler { [unowned self] in check() }
        t.resume()
        timer = t
    }

    private func check() {
        let now = Self.now()
        pthread_mutex_lock(&mutex)
        for (limits, deadline) in armed where deadline <= now {
            gh_fire_watchdog(limits)
            armed[limits] = nil
        }
        pthread_mutex_unlock(&mutex)
    }
}
