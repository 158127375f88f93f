import CLua
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Stops calls that run past a wall-clock deadline, for states in time-limit mode (bulk
/// simulation). Unlike the instruction budget's count hook, which makes the VM check every
/// instruction, it costs nothing until it fires; it cannot reach a coroutine that is running
/// when it fires. One timer serves every state in the process.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    private var mutex = pthread_mutex_t()
    private var armed: [ObjectIdentifier: (state: OpaquePointer, deadline: Double)] = [:]
    private let queue = DispatchQueue(label: "gamehost.lua.watchdog")
    private var timer: DispatchSourceTimer?

    private init() { pthread_mutex_init(&mutex, nil) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func arm(_ owner: LuaState, seconds: Double) {
        pthread_mutex_lock(&mutex)
        armed[ObjectIdentifier(owner)] = (owner.L, Self.now() + seconds)
        if timer == nil { startTimer() }
        pthread_mutex_unlock(&mutex)
    }

    /// After this returns the watchdog will not fire for `owner`'s call.
    func disarm(_ owner: LuaState) {
        pthread_mutex_lock(&mutex)
        armed[ObjectIdentifier(owner)] = nil
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
        for (id, entry) in armed where entry.deadline <= now {
            gh_fire_watchdog(entry.state)
            armed[id] = nil
        }
        pthread_mutex_unlock(&mutex)
    }
}
