#if canImport(Glibc)
import Glibc
#endif

/// Where a game reads the time: the system clock in play, a manual one in tests, so timed
/// modes are testable and replayable.
public protocol Clock: AnyObject {
    /// Seconds since the Unix epoch (or since any fixed origin, for a manual clock).
    func now() -> Double
}

/// Wall-clock time from the operating system.
public final class SystemClock: Clock {
    public init() {}
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told to.
public final class ManualClock: Clock {
    private var time: Double
    public init(at time: Double = 0) { self.time = time }
    public func now() -> Double { time }
    public func advance(by seconds: Double) { time += seconds }
    public func set(_ seconds: Double) { time = seconds }
}
