#if canImport(Glibc)
import Glibc
#endif

/// Where a game reads the time: the system clock in play, a manual one in tests, so timed
/// modes are testable and replayable.
public protocol Clock: AnyObject {
    /// Seconds since the Unix epoch (or since any fixed origin, for a manual clock).
    func now() -> Double
    /// A game takes an input (a clock that counts inputs moves on; others ignore it).
    func inputArrives()
    /// A game starts (a clock that counts inputs goes back to its start, so a game reads the
    /// same times whatever came before it in the session; others ignore it).
    func gameStarts()
}

extension Clock {
    public func inputArrives() {}
    public func gameStarts() {}
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

/// A clock that moves one second each time a game takes an input, and starts again at the same
/// reading with every game: the time of every game that is not played live (a seeded or piped
/// game, the protocol, check, sim), so the same seed and inputs give the same output, timed
/// games too, and a game replayed alone (`--seed S --game K`) reads what it read in its session.
public final class StepClock: Clock {
    private let start: Double
    private var time: Double
    public init(at time: Double) {
        start = time
        self.time = time
    }
    public func now() -> Double { time }
    public func inputArrives() { time += 1 }
    public func gameStarts() { time = start }
}
