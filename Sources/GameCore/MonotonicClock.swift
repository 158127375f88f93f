#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock: for bounds and deadlines, which a change of the system's
/// date must not move (a game's own time is `Clock`). Read without a system call (the vDSO).
public enum MonotonicClock {
    public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
