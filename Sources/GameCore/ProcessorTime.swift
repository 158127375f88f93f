#if canImport(Glibc)
import Glibc
#endif

/// Processor time the calling thread has used: a measure of work that a busy machine does not
/// stretch, as it stretches wall-clock time (tests bound work with it, benchmarks time it).
public enum ProcessorTime {
    /// Seconds of processor time (user and system) the calling thread has used so far.
    public static func thread() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The processor seconds `body` takes on this thread, and what it returns.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
        let start = thread()
        let value = try body()
        return (thread() - start, value)
    }
}
